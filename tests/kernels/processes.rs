//! Nothing a kernel starts outlives ascstep, and a kernel that allocates without end stops
//! at its memory limit.

use super::*;

/// A kernel that detaches a sleeper (setsid, double fork; its pid in ./sleeper.pid) and then
/// spins: whatever ends ascstep, the sleeper and the spinner must not outlive it.
fn detaching_spinner(name: &str) -> (PathBuf, PathBuf) {
    kernel(
        name,
        "    AscendC::Duplicate(t, 1.0f, 64);\n    if (fork() == 0) { setsid(); if (fork() == 0) { FILE* f = fopen(\"sleeper.pid\", \"w\"); fprintf(f, \"%d\\n\", int(getpid())); fclose(f); sleep(300); } _exit(0); }\n    for (volatile int i = 0; ; i = i + 1) {}",
    )
}

/// The sleeper's pid, once it has written it.
fn sleeper_pid(dir: &Path) -> String {
    for _ in 0..10_000 {
        if let Ok(t) = std::fs::read_to_string(dir.join("sleeper.pid")) {
            if t.ends_with('\n') {
                return t.trim().to_string();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the kernel never wrote sleeper.pid");
}

/// Whether process `pid` is gone (or a zombie, ended and waiting for init to reap it),
/// looked at for up to 5 s: the supervisor ends the tree after ascstep goes.
fn gone(pid: &str) -> bool {
    for _ in 0..5_000 {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(s)
                if s.rsplit(')')
                    .next()
                    .is_some_and(|r| r.trim_start().starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(std::time::Duration::from_millis(1)),
        }
    }
    false
}

/// format.md §12.4: the time-out, SIGTERM to ascstep, and Ctrl-C at the terminal (SIGINT to
/// the whole foreground group, as while `debug` records a kernel) each end every process
/// the kernel started, detached ones included, and leave no file in the temporary directory.
#[test]
fn no_process_a_kernel_starts_outlives_ascstep() {
    use std::os::unix::process::CommandExt;
    for how in ["timeout", "sigterm", "sigint"] {
        let (dir, _) = detaching_spinner(&format!("detach_{how}"));
        let src = std::fs::read_to_string(dir.join(format!("detach_{how}.asc"))).unwrap();
        std::fs::write(
            dir.join(format!("detach_{how}.asc")),
            format!("#include <cstdio>\n#include <unistd.h>\n{src}"),
        )
        .unwrap();
        let file = format!("detach_{how}.asc");
        let args: Vec<&str> = match how {
            "timeout" => vec!["run", &file, "--timeout", "2"],
            "sigterm" => vec!["run", &file, "--timeout", "0"],
            _ => vec!["debug", &file, "--timeout", "0"],
        };
        // Its own temporary directory, to see that ascstep ended this way leaves nothing there.
        let tmp = dir.join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_ascstep"))
            .args(&args)
            .current_dir(&dir)
            .env(
                "ASCSTEP_CACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("kernel-cache"),
            )
            .env("TMPDIR", &tmp)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = sleeper_pid(&dir);
        let me = child.id() as i32;
        match how {
            "sigterm" => assert_eq!(unsafe { libc::kill(me, libc::SIGTERM) }, 0),
            "sigint" => assert_eq!(unsafe { libc::kill(-me, libc::SIGINT) }, 0),
            _ => {}
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if how == "timeout" {
            assert_eq!(out.status.code(), Some(3), "{stderr}");
            assert!(stderr.contains("error[timeout]"), "{stderr}");
        }
        assert!(
            gone(&pid),
            "{how}: the detached process {pid} outlived ascstep"
        );
        let left: Vec<_> = std::fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "{how}: ascstep left {left:?} behind");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// format.md §12.4: `--memory-limit` bounds the compiled program; allocating past it with
/// `new` (the allocation fails) or with `malloc` whose NULL is written through (a crash at
/// the limit) is `kernel-out-of-memory` with the last API call's position, exit 3.
#[test]
fn a_kernel_that_allocates_without_end_is_stopped_at_its_memory_limit() {
    for (name, alloc) in [
        ("oom_new", "char* p = new char[1 << 20];"),
        ("oom_malloc", "char* p = (char*)malloc(1 << 20);"),
    ] {
        let (dir, _) = kernel(
            name,
            &format!("    AscendC::Duplicate(t, 1.0f, 64);\n    for (;;) {{ {alloc} memset(p, 1, 1 << 20); }}"),
        );
        let r = ascstep_in(
            &dir,
            &["run", &format!("{name}.asc"), "--memory-limit", "256M"],
            &[],
        );
        assert_eq!(r.code, 3, "{}", r.dump());
        has(
            &r.stderr,
            "error[kernel-out-of-memory]: the compiled program ran out of memory: it may use 256 MiB (--memory-limit)",
            &r,
        );
        has(&r.stderr, &format!("{name}.asc:9:5 in k `Duplicate("), &r);
        let _ = std::fs::remove_dir_all(&dir);
    }
    let (dir, _) = kernel("mem_flag", "    AscendC::Duplicate(t, 1.0f, 64);");
    for bad in ["12X", "-1G", "0.5K"] {
        let flag = format!("--memory-limit={bad}");
        let r = ascstep_in(&dir, &["run", "mem_flag.asc", &flag], &[]);
        assert_eq!(r.code, 2, "{}", r.dump());
        has(&r.stderr, "is not a memory size", &r);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
