//! The compiled kernel as a child process: its messages arrive over a Unix socket (read by a
//! thread, so that a silent child is noticed at the deadline), each is handed to the recorder,
//! and the answers go back. The child's death, a broken message or the deadline ends the run;
//! the child never outlives it.
//!
//! The child is started under ascstep's supervisor (`supervise.cpp`), which ends and reaps
//! every process the kernel started once it ends, so that `main` returning ends the run even
//! when a forked or detached process still holds the socket, and no process outlives ascstep.
//! The supervisor bounds the kernel's memory (`Limits::memory`).

use super::launches::Handler;
use super::msg::{parse, Msg};
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
    /// The child ran out of the memory it may use (`--memory-limit`, in bytes).
    OutOfMemory(u64),
    /// The recording of the kernel's calls outgrew the memory limit (in bytes): the kernel
    /// made more calls than ascstep can hold.
    RecordingTooLarge(u64),
}

/// What the child may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The run (not the compile) stops after this long.
    pub timeout: Option<Duration>,
    /// The bytes of data (heap and private mappings) the kernel's processes may map; `None`:
    /// no bound.
    pub memory: Option<u64>,
}

/// The default memory bound: half of the machine's physical memory (docs/format.md §12.4).
pub fn default_memory_limit() -> Option<u64> {
    // SAFETY: sysconf has no preconditions.
    let (pages, size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    (pages > 0 && size > 0).then(|| (pages as u64).saturating_mul(size as u64) / 2)
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
    /// The messages the socket held at once (at most `BATCH`): one wake-up for them all.
    Msgs(Vec<Msg>),
    /// The kernel's allocation failed (`O`): its memory limit was reached.
    OutOfMemory,
    Eof,
    Bad(String),
}

/// Whether ascstep's own memory (its resident set, read every 4096 messages) has passed the
/// run's memory limit: what the recording of a kernel's calls may take is bounded as the
/// kernel's own memory is.
fn too_large(handled: &mut u64, limit: Option<u64>) -> bool {
    *handled += 1;
    let Some(limit) = limit else {
        return false;
    };
    if *handled % 4096 != 0 {
        return false;
    }
    let resident = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .unwrap_or(0);
    // statm counts pages; 4 KiB on the hosts ascstep runs on (x86-64, aarch64 Linux defaults).
    resident * 4096 > limit
}

/// How many parsed messages may wait for the recorder.
const QUEUED: usize = 16;
/// The most messages handed over at once.
const BATCH: usize = 256;

fn reader(stream: UnixStream, tx: mpsc::SyncSender<Event>) {
    let mut r = BufReader::new(stream);
    let mut line = String::new();
    let mut batch = Vec::new();
    // The call lines read, numbered: a loop sends the same lines again and again, each
    // handed on as `Msg::Again(n)` (`run` gives the recorder the call it stands for).
    let mut calls: foldhash::HashMap<String, u32> = Default::default();
    // The messages so far, then `last` (an end): the end comes after what came before it.
    let end = |batch: &mut Vec<Msg>, last: Event| {
        if !batch.is_empty() {
            let _ = tx.send(Event::Msgs(std::mem::take(batch)));
        }
        let _ = tx.send(last);
    };
    loop {
        line.clear();
        match r.read_line(&mut line) {
            Ok(0) | Err(_) => return end(&mut batch, Event::Eof),
            Ok(_) => {}
        }
        let text = line.trim_end_matches('\n');
        if text == "O" {
            return end(&mut batch, Event::OutOfMemory);
        }
        let again = text.starts_with("C ").then(|| calls.get(text)).flatten();
        match again.map_or_else(|| parse(text, &mut r), |&n| Ok(Msg::Again(n))) {
            Ok(m) => {
                if matches!(m, Msg::Call { .. }) {
                    if calls.len() >= super::msg::CALL_LINES {
                        calls.clear();
                    }
                    calls.insert(text.to_string(), calls.len() as u32);
                }
                batch.push(m)
            }
            // Cut short by the program's end: its exit status says how it ended.
            Err(e) if e == super::msg::TRUNCATED => return end(&mut batch, Event::Eof),
            Err(e) => return end(&mut batch, Event::Bad(e)),
        }
        // Handed over when nothing more is waiting (a call that waits for its answer is never
        // held back) or the batch is full.
        if (r.buffer().is_empty() || batch.len() >= BATCH)
            && tx.send(Event::Msgs(std::mem::take(&mut batch))).is_err()
        {
            return;
        }
    }
}

/// The next event if one arrives within about 50 µs (checked without sleeping), else None;
/// a closed channel is the end.
fn poll_briefly(rx: &mpsc::Receiver<Event>) -> Option<Event> {
    let until = Instant::now() + Duration::from_micros(50);
    let mut n = 0u32;
    loop {
        match rx.try_recv() {
            Ok(ev) => return Some(ev),
            Err(mpsc::TryRecvError::Disconnected) => return Some(Event::Eof),
            Err(mpsc::TryRecvError::Empty) => {}
        }
        n = n.wrapping_add(1);
        if n % 8 == 0 && Instant::now() >= until {
            return None;
        }
        // Yielding, not spinning: the kernel or the reader may need this core.
        std::thread::yield_now();
    }
}

/// A socket name of this process in Linux's abstract namespace: no file, so nothing is left
/// behind when ascstep itself is killed. Given to the kernel as `@name` (rt.h connects to it).
fn socket_name() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "ascstep-{}-{}-{t:x}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// The supervisor process: ended (asking it first, so that it ends the kernel's processes)
/// and reaped when the run ends, whichever way.
struct Reaper {
    child: Child,
    /// How it ended and its peak resident memory (bytes; the kernel's, which it waited for).
    ended: Option<(std::process::ExitStatus, u64)>,
}

impl Reaper {
    /// Reaps the supervisor if it has ended (wait4, for the peak memory of what it waited for).
    fn try_wait(&mut self) -> std::io::Result<Option<(std::process::ExitStatus, u64)>> {
        if self.ended.is_some() {
            return Ok(self.ended);
        }
        use std::os::unix::process::ExitStatusExt;
        let pid = self.child.id() as libc::pid_t;
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid; wait4 writes into the two locals only.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        match r {
            0 => Ok(None),
            r if r == pid => {
                let peak = (usage.ru_maxrss.max(0) as u64).saturating_mul(1024);
                self.ended = Some((std::process::ExitStatus::from_raw(status), peak));
                Ok(self.ended)
            }
            _ => Err(std::io::Error::last_os_error()),
        }
    }

    /// Asks the supervisor to end the kernel (SIGTERM), then forces it after a grace period.
    fn end(&mut self) {
        let pid = self.child.id() as libc::pid_t;
        if !matches!(self.try_wait(), Ok(None)) {
            return;
        }
        // SAFETY: pid is our own unreaped child, so it names no other process.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        let until = Instant::now() + Duration::from_secs(3);
        while Instant::now() < until {
            if !matches!(self.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = self.child.kill();
        while matches!(self.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        self.end();
    }
}

/// Runs `exe` under `supervisor` in `cwd` (else the current directory), feeding its messages to `rec`, until it ends or
/// `timeout` passes. Returns how it ended and what it printed when captured.
pub fn run(
    supervisor: &Path,
    exe: &Path,
    rec: &mut impl Handler,
    limits: Limits,
    output: Output,
    cwd: Option<&Path>,
    env: &[(&str, String)],
) -> (End, String) {
    let deadline = limits.timeout.map(|t| Instant::now() + t);
    let mut crashed_at = None;
    // The call messages the reader numbered (`Msg::Again`).
    let mut calls: Vec<Msg> = Vec::new();
    let sock = socket_name();
    use std::os::linux::net::SocketAddrExt;
    let listener = match std::os::unix::net::SocketAddr::from_abstract_name(sock.as_bytes())
        .and_then(|a| UnixListener::bind_addr(&a))
    {
        Ok(l) => l,
        Err(e) => {
            return (
                End::Broken(format!("cannot listen on @{sock}: {e}")),
                String::new(),
            )
        }
    };
    let mut cmd = Command::new(supervisor);
    cmd.arg(exe)
        .env("ASCSTEP_SOCKET", format!("@{sock}"))
        .env(
            "ASCSTEP_MEMORY_LIMIT",
            limits.memory.unwrap_or(0).to_string(),
        )
        .stdin(Stdio::null());
    if let Some(d) = cwd {
        cmd.current_dir(d);
    }
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
    let mut child = Reaper { child, ended: None };
    // Captured output is read by threads so that a chatty child never blocks on a full pipe.
    let captured: Vec<std::thread::JoinHandle<String>> = [
        child
            .child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .child
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
        if let Ok(Some(_)) = child.try_wait() {
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
        // Bounded: a kernel that calls faster than the simulator keeps up waits for it
        // instead of filling ascstep's memory with messages.
        let (tx, rx) = mpsc::sync_channel(QUEUED);
        let mut handled = 0u64;
        let (mut answered, mut pending) = (false, None);
        std::thread::spawn(move || reader(stream, tx));
        'messages: loop {
            // Checked at every batch: a kernel that never stops calling is still timed out.
            if past() {
                return (End::TimedOut, String::new());
            }
            // Right after an answer the kernel's next message is usually microseconds away:
            // polled for a moment before sleeping, since waking a sleeping thread costs tens
            // of microseconds on a virtual machine (a GetValue loop is one answer a call).
            if answered {
                answered = false;
                if let Some(ev) = poll_briefly(&rx) {
                    pending = Some(ev);
                }
            }
            let ev = match (pending.take(), deadline) {
                (Some(ev), _) => ev,
                (None, Some(d)) => match rx
                    .recv_timeout(d.saturating_duration_since(Instant::now()))
                {
                    Ok(ev) => ev,
                    Err(mpsc::RecvTimeoutError::Timeout) => return (End::TimedOut, String::new()),
                    Err(mpsc::RecvTimeoutError::Disconnected) => Event::Eof,
                },
                (None, None) => rx.recv().unwrap_or(Event::Eof),
            };
            match ev {
                Event::Eof => break,
                Event::OutOfMemory => {
                    child.end();
                    return (
                        End::OutOfMemory(limits.memory.unwrap_or(0)),
                        collect(captured),
                    );
                }
                Event::Bad(e) => return (End::Broken(e), String::new()),
                Event::Msgs(ms) => {
                    for m in ms {
                        let m = match m {
                            Msg::CrashAt(off, addr) => {
                                crashed_at = Some((off, addr));
                                continue;
                            }
                            Msg::Again(n) => match calls.get(n as usize) {
                                Some(c) => c.clone(),
                                None => {
                                    return (
                                        End::Broken(format!(
                                            "call line {n} repeated before it came"
                                        )),
                                        String::new(),
                                    )
                                }
                            },
                            m @ Msg::Call { .. } => {
                                if calls.len() >= super::msg::CALL_LINES {
                                    calls.clear();
                                }
                                calls.push(m.clone());
                                m
                            }
                            m => m,
                        };
                        if too_large(&mut handled, limits.memory) {
                            return (
                                End::RecordingTooLarge(limits.memory.unwrap_or(0)),
                                String::new(),
                            );
                        }
                        match rec.handle(m) {
                            Ok(None) => {}
                            Ok(Some(bytes)) => {
                                if writer.write_all(&bytes).is_err() {
                                    break 'messages;
                                }
                                answered = true;
                            }
                            Err(d) => return (End::Rejected(d), String::new()),
                        }
                    }
                }
            }
        }
    }
    // The child closed its end: wait for its exit (still within the deadline).
    let (status, peak) = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if past() => return (End::TimedOut, String::new()),
            Ok(None) => std::thread::sleep(Duration::from_millis(1)),
            Err(e) => return (End::Broken(e.to_string()), String::new()),
        }
    };
    let text = collect(captured);
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        // A crash at half the limit or more: an allocation that failed and was not checked.
        (None, Some(_)) if limits.memory.is_some_and(|m| peak >= m / 2) => {
            (End::OutOfMemory(limits.memory.unwrap_or(0)), text)
        }
        (Some(c), _) => (End::Exited(c), text),
        (None, Some(sig)) => (
            End::Crashed(
                signal_name(sig)
                    + &crash_site(exe, crashed_at.map(|c| c.0))
                    + &low_address(crashed_at.and_then(|c| c.1)),
            ),
            text,
        ),
        _ => (End::Crashed("an unknown signal".into()), text),
    }
}

/// ` at FILE:LINE in FUNCTION` for a crash at offset `off` of the executable `exe`: the
/// innermost frame addr2line names outside ascstep's own headers (`include-<hash>/`), else the
/// innermost; empty when it cannot tell (no addr2line, no line information).
/// What a fault at a low address (below 1 MiB, never mapped in a Linux process) most likely
/// was in a kernel: a null pointer, or a UB address (`LocalTensor::GetPhyAddr`) used as a
/// pointer, which the device's scalar unit may read but ascstep's cannot: its UB is the
/// simulator's.
fn low_address(addr: Option<u64>) -> String {
    match addr {
        Some(a) if a < 1 << 20 => format!(
            ", touching address {a:#x}: a null pointer, or a UB address (LocalTensor::GetPhyAddr) used as a pointer, which ascstep's scalar code cannot read or write (its UB is the simulator's: use GetValue and SetValue)"
        ),
        _ => String::new(),
    }
}

fn crash_site(exe: &Path, off: Option<u64>) -> String {
    let Some(off) = off else {
        return String::new();
    };
    let Ok(out) = Command::new("addr2line")
        .args(["-C", "-f", "-i", "-e"])
        .arg(exe)
        .arg(format!("{off:#x}"))
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
    else {
        return String::new();
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let frames: Vec<(&str, &str)> = lines
        .chunks(2)
        .filter_map(|c| match c {
            [f, at] if !at.starts_with("??") => Some((*f, *at)),
            _ => None,
        })
        .collect();
    let ours = |at: &str| {
        at.split('/').any(|part| {
            part.strip_prefix("include-")
                .is_some_and(|h| h.len() == 16 && h.chars().all(|c| c.is_ascii_hexdigit()))
        })
    };
    let Some((function, at)) = frames.iter().find(|(_, at)| !ours(at)).or(frames.first()) else {
        return String::new();
    };
    // addr2line appends ` (discriminator N)` to some lines; a file of a staged CANN layout
    // (`layout.rs`, symbolic links) is named as the checkout's.
    let at = at.split(" (").next().unwrap_or(at);
    let at = match at.rsplit_once(':') {
        Some((file, line)) => match std::fs::canonicalize(file) {
            Ok(real) => format!("{}:{line}", real.display()),
            Err(_) => at.to_string(),
        },
        None => at.to_string(),
    };
    format!(" at {at} in {function}")
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
