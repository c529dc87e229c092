//! What a run leaves behind for its reader: uninitialised-read diagnostics of a block step,
//! decoded values, and the write log (which instruction wrote which bytes).

use super::*;

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

/// The first element operand `j` reads in block `b` of repeat `r` that is not initialised
/// (its lane, or for other indexings its element, and address): the lanes, or the elements the
/// plan says the block reads (one per block, packed bits).
pub(super) fn block_uninit(
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

pub(super) fn uninit_diag(
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
pub(super) fn log_writes(log: &mut Vec<WriteRec>, prep: &Prepared, instruction: u32, step: u64) {
    let plan = &prep.plan;
    let prefix = match plan.lanes {
        LaneSource::Counted { .. } => true,
        LaneSource::Fixed { lanes, .. } => lanes == crate::sim::mask::Lanes::first(plan.par),
        LaneSource::Grouped { .. } => false,
    };
    if let Some(bytes) = prep.exec.unplanned_writes() {
        log.push(WriteRec {
            instruction,
            step,
            bytes,
            exact: false,
        });
    }
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
pub(super) fn scalar_write(
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
