//! The compiled kernel as a child process: its messages arrive over a Unix socket (read by a
//! thread, so that a silent child is noticed at the deadline), each is handed to the recorder,
//! and the answers go back. The child's death, a broken message or the deadline ends the run;
//! the child never outlives it.

use super::record::{At, Msg, Recorder};
use crate::base::diag::Diagnostic;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How the run ended.
#[derive(Debug)]
pub enum End {
    /// `main` returned (or exited) with this code.
    Exited(i32),
    /// A call was rejected or the kernel stopped itself: the diagnostic.
    Rejected(Diagnostic),
    /// The child died from a signal.
    Crashed(String),
    /// The deadline passed.
    TimedOut,
    /// The child's message could not be read.
    Broken(String),
}

/// What the child's standard output and error do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Output {
    /// Passed through (run).
    Inherit,
    /// Both to ascstep's standard error, so that standard output holds only what ascstep
    /// writes (import's RON).
    ToStderr,
    /// Collected (the debugger keeps the terminal).
    Capture,
}

enum Event {
    Msg(Msg),
    Eof,
    Bad(String),
}

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

/// Parses one message line (and reads the raw bytes that follow a `W`).
fn parse(line: &str, r: &mut impl Read) -> Result<Msg, String> {
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
            r.read_exact(&mut data).map_err(|e| e.to_string())?;
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
        "C" => {
            let mut it = rest_n(4);
            let at = at(&mut it)?;
            Msg::Call {
                at,
                text: it.next().unwrap_or("").to_string(),
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
                text: it.next().unwrap_or("").to_string(),
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
        _ => {
            return Err(format!(
                "unknown message `{}`",
                crate::base::diag::printable(line)
            ))
        }
    })
}

fn reader(stream: UnixStream, tx: mpsc::Sender<Event>) {
    let mut r = BufReader::new(stream);
    let mut line = String::new();
    loop {
        line.clear();
        match r.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(_) => {}
        }
        let ev = match parse(line.trim_end_matches('\n'), &mut r) {
            Ok(m) => Event::Msg(m),
            Err(e) => Event::Bad(e),
        };
        let bad = matches!(ev, Event::Bad(_));
        if tx.send(ev).is_err() || bad {
            return;
        }
    }
}

/// A socket path of this process, short enough for `sun_path`.
fn socket_path() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    std::env::temp_dir().join(format!(
        "ascstep-{}-{}.sock",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Kills the child when the run ends, whichever way.
struct Reaper(Child);
impl Drop for Reaper {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
        }
        let _ = self.0.wait();
    }
}

/// Runs `exe` in the current directory, feeding its messages to `rec`, until it ends or
/// `timeout` passes. Returns how it ended and what it printed when captured.
pub fn run(
    exe: &Path,
    rec: &mut Recorder,
    timeout: Option<Duration>,
    output: Output,
    env: &[(&str, String)],
) -> (End, String) {
    let deadline = timeout.map(|t| Instant::now() + t);
    let sock = socket_path();
    let _ = std::fs::remove_file(&sock);
    let listener = match UnixListener::bind(&sock) {
        Ok(l) => l,
        Err(e) => {
            return (
                End::Broken(format!("cannot listen on {}: {e}", sock.display())),
                String::new(),
            )
        }
    };
    struct Unlink<'a>(&'a Path);
    impl Drop for Unlink<'_> {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(self.0);
        }
    }
    let _unlink = Unlink(&sock);
    let mut cmd = Command::new(exe);
    cmd.env("ASCSTEP_SOCKET", &sock).stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    match output {
        Output::Capture => {
            cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        }
        Output::ToStderr => {
            cmd.stdout(std::io::stderr());
        }
        Output::Inherit => {}
    }
    let child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return (
                End::Broken(format!("cannot start the compiled kernel: {e}")),
                String::new(),
            )
        }
    };
    let mut child = Reaper(child);
    // Captured output is read by threads so that a chatty child never blocks on a full pipe.
    let captured: Vec<std::thread::JoinHandle<String>> = [
        child
            .0
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .0
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|mut s| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = s.read_to_end(&mut v);
            String::from_utf8_lossy(&v).into_owned()
        })
    })
    .collect();
    let collect = |h: Vec<std::thread::JoinHandle<String>>| {
        h.into_iter()
            .filter_map(|t| t.join().ok())
            .collect::<String>()
    };
    let past = || deadline.is_some_and(|d| Instant::now() >= d);
    // Wait for the child to connect (it does at its first message) or to end without one.
    let _ = listener.set_nonblocking(true);
    let stream = loop {
        match listener.accept() {
            Ok((s, _)) => break Some(s),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => {
                return (
                    End::Broken(format!("cannot accept the kernel's connection: {e}")),
                    String::new(),
                )
            }
        }
        if let Ok(Some(_)) = child.0.try_wait() {
            break None;
        }
        if past() {
            return (End::TimedOut, String::new());
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    if let Some(stream) = stream {
        let _ = stream.set_nonblocking(false);
        let mut writer = match stream.try_clone() {
            Ok(w) => w,
            Err(e) => return (End::Broken(e.to_string()), String::new()),
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || reader(stream, tx));
        loop {
            let ev = match deadline {
                Some(d) => match rx.recv_timeout(d.saturating_duration_since(Instant::now())) {
                    Ok(ev) => ev,
                    Err(mpsc::RecvTimeoutError::Timeout) => return (End::TimedOut, String::new()),
                    Err(mpsc::RecvTimeoutError::Disconnected) => Event::Eof,
                },
                None => rx.recv().unwrap_or(Event::Eof),
            };
            match ev {
                Event::Eof => break,
                Event::Bad(e) => return (End::Broken(e), String::new()),
                Event::Msg(m) => match rec.handle(m) {
                    Ok(None) => {}
                    Ok(Some(bytes)) => {
                        if writer.write_all(&bytes).is_err() {
                            break;
                        }
                    }
                    Err(d) => return (End::Rejected(d), String::new()),
                },
            }
        }
    }
    // The child closed its end: wait for its exit (still within the deadline).
    let status = loop {
        match child.0.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if past() => return (End::TimedOut, String::new()),
            Ok(None) => std::thread::sleep(Duration::from_millis(1)),
            Err(e) => return (End::Broken(e.to_string()), String::new()),
        }
    };
    let text = collect(captured);
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => (End::Exited(c), text),
        (None, Some(sig)) => (End::Crashed(signal_name(sig)), text),
        _ => (End::Crashed("an unknown signal".into()), text),
    }
}

fn signal_name(sig: i32) -> String {
    match sig {
        4 => "SIGILL (illegal instruction)".into(),
        6 => "SIGABRT (abort)".into(),
        7 => "SIGBUS (bus error)".into(),
        8 => "SIGFPE (arithmetic exception)".into(),
        9 => "SIGKILL".into(),
        11 => "SIGSEGV (segmentation fault)".into(),
        s => format!("signal {s}"),
    }
}
