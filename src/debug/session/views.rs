//! Text views of the session's state for `where`, `print` and `x`.

use super::*;
use crate::base::dtype::{value_text, DType};
use crate::debug::command::Format;
use crate::sim::plan::Plan;
use crate::sim::reach::prepare_with;
use crate::sim::Status;
use std::fmt::Write as _;

impl Session {
    /// The scalars' values before the last step, when the session knows them (to mark what the
    /// step changed).
    pub fn scalars_before_last_step(&self) -> Option<&[Option<crate::base::dtype::Value>]> {
        self.scalars_before.as_deref()
    }

    /// The step number at which the current instruction started (its first block step).
    pub fn instruction_start_step(&self) -> u64 {
        self.machine.instruction_start_step()
    }

    /// The plan of the current instruction, for the UI's inspector and mask panes: the
    /// machine's once the instruction is reached, else what it would be from the current state
    /// (an error message when it would be rejected); None when the program is not running.
    pub fn plan_preview(&self) -> Result<Option<Plan>, String> {
        let m = &self.machine;
        if m.status() != Status::Running {
            return Ok(None);
        }
        if let Some(p) = m.current_plan() {
            return Ok(Some(p.clone()));
        }
        // With the memory as it is now: a plan whose lanes or scalar come from data (a register
        // instruction's mask register, a flexible scalar) is previewed as it will run.
        prepare_with(
            &self.program,
            m.pos().instruction,
            self.product,
            m.ub(),
            m.regs(),
            m.scalars(),
        )
        .map(|p| Some(p.plan))
        .map_err(|e| {
            e.first()
                .map(|d| format!("error[{}]: {}", d.code, d.message))
                .unwrap_or_default()
        })
    }

    /// The `where` lines.
    pub fn where_text(&self) -> Vec<String> {
        let m = &self.machine;
        let mut out = Vec::new();
        let head = match m.status() {
            Status::Finished => format!("step {}: program finished", m.step_count()),
            Status::Failed => format!(
                "step {}: stopped by an error before instruction {}",
                m.step_count(),
                self.describe_pos()
            ),
            Status::Running => format!(
                "step {}: before instruction {}",
                m.step_count(),
                self.describe_pos()
            ),
        };
        out.push(format!("{head} on {}", self.product));
        let mask = m.mask();
        out.push(format!(
            "mask register: {} mode, high {:#018x}, low {:#018x}",
            match mask.mode {
                crate::sim::mask::MaskMode::Normal => "normal",
                crate::sim::mask::MaskMode::Counter => "counter",
            },
            mask.high,
            mask.low
        ));
        out
    }

    /// The `print` lines.
    pub fn print_text(
        &self,
        tensor: &str,
        range: Option<(u32, u32)>,
        format: Format,
    ) -> Result<Vec<String>, String> {
        // A scalar of the scalar unit (docs/format.md §10).
        if let Some(i) = self.program.scalars.iter().position(|s| s.name == tensor) {
            let s = &self.program.scalars[i];
            return Ok(vec![format!(
                "{} ({}) = {}",
                s.name,
                s.dtype,
                value_text(self.machine.scalar(i), s.dtype)
            )]);
        }
        let t = self.tensor_by_name(tensor)?;
        let t = &self.program.tensors[t];
        if !self.machine.ub().holds(t.addr as u64..t.end()) {
            return Err(format!(
                "`{tensor}` lies at {:#x}..{:#x}, beyond the {}-byte UB of {}",
                t.addr,
                t.end(),
                self.machine.ub().size(),
                self.product
            ));
        }
        let (a, b) = range.unwrap_or((0, t.len));
        if a >= b || b > t.len {
            return Err(format!(
                "`{tensor}[{a}..{b}]` is outside `{tensor}` (0..{})",
                t.len
            ));
        }
        let s = t.dtype.size();
        let (start, end) = (t.addr + a * s, t.addr + b * s);
        let dt = match format {
            Format::As(d) => d,
            _ => t.dtype,
        };
        let head = format!(
            "{tensor}[{a}..{b}] as {}:",
            if format == Format::Hex {
                "hex".to_string()
            } else {
                dt.to_string()
            }
        );
        let mut out = vec![head];
        out.extend(self.dump(
            start,
            end,
            if format == Format::Hex {
                None
            } else {
                Some(dt)
            },
        ));
        Ok(out)
    }

    /// The `x` lines.
    pub fn examine_text(&self, addr: u32, len: u32, format: Format) -> Result<Vec<String>, String> {
        let ub = self.machine.ub().size();
        let end = addr
            .checked_add(len)
            .filter(|&e| self.machine.ub().holds(addr as u64..e as u64))
            .ok_or(format!(
                "{addr:#x}+{len} is beyond the {ub}-byte UB and outside global memory"
            ))?;
        let dt = match format {
            Format::As(d) => Some(d),
            _ => None,
        };
        Ok(self.dump(addr, end, dt))
    }

    /// Rows of bytes (hex, `..` uninitialised) or typed values (`·` uninitialised), each led
    /// by its address.
    pub(super) fn dump(&self, start: u32, end: u32, dt: Option<DType>) -> Vec<String> {
        let ub = self.machine.ub();
        let mut out = Vec::new();
        match dt {
            None => {
                let mut a = start;
                while a < end {
                    let row_end = (a + 16).min(end);
                    let mut line = format!("  {}:", row_addr(a));
                    for x in a..row_end {
                        if let Some(&[b]) = ub.is_init(x).then(|| ub.slice(x..x + 1)) {
                            let _ = write!(line, " {b:02x}");
                        } else {
                            line.push_str(" ..");
                        }
                    }
                    out.push(line);
                    a = row_end;
                }
            }
            Some(d) => {
                let s = d.size();
                let n = (end - start) / s;
                let per_row = (32 / s).max(8);
                let mut i = 0;
                while i < n {
                    let row = (i + per_row).min(n);
                    let a0 = start + i * s;
                    let mut line = format!("  {}:", row_addr(a0));
                    for j in i..row {
                        let a = start + j * s;
                        let v = ub.all_init(a..a + s).then(|| d.decode(ub.slice(a..a + s)));
                        let _ = write!(line, " {}", value_text(v, d));
                    }
                    out.push(line);
                    i = row;
                }
            }
        }
        out
    }
}

/// A dump row's address: `0x00400` in the UB, `GM+0xe54` in global memory, `REG+0x100` in
/// the register file.
fn row_addr(a: u32) -> String {
    if a >= crate::base::ir::REG_BASE {
        crate::base::ir::addr_text(a as u64)
    } else {
        format!("{a:#07x}")
    }
}
