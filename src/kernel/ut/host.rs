//! The host side of a kernel unit test that computes its tiling with the op's own host tiling
//! function (docs/format.md §13, host tiling): the repositories' `tests/ut/common/tiling_case_executor.h`
//! (`gert::TilingContextPara`, `ExecuteTiling`). CANN's UT build links the repository's tiling
//! executor and the op_host tiling library; ascstep compiles the same sources (the executor's
//! `.cpp` files, the op's `op_host/` tiling sources, hicann/opbase's host utilities) as host
//! units against its stand-in for CANN's host graph runtime (`include/ascstep/host_tiling.h`).

use super::find::Build;
use crate::base::product::Product;
use crate::kernel::compile::{c_string, HostUnits};
use std::path::{Path, PathBuf};

/// The repositories' executor headers, through which a test reaches CANN's tiling context.
const EXECUTOR_HEADERS: &[&str] = &["tiling_case_executor.h", "tiling_context_faker.h"];

/// The headers of CANN's context builders, which a test may use itself.
const BUILDER_HEADERS: &[&str] = &[
    "op_tiling_context_builder.h",
    "op_tiling_parse_context_builder.h",
    "kernel_run_context_facker.h",
];

/// The executor's sources beside its header.
const EXECUTOR_SOURCES: &[&str] = &["tiling_case_executor.cpp", "tiling_context_faker.cpp"];

/// hicann/opbase's host utilities every op's tiling may call (under `src/op_common/`); its
/// other sources (`atvoss/elewise/elewise_tiling.cpp`, …) where the op's host code names their
/// header (`elewise_tiling.h`).
const OPBASE_SOURCES: &[&str] = &[
    "log/log.cpp",
    "op_host/util/math_util.cpp",
    "op_host/tiling_util.cpp",
];

/// opbase's `src/op_common/` sources that the op's host text (`named`) asks for: the always
/// linked ones, and each other whose header's name the text includes; not shape inference.
fn opbase_sources(src: &Path, named: &str) -> Vec<PathBuf> {
    let all = files_under(src, &|_| true, &|name| name.ends_with(".cpp"));
    all.into_iter()
        .filter(|p| {
            let rel = p
                .strip_prefix(src)
                .unwrap_or(p)
                .to_string_lossy()
                .replace('\\', "/");
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            OPBASE_SOURCES.contains(&rel.as_str())
                || (!stem.contains("infershape") && named.contains(&format!("/{stem}.h")))
        })
        .collect()
}

/// CANN's name of the SoC the UT build passes as BUILD_SOC_VERSION (the executor's platform).
fn soc(product: Product) -> &'static str {
    match product {
        Product::Ascend950 => "ascend950",
        Product::Atlas200I500A2 => "ascend310b",
        Product::AtlasA3 => "ascend910_93",
        _ => "ascend910b",
    }
}

/// Whether `text` (a test) includes one of the executor's or the builders' headers.
pub(super) fn uses_executor(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with('#')
            && l.contains("include")
            && EXECUTOR_HEADERS
                .iter()
                .chain(BUILDER_HEADERS)
                .any(|h| l.contains(h))
    })
}

/// Whether `text` (a test's code) names a host tiling class of the op's op_host headers
/// (`optiling::XTilingData`, declared there with `BEGIN_TILING_DATA_DEF(XTilingData)`), to fill
/// it with its `set_…` accessors as the host build would.
pub(super) fn names_host_class(text: &str, op_host: &Path) -> bool {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let named: Vec<&str> = code
        .split("optiling::")
        .skip(1)
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|n| !n.is_empty())
        .collect();
    if named.is_empty() {
        return false;
    }
    headers_of(op_host).iter().any(|h| {
        let t = std::fs::read_to_string(h).unwrap_or_default();
        named
            .iter()
            .any(|n| t.contains(&format!("BEGIN_TILING_DATA_DEF({n})")))
    })
}

/// The architecture directories of `op_host/` built for `product` (the repositories keep Atlas
/// A2's tiling in `arch22/`, a few ops in `arch32/`; Ascend 950's in `arch35/`); the others
/// are another product's build.
pub(super) fn arch_dirs(product: Product) -> &'static [&'static str] {
    if product == Product::Ascend950 {
        &["arch35"]
    } else {
        &["arch22", "arch32"]
    }
}

/// The `.cpp` files of an op's `op_host/` that hold its tiling for `product`: every one but the
/// op definitions (`*_def.cpp`), shape inference, the op API (`op_api/`) and other products'
/// architecture directories.
fn tiling_sources(op_host: &Path, product: Product) -> Vec<PathBuf> {
    let dir = |name: &str| {
        let other_arch = name.starts_with("arch") && !arch_dirs(product).contains(&name);
        name != "op_api" && name != "config" && !other_arch
    };
    let file = |name: &str| {
        name.ends_with(".cpp")
            && !name.ends_with("_def.cpp")
            && !name.contains("infershape")
            && !name.contains("infer_shape")
    };
    files_under(op_host, &dir, &file)
}

/// The files under `dir` (sorted, depth first) whose names `file` keeps, in the directories
/// whose names `sub` keeps.
fn files_under(
    dir: &Path,
    sub: &dyn Fn(&str) -> bool,
    file: &dyn Fn(&str) -> bool,
) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if p.is_dir() {
            if sub(&name) {
                out.extend(files_under(&p, sub, file));
            }
        } else if file(&name) {
            out.push(p);
        }
    }
    out
}

/// The headers under an op's `op_host/`.
fn headers_of(op_host: &Path) -> Vec<PathBuf> {
    files_under(op_host, &|_| true, &|name| name.ends_with(".h"))
}

/// The host units and their include directories for a test that uses the executor, the
/// executor found through `search` (the test's directory and the unit's include path) as its
/// `#include` is.
pub(super) fn units(
    b: &Build,
    search: &[PathBuf],
    opbase: Option<&Path>,
    product: Product,
) -> HostUnits {
    let test_dir = b.test.parent().unwrap_or(Path::new(".")).to_path_buf();
    let executor = std::iter::once(&test_dir)
        .chain(search)
        .find(|d| EXECUTOR_HEADERS.iter().any(|h| d.join(h).is_file()))
        .cloned();
    let include = |p: &Path| format!("#include \"{}\"\n", c_string(&p.display().to_string()));
    let mut units = vec!["#include \"ascstep/host_log.h\"\n".to_string()];
    if let Some(d) = &executor {
        for s in EXECUTOR_SOURCES {
            let p = d.join(s);
            if p.is_file() {
                units.push(include(&p));
            }
        }
    }
    let sources = tiling_sources(&b.op_dir.join("op_host"), product);
    for p in &sources {
        units.push(include(p));
    }
    // The text of the op's host code: its sources and the headers beside them.
    let mut named = String::new();
    for p in sources.iter().chain(&headers_of(&b.op_dir.join("op_host"))) {
        named.push_str(&std::fs::read_to_string(p).unwrap_or_default());
    }
    // The repository's OP_TILING_INCLUDE: its root and common/inc, opbase's host directories;
    // not the kernel's (CANN's staged ascendc/ layout would shadow opbase's log/log.h with the
    // log op's kernel directory).
    let mut includes: Vec<PathBuf> = executor.into_iter().collect();
    includes.extend([b.root.clone(), b.root.join("common/inc")]);
    if let Some(ob) = opbase {
        for p in opbase_sources(&ob.join("src/op_common"), &named) {
            units.push(include(&p));
        }
        for base in [ob.join("include"), ob.join("pkg_inc")] {
            includes.extend([
                base.join("op_common/op_host"),
                base.join("op_common"),
                base.clone(),
            ]);
        }
    }
    includes.retain(|d| d.is_dir());
    HostUnits {
        units,
        includes,
        defines: vec![format!("BUILD_SOC_VERSION={}", soc(product))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch tree of `files` (path, text) under the temporary directory, named `name`.
    fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let d = std::env::temp_dir().join(format!("ascstep-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        for (f, text) in files {
            let p = d.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
        }
        d
    }

    #[test]
    fn a_test_uses_the_executor_only_through_an_include() {
        assert!(uses_executor("#include \"tiling_case_executor.h\"\n"));
        assert!(uses_executor("  #  include \"tiling_context_faker.h\"\n"));
        assert!(uses_executor("#include \"op_tiling_context_builder.h\"\n"));
        assert!(!uses_executor("// see tiling_case_executor.h\n"));
        assert!(!uses_executor("#include \"data_utils.h\"\n"));
    }

    #[test]
    fn opbase_sources_are_the_always_linked_and_those_whose_header_the_op_names() {
        let d = tree(
            "opbase",
            &[
                ("log/log.cpp", ""),
                ("op_host/tiling_util.cpp", ""),
                ("atvoss/elewise/elewise_tiling.cpp", ""),
                ("atvoss/reduce/reduce_tiling.cpp", ""),
                ("op_host/infershape_elewise_util.cpp", ""),
            ],
        );
        let named = "#include \"atvoss/elewise/elewise_tiling.h\"\n#include \"op_common/op_host/infershape_elewise_util.h\"\n";
        let got: Vec<String> = opbase_sources(&d, named)
            .iter()
            .map(|p| p.strip_prefix(&d).unwrap().display().to_string())
            .collect();
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!(
            got,
            [
                "atvoss/elewise/elewise_tiling.cpp",
                "log/log.cpp",
                "op_host/tiling_util.cpp"
            ]
        );
    }

    #[test]
    fn a_host_class_is_named_only_when_an_op_host_header_declares_it_with_the_macros() {
        let d = tree(
            "class",
            &[(
                "x_tiling.h",
                "namespace optiling {\nBEGIN_TILING_DATA_DEF(XTilingData)\nEND_TILING_DATA_DEF;\n}\n",
            )],
        );
        let named = names_host_class("optiling::XTilingData t;\nt.set_n(1);\n", &d);
        let info = names_host_class("optiling::XCompileInfo info;\n", &d);
        let comment = names_host_class("// optiling::XTilingData t;\n", &d);
        let _ = std::fs::remove_dir_all(&d);
        assert!(named);
        assert!(!info);
        assert!(!comment);
    }

    #[test]
    fn tiling_sources_leave_out_definitions_shape_inference_and_the_op_api() {
        let d = tree(
            "host",
            &[
                ("op_host/x_tiling.cpp", ""),
                ("op_host/x_def.cpp", ""),
                ("op_host/x_infershape.cpp", ""),
                ("op_host/arch22/x_tiling_arch22.cpp", ""),
                ("op_host/arch35/x_tiling_arch35.cpp", ""),
                ("op_host/op_api/x.cpp", ""),
                ("op_host/x_tiling.h", ""),
            ],
        );
        let got = |p: Product| -> Vec<String> {
            tiling_sources(&d.join("op_host"), p)
                .iter()
                .map(|p| p.strip_prefix(&d).unwrap().display().to_string())
                .collect()
        };
        let a2 = got(Product::AtlasA2);
        let a950 = got(Product::Ascend950);
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!(
            a2,
            ["op_host/arch22/x_tiling_arch22.cpp", "op_host/x_tiling.cpp"]
        );
        assert_eq!(
            a950,
            ["op_host/arch35/x_tiling_arch35.cpp", "op_host/x_tiling.cpp"]
        );
    }
}
