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
    let section = |space: Space| {
        let mut s = String::new();
        for t in p.tensors.iter().filter(|t| t.space == space) {
            let init = t.init.as_ref().map(|b| {
                let size = t.dtype.size() as usize;
                let words: Vec<String> = b
                    .chunks(size)
                    .map(|c| {
                        let mut v = 0u64;
                        for (k, byte) in c.iter().enumerate() {
                            v |= (*byte as u64) << (8 * k);
                        }
                        format!("{v:#x}")
                    })
                    .collect();
                let lines: Vec<String> = words.chunks(16).map(|c| c.join(", ")).collect();
                format!(
                    ", init: Bits([\n            {},\n        ])",
                    lines.join(",\n            ")
                )
            });
            match space {
                Space::Ub => s.push_str(&format!(
                    "        {:?}: (dtype: {}, addr: {:#x}, len: {}),\n",
                    t.name,
                    t.dtype.name(),
                    t.addr,
                    t.len
                )),
                Space::Gm => s.push_str(&format!(
                    "        {:?}: (dtype: {}, len: {}{}),\n",
                    t.name,
                    t.dtype.name(),
                    t.len,
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
