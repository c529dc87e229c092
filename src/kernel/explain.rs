//! A compiler's rejection in the user's terms: the first error, and when it is an Ascend C name
//! ascstep does not provide, that name, its position and the nearest one it does provide
//! (docs/format.md §12.4).

use super::compile::HEADERS;

/// Every name ascstep's headers define for kernels (calls, classes, structs).
pub fn provided() -> Vec<String> {
    let mut names = Vec::new();
    for (_, text) in HEADERS {
        for line in text.lines() {
            let l = line.trim_start();
            for pre in [
                "ASCSTEP_BINARY(",
                "ASCSTEP_UNARY(",
                "ASCSTEP_SCALAR(",
                "ASCSTEP_REDUCE(",
                "ASCSTEP_WHOLE_REDUCE(",
                "ASCSTEP_ATOMIC(",
                "ASCSTEP_FLEX(",
            ] {
                if let Some(rest) = l.strip_prefix(pre) {
                    names.push(ident(rest));
                }
            }
            for pre in [
                "void ",
                "class ",
                "struct ",
                "inline void ",
                "inline uint32_t ",
                "inline TPipe* ",
                "T ",
                "bool ",
            ] {
                if let Some(rest) = l.strip_prefix(pre) {
                    let n = ident(rest);
                    if rest[n.len()..].starts_with(['(', ' ', '{']) {
                        names.push(n);
                    }
                }
            }
        }
    }
    names.retain(|n| n.len() > 1 && n.as_bytes()[0].is_ascii_uppercase());
    names.sort();
    names.dedup();
    names
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The first `file:line:col: error: message` of the compiler's output.
pub fn first_error(output: &str) -> Option<(&str, &str)> {
    output.lines().find_map(|l| {
        let k = l.find(": error: ").or_else(|| l.find(": fatal error: "))?;
        let msg = &l[k..];
        let msg = msg.split_once("error: ").map(|x| x.1).unwrap_or(msg);
        Some((&l[..k], msg))
    })
}

/// Whether a compiler position lies in ascstep's headers (`…/include-<16 hex digits>/…` in the
/// cache, `compile::include_dir`).
fn in_ascstep_headers(at: &str) -> bool {
    at.match_indices("/include-").any(|(k, _)| {
        let rest = &at[k + "/include-".len()..];
        rest.len() > 16
            && rest[..16].bytes().all(|c| c.is_ascii_hexdigit())
            && rest.as_bytes()[16] == b'/'
    })
}

/// One sentence saying what went wrong, in Ascend C terms.
pub fn explain(output: &str) -> String {
    let Some((at, msg)) = first_error(output) else {
        return "the C++ compiler rejected the kernel".into();
    };
    // A library API ascstep declares but does not simulate (adv_api/unsimulated.h, …): said at
    // the kernel's call, the first place the instantiation was required from outside ascstep's
    // headers.
    if let Some(what) = msg
        .strip_prefix("static assertion failed: ")
        .filter(|m| m.starts_with("ascstep does not simulate"))
    {
        let call = output.lines().find_map(|l| {
            let at = &l[..l.find(":   required from")?];
            (!in_ascstep_headers(at)).then_some(at)
        });
        return format!("{}: {what}", call.unwrap_or(at));
    }
    let quoted: Vec<&str> = msg.split(['\'', '‘', '’']).skip(1).step_by(2).collect();
    let not_member =
        msg.contains("is not a member of") && quoted.get(1).is_some_and(|n| n.contains("AscendC"));
    let undeclared =
        msg.contains("was not declared in this scope") || msg.contains("has not been declared");
    let missing = (not_member || undeclared)
        .then(|| quoted.first().copied())
        .flatten();
    // Ascend 950's register-based vector API and SIMT: programming models of their own.
    let register_api = [
        "MicroAPI",
        "Reg",
        "__VEC_SCOPE__",
        "__simd_vf__",
        "__local_mem__",
        "asc_vf_call",
        "GetVecLen",
        "VECTOR_REG_WIDTH",
    ];
    let named = quoted.iter().map(|q| q.rsplit("::").next().unwrap_or(q));
    if let Some(n) = named.clone().find(|n| register_api.contains(n)) {
        if msg.contains("declared")
            || msg.contains("does not name a type")
            || msg.contains("is not a member")
            || msg.contains("is not a namespace-name")
        {
            // `Cast` is not a member of `AscendC::MicroAPI`, `CastTrait` in namespace
            // `AscendC::MicroAPI` does not name a type: the member is the name missing.
            let space = quoted.get(1).map(|q| q.rsplit("::").next().unwrap_or(q));
            let n = match (quoted.first(), space) {
                (Some(first), Some(sp)) if register_api.contains(&sp) && sp == n => {
                    format!("{n}::{}", first.rsplit("::").next().unwrap_or(first))
                }
                _ => n.to_string(),
            };
            return format!(
                "{at}: the kernel uses `{n}` of Ascend 950's register-based vector API (MicroAPI), which ascstep simulates in part, not this name yet (docs/format.md §12.5)"
            );
        }
    }
    if msg.contains("No such file or directory")
        && (msg.starts_with("simt_api/") || msg.contains(" simt_api/"))
    {
        return format!(
            "{at}: the kernel includes the SIMT API ({msg}), which ascstep does not simulate: the Memory vector API and part of the register API are (docs/format.md §12.4, §12.5)"
        );
    }
    if let Some(name) = missing {
        let name = name.rsplit("::").next().unwrap_or(name);
        let macro_like = name.len() > 1
            && name
                .bytes()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_');
        if undeclared && macro_like {
            return format!(
                "{at}: `{name}` is not defined; where the build passes it (a sample's CMakeLists, a unit test's AddOpTestCase options: `-D{name}=…`), give it with `-D {name}=VALUE` (a unit test whose AddOpTestCase does not pass it fails the repository's own UT build the same way)"
            );
        }
        let names = provided();
        let near = crate::base::suggest::closest(name, names.iter().map(String::as_str));
        return format!(
            "{at}: the kernel uses `{name}`, which ascstep's Ascend C does not provide{}",
            near.map(|n| format!(" (the nearest it has: `{n}`)"))
                .unwrap_or_default()
        );
    }
    // A binding's Tiling field the struct does not have (the launcher ascstep writes).
    if at.contains(".launch.cpp:") && msg.contains("has no member named") {
        let strukt = quoted
            .first()
            .map(|s| s.trim_start_matches("struct "))
            .unwrap_or("");
        let field = quoted.get(1).copied().unwrap_or("");
        let hint = quoted
            .get(2)
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return format!(
            "the binding's Tiling sets `{field}`, which `{strukt}` does not have{hint} (docs/format.md §12.2)"
        );
    }
    if msg.contains("No such file or directory") {
        // The JSON library the repositories' tiling executor parses with (§13, host tiling).
        if msg.contains("nlohmann/json.hpp") {
            return format!(
                "{at}: the repository's tiling executor needs nlohmann/json, which is not installed: install it (Debian/Ubuntu: apt install nlohmann-json3-dev; Fedora: dnf install json-devel) or give its directory with -I"
            );
        }
        return format!(
            "{at}: an included header is not found ({msg}); give its directory with -I"
        );
    }
    format!("{at}: the C++ compiler rejected the kernel: {msg}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_a_missing_api_and_the_nearest() {
        let out = "k.asc: In function 'void k()':\nk.asc:12:14: error: 'SoftMaxx' is not a member of 'AscendC'; did you mean ...\n   12 |     AscendC::SoftMaxx(y, x);\n";
        let e = explain(out);
        assert!(e.starts_with("k.asc:12:14: the kernel uses `SoftMaxx`, which ascstep's Ascend C does not provide"), "{e}");
        let out = "k.asc:3:5: error: 'Adds2' was not declared in this scope\n";
        assert!(
            explain(out).contains("(the nearest it has: `Adds`)"),
            "{}",
            explain(out)
        );
        // A name the headers define through a macro (ASCSTEP_ATOMIC) is known too.
        let out = "k.asc:4:5: error: 'SetAtomicAd' is not a member of 'AscendC'\n";
        assert!(
            explain(out).contains("(the nearest it has: `SetAtomicAdd`)"),
            "{}",
            explain(out)
        );
    }

    #[test]
    fn an_undefined_macro_is_named_with_where_a_build_passes_it() {
        // ops-nn's experimental gelu: its kernel takes DTYPE_X, its AddOpTestCase passes none.
        let out =
            "/on/gelu/op_kernel/gelu.cpp:23:24: error: ‘DTYPE_X’ was not declared in this scope\n";
        let e = explain(out);
        assert!(
            e.starts_with("/on/gelu/op_kernel/gelu.cpp:23:24: `DTYPE_X` is not defined;"),
            "{e}"
        );
        assert!(
            e.contains("AddOpTestCase") && e.contains("`-D DTYPE_X=VALUE`"),
            "{e}"
        );
        // Not a macro's shape: an API name.
        let out = "k.asc:3:5: error: ‘Dtype_x’ was not declared in this scope\n";
        assert!(!explain(out).contains("is not defined"), "{}", explain(out));
    }

    #[test]
    fn names_the_register_api_names_and_simt_not_simulated() {
        for out in [
            "/k/a.h:26:16: error: ‘AscendC::Reg’ has not been declared",
            "/k/a.h:28:27: error: ‘MicroAPI’ in namespace ‘AscendC’ does not name a type",
            "/k/a.h:28:1: error: ‘__simd_vf__’ does not name a type",
            "/k/a.h:22:26: error: ‘MicroAPI’ is not a namespace-name",
            "/k/a.h:239:9: error: ‘__local_mem__’ was not declared in this scope; did you mean ‘__locale_t’?",
        ] {
            let e = explain(out);
            assert!(e.contains("Ascend 950's register-based vector API (MicroAPI), which ascstep simulates in part, not this name yet"), "{e}");
        }
        let cast = "/k/a.h:30:9: error: ‘Cast’ is not a member of ‘AscendC::MicroAPI’";
        assert!(
            explain(cast).contains("the kernel uses `MicroAPI::Cast` of"),
            "{}",
            explain(cast)
        );
        let trait_ =
            "/k/a.h:73:30: error: ‘CastTrait’ in namespace ‘AscendC::MicroAPI’ does not name a type";
        assert!(
            explain(trait_).contains("the kernel uses `MicroAPI::CastTrait` of"),
            "{}",
            explain(trait_)
        );
        let simt = "/k/b.h:21:10: fatal error: simt_api/asc_simt.h: No such file or directory";
        assert!(
            explain(simt).contains("the kernel includes the SIMT API (simt_api/asc_simt.h"),
            "{}",
            explain(simt)
        );
        // A name of the user's own is no register API.
        let own = "/k/c.h:3:5: error: ‘Regs’ was not declared in this scope";
        assert!(!explain(own).contains("register-based"), "{}", explain(own));
    }

    #[test]
    fn names_an_unsimulated_api_at_the_kernels_call() {
        let out = "/c/include-0123456789abcdef/adv_api/activation/softmax.h: In instantiation of ‘void AscendC::SoftMax(…)’:\n\
            /r/op_kernel/k.h:257:42:   required from ‘void K::Compute()’\n\
            /r/op_kernel/k.cpp:32:19:   required from here\n\
            /c/include-0123456789abcdef/adv_api/activation/softmax.h:49:31: error: static assertion failed: ascstep does not simulate AscendC::SoftMax yet (docs/format.md §12.4)\n";
        assert_eq!(
            explain(out),
            "/r/op_kernel/k.h:257:42: ascstep does not simulate AscendC::SoftMax yet (docs/format.md §12.4)"
        );
        assert!(in_ascstep_headers("/c/include-0123456789abcdef/x.h:1:2"));
        assert!(!in_ascstep_headers("/r/include-files/x.h:1:2"));
    }

    #[test]
    fn names_the_json_library_the_tiling_executor_needs() {
        let json = "/r/tests/ut/common/tiling_case_executor.cpp:13:10: fatal error: nlohmann/json.hpp: No such file or directory";
        assert!(
            explain(json).contains("apt install nlohmann-json3-dev"),
            "{}",
            explain(json)
        );
        let other = "/k.h:3:10: fatal error: foo.h: No such file or directory";
        assert!(explain(other).contains("an included header is not found"));
    }

    #[test]
    fn names_a_tiling_field_the_struct_lacks() {
        let out = "c.launch.cpp:9:19: error: ‘struct CenterTilingData’ has no member named ‘tileLen’; did you mean ‘tileLength’?\n";
        assert_eq!(
            explain(out),
            "the binding's Tiling sets `tileLen`, which `CenterTilingData` does not have; did you mean `tileLength`? (docs/format.md §12.2)"
        );
    }

    #[test]
    fn provides_the_catalog_calls() {
        let p = provided();
        for n in [
            "Add",
            "Adds",
            "Exp",
            "Cast",
            "WholeReduceMax",
            "DataCopy",
            "TPipe",
            "TQue",
            "LocalTensor",
        ] {
            assert!(p.iter().any(|x| x == n), "{n} missing from {p:?}");
        }
    }
}
