//! Integer constant expressions as the preprocessor leaves them in a kernel's source (the
//! values of its tiling-key template declarations): numbers in C's notations, the arithmetic,
//! shift and bitwise operators, parentheses, casts, `true`/`false`, and named constants
//! (`constexpr uint32_t K = 2;`, enumerators with a value) looked up in the same text.

/// Named constants a value may use that the preprocessor leaves (`constexpr uint32_t K = 2;`,
/// enumerators with explicit values).
pub struct Consts<'a> {
    text: &'a str,
}

impl<'a> Consts<'a> {
    pub fn new(text: &'a str) -> Self {
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
pub fn eval(s: &str, consts: &Consts) -> Result<u64, String> {
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

    #[test]
    fn c_notations_precedence_casts_and_constants() {
        let c = Consts::new("constexpr uint32_t K = 1 << 2; enum E { A = K + 1, };");
        assert_eq!(eval("0x10 + 010 + 0b11 + 2u", &c).unwrap(), 16 + 8 + 3 + 2);
        assert_eq!(
            eval("1 + 2 * 3 << 1 | 1", &c).unwrap(),
            ((1 + 2 * 3) << 1) | 1
        );
        assert_eq!(
            eval("(uint32_t)K * static_cast<uint64_t>(A)", &c).unwrap(),
            20
        );
        assert_eq!(eval("~0 & 0xff", &c).unwrap(), 255);
        assert!(eval("1 / 0", &c).unwrap_err().contains("division by zero"));
        assert!(eval("K +", &c).is_err());
    }
}
