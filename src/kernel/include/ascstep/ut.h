// ascstep's side of a kernel unit test (docs/format.md §13): GmAlloc memory is global memory
// the test's host code reads and writes directly, and each ICPU_RUN_KF simulates every block of
// its launch over it. Before a launch the pages the host changed since the last launch go to
// ascstep (`W`; pages of zeros never sent as `Z`, so a test may rely on GmAlloc's zeros); after
// it ascstep answers the launch's `E` with its report and the global memory the launch wrote,
// which is copied back here.
//
// Messages beyond rt.h's:
//   T name                          the googletest case making the next launch
//   Z aid offset n                  n bytes of an allocation are zeros the host holds
//   D aid                           GmFree
// and `E` is answered: one line `status textlen ranges` (status 0 passed, 1 an error), the
// text (the launch's line and diagnostics, printed here), then `ranges` lines `aid offset n`
// of written memory, each read back with `R`.
#pragma once
#include <gtest/gtest.h>
#include <cinttypes>
#include "ascstep/rt.h"

namespace ascstep_rt {

// What the simulator last saw of each allocation: a hash per 4 KiB page (0: never sent).
struct Seen {
    std::vector<uint64_t> pages;
};
inline std::map<int, Seen>& seen() {
    static std::map<int, Seen> s;
    return s;
}
constexpr size_t kPage = 4096;

inline uint64_t page_hash(const char* p, size_t n) {
    // FNV-1a over 8-byte words; never 0, so that 0 stays "not sent".
    uint64_t h = 1469598103934665603ull;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = (h ^ w) * 1099511628211ull;
    }
    for (; i < n; i++) h = (h ^ uint8_t(p[i])) * 1099511628211ull;
    return h | 1;
}
inline bool all_zero(const char* p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i]) return false;
    return true;
}

// Sends the pages of every live allocation the host changed since the simulator last saw
// them: runs of changed pages as one `W` (or `Z` when all zeros).
inline void sync_to_device() {
    for (const Alloc& a : allocs()) {
        if (!a.base) continue;
        Seen& s = seen()[a.id];
        size_t n = (a.size + kPage - 1) / kPage;
        s.pages.resize(n, 0);
        size_t run = 0;
        bool run_zero = false;
        size_t run_len = 0;
        auto flush = [&](size_t end) {
            if (!run_len) return;
            size_t off = run * kPage;
            size_t len = std::min(end * kPage, a.size) - off;
            if (run_zero) {
                chan().put(fmt("Z %d %zu %zu", a.id, off, len));
            } else {
                chan().put(fmt("W %d %zu %zu", a.id, off, len));
                chan().raw(a.base + off, len);
            }
            run_len = 0;
        };
        for (size_t p = 0; p < n; p++) {
            size_t off = p * kPage;
            size_t len = std::min(kPage, a.size - off);
            uint64_t h = page_hash(a.base + off, len);
            if (h == s.pages[p]) {
                flush(p);
                continue;
            }
            s.pages[p] = h;
            bool zero = all_zero(a.base + off, len);
            if (run_len && zero != run_zero) flush(p);
            if (!run_len) {
                run = p;
                run_zero = zero;
            }
            run_len++;
        }
        flush(n);
    }
}

// Reads `n` bytes of allocation `id` from `off` back from the simulator.
inline void read_back(int id, size_t off, size_t n) {
    for (const Alloc& a : allocs()) {
        if (a.id != id || !a.base || off >= a.size) continue;
        n = std::min(n, a.size - off);
        chan().put(fmt("R %d %zu %zu", id, off, n));
        chan().flush();
        chan().read_all(a.base + off, n);
        Seen& s = seen()[id];
        for (size_t p = off / kPage; p * kPage < off + n && p < s.pages.size(); p++) {
            size_t po = p * kPage;
            s.pages[p] = page_hash(a.base + po, std::min(kPage, a.size - po));
        }
    }
}

inline void* gm_alloc(size_t size) {
    void* p = alloc(size);
    if (!p) out_of_memory();
    return p;
}

inline void gm_free(void* p) {
    for (Alloc& a : allocs()) {
        if (a.base == p && a.base) {
            chan().put(fmt("D %d", a.id));
            seen().erase(a.id);
            std::free(a.base);
            a.base = nullptr;
            a.size = 0;
            return;
        }
    }
}

// The names of a launch's arguments as written (`(uint8_t*)(tiling)` → `tiling`), for the
// global-memory tensors' names.
inline std::string arg_names(const char* written) {
    std::string out, cur;
    int depth = 0;
    auto last_ident = [](const std::string& s) {
        std::string id;
        for (size_t i = s.size(); i-- > 0;) {
            char c = s[i];
            bool word = std::isalnum(uint8_t(c)) || c == '_';
            if (word) {
                id.insert(id.begin(), c);
            } else if (!id.empty()) {
                break;
            }
        }
        if (!id.empty() && std::isdigit(uint8_t(id[0]))) id.clear();
        return id;
    };
    for (const char* p = written;; p++) {
        char c = *p;
        if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
        if (c == ')' || c == ']' || c == '}' || c == '>') depth--;
        if (c == '\0' || (c == ',' && depth <= 0)) {
            if (!out.empty() || p != written) out += ',';
            out += last_ident(cur);
            cur.clear();
            if (c == '\0') break;
            continue;
        }
        cur += c;
    }
    if (!out.empty() && out[0] == ',') out.erase(0, 1);
    return out;
}

// ICPU_RUN_KF: the launch, all its blocks simulated over global memory as the host left it;
// afterwards the host sees what the kernel wrote. A launch with an error fails the test.
template <class F, class... A>
void ut_launch(const char* file, int line, const char* entry, const char* written, uint64_t blocks, F f, A... a) {
    if (const ::testing::TestInfo* t = ::testing::UnitTest::GetInstance()->current_test_info())
        chan().put(std::string("T ") + t->test_suite_name() + "." + t->name());
    sync_to_device();
    std::string names = arg_names(written);
    Launch(entry, names.c_str(), blocks).run(f, a...);
    std::string head = chan().line();
    int status = 0;
    size_t len = 0, ranges = 0;
    std::sscanf(head.c_str(), "%d %zu %zu", &status, &len, &ranges);
    std::string text(len, '\0');
    if (len) chan().read_all(text.data(), len);
    std::vector<std::tuple<int, size_t, size_t>> back;
    for (size_t i = 0; i < ranges; i++) {
        std::string l = chan().line();
        int id = 0;
        size_t off = 0, n = 0;
        std::sscanf(l.c_str(), "%d %zu %zu", &id, &off, &n);
        back.emplace_back(id, off, n);
    }
    for (auto& [id, off, n] : back) read_back(id, off, n);
    if (status != 0) {
        ADD_FAILURE_AT(file, line) << text;
    } else {
        std::fputs(text.c_str(), stdout);
        std::fflush(stdout);
    }
}

// Each googletest case's start and end, told to ascstep as they happen (sent at once, so that a
// crash of the test program loses none): after a crash ascstep knows which cases ended, how, and
// which one was running, and runs the cases not started yet in a new test program (§13).
struct UtProgress : ::testing::EmptyTestEventListener {
    static std::string name(const ::testing::TestInfo& t) {
        return std::string(t.test_suite_name()) + "." + t.name();
    }
    void OnTestStart(const ::testing::TestInfo& t) override {
        chan().put("T " + name(t));
        chan().flush();
    }
    // "Q <passed> <seconds> <name>\t<failure summaries>", newlines as \x1e.
    void OnTestEnd(const ::testing::TestInfo& t) override {
        const ::testing::TestResult* r = t.result();
        std::string text;
        for (int i = 0; i < r->total_part_count(); i++) {
            const ::testing::TestPartResult& part = r->GetTestPartResult(i);
            if (!part.failed()) continue;
            if (!text.empty()) text += '\n';
            if (part.file_name()) text += std::string(part.file_name()) + ":" + std::to_string(part.line_number()) + "\n";
            text += part.summary();
        }
        for (char& c : text)
            if (c == '\n') c = '\x1e';
        char secs[32];
        std::snprintf(secs, sizeof secs, "%.3f", double(r->elapsed_time()) / 1000.0);
        chan().put(std::string("Q ") + (r->Passed() ? "1 " : "0 ") + secs + " " + name(t) + "\t" + text);
        chan().flush();
    }
};

}  // namespace ascstep_rt
