//! Tiling-key templates (CANN's `ascendc/host_api/tiling/template_argument.h`): a kernel
//! `template <…> __global__` whose parameters `ASCENDC_TPL_ARGS_DECL` declares, each with the
//! values it may take and its bits in the tiling key, and whose instantiations `ASCENDC_TPL_SEL`
//! lists. The host computes the key from the parameters' values (`GET_TPL_TILING_KEY`), the
//! build instantiates every selected combination and the runtime launches the one the key names.
//! A binding that names the entry without template arguments is given the instantiation its
//! `tiling_key` selects (docs/format.md §12.2), read from the kernel preprocessed with
//! `ASCENDC_TPL_PRE` as CANN's build reads it.

use std::collections::BTreeMap;

/// What a template parameter is (CANN's ASCENDC_TPL_DTYPE … SHARED_KERNEL_TYPE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Dtype,
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

    /// `name=value, …` for the arguments `vals`.
    pub fn describe(&self, vals: &[u64]) -> String {
        self.decl
            .iter()
            .zip(vals)
            .map(|(d, v)| format!("{}={v}", d.name))
            .collect::<Vec<_>>()
            .join(", ")
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
    let b = s.as_bytes();
    if b.get(open) != Some(&b'(') {
        return None;
    }
    let mut depth = 0;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&s[open + 1..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at commas outside brackets.
fn split(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The `__ascstep_tpl(kind, name, bits, values…)` markers in `body`.
fn params(body: &str, decl: bool, consts: &Consts) -> Result<Vec<Param>, String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = body[from..].find("__ascstep_tpl(") {
        let at = from + k + "__ascstep_tpl".len();
        let inner = parens(body, at).ok_or("ASCENDC_TPL_…( is not closed")?;
        from = at + inner.len();
        let parts = split(inner);
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
            values.push(eval(v, consts).map_err(|e| format!("{what}: {e}"))?);
        }
        if kind == Kind::Uint {
            values = expand_uint(&values).map_err(|e| format!("{what}: {e}"))?;
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

/// Named constants a value may use that the preprocessor leaves (`constexpr uint32_t K = 2;`,
/// enumerators with explicit values).
struct Consts<'a> {
    text: &'a str,
}

impl<'a> Consts<'a> {
    fn new(text: &'a str) -> Self {
        Consts { text }
    }

    /// The expression `name = …;` or `name = …,` defines, the last such definition.
    fn get(&self, name: &str) -> Option<&'a str> {
        let b = self.text.as_bytes();
        let mut found = None;
        let mut from = 0;
        while let Some(k) = self.text[from..].find(name) {
            let at = from + k;
            from = at + name.len();
            let before_ok = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
            let rest = self.text[from..].trim_start();
            if before_ok && rest.starts_with('=') && !rest.starts_with("==") {
                let rest = &rest[1..];
                let end = rest.find([';', ',', '}']).unwrap_or(rest.len());
                found = Some(&rest[..end]);
            }
        }
        found
    }
}

/// An integer constant expression as the preprocessor leaves it: numbers, `+ - * / % << >> &
/// | ^ ~ !`, parentheses, casts, `true`/`false` and named constants.
fn eval(s: &str, consts: &Consts) -> Result<u64, String> {
    let toks = lex(s)?;
    let mut p = Parser {
        toks: &toks,
        at: 0,
        consts,
        depth: 0,
    };
    let v = p.expr(0)?;
    if p.at != toks.len() {
        return Err(format!("cannot read `{}` as a number", s.trim()));
    }
    Ok(v as u64)
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i128),
    Id(String),
    Op(&'static str),
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    const OPS: [&str; 16] = [
        "<<", ">>", "::", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "(", ")", "<",
    ];
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'') {
                i += 1;
            }
            let t: String = s[start..i]
                .trim_end_matches(['u', 'U', 'l', 'L'])
                .replace('\'', "");
            let v = if let Some(h) = t.strip_prefix("0x").or(t.strip_prefix("0X")) {
                i128::from_str_radix(h, 16)
            } else if let Some(bn) = t.strip_prefix("0b").or(t.strip_prefix("0B")) {
                i128::from_str_radix(bn, 2)
            } else if t.len() > 1 && t.starts_with('0') {
                i128::from_str_radix(&t[1..], 8)
            } else {
                t.parse()
            };
            out.push(Tok::Num(
                v.map_err(|_| format!("`{}` is not a number", &s[start..i]))?,
            ));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Id(s[start..i].to_string()));
        } else if c == b'>' {
            out.push(Tok::Op(if b.get(i + 1) == Some(&b'>') {
                i += 1;
                ">>"
            } else {
                ">"
            }));
            i += 1;
        } else if let Some(op) = OPS.iter().find(|o| s[i..].starts_with(**o)) {
            out.push(Tok::Op(op));
            i += op.len();
        } else {
            return Err(format!("cannot read `{}` as a number", s.trim()));
        }
    }
    Ok(out)
}

struct Parser<'t, 'c> {
    toks: &'t [Tok],
    at: usize,
    consts: &'c Consts<'c>,
    depth: u32,
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
            self.at += 1;
            return true;
        }
        false
    }

    fn expr(&mut self, min: u8) -> Result<i128, String> {
        let mut lhs = self.unary()?;
        loop {
            let Some(Tok::Op(op)) = self.peek().cloned() else {
                return Ok(lhs);
            };
            let prec = match op {
                "*" | "/" | "%" => 6,
                "+" | "-" => 5,
                "<<" | ">>" => 4,
                "&" => 3,
                "^" => 2,
                "|" => 1,
                _ => return Ok(lhs),
            };
            if prec < min.max(1) {
                return Ok(lhs);
            }
            self.at += 1;
            let rhs = self.expr(prec + 1)?;
            lhs = match op {
                "*" => lhs.wrapping_mul(rhs),
                "/" | "%" if rhs == 0 => return Err("division by zero".into()),
                "/" => lhs / rhs,
                "%" => lhs % rhs,
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "<<" => lhs.checked_shl(rhs.clamp(0, 127) as u32).unwrap_or(0),
                ">>" => lhs >> rhs.clamp(0, 127),
                "&" => lhs & rhs,
                "^" => lhs ^ rhs,
                _ => lhs | rhs,
            };
        }
    }

    fn unary(&mut self) -> Result<i128, String> {
        self.depth += 1;
        if self.depth > 64 {
            return Err("the expression nests too deeply".into());
        }
        let v = match self.peek().cloned() {
            Some(Tok::Op("-")) => {
                self.at += 1;
                -self.unary()?
            }
            Some(Tok::Op("+")) => {
                self.at += 1;
                self.unary()?
            }
            Some(Tok::Op("~")) => {
                self.at += 1;
                (!(self.unary()? as u64)) as i128
            }
            Some(Tok::Op("!")) => {
                self.at += 1;
                (self.unary()? == 0) as i128
            }
            Some(Tok::Op("(")) => {
                self.at += 1;
                // A C cast `(uint32_t)x`: a type name alone in parentheses.
                if let (Some(Tok::Id(_)), Some(Tok::Op(")"))) =
                    (self.toks.get(self.at), self.toks.get(self.at + 1))
                {
                    if let Some(Tok::Id(t)) = self.toks.get(self.at) {
                        if is_type(t) {
                            self.at += 2;
                            return self.unary().inspect(|_| self.depth -= 1);
                        }
                    }
                }
                let v = self.expr(0)?;
                if !self.eat(")") {
                    return Err("a `(` is not closed".into());
                }
                v
            }
            Some(Tok::Num(n)) => {
                self.at += 1;
                n
            }
            Some(Tok::Id(id)) => {
                self.at += 1;
                self.ident(&id)?
            }
            t => return Err(format!("unexpected {t:?}")),
        };
        self.depth -= 1;
        Ok(v)
    }

    fn ident(&mut self, id: &str) -> Result<i128, String> {
        match id {
            "true" => return Ok(1),
            "false" => return Ok(0),
            "static_cast" | "uint64_t" | "uint32_t" | "uint8_t" | "int" | "int32_t" => {
                // static_cast<T>(e) or T(e): the value of e.
                if self.eat("<") {
                    while !matches!(self.peek(), Some(Tok::Op(">")) | None) {
                        self.at += 1;
                    }
                    self.eat(">");
                }
                if !self.eat("(") {
                    return Err(format!("`{id}` without a value"));
                }
                let v = self.expr(0)?;
                if !self.eat(")") {
                    return Err("a `(` is not closed".into());
                }
                return Ok(v);
            }
            _ => {}
        }
        // A qualified name: its last component.
        let mut name = id.to_string();
        while self.eat("::") {
            match self.peek().cloned() {
                Some(Tok::Id(n)) => {
                    self.at += 1;
                    name = n;
                }
                _ => break,
            }
        }
        let Some(def) = self.consts.get(&name) else {
            return Err(format!("`{name}` is not a constant ascstep can read"));
        };
        let toks = lex(def)?;
        let mut p = Parser {
            toks: &toks,
            at: 0,
            consts: self.consts,
            depth: self.depth,
        };
        let v = p.expr(0)?;
        Ok(v)
    }
}

fn is_type(t: &str) -> bool {
    matches!(
        t,
        "uint64_t"
            | "uint32_t"
            | "uint16_t"
            | "uint8_t"
            | "int64_t"
            | "int32_t"
            | "int"
            | "unsigned"
            | "size_t"
    )
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
    }

    #[test]
    fn no_declaration_is_none() {
        assert_eq!(read("int x;").unwrap(), None);
    }
}
