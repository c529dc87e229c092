// ascstep's runtime inside a compiled kernel (docs/format.md §12): the channel to ascstep and
// the global-memory allocations. Every API call of kernel_operator.h becomes one line on the
// channel; ascstep simulates it and answers the reads (GetValue, device-to-host copies).
//
// Messages, one per line (fields separated by one space; the last field may hold spaces):
//   F fid function<TAB>path         the id of a source file and function
//   A aid bytes                     aclrtMalloc
//   W aid offset n  + n raw bytes   a host-to-device copy or memset
//   R aid offset n                  a device-to-host copy; answered with n raw bytes
//   N aid name                      the kernel parameter a launch passes allocation aid as
//   I aid name                      a binding program's argument (docs/format.md §12.2);
//                                   answered with the allocation's initial bytes
//   L blocks name                   a launch; then B idx per block, E at its end
//   U vid dtype addr len fid line col      a LocalTensor's UB view
//   G vid dtype aid fid line col           a GlobalTensor's view of an allocation
//   C fid line col RON              an API call, as the RON instruction it is
//   V fid line col vid offset dtype a GetValue; answered with one line: the value or `?`
//   P vid offset n                  DumpTensor's read of n elements of a view: answered with
//                                   one line of values (`?` uninitialised); not a step
//   K offset                        a crash at this (hex) offset into the executable
//   X fid line col message          the kernel stopped (assert, trap)
//   O                               an allocation failed: the memory limit was reached
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <source_location>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <chrono>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <dlfcn.h>
#include <ucontext.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

// The built-in variables (DK-guide 编程指南/语言扩展层/SIMD-BuiltIn关键字): the launch's block
// count, and this block's index (each block runs on a thread of its own).
inline int64_t block_num = 1;
inline thread_local int64_t block_idx = 0;

namespace ascstep_rt {

using Pos = std::source_location;

struct Chan;
inline Chan& chan();

// Where the executable is loaded, and the faulting instruction of a crash's context.
inline uintptr_t& image_base() {
    static uintptr_t b = 0;
    return b;
}
inline uintptr_t fault_pc(void* ctx) {
    auto* uc = static_cast<ucontext_t*>(ctx);
#if defined(__x86_64__)
    return uintptr_t(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    return uintptr_t(uc->uc_mcontext.pc);
#else
    (void)uc;
    return 0;
#endif
}

struct Chan {
    static inline Chan* live = nullptr;
    int out = -1;
    int in = -1;
    std::string buf;
    // Messages are buffered; a thread sends what waits every 20 ms, so that a kernel stuck in
    // a loop has reported its last call when ascstep stops it.
    std::mutex lock;
    // The channel is a Unix socket ascstep listens on (ASCSTEP_SOCKET), opened at the first
    // message; what is buffered goes out when the program exits.
    Chan() {
        const char* path = std::getenv("ASCSTEP_SOCKET");
        if (!path) {
            std::fprintf(stderr, "this program was compiled by ascstep; run it with `ascstep run`\n");
            std::_Exit(70);
        }
        int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        // "@name": Linux's abstract namespace (sun_path starts with a zero byte; the length
        // given is exact, as the name is not zero-terminated).
        socklen_t len = sizeof a;
        if (path[0] == '@') {
            size_t n = std::strlen(path + 1);
            if (n > sizeof a.sun_path - 1) n = sizeof a.sun_path - 1;
            std::memcpy(a.sun_path + 1, path + 1, n);
            len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + n);
        } else {
            std::strncpy(a.sun_path, path, sizeof a.sun_path - 1);
        }
        if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&a), len) != 0) std::_Exit(71);
        out = in = fd;
        live = this;
        std::atexit([] { chan().flush(); });
        std::thread([] {
            for (;;) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                chan().flush();
            }
        }).detach();
        // A crash sends what is buffered first, so ascstep knows the last call before it, then
        // `K <offset> [<address>]`: where in the executable the faulting instruction is (ascstep
        // names its C++ line with addr2line) and, for SIGSEGV and SIGBUS, the address it touched.
        Dl_info self{};
        if (::dladdr(reinterpret_cast<void*>(&chan), &self) != 0) image_base() = reinterpret_cast<uintptr_t>(self.dli_fbase);
        struct sigaction sa{};
        sa.sa_flags = SA_SIGINFO;
        sa.sa_sigaction = [](int s, siginfo_t* info, void* ctx) {
            Chan& c = chan();
            if (!c.buf.empty()) (void)::write(c.out, c.buf.data(), c.buf.size());
            uintptr_t pc = fault_pc(ctx);
            if (pc != 0 && image_base() != 0 && s != SIGABRT) {
                char line[64] = "K ";
                int n = 2;
                // Async-signal-safe hex of v at line[n…].
                auto hex = [&](uintptr_t v) {
                    char h[20];
                    int k = 0;
                    do {
                        h[k++] = "0123456789abcdef"[v & 15];
                        v >>= 4;
                    } while (v != 0 && k < 20);
                    while (k > 0) line[n++] = h[--k];
                };
                hex(pc - image_base());
                if ((s == SIGSEGV || s == SIGBUS) && info != nullptr) {
                    line[n++] = ' ';
                    hex(reinterpret_cast<uintptr_t>(info->si_addr));
                }
                line[n++] = '\n';
                (void)::write(c.out, line, size_t(n));
            }
            std::signal(s, SIG_DFL);
            std::raise(s);
        };
        for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::sigaction(sig, &sa, nullptr);
    }
    void write_all(const char* p, size_t n) {
        while (n > 0) {
            ssize_t k = ::write(out, p, n);
            if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;  // a signal, not an end
            if (k <= 0) std::_Exit(71);  // ascstep went away
            p += k;
            n -= size_t(k);
        }
    }
    void flush() {
        std::lock_guard<std::mutex> g(lock);
        flush_locked();
    }
    void flush_locked() {
        if (!buf.empty()) write_all(buf.data(), buf.size());
        buf.clear();
    }
    uint64_t sent = 0;
    // One message line of these parts, written straight into the buffer.
    template <class... S>
    void put_parts(const S&... parts) {
        std::lock_guard<std::mutex> g(lock);
        sent++;
        ((buf += parts), ...);
        buf += '\n';
        if (buf.size() > (1u << 16)) flush_locked();
    }
    void put(const std::string& line) { put_parts(line); }
    void raw(const void* p, size_t n) {
        std::lock_guard<std::mutex> g(lock);
        flush_locked();
        write_all(static_cast<const char*>(p), n);
    }
    // Answers read ahead: ascstep's answer to a call is read in as few reads as it arrives in.
    char inbuf[4096];
    size_t inpos = 0, inlen = 0;
    // At least one more byte of answer into inbuf (which is used up). An answer usually comes
    // within microseconds: asked for without waiting for about 50 µs before the read that
    // sleeps, since waking a sleeping process costs tens of microseconds on a virtual machine.
    void fill() {
        inpos = inlen = 0;
        auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
        for (int i = 0;; i++) {
            ssize_t k = ::recv(in, inbuf, sizeof inbuf, MSG_DONTWAIT);
            if (k > 0) {
                inlen = size_t(k);
                return;
            }
            if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) break;
            if (i % 8 == 7 && std::chrono::steady_clock::now() >= until) break;
            std::this_thread::yield();  // ascstep's threads may need this core
        }
        for (;;) {
            ssize_t k = ::read(in, inbuf, sizeof inbuf);
            if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (k <= 0) {  // ascstep stopped the kernel: what it printed so far still shows
                std::fflush(nullptr);
                std::_Exit(72);
            }
            inlen = size_t(k);
            return;
        }
    }
    void read_all(void* p, size_t n) {
        char* c = static_cast<char*>(p);
        while (n > 0) {
            if (inpos == inlen) fill();
            size_t k = std::min(n, inlen - inpos);
            std::memcpy(c, inbuf + inpos, k);
            inpos += k;
            c += k;
            n -= k;
        }
    }
    std::string line() {
        flush();
        std::string s;
        for (;;) {
            if (inpos == inlen) fill();
            const char* b = inbuf + inpos;
            const void* nl = std::memchr(b, '\n', inlen - inpos);
            size_t k = nl ? size_t(static_cast<const char*>(nl) - b) : inlen - inpos;
            s.append(b, k);
            inpos += k;
            if (nl) {
                inpos++;
                return s;
            }
        }
    }
};

inline Chan& chan() {
    static Chan* c = new Chan;  // never destroyed: the exit handler flushes it
    return *c;
}

// An allocation that fails (the memory limit of --memory-limit) ends the program with an `O`
// message, so that ascstep reports it as such; nothing here allocates. What is buffered goes
// first unless another thread holds the buffer (it may be the one allocating).
inline void out_of_memory() {
    if (Chan* c = Chan::live) {
        if (c->lock.try_lock()) {
            if (!c->buf.empty()) (void)::write(c->out, c->buf.data(), c->buf.size());
            c->buf.clear();
        }
        (void)::write(c->out, "O\n", 2);
    }
    std::_Exit(74);
}
inline const bool new_handler_set = (std::set_new_handler(out_of_memory), true);

inline std::string fmt(const char* f, ...) {
    char b[512];
    va_list ap;
    va_start(ap, f);
    int n = std::vsnprintf(b, sizeof b, f, ap);
    va_end(ap);
    if (n < 0) return std::string();
    if (size_t(n) < sizeof b) return std::string(b, size_t(n));
    std::string s(size_t(n) + 1, '\0');
    va_start(ap, f);
    std::vsnprintf(s.data(), s.size(), f, ap);
    va_end(ap);
    s.resize(size_t(n));
    return s;
}

// "fid line col" of a source position; the id of a (file, function) pair is sent once. The
// names are the compiler's static strings, so their addresses identify them. A loop makes the
// same calls again: each thread keeps the text of the last positions it made (one per slot).
inline std::string at(const Pos& p) {
    struct Slot {
        const char* file = nullptr;
        const char* function = nullptr;
        uint32_t line = 0, column = 0;
        std::string text;
    };
    thread_local Slot slots[64];
    const char* file = p.file_name();
    const char* function = p.function_name();
    uint32_t line = p.line(), column = p.column();
    Slot& s = slots[(reinterpret_cast<uintptr_t>(file) / 8 + line * 31 + column) % 64];
    if (s.file == file && s.function == function && s.line == line && s.column == column) return s.text;
    static std::mutex lock;
    static std::map<std::pair<const char*, const char*>, int> ids;
    int id;
    {
        std::lock_guard<std::mutex> g(lock);
        auto key = std::make_pair(file, function);
        auto it = ids.find(key);
        if (it == ids.end()) {
            id = int(ids.size());
            ids.emplace(key, id);
            chan().put(fmt("F %d ", id) + function + "\t" + file);
        } else {
            id = it->second;
        }
    }
    s = Slot{file, function, line, column, fmt("%d %u %u", id, unsigned(line), unsigned(column))};
    return s.text;
}

// A call's message, written straight into the channel's buffer (no line built first).
inline void call(const Pos& p, const std::string& ron) { chan().put_parts("C ", at(p), " ", ron); }

[[noreturn]] inline void stop(const Pos& p, const std::string& why) {
    // What the program printed before the stop still shows: flushed before ascstep hears of the
    // stop, which may end this process as soon as it does.
    std::fflush(nullptr);
    chan().put("X " + at(p) + " " + why);
    chan().flush();
    std::_Exit(73);
}

// Global memory: every aclrtMalloc is an allocation ascstep mirrors; a __gm__ pointer is a
// host pointer into one of them.
struct Alloc {
    char* base;
    size_t size;
    int id;
};
inline std::vector<Alloc>& allocs() {
    static std::vector<Alloc> v;
    return v;
}
inline const Alloc* find(const void* p) {
    const char* c = static_cast<const char*>(p);
    for (const Alloc& a : allocs())
        if (a.base && c >= a.base && c < a.base + a.size + 32) return &a;  // GmFree'd: base null
    return nullptr;
}
inline void* alloc(size_t size) {
    // aclrtMalloc rounds up to 32 bytes and adds 32 bytes (docs/format.md §12.2).
    size_t padded = (size + 31) / 32 * 32 + 32;
    char* p = static_cast<char*>(std::aligned_alloc(512, (padded + 511) / 512 * 512));
    if (!p) return nullptr;
    std::memset(p, 0, padded);
    int id = int(allocs().size());
    allocs().push_back(Alloc{p, size, id});
    chan().put(fmt("A %d %zu", id, size));
    return p;
}
// Whether p (and the size bytes from it) lies in the program's own image (its static data),
// not on the heap or the stack.
inline bool in_image(const void* p, size_t size) {
    Dl_info self{}, at{}, end{};
    return ::dladdr(reinterpret_cast<void*>(&chan), &self) != 0 && ::dladdr(p, &at) != 0 &&
           ::dladdr(static_cast<const char*>(p) + (size ? size - 1 : 0), &end) != 0 &&
           at.dli_fbase == self.dli_fbase && end.dli_fbase == self.dli_fbase;
}
// Global memory the kernel holds itself (`constexpr static __gm__ T table[256] = {…}`: data
// the device build places in GM, in the program's image): becomes an allocation holding its
// bytes, the first time a GlobalTensor is set on it.
inline const Alloc* adopt(const void* p, size_t size) {
    int id = int(allocs().size());
    allocs().push_back(Alloc{static_cast<char*>(const_cast<void*>(p)), size, id});
    chan().put(fmt("A %d %zu", id, size));
    chan().put(fmt("W %d 0 %zu", id, size));
    chan().raw(p, size);
    return &allocs().back();
}
inline void to_device(void* dst, const void* src, size_t n) {
    const Alloc* a = find(dst);
    if (!a) return;
    std::memcpy(dst, src, n);
    size_t off = size_t(static_cast<char*>(dst) - a->base);
    chan().put(fmt("W %d %zu %zu", a->id, off, n));
    chan().raw(src, n);
}
inline void to_host(void* dst, const void* src, size_t n) {
    const Alloc* a = find(src);
    if (!a) {
        std::memcpy(dst, src, n);
        return;
    }
    size_t off = size_t(static_cast<const char*>(src) - a->base);
    chan().put(fmt("R %d %zu %zu", a->id, off, n));
    chan().flush();
    chan().read_all(dst, n);
}

// A binding program's global-memory argument: allocated as aclrtMalloc does, its initial
// bytes the program's `init` (zeros without one), from ascstep.
inline uint8_t* arg(const char* name, size_t bytes) {
    uint8_t* p = static_cast<uint8_t*>(alloc(bytes));
    if (!p) std::_Exit(74);
    chan().put(fmt("I %d ", find(p)->id) + name);
    chan().flush();
    if (bytes) chan().read_all(p, bytes);
    return p;
}

// A binding program's TensorList argument (docs/format.md §12.2): CANN's ListTensorDesc of
// one-dimensional tensors in an allocation of its own, as the host writes it.
inline uint8_t* tensor_list(std::vector<uint8_t*> ptrs, std::vector<uint64_t> lens) {
    size_t n = ptrs.size();
    std::vector<uint64_t> w;
    w.push_back((1 + 2 * n) * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) {
        w.push_back(1 | (uint64_t(i) << 32));  // dim 1, index i
        w.push_back(lens[i]);
    }
    for (uint8_t* p : ptrs) w.push_back(uint64_t(reinterpret_cast<uintptr_t>(p)));
    size_t bytes = w.size() * sizeof(uint64_t);
    void* d = alloc(bytes);
    if (!d) std::_Exit(74);
    to_device(d, w.data(), bytes);
    return static_cast<uint8_t*>(d);
}

// The binding's `tiling_key` (TILING_KEY_IS).
inline uint64_t& tiling_key() {
    static uint64_t k = 0;
    return k;
}

// The block being run (each block runs on a thread of its own) and the launch's number of
// blocks.
inline uint32_t& block_idx() {
    thread_local uint32_t b = 0;
    return b;
}
inline uint32_t& block_num() {
    static uint32_t b = 1;
    return b;
}

// A binding program's global-memory argument: converts to the pointer type of the entry's
// parameter (`GM_ADDR`, `__gm__ float*`), as the device address a host passes does.
struct GmArg {
    uint8_t* p;
    template <class T>
    operator T*() const {
        return reinterpret_cast<T*>(p);
    }
};

inline void name_arg(const char*) {}
template <class A, class... R>
void name_arg(const char* names, const A& a, const R&... rest) {
    const char* comma = std::strchr(names, ',');
    std::string name = comma ? std::string(names, comma) : std::string(names);
    const void* ptr = nullptr;
    if constexpr (std::is_pointer_v<A>) {
        ptr = static_cast<const void*>(a);
    } else if constexpr (std::is_same_v<A, GmArg>) {
        ptr = a.p;
    }
    if (ptr) {
        if (const Alloc* al = find(ptr))
            if (!name.empty()) chan().put(fmt("N %d ", al->id) + name);
    }
    if (comma) name_arg(comma + 1, rest...);
}

// The blocks of a launch, one thread each, run one at a time in order (docs/format.md §12.2):
// a block runs until it ends or reaches SyncAll, then the next one runs; when every block
// still running waits at SyncAll, they all go on, from the first. ASCSTEP_BLOCKS ("0,3")
// runs only those blocks (`--block`); GetBlockNum() still says the launch's number.
// This thread's place in the launch's blocks (an index into Sched::ids).
inline size_t& slot() {
    thread_local size_t k = 0;
    return k;
}

struct Sched {
    std::mutex m;
    std::condition_variable cv;
    std::vector<uint32_t> ids;  // the blocks run, in order
    std::vector<int> state;     // 0 runs, 1 waits at SyncAll, 2 ended
    size_t turn = 0;
    void start(uint32_t blocks) {
        ids.clear();
        const char* only = std::getenv("ASCSTEP_BLOCKS");
        for (uint32_t b = 0; b < blocks; b++) {
            bool run = !only || !*only;
            for (const char* p = only; p && *p;) {
                char* end;
                unsigned long v = std::strtoul(p, &end, 10);
                if (end == p) break;
                if (v == b) run = true;
                p = *end == ',' ? end + 1 : end;
            }
            if (run) ids.push_back(b);
        }
        state.assign(ids.size(), 0);
        turn = 0;
    }
    // Gives the turn to the next block that runs after k, or releases a SyncAll that every
    // running block waits at. Called with the lock held.
    void pass(size_t k) {
        size_t n = ids.size();
        for (size_t j = k + 1; j < n; j++)
            if (state[j] == 0) {
                turn = j;
                return;
            }
        bool waiting = false;
        for (int& st : state)
            if (st == 1) {
                st = 0;
                waiting = true;
            }
        turn = size_t(-1);
        if (waiting)
            for (size_t j = 0; j < n; j++)
                if (state[j] == 0) {
                    turn = j;
                    return;
                }
    }
    void wait_turn(size_t k) {
        std::unique_lock<std::mutex> l(m);
        cv.wait(l, [&] { return turn == k; });
        slot() = k;
        block_idx() = ids[k];
        ::block_idx = ids[k];
        chan().put(fmt("B %u", ids[k]));
    }
    void done(size_t k) {
        std::lock_guard<std::mutex> l(m);
        state[k] = 2;
        pass(k);
        cv.notify_all();
    }
    void sync_all(size_t k) {
        {
            std::lock_guard<std::mutex> l(m);
            state[k] = 1;
            pass(k);
            cv.notify_all();
        }
        wait_turn(k);
    }
};
inline Sched& sched() {
    static Sched* s = new Sched;
    return *s;
}

// SyncAll in the running block.
inline void sync_all() {
    sched().sync_all(slot());
}

// The number of launches started: a kernel unit test records each launch apart
// (docs/format.md §13), so views declared in an earlier launch are declared again.
inline uint64_t& launch_epoch() {
    static uint64_t e = 0;
    return e;
}

// The launch's parameters as the device lays them out for `get_para_base()`: one 8-byte slot
// each, a GM address or a scalar's value, then (CANN's inline tiling, which kernels reading
// `paramBase + <parameter count>` rely on) the bytes of the last parameter's GM allocation, the
// tiling data, padded to 8 bytes.
inline std::vector<uint64_t>& para_base() {
    static std::vector<uint64_t> v;
    return v;
}
// A binding's `Tiling(…)` argument: the struct the launch passes (its bytes inline after the
// parameter slots, as an allocation's would be).
inline std::pair<const void*, size_t>& tiling_struct() {
    static std::pair<const void*, size_t> t{nullptr, 0};
    return t;
}
inline uint64_t para_slot(const GmArg& a) { return uint64_t(reinterpret_cast<uintptr_t>(a.p)); }
template <class T>
uint64_t para_slot(T* a) {
    return uint64_t(reinterpret_cast<uintptr_t>(a));
}
template <class T>
uint64_t para_slot(const T& a) {
    if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
        return uint64_t(a);
    } else if constexpr (std::is_trivially_copyable_v<T> && sizeof(T) <= 8) {
        uint64_t v = 0;
        std::memcpy(&v, &a, sizeof(T));
        return v;
    } else {
        return 0;
    }
}

// `kernel<<<blocks, l2ctrl, stream>>>(args…)`, rewritten by ascstep as
// `ascstep_rt::Launch("kernel", "p1,p2", blocks, l2ctrl, stream).run([&](auto... a) { kernel(a...); }, args…)`.
struct Launch {
    const char* name;
    const char* params;
    uint32_t blocks;
    template <class... Rest>
    Launch(const char* n, const char* p, uint64_t b, Rest&&...) : name(n), params(p), blocks(uint32_t(b)) {}
    // A host launch a binding's kernel file holds and ascstep never calls (it calls the entry
    // itself): its arguments are evaluated, nothing is launched.
    template <class... A>
    void unused(A&&...) {}
    template <class F, class... A>
    void run(F f, A... a) {
        launch_epoch()++;
        name_arg(params, a...);
        para_base() = {para_slot(a)...};
        if (!para_base().empty()) {
            const void* last = reinterpret_cast<const void*>(uintptr_t(para_base().back()));
            const Alloc* t = find(last);
            std::pair<const void*, size_t> bytes = t ? std::pair<const void*, size_t>{t->base, t->size}
                                                     : (last == tiling_struct().first ? tiling_struct()
                                                                                      : std::pair<const void*, size_t>{});
            if (bytes.first) {
                std::vector<uint64_t> inline_tiling((bytes.second + 7) / 8, 0);
                std::memcpy(inline_tiling.data(), bytes.first, bytes.second);
                para_base().insert(para_base().end(), inline_tiling.begin(), inline_tiling.end());
            }
        }
        chan().put(fmt("L %u ", blocks) + name);
        block_num() = blocks;
        ::block_num = blocks;
        Sched& s = sched();
        s.start(blocks);
        std::vector<std::thread> threads;
        for (size_t k = 0; k < s.ids.size(); k++) {
            threads.emplace_back([&s, k, f, a...]() mutable {
                s.wait_turn(k);
                f(a...);
                s.done(k);
            });
        }
        for (std::thread& t : threads) t.join();
        chan().put("E");
        chan().flush();
    }
};

// The RON text of numbers.
template <class T>
std::string num(T v) {
    // The shortest text that reads back as the same double (and so as the same T).
    char b[40];
    std::to_chars_result r;
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(v)) return "NaN";
        if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
        r = std::to_chars(b, b + sizeof b, double(v));
    } else if constexpr (std::is_signed_v<T>) {
        r = std::to_chars(b, b + sizeof b, (long long)v);
    } else {
        r = std::to_chars(b, b + sizeof b, (unsigned long long)v);
    }
    return std::string(b, r.ptr);
}

}  // namespace ascstep_rt

#include "ascstep/limits_hidden.h"
