//! A checked data form's elements: `DataForm::materialize` into the bytes of a run (`Values`,
//! `Ramp`, `Fill`, `Bits`, `Random`, `File`), each literal encoded as `encode_lit` does.

use super::*;

pub(super) fn lit_f64(l: Lit) -> f64 {
    match l {
        Lit::Int(v) => v as f64,
        Lit::Float(v) => v,
    }
}

// The `Random` generator: `base::rng::SplitMix64` seeded with `seed`; element k of the run
// takes the k-th output. For integer types the element is `min + next() % (max − min + 1)`
// (computed in 128 bits); for float types it is `min + (max − min) · ((next() >> 11) / 2^53)`
// in f64, rounded to the type (nearest even).
impl DataForm {
    /// Elements the form has by itself: the list length of Values/Bits, the file's element
    /// count; None for Ramp, Fill and Random (they fill any run).
    pub fn natural_len(&self) -> Option<u32> {
        match &self.kind {
            FormKind::List { n, .. } | FormKind::File { n, at: None, .. } => Some(*n),
            _ => None,
        }
    }

    /// The bytes of `run.len` elements.
    ///
    /// A Values/Bits list must have exactly `run.len` elements, with one exception:
    /// docs/format.md §4 says "fewer than `len` is an error unless the form is for
    /// `expect` with an explicit `len`", and ascstep reads that exception as *the list repeats
    /// cyclically to fill `len`* (`run.cyclic`): `(tensor: "z", len: 6, values: Values([1,
    /// 2]))` expects 1, 2, 1, 2, 1, 2. A list longer than `len` is always `length-mismatch`.
    /// A File must have exactly `run.len` elements; Ramp, Fill and Random produce any length.
    pub fn materialize(&self, ctx: &mut Ctx, t: &Target, run: &Run) -> Option<Vec<u8>> {
        let bytes = self.elements(ctx, t, run)?;
        if !t.dtype.is_nibble() {
            return Some(bytes);
        }
        // int4b_t: one byte per element so far; two to a byte, element 2i in the low nibble.
        Some(
            bytes
                .chunks(2)
                .map(|p| p[0] & 0xf | p.get(1).map_or(0, |h| h << 4))
                .collect(),
        )
    }

    /// `materialize`'s elements, one `size()` each (an int4b_t in a byte of its own).
    fn elements(&self, ctx: &mut Ctx, t: &Target, run: &Run) -> Option<Vec<u8>> {
        let size = t.dtype.size() as usize;
        let len = run.len as usize;
        match &self.kind {
            // File(path, at: N): elements N .. N + len of a file that may be longer.
            FormKind::File {
                path,
                n,
                at: Some(a),
            } => {
                let need = *a as u64 + run.len as u64;
                if need > *n as u64 {
                    ctx.report(
                        Diagnostic::error(
                            "length-mismatch",
                            format!(
                                "File for {}: the data file has {n} elements, `at: {a}` needs {need} (at + {})",
                                run.what, run.len
                            ),
                        )
                        .at(self.span),
                    );
                    return None;
                }
                read_file(ctx, path, *a as u64, len, size, self.span)
            }
            FormKind::File { path, n, at: None } => {
                if *n != run.len {
                    ctx.report(
                        Diagnostic::error(
                            "length-mismatch",
                            format!(
                                "File for {}: the data file has {n} elements, expected {}",
                                run.what, run.len
                            ),
                        )
                        .at(self.span),
                    );
                    return None;
                }
                read_file(ctx, path, 0, len, size, self.span)
            }
            FormKind::List { bytes, n } => {
                let n = *n;
                let cycles = run.cyclic && n > 0 && n < run.len && self.name != "File";
                if n != run.len && !cycles {
                    let what = if self.name == "File" {
                        "the data file has"
                    } else {
                        "the list has"
                    };
                    let mut d = Diagnostic::error(
                        "length-mismatch",
                        format!(
                            "{} for {}: {what} {n} elements, expected {}",
                            self.name, run.what, run.len
                        ),
                    )
                    .at(self.span);
                    if n < run.len && self.name != "File" {
                        d = d.note(if run.cyclic {
                            "an empty list cannot fill an expect run".to_string()
                        } else {
                            "an init list must give every element; in expect, give `len` to repeat a shorter list".to_string()
                        });
                    }
                    ctx.report(d);
                    return None;
                }
                Some(bytes.iter().copied().cycle().take(len * size).collect())
            }
            FormKind::Fill { bytes } => {
                Some(bytes.iter().copied().cycle().take(len * size).collect())
            }
            FormKind::Ramp { start, step } => {
                let mut out = vec![0u8; len * size];
                for i in 0..run.len {
                    let value = ramp_elem(*start, *step, i);
                    let res = match value {
                        Some(lit) => {
                            let computed_overflow = matches!(lit, Lit::Float(v) if !v.is_finite())
                                && lit_f64(*start).is_finite()
                                && lit_f64(*step).is_finite();
                            if computed_overflow {
                                Err(EncodeError::OutOfRange(range_text(t.dtype)))
                            } else {
                                quantize(t.dtype, lit)
                            }
                        }
                        None => Err(EncodeError::OutOfRange(range_text(t.dtype))),
                    };
                    match res {
                        Ok(v) => store(t.dtype, v, &mut out[i as usize * size..]),
                        Err(e) => {
                            let shown =
                                value.map_or("beyond 128 bits".to_string(), |l| l.to_string());
                            let msg = match e {
                                EncodeError::FloatForInteger => format!(
                                    "Ramp element {} of tensor \"{}\" is the float {shown}, but {} is an integer type",
                                    run.at as u64 + i as u64,
                                    t.name,
                                    t.dtype
                                ),
                                EncodeError::OutOfRange(_) => format!(
                                    "Ramp element {} of tensor \"{}\" is {shown}, which does not fit {}",
                                    run.at as u64 + i as u64,
                                    t.name,
                                    t.dtype
                                ),
                            };
                            let code = match e {
                                EncodeError::FloatForInteger => "float-for-integer",
                                EncodeError::OutOfRange(_) => "value-out-of-range",
                            };
                            ctx.report(
                                Diagnostic::error(code, msg)
                                    .at(self.span)
                                    .note(range_text(t.dtype)),
                            );
                            return None;
                        }
                    }
                }
                Some(out)
            }
            FormKind::Random { seed, min, max } => {
                let mut out = vec![0u8; len * size];
                let mut g = SplitMix64::new(*seed);
                for i in 0..len {
                    let r = g.next_u64();
                    let v = match (*min, *max) {
                        (Lit::Int(lo), Lit::Int(hi)) if t.dtype.int_range().is_some() => {
                            // lo ≤ hi within a ≤64-bit type, so the span fits in u128.
                            let span = (hi - lo) as u128 + 1;
                            Value::Int(lo + (r as u128 % span) as i128)
                        }
                        (lo, hi) => {
                            let (lo, hi) = (lit_f64(lo), lit_f64(hi));
                            let u = (r >> 11) as f64 / (1u64 << 53) as f64;
                            match quantize(t.dtype, Lit::Float(lo + (hi - lo) * u)) {
                                Ok(v) => v,
                                Err(_) => Value::Float(hi),
                            }
                        }
                    };
                    store(t.dtype, v, &mut out[i * size..]);
                }
                Some(out)
            }
        }
    }
}

/// Element `i` of a ramp: exact in i128 when start and step are integers, else
/// `start + i·step` in f64 with one rounding (fused multiply-add). None on i128 overflow.
pub(super) fn ramp_elem(start: Lit, step: Lit, i: u32) -> Option<Lit> {
    if i == 0 {
        return Some(start);
    }
    match (start, step) {
        (Lit::Int(a), Lit::Int(b)) => b.checked_mul(i as i128)?.checked_add(a).map(Lit::Int),
        _ => Some(Lit::Float(lit_f64(step).mul_add(i as f64, lit_f64(start)))),
    }
}
