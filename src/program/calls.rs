//! Single instructions read against a growing table of tensors and scalars: how the C++ front
//! end (docs/format.md §12) turns each API call, which formats itself as the RON instruction it
//! is, into IR with every check and diagnostic of the RON front end.

use super::load::Ctx;
use crate::base::diag::{Diagnostic, Span};
use crate::base::ir::{Instr, ScalarDecl, Tensor};
use std::path::PathBuf;

pub struct Calls {
    ctx: Ctx,
}

impl Calls {
    /// `base_dir` anchors `File` paths (a recording has none). An operand's offset may lie past
    /// its tensor, as a C++ `t[i]` may (the machine checks the access).
    pub fn new(base_dir: PathBuf) -> Calls {
        let mut ctx = Ctx::new(base_dir);
        ctx.offsets_past_tensor = true;
        Calls { ctx }
    }

    /// Adds a tensor that instruction texts name `key` (which may differ from its own name).
    /// Returns its index.
    pub fn add_tensor(&mut self, key: String, t: Tensor) -> usize {
        let i = self.ctx.tensors.len();
        self.ctx.names.push((key, Some(i), t.span));
        self.ctx.tensors.push(Tensor { init: None, ..t });
        i
    }

    /// Names tensor `index` (already added) `key` too.
    pub fn alias(&mut self, key: String, index: usize) {
        let span = self.ctx.tensors[index].span;
        self.ctx.names.push((key, Some(index), span));
    }

    /// Adds a scalar, named in texts by its own name. Returns its index.
    pub fn add_scalar(&mut self, s: ScalarDecl) -> usize {
        self.ctx.scalars.push(s);
        self.ctx.scalars.len() - 1
    }

    /// Reads one instruction: its IR and any warnings, or the diagnostics (positions in
    /// `text`).
    pub fn read(&mut self, text: &str) -> Result<(Instr, Vec<Diagnostic>), Vec<Diagnostic>> {
        let node = crate::base::spans::index(text)
            .map_err(|e| vec![Diagnostic::error("parse-error", e.message).at(e.span)])?;
        let before = self.ctx.diags.len();
        self.ctx.instr = None;
        let ins = super::instr::read(&mut self.ctx, &node);
        let diags: Vec<Diagnostic> = self.ctx.diags.drain(before..).collect();
        match ins {
            Some(i) if !diags.iter().any(|d| d.is_error()) => Ok((i, diags)),
            _ if diags.is_empty() => Err(vec![Diagnostic::error(
                "parse-error",
                format!("cannot read `{text}`"),
            )
            .at(Span::new(1, 1))]),
            _ => Err(diags),
        }
    }
}
