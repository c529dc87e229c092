//! Tiling-key templates (CANN's `ascendc/host_api/tiling/template_argument.h`): a kernel
//! `template <…> __global__` whose parameters `ASCENDC_TPL_ARGS_DECL` declares, each with the
//! values it may take and its bits in the tiling key, and whose instantiations `ASCENDC_TPL_SEL`
//! lists. The host computes the key from the parameters' values (`GET_TPL_TILING_KEY`), the
//! build instantiates every selected combination and the runtime launches the one the key names.
//! A binding that names the entry without template arguments is given the instantiation its
//! `tiling_key` selects (docs/format.md §12.2), read from the kernel preprocessed with
//! `ASCENDC_TPL_PRE` as CANN's build reads it.

use super::cexpr::{eval, Consts};
use std::collections::BTreeMap;

/// What a template parameter is (CANN's ASCENDC_TPL_DTYPE … SHARED_KERNEL_TYPE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A custom data-type number (ASCENDC_TPL_DTYPE_*), passed as the number.
    Dtype,
    /// A native data type (ASCENDC_TPL_DATATYPE_*, `C_DT_*`), passed as its C++ type, as
    /// CANN's build passes `TypeFromId<id>::type`.
    Datatype,
    Format,
    Uint,
    Bool,
    KernelType,
    Deterministic,
    SharedKernelType,
}

impl Kind {
    fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "DTYPE" => Kind::Dtype,
            "DATATYPE" => Kind::Datatype,
            "FORMAT" => Kind::Format,
            "UINT" => Kind::Uint,
            "BOOL" => Kind::Bool,
            "KERNEL_TYPE" => Kind::KernelType,
            "DETERMINISTIC" => Kind::Deterministic,
            "SHARED_KERNEL_TYPE" => Kind::SharedKernelType,
            _ => return None,
        })
    }

    /// Whether the parameter is one of the kernel's template parameters (the kernel type and
    /// determinism select how the build compiles, not a template argument).
    fn is_argument(self) -> bool {
        !matches!(self, Kind::KernelType | Kind::Deterministic)
    }
}

/// One parameter of a declaration or a selection, its values expanded (UI_RANGE/UI_MIX).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub kind: Kind,
    pub name: String,
    /// Its bits in the tiling key (declarations only).
    pub bits: u32,
    pub values: Vec<u64>,
}

/// A kernel's declaration and selections.
#[derive(Clone, Debug, PartialEq)]
pub struct Templates {
    pub decl: Vec<Param>,
    pub sels: Vec<Vec<Param>>,
}

/// ASCENDC_TPL_INPUT_BIAS: values from here on name an input's or output's data type.
const INPUT_BIAS: u64 = 100_000_000;

/// The C++ type of a native data type (ge::DataType's value), as CANN's TypeFromId maps it.
fn type_of(dt: u64) -> Option<&'static str> {
    Some(match dt {
        0 => "float",
        1 => "half",
        2 => "int8_t",
        3 => "int32_t",
        4 => "uint8_t",
        6 => "int16_t",
        7 => "uint16_t",
        8 => "uint32_t",
        9 => "int64_t",
        10 => "uint64_t",
        11 => "double",
        12 => "bool",
        27 => "bfloat16_t",
        29 => "AscendC::int4b_t",
        _ => return None,
    })
}

/// How many selected combinations a message lists.
const SHOWN: usize = 8;

impl Templates {
    /// The template arguments, in declaration order, that `key` encodes, if a selection
    /// allows them.
    pub fn decode(&self, key: u64) -> Result<Vec<u64>, String> {
        let mut shift = 0u32;
        let mut vals = Vec::new();
        for p in &self.decl {
            let field = if shift >= 64 {
                0
            } else {
                (key >> shift) & mask(p.bits)
            };
            shift += p.bits;
            vals.push(match p.kind {
                Kind::Uint => match p.values.get(field as usize) {
                    Some(&v) => v,
                    None => {
                        return Err(self.refuse(
                            key,
                            &format!(
                                "its bits for `{}` are {field}, and `{}` declares {} values",
                                p.name,
                                p.name,
                                p.values.len()
                            ),
                        ))
                    }
                },
                _ => field,
            });
        }
        if shift < 64 && key >> shift != 0 {
            return Err(self.refuse(
                key,
                &format!("the declaration's parameters take {shift} bits"),
            ));
        }
        if !self.allowed(&vals) {
            let args = self.describe(&vals);
            return Err(self.refuse(
                key,
                &format!("it encodes {args}, which no ASCENDC_TPL_ARGS_SEL selects"),
            ));
        }
        Ok(vals)
    }

    /// The key of the arguments `vals` (declaration order), as `GET_TPL_TILING_KEY` computes it.
    pub fn encode(&self, vals: &[u64]) -> u64 {
        let mut shift = 0u32;
        let mut key = 0u64;
        for (p, &v) in self.decl.iter().zip(vals) {
            let field = match p.kind {
                Kind::Uint => p.values.iter().position(|&x| x == v).unwrap_or(0) as u64,
                _ => v,
            };
            if shift < 64 {
                key |= (field & mask(p.bits)) << shift;
            }
            shift += p.bits;
        }
        key
    }

    /// Whether some selection allows the arguments `vals`.
    pub fn allowed(&self, vals: &[u64]) -> bool {
        self.sels.iter().any(|sel| {
            self.decl
                .iter()
                .zip(vals)
                .all(|(d, v)| sel.iter().any(|s| s.name == d.name && s.values.contains(v)))
        })
    }

    /// Every selected combination's key and arguments, by key (at most `limit`).
    pub fn selected(&self, limit: usize) -> Vec<(u64, Vec<u64>)> {
        let mut out = BTreeMap::new();
        for sel in &self.sels {
            let per: Vec<&[u64]> = self
                .decl
                .iter()
                .map(|d| {
                    sel.iter()
                        .find(|s| s.name == d.name)
                        .map_or(&[][..], |s| s.values.as_slice())
                })
                .collect();
            if per.iter().any(|v| v.is_empty()) {
                continue;
            }
            let mut idx = vec![0usize; per.len()];
            'combos: loop {
                let vals: Vec<u64> = idx.iter().zip(&per).map(|(&i, v)| v[i]).collect();
                out.insert(self.encode(&vals), vals);
                if out.len() >= limit {
                    return out.into_iter().collect();
                }
                // The next combination, the last parameter fastest.
                for k in (0..per.len()).rev() {
                    idx[k] += 1;
                    if idx[k] < per[k].len() {
                        continue 'combos;
                    }
                    idx[k] = 0;
                }
                break;
            }
        }
        out.into_iter().collect()
    }

    /// `name=value, …` for the arguments `vals` (a native data type by its C++ type).
    pub fn describe(&self, vals: &[u64]) -> String {
        self.decl
            .iter()
            .zip(vals)
            .map(|(d, &v)| match (d.kind, type_of(v)) {
                (Kind::Datatype, Some(t)) => format!("{}={t}", d.name),
                _ => format!("{}={v}", d.name),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The C++ template arguments of the instantiation `vals` names.
    pub fn arguments(&self, vals: &[u64]) -> Result<Vec<String>, String> {
        self.decl
            .iter()
            .zip(vals)
            .map(|(d, &v)| match d.kind {
                Kind::Datatype => type_of(v).map(str::to_string).ok_or_else(|| {
                    format!(
                        "`{}` is data type {v}, which ascstep has no C++ type for",
                        d.name
                    )
                }),
                _ => Ok(v.to_string()),
            })
            .collect()
    }

    /// The message for a key no instantiation has, listing those the selections make.
    fn refuse(&self, key: u64, why: &str) -> String {
        format!(
            "tiling_key {key} names no instantiation of the kernel's ASCENDC_TPL_SEL: {why}; {}",
            self.choices()
        )
    }

    /// What a binding may give: the first selected keys and their arguments.
    pub fn choices(&self) -> String {
        let all = self.selected(SHOWN + 1);
        let shown: Vec<String> = all
            .iter()
            .take(SHOWN)
            .map(|(k, v)| format!("{k} ({})", self.describe(v)))
            .collect();
        format!(
            "the selected tiling keys are {}{}",
            shown.join(", "),
            if all.len() > SHOWN { ", …" } else { "" }
        )
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The declaration and selections in the kernel preprocessed with `ASCENDC_TPL_PRE` (None when
/// it declares none).
pub fn read(pre: &str) -> Result<Option<Templates>, String> {
    let Some(decl_at) = pre.find("__ascstep_tpl_decl(") else {
        return Ok(None);
    };
    let consts = Consts::new(pre);
    let decl_body = parens(pre, decl_at + "__ascstep_tpl_decl".len())
        .ok_or("ASCENDC_TPL_ARGS_DECL( is not closed")?;
    let decl = params(decl_body, true, &consts)?;
    let mut sels = Vec::new();
    let mut from = 0;
    while let Some(k) = pre[from..].find("__ascstep_tpl_sel(") {
        let at = from + k + "__ascstep_tpl_sel".len();
        let body = parens(pre, at).ok_or("ASCENDC_TPL_ARGS_SEL( is not closed")?;
        sels.push(params(body, false, &consts)?);
        from = at + body.len();
    }
    Ok(Some(Templates { decl, sels }))
}

/// The text inside the parentheses opening at `open`.
fn parens(s: &str, open: usize) -> Option<&str> {
    if s.as_bytes().get(open) != Some(&b'(') {
        return None;
    }
    let end = super::source::matching(s.as_bytes(), open, (b'(', b')'))?;
    Some(&s[open + 1..end - 1])
}

/// The `__ascstep_tpl(kind, name, bits, values…)` markers in `body`.
fn params(body: &str, decl: bool, consts: &Consts) -> Result<Vec<Param>, String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = body[from..].find("__ascstep_tpl(") {
        let at = from + k + "__ascstep_tpl".len();
        let inner = parens(body, at).ok_or("ASCENDC_TPL_…( is not closed")?;
        from = at + inner.len();
        let parts = super::source::split_commas(inner, false);
        let [kind, name, bits, rest @ ..] = parts.as_slice() else {
            return Err(format!("`{}` is not a template parameter", inner.trim()));
        };
        let kind = Kind::parse(kind.trim()).ok_or_else(|| format!("unknown kind {kind}"))?;
        let name = name.trim().to_string();
        let what = format!(
            "ASCENDC_TPL_…_{}({name}, …)",
            if decl { "DECL" } else { "SEL" }
        );
        let mut values = Vec::new();
        for v in rest.iter().filter(|v| !v.trim().is_empty()) {
            match eval(v, consts) {
                Ok(x) => values.push(x),
                // CANN's build reads a selection's values as the digits of its preprocessed
                // text (template_tiling.py's extract_num): a name no header defines, and so
                // without digits, selects nothing (ops-nn's clipped_swiglu selects an undefined
                // TPL_FLOOR). The declaration is compiled C++ and must name constants.
                Err(_) if !decl && is_bare_name(v) => {}
                Err(e) => return Err(format!("{what}: {e}")),
            }
        }
        if kind == Kind::Uint {
            values = expand_uint(&values).map_err(|e| format!("{what}: {e}"))?;
        }
        if matches!(kind, Kind::Datatype | Kind::Format) {
            // ASCENDC_TPL_INPUT(i)/OUTPUT(i): the data type of an input the build resolves;
            // CANN's encoding skips them, as here.
            values.retain(|&v| v < INPUT_BIAS);
        }
        if !kind.is_argument() && decl {
            continue;
        }
        let bits = eval(bits, consts).map_err(|e| format!("{what}: {e}"))? as u32;
        out.push(Param {
            kind,
            name,
            bits,
            values,
        });
    }
    Ok(out)
}

/// Whether `v` is one identifier without digits (`TPL_FLOOR`).
fn is_bare_name(v: &str) -> bool {
    let v = v.trim();
    v.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && v.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
}

/// UINT values as CANN's ParseTplUintValue expands them: `UI_LIST, v…`; `UI_RANGE, n, lo, hi…`;
/// `UI_MIX, n, lo, hi…, v…`.
fn expand_uint(v: &[u64]) -> Result<Vec<u64>, String> {
    const RANGE: u64 = 0;
    const LIST: u64 = 1;
    const MIX: u64 = 2;
    match v.first() {
        Some(&LIST) => Ok(v[1..].to_vec()),
        Some(&(RANGE | MIX)) => {
            let n = *v.get(1).ok_or("a range count must follow UI_RANGE")? as usize;
            if v.len() < 2 + 2 * n {
                return Err(format!("{n} ranges declared, {} values given", v.len() - 2));
            }
            let mut out = Vec::new();
            for r in 0..n {
                let (lo, hi) = (v[2 + 2 * r], v[3 + 2 * r]);
                if hi < lo || hi - lo > 1 << 16 {
                    return Err(format!("range {lo}..{hi} is not a range of values"));
                }
                out.extend(lo..=hi);
            }
            if v[0] == MIX {
                out.extend_from_slice(&v[2 + 2 * n..]);
            }
            Ok(out)
        }
        Some(f) => Err(format!(
            "the first value must be ASCENDC_TPL_UI_LIST, UI_RANGE or UI_MIX, not {f}"
        )),
        None => Err("no values".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marker text the stand-in header's ASCENDC_TPL_PRE macros expand to.
    const TENSOR_MOVE: &str =
        "__ascstep_tpl_decl(TensorMove, __ascstep_tpl(UINT, schMode, 2, 1, 0, 1, 2, 3));\n\
        __ascstep_tpl_sels(__ascstep_tpl_sel(__ascstep_tpl(UINT, schMode, 0, 1, 0, 1, 2, 3)));";

    #[test]
    fn a_uint_list_key_is_the_value_index() {
        let t = read(TENSOR_MOVE).unwrap().unwrap();
        assert_eq!(t.decl.len(), 1);
        assert_eq!(t.decode(2).unwrap(), vec![2]);
        assert!(t.decode(4).unwrap_err().contains("take 2 bits"));
    }

    /// CANN's EncodeTilingKey (impl/utils/tiling/template_argument.cpp): each declared
    /// parameter in order from bit 0, a DTYPE or BOOL as its value, a UINT as the index of its
    /// value among the declared ones, in the declared bit width.
    #[test]
    fn keys_pack_parameters_from_the_low_bits() {
        let pre = "__ascstep_tpl_decl(AddTemplateCustom, __ascstep_tpl(DTYPE, D_T_X, 8, 1, 0), \
            __ascstep_tpl(UINT, TILE_NUM, 4, 0, 1, 1, 8), __ascstep_tpl(BOOL, IS_SPLIT, 1, 0, 1));\n\
            __ascstep_tpl_sels(__ascstep_tpl_sel(__ascstep_tpl(KERNEL_TYPE, kernel_type, 8, 0), \
            __ascstep_tpl(DTYPE, D_T_X, 8, 1), __ascstep_tpl(UINT, TILE_NUM, 0, 1, 1, 8), \
            __ascstep_tpl(BOOL, IS_SPLIT, 1, 0, 1)))";
        let t = read(pre).unwrap().unwrap();
        // UI_RANGE, one range, 1..8: eight values; 8 is the eighth (index 7).
        assert_eq!(t.decl[1].values, (1..=8).collect::<Vec<u64>>());
        // D_T_X = 1 (float16), TILE_NUM = 8 (index 7), IS_SPLIT = 1.
        let key = 1 | (7 << 8) | (1 << 12);
        assert_eq!(t.encode(&[1, 8, 1]), key);
        assert_eq!(t.decode(key).unwrap(), vec![1, 8, 1]);
        // D_T_X = 0 is declared but selected by no ASCENDC_TPL_ARGS_SEL.
        let e = t.decode(7 << 8).unwrap_err();
        assert!(e.contains("D_T_X=0, TILE_NUM=8, IS_SPLIT=0"), "{e}");
        assert!(e.contains("1 (D_T_X=1, TILE_NUM=1, IS_SPLIT=0)"), "{e}");
    }

    #[test]
    fn values_may_be_expressions_and_named_constants() {
        let pre = "constexpr uint32_t MODE_B = 1 << 2;\n\
            __ascstep_tpl_decl(X, __ascstep_tpl(UINT, m, 3, 1, 0, (uint32_t)MODE_B, static_cast<uint32_t>(3 + 2)));\n\
            __ascstep_tpl_sels(__ascstep_tpl_sel(__ascstep_tpl(UINT, m, 0, 1, 4, 5)))";
        let t = read(pre).unwrap().unwrap();
        assert_eq!(t.decl[0].values, vec![0, 4, 5]);
        assert_eq!(t.decode(2).unwrap(), vec![5]);
        let bad = "__ascstep_tpl_decl(X, __ascstep_tpl(UINT, m, 3, 1, NOPE))";
        assert!(read(bad).unwrap_err().contains("`NOPE` is not a constant"));
        // In a selection, a name no header defines is no value, as in CANN's build.
        let sel = "__ascstep_tpl_decl(X, __ascstep_tpl(UINT, m, 3, 1, 0, 1));\n\
            __ascstep_tpl_sels(__ascstep_tpl_sel(__ascstep_tpl(UINT, m, 0, 1, 1, NOPE)))";
        let t = read(sel).unwrap().unwrap();
        assert_eq!(t.sels[0][0].values, vec![1]);
        // A name with digits is still refused: CANN would take its digits.
        let digits = sel.replace("NOPE", "NOPE2");
        assert!(read(&digits)
            .unwrap_err()
            .contains("`NOPE2` is not a constant"));
    }

    /// CANN's template_tiling.py: a DATATYPE parameter's key bits are its value and the
    /// instantiation gets `TypeFromId<value>::type`; an ASCENDC_TPL_INPUT(i) value has no
    /// encoding.
    #[test]
    fn a_native_data_type_is_passed_as_its_type() {
        let pre =
            "__ascstep_tpl_decl(X, __ascstep_tpl(DATATYPE, D_T, 8, 27, 1, (100000000 + (0))));\n\
            __ascstep_tpl_sels(__ascstep_tpl_sel(__ascstep_tpl(DATATYPE, D_T, 8, 27, 1)))";
        let t = read(pre).unwrap().unwrap();
        assert_eq!(t.decl[0].values, vec![27, 1]);
        let vals = t.decode(27).unwrap();
        assert_eq!(t.arguments(&vals).unwrap(), vec!["bfloat16_t"]);
        assert_eq!(t.describe(&[1]), "D_T=half");
    }

    #[test]
    fn no_declaration_is_none() {
        assert_eq!(read("int x;").unwrap(), None);
    }
}
