//! The recorder's answer to each message of the running kernel that does more than set a
//! field: a source file named, an allocation, the host's copies in and out, a binding's
//! argument, a LocalTensor or GlobalTensor view, a value read back, DumpTensor's peek.

use super::{
    assigned_name, declared_name, receiver_name, short_function, Alloc, Answer, At, Recorder,
};
use crate::base::diag::Diagnostic;
use crate::base::ir::{SourceFile, Space, Tensor, GM_BASE};
use std::path::PathBuf;
use std::sync::Arc;

impl Recorder {
    /// `File`.
    pub(super) fn file(
        &mut self,
        id: u32,
        function: String,
        path: String,
    ) -> Result<Answer, Diagnostic> {
        let p = PathBuf::from(&path);
        let p = std::fs::canonicalize(&p).unwrap_or(p);
        let o = &mut self.origins;
        let file = match o.files.iter().position(|f| f.path == p) {
            Some(i) => i,
            None => {
                let text: Arc<str> = if p == self.main {
                    Arc::from(self.machine.program().source.as_ref())
                } else {
                    let bytes = std::fs::read(&p).unwrap_or_default();
                    Arc::from(String::from_utf8_lossy(&bytes).as_ref())
                };
                self.lines.push(text.lines().map(str::to_string).collect());
                o.files.push(SourceFile {
                    path: p.clone(),
                    text,
                });
                o.files.len() - 1
            }
        };
        if p == self.main {
            self.main_file = Some(file as u32);
        }
        let function = short_function(&function);
        let f = match o.functions.iter().position(|f| *f == function) {
            Some(i) => i,
            None => {
                o.functions.push(function);
                o.functions.len() - 1
            }
        };
        self.ids.insert(id, (file as u32, f as u32));
        Ok(None)
    }

    /// `Alloc`.
    pub(super) fn alloc(&mut self, id: u32, size: u64) -> Result<Answer, Diagnostic> {
        let at = self.gm_room(size)?;
        self.allocs.insert(
            id,
            Alloc {
                size,
                addr: GM_BASE + at as u32,
                name: None,
                tensors: Vec::new(),
                away: None,
            },
        );
        Ok(None)
    }

    /// `Write`.
    pub(super) fn host_write(
        &mut self,
        id: u32,
        off: u64,
        data: Vec<u8>,
    ) -> Result<Answer, Diagnostic> {
        self.bring_in(id)?;
        let Some(a) = self.allocs.get(&id) else {
            return Ok(None);
        };
        // What the host copies in lives in the machine's global memory, marked
        // initialised; only the allocation's bytes are kept.
        let n = (a.size.saturating_sub(off) as usize).min(data.len());
        if !a.tensors.is_empty() && !self.machine.program().code.is_empty() {
            self.warnings.push(Diagnostic::warning(
                "host-write-during-run",
                format!(
                    "the host wrote {} bytes into device memory after a kernel used it: the recording starts from the data of the first use",
                    data.len()
                ),
            ));
        }
        let addr = a.addr + off as u32;
        self.machine.host_write(addr, &data[..n]);
        Ok(None)
    }

    /// `Read`.
    pub(super) fn host_read(&mut self, id: u32, off: u64, n: u64) -> Result<Answer, Diagnostic> {
        let Some(a) = self.allocs.get(&id) else {
            return Ok(Some(vec![0; n as usize]));
        };
        if let Some(store) = &a.away {
            return Ok(Some(store.read((a.addr - GM_BASE) as u64 + off, n)));
        }
        let start = a.addr as u64 + off;
        let ub = self.machine.ub();
        let bytes = ub
            .get(start..start + n)
            .map(<[u8]>::to_vec)
            .unwrap_or_else(|| vec![0; n as usize]);
        Ok(Some(bytes))
    }

    /// `Arg`.
    pub(super) fn argument(&mut self, id: u32, name: String) -> Result<Answer, Diagnostic> {
        self.bring_in(id)?;
        let (Some(a), Some(t)) = (self.allocs.get(&id), self.presets.get(&name)) else {
            return Ok(Some(Vec::new()));
        };
        // The argument's tensor as the binding declares it, zero-filled without `init`.
        let mut bytes = vec![0u8; a.size as usize];
        if let Some(init) = &t.init {
            let n = init.len().min(bytes.len());
            bytes[..n].copy_from_slice(&init[..n]);
        }
        let tensor = Tensor {
            name: name.clone(),
            addr: a.addr,
            init: Some(bytes.clone()),
            space: Space::Gm,
            ..t.clone()
        };
        let dt = t.dtype;
        // The same index in the call reader's table as in the machine's.
        self.calls.add_tensor(format!("@{name}"), tensor.clone());
        let i = self.machine.push_tensor(tensor);
        if let Some(a) = self.allocs.get_mut(&id) {
            a.name = Some(name);
            a.tensors.push((dt, i));
        }
        Ok(Some(bytes))
    }

    /// `UbView`.
    pub(super) fn ub_view(
        &mut self,
        vid: i64,
        dtype: String,
        addr: u64,
        len: u64,
        at: At,
    ) -> Result<Answer, Diagnostic> {
        let dt = self.dtype(at, &dtype)?;
        let ub = self.machine.ub().size() as u64;
        let end = addr + len * dt.size() as u64;
        if end > ub {
            return Err(self
                .error(
                    at,
                    "tensor-outside-ub",
                    format!(
                        "this LocalTensor spans {addr:#x}..{end:#x}, beyond the {ub}-byte UB of {}",
                        self.machine.product()
                    ),
                )
                .note("TPipe::InitBuffer places buffers one after another from UB address 0 (docs/semantics.md §20)"));
        }
        let base = self
            .line_of(at)
            .and_then(|l| assigned_name(l, at.col as usize))
            .unwrap_or_else(|| format!("ub_{addr:x}"));
        let name = self.fresh(&base);
        let t = Tensor {
            name,
            dtype: dt,
            addr: addr as u32,
            len: len as u32,
            init: None,
            span: self.span(at),
            space: Space::Ub,
        };
        self.add_tensor(vid, t);
        Ok(None)
    }

    /// `RegView`: a RegTensor or MaskReg, named after the variable declared at `at` (or
    /// assigned there), at its slot of the register file (docs/semantics.md §29).
    pub(super) fn reg_view(
        &mut self,
        vid: i64,
        slot: u32,
        mask: bool,
        dtype: String,
        at: At,
    ) -> Result<Answer, Diagnostic> {
        use crate::base::ir::{MASK_BYTES, MAX_REG_BYTES, REG_BASE, VL};
        let dt = self.dtype(at, &dtype)?;
        if slot >= MAX_REG_BYTES / VL {
            return Err(self.error(
                at,
                "too-many-registers",
                format!(
                    "the kernel holds more than {} registers at once",
                    MAX_REG_BYTES / VL
                ),
            ));
        }
        let line = self.line_of(at);
        let base = line
            .and_then(|l| {
                declared_name(l, at.col as usize).or_else(|| assigned_name(l, at.col as usize))
            })
            .unwrap_or_else(|| format!("{}{slot}", if mask { "mask" } else { "reg" }));
        let name = self.fresh(&base);
        let (len, space) = if mask {
            (MASK_BYTES, Space::Mask)
        } else {
            (VL / dt.size().max(1), Space::Reg)
        };
        let t = Tensor {
            name,
            dtype: dt,
            addr: REG_BASE + slot * VL,
            len,
            init: None,
            span: self.span(at),
            space,
        };
        self.add_tensor(vid, t);
        Ok(None)
    }

    /// `GmView`.
    pub(super) fn gm_view(
        &mut self,
        vid: i64,
        dtype: String,
        alloc: u32,
        at: At,
    ) -> Result<Answer, Diagnostic> {
        let dt = self.dtype(at, &dtype)?;
        let receiver = self
            .line_of(at)
            .and_then(|l| receiver_name(l, at.col as usize));
        self.bring_in(alloc)?;
        let Some(a) = self.allocs.get(&alloc) else {
            return Err(self.error(
                at,
                "gm-operand",
                "a GlobalTensor over memory that aclrtMalloc did not allocate".to_string(),
            ));
        };
        // A binding's argument viewed in its own dtype is the argument's tensor.
        if let Some(&(_, i)) = a.tensors.iter().find(|(d, _)| *d == dt) {
            self.calls.alias(format!("#{vid}"), i);
            self.views.insert(vid, i);
            return Ok(None);
        }
        let base = a
            .name
            .clone()
            .or(receiver)
            .unwrap_or_else(|| format!("gm{alloc}"));
        let base = if a.tensors.is_empty() {
            base
        } else {
            format!("{base}_{}", dt.name())
        };
        let len = a.size / dt.size() as u64;
        let bytes = (len * dt.size() as u64) as usize;
        // Its initial data: what the host copied in (bytes it did not are zero).
        let ub = self.machine.ub();
        let range = a.addr..a.addr + bytes as u32;
        let init = range
            .clone()
            .any(|x| ub.is_init(x))
            .then(|| {
                ub.get(range.start as u64..range.end as u64)
                    .map(<[u8]>::to_vec)
            })
            .flatten();
        let t = Tensor {
            name: self.fresh(&base),
            dtype: dt,
            addr: a.addr,
            len: len as u32,
            init,
            span: self.span(at),
            space: Space::Gm,
        };
        let i = self.add_tensor(vid, t);
        if let Some(a) = self.allocs.get_mut(&alloc) {
            a.tensors.push((dt, i));
        }
        Ok(None)
    }

    /// `GetValue`.
    pub(super) fn get_value(
        &mut self,
        at: At,
        vid: i64,
        off: u64,
        dtype: String,
    ) -> Result<Answer, Diagnostic> {
        let src = if off == 0 {
            format!("\"#{vid}\"")
        } else {
            format!("\"#{vid}[{off}]\"")
        };
        let text = format!("GetValue(dst: \"$\", src: {src})");
        self.returning(at, &dtype, &text).map(Some)
    }

    /// `Peek`.
    pub(super) fn peek(&mut self, vid: i64, off: u64, n: u64) -> Result<Answer, Diagnostic> {
        // The elements as DumpTensor prints them, `?` where uninitialised; no step.
        let t = self.views.get(&vid).copied();
        let dtype = t
            .and_then(|t| self.machine.program().tensors.get(t))
            .map(|t| t.dtype);
        let mut line = String::new();
        for i in off..off.saturating_add(n.min(1 << 20)) {
            let v = t.and_then(|t| self.machine.element(t, u32::try_from(i).ok()?));
            if !line.is_empty() {
                line.push(' ');
            }
            match (v, dtype) {
                (Some(v), Some(d)) => line.push_str(&crate::base::text::value_text(Some(v), d)),
                _ => line.push('?'),
            }
        }
        line.push('\n');
        Ok(Some(line.into_bytes()))
    }

    /// `Zero`.
    pub(super) fn zero(&mut self, id: u32, off: u64, n: u64) -> Result<Answer, Diagnostic> {
        self.bring_in(id)?;
        if let Some(a) = self.allocs.get(&id) {
            let n = a.size.saturating_sub(off).min(n);
            let zeros = vec![0u8; n.min(1 << 20) as usize];
            let mut done = 0;
            while done < n {
                let k = (n - done).min(zeros.len() as u64);
                let addr = a.addr + (off + done) as u32;
                self.machine.host_write(addr, &zeros[..k as usize]);
                done += k;
            }
        }
        Ok(None)
    }
}
