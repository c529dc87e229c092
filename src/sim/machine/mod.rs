//! The steppable Vector Unit: UB + shadow, mask register, product, cursor. `step` executes
//! block, repeat or instruction steps and returns what they did; `run` executes to the end on a
//! fast path that builds no events and gives bit-identical results.
//!
//! Here: the machine, its accessors, running and preparing the instruction at the cursor;
//! `life` enters an instruction, steps its blocks and finishes it; `fast` holds the fast path, `registers` the scalar unit's side (registers an instruction
//! leaves, scalar-unit steps), `snapshot` checkpoints, `products` the divergence log and the
//! moves to another product, `preview` the look-ahead, `logs` the write log and the
//! uninitialised-read diagnostics.

use crate::base::catalog::{Family, Op};
use crate::base::convert::cast_value;
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::{DType, Value};
use crate::base::ir::ScalarArg;
use crate::base::ir::{Form, Instr, Program, ScalarDecl, Tensor};
use crate::base::product::Product;
use crate::sim::access::Mem;
use crate::sim::event::{Granularity, Pos, StepEvent};
use crate::sim::family::atomic::Atomic;
use crate::sim::family::scalar_unit::ScalarStep;
use crate::sim::family::Exec;
use crate::sim::family::{cast, compare, elementwise, gather, reduce, whole, Scratch};
use crate::sim::lanes::Num;
use crate::sim::mask::{LaneSource, Lanes, MaskReg};
use crate::sim::plan::{block_lanes, AccessKind, Indexing, OpAddr, Plan, BLOCKS};
use crate::sim::reach::{prepare_with, Prepared, Regs};
use crate::sim::scalar::{eval, meets, MaxMinReg, ScalarState};
use crate::sim::ub::ByteMask;
use crate::sim::ub::Ub;
use crate::with_dtype;
use serde::Serialize;
use std::ops::Range;
use std::sync::Arc;

pub use crate::base::ir::MAX_UB;
use crate::base::ir::{GM_BASE, MAX_GM};

mod fast;
mod life;
mod logs;
mod preview;
mod products;
mod registers;
mod snapshot;

use logs::{block_uninit, log_writes, scalar_write, uninit_diag};
pub use logs::{decode_all, Entered, WriteRec};
pub use preview::Preview;
pub use products::DivergenceLog;
pub use snapshot::Snapshot;

/// Whether the program can go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Running,
    Finished,
    /// An instruction (or the program's layout) was rejected; the state is the one reached.
    Failed,
}

/// Work done so far (the report's `steps`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub instructions: u64,
    pub repeats: u64,
    pub blocks: u64,
}

/// A value an instruction returns (docs/format.md §9 `returns`): GatherMask's `rsvdCnt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Return {
    pub instruction: u32,
    pub name: &'static str,
    pub value: u64,
}

#[derive(Clone, Debug)]
struct Active {
    /// Shared with `sim::memo`, which keeps it for the next instruction of the same content.
    prep: Arc<Prepared>,
    scratch: Scratch,
    /// Bit j: an uninitialised read of operand j was already reported for this instruction.
    uninit_seen: u64,
    /// `Preview::quiet` as it was entered.
    quiet: bool,
}

/// Whether a prepared instruction is quiet (`Preview::quiet`), its read operands `seen`
/// known to be initialised (bit j: operand j): no warning, every read initialised (so no
/// step reports one), and a kernel whose block steps touch exactly the elements its plan
/// names for them (no data-dependent reads, no scalar written).
fn quiet(prep: &Prepared, seen: u64) -> bool {
    let ops = &prep.plan.operands;
    let reads_known =
        (0..ops.len()).all(|j| ops[j].kind != AccessKind::Read || j < 64 && seen >> j & 1 == 1);
    let plain_kernel = match &prep.exec {
        Exec::Cast(k) => k.vdeq.is_none(),
        Exec::Map(_)
        | Exec::Compare(_)
        | Exec::Select(_)
        | Exec::Reduce(_)
        | Exec::Whole(_)
        | Exec::Brcb(_)
        | Exec::VecIndex(_)
        | Exec::None => true,
        _ => false,
    };
    prep.warnings.is_empty() && reads_known && plain_kernel
}

/// The machine. Cloning it is a full snapshot (UB, shadow, register, cursor).
#[derive(Clone, Debug)]
pub struct Machine {
    program: Arc<Program>,
    product: Product,
    ub: Ub,
    mask: MaskReg,
    /// The atomic mode of moves into global memory (docs/semantics.md §18.3).
    atomic: Atomic,
    /// The registers of the cores not running now (docs/semantics.md §20).
    parked: Vec<(u32, Regs)>,
    pos: Pos,
    step: u64,
    counts: Counts,
    active: Option<Box<Active>>,
    diagnostics: Vec<Diagnostic>,
    status: Status,
    returns: Vec<Return>,
    /// The scalar unit: named scalars and synchronisation state (docs/format.md §10).
    scalars: ScalarState,
    /// The bytes the instruction being run or last run may have written (its plan's
    /// destinations, a scalar step's element).
    last_writes: Vec<Range<u64>>,
    /// When kept (`keep_write_log`), every instruction's destination extents in execution
    /// order: what a failing expectation's last-writer query searches (`sim::trace`).
    write_log: Option<Vec<WriteRec>>,
    /// When kept (`keep_divergence`): which other products prepare each entered instruction
    /// differently, shared with this machine's clones.
    divergence: Option<DivergenceLog>,
    /// The comparisons behind the divergence log, by instruction content (`sim::alike`),
    /// shared with this machine's clones.
    alike: Option<Arc<std::sync::Mutex<crate::sim::alike::Alike>>>,
    /// The last clean preparations by content (`sim::memo`), shared with this machine's clones.
    memo: Arc<std::sync::Mutex<crate::sim::memo::Memo>>,
    /// When kept (`keep_entry_log`): every instruction entered, with what its preparation
    /// depends on besides the program and the product.
    entry_log: Option<Vec<Entered>>,
}

/// The UB size `program` runs with on `product` (a valid `ub_size` of its own, or the
/// product's).
fn ub_size_on(program: &Program, product: Product) -> u32 {
    program.ub_size.unwrap_or(product.profile().ub_size)
}

impl Machine {
    /// A machine at step 0: tensors placed and initialised. Layout problems (a tensor outside
    /// the UB, a bad `ub_size`) leave it `Failed` with diagnostics, never panic.
    pub fn new(program: Arc<Program>, product: Product) -> Machine {
        let mut diags = Vec::new();
        let ub_size = match program.ub_size {
            Some(s) if s == 0 || s % 32 != 0 || s > MAX_UB => {
                diags.push(Diagnostic::error(
                    "bad-ub-size",
                    format!(
                        "ub_size {s} must be a non-zero multiple of 32 bytes, at most {MAX_UB}"
                    ),
                ));
                product.profile().ub_size
            }
            Some(s) => s,
            None => product.profile().ub_size,
        };
        let gm = program
            .tensors
            .iter()
            .filter(|t| t.is_gm())
            .map(|t| t.end() - GM_BASE as u64)
            .max()
            .unwrap_or(0);
        let mut ub = Ub::with_gm(ub_size, gm.min(MAX_GM as u64) as u32);
        for t in &program.tensors {
            if t.is_reg() {
                ub.grow_reg(reg_end(t));
                if let Some(init) = &t.init {
                    ub.write(t.addr, init);
                }
            } else if t.is_gm() {
                if let Some(init) = &t.init {
                    ub.write(t.addr, init);
                }
            } else if t.end() > ub_size as u64 {
                diags.push(
                    Diagnostic::error(
                        "tensor-outside-ub",
                        format!(
                            "tensor `{}` spans {:#x}..{:#x}, beyond the {ub_size}-byte UB of {product}",
                            t.name,
                            t.addr,
                            t.end()
                        ),
                    )
                    .at(t.span)
                    .note(format!("{product} has {} bytes of UB (docs/semantics.md §7 item 3)", product.profile().ub_size)),
                );
            } else if let Some(init) = &t.init {
                ub.write(t.addr, init);
            }
        }
        let status = if diags.iter().any(|d| d.is_error()) {
            Status::Failed
        } else if program.code.is_empty() {
            Status::Finished
        } else {
            Status::Running
        };
        let scalars = ScalarState::new(&program);
        let mut m = Machine {
            program,
            product,
            ub,
            mask: MaskReg::default(),
            atomic: Atomic::default(),
            parked: Vec::new(),
            pos: Pos::default(),
            step: 0,
            counts: Counts::default(),
            active: None,
            diagnostics: diags,
            status,
            returns: Vec::new(),
            scalars,
            last_writes: Vec::new(),
            write_log: None,
            divergence: None,
            alike: None,
            memo: Default::default(),
            entry_log: None,
        };
        m.enter_core();
        m
    }

    /// At an instruction boundary: makes the UB and the registers those of the core the next
    /// instruction runs on (docs/semantics.md §20).
    fn enter_core(&mut self) {
        let Some(c) = self
            .program
            .code
            .get(self.pos.instruction as usize)
            .map(|i| i.core)
        else {
            return;
        };
        let now = self.ub.core();
        if c == now {
            return;
        }
        let regs = self.regs();
        match self.parked.iter_mut().find(|(k, _)| *k == now) {
            Some(slot) => slot.1 = regs,
            None => self.parked.push((now, regs)),
        }
        let next = self
            .parked
            .iter()
            .find(|(k, _)| *k == c)
            .map_or(Regs::default(), |m| m.1);
        self.mask = next.mask;
        self.atomic = next.atomic;
        self.ub.select_core(c);
    }

    /// The AI core whose UB and mask register the machine shows now.
    pub fn core(&self) -> u32 {
        self.ub.core()
    }

    // ------------------------------------------------------------------ recording
    // A front end that produces its program while it runs (C++ kernels, docs/format.md §12)
    // grows the program under a running machine: what is added never changes what ran.

    /// Adds a tensor; a global-memory one grows global memory to hold it and writes its
    /// `init`. Returns its index.
    pub fn push_tensor(&mut self, t: Tensor) -> usize {
        if t.is_reg() {
            self.ub.grow_reg(reg_end(&t));
        }
        if t.is_gm() {
            self.ub
                .grow_gm((t.end() - GM_BASE as u64).min(MAX_GM as u64) as u32);
            if let Some(init) = &t.init {
                self.ub.write(t.addr, init);
            }
        }
        let p = Arc::make_mut(&mut self.program);
        p.tensors.push(t);
        p.tensors.len() - 1
    }

    /// Adds a scalar, with its initial value. Returns its index.
    pub fn push_scalar(&mut self, s: ScalarDecl) -> usize {
        self.scalars.values.push(s.init);
        let p = Arc::make_mut(&mut self.program);
        p.scalars.push(s);
        p.scalars.len() - 1
    }

    /// Appends an instruction; a machine that had finished runs again.
    pub fn push_instr(&mut self, i: Arc<Instr>) {
        Arc::make_mut(&mut self.program).code.push(i);
        if self.status == Status::Finished {
            self.status = Status::Running;
        }
        if self.active.is_none() {
            self.enter_core();
        }
    }

    /// Writes bytes into global memory from outside the program (the host's copies),
    /// marking them initialised. Global memory grows to hold them.
    pub fn host_write(&mut self, addr: u32, data: &[u8]) {
        let end = (addr as u64 + data.len() as u64 - GM_BASE as u64).min(MAX_GM as u64);
        self.ub.grow_gm(end as u32);
        self.ub.write(addr, data);
    }

    /// Global memory as it is now, copied out (docs/format.md §13: each launch of a kernel unit
    /// test is recorded on a machine of its own, the allocations taken from the last one's).
    pub fn gm_store(&self) -> crate::sim::ub::GmStore {
        self.ub.gm_store()
    }

    /// Places `len` bytes of a store at offset `src` into global memory at offset `dst`
    /// (`Ub::place_gm`).
    pub fn place_gm(&mut self, from: &crate::sim::ub::GmStore, src: u32, dst: u32, len: u32) {
        self.ub.place_gm(from, src, dst, len);
    }

    /// Keeps a log of every instruction's destination extents from now on (a headless run
    /// whose failing expectations name their last writers).
    pub fn keep_write_log(&mut self) {
        self.write_log.get_or_insert_with(Vec::new);
    }

    /// The destination extents of the instructions run since `keep_write_log`.
    pub fn write_log(&self) -> Option<&[WriteRec]> {
        self.write_log.as_deref()
    }

    /// The bytes the current (or, at a boundary, the last) instruction may have written.
    pub fn last_writes(&self) -> &[Range<u64>] {
        &self.last_writes
    }

    /// Sets the expectations a recorded kernel is judged by (a binding program's `expect`).
    pub fn set_expect(&mut self, e: Vec<crate::base::ir::Expect>) {
        Arc::make_mut(&mut self.program).expect = e;
    }

    /// Attaches a recorded kernel's call sites (docs/format.md §12.4).
    pub fn set_origins(&mut self, o: crate::base::ir::Origins) {
        Arc::make_mut(&mut self.program).origins = Some(Arc::new(o));
    }

    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// The named scalars' current values (None: uninitialised), in `Program::scalars` order.
    pub fn scalars(&self) -> &[Option<Value>] {
        &self.scalars.values
    }

    /// Scalar `i`'s current value.
    pub fn scalar(&self, i: usize) -> Option<Value> {
        self.scalars.values.get(i).copied().flatten()
    }
    pub fn product(&self) -> Product {
        self.product
    }
    pub fn ub(&self) -> &Ub {
        &self.ub
    }
    pub fn mask(&self) -> MaskReg {
        self.mask
    }
    /// The current core's atomic mode (docs/semantics.md §18.3).
    pub fn atomic(&self) -> Atomic {
        self.atomic
    }
    /// The current core's registers, as an instruction is reached with them.
    pub fn regs(&self) -> Regs {
        Regs {
            mask: self.mask,
            atomic: self.atomic,
            cmp_mask: self.scalars.cmp_mask,
        }
    }
    /// The next block to execute (or where the program stopped).
    pub fn pos(&self) -> Pos {
        self.pos
    }
    /// Steps taken so far.
    pub fn step_count(&self) -> u64 {
        self.step
    }
    pub fn counts(&self) -> Counts {
        self.counts
    }
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
    pub fn status(&self) -> Status {
        self.status
    }
    /// Values the finished instructions returned, in execution order (GatherMask's
    /// `rsvd_cnt`).
    pub fn returns(&self) -> &[Return] {
        &self.returns
    }
    /// The plan of the instruction being executed, once it has been reached.
    pub fn current_plan(&self) -> Option<&Plan> {
        self.active.as_ref().map(|a| &a.prep.plan)
    }
    /// True when an instruction has written UB byte `addr` (for `unwritten` expectations).
    pub fn written(&self, addr: u32) -> bool {
        self.ub.is_written(addr)
    }

    /// Element `i` of tensor `t`: None when uninitialised or out of range.
    pub fn element(&self, t: usize, i: u32) -> Option<Value> {
        let tensor = self.program.tensors.get(t)?;
        let bytes = self.element_bytes(t, i)?;
        if tensor.dtype.is_nibble() {
            let v = crate::base::dtype::nibble(bytes[0], i % 2 == 1);
            return Some(Value::Int(v as i128));
        }
        Some(tensor.dtype.decode(bytes))
    }

    /// The bytes of element `i` of tensor `t` (of an `int4b_t`, the byte it shares), None
    /// where uninitialised or outside the UB.
    pub fn element_bytes(&self, t: usize, i: u32) -> Option<&[u8]> {
        let tensor = self.program.tensors.get(t)?;
        let s = tensor.dtype.size();
        let a = u32::try_from(tensor.elem_addr(i)).ok()?;
        if i >= tensor.len || !self.ub.all_init(a..a.checked_add(s)?) {
            return None;
        }
        Some(self.ub.slice(a..a + s))
    }

    /// Every element of tensor `t`, None where uninitialised.
    pub fn tensor_values(&self, t: usize) -> Vec<Option<Value>> {
        let len = self.program.tensors.get(t).map_or(0, |x| x.len);
        (0..len).map(|i| self.element(t, i)).collect()
    }

    /// Executes up to the next step boundary of granularity `g`. Returns None when the
    /// program has already finished or failed.
    pub fn step(&mut self, g: Granularity) -> Option<StepEvent> {
        if self.status != Status::Running {
            return None;
        }
        let mut ev = StepEvent {
            first_step: self.step,
            steps: 0,
            pos: self.pos,
            lanes: Default::default(),
            accesses: Vec::new(),
            diagnostics: Vec::new(),
            mask_before: self.mask,
            mask_after: self.mask,
        };
        let start = self.pos;
        loop {
            self.step_block(Some(&mut ev));
            if self.status != Status::Running {
                break;
            }
            let p = self.pos;
            let done = match g {
                Granularity::Block => true,
                Granularity::Repeat => {
                    p.instruction != start.instruction || p.repeat != start.repeat
                }
                Granularity::Instruction => p.instruction != start.instruction,
            };
            if done {
                break;
            }
        }
        ev.steps = self.step - ev.first_step;
        ev.mask_after = self.mask;
        Some(ev)
    }

    /// Runs to the end (or the first error) without building events.
    pub fn run(&mut self) -> Status {
        self.run_to(u64::MAX)
    }

    /// Runs without events until `step_count() == target` (or the program stops), taking the
    /// fast path for whole instructions that end at or before the target.
    pub fn run_to(&mut self, target: u64) -> Status {
        self.run_until(target, |_| false);
        self.status
    }

    /// Runs without events until `step_count() == target`, the end, or an instruction
    /// boundary reached after at least one step where `stop_before(instruction)` holds; true
    /// in that last case.
    pub fn run_until(&mut self, target: u64, stop_before: impl Fn(u32) -> bool) -> bool {
        let start = self.step;
        while self.status == Status::Running && self.step < target {
            if self.active.is_none() {
                if self.step > start && stop_before(self.pos.instruction) {
                    return true;
                }
                if !self.enter(None) {
                    break;
                }
            }
            // Whole repeats before the target go on the fast path, up to the instruction's
            // end; a target inside a repeat is reached block by block.
            let fast_end = self.active.as_ref().and_then(|a| {
                let plan = &a.prep.plan;
                let whole = (target - self.step) / BLOCKS as u64;
                let end = (self.pos.repeat as u64 + whole).min(plan.repeats as u64) as u32;
                (a.prep.fast && self.pos.block == 0 && end > self.pos.repeat).then_some(end)
            });
            if let Some(end) = fast_end {
                self.run_fast(end);
            } else {
                self.step_block(None);
            }
        }
        self.status == Status::Running
            && self.active.is_none()
            && self.step > start
            && stop_before(self.pos.instruction)
    }

    /// Runs the rest of the current instruction without events (fast path where possible).
    pub fn run_instruction(&mut self) -> Status {
        // Every boundary stops it: the first one reached is the end of this instruction.
        self.run_until(u64::MAX, |_| true);
        self.status
    }

    /// The current instruction prepared on the current state, with its warnings (the
    /// preparation's and `vector-read-without-sync`) and the read operands already known to be
    /// initialised (bit j: operand j); nothing changes.
    /// With `record`, the products that prepare it differently go into the divergence log,
    /// if one is kept.
    fn prepare_here(&self, record: bool) -> Result<(Arc<Prepared>, u64), Vec<Diagnostic>> {
        let idx = self.pos.instruction;
        let on = |product| {
            prepare_with(
                &self.program,
                idx,
                product,
                &self.ub,
                self.regs(),
                &self.scalars.values,
            )
        };
        // Made once per content where it reads no data and warns of nothing (sim::memo).
        let key = crate::sim::alike::key(&self.program, idx, &self.scalars.values);
        let (regs, ub_size) = (self.regs(), self.ub.size());
        let remembered = key.as_ref().and_then(|k| {
            let m = self.memo.lock().ok()?;
            m.get(k, regs, self.product, ub_size).cloned()
        });
        let ours = match remembered {
            Some(p) => Ok(p),
            None => {
                let made = on(self.product).map(Arc::new);
                if let (Some(k), Ok(p), Ok(mut m)) = (&key, &made, self.memo.lock()) {
                    m.put(k, regs, self.product, ub_size, p);
                }
                made
            }
        };
        if let Some(log) = self.divergence.as_ref().filter(|_| record) {
            let compare = || {
                let mut bits = 0u8;
                for (i, &p) in Product::ALL.iter().enumerate() {
                    if p == self.product {
                        continue;
                    }
                    let differs = match (on(p), &ours) {
                        (Ok(a), Ok(b)) => a != **b,
                        (Err(a), Err(b)) => a != *b,
                        _ => true,
                    };
                    if differs {
                        bits |= 1 << i;
                    }
                }
                bits
            };
            // Compared once per instruction content where the preparation reads no data.
            let alike = self.alike.as_ref().and_then(|a| a.lock().ok());
            let bits = match (key, alike) {
                (Some(k), Some(mut a)) => a.remembered(&k, self.regs(), self.product, compare),
                _ => compare(),
            };
            if bits != 0 {
                if let Ok(mut log) = log.lock() {
                    log.insert(self.step, bits);
                }
            }
        }
        let mut prep = ours?;
        // A vector instruction reading what SetValue wrote without an S → V sync (not the GM
        // moves, on the MTE pipes).
        let op = self.program.code[idx as usize].op;
        let vector_pipe = op.on_vector_pipe();
        let unsynced = (0..prep.plan.operands.len())
            .filter(|_| vector_pipe && !self.scalars.s_writes.is_empty())
            .filter(|&i| prep.plan.operands[i].kind == AccessKind::Read)
            .filter_map(|i| prep.plan.extent(i))
            .map(|e| e.start as u32..e.end.min(u32::MAX as u64) as u32)
            .find(|r| meets(&self.scalars.s_writes, r));
        if let Some(r) = unsynced {
            Arc::make_mut(&mut prep).warnings.push(
                Diagnostic::warning(
                    "vector-read-without-sync",
                    format!("this vector instruction reads UB bytes {:#x}..{:#x} that SetValue wrote without a synchronisation from S to V since (SetFlag/WaitFlag S_V or PipeBarrier PIPE_ALL): on hardware it may read stale data (docs/format.md §10)", r.start, r.end),
                )
                .at(self.program.code[idx as usize].span)
                .in_instr(idx),
            );
        }
        // A source whose every byte is initialised now stays so: the instructions below only
        // initialise what they write. Its per-block check is skipped, as if already reported
        // (a data-dependent read, Gather's and Gatherb's source, is not a plan operand: their
        // rooms check it).
        let mut uninit_seen = 0u64;
        if matches!(
            prep.exec,
            Exec::Map(_)
                | Exec::Cast(_)
                | Exec::Compare(_)
                | Exec::Select(_)
                | Exec::Reduce(_)
                | Exec::Whole(_)
                | Exec::Brcb(_)
                | Exec::GatherMask(_)
                | Exec::Gather(_)
                | Exec::Gatherb(_)
        ) {
            for (j, op) in prep.plan.operands.iter().enumerate().take(8) {
                let e = prep.plan.extent(j);
                if op.kind == AccessKind::Read
                    && e.is_some_and(|e| {
                        e.end <= u32::MAX as u64 && self.ub.all_init(e.start as u32..e.end as u32)
                    })
                {
                    uninit_seen |= 1 << j;
                }
            }
        }
        Ok((prep, uninit_seen))
    }
}

/// The register file's size that holds register `t` (docs/semantics.md §29).
fn reg_end(t: &Tensor) -> u32 {
    (t.end() - crate::base::ir::REG_BASE as u64).min(crate::base::ir::MAX_REG_BYTES as u64) as u32
}
