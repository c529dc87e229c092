//! The steppable Vector Unit: UB + shadow, mask register, product, cursor. `step` executes
//! block, repeat or instruction steps and returns what they did; `run` executes to the end on a
//! fast path that builds no events and gives bit-identical results.

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
    prep: Prepared,
    scratch: Scratch,
    /// Bit j: an uninitialised read of operand j was already reported for this instruction.
    uninit_seen: u8,
    /// `Preview::quiet` as it was entered.
    quiet: bool,
}

/// Whether a prepared instruction is quiet (`Preview::quiet`), its read operands `seen`
/// known to be initialised (bit j: operand j): no warning, every read initialised (so no
/// step reports one), and a kernel whose block steps touch exactly the elements its plan
/// names for them (no data-dependent reads, no scalar written).
fn quiet(prep: &Prepared, seen: u8) -> bool {
    let ops = &prep.plan.operands;
    let reads_known =
        (0..ops.len()).all(|j| ops[j].kind != AccessKind::Read || j < 8 && seen >> j & 1 == 1);
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

/// The kernels the fast path runs a repeat at a time (block by block where they decline).
#[derive(Clone, Copy)]
enum RepeatKernel {
    Compare(compare::CmpKernel),
    Reduce(reduce::ReduceKernel),
    Whole(whole::WholeKernel),
    GatherMask(gather::GatherKernel),
}

impl RepeatKernel {
    fn dtype(&self) -> crate::base::dtype::DType {
        match self {
            RepeatKernel::Compare(k) => k.dtype,
            RepeatKernel::Reduce(k) => k.dtype,
            RepeatKernel::Whole(k) => k.dtype,
            RepeatKernel::GatherMask(k) => k.dtype,
        }
    }
}

/// What the next instruction would do (`Machine::preview`).
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// Its block steps touch exactly the elements its plan names and raise nothing (no
    /// warning, no uninitialised read, no scalar written, no data-dependent read).
    pub quiet: bool,
    /// Each operand's kind and the bytes it may touch.
    pub ranges: Vec<(AccessKind, Range<u64>)>,
}

impl Preview {
    /// Whether an operand whose kind `want` accepts may touch a byte of `lo..hi`.
    pub fn may_touch(&self, want: impl Fn(AccessKind) -> bool, lo: u64, hi: u64) -> bool {
        self.ranges
            .iter()
            .any(|(k, r)| want(*k) && r.start < hi && lo < r.end)
    }
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
    /// When kept (`keep_entry_log`): every instruction entered, with what its preparation
    /// depends on besides the program and the product.
    entry_log: Option<Vec<Entered>>,
}

/// For each instruction a run entered where another product prepares it differently (its
/// plan, kernel, registers or diagnostics), the step it was entered at and those products
/// (bit i: `Product::ALL[i]`). A machine and its clones (a debugger's checkpoints) share one
/// log; every instruction before a machine's step was entered by it or by the run it was
/// cloned from, so a product without a bit before a step reaches the same state there
/// (`Machine::rehome`).
pub type DivergenceLog = Arc<std::sync::Mutex<std::collections::BTreeMap<u64, u8>>>;

/// A machine kept for later (a debugger's checkpoint): its memory frozen in shared pages
/// (`Machine::snapshot`), so that snapshots of one run cost the pages written between them.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Everything but the memory (an empty UB there).
    head: Machine,
    ub: crate::sim::ub::FrozenUb,
}

impl Snapshot {
    /// The machine, to run or inspect.
    pub fn machine(&self) -> Machine {
        Machine {
            ub: Ub::thaw(&self.ub),
            ..self.head.clone()
        }
    }

    /// Makes `m` this snapshot's machine (what [`Snapshot::machine`] gives), reusing `m`'s
    /// memory: only the pages that may differ are copied (`Ub::rewind`), so going back to a
    /// recent checkpoint costs the pages written since.
    pub fn restore(&self, m: &mut Machine) {
        let mut ub = std::mem::replace(&mut m.ub, Ub::new(0));
        ub.rewind(&self.ub);
        *m = Machine {
            ub,
            ..self.head.clone()
        };
    }

    /// The machine's registers, position, counts, status and diagnostics without its memory
    /// (an empty UB): for questions about where it is, never about data.
    pub fn head(&self) -> &Machine {
        &self.head
    }

    pub fn step_count(&self) -> u64 {
        self.head.step
    }

    pub fn status(&self) -> Status {
        self.head.status
    }

    /// This snapshot as `product`'s run reaches it (`Machine::rehome`): its pages shared when
    /// the UB keeps its size.
    pub fn rehome(&self, product: Product) -> Snapshot {
        if ub_size_on(&self.head.program, product) != self.ub.size() {
            let mut m = self.machine().rehome(product);
            return m.snapshot();
        }
        Snapshot {
            head: Machine {
                product,
                ..self.head.clone()
            },
            ub: self.ub.clone(),
        }
    }

    pub fn set_divergence_log(&mut self, log: Option<DivergenceLog>) {
        self.head.divergence = log;
    }

    /// The memory pages it holds (`FrozenUb::pages`).
    pub fn pages(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ub.pages()
    }

    /// The sizes of its UB and of its global memory, in bytes.
    pub fn memory_sizes(&self) -> (u32, u32) {
        (self.ub.size(), self.ub.gm_size())
    }
}

/// The UB size `program` runs with on `product` (a valid `ub_size` of its own, or the
/// product's).
fn ub_size_on(program: &Program, product: Product) -> u32 {
    program.ub_size.unwrap_or(product.profile().ub_size)
}

/// An instruction a run entered (`Machine::keep_entry_log`): besides the program and the
/// product, its preparation depends on these and, where it reads data
/// (`sim::alike::reads_data`), on the UB.
#[derive(Clone, Debug)]
pub struct Entered {
    pub step: u64,
    pub instruction: u32,
    pub regs: Regs,
    /// The scalars' values, when the instruction names one.
    pub scalars: Option<Vec<Option<crate::base::dtype::Value>>>,
}

/// One destination extent of an executed instruction (`Machine::write_log`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteRec {
    pub instruction: u32,
    /// The step count when the instruction was reached.
    pub step: u64,
    pub bytes: Range<u64>,
    /// Every byte of `bytes` is written (a dense run of whole elements on the fast path);
    /// otherwise some may not be (masked lanes, strides, data-dependent writes).
    pub exact: bool,
}

pub use crate::base::ir::MAX_UB;
use crate::base::ir::{GM_BASE, MAX_GM};

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
            if t.is_gm() {
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
    pub fn push_instr(&mut self, i: Instr) {
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

    /// Global memory as `other` holds it, bytes and shadows (docs/format.md §13: each launch of
    /// a kernel unit test is recorded on a machine of its own over the same memory).
    pub fn copy_gm_from(&mut self, other: &Machine) {
        self.ub.copy_gm(&other.ub);
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

    /// Keeps a divergence log from here on (`DivergenceLog`), shared with this machine's
    /// clones.
    pub fn keep_divergence(&mut self) {
        self.divergence = Some(Default::default());
        self.alike = Some(Default::default());
    }

    /// Keeps a log of the instructions entered from here on (`Entered`): where another
    /// product would first prepare one differently can be found after the run
    /// (`diff`), without preparing anything during it.
    pub fn keep_entry_log(&mut self) {
        self.entry_log.get_or_insert_with(Vec::new);
    }

    pub fn entry_log(&self) -> Option<&[Entered]> {
        self.entry_log.as_deref()
    }

    /// Keeps a divergence log compared afresh at every instruction, none remembered by
    /// content (`sim::alike`): what the remembered comparisons must give.
    pub fn keep_divergence_afresh(&mut self) {
        self.divergence = Some(Default::default());
        self.alike = None;
    }

    pub fn divergence_log(&self) -> Option<&DivergenceLog> {
        self.divergence.as_ref()
    }

    pub fn set_divergence_log(&mut self, log: Option<DivergenceLog>) {
        self.divergence = log;
    }

    /// This machine as `product`'s run reaches it, where every instruction entered so far
    /// prepares alike on both products (no bit of `product` in the divergence log before this
    /// step, and the same start): the same state, in `product`'s UB size (bytes beyond the
    /// smaller UB are never touched then: the bounds checks would have differed).
    pub fn rehome(&self, product: Product) -> Machine {
        let mut m = Machine {
            product,
            ..self.clone()
        };
        // (An invalid `ub_size` fails both runs at step 0: nothing to rehome then.)
        let size = ub_size_on(&self.program, product);
        if size != self.ub.size() {
            m.ub = self.ub.resized(size);
        }
        m
    }

    /// This machine as a run on `product`, which must simulate alike (`Product::same_data`):
    /// its state is what that product's run would reach.
    pub fn relabel(&self, product: Product) -> Machine {
        Machine {
            product,
            ..self.clone()
        }
    }

    /// This machine as a snapshot (`Snapshot`): its memory frozen by page, sharing every page
    /// no write reached since this machine's last snapshot (or the one it was thawed from).
    /// The run's logs (write and entry logs) stay with this machine: a snapshot has none.
    pub fn snapshot(&mut self) -> Snapshot {
        let ub = self.ub.freeze();
        let live = std::mem::replace(&mut self.ub, Ub::new(0));
        let (writes, entries) = (self.write_log.take(), self.entry_log.take());
        let head = self.clone();
        (self.ub, self.write_log, self.entry_log) = (live, writes, entries);
        Snapshot { head, ub }
    }

    /// The same program state (UB contents and shadows, mask register, position) on another
    /// product, at an instruction boundary, to see how that product would continue. Bytes
    /// beyond the smaller of the two UBs are dropped.
    pub fn fork_on(&self, product: Product) -> Machine {
        let mut m = Machine::new(self.program.clone(), product);
        if m.status == Status::Failed {
            return m;
        }
        m.ub.copy_common(&self.ub);
        m.mask = self.mask;
        m.atomic = self.atomic;
        m.parked = self.parked.clone();
        m.scalars = self.scalars.clone();
        m.pos = Pos {
            instruction: self.pos.instruction,
            repeat: 0,
            block: 0,
        };
        m.step = self.step;
        m.counts = self.counts;
        m.status = if m.pos.instruction as usize >= m.program.code.len() {
            Status::Finished
        } else {
            Status::Running
        };
        m
    }

    /// The current instruction prepared on the current state, with its warnings (the
    /// preparation's and `vector-read-without-sync`) and the read operands already known to be
    /// initialised (bit j: operand j); nothing changes.
    /// With `record`, the products that prepare it differently go into the divergence log,
    /// if one is kept.
    fn prepare_here(&self, record: bool) -> Result<(Prepared, u8), Vec<Diagnostic>> {
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
        let ours = on(self.product);
        if let Some(log) = self.divergence.as_ref().filter(|_| record) {
            let compare = || {
                let mut bits = 0u8;
                for (i, &p) in Product::ALL.iter().enumerate() {
                    if p != self.product && on(p) != ours {
                        bits |= 1 << i;
                    }
                }
                bits
            };
            // Compared once per instruction content where the preparation reads no data.
            let key = crate::sim::alike::key(&self.program, idx, &self.scalars.values);
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
        let vector_pipe = !matches!(op, Op::DataCopyGm | Op::DataCopyPad);
        let reads: Vec<Range<u32>> = (0..prep.plan.operands.len())
            .filter(|&i| vector_pipe && prep.plan.operands[i].kind == AccessKind::Read)
            .filter_map(|i| prep.plan.extent(i))
            .map(|e| e.start as u32..e.end.min(u32::MAX as u64) as u32)
            .collect();
        if let Some(r) = reads.iter().find(|r| meets(&self.scalars.s_writes, r)) {
            prep.warnings.push(
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
        // (a data-dependent read, Gather's, is always checked).
        let mut uninit_seen = 0u8;
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

    /// At an instruction boundary, what the next instruction would do, without doing it:
    /// whether it is quiet (it can raise no diagnostic and changes no scalar: no warning from
    /// its preparation, every source initialised, a kernel whose accesses are its plan's) and
    /// the byte ranges its operands may touch. None mid-instruction, at the end, or when the
    /// instruction would be rejected.
    pub fn preview(&self) -> Option<Preview> {
        if self.status != Status::Running
            || self.active.is_some()
            || self.pos.instruction as usize >= self.program.code.len()
        {
            return None;
        }
        let (prep, seen) = self.prepare_here(false).ok()?;
        let ops = &prep.plan.operands;
        Some(Preview {
            quiet: quiet(&prep, seen),
            ranges: (0..ops.len())
                .filter_map(|j| prep.plan.extent(j).map(|e| (ops[j].kind, e)))
                .collect(),
        })
    }

    /// The step at which the current instruction started (the current step at an
    /// instruction boundary): a vector instruction takes 8 steps per repeat.
    pub fn instruction_start_step(&self) -> u64 {
        let offset = self.pos.repeat as u64 * BLOCKS as u64 + self.pos.block as u64;
        self.step.saturating_sub(offset)
    }

    /// The first block step, from the current one to the end of the current instruction, in
    /// which its plan names an element that `hits(kind, bytes)` accepts (given the operand's
    /// whole extent first, and skipping it when refused); the step after the instruction's
    /// last when none does. Only for a quiet instruction (`Preview::quiet`: its block steps
    /// touch exactly the elements the plan names for them and raise nothing): None for any
    /// other, one that cannot be prepared, and a stopped machine. An instruction of one step
    /// (zero repeats, the scalar unit, a sync) gives the current step.
    pub fn next_block_touching(
        &self,
        hits: impl Fn(AccessKind, Range<u64>) -> bool,
    ) -> Option<u64> {
        if self.status != Status::Running
            || self.pos.instruction as usize >= self.program.code.len()
        {
            return None;
        }
        let fresh;
        let prep = match &self.active {
            Some(a) if a.quiet => &a.prep,
            Some(_) => return None,
            None => {
                fresh = self.prepare_here(false).ok()?;
                if !quiet(&fresh.0, fresh.1) {
                    return None;
                }
                &fresh.0
            }
        };
        let plan = &prep.plan;
        if plan.repeats == 0 || matches!(prep.exec, Exec::None | Exec::Scalar(_) | Exec::Sync(_)) {
            return Some(self.step);
        }
        let blocks = BLOCKS as u64;
        let start = self.instruction_start_step();
        let here = self.step - start;
        let mut first = plan.blocks();
        let mut es = Vec::with_capacity(64);
        for (i, op) in plan.operands.iter().enumerate() {
            if !plan.extent(i).is_some_and(|e| hits(op.kind, e)) {
                continue;
            }
            let size = op.size() as u64;
            // Repeats, then blocks, whose bytes miss are passed over; the elements of the
            // others looked at one by one, in execution order.
            let shift = plan.repeat_shift(i);
            let mut span0: Option<(Lanes, Option<Option<Range<u64>>>)> = None;
            'repeats: for r in self.pos.repeat..plan.repeats {
                let lanes = plan.lanes_of(r);
                if plan.touches_nothing(i, &lanes) {
                    continue;
                }
                // Repeat 0's span for these lanes, shifted (made again only where the lanes
                // change: the last repeat of the counter mode).
                let s0 = match &span0 {
                    Some((l, s)) if *l == lanes => s.clone(),
                    _ => {
                        let s = plan.lane_repeat0_span(i, &lanes);
                        span0 = Some((lanes, s.clone()));
                        s
                    }
                };
                let d = shift * r as u64;
                if s0.is_some_and(|s| !s.is_some_and(|s| hits(op.kind, s.start + d..s.end + d))) {
                    continue;
                }
                for b in 0..BLOCKS {
                    let k = r as u64 * blocks + b as u64;
                    if k >= first {
                        break 'repeats;
                    }
                    if k < here
                        || plan
                            .lane_block_span(i, r, b, &lanes)
                            .is_some_and(|s| !s.is_some_and(|s| hits(op.kind, s)))
                    {
                        continue;
                    }
                    plan.elems_in_block(i, r, b, &lanes, &mut es);
                    if es.iter().any(|&e| {
                        let a = op.addr(r, e);
                        hits(op.kind, a..a + size)
                    }) {
                        first = k;
                        break 'repeats;
                    }
                }
            }
        }
        Some(start + first)
    }

    /// Reaches the current instruction: prepare it, or fail. Returns false on failure.
    fn enter(&mut self, ev: Option<&mut StepEvent>) -> bool {
        if self.entry_log.is_some() {
            let idx = self.pos.instruction;
            let plain = self
                .program
                .code
                .get(idx as usize)
                .is_none_or(|c| c.bindings.is_empty());
            let e = Entered {
                step: self.step,
                instruction: idx,
                regs: self.regs(),
                scalars: (!plain).then(|| self.scalars.values.clone()),
            };
            self.entry_log.get_or_insert_with(Vec::new).push(e);
        }
        match self.prepare_here(true) {
            Ok((prep, uninit_seen)) => {
                self.mask = prep.mask_at_start;
                self.last_writes.clear();
                for (j, op) in prep.plan.operands.iter().enumerate() {
                    if op.kind == AccessKind::Write {
                        self.last_writes.extend(prep.plan.extent(j));
                    }
                }
                if let Some(log) = self.write_log.as_mut() {
                    log_writes(log, &prep, self.pos.instruction, self.step);
                }
                if let Some(ev) = ev {
                    ev.diagnostics.extend(prep.warnings.iter().cloned());
                }
                self.diagnostics.extend(prep.warnings.iter().cloned());
                // Boxed: the block loop moves it out and back at every step.
                self.active = Some(Box::new(Active {
                    quiet: quiet(&prep, uninit_seen),
                    prep,
                    scratch: Scratch::default(),
                    uninit_seen,
                }));
                true
            }
            Err(errs) => {
                if let Some(ev) = ev {
                    ev.diagnostics.extend(errs.iter().cloned());
                }
                self.diagnostics.extend(errs);
                self.status = Status::Failed;
                false
            }
        }
    }

    fn step_block(&mut self, mut ev: Option<&mut StepEvent>) {
        if self.pos.instruction as usize >= self.program.code.len() {
            self.status = Status::Finished;
            return;
        }
        if self.active.is_none() && !self.enter(ev.as_deref_mut()) {
            return;
        }
        let Some(mut active) = self.active.take() else {
            return;
        };
        let plan = &active.prep.plan;
        let (r, b) = (self.pos.repeat, self.pos.block);
        if plan.repeats == 0
            || matches!(
                active.prep.exec,
                Exec::None | Exec::Scalar(_) | Exec::Sync(_)
            )
        {
            match &active.prep.exec {
                Exec::Scalar(s) => self.exec_scalar(s, ev.as_deref_mut()),
                Exec::Sync(s) => {
                    if let Some(m) = self.scalars.sync(*s) {
                        let idx = self.pos.instruction;
                        let d = Diagnostic::warning("unpaired-wait-flag", m)
                            .at(self.program.code[idx as usize].span)
                            .in_instr(idx);
                        if let Some(ev) = ev.as_deref_mut() {
                            ev.diagnostics.push(d.clone());
                        }
                        self.diagnostics.push(d);
                    }
                }
                _ => {}
            }
            if self.status == Status::Failed {
                return;
            }
            self.step += 1;
            self.finish(active);
            return;
        }
        let lanes = plan.lanes_of(r);
        if let Some(ev) = ev.as_deref_mut() {
            if ev.steps == 0 && ev.first_step == self.step {
                ev.lanes = lanes;
            }
        }
        // Uninitialised reads (docs/semantics.md §7, docs/format.md §4), once per operand.
        let idx = self.pos.instruction;
        for (j, op) in plan.operands.iter().enumerate() {
            if op.kind != AccessKind::Read || active.uninit_seen >> j & 1 == 1 {
                continue;
            }
            let mem = Mem {
                ub: &mut self.ub,
                rec: None,
            };
            if let Some((lane, addr)) = block_uninit(&mem, plan, j, r, b, &lanes) {
                active.uninit_seen |= 1 << j;
                let d = uninit_diag(&self.program, idx, op, r, b, lane, addr);
                if let Some(ev) = ev.as_deref_mut() {
                    ev.diagnostics.push(d.clone());
                }
                self.diagnostics.push(d);
            }
        }
        let rec = ev.map(|e| &mut e.accesses);
        let mut mem = Mem {
            ub: &mut self.ub,
            rec,
        };
        active
            .prep
            .exec
            .exec_block(plan, &mut mem, r, b, &mut active.scratch);
        self.step += 1;
        self.counts.blocks += 1;
        self.pos.block += 1;
        if self.pos.block == BLOCKS {
            self.pos.block = 0;
            self.pos.repeat += 1;
            self.counts.repeats += 1;
            if self.pos.repeat >= active.prep.plan.repeats {
                self.finish(active);
                return;
            }
        }
        self.active = Some(active);
    }

    /// Repeats `pos.repeat..end` of the current instruction (from the start of repeat
    /// `pos.repeat`) on the fast path (see `check::fast_ok`); the instruction finishes when
    /// `end` is its last.
    fn run_fast(&mut self, end: u32) {
        let Some(mut active) = self.active.take() else {
            return;
        };
        let idx = self.pos.instruction;
        let plan = &active.prep.plan;
        // Elementwise kernels, plain Cast (whose plan `reach` admits only with every
        // operand's repeat one run of bytes and prefix lanes, so never `masked` below), and the
        // kernels that run a repeat at a time (`RepeatKernel`).
        let (map, cast, per_repeat) = match &active.prep.exec {
            Exec::Map(k) => (Some(*k), None, None),
            Exec::Cast(k) => (None, Some(*k), None),
            Exec::Compare(k) => (None, None, Some(RepeatKernel::Compare(*k))),
            Exec::Reduce(k) => (None, None, Some(RepeatKernel::Reduce(*k))),
            Exec::Whole(k) => (None, None, Some(RepeatKernel::Whole(*k))),
            Exec::GatherMask(k) => (None, None, Some(RepeatKernel::GatherMask(*k))),
            _ => {
                self.active = Some(active);
                return;
            }
        };
        let par = plan.par;
        // Operands whose repeat is one run of bytes take `exec_run` over whole runs of
        // repeats; any other layout (block strides, gaps) goes block by block in one call
        // (`exec_masked`).
        let contiguous = plan.operands.iter().all(|o| o.repeat_contiguous(par));
        let merge = contiguous
            && plan
                .operands
                .iter()
                .all(|o| o.rep as u64 * o.rep_unit as u64 == (par * o.size()) as u64);
        let mut r = self.pos.repeat;
        let mut found: Vec<(u32, u32, usize, u32, u32)> = Vec::new();
        let (mut mask, mut mask_of) = (ByteMask::new([0; 4]), None);
        let mut bufs: Vec<u64> = Vec::new();
        let end = end.min(plan.repeats);
        while r < end {
            let lanes_r = plan.lanes_of(r);
            let n = lanes_r.count();
            // A mask that is not a prefix (bitwise): the whole repeat is computed, the active
            // lanes stored (`exec_masked`).
            let masked = per_repeat.is_some()
                || !contiguous
                || n < par && lanes_r != crate::sim::mask::Lanes::first(n);
            // Masked repeats go together while their lanes are the same, and so do full
            // repeats whose operands follow one another.
            let r1 = if masked || merge && n == par {
                plan.lanes.same_lanes_until(r, end, par)
            } else {
                r + 1
            };
            let elems = if n == par || masked {
                (r1 - r) as u64 * par as u64
            } else {
                n as u64
            };
            // The bytes each block's active lanes cover: one element size for every operand
            // of an elementwise kernel, so one set of masks for the checks and the kernel.
            let size = match (&map, &per_repeat) {
                (Some(k), _) => k.dtype.size() as usize,
                (_, Some(k)) => k.dtype().size() as usize,
                _ => 1,
            };
            // Repeats usually share their lanes: the byte mask is computed when they change.
            if masked && mask_of != Some(lanes_r) {
                mask = ByteMask::new(elementwise::byte_mask(&lanes_r, par as usize, size));
                mask_of = Some(lanes_r);
            }
            // Uninitialised source bytes, mapped back to the block step that would read them.
            for (j, op) in plan.operands.iter().enumerate() {
                if op.kind != AccessKind::Read || active.uninit_seen >> j & 1 == 1 || elems == 0 {
                    continue;
                }
                if op.index != Indexing::Lanes {
                    // Elements other than lanes (GatherMask's pattern bits): block by block.
                    let mem = Mem {
                        ub: &mut self.ub,
                        rec: None,
                    };
                    let hit = (r..r1).find_map(|rr| {
                        let lanes = plan.lanes_of(rr);
                        (0..BLOCKS).find_map(|b| {
                            block_uninit(&mem, plan, j, rr, b, &lanes).map(|(e, a)| (rr, b, e, a))
                        })
                    });
                    if let Some((rr, b, e, a)) = hit {
                        found.push((rr, b, j, e, a));
                        active.uninit_seen |= 1 << j;
                    }
                    continue;
                }
                if masked {
                    // Each repeat in one piece where it is one run of bytes, else block by
                    // block as stepping reads them.
                    let per = par / BLOCKS;
                    let ub = &self.ub;
                    let hit = (r..r1).find_map(|rr| {
                        let whole = op.addr(rr, 0)..op.addr(rr, 0) + (par as usize * size) as u64;
                        let lane = if op.repeat_contiguous(par) && ub.holds(whole.clone()) {
                            let start = whole.start as u32;
                            ub.first_uninit_masked(start, (par as usize) * size, &mask.bits)
                                .map(|byte| (byte / size) as u32)
                        } else {
                            (0..BLOCKS).find_map(|b| {
                                let m = elementwise::block_bits(&mask.bits, b as usize);
                                let start = op.addr(rr, b * per) as u32;
                                (m != 0)
                                    .then(|| ub.first_uninit_masked(start, 32, &[m, 0, 0, 0]))
                                    .flatten()
                                    .map(|byte| b * per + (byte / size) as u32)
                            })
                        };
                        lane.map(|l| (rr, l))
                    });
                    if let Some((rr, lane)) = hit {
                        found.push((rr, lane / per, j, lane, op.addr(rr, lane) as u32));
                        active.uninit_seen |= 1 << j;
                    }
                    continue;
                }
                let s = op.addr(r, 0);
                let e = s + elems * op.size() as u64;
                if let Some(a) = self.ub.first_uninit(s as u32..e as u32) {
                    let el = (a as u64 - s) / op.size() as u64;
                    let (rr, lane) = (r + (el / par as u64) as u32, (el % par as u64) as u32);
                    found.push((rr, lane / (par / BLOCKS), j, lane, op.addr(rr, lane) as u32));
                    active.uninit_seen |= 1 << j;
                }
            }
            found.sort_unstable();
            for &(rr, bb, j, lane, addr) in &found {
                let d = uninit_diag(&self.program, idx, &plan.operands[j], rr, bb, lane, addr);
                self.diagnostics.push(d);
            }
            found.clear();
            let mut mem = Mem {
                ub: &mut self.ub,
                rec: None,
            };
            if let Some(k) = &per_repeat {
                if bufs.is_empty() {
                    bufs = vec![0; compare::BUF_WORDS];
                }
                for rr in r..r1 {
                    let done = match k {
                        RepeatKernel::Compare(k) => {
                            with_dtype!(k.dtype, T => compare::exec_repeat::<T>(k, plan, &mut mem, rr, &mut bufs))
                        }
                        RepeatKernel::Reduce(k) => reduce::exec_repeat(k, plan, &mut mem, rr),
                        RepeatKernel::Whole(k) => {
                            whole::exec_repeat(k, plan, &mut mem, rr, &mut active.scratch)
                        }
                        RepeatKernel::GatherMask(k) => {
                            with_dtype!(k.dtype, T => gather::exec_repeat::<T>(k, plan, &mut mem, rr, &mut active.scratch))
                        }
                    };
                    if !done {
                        for b in 0..BLOCKS {
                            let scratch = &mut active.scratch;
                            active.prep.exec.exec_block(plan, &mut mem, rr, b, scratch);
                        }
                    }
                }
            }
            match (&map, &cast) {
                (Some(k), _) if masked => {
                    if bufs.is_empty() {
                        bufs = vec![0; elementwise::MASKED_BUF_WORDS];
                    }
                    with_dtype!(k.dtype, T => elementwise::exec_masked::<T>(k, plan, &mut mem, (r, r1 - r), &mask, &mut bufs))
                }
                (Some(k), _) => {
                    with_dtype!(k.dtype, T => elementwise::exec_run::<T>(k, plan, &mut mem, r, elems))
                }
                (None, Some(k)) => cast::exec_run(k, plan, &mut mem, r, elems),
                (None, None) => {}
            }
            r = r1;
        }
        let done = (end - self.pos.repeat) as u64;
        self.step += done * BLOCKS as u64;
        self.counts.blocks += done * BLOCKS as u64;
        self.counts.repeats += done;
        if end == plan.repeats {
            self.finish(active);
        } else {
            self.pos.repeat = end;
            self.active = Some(active);
        }
    }

    fn finish(&mut self, active: Box<Active>) {
        self.mask = active.prep.mask_at_end;
        self.atomic = active.prep.atomic_at_end;
        // What a vector instruction wrote stays unsynchronised for the scalar unit (the GM
        // moves run on the MTE pipes, whose hazards ascstep does not track: docs/semantics.md
        // §18).
        let plan = &active.prep.plan;
        let op = self.program.code[self.pos.instruction as usize].op;
        let vector_pipe = !matches!(op, Op::DataCopyGm | Op::DataCopyPad);
        for i in (0..plan.operands.len()).filter(|_| vector_pipe) {
            if plan.operands[i].kind == AccessKind::Write {
                if let Some(e) = plan.extent(i) {
                    let r = e.start as u32..e.end.min(u32::MAX as u64) as u32;
                    self.scalars.v_writes.push(r);
                }
            }
        }
        self.registers(&active);
        if matches!(active.prep.exec, Exec::GatherMask(_)) {
            self.returns.push(Return {
                instruction: self.pos.instruction,
                name: "rsvd_cnt",
                value: active.scratch.written,
            });
            // `ret: "name"` assigns it to a scalar (docs/format.md §10).
            let code = &self.program.code[self.pos.instruction as usize];
            if let crate::base::ir::Args::GatherMask { ret: Some(i), .. } = code.args {
                let d = self.program.scalars[i].dtype;
                let v = Value::Int(active.scratch.written as i128);
                self.scalars.values[i] = cast_value(v, d).ok();
            }
        }
        self.counts.instructions += 1;
        self.pos = Pos {
            instruction: self.pos.instruction + 1,
            repeat: 0,
            block: 0,
        };
        self.active = None;
        if self.pos.instruction as usize >= self.program.code.len() {
            self.status = Status::Finished;
        }
        self.enter_core();
    }
}

impl Machine {
    /// The registers an instruction leaves for the scalar unit: the ReduceSum register after
    /// a count-form ReduceSum (docs/semantics.md §17), the CmpMask register after a Compare into
    /// it, the max/min register after ReduceRepeat MAX/MIN, ReduceMax and ReduceMin (§19).
    fn registers(&mut self, active: &Active) {
        let code = &self.program.code[self.pos.instruction as usize];
        let plan = &active.prep.plan;
        // The bits of dst's first element, a whole-tensor reduction's result.
        let result = || {
            let d = plan.operands.iter().find(|o| o.role == "dst")?;
            let (s, e) = (d.base as usize, d.base as usize + d.size() as usize);
            Some((d.dtype, self.ub.bytes().get(s..e).map(|b| d.dtype.bits(b))?))
        };
        match code.op {
            Op::ReduceSum if matches!(code.form(), Form::Count(_)) => {
                self.scalars.reduce_sum = result().map(|(d, b)| d.decode(&b.to_le_bytes()));
            }
            Op::CompareReg => {
                let n = (plan.par / 8) as usize;
                self.scalars.cmp_mask =
                    std::array::from_fn(|i| (i < n).then_some(active.scratch.cmp[i]));
            }
            Op::WholeReduceMax | Op::WholeReduceMin | Op::ReduceMax | Op::ReduceMin => {
                let Some(dtype) = active.prep.exec.dtype() else {
                    return;
                };
                let st = code.strides();
                let whole = matches!(code.op, Op::ReduceMax | Op::ReduceMin);
                let contiguous = whole && matches!(code.form(), Form::Count(_))
                    || st.src_blk[0] == 1 && st.src_rep[0] == 8;
                let counter = matches!(plan.lanes, LaneSource::Counted { .. })
                    && !matches!(code.form(), Form::Count(_));
                let mut reg = MaxMinReg {
                    dtype,
                    value: None,
                    index: None,
                    why: String::new(),
                };
                if counter {
                    reg.why = format!(
                        "{} ran in counter mode, whose result the register does not hold",
                        code.name()
                    );
                } else if !contiguous {
                    reg.why = format!(
                        "{} was not contiguous (srcBlkStride 1, srcRepStride 8)",
                        code.name()
                    );
                } else if whole {
                    reg.value = result().map(|(_, b)| b);
                    reg.why = format!("{} leaves no accurate index in the register", code.name());
                } else if let Some((bits, i)) = active.scratch.best {
                    reg.value = Some(bits);
                    reg.index = Some(i);
                } else {
                    reg.why = format!("{} had no active lane", code.name());
                }
                self.scalars.max_min = Some(reg);
            }
            _ => {}
        }
    }

    /// GetReduceRepeatMaxMinSpr (docs/semantics.md §19): the value as T (or its bits into a
    /// uint32 scalar, the uint32_t overload); the index stored bit-wise as T, as the page
    /// says, or as a number into an integer scalar.
    fn max_min_spr(&mut self, value: usize, index: Option<usize>, diags: &mut Vec<Diagnostic>) {
        let Some(reg) = self.scalars.max_min.clone() else {
            diags.push(Diagnostic::warning(
                "max-min-spr-unset",
                "GetReduceRepeatMaxMinSpr reads the max/min register, but no ReduceRepeat MAX/MIN (WholeReduceMax/Min), ReduceMax or ReduceMin ran before it: the scalars are uninitialised (DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr)".to_string(),
            ));
            self.scalars.values[value] = None;
            if let Some(i) = index {
                self.scalars.values[i] = None;
            }
            return;
        };
        let t = reg.dtype;
        let mut unspecified = false;
        let v = match reg.value {
            None => {
                unspecified = true;
                None
            }
            Some(bits) => {
                let d = self.program.scalars[value].dtype;
                if d == t {
                    Some(t.decode(&bits.to_le_bytes()))
                } else if d == DType::UInt32 {
                    Some(Value::Int(bits as i128))
                } else {
                    diags.push(Diagnostic::error(
                        "wrong-dtype",
                        format!("GetReduceRepeatMaxMinSpr after a {t} reduction returns a {t} value (or its bits into a uint32 scalar), but scalar \"{}\" is {d}", self.program.scalars[value].name),
                    ));
                    return;
                }
            }
        };
        self.scalars.values[value] = v;
        if let Some(ix) = index {
            let d = self.program.scalars[ix].dtype;
            self.scalars.values[ix] = match reg.index {
                None => {
                    unspecified = true;
                    None
                }
                // Stored bit-wise as T: read it back with bits() (the page's reinterpret_cast).
                Some(i) if d == t => {
                    let b = (i as u64).to_le_bytes();
                    Some(t.decode(&b[..t.size() as usize]))
                }
                Some(i) if !d.is_float() => cast_value(Value::Int(i as i128), d).ok(),
                Some(_) => {
                    diags.push(Diagnostic::error(
                        "wrong-dtype",
                        format!("GetReduceRepeatMaxMinSpr's index is stored bit-wise as {t}, the reduction's type, or as a number into an integer scalar; scalar \"{}\" is {d}", self.program.scalars[ix].name),
                    ));
                    return;
                }
            };
        }
        if unspecified {
            diags.push(Diagnostic::warning(
                "max-min-spr-unspecified",
                format!("GetReduceRepeatMaxMinSpr: {}, so what it returns is not specified; the scalars it does not know are uninitialised (DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr 约束说明)", reg.why),
            ));
        }
    }

    /// Carries out a step of the scalar unit; a value that cannot be converted stops the
    /// program with an error at the step.
    fn exec_scalar(&mut self, s: &ScalarStep, ev: Option<&mut StepEvent>) {
        let idx = self.pos.instruction;
        let span = self.program.code[idx as usize].span;
        let mut diags = Vec::new();
        let (rec, ev_diags) = match ev {
            Some(e) => (Some(&mut e.accesses), Some(&mut e.diagnostics)),
            None => (None, None),
        };
        let mut mem = Mem {
            ub: &mut self.ub,
            rec,
        };
        match s {
            ScalarStep::Get { dst, src, addr } => {
                let size = src.size();
                let r = *addr as u32..*addr as u32 + size;
                if meets(&self.scalars.v_writes, &r) {
                    diags.push(Diagnostic::warning(
                        "scalar-read-without-sync",
                        format!("GetValue reads UB bytes {:#x}..{:#x} that a vector instruction wrote, with no synchronisation from V to S since (PipeBarrier PIPE_V / SetFlag+WaitFlag V_S): on hardware the scalar may read stale data (docs/format.md §10)", r.start, r.end),
                    ));
                }
                let init = mem.is_init(*addr, size);
                let v = with_dtype!(src.dtype, T => mem.read_one::<T>(src, 0, *addr).to_value());
                let decl = &self.program.scalars[*dst];
                if !init {
                    diags.push(Diagnostic::warning(
                        "uninitialised-read",
                        format!("GetValue reads an uninitialised element at UB address {addr:#x}: scalar \"{}\" is uninitialised", decl.name),
                    ));
                    self.scalars.values[*dst] = None;
                } else {
                    match cast_value(v, decl.dtype) {
                        Ok(x) => self.scalars.values[*dst] = Some(x),
                        Err(m) => diags.push(Diagnostic::error(
                            "scalar-out-of-range",
                            format!("GetValue into \"{}\": {m}", decl.name),
                        )),
                    }
                }
            }
            ScalarStep::Set { dst, addr, src } => {
                scalar_write(
                    &mut self.last_writes,
                    &mut self.write_log,
                    (self.pos.instruction, self.step),
                    *addr..addr + dst.size() as u64,
                    true,
                );
                let v = match *src {
                    ScalarArg::Lit(v) => Some(v),
                    ScalarArg::Scalar(i) => {
                        let v = self.scalars.values.get(i).copied().flatten();
                        if v.is_none() {
                            diags.push(Diagnostic::warning("uninitialised-scalar", format!("scalar \"{}\" is used uninitialised: taken as 0 (docs/format.md §10)", self.program.scalars[i].name)));
                        }
                        v
                    }
                }
                .unwrap_or(Value::Int(0));
                match cast_value(v, dst.dtype) {
                    Ok(x) => {
                        with_dtype!(dst.dtype, T => mem.write_one::<T>(dst, 0, *addr, T::from_value(x)));
                        let size = dst.size();
                        self.scalars
                            .s_writes
                            .push(*addr as u32..*addr as u32 + size);
                    }
                    Err(m) => diags.push(Diagnostic::error(
                        "scalar-out-of-range",
                        format!("SetValue: {m}"),
                    )),
                }
            }
            ScalarStep::CmpMask { dst, addr } => {
                scalar_write(
                    &mut self.last_writes,
                    &mut self.write_log,
                    (self.pos.instruction, self.step),
                    *addr..addr + 16,
                    false,
                );
                // Bytes the last Compare into the register did not write are unspecified
                // (docs/semantics.md §19): they become uninitialised.
                for (i, b) in self.scalars.cmp_mask.iter().enumerate() {
                    let a = addr + i as u64;
                    match b {
                        Some(b) => mem.write_one::<u8>(dst, i as u32, a, *b),
                        None => mem.undefine(dst, i as u32, a),
                    }
                }
                if self.scalars.cmp_mask.iter().all(|b| b.is_none()) {
                    diags.push(Diagnostic::warning(
                        "cmp-mask-unset",
                        "GetCmpMask reads the CmpMask register, but no Compare into it (Compare without `dst`) ran before: the 16 bytes are uninitialised (docs/semantics.md §19)".to_string(),
                    ));
                }
                // GetCmpMask runs on the vector pipe.
                self.scalars.v_writes.push(*addr as u32..*addr as u32 + 16);
            }
            ScalarStep::SetCmpMask { src, addr } => {
                // A vector-pipe read of 16 bytes: what SetValue wrote needs S → V first.
                let r = *addr as u32..*addr as u32 + 16;
                if meets(&self.scalars.s_writes, &r) {
                    diags.push(Diagnostic::warning(
                        "vector-read-without-sync",
                        format!("SetCmpMask reads UB bytes {:#x}..{:#x} that SetValue wrote, with no synchronisation from S to V since (SetFlag+WaitFlag S_V): on hardware the vector pipe may read stale data (docs/format.md §10)", r.start, r.end),
                    ));
                }
                let mut unset = 0;
                for i in 0..16u32 {
                    let a = addr + i as u64;
                    let init = mem.is_init(a, 1);
                    let b = mem.read_one::<u8>(src, i, a);
                    self.scalars.cmp_mask[i as usize] = init.then_some(b);
                    unset += u32::from(!init);
                }
                if unset > 0 {
                    diags.push(Diagnostic::warning(
                        "uninitialised-read",
                        format!("SetCmpMask reads {unset} uninitialised byte(s) of UB {:#x}..{:#x} into the CmpMask register", r.start, r.end),
                    ));
                }
            }
            ScalarStep::CmpMaskRet { dst } => {
                let d = self.program.scalars[*dst].dtype;
                let n = d.size() as usize;
                let bytes: Option<Vec<u8>> = self.scalars.cmp_mask[..n].iter().copied().collect();
                self.scalars.values[*dst] = bytes.as_deref().map(|b| d.decode(b));
                if bytes.is_none() {
                    diags.push(Diagnostic::warning(
                        "cmp-mask-unset",
                        format!("GetCmpMask into \"{}\" reads {n} bytes of the CmpMask register that no Compare into it wrote: the scalar is uninitialised (docs/semantics.md §19)", self.program.scalars[*dst].name),
                    ));
                }
            }
            ScalarStep::Words { dst, addr, words } => {
                scalar_write(
                    &mut self.last_writes,
                    &mut self.write_log,
                    (self.pos.instruction, self.step),
                    *addr..addr + 128,
                    true,
                );
                for (i, w) in words.iter().enumerate() {
                    mem.write_one::<u64>(dst, i as u32, addr + 8 * i as u64, *w);
                }
                self.scalars.s_writes.push(*addr as u32..*addr as u32 + 128);
            }
            ScalarStep::MaxMinSpr { value, index } => {
                self.max_min_spr(*value, *index, &mut diags);
            }
            ScalarStep::ReduceSumSpr { dst } => {
                let decl = &self.program.scalars[*dst];
                match self.scalars.reduce_sum {
                    None => {
                        diags.push(Diagnostic::warning(
                            "reduce-sum-spr-unset",
                            format!("GetReduceRepeatSumSpr reads the ReduceSum result register, but no ReduceSum with `count` (the first-n form) ran before it: scalar \"{}\" is uninitialised (DK:归约计算/寄存器辅助接口/GetReduceRepeatSumSpr 约束说明)", decl.name),
                        ));
                        self.scalars.values[*dst] = None;
                    }
                    Some(v) => match cast_value(v, decl.dtype) {
                        Ok(x) => self.scalars.values[*dst] = Some(x),
                        Err(m) => diags.push(Diagnostic::error(
                            "scalar-out-of-range",
                            format!("GetReduceRepeatSumSpr into \"{}\": {m}", decl.name),
                        )),
                    },
                }
            }
            ScalarStep::Let { dst, expr } => {
                let mut unset = Vec::new();
                let decl = &self.program.scalars[*dst];
                match eval(expr, &self.program, &self.scalars.values, &mut unset) {
                    Ok(v) => match cast_value(v, decl.dtype) {
                        Ok(x) => self.scalars.values[*dst] = Some(x),
                        Err(m) => diags.push(Diagnostic::error(
                            "scalar-out-of-range",
                            format!("Let \"{}\": {m}", decl.name),
                        )),
                    },
                    Err(e) => {
                        let code = if e.message.starts_with("division by zero") {
                            "division-by-zero"
                        } else {
                            "bad-expr"
                        };
                        // The caret on the operator inside the `expr` string.
                        let s = self.program.code[idx as usize].span_of("expr");
                        let at = Span::new(s.line, s.col.saturating_add(e.col));
                        diags.push(
                            Diagnostic::error(
                                code,
                                format!("Let \"{}\": {}", decl.name, e.message),
                            )
                            .at(at),
                        );
                    }
                }
                diags.extend(
                    unset
                        .into_iter()
                        .map(|m| Diagnostic::warning("uninitialised-scalar", m)),
                );
            }
        }
        let diags: Vec<Diagnostic> = diags
            .into_iter()
            .map(|d| match d.span {
                Some(_) => d.in_instr(idx),
                None => d.at(span).in_instr(idx),
            })
            .collect();
        if let Some(e) = ev_diags {
            e.extend(diags.iter().cloned());
        }
        for d in diags {
            if d.is_error() {
                self.status = Status::Failed;
            }
            self.diagnostics.push(d);
        }
    }
}

/// The first element operand `j` reads in block `b` of repeat `r` that is not initialised
/// (its lane, or for other indexings its element, and address): the lanes, or the elements the
/// plan says the block reads (one per block, packed bits).
fn block_uninit(
    mem: &Mem,
    plan: &Plan,
    j: usize,
    r: u32,
    b: u32,
    lanes: &crate::sim::mask::Lanes,
) -> Option<(u32, u32)> {
    let op = &plan.operands[j];
    if op.index == Indexing::Lanes {
        return mem.first_uninit(op, r, block_lanes(plan.par, b), lanes);
    }
    let mut es = Vec::new();
    plan.elems_in_block(j, r, b, lanes, &mut es);
    es.into_iter()
        .map(|e| (e, op.addr(r, e)))
        .find_map(|(e, a)| {
            (!mem.is_init(a, op.size()) && mem.ub.holds(a..a + op.size() as u64))
                .then_some((e, a as u32))
        })
}

fn uninit_diag(
    program: &Program,
    idx: u32,
    op: &OpAddr,
    r: u32,
    b: u32,
    lane: u32,
    addr: u32,
) -> Diagnostic {
    let t = &program.tensors[op.tensor];
    let instr = &program.code[idx as usize];
    let field = if op.role == "src" && instr.op.family() == Family::Binary {
        "src0"
    } else {
        op.role
    };
    let elem = t.elem_at(addr as u64);
    Diagnostic::warning(
        "uninitialised-read",
        format!(
            "{} `{}` reads uninitialised UB at {addr:#x} (lane {lane}, element {elem} of `{}`)",
            op.role, t.name, t.name
        ),
    )
    .at(instr.span_of(field))
    .in_instr(idx)
    .in_block(r, Some(b))
}

/// Decodes `bytes` of `dtype` elements, for display.
pub fn decode_all(dtype: DType, bytes: &[u8]) -> Vec<Value> {
    bytes
        .chunks_exact(dtype.size() as usize)
        .map(|c| dtype.decode(c))
        .collect()
}

/// Appends the destination extents of an instruction about to run to `log`. An extent is
/// exact when the instruction takes the fast path over dense whole repeats of a prefix of
/// lanes: then it writes every byte of it.
fn log_writes(log: &mut Vec<WriteRec>, prep: &Prepared, instruction: u32, step: u64) {
    let plan = &prep.plan;
    let prefix = match plan.lanes {
        LaneSource::Counted { .. } => true,
        LaneSource::Fixed { lanes, .. } => lanes == crate::sim::mask::Lanes::first(plan.par),
        LaneSource::Grouped { .. } => false,
    };
    for (j, op) in plan.operands.iter().enumerate() {
        if op.kind != AccessKind::Write {
            continue;
        }
        let Some(bytes) = plan.extent(j) else {
            continue;
        };
        let dense = op.index == Indexing::Lanes
            && op.group <= 1
            && op.repeat_contiguous(plan.par)
            && op.rep as u64 * op.rep_unit as u64 == (plan.par * op.size()) as u64;
        log.push(WriteRec {
            instruction,
            step,
            bytes,
            exact: prep.fast && prefix && dense,
        });
    }
}

/// A scalar-unit step of instruction `at.0`, reached at step `at.1`, writes `bytes` (all of
/// them when `exact`).
fn scalar_write(
    last: &mut Vec<Range<u64>>,
    log: &mut Option<Vec<WriteRec>>,
    at: (u32, u64),
    bytes: Range<u64>,
    exact: bool,
) {
    last.push(bytes.clone());
    if let Some(log) = log.as_mut() {
        log.push(WriteRec {
            instruction: at.0,
            step: at.1,
            bytes,
            exact,
        });
    }
}
