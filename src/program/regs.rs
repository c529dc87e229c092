//! `regs: { "x": (dtype: float), "m": Mask, … }`: the registers of Ascend 950's register API a
//! program names (docs/format.md §4.1, docs/semantics.md §29). A vector register holds
//! `VL / sizeof(dtype)` elements, uninitialised unless `init` gives them; a mask register is
//! `Mask`. Both are placed one after another from `REG_BASE`, in the tensors' one namespace.

use super::data::Target;
use crate::base::diag::{Diagnostic, Span};
use crate::base::ir::{Space, Tensor, MASK_BYTES, REG_BASE, VL};
use crate::base::product::Product;
use crate::base::spans::{Delim, Kind, Node};
use crate::program::ctx::Ctx;

const REG_FIELDS: [&str; 2] = ["dtype", "init"];

/// The `regs` section; `product` decides whether the register API exists.
pub(super) fn regs(ctx: &mut Ctx, node: &Node, section: Span, product: Product) {
    let items = match node.group() {
        Some(g) if g.delim == Delim::Brace => &g.items,
        _ => {
            ctx.wrong_type(
                node,
                "the register map `regs: { \"name\": (dtype: float), \"mask\": Mask, … }`",
            );
            return;
        }
    };
    if product != Product::Ascend950 && !items.is_empty() {
        ctx.report(
            Diagnostic::error(
                "unsupported-instruction",
                format!("`regs` names registers of the register API, which {product} does not have"),
            )
            .at(section)
            .note("RegTensor and MaskReg: Ascend 950PR/950DT only (DK:Reg矢量计算/寄存器数据类型); set `product: ascend_950`"),
        );
        return;
    }
    super::load::named(ctx, items, "register", register);
}

/// Where the next register goes: after every register placed so far.
fn next_addr(ctx: &Ctx) -> u32 {
    ctx.tensors
        .iter()
        .filter(|t| t.is_reg())
        .map(|t| t.addr + VL)
        .max()
        .unwrap_or(REG_BASE)
}

fn register(ctx: &mut Ctx, name: &str, name_span: Span, node: &Node) -> Option<Tensor> {
    let addr = next_addr(ctx);
    if matches!(&node.kind, Kind::Ident(i) if i == "Mask") {
        return Some(Tensor {
            name: name.to_string(),
            dtype: crate::base::dtype::DType::UInt8,
            addr,
            len: MASK_BYTES,
            init: None,
            span: name_span,
            space: Space::Mask,
        });
    }
    let what = format!("register \"{name}\"");
    let before = ctx.error_count();
    let mut f = ctx.fields(node, &what, &[], &REG_FIELDS)?;
    f.owner = name_span;
    let dtype = ctx.require(&f, "dtype", &what).and_then(|n| ctx.dtype(n))?;
    if dtype.is_nibble() {
        let n = f.get("dtype").map_or(name_span, |n| n.span);
        ctx.error(
            "unsupported-dtype",
            n,
            format!("{what}: a RegTensor holds b8, b16, b32 or b64 elements, not {dtype} (int4 is packed as b8)"),
        );
        return None;
    }
    let len = VL / dtype.size();
    let init = super::load::init(
        ctx,
        &f,
        Target { name, dtype },
        len,
        &format!("{what} ({len} elements)"),
    )?;
    if ctx.error_count() > before {
        return None;
    }
    Some(Tensor {
        name: name.to_string(),
        dtype,
        addr,
        len,
        init,
        span: name_span,
        space: Space::Reg,
    })
}
