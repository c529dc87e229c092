// TPipe, TQue, TQueBind, TBuf, TBufPool and LocalMemAllocator (CANN's kernel_tpipe.h): where each
// buffer lies in the UB.
#pragma once
#include "kernel_tensor.h"

namespace AscendC {
// TPipe::InitBuffer places each queue's `num` buffers of `len` bytes (rounded up to 32) one
// after another from the start of the UB, in call order (DK:Pipe和Que框架/TPipe/InitBuffer;
// docs/semantics.md §20).
class TPipe;
inline TPipe*& tpipe_ptr() {
    thread_local TPipe* p = nullptr;  // one per block
    return p;
}

// A queue buffer named by its UB address (kernel_tpipe.h's handle forms of EnQue/DeQue).
using TBufHandle = uint8_t*;

// A queue's configuration (DK:资源管理/TQue: the third template argument, `const TQueConfig*`),
// as CANN declares it: ascstep's queues keep their buffers in order whatever it says.
struct TQueConfig {
    bool nd2nz = false;
    bool nz2nd = false;
    bool scmBlockGroup = false;
    uint32_t bufferLen = 0;
    uint32_t bufferNumber = 0;
    uint32_t consumerSize = 0;
    TPosition consumer[8] = {};
    bool enableStaticEvtId = false;
    bool enableLoopQueue = false;
};
constexpr TQueConfig GetTQueConfig(bool nd2nzIn, bool nz2ndIn, bool scmBlockGroupIn, uint32_t bufferLenIn,
                                   uint32_t bufferNumberIn, uint32_t consumerSizeIn, const TPosition consumerIn[],
                                   bool enableStaticEvtIdIn = false, bool enableLoopQueueIn = false) {
    return {nd2nzIn,
            nz2ndIn,
            scmBlockGroupIn,
            bufferLenIn,
            bufferNumberIn,
            consumerSizeIn,
            {consumerIn[0], consumerIn[1], consumerIn[2], consumerIn[3], consumerIn[4], consumerIn[5], consumerIn[6],
             consumerIn[7]},
            enableStaticEvtIdIn,
            enableLoopQueueIn};
}

template <TPosition pos, int32_t depth = 1, auto... rest>
class TQue {
public:
    static constexpr bool isTQue = true;
    uint32_t start_ = 0, len_ = 0, num_ = 0, next_ = 0;
    std::vector<std::pair<uint32_t, uint32_t>> queued_;  // (address, bytes)
    template <class T>
    LocalTensor<T> AllocTensor(Pos p = Pos::current()) {
        if (num_ == 0) ascstep_rt::stop(p, "AllocTensor on a queue without InitBuffer");
        LocalTensor<T> t;
        t.init(start_ + next_ * len_, uint32_t(detail::elems_of<T>(len_)), p);
        next_ = (next_ + 1) % num_;
        return t;
    }
    // The form that fills a tensor the caller holds (kernel_tpipe.h: `void AllocTensor(LocalTensor<T>&)`).
    template <class T>
    void AllocTensor(LocalTensor<T>& t, Pos p = Pos::current()) {
        t = AllocTensor<T>(p);
    }
    template <class T>
    bool EnQue(const LocalTensor<T>& t) {
        queued_.push_back({t.addr_, uint32_t(detail::bytes_of<T>(t.len_))});
        return true;
    }
    template <class T>
    LocalTensor<T> DeQue(Pos p = Pos::current()) {
        if (queued_.empty()) ascstep_rt::stop(p, "DeQue on an empty queue");
        auto [addr, bytes] = queued_.front();
        queued_.erase(queued_.begin());
        LocalTensor<T> t;
        t.init(addr, uint32_t(detail::elems_of<T>(bytes)), p);
        return t;
    }
    // The form that fills a tensor the caller holds (kernel_tpipe.h: `void DeQue(LocalTensor<T>&)`).
    template <class T>
    void DeQue(LocalTensor<T>& t, Pos p = Pos::current()) {
        t = DeQue<T>(p);
    }
    // The buffer-handle forms (kernel_tpipe.h: `TBufHandle DeQue()`, `EnQue(TBufHandle)`): the
    // queue's front buffer taken (or a buffer put back) by its UB address.
    TBufHandle DeQue(Pos p = Pos::current()) {
        if (queued_.empty()) ascstep_rt::stop(p, "DeQue on an empty queue");
        uint32_t addr = queued_.front().first;
        queued_.erase(queued_.begin());
        return reinterpret_cast<TBufHandle>(uintptr_t(addr));
    }
    bool EnQue(TBufHandle buf) {
        queued_.push_back({uint32_t(reinterpret_cast<uintptr_t>(buf)), len_});
        return true;
    }
    // The forms naming the positions a tensor moves between (TQueBind's, GM → VECIN …): the
    // same queue operations.
    template <TPosition from, TPosition to, class T>
    bool EnQue(const LocalTensor<T>& t) {
        return EnQue<T>(t);
    }
    template <TPosition from, TPosition to, class T>
    LocalTensor<T> DeQue(Pos p = Pos::current()) {
        return DeQue<T>(p);
    }
    template <class T>
    void FreeTensor(LocalTensor<T>&) {}
    bool HasTensorInQue() const { return !queued_.empty(); }
    bool VacantInQue() const { return true; }
    // What a custom buffer pool (EXTERN_IMPL_BUFPOOL) calls to place the queue's buffers:
    // `num` buffers of `len` bytes, buffer i at `addr` (ascstep's queues are contiguous).
    template <class H>
    void InitStartBufHandle(H, uint8_t num, uint32_t len) {
        num_ = num;
        len_ = len;
        next_ = 0;
    }
    template <class P, class H>
    void InitBufHandle(P*, uint32_t i, H, uint32_t addr, uint32_t) {
        if (i == 0) start_ = addr;
    }
};
template <TPosition src, TPosition dst, int32_t depth = 1, auto... rest>
class TQueBind : public TQue<src, depth> {};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
public:
    static constexpr bool isTQue = false;
    uint32_t start_ = 0, len_ = 0;
    template <class H>
    void InitStartBufHandle(H, uint8_t, uint32_t len) {
        len_ = len;
    }
    template <class P, class H>
    void InitBufHandle(P*, uint32_t, H, uint32_t addr, uint32_t) {
        start_ = addr;
    }
    template <class T>
    LocalTensor<T> Get(Pos p = Pos::current()) {
        LocalTensor<T> t;
        t.init(start_, uint32_t(detail::elems_of<T>(len_)), p);
        return t;
    }
    template <class T>
    LocalTensor<T> Get(uint32_t len, Pos p = Pos::current()) {
        LocalTensor<T> t;
        t.init(start_, len, p);
        return t;
    }
    template <class T>
    LocalTensor<T> GetWithOffset(uint32_t len, uint32_t offset, Pos p = Pos::current()) {
        LocalTensor<T> t;
        t.init(start_ + offset, len, p);
        return t;
    }
    // The queue calls a TBuf inherits from TQueBind in CANN (kernel_tpipe.h): AllocTensor and
    // DeQue are Get (the whole buffer), EnQue and FreeTensor do nothing (CANN's
    // kernel_tpipe_impl: `return Get<T>();`, `(void)(0);`).
    template <class T>
    LocalTensor<T> AllocTensor(Pos p = Pos::current()) {
        return Get<T>(p);
    }
    template <class T>
    LocalTensor<T> DeQue(Pos p = Pos::current()) {
        return Get<T>(p);
    }
    template <class T>
    void EnQue(const LocalTensor<T>&) {}
    template <class T>
    void FreeTensor(LocalTensor<T>&) {}
};

// Buffer pools (DK:内存管理/TBufPool): a range of the UB carved out of the TPipe (or of another
// pool) from which queues and buffers are placed one after another, as TPipe places them; a
// pool given `shared` starts where that pool starts (they reuse the same bytes). Reset lets
// the pool place its buffers from its start again.
namespace detail {
struct Pool {
    uint32_t start_ = 0, len_ = 0, used_ = 0;
    uint32_t take(uint32_t bytes, const Pos& p) {
        bytes = (bytes + 31) / 32 * 32;
        if (used_ + bytes > len_) ascstep_rt::stop(p, "a buffer pool's buffers exceed the pool's length");
        uint32_t at = start_ + used_;
        used_ += bytes;
        return at;
    }
    template <class Q>
    bool place(Q& que, uint8_t num, uint32_t len, const Pos& p) {
        len = (len + 31) / 32 * 32;
        que.start_ = take(uint32_t(num) * len, p);
        que.len_ = len;
        que.num_ = num;
        return true;
    }
};
}  // namespace detail

template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
public:
    detail::Pool pool_;
    template <class Q>
    bool InitBuffer(Q& que, uint8_t num, uint32_t len, Pos p = Pos::current()) {
        return pool_.place(que, num, len, p);
    }
    template <TPosition b>
    bool InitBuffer(TBuf<b>& buf, uint32_t len, Pos p = Pos::current()) {
        buf.len_ = (len + 31) / 32 * 32;
        buf.start_ = pool_.take(len, p);
        return true;
    }
    template <class P>
    bool InitBufPool(P& sub, uint32_t len, Pos p = Pos::current()) {
        sub.pool_ = detail::Pool{pool_.take(len, p), (len + 31) / 32 * 32, 0};
        return true;
    }
    template <class P, class S>
    bool InitBufPool(P& sub, uint32_t len, S& shared, Pos = Pos::current()) {
        sub.pool_ = detail::Pool{shared.pool_.start_, (len + 31) / 32 * 32, 0};
        return true;
    }
    void Reset() { pool_.used_ = 0; }
};

// A user's own pool class (DK:内存管理/TBufPool 自定义TBufPool): the members its InitBuffer
// calls (GetBufHandle, GetCurBufSize, GetCurAddr, SetCurAddr, SetCurBufSize) and what TPipe
// needs to place it.
#define EXTERN_IMPL_BUFPOOL(NAME, POS, N)                                                              \
public:                                                                                                \
    ::AscendC::detail::Pool pool_;                                                                      \
    uint32_t ascstep_bufs_ = 0;                                                                         \
    void Init() {}                                                                                      \
    void Reset() {                                                                                      \
        pool_.used_ = 0;                                                                                \
        ascstep_bufs_ = 0;                                                                              \
    }                                                                                                   \
    uint32_t GetBufHandle(uint32_t i) { return i; }                                                     \
    uint32_t GetCurBufSize() { return ascstep_bufs_; }                                                  \
    void SetCurBufSize(uint32_t n) {                                                                    \
        if (n > (N)) ::ascstep_rt::stop(::ascstep_rt::Pos::current(), #NAME ": more buffers than its " #N); \
        ascstep_bufs_ = n;                                                                              \
    }                                                                                                   \
    uint32_t GetCurAddr() { return pool_.start_ + pool_.used_; }                                        \
    void SetCurAddr(uint32_t a) {                                                                       \
        if (a > pool_.start_ + pool_.len_) ::ascstep_rt::stop(::ascstep_rt::Pos::current(), #NAME ": buffers past the pool's length"); \
        pool_.used_ = a - pool_.start_;                                                                 \
    }                                                                                                   \
                                                                                                        \
public:

class TPipe {
public:
    uint32_t used_ = 0;
    TPipe() { tpipe_ptr() = this; }
    ~TPipe() {
        if (tpipe_ptr() == this) tpipe_ptr() = nullptr;
    }
    template <class Q>
    bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
        len = (len + 31) / 32 * 32;
        que.start_ = used_;
        que.len_ = len;
        que.num_ = num;
        used_ += uint32_t(num) * len;
        return true;
    }
    template <TPosition p>
    bool InitBuffer(TBuf<p>& buf, uint32_t len) {
        len = (len + 31) / 32 * 32;
        buf.start_ = used_;
        buf.len_ = len;
        used_ += len;
        return true;
    }
    template <class P>
    bool InitBufPool(P& pool, uint32_t len, Pos p = Pos::current()) {
        len = (len + 31) / 32 * 32;
        pool.pool_ = detail::Pool{used_, len, 0};
        used_ += len;
        (void)p;
        return true;
    }
    template <class P, class S>
    bool InitBufPool(P& pool, uint32_t len, S& shared, Pos = Pos::current()) {
        pool.pool_ = detail::Pool{shared.pool_.start_, (len + 31) / 32 * 32, 0};
        return true;
    }
    void Reset() { used_ = 0; }
    void Destroy() {}
    void Init() {}
    template <HardEvent e>
    TEventID FetchEventID() { return 0; }
    TEventID FetchEventID(HardEvent) { return 0; }
    template <HardEvent e>
    TEventID AllocEventID() { return 0; }
    template <HardEvent e>
    void ReleaseEventID(TEventID) {}
};

template <Hardware hw = Hardware::UB>
class LocalMemAllocator {
public:
    uint32_t used_ = 0;
    template <class T, uint32_t n>
    LocalTensor<T> Alloc(Pos p = Pos::current()) {
        LocalTensor<T> t;
        t.init(used_, n, p);
        used_ += (uint32_t(detail::bytes_of<T>(n)) + 31) / 32 * 32;
        return t;
    }
    template <class T>
    LocalTensor<T> Alloc(uint32_t n, Pos p = Pos::current()) {
        LocalTensor<T> t;
        t.init(used_, n, p);
        used_ += (uint32_t(detail::bytes_of<T>(n)) + 31) / 32 * 32;
        return t;
    }
};

inline uint32_t GetBlockIdx() { return ascstep_rt::block_idx(); }
inline uint32_t GetBlockNum() { return ascstep_rt::block_num(); }
inline void InitSocState() {}
}  // namespace AscendC
