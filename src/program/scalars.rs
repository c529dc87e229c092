//! The `scalars` section (docs/format.md §10): named scalars with a dtype and an optional
//! value.

use super::data::{self};
use super::load::*;
use crate::base::diag::Diagnostic;
use crate::base::ir::ScalarDecl;
use crate::base::spans::{Delim, Key, Node};

/// `scalars: { "n": (dtype: int32, value: 512), "s": (dtype: float) }` (docs/format.md §10).
pub(super) fn scalars(ctx: &mut Ctx, node: &Node) {
    let Some(g) = node.group().filter(|g| g.delim == Delim::Brace) else {
        ctx.wrong_type(
            node,
            "the scalar map `scalars: { \"name\": (dtype: …, value: …), … }`",
        );
        return;
    };
    for item in &g.items {
        let Some(Key::Entry(key)) = &item.key else {
            continue;
        };
        let Some(name) = key.str_value() else {
            ctx.wrong_type(key, "a scalar name in quotes");
            continue;
        };
        if !ctx.name_ok(name, key.span, "scalar name") {
            continue;
        }
        if ctx.scalars.iter().any(|s| s.name == name) || ctx.names.iter().any(|(n, _, _)| n == name)
        {
            ctx.report(
                Diagnostic::error(
                    "duplicate-tensor",
                    format!(
                        "\"{name}\" is declared twice (tensors and scalars share one namespace)"
                    ),
                )
                .at(key.span),
            );
            continue;
        }
        let what = format!("scalar \"{name}\"");
        let Some(f) = ctx.fields(&item.value, &what, &[], &SCALAR_FIELDS) else {
            continue;
        };
        let Some(dtype) = ctx.require(&f, "dtype", &what).and_then(|n| ctx.dtype(n)) else {
            continue;
        };
        let init = match f.get("value").and_then(opt) {
            None => None,
            Some(v) => match ctx.lit(v, "value").map(|l| data::quantize(dtype, l)) {
                Some(Ok(x)) => Some(x),
                Some(Err(_)) => {
                    ctx.report(
                        Diagnostic::error(
                            "value-out-of-range",
                            format!("the value of {what} does not fit {dtype}"),
                        )
                        .at(v.span)
                        .note(data::range_text(dtype)),
                    );
                    continue;
                }
                None => continue,
            },
        };
        ctx.scalars.push(ScalarDecl {
            name: name.to_string(),
            dtype,
            init,
            span: key.span,
        });
    }
}
