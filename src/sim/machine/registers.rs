//! What the scalar unit sees of the vector unit: the registers an instruction leaves
//! (ReduceSum, CmpMask, max/min) and the scalar-unit steps (GetValue, SetValue, Let, the
//! register reads, GetCmpMask/SetCmpMask, SetDeqScale's words).

use super::*;

impl Machine {
    /// The registers an instruction leaves for the scalar unit: the ReduceSum register after
    /// a count-form ReduceSum (docs/semantics.md §17), the CmpMask register after a Compare into
    /// it, the max/min register after ReduceRepeat MAX/MIN, ReduceMax and ReduceMin (§19).
    pub(super) fn registers(&mut self, active: &Active) {
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
    pub(super) fn exec_scalar(&mut self, s: &ScalarStep, ev: Option<&mut StepEvent>) {
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
