//! The messages a compiled kernel sends ascstep over its channel (the protocol is described
//! in `include/ascstep/rt.h` and, for kernel unit tests, `include/ascstep/ut.h`), and their
//! reading from the wire.

use std::io::Read;

/// A C++ source position: file id (`F` messages), line, column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct At {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// One message of the kernel (the protocol is described in `include/ascstep/rt.h`).
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    File {
        id: u32,
        function: String,
        path: String,
    },
    Alloc {
        id: u32,
        size: u64,
    },
    Write {
        id: u32,
        off: u64,
        data: Vec<u8>,
    },
    Read {
        id: u32,
        off: u64,
        n: u64,
    },
    Name {
        id: u32,
        name: String,
    },
    /// A binding program's argument: answered with its initial bytes.
    Arg {
        id: u32,
        name: String,
    },
    Launch {
        blocks: u32,
        name: String,
    },
    Block(u32),
    LaunchEnd,
    UbView {
        vid: i64,
        dtype: String,
        addr: u64,
        len: u64,
        at: At,
    },
    GmView {
        vid: i64,
        dtype: String,
        alloc: u32,
        at: At,
    },
    /// A register of the register API (docs/format.md §12.5): a vector register (`mask`
    /// false) of `dtype` or a mask register, in register slot `slot`.
    RegView {
        vid: i64,
        slot: u32,
        mask: bool,
        dtype: String,
        at: At,
    },
    Call {
        at: At,
        /// Shared: a loop's same call again is the reader's last text (`child.rs`).
        text: std::sync::Arc<str>,
    },
    GetValue {
        at: At,
        vid: i64,
        off: u64,
        dtype: String,
    },
    /// DumpTensor's read: `n` elements of a view from `off`, answered as text without a step.
    Peek {
        vid: i64,
        off: u64,
        n: u64,
    },
    /// A call that returns a value: `text` names its result scalar `"$"`.
    Returning {
        at: At,
        dtype: String,
        text: String,
    },
    Stop {
        at: At,
        message: String,
    },
    /// A kernel unit test: the googletest case making the next launch.
    Test(String),
    /// A kernel unit test: a googletest case ended (passed, seconds, `Suite.Case`, the failures'
    /// text).
    TestEnd {
        passed: bool,
        seconds: f64,
        name: String,
        failure: String,
    },
    /// A kernel unit test: bytes of an allocation the host holds as zeros.
    Zero {
        id: u32,
        off: u64,
        n: u64,
    },
    /// A kernel unit test: GmFree.
    Free(u32),
    /// `K <hex> [<hex>]`: the program crashed at this offset into its executable (sent by the
    /// crash handler before the signal ends it; `child.rs` names the C++ line), touching this
    /// address (SIGSEGV, SIGBUS).
    CrashAt(u64, Option<u64>),
    /// The reader's word for a `Call` line it has read before (a loop's call again): the
    /// `n`th distinct call line since the last `CALL_LINES` (`child::run` keeps them in the
    /// same order and hands the recorder that call; its shared text is counted on one thread).
    Again(u32),
}

/// How many distinct call lines the reader and `child::run` remember: both start again from
/// none when this many are remembered and another comes.
pub const CALL_LINES: usize = 4096;

fn num<T: std::str::FromStr>(it: &mut std::str::SplitN<'_, char>) -> Result<T, String> {
    it.next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| "a number is missing".to_string())
}

fn at(it: &mut std::str::SplitN<'_, char>) -> Result<At, String> {
    Ok(At {
        file: num(it)?,
        line: num(it)?,
        col: num(it)?,
    })
}

/// The error of a message whose bytes end early: the program ended while sending it (a crash,
/// an exit from another thread), which its exit status then tells (`child.rs`).
pub const TRUNCATED: &str = "the program ended in the middle of a message";

/// Parses one message line (and reads the raw bytes that follow a `W`).
pub fn parse(line: &str, r: &mut impl Read) -> Result<Msg, String> {
    let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest_n = |n: usize| rest.splitn(n, ' ');
    Ok(match kind {
        "F" => {
            let (id, rest) = rest.split_once(' ').ok_or("F without a path")?;
            let (function, path) = rest.split_once('\t').ok_or("F without a function")?;
            Msg::File {
                id: id.parse().map_err(|_| "bad file id")?,
                function: function.to_string(),
                path: path.to_string(),
            }
        }
        "A" => {
            let mut it = rest_n(2);
            Msg::Alloc {
                id: num(&mut it)?,
                size: num(&mut it)?,
            }
        }
        "W" => {
            let mut it = rest_n(3);
            let (id, off, n): (u32, u64, u64) = (num(&mut it)?, num(&mut it)?, num(&mut it)?);
            if n > u64::from(crate::base::ir::MAX_GM) {
                return Err(format!("a host copy of {n} bytes"));
            }
            let mut data = vec![0; n as usize];
            r.read_exact(&mut data).map_err(|e| {
                if e.kind() == std::io::ErrorKind::UnexpectedEof {
                    TRUNCATED.to_string()
                } else {
                    e.to_string()
                }
            })?;
            Msg::Write { id, off, data }
        }
        "R" => {
            let mut it = rest_n(3);
            Msg::Read {
                id: num(&mut it)?,
                off: num(&mut it)?,
                n: num(&mut it)?,
            }
        }
        "N" | "I" => {
            let (id, name) = rest.split_once(' ').ok_or("N or I without a name")?;
            let (id, name) = (id.parse().map_err(|_| "bad id")?, name.to_string());
            if kind == "N" {
                Msg::Name { id, name }
            } else {
                Msg::Arg { id, name }
            }
        }
        "L" => {
            let (b, name) = rest.split_once(' ').unwrap_or((rest, ""));
            Msg::Launch {
                blocks: b.parse().map_err(|_| "bad block count")?,
                name: name.to_string(),
            }
        }
        "B" => Msg::Block(rest.trim().parse().map_err(|_| "bad block")?),
        "E" => Msg::LaunchEnd,
        "U" => {
            let mut it = rest_n(8);
            let vid = num(&mut it)?;
            let dtype = it.next().ok_or("no dtype")?.to_string();
            Msg::UbView {
                vid,
                dtype,
                addr: num(&mut it)?,
                len: num(&mut it)?,
                at: at(&mut it)?,
            }
        }
        "G" => {
            let mut it = rest_n(7);
            let vid = num(&mut it)?;
            let dtype = it.next().ok_or("no dtype")?.to_string();
            Msg::GmView {
                vid,
                dtype,
                alloc: num(&mut it)?,
                at: at(&mut it)?,
            }
        }
        "M" => {
            let mut it = rest_n(8);
            let vid = num(&mut it)?;
            let slot = num(&mut it)?;
            let mask = it.next().ok_or("no register kind")? == "m";
            let dtype = it.next().ok_or("no dtype")?.to_string();
            Msg::RegView {
                vid,
                slot,
                mask,
                dtype,
                at: at(&mut it)?,
            }
        }
        "C" => {
            let mut it = rest_n(4);
            let at = at(&mut it)?;
            Msg::Call {
                at,
                text: it.next().unwrap_or("").into(),
            }
        }
        "V" => {
            let mut it = rest_n(6);
            let at = at(&mut it)?;
            Msg::GetValue {
                at,
                vid: num(&mut it)?,
                off: num(&mut it)?,
                dtype: it.next().unwrap_or("").to_string(),
            }
        }
        "P" => {
            let mut it = rest_n(3);
            Msg::Peek {
                vid: num(&mut it)?,
                off: num(&mut it)?,
                n: num(&mut it)?,
            }
        }
        "Y" => {
            let mut it = rest_n(5);
            let at = at(&mut it)?;
            Msg::Returning {
                at,
                dtype: it.next().unwrap_or("").to_string(),
                text: it.next().unwrap_or("").into(),
            }
        }
        "X" => {
            let mut it = rest_n(4);
            let at = at(&mut it)?;
            Msg::Stop {
                at,
                message: it.next().unwrap_or("").to_string(),
            }
        }
        "T" => Msg::Test(rest.to_string()),
        "Q" => {
            let mut it = rest.splitn(3, ' ');
            let passed = it.next() == Some("1");
            let seconds = it.next().and_then(|t| t.parse().ok()).unwrap_or(0.0);
            let last = it.next().unwrap_or("");
            let (name, failure) = last.split_once('\t').unwrap_or((last, ""));
            Msg::TestEnd {
                passed,
                seconds,
                name: name.to_string(),
                failure: failure.replace('\x1e', "\n"),
            }
        }
        "Z" => {
            let mut it = rest_n(3);
            Msg::Zero {
                id: num(&mut it)?,
                off: num(&mut it)?,
                n: num(&mut it)?,
            }
        }
        "D" => Msg::Free(rest.trim().parse().map_err(|_| "bad allocation id")?),
        "K" => {
            let mut w = rest.split_whitespace();
            let hex = |w: Option<&str>| w.map(|h| u64::from_str_radix(h, 16));
            let off = hex(w.next())
                .and_then(Result::ok)
                .ok_or("bad crash offset")?;
            let addr = hex(w.next()).transpose().map_err(|_| "bad crash address")?;
            Msg::CrashAt(off, addr)
        }
        _ => {
            return Err(format!(
                "unknown message `{}`",
                crate::base::diag::printable(line)
            ))
        }
    })
}
