//! `ascstep import`: a recorded run written as a RON program (docs/format.md §1–§11) that runs
//! to the same result, each instruction commented with its C++ position (§12.4).

use super::Run;
use crate::base::ir::Space;

/// The recording of `run` as RON text.
pub fn ron(run: &Run) -> String {
    let m = &run.machine;
    let p = m.program();
    let mut out = String::new();
    out.push_str(&format!(
        "// Recorded by ascstep from {} on {}: {} API call{}, {} launch{}.\n",
        p.path.display(),
        m.product(),
        p.code.len(),
        if p.code.len() == 1 { "" } else { "s" },
        run.launches,
        if run.launches == 1 { "" } else { "es" }
    ));
    out.push_str("Program(\n");
    if let Some(n) = &p.name {
        out.push_str(&format!("    name: {n:?},\n"));
    }
    out.push_str(&format!("    product: {},\n", m.product().key()));
    let wide = widened(run);
    let section = |space: Space| {
        let mut s = String::new();
        for (i, t) in p
            .tensors
            .iter()
            .enumerate()
            .filter(|(_, t)| t.space == space)
        {
            let len = wide.get(&i).copied().unwrap_or(t.len);
            let note = if len != t.len {
                format!(
                    " // len {}: the kernel accessed past it (outside-tensor)",
                    t.len
                )
            } else {
                String::new()
            };
            let init = t.init.as_ref().map(|b| {
                let size = t.dtype.size() as usize;
                let mut words: Vec<String> = b
                    .chunks(size)
                    .map(|c| {
                        let mut v = 0u64;
                        for (k, byte) in c.iter().enumerate() {
                            v |= (*byte as u64) << (8 * k);
                        }
                        format!("{v:#x}")
                    })
                    .collect();
                // A widened tensor's padding as the allocation has it: zeros (a shorter list
                // would repeat).
                words.resize(len as usize, "0x0".into());
                let lines: Vec<String> = words.chunks(16).map(|c| c.join(", ")).collect();
                format!(
                    ", init: Bits([\n            {},\n        ])",
                    lines.join(",\n            ")
                )
            });
            match space {
                Space::Reg => s.push_str(&format!(
                    "        {:?}: (dtype: {}),\n",
                    t.name,
                    t.dtype.name()
                )),
                Space::Mask => s.push_str(&format!("        {:?}: Mask,\n", t.name)),
                Space::Ub => s.push_str(&format!(
                    "        {:?}: (dtype: {}, addr: {:#x}, len: {len}),{note}\n",
                    t.name,
                    t.dtype.name(),
                    t.addr,
                )),
                Space::Gm => s.push_str(&format!(
                    "        {:?}: (dtype: {}, len: {len}{}),{note}\n",
                    t.name,
                    t.dtype.name(),
                    init.unwrap_or_default()
                )),
            }
        }
        s
    };
    out.push_str("    tensors: {\n");
    out.push_str(&section(Space::Ub));
    out.push_str("    },\n");
    let gm = section(Space::Gm);
    if !gm.is_empty() {
        out.push_str("    gm: {\n");
        out.push_str(&gm);
        out.push_str("    },\n");
    }
    let regs = section(Space::Reg) + &section(Space::Mask);
    if !regs.is_empty() {
        out.push_str("    regs: {\n");
        out.push_str(&regs);
        out.push_str("    },\n");
    }
    if !p.scalars.is_empty() {
        out.push_str("    scalars: {\n");
        for s in &p.scalars {
            out.push_str(&format!(
                "        {:?}: (dtype: {}),\n",
                s.name,
                s.dtype.name()
            ));
        }
        out.push_str("    },\n");
    }
    out.push_str("    code: [\n");
    let origins = p.origins.clone().unwrap_or_default();
    let mut core = 0;
    for (i, text) in origins.calls.iter().enumerate() {
        let at = origins.position(i).unwrap_or_default();
        let block = origins.sites.get(i).map_or(0, |s| s.block);
        // Each launch block runs on its own AI core, with its own UB (docs/format.md §12.4).
        let on = p.code.get(i).map_or(0, |c| c.core);
        if on != core {
            out.push_str(&format!("        Core({on}),\n"));
            core = on;
        }
        out.push_str(&format!("        {text}, // {at} block {block}\n"));
    }
    out.push_str("    ],\n)\n");
    out
}

/// The tensors a call reached past (warning `outside-tensor`, docs/format.md §12.4), with the
/// length that covers what the device lets it reach: a UB tensor to the end of the UB, a GM
/// tensor to the end of its allocation's padding. A RON program's tensors are exact, so the
/// imported program declares them that long and runs to the same bytes.
fn widened(run: &Run) -> std::collections::HashMap<usize, u32> {
    let m = &run.machine;
    let p = m.program();
    let calls = p
        .origins
        .as_ref()
        .map(|o| o.calls.as_slice())
        .unwrap_or_default();
    let mut out = std::collections::HashMap::new();
    for d in m
        .diagnostics()
        .iter()
        .filter(|d| d.code == "outside-tensor")
    {
        let Some(text) = d.instruction.and_then(|i| calls.get(i as usize)) else {
            continue;
        };
        // The call's operands are its quoted names (`"x[64]"`).
        for quoted in text.split('"').skip(1).step_by(2) {
            let name = quoted.split('[').next().unwrap_or(quoted);
            let Some(i) = p.tensors.iter().position(|t| t.name == name) else {
                continue;
            };
            let t = &p.tensors[i];
            let bytes = match t.space {
                Space::Ub => m.ub().size().saturating_sub(t.addr) as u64,
                Space::Gm => (t.bytes() as u64).next_multiple_of(32) + 32,
                Space::Reg | Space::Mask => t.bytes() as u64,
            };
            out.insert(i, (bytes / t.dtype.size() as u64) as u32);
        }
    }
    out
}
