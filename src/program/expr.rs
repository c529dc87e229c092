//! The parser of `Let`'s C expressions (docs/format.md §10): precedence climbing over a
//! small tokenizer, every error with its 0-based character index inside the string (the loader
//! turns it into a `line:col` inside the RON string).

use crate::base::dtype::DType;
use crate::base::expr::{Binary, Expr, Func, Literal, Unary};

/// A malformed expression: what is wrong and where (0-based character index).
#[derive(Clone, Debug, PartialEq)]
pub struct ExprError {
    pub at: usize,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(Literal),
    Ident(String),
    Op(&'static str),
}

/// Operators and punctuation, longest first (`,` only separates call arguments).
const OPS: [&str; 25] = [
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "&", "|",
    "^", "!", "~", "?", ":", "(", ")", ",",
];

fn err<T>(at: usize, message: impl Into<String>) -> Result<T, ExprError> {
    Err(ExprError {
        at,
        message: message.into(),
    })
}

fn tokens(s: &str) -> Result<Vec<(Tok, usize)>, ExprError> {
    let cs: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && cs.get(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            let start = i;
            let hex = c == '0' && matches!(cs.get(i + 1), Some('x' | 'X'));
            if hex {
                i += 2;
                while i < cs.len() && cs[i].is_ascii_hexdigit() {
                    i += 1;
                }
            } else {
                while i < cs.len()
                    && (cs[i].is_ascii_digit()
                        || cs[i] == '.'
                        || matches!(cs[i], 'e' | 'E')
                        || (matches!(cs[i], '+' | '-') && matches!(cs[i - 1], 'e' | 'E')))
                {
                    i += 1;
                }
            }
            let text: String = cs[start..i].iter().collect();
            let float_suffix = !hex && matches!(cs.get(i), Some('f' | 'F'));
            if float_suffix {
                i += 1;
            }
            let lit = if hex {
                match i128::from_str_radix(&text[2..], 16) {
                    Ok(v) => Literal::Int(v, int_type(v)),
                    Err(_) => return err(start, format!("malformed number `{text}`")),
                }
            } else if float_suffix || text.contains(['.', 'e', 'E']) {
                match text.parse::<f64>() {
                    Ok(v) => Literal::Float {
                        value: v,
                        double: !float_suffix,
                    },
                    Err(_) => return err(start, format!("malformed number `{text}`")),
                }
            } else {
                match text.parse::<i128>() {
                    Ok(v) => Literal::Int(v, int_type(v)),
                    Err(_) => return err(start, format!("malformed number `{text}`")),
                }
            };
            out.push((Tok::Num(lit), start));
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(cs[start..i].iter().collect()), start));
            continue;
        }
        let rest: String = cs[i..cs.len().min(i + 2)].iter().collect();
        match OPS.iter().find(|o| rest.starts_with(**o)) {
            Some(o) => {
                out.push((Tok::Op(o), i));
                i += o.chars().count();
            }
            None => return err(i, format!("unexpected character `{c}`")),
        }
    }
    Ok(out)
}

/// C++'s type of an integer literal: `int`, else `long` (int64).
fn int_type(v: i128) -> DType {
    if i32::try_from(v).is_ok() {
        DType::Int32
    } else {
        DType::Int64
    }
}

/// The C type names a cast may use: every element type name and alias, and the `<stdint.h>`
/// spellings (`int32_t`) and `int` / `unsigned` / `float`.
fn type_name(s: &str) -> Option<DType> {
    let t = s.strip_suffix("_t").unwrap_or(s);
    DType::parse(t).or(match t {
        "int" => Some(DType::Int32),
        "unsigned" => Some(DType::UInt32),
        "short" => Some(DType::Int16),
        "long" => Some(DType::Int64),
        _ => None,
    })
}

/// Limits that keep parsing and evaluating an expression bounded (docs/format.md §10): tokens
/// per expression, and nesting of parentheses, unary operators and conditionals.
const MAX_TOKENS: usize = 1024;
const MAX_DEPTH: usize = 64;

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    next: usize,
    end: usize,
    depth: usize,
    scalar: &'a dyn Fn(&str, usize) -> Result<usize, ExprError>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.next).map(|t| &t.0)
    }
    fn at(&self) -> usize {
        self.toks.get(self.next).map_or(self.end, |t| t.1)
    }
    fn eat(&mut self, op: &str) -> bool {
        if self.peek() == Some(&Tok::Op(leak(op))) {
            self.next += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: &str) -> Result<(), ExprError> {
        if self.eat(op) {
            Ok(())
        } else {
            err(self.at(), format!("expected `{op}`"))
        }
    }

    /// Enters one level of nesting, refusing more than `MAX_DEPTH`.
    fn deeper(&mut self) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(self.at(), format!("nested more than {MAX_DEPTH} deep"));
        }
        Ok(())
    }

    fn cond(&mut self) -> Result<Expr, ExprError> {
        self.deeper()?;
        let r = self.cond_inner();
        self.depth -= 1;
        r
    }

    fn cond_inner(&mut self) -> Result<Expr, ExprError> {
        let c = self.binary(0)?;
        if self.eat("?") {
            let a = self.cond()?;
            self.expect(":")?;
            let b = self.cond()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    /// Binary operators by C precedence, lowest first.
    fn binary(&mut self, level: usize) -> Result<Expr, ExprError> {
        const LEVELS: [&[(&str, Binary)]; 10] = [
            &[("||", Binary::Or)],
            &[("&&", Binary::And)],
            &[("|", Binary::BitOr)],
            &[("^", Binary::BitXor)],
            &[("&", Binary::BitAnd)],
            &[("==", Binary::Eq), ("!=", Binary::Ne)],
            &[
                ("<=", Binary::Le),
                (">=", Binary::Ge),
                ("<", Binary::Lt),
                (">", Binary::Gt),
            ],
            &[("<<", Binary::Shl), (">>", Binary::Shr)],
            &[("+", Binary::Add), ("-", Binary::Sub)],
            &[("*", Binary::Mul), ("/", Binary::Div), ("%", Binary::Rem)],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let col = self.at();
            let Some(&(_, op)) = LEVELS[level]
                .iter()
                .find(|(s, _)| self.peek() == Some(&Tok::Op(leak(s))))
            else {
                return Ok(lhs);
            };
            self.next += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs), col as u32 + 1);
        }
    }

    /// A prefix operator's or cast's operand: one level deeper.
    fn operand(&mut self) -> Result<Expr, ExprError> {
        self.deeper()?;
        let r = self.unary();
        self.depth -= 1;
        r
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        for (s, u) in [
            ("-", Some(Unary::Neg)),
            ("!", Some(Unary::Not)),
            ("~", Some(Unary::BitNot)),
            ("+", None),
        ] {
            if self.eat(s) {
                let e = self.operand()?;
                return Ok(match u {
                    Some(u) => Expr::Unary(u, Box::new(e)),
                    None => e,
                });
            }
        }
        // A cast: `(type) operand`.
        if self.peek() == Some(&Tok::Op("(")) {
            if let Some((Tok::Ident(name), _)) = self.toks.get(self.next + 1) {
                if let (Some(d), Some((Tok::Op(")"), _))) =
                    (type_name(name), self.toks.get(self.next + 2))
                {
                    self.next += 3;
                    let e = self.operand()?;
                    return Ok(Expr::Cast(d, Box::new(e)));
                }
            }
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Expr, ExprError> {
        let at = self.at();
        match self.toks.get(self.next).cloned() {
            Some((Tok::Num(l), _)) => {
                self.next += 1;
                Ok(Expr::Lit(l))
            }
            Some((Tok::Ident(name), _)) => {
                self.next += 1;
                if self.peek() == Some(&Tok::Op("(")) {
                    let Some(&(_, f, n)) = Func::ALL.iter().find(|(s, _, _)| *s == name) else {
                        let names: Vec<&str> = Func::ALL.iter().map(|f| f.0).collect();
                        return err(
                            at,
                            format!(
                                "unknown function `{name}`; the functions are {}",
                                names.join(", ")
                            ),
                        );
                    };
                    self.next += 1;
                    let mut args = Vec::new();
                    if !self.eat(")") {
                        loop {
                            args.push(self.cond()?);
                            if self.eat(")") {
                                break;
                            }
                            if !self.eat(",") {
                                return err(self.at(), "expected `,` or `)`");
                            }
                        }
                    }
                    if args.len() != n {
                        return err(
                            at,
                            format!("`{name}` takes {n} argument(s), not {}", args.len()),
                        );
                    }
                    return Ok(Expr::Call(f, args, at as u32 + 1));
                }
                Ok(Expr::Scalar((self.scalar)(&name, at)?, at as u32 + 1))
            }
            Some((Tok::Op("("), _)) => {
                self.next += 1;
                let e = self.cond()?;
                self.expect(")")?;
                Ok(e)
            }
            Some((Tok::Op(o), _)) => err(at, format!("unexpected `{o}`")),
            None => err(at, "the expression ends too early"),
        }
    }
}

/// `op` as the tokenizer's static string.
fn leak(op: &str) -> &'static str {
    OPS.iter().copied().find(|o| *o == op).unwrap_or("")
}

/// Parses `text`; `scalar(name, at)` resolves a scalar's name (or says why not).
pub fn parse(
    text: &str,
    scalar: &dyn Fn(&str, usize) -> Result<usize, ExprError>,
) -> Result<Expr, ExprError> {
    let toks = tokens(text)?;
    let end = text.chars().count();
    if toks.len() > MAX_TOKENS {
        return err(
            toks[MAX_TOKENS].1,
            format!("longer than {MAX_TOKENS} tokens: split it into several Let steps"),
        );
    }
    let mut p = Parser {
        toks,
        next: 0,
        end,
        depth: 0,
        scalar,
    };
    if p.toks.is_empty() {
        return err(0, "empty expression");
    }
    let e = p.cond()?;
    if p.next < p.toks.len() {
        return err(p.at(), "unexpected text after the expression");
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Expr, ExprError> {
        let names = ["a", "b", "rstd"];
        parse(s, &|n: &str, at: usize| {
            names.iter().position(|x| *x == n).ok_or(ExprError {
                at,
                message: format!("no scalar named \"{n}\""),
            })
        })
    }

    #[test]
    fn precedence_follows_c() {
        // a + b * 2 is a + (b * 2); a < b == 1 is (a < b) == 1; -a * b is (-a) * b.
        let Ok(Expr::Binary(Binary::Add, l, r, _)) = p("a + b * 2") else {
            panic!()
        };
        assert_eq!(*l, Expr::Scalar(0, 1));
        assert!(matches!(*r, Expr::Binary(Binary::Mul, _, _, 7)));
        assert!(matches!(
            p("a < b == 1"),
            Ok(Expr::Binary(Binary::Eq, _, _, _))
        ));
        assert!(matches!(
            p("-a * b"),
            Ok(Expr::Binary(Binary::Mul, _, _, _))
        ));
        assert!(matches!(p("a ? b : 1 ? 2 : 3"), Ok(Expr::Cond(..))));
        assert!(matches!(
            p("(int32_t)rstd"),
            Ok(Expr::Cast(DType::Int32, _))
        ));
        assert!(matches!(p("(a)"), Ok(Expr::Scalar(0, _))));
        assert!(matches!(p("max(a, 1.5f)"), Ok(Expr::Call(Func::Max, _, _))));
        assert_eq!(
            p("1.5"),
            Ok(Expr::Lit(Literal::Float {
                value: 1.5,
                double: true
            }))
        );
        assert_eq!(p("0x10"), Ok(Expr::Lit(Literal::Int(16, DType::Int32))));
        assert_eq!(
            p("5000000000"),
            Ok(Expr::Lit(Literal::Int(5_000_000_000, DType::Int64)))
        );
    }

    #[test]
    fn errors_point_into_the_string() {
        let at = |s: &str| p(s).unwrap_err().at;
        assert_eq!(at("a + * 2"), 4);
        assert_eq!(at("a + zz"), 4);
        assert_eq!(at("sqrt(a"), 6);
        assert_eq!(at("a $ b"), 2);
        assert_eq!(at("foo(a)"), 0);
        assert_eq!(at("max(a)"), 0);
        assert_eq!(at(""), 0);
        assert_eq!(at("a b"), 2);
    }
}
