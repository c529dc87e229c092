//! Global-memory operands before their allocation's start. `GlobalTensor::operator[]` takes a
//! `uint64_t`: a kernel that indexes with `-1` (ops-nn's ctc_loss_v3 copies
//! `tempAlphaGm[batchId * alignSize - 1]`, then overwrites the element it did not own) reaches
//! the bytes just before the tensor, as the device's address arithmetic wraps. Before a user
//! workspace lies the device's system workspace (CANN's `GetUserWorkspace` skips 16 MiB on
//! Atlas A2), so the read is harmless there.
//!
//! The call's operand `"#vid[k]"` with `k` at or past 2^63 is read as the negative index it
//! was: it names a view of the same allocation that starts that many elements earlier (32-byte
//! aligned), within global memory, with a warning `outside-tensor` at the call. Without room
//! before it (the first allocation) the operand stays as written and is refused.

use super::Recorder;
use crate::base::diag::Diagnostic;
use crate::base::ir::{Space, Tensor, GM_BASE};
use crate::kernel::msg::At;
use std::borrow::Cow;

impl Recorder {
    /// `text` with every global-memory operand indexed below zero rewritten to a view that
    /// starts early enough (module comment).
    pub(super) fn before_views<'a>(&mut self, at: At, text: &'a str) -> Cow<'a, str> {
        // memchr for the bracket first: most calls index nothing, and this runs on every call.
        if !text.contains('[') || !text.contains("[1844674407") {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        while let Some(p) = rest.find("\"#") {
            out.push_str(&rest[..p]);
            let op = &rest[p..];
            let Some(end) = op[1..].find('"').map(|e| e + 2) else {
                break;
            };
            let written = &op[..end];
            match self.before_view(at, &written[1..end - 1]) {
                Some(new) => out.push_str(&format!("\"{new}\"")),
                None => out.push_str(written),
            }
            rest = &op[end..];
        }
        out.push_str(rest);
        Cow::Owned(out)
    }

    /// `#vid[k]` as a view starting before the allocation, when `k` is a negative index.
    fn before_view(&mut self, at: At, operand: &str) -> Option<String> {
        let (vid, k) = operand.strip_prefix('#')?.split_once('[')?;
        let k: u64 = k.strip_suffix(']')?.parse().ok()?;
        let vid: i64 = vid.parse().ok()?;
        let back = k.wrapping_neg();
        if k < 1 << 63 || back > 1 << 20 {
            return None;
        }
        let &i = self.views.get(&vid)?;
        let t = self.machine.program().tensors.get(i)?.clone();
        let size = t.dtype.size() as u64;
        if t.space != Space::Gm || size == 0 {
            return None;
        }
        let lead = (back * size).next_multiple_of(32);
        if (t.addr as u64) < GM_BASE as u64 + lead || lead % size != 0 {
            return None;
        }
        let key = format!("#{vid}@{lead}");
        if !self.before.contains(&key) {
            let name = self.fresh(&format!("{}_before", t.name));
            let early = Tensor {
                name: name.clone(),
                addr: t.addr - lead as u32,
                len: t.len + (lead / size) as u32,
                init: None,
                ..t.clone()
            };
            // As `add_tensor`: the machine's tensors and the calls' stay index for index.
            self.machine.push_tensor(early.clone());
            self.calls.add_tensor(key.clone(), early);
            self.before.push(key.clone());
            let d = Diagnostic::warning(
                "outside-tensor",
                format!(
                    "`{}` is indexed {back} element(s) before its start, before its allocation: the device's address arithmetic reaches the {lead} bytes there (before a user workspace, the system workspace GetUserWorkspace skips), CANN's CPU build the host's memory; ascstep reads and writes them as `{name}`",
                    t.name
                ),
            );
            let d = self.place(d, at);
            self.warnings.push(d);
        }
        Some(format!("{key}[{}]", lead / size - back))
    }
}
