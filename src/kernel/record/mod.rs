//! The recording: each message of the running kernel (`child.rs`) becomes part of one Program
//! of the ground floor's IR, executed as it grows, so the kernel's reads (GetValue, its host's
//! device-to-host copies) see the simulated data. Tensors are the kernel's own: a UB view per
//! LocalTensor buffer, named after the variable it was assigned to; a global-memory tensor per
//! allocation (and element type), named after the kernel parameter it was passed as.

mod before;
mod gm;
mod messages;

pub use super::msg::{At, Msg};
use super::source::{assigned_name, declared_name, receiver_name};
use crate::base::diag::{Diagnostic, Span};
use crate::base::dtype::{DType, Value};
use crate::base::ir::{Origins, Program, ScalarDecl, Site, Tensor};
use crate::base::product::Product;
use crate::program::Calls;
use crate::sim::{Machine, Status};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

struct Alloc {
    size: u64,
    /// Where it is in global memory: in the machine's, or (`away`) in that store's.
    addr: u32,
    name: Option<String>,
    /// The tensor of each element type viewing it.
    tensors: Vec<(DType, usize)>,
    /// A kernel unit test's allocation no launch has used since the last cut: its bytes are in
    /// the store of the launch that last had it, placed into the machine when one uses it.
    away: Option<Arc<crate::sim::ub::GmStore>>,
}

pub struct Recorder {
    machine: Machine,
    calls: Calls,
    /// The file and function index in `origins` of each `F` id.
    ids: foldhash::HashMap<u32, (u32, u32)>,
    origins: Origins,
    /// The index of the main file in `origins.files`, once a call named it.
    main_file: Option<u32>,
    main: PathBuf,
    /// The lines of each file in `origins.files`, for the names read from the source.
    lines: Vec<Vec<String>>,
    views: HashMap<i64, usize>,
    allocs: HashMap<u32, Alloc>,
    /// The store of the launch the last cut ended (`gm_parts` reads the allocations it had).
    last_store: Option<Arc<crate::sim::ub::GmStore>>,
    scalar_sites: HashMap<(At, DType, u32), usize>,
    /// Each call text read without a warning, as its instruction and its named text.
    parsed: foldhash::HashMap<String, (crate::base::ir::Instr, Arc<str>)>,
    block: u32,
    /// A binding program's GM arguments, by name (docs/format.md §12.2).
    presets: HashMap<String, Tensor>,
    pub launches: u32,
    /// Warnings and notes met while recording (host writes after a launch, …).
    pub warnings: Vec<Diagnostic>,
    /// The views made for operands indexed before their allocation (`before.rs`), by key.
    before: Vec<String>,
    /// Each call site's last call as recorded (its instruction with its spans, its site, its
    /// named text): a loop's next call of the same text at the same position is this again.
    last: foldhash::HashMap<At, LastCall>,
}

/// A recorded call, kept for the same call at the same position (`Recorder::call`).
struct LastCall {
    text: String,
    /// Shared by every call of the loop made on the same launch block.
    ins: Arc<crate::base::ir::Instr>,
    site: Site,
    named: Arc<str>,
}

/// A machine with an empty recording of the C++ file `main`.
pub(super) fn blank_machine(main: &Path, source: Arc<str>, product: Product) -> Machine {
    let program = Program {
        path: main.to_path_buf(),
        source,
        name: main.file_stem().map(|s| s.to_string_lossy().into_owned()),
        product,
        ub_size: None,
        tensors: Vec::new(),
        scalars: Vec::new(),
        code: Vec::new(),
        expect: Vec::new(),
        kernel: None,
        // A recorded kernel from the start: its checks are the C++ ones (an access past a
        // tensor is a warning, docs/format.md §12.4); `finish` fills the origins in.
        origins: Some(Arc::default()),
    };
    // The report names each failing element's last writer from this log (`sim::trace`).
    let mut machine = Machine::new(Arc::new(program), product);
    machine.keep_write_log();
    machine
}

/// How many distinct call texts the recorder keeps read (then it starts again).
const PARSED_CALLS: usize = 4096;

/// What the kernel is answered.
pub type Answer = Option<Vec<u8>>;

impl Recorder {
    pub fn new(main: &Path, source: &str, product: Product) -> Recorder {
        let machine = blank_machine(main, Arc::from(source), product);
        let canonical = std::fs::canonicalize(main).unwrap_or_else(|_| main.to_path_buf());
        Recorder {
            machine,
            calls: Calls::new(PathBuf::new()),
            ids: Default::default(),
            origins: Origins::default(),
            main_file: None,
            main: canonical,
            lines: Vec::new(),
            views: HashMap::new(),
            allocs: HashMap::new(),
            last_store: None,
            scalar_sites: HashMap::new(),
            parsed: Default::default(),
            block: 0,
            presets: HashMap::new(),
            launches: 0,
            warnings: Vec::new(),
            before: Vec::new(),
            last: Default::default(),
        }
    }

    /// A binding program's GM arguments (their dtype, length, initial data and span), given
    /// to the kernel when it asks for them by name.
    pub fn preset(&mut self, name: &str, t: Tensor) {
        self.presets.insert(name.to_string(), t);
    }

    /// The recording so far: the machine at its end, whose program carries each
    /// instruction's C++ position and RON text (`Program::origins`).
    pub fn finish(mut self) -> Machine {
        self.machine.set_origins(self.origins);
        self.machine
    }

    /// The source line of `at` (in any file the kernel called from).
    fn line_of(&self, at: At) -> Option<&str> {
        let file = self.ids.get(&at.file)?.0 as usize;
        let line = (at.line as usize).checked_sub(1)?;
        self.lines.get(file)?.get(line).map(String::as_str)
    }

    /// Whether `at` is in the main file, whose positions are the program's spans.
    fn in_main(&self, at: At) -> bool {
        let file = self.ids.get(&at.file).map(|f| f.0);
        file.is_some() && file == self.main_file
    }

    /// `at` as a span of the main file, at the start of the called name (the compiler
    /// reports the opening parenthesis); line 0 for positions in other files.
    fn span(&self, at: At) -> Span {
        if !self.in_main(at) {
            return Span::new(0, 0);
        }
        self.span_in_file(at)
    }

    /// `at` as a span of its own file (any file the kernel called from).
    fn span_in_file(&self, at: At) -> Span {
        let Some(line) = self.line_of(at) else {
            return Span::new(at.line, at.col);
        };
        let b = line.as_bytes();
        // A column past the line (a `#line` into a Python file, pyasc's kernels): the
        // statement's first word.
        if at.col as usize > b.len() {
            return Span::new(at.line, crate::base::diag::first_word_col(line));
        }
        let mut i = (at.col as usize).saturating_sub(1).min(b.len());
        // Back over template arguments and the (qualified) name.
        i = super::source::template_start(b, i);
        while i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b':') {
            i -= 1;
        }
        Span::new(at.line, i as u32 + 1)
    }

    /// The file and function indices of `at`, its column at the start of the called name.
    fn site(&self, at: At) -> Site {
        self.site_at(at, self.span_in_file(at))
    }

    /// `site(at)` where `at`'s span in its file (`span_in_file`) is known.
    fn site_at(&self, at: At, in_file: Span) -> Site {
        let (file, function) = self.ids.get(&at.file).copied().unwrap_or((0, 0));
        Site {
            file,
            function,
            line: at.line,
            col: in_file.col.max(1),
            block: self.block,
        }
    }

    /// A name not yet taken by a tensor.
    fn fresh(&self, base: &str) -> String {
        let taken = |n: &str| self.machine.program().tensors.iter().any(|t| t.name == n);
        if !taken(base) {
            return base.to_string();
        }
        (2..)
            .map(|k| format!("{base}_{k}"))
            .find(|n| !taken(n))
            .unwrap_or_default()
    }

    fn add_tensor(&mut self, vid: i64, t: Tensor) -> usize {
        let i = self.machine.push_tensor(t.clone());
        self.calls.add_tensor(format!("#{vid}"), t);
        self.views.insert(vid, i);
        i
    }

    fn dtype(&self, at: At, name: &str) -> Result<DType, Diagnostic> {
        DType::parse(name).ok_or_else(|| {
            self.error(
                at,
                "bad-dtype",
                format!("element type `{name}` is not simulated"),
            )
        })
    }

    fn error(&self, at: At, code: &'static str, msg: String) -> Diagnostic {
        self.place(Diagnostic::error(code, msg), at)
    }

    /// `d` pointed at `at`: a span of the main file, or of the header it is in, with that
    /// file's text for the caret (docs/format.md §12.4).
    fn place(&self, d: Diagnostic, at: At) -> Diagnostic {
        match self.origins.point(&self.main, &self.site(at), &d) {
            Some(d) => d,
            None => d.at(self.span(at)),
        }
    }

    /// Handles one message; the answer to send back, or the error that stops the kernel. One
    /// arm per message (`msg.rs`); those that do more than set a field are in `messages.rs`.
    pub fn handle(&mut self, m: Msg) -> Result<Answer, Diagnostic> {
        match m {
            Msg::File { id, function, path } => self.file(id, function, path),
            Msg::Alloc { id, size } => self.alloc(id, size),
            Msg::Write { id, off, data } => self.host_write(id, off, data),
            Msg::Read { id, off, n } => self.host_read(id, off, n),
            Msg::Zero { id, off, n } => self.zero(id, off, n),
            Msg::Name { id, name } => {
                if let Some(a) = self.allocs.get_mut(&id) {
                    a.name.get_or_insert(name);
                }
                Ok(None)
            }
            Msg::Free(id) => {
                self.allocs.remove(&id);
                Ok(None)
            }
            Msg::Arg { id, name } => self.argument(id, name),
            Msg::Launch { .. } => {
                self.launches += 1;
                Ok(None)
            }
            Msg::Block(b) => {
                self.block = b;
                Ok(None)
            }
            // `Again` is made into its call by `child::run` before it comes here.
            Msg::LaunchEnd
            | Msg::Test(_)
            | Msg::TestEnd { .. }
            | Msg::CrashAt(..)
            | Msg::Again(_) => Ok(None),
            Msg::UbView {
                vid,
                dtype,
                addr,
                len,
                at,
            } => self.ub_view(vid, dtype, addr, len, at),
            Msg::GmView {
                vid,
                dtype,
                alloc,
                at,
            } => self.gm_view(vid, dtype, alloc, at),
            Msg::RegView {
                vid,
                slot,
                mask,
                dtype,
                at,
            } => self.reg_view(vid, slot, mask, dtype, at),
            Msg::Call { at, text } => self.call(at, &text).map(|()| None),
            Msg::GetValue {
                at,
                vid,
                off,
                dtype,
            } => self.get_value(at, vid, off, dtype),
            Msg::Returning { at, dtype, text } => self.returning(at, &dtype, &text).map(Some),
            Msg::Peek { vid, off, n } => self.peek(vid, off, n),
            Msg::Stop { at, message } => Err(self.error(
                at,
                "kernel-stopped",
                format!("the kernel stopped: {message}"),
            )),
        }
    }

    /// A call whose result (the scalar `"$"` in `text`) the kernel reads: one scalar per call
    /// site and type, named after the variable the line assigns it to; the answer is its value
    /// as text (`?` uninitialised).
    fn returning(&mut self, at: At, dtype: &str, text: &str) -> Result<Vec<u8>, Diagnostic> {
        let dt = DType::parse(dtype).unwrap_or(DType::Float);
        // A second result `"$2"` (GetReduceRepeatMaxMinSpr's index) is named after the last
        // argument and the first after the first; a single result after the variable assigned
        // or the last argument.
        let two = text.contains("\"$2\"");
        let line = self.line_of(at).unwrap_or("").to_string();
        let col = at.col as usize;
        let first = if two {
            super::source::first_argument_name(&line, col)
        } else {
            assigned_name(&line, col).or_else(|| super::source::last_argument_name(&line, col))
        };
        let s1 = self.result_scalar(at, dt, 0, first);
        let mut named = text.replace(
            "\"$\"",
            &format!("{:?}", self.machine.program().scalars[s1].name),
        );
        let s2 = two.then(|| {
            let last = super::source::last_argument_name(&line, col);
            let s = self.result_scalar(at, dt, 1, last);
            named = named.replace(
                "\"$2\"",
                &format!("{:?}", self.machine.program().scalars[s].name),
            );
            s
        });
        self.call(at, &named)?;
        let value = |v: Option<Value>| match v {
            None => "?".to_string(),
            Some(Value::Int(i)) => i.to_string(),
            Some(Value::Float(f)) => format!("{f:e}"),
        };
        let mut answer = value(self.machine.scalar(s1));
        if let Some(s2) = s2 {
            answer = format!("{answer} {}", value(self.machine.scalar(s2)));
        }
        Ok(format!("{answer}\n").into_bytes())
    }

    /// The scalar that result `k` of the returning call at `at` is kept in: declared at its
    /// first call, named `base` (else after the line).
    fn result_scalar(&mut self, at: At, dt: DType, k: u32, base: Option<String>) -> usize {
        let key = (at, dt, k);
        if let Some(&s) = self.scalar_sites.get(&key) {
            return s;
        }
        let base = base.unwrap_or_else(|| format!("v{}", at.line));
        let taken = |n: &str| self.machine.program().scalars.iter().any(|s| s.name == n);
        // Unique: several results on one line (`f(a.GetValue(0), b.GetValue(1))`) each get
        // their own scalar.
        let mut name = base.clone();
        let mut n = 1;
        while taken(&name) {
            name = if n == 1 {
                format!("{base}_L{}", at.line)
            } else {
                format!("{base}_L{}_{n}", at.line)
            };
            n += 1;
        }
        let decl = ScalarDecl {
            name,
            dtype: dt,
            init: None,
            span: self.span(at),
        };
        self.calls.add_scalar(decl.clone());
        let s = self.machine.push_scalar(decl);
        self.scalar_sites.insert(key, s);
        s
    }

    /// Reads a call, appends it and runs the machine to its end.
    fn call(&mut self, at: At, text: &str) -> Result<(), Diagnostic> {
        // A loop's call again: only its launch block can differ.
        let block = self.block;
        if let Some(last) = self.last.get_mut(&at).filter(|l| l.text == text) {
            if last.ins.core != block {
                Arc::make_mut(&mut last.ins).core = block;
                last.site.block = block;
            }
            let (ins, site) = (last.ins.clone(), last.site);
            self.origins.calls.push(last.named.clone());
            return self.append(ins, site);
        }
        let text = self.before_views(at, text);
        // Views made for this text (`before_views`), or warnings: read again each time.
        let mut again = matches!(text, std::borrow::Cow::Owned(_));
        let text: &str = &text;
        let in_file = self.span_in_file(at);
        let span = if self.in_main(at) {
            in_file
        } else {
            Span::new(0, 0)
        };
        // A call's instruction depends only on its text (its views and scalars are declared
        // once), so a loop's calls are read once (`parsed`).
        let (mut ins, named) = match self.parsed.get(text) {
            Some((ins, named)) => (ins.clone(), named.clone()),
            None => {
                let (mut ins, warnings) = self.calls.read(text).map_err(|ds| {
                    let d = ds.into_iter().find(|d| d.is_error()).unwrap_or_else(|| {
                        Diagnostic::error("parse-error", format!("cannot read `{text}`"))
                    });
                    self.place(d, at)
                        .note(format!("the call as ascstep read it: {}", self.named(text)))
                })?;
                let named: Arc<str> = self.named(text).into();
                // Kept without field positions (below), so that a cached call's clone
                // allocates none.
                ins.field_spans = crate::base::ir::FieldSpans::default();
                if warnings.is_empty() {
                    if self.parsed.len() >= PARSED_CALLS {
                        self.parsed.clear();
                    }
                    self.parsed
                        .insert(text.to_string(), (ins.clone(), named.clone()));
                }
                again |= !warnings.is_empty();
                for w in warnings {
                    self.warnings.push(self.place(w, at));
                }
                (ins, named)
            }
        };
        // Every field at the call: no field positions, so each falls back to the call's.
        ins.span = span;
        ins.field_spans = crate::base::ir::FieldSpans::default();
        if let Some(v) = ins.args.vector_mut() {
            for o in v.dst.iter_mut().chain(v.src.iter_mut()) {
                o.span = span;
            }
        }
        if let Some(o) = ins.args.other_operand_mut() {
            o.span = span;
        }
        if let crate::base::ir::Args::TransData { dst_rest, .. } = &mut ins.args {
            for o in dst_rest {
                o.span = span;
            }
        }
        let site = self.site_at(at, in_file);
        // Each launch block runs on its own core, with its own UB (docs/semantics.md §20).
        ins.core = self.block;
        let ins = Arc::new(ins);
        if !again {
            if self.last.len() >= PARSED_CALLS {
                self.last.clear();
            }
            self.last.insert(
                at,
                LastCall {
                    text: text.to_string(),
                    ins: ins.clone(),
                    site,
                    named: named.clone(),
                },
            );
        }
        self.origins.calls.push(named);
        self.append(ins, site)
    }

    /// Appends a call's instruction made at `site` and runs the machine to its end.
    fn append(&mut self, ins: Arc<crate::base::ir::Instr>, site: Site) -> Result<(), Diagnostic> {
        self.origins.sites.push(site);
        self.machine.push_instr(ins);
        if self.machine.run() == Status::Failed {
            let d = self
                .machine
                .diagnostics()
                .iter()
                .rev()
                .find(|d| d.is_error())
                .cloned()
                .unwrap_or_else(|| Diagnostic::error("rejected", "the call was rejected"));
            // As the machine has it, so the report prints it once; it is pointed into the
            // instruction's own file there (Program::locate).
            return Err(d);
        }
        Ok(())
    }

    /// `text` with each `"#vid…"` operand replaced by its tensor's name.
    fn named(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(k) = rest.find("\"#") {
            out.push_str(&rest[..k + 1]);
            let tail = &rest[k + 2..];
            let digits = tail
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(tail.len());
            match tail[..digits]
                .parse::<i64>()
                .ok()
                .and_then(|v| self.views.get(&v))
            {
                Some(&i) => out.push_str(&self.machine.program().tensors[i].name),
                None => out.push_str(&tail[..digits]),
            }
            rest = &tail[digits..];
        }
        out.push_str(rest);
        out
    }
}

/// A function's short name from the compiler's signature: `void KernelAdd<T>::Compute(int)
/// [with T = half]` → `KernelAdd<T>::Compute`.
pub fn short_function(signature: &str) -> String {
    let s = signature.split(" [with ").next().unwrap_or(signature);
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut end = b.len();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b'(' if depth <= 0 && i > 0 => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let head = &s[..end];
    let mut depth = 0i32;
    let mut start = 0;
    for (i, &c) in head.as_bytes().iter().enumerate() {
        match c {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            b' ' if depth <= 0 => start = i + 1,
            _ => {}
        }
    }
    let name = head[start..]
        .trim_start_matches('*')
        .trim_start_matches('&');
    // An entry compiled under a name of its own (source::compiled_name) is shown as written.
    name.strip_prefix("ascstep_entry_")
        .unwrap_or(name)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::short_function;

    #[test]
    fn function_names_are_shortened_to_the_qualified_name() {
        for (sig, short) in [
            (
                "void add_custom(uint8_t*, uint8_t*, uint8_t*)",
                "add_custom",
            ),
            (
                "void KernelAdd<T>::Compute(int32_t) [with T = half]",
                "KernelAdd<T>::Compute",
            ),
            ("int main()", "main"),
            ("void ascstep_entry_floor(uint8_t*, uint8_t*)", "floor"),
            (
                "AscendC::LocalTensor<float> Op::Get(std::pair<int, int>) const",
                "Op::Get",
            ),
            ("Impl<1, 2>::Run()", "Impl<1, 2>::Run"),
        ] {
            assert_eq!(short_function(sig), short, "{sig}");
        }
    }
}
