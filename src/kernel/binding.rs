//! A binding program's kernel (docs/format.md §12.2): its arguments checked against the
//! entry's signature, and the host `main` ascstep writes for it, which allocates each GM
//! argument as aclrtMalloc does (its data from ascstep), fills the tiling struct and launches
//! the entry on `blocks` blocks.

use super::compile::c_string;
use crate::base::ir::{KernelArg, KernelBinding, Program};

/// The error naming the entry's signature when the binding's arguments are not its
/// parameters in order (None when they are, or the entry is not defined in the file itself).
pub fn check_args(kb: &KernelBinding, kernel_source: &str) -> Option<String> {
    let bare = super::source::base_name(&kb.entry);
    let entries = super::source::entries(kernel_source);
    let Some(e) = entries.iter().find(|e| e.name == bare) else {
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        return (!names.is_empty()).then(|| {
            format!(
                "the kernel file has no __global__ function `{bare}`; it has {}",
                names.join(", ")
            )
        });
    };
    let given: Vec<&str> = kb.args.iter().map(|(n, _)| n.as_str()).collect();
    if given == e.params {
        return None;
    }
    let signature = format!("{}({})", e.name, e.params.join(", "));
    let why = if let Some(m) = e.params.iter().find(|p| !given.contains(&p.as_str())) {
        format!("`{m}` is missing")
    } else if let Some(x) = given.iter().find(|g| !e.params.contains(&g.to_string())) {
        format!("`{x}` is not a parameter")
    } else {
        format!("they are in another order: {}", given.join(", "))
    };
    Some(format!(
        "the binding's `args` must be the parameters of `{signature}`, in order: {why}"
    ))
}

/// The kernel-side tiling structs the binding's `Tiling(…)` arguments name (docs/format.md
/// §12.2): generated from the tiling macros of the named header, or of the one header of
/// the repositories' layout that declares the struct when the kernel does not define it
/// itself. Empty when there is nothing to generate.
/// `compiled`: the kernel file as compiled and `search` the include path of its compile (in
/// CANN's layout, the staged tree, where a kernel's `"../other_op/…"` includes resolve): a
/// struct the kernel reaches through its includes there is its own (only through them: the
/// staged tree holds every op's headers).
pub fn tiling_prelude(
    kb: &KernelBinding,
    kernel_source: &str,
    compiled: &std::path::Path,
    search: &[std::path::PathBuf],
    product: crate::base::product::Product,
) -> Result<String, String> {
    let mut s = String::new();
    let kernel_dir = kb.file.parent().unwrap_or(std::path::Path::new("."));
    let compiled_dir = compiled.parent().unwrap_or(kernel_dir);
    let own = |n: &str| {
        super::tiling::defined_by_kernel(n, kernel_source, kernel_dir, &kb.include, product)
            || compiled_dir != kernel_dir
                && super::tiling::reached_by_includes(
                    n,
                    kernel_source,
                    compiled_dir,
                    search,
                    product,
                )
    };
    for (_, a) in &kb.args {
        let KernelArg::Tiling { name, header, .. } = a else {
            continue;
        };
        // `ns::Name` or a class template's `Name<256>`: found by its name.
        let bare = super::source::base_name(name);
        let header = match header {
            Some(h) => h.clone(),
            None => {
                if own(bare) {
                    continue;
                }
                let found = super::tiling::find_header(name, &kb.file, &kb.include);
                match found.as_slice() {
                    [] => {
                        let mut looked = vec![kernel_dir.display().to_string()];
                        if let Some(op) = kernel_dir.parent() {
                            looked.push(op.join("op_host").display().to_string());
                        }
                        looked.extend(kb.include.iter().map(|d| d.display().to_string()));
                        return Err(format!(
                            "tiling struct `{name}` is defined nowhere ascstep looked ({}); name its header with `Tiling(\"{name}\", {{…}}, header: \"…\")`",
                            looked.join(", ")
                        ));
                    }
                    [one] => one.clone(),
                    // Copies of one header in several ops (dequant_swiglu_quant keeps its own
                    // copy of swi_glu's): the same struct whichever is taken.
                    many if same_struct(name, many, &kb.include, &own) => many[0].clone(),
                    many => {
                        return Err(format!(
                            "tiling struct `{name}` is declared in {} headers: {}; name one with `Tiling(\"{name}\", {{…}}, header: \"…\")`",
                            many.len(),
                            many.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
                        ))
                    }
                }
            }
        };
        s.push_str(&super::tiling::kernel_side(
            name,
            &header,
            &kb.include,
            &own,
        )?);
    }
    Ok(s)
}

/// Whether every header of `many` makes the same kernel-side struct `name`.
fn same_struct(
    name: &str,
    many: &[std::path::PathBuf],
    include: &[std::path::PathBuf],
    own: &dyn Fn(&str) -> bool,
) -> bool {
    let made: Vec<_> = many
        .iter()
        .map(|h| {
            // Past the first line, which names the header.
            let s = super::tiling::kernel_side(name, h, include, own).ok()?;
            Some(
                s.split_once('\n')
                    .map_or(String::new(), |(_, rest)| rest.to_string()),
            )
        })
        .collect();
    made[0].is_some() && made.iter().all(|m| *m == made[0])
}

/// The host program that runs the binding: the tiling structs (`tiling_prelude`), then the
/// kernel file included as written (`kernel`: its path, in CANN's layout where it has one).
pub fn launcher(
    p: &Program,
    kb: &KernelBinding,
    kernel: &std::path::Path,
    prelude: &str,
) -> String {
    let mut s = String::from("#include \"kernel_tiling/kernel_tiling.h\"\n");
    // The struct GET_TILING_DATA takes, defined here rather than with `-D`, so that the
    // precompiled header (made without it) stays valid.
    if let Some(t) = tiling_struct(kb) {
        s.push_str(&format!(
            "#undef ASCSTEP_TILING_TYPE\n#define ASCSTEP_TILING_TYPE {t}\n"
        ));
    }
    s.push_str(prelude);
    let file = if kernel.is_absolute() {
        kernel.to_path_buf()
    } else {
        std::fs::canonicalize(kernel).unwrap_or_else(|_| kernel.to_path_buf())
    };
    // A kernel file that also holds its host launch (`k<<<blocks, l2ctrl, stream>>>(…)` in a
    // `*_do` wrapper, as CANN's device compiler takes it) is compiled with the launch made a
    // call of nothing (the binding calls the entry itself; the callee may be a template no
    // argument list instantiates), at its own lines; its quoted includes are found from its
    // directory, which leads the include path.
    // An `extern "C"` entry named after a C library function (ops-math's `abs`, `floor`,
    // `pow`) clashes with the host's declaration of it: compiled under a name of its own.
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let bare = super::source::base_name(&kb.entry);
    let renamed = super::source::renamed_entry(&text, bare);
    let (rewritten, launches) = super::source::rewrite_launches(
        renamed.as_ref().map_or(text.as_str(), |(_, t)| t.as_str()),
        false,
    );
    if launches > 0 || renamed.is_some() {
        s.push_str(&format!(
            "#line 1 \"{}\"\n{rewritten}\n",
            c_string(&file.display().to_string())
        ));
    } else {
        s.push_str(&format!(
            "#include \"{}\"\n",
            c_string(&file.display().to_string())
        ));
    }
    s.push_str("int main() {\n");
    let mut passed = Vec::new();
    for (name, a) in &kb.args {
        let var = format!("ascstep_arg_{}", passed.len());
        match a {
            KernelArg::Gm { tensor } => {
                let bytes = tensor
                    .and_then(|t| p.tensors.get(t))
                    .map_or(0, |t| t.bytes());
                s.push_str(&format!(
                    "    uint8_t* {var} = ascstep_rt::arg(\"{}\", {bytes});\n",
                    c_string(name)
                ));
                passed.push(format!("ascstep_rt::GmArg{{{var}}}"));
            }
            KernelArg::List { tensors } => {
                // Each tensor allocated as a GM argument, then the descriptor of them all.
                let mut ptrs = Vec::new();
                let mut lens = Vec::new();
                for (i, &t) in tensors.iter().enumerate() {
                    let t = &p.tensors[t];
                    let v = format!("{var}_{i}");
                    s.push_str(&format!(
                        "    uint8_t* {v} = ascstep_rt::arg(\"{}_{i}\", {});\n",
                        c_string(name),
                        t.bytes()
                    ));
                    ptrs.push(v);
                    lens.push(format!("{}ull", t.len));
                }
                s.push_str(&format!(
                    "    uint8_t* {var} = ascstep_rt::tensor_list({{{}}}, {{{}}});\n",
                    ptrs.join(", "),
                    lens.join(", ")
                ));
                passed.push(format!("ascstep_rt::GmArg{{{var}}}"));
            }
            KernelArg::Number(v) => passed.push(v.clone()),
            KernelArg::Null => passed.push("ascstep_rt::GmArg{nullptr}".into()),
            KernelArg::Tiling {
                name: st, fields, ..
            } => {
                s.push_str(&format!("    static {st} {var}{{}};\n"));
                for (f, v) in fields {
                    s.push_str(&format!("    {var}.{f} = {v};\n"));
                }
                s.push_str(&format!(
                    "    ascstep_rt::tiling_struct() = {{&{var}, sizeof({var})}};\n"
                ));
                passed.push(format!("ascstep_rt::GmArg{{(uint8_t*)&{var}}}"));
            }
        }
    }
    if let Some(k) = kb.tiling_key {
        s.push_str(&format!("    ascstep_rt::tiling_key() = {k}ull;\n"));
    }
    let names: Vec<&str> = kb.args.iter().map(|(n, _)| n.as_str()).collect();
    s.push_str(&format!(
        "    ascstep_rt::Launch(\"{}\", \"{}\", {}).run([&](auto&&... a) {{ {}(a...); }}{});\n",
        c_string(&kb.entry),
        names.join(","),
        kb.blocks,
        match (&renamed, kb.entry.trim().strip_suffix(bare)) {
            (Some((callee, _)), Some(scope)) => format!("{scope}{callee}"),
            _ => kb.entry.clone(),
        },
        passed.iter().map(|a| format!(", {a}")).collect::<String>()
    ));
    s.push_str("    return 0;\n}\n");
    s
}

/// `-D ASCSTEP_TILING_TYPE=Struct` for GET_TILING_DATA, when the binding has a tiling.
pub fn tiling_type(kb: &KernelBinding) -> Option<String> {
    tiling_struct(kb).map(|name| format!("ASCSTEP_TILING_TYPE={name}"))
}

/// The struct of the binding's `Tiling("Struct", {…})` argument.
fn tiling_struct(kb: &KernelBinding) -> Option<&str> {
    kb.args.iter().find_map(|(_, a)| match a {
        KernelArg::Tiling { name, .. } => Some(name.as_str()),
        _ => None,
    })
}
