// ascstep's supervisor of a compiled kernel (docs/format.md §12.4): `supervise EXE ARGS…`
// runs EXE as its child and, when that child ends (or ascstep goes, or a signal asks), ends
// every process the child started, however it detached (fork, setsid, double fork), and
// reaps them all before it exits. It exits as the child did: the same code, or the same
// signal. Compiled once by the host compiler into ascstep's cache; single-threaded.
//
// How: it is a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every orphaned descendant
// becomes its own child; the kernel runs in a process group of its own. At the end it stops
// and kills that group, then, round after round, every process whose parent it is (from
// /proc), until none is left.
//
// Environment: ASCSTEP_MEMORY_LIMIT (bytes, 0 or absent: none) bounds the kernel's data
// (RLIMIT_DATA: heap and private mappings, inherited by what it starts).
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t asked = 0;
static const int ENDING[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};

static void on_signal(int) { asked = 1; }

// The pids whose parent is this process, up to `cap`; how many.
static int children(pid_t self, pid_t* out, int cap) {
    DIR* d = opendir("/proc");
    if (!d) return 0;
    int n = 0;
    while (dirent* e = readdir(d)) {
        char* end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0) continue;
        char path[64];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE* f = fopen(path, "r");
        if (!f) continue;
        char buf[512];
        size_t k = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[k] = 0;
        // pid (comm) state ppid …: comm may hold spaces and parentheses; the last ')' ends it.
        char* close = strrchr(buf, ')');
        long ppid = 0;
        char state = 0;
        if (!close || sscanf(close + 1, " %c %ld", &state, &ppid) != 2) continue;
        if (ppid == self && n < cap) out[n++] = pid_t(pid);
    }
    closedir(d);
    return n;
}

static void pause_ms(long ms) {
    timespec t{ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, nullptr);
}

// Ends the kernel's group and every descendant left, reaping them.
static void end_all(pid_t self, pid_t group) {
    kill(-group, SIGKILL);
    static pid_t found[4096];
    // Bounded: a descendant forking as fast as it is killed is still ended within rounds,
    // as each round kills every child there is; the bound only keeps this from spinning.
    for (int round = 0; round < 2000; round++) {
        while (waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        int n = children(self, found, 4096);
        if (n == 0) return;
        for (int i = 0; i < n; i++) kill(found[i], SIGSTOP);
        for (int i = 0; i < n; i++) {
            kill(-found[i], SIGKILL);
            kill(found[i], SIGKILL);
        }
        while (waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        pause_ms(1);
    }
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: supervise EXE ARGS...\n");
        return 70;
    }
    pid_t self = getpid();
    pid_t parent = getppid();
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    // ascstep gone (killed, crashed): end the kernel too.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    struct sigaction sa{};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int s : ENDING) sigaction(s, &sa, nullptr);
    if (getppid() != parent) return 70;  // ascstep went before the death signal was set
    unsigned long long limit = 0;
    if (const char* m = getenv("ASCSTEP_MEMORY_LIMIT")) limit = strtoull(m, nullptr, 10);
    pid_t kid = fork();
    if (kid < 0) return 71;
    if (kid == 0) {
        setpgid(0, 0);
        struct sigaction dfl{};
        dfl.sa_handler = SIG_DFL;
        for (int s : ENDING) sigaction(s, &dfl, nullptr);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (limit > 0) {
            rlimit r{rlim_t(limit), rlim_t(limit)};
            setrlimit(RLIMIT_DATA, &r);
        }
        execv(argv[1], argv + 1);
        fprintf(stderr, "cannot start %s: %s\n", argv[1], strerror(errno));
        _exit(127);
    }
    setpgid(kid, kid);
    int status = 0;
    bool done = false;
    while (!done && !asked) {
        pid_t w = waitpid(-1, &status, 0);
        if (w == kid) done = true;
        else if (w < 0 && errno == ECHILD) break;
        // Another (orphaned) descendant ended: reaped; go on waiting.
    }
    end_all(self, kid);
    if (!done) return 75;  // asked to stop: the kernel was ended
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        rlimit none{0, 0};
        setrlimit(RLIMIT_CORE, &none);
        signal(sig, SIG_DFL);
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_UNBLOCK, &all, nullptr);
        raise(sig);
        return 128 + sig;
    }
    return 70;
}
