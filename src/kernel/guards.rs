//! Include guards between an op's host tiling headers and its kernel sources.
//!
//! ascstep puts the kernel side of an op_host tiling header where the build would have put
//! the header (docs/format.md §12.2, §13), under the header's own include guard so that a kernel
//! including the header gets nothing twice. Two facts of the operator repositories bend that:
//!
//! - an op_host header may share its guard with one of the op's kernel headers (ops-nn's
//!   ctc_loss_v3: `CTC_LOSS_V3_H_` in both). CANN's build never puts the host header in the
//!   kernel's compile, so the kernel header is read; ascstep's substitute must not define that
//!   guard ([`kernel_guards`]).
//! - CANN's unit-test build force-includes a generated `<op>_tiling_data.h`, and a kernel may test
//!   that file's guard to skip a struct of its own (ops-nn's chamfer_distance_grad:
//!   `#ifndef CHAMFER_DISTANCE_GRAD_TILING_DATA_H_` around its `ChamferDistanceGradTilingData`):
//!   the guards a kernel tests that name that file are defined with ascstep's structs
//!   ([`generated_header_guards`]).

use std::collections::BTreeSet;

/// The macros `text` defines with no value (`#define G`): the include guards of the files.
pub fn kernel_guards(text: &str) -> BTreeSet<String> {
    directives(text, "define")
        .filter_map(|rest| {
            let name = identifier(rest);
            (!name.is_empty() && rest[name.len()..].trim().is_empty()).then(|| name.to_string())
        })
        .collect()
}

/// The guards `text` tests (`#ifndef G`, `#if !defined(G)`) that name op `op`'s generated
/// tiling header `<op>_tiling_data.h`: `G` is `OP_TILING_DATA_H` upper-cased, with any
/// leading and trailing underscores. Not those `own` defines, the text of the kernel files the
/// product's build reads: the guard of a kernel header of that name (ops-math's
/// `op_kernel/fill_value_tiling_data.h`), whose struct is the one; another architecture's
/// (ops-nn's chamfer_distance_grad keeps it in `arch35/` for Ascend 950) does not count.
pub fn generated_header_guards(text: &str, own: &str, op: &str) -> BTreeSet<String> {
    let own = kernel_guards(own);
    let want = format!("{}_TILING_DATA_H", op.to_ascii_uppercase());
    let tested =
        directives(text, "ifndef")
            .map(identifier)
            .chain(directives(text, "if").filter_map(|rest| {
                let r = rest.strip_prefix('!')?.trim_start();
                let r = r.strip_prefix("defined")?.trim_start();
                Some(identifier(r.strip_prefix('(').unwrap_or(r).trim_start()))
            }));
    tested
        .filter(|g| g.trim_matches('_') == want && !own.contains(*g))
        .map(str::to_string)
        .collect()
}

/// What follows `#<directive>` on each such line of `text`, trimmed.
fn directives<'a>(text: &'a str, directive: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    text.lines().filter_map(move |l| {
        let l = l.trim_start().strip_prefix('#')?.trim_start();
        let l = l.strip_prefix(directive)?;
        l.starts_with([' ', '\t']).then(|| l.trim())
    })
}

/// The identifier `s` starts with.
fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_is_a_macro_defined_with_no_value() {
        let text = "#ifndef CTC_LOSS_V3_H_\n#define CTC_LOSS_V3_H_\n#define INFINITY (__builtin_inff())\n  #  define  OTHER_H\n#defined X\n";
        let g = kernel_guards(text);
        assert!(g.contains("CTC_LOSS_V3_H_"));
        assert!(g.contains("OTHER_H"));
        assert!(!g.contains("INFINITY"), "a macro with a value is no guard");
        assert_eq!(g.len(), 2, "{g:?}");
    }

    #[test]
    fn the_generated_headers_guard_is_found_in_either_test_form() {
        let text = "#ifdef __CCE_KT_TEST__\n#ifndef CHAMFER_DISTANCE_GRAD_TILING_DATA_H_\nstruct S {};\n#endif\n#if !defined(__CHAMFER_DISTANCE_GRAD_TILING_DATA_H__)\n#endif\n#ifndef CHAMFER_DISTANCE_GRAD_H\n#ifndef OTHER_TILING_DATA_H_\n";
        let g = generated_header_guards(text, text, "chamfer_distance_grad");
        let want: BTreeSet<String> = [
            "CHAMFER_DISTANCE_GRAD_TILING_DATA_H_",
            "__CHAMFER_DISTANCE_GRAD_TILING_DATA_H__",
        ]
        .map(String::from)
        .into();
        assert_eq!(g, want);
        assert!(generated_header_guards(text, text, "other_op").is_empty());
        // A kernel header's own guard of that name: its struct is the kernel's.
        let own = "#ifndef FILL_VALUE_TILING_DATA_H_\n#define FILL_VALUE_TILING_DATA_H_\nstruct FillValueTilingData {};\n#endif\n";
        assert!(generated_header_guards(own, own, "fill_value").is_empty());
        // Defined only in another architecture's header: still defined for this one.
        let g = generated_header_guards(own, "", "fill_value");
        assert_eq!(g.len(), 1, "{g:?}");
    }
}
