//! Which tiling struct an op registers (docs/format.md §13): `REGISTER_TILING_DATA_CLASS(OpType,
//! Struct)` in its `op_host/`, or `REGISTER_TILING_DEFAULT(Struct)` in its kernel entries, for
//! GET_TILING_DATA of a kernel unit test's build.

use super::tiling::{files_under, macro_args, strip_comments, SOURCES};
use std::path::Path;

/// The struct the op's kernel entries name with `REGISTER_TILING_DEFAULT(type)`, when they
/// name one: the `.cpp` files of `op_kernel` for `product` (`*_apt.cpp`, Ascend 950's, for
/// Ascend 950 when there are such, the others for the other products). CANN's build takes the
/// registration wherever it stands in the entry; C++ cannot look ahead, so a kernel that calls
/// GET_TILING_DATA before registering (ops-nn's hardtanh_grad) needs the struct given first.
pub fn registered_default(op_kernel: &Path, ascend950: bool) -> Option<String> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(op_kernel)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    files.sort();
    let apt = |p: &std::path::PathBuf| p.to_string_lossy().ends_with("_apt.cpp");
    let want_apt = ascend950 && files.iter().any(apt);
    let mut types: Vec<String> = Vec::new();
    for f in files.iter().filter(|p| apt(p) == want_apt) {
        let Ok(t) = std::fs::read_to_string(f) else {
            continue;
        };
        for a in macro_calls(&t, "REGISTER_TILING_DEFAULT") {
            if let [ty] = a.as_slice() {
                let ty = ty.trim().to_string();
                if !ty.is_empty() && !types.contains(&ty) {
                    types.push(ty);
                }
            }
        }
    }
    match types.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// The tiling struct an op registers for its op type (`REGISTER_TILING_DATA_CLASS(OpType,
/// Struct)` in its `op_host/`): for `op_type`, else the only one registered.
pub fn registered(op_type: &str, op_host: &Path) -> Option<String> {
    let mut files = Vec::new();
    files_under(op_host, 3, SOURCES, &mut files);
    let mut all: Vec<(String, String)> = Vec::new();
    for f in files {
        let Ok(t) = std::fs::read_to_string(&f) else {
            continue;
        };
        for a in macro_calls(&t, "REGISTER_TILING_DATA_CLASS") {
            if let [op, st] = a.as_slice() {
                all.push((op.trim().to_string(), st.trim().to_string()));
            }
        }
    }
    if let Some((_, st)) = all.iter().find(|(op, _)| op == op_type) {
        return Some(st.clone());
    }
    let mut structs: Vec<&String> = all.iter().map(|(_, s)| s).collect();
    structs.dedup();
    match structs.as_slice() {
        [one] => Some((*one).clone()),
        _ => None,
    }
}

/// The arguments of each call of the macro `name` in a source (comments left out).
fn macro_calls(text: &str, name: &str) -> Vec<Vec<String>> {
    let t = strip_comments(text);
    let mut calls = Vec::new();
    let mut from = 0;
    while let Some(k) = t[from..].find(name) {
        let at = from + k + name.len();
        from = at;
        if let Some((a, _)) = macro_args(&t, at) {
            calls.push(a);
        }
    }
    calls
}
