//! The scalar unit's expressions (docs/format.md §10): `Let(dst, expr)` takes a C expression
//! over scalars and literals. This is its syntax tree; the RON front end parses the string
//! (`program/expr.rs`), the simulator evaluates it with C++'s arithmetic (`sim/scalar.rs`).
//! Ground floor.

use crate::base::dtype::DType;

/// A literal as C++ types it: an integer literal is `int` (int64 if it does not fit), a float
/// literal `double`, with an `f` suffix `float`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Int(i128, DType),
    Float { value: f64, double: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    Neg,
    Not,
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// The functions `expr` may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    Sqrt,
    Abs,
    Min,
    Max,
    Exp,
    Log,
    Floor,
    Ceil,
    IsFinite,
    Bits,
}

impl Func {
    pub const ALL: [(&'static str, Func, usize); 10] = [
        ("sqrt", Func::Sqrt, 1),
        ("abs", Func::Abs, 1),
        ("min", Func::Min, 2),
        ("max", Func::Max, 2),
        ("exp", Func::Exp, 1),
        ("log", Func::Log, 1),
        ("floor", Func::Floor, 1),
        ("ceil", Func::Ceil, 1),
        ("isfinite", Func::IsFinite, 1),
        ("bits", Func::Bits, 1),
    ];
}

/// An expression; `col` is the 1-based column (in characters) inside the `expr` string of the
/// node's operator or first character, for run-time errors (division by zero).
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Lit(Literal),
    /// A scalar, by its index in `Program::scalars`.
    Scalar(usize, u32),
    Unary(Unary, Box<Expr>),
    Binary(Binary, Box<Expr>, Box<Expr>, u32),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast(DType, Box<Expr>),
    Call(Func, Vec<Expr>, u32),
}
