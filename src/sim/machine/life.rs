//! An instruction's life on the machine: entering it (its preparation, or the errors that stop
//! the run), its block steps (observed or not) and finishing it (the registers it leaves, its
//! returned count, the cursor on to the next instruction).

use super::*;

impl Machine {
    /// Reaches the current instruction: prepare it, or fail. Returns false on failure.
    pub(super) fn enter(&mut self, ev: Option<&mut StepEvent>) -> bool {
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
                self.last_writes.extend(prep.exec.unplanned_writes());
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

    pub(super) fn step_block(&mut self, mut ev: Option<&mut StepEvent>) {
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
            if op.kind != AccessKind::Read || active.uninit_seen >> j & 1 == 1 || plan.register_load
            {
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

    pub(super) fn finish(&mut self, active: Box<Active>) {
        self.mask = active.prep.mask_at_end;
        self.atomic = active.prep.atomic_at_end;
        // What a vector instruction wrote stays unsynchronised for the scalar unit. The GM
        // moves run on the MTE pipes, whose hazards ascstep does not track (docs/semantics.md
        // §18): bytes a GM → UB move writes are the move's from then on, no longer the vector's.
        let plan = &active.prep.plan;
        let op = self.program.code[self.pos.instruction as usize].op;
        let vector_pipe = op.on_vector_pipe();
        for i in 0..plan.operands.len() {
            if plan.operands[i].kind == AccessKind::Write {
                if let Some(e) = plan.extent(i) {
                    let r = e.start as u32..e.end.min(u32::MAX as u64) as u32;
                    if vector_pipe {
                        // The set of bytes is what counts: a loop's write of the same bytes
                        // again is kept once.
                        let v = &mut self.scalars.v_writes;
                        if !v
                            .iter()
                            .rev()
                            .take(8)
                            .any(|w| w.start <= r.start && r.end <= w.end)
                        {
                            v.push(r);
                        }
                    } else {
                        crate::sim::scalar::forget(&mut self.scalars.v_writes, &r);
                    }
                }
            }
        }
        self.registers(&active);
        // A returned count: GatherMask's rsvdCnt, MrgSort's taken structures; `ret: "name"`
        // assigns it to a scalar (docs/format.md §10).
        let code = &self.program.code[self.pos.instruction as usize];
        let returned = match (&active.prep.exec, &code.args) {
            (Exec::GatherMask(_), crate::base::ir::Args::GatherMask { ret, .. }) => {
                Some(("rsvd_cnt", *ret))
            }
            (Exec::Sort(k), crate::base::ir::Args::Sort { ret, .. }) if k.merge.is_some() => {
                Some(("mrg_sort_result", *ret))
            }
            (Exec::RegReduce(k), crate::base::ir::Args::RegReduce { ret, .. })
                if k.op == crate::base::catalog::Op::RegSqueeze =>
            {
                Some(("kept", *ret))
            }
            _ => None,
        };
        if let Some((name, ret)) = returned {
            self.returns.push(Return {
                instruction: self.pos.instruction,
                name,
                value: active.scratch.written,
            });
            if let Some(i) = ret {
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
