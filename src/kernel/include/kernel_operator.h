// ascstep's Ascend C (docs/format.md §12.3): the kernel compiled for the host, every API call
// one step of ascstep's simulator with its C++ position. Thin: each call formats itself as the
// RON instruction it is (docs/format.md §6–§11) and ascstep checks and executes it.
#pragma once
#include "ascstep/types.h"
#include "ascstep/data_types.h"
#include "ascstep/std.h"

#ifdef ASCSTEP_KEEP_GLOBAL
// Only for ascstep's look at the preprocessed kernel (which entry the compile sees).
#define __global__ __global__
#else
#define __global__
#endif
#define __aicore__
#define __vector__
#define __cube__
#define __mix__(cube, vector)
#define __gm__
#define __ubuf__
#define GM_ADDR uint8_t*
// __CCE_KT_TEST__ stays undefined, as in the device build (CANN defines it only for the
// CPU-debug build): `#ifdef __CCE_KT_TEST__` branches are not taken.

// Which core the code runs on (DK-guide 编程指南/SIMD-BuiltIn关键字): ascstep simulates the
// vector core, so `if ASCEND_IS_AIV { … }` runs and `if ASCEND_IS_AIC { … }` (the Cube) does not.
#define ASCEND_IS_AIV (true)
#define ASCEND_IS_AIC (false)

enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX };
enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

// CANN's branch hints and its kernel-side "no tiling" registration.
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#define REGISTER_NONE_TILING

namespace AscendC {
// The core types (CANN's sys_constants.h); ascstep runs the vector core (g_coreType).
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
// The Vector Unit's constants as CANN's kernel_utils_constants.h names them.
constexpr uint16_t ONE_BLK_SIZE = 32;
constexpr uint32_t ONE_BLOCK_SIZE = 32;
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffull;
}  // namespace AscendC
inline constexpr int32_t g_coreType = AscendC::AIV;

namespace AscendC {
using ascstep_rt::Pos;
using ascstep_rt::num;

enum class TPosition : uint8_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM, C2PIPE2LOCAL, MAX };
using QuePosition = TPosition;
enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };
enum class HardEvent : uint8_t { MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX };
enum class RoundMode : uint8_t { CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
using TEventID = int8_t;
// The L2 cache hints (DK:GlobalTensor/SetL2CacheHint): no effect on data, so none in ascstep.
enum class CacheMode : uint8_t { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL = 1, CACHE_MODE_LAST = 2, CACHE_MODE_PERSISTENT = 4 };
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };
// 4-bit integers, two per byte, element 2i in the low nibble (DK:类型转换/Cast 约束说明); only
// Cast reads and writes them (docs/semantics.md §4.7).
struct int4b_t {
    uint8_t bits = 0;
};
namespace detail {
// Bytes of n elements of T and elements in n bytes: int4b_t takes half a byte.
template <class T>
constexpr uint64_t bytes_of(uint64_t n) {
    return std::is_same_v<T, int4b_t> ? n / 2 : n * sizeof(T);
}
template <class T>
constexpr uint64_t elems_of(uint64_t bytes) {
    return std::is_same_v<T, int4b_t> ? bytes * 2 : bytes / sizeof(T);
}
}  // namespace detail
constexpr uint64_t MASK_PLACEHOLDER = 0;

inline const char* name(RoundMode r) {
    static const char* n[] = {"CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
    return n[int(r)];
}
inline const char* name(CMPMODE c) {
    static const char* n[] = {"LT", "GT", "EQ", "LE", "GE", "NE"};
    return n[int(c)];
}
inline const char* name(SELMODE s) {
    static const char* n[] = {"VSEL_CMPMASK_SPR", "VSEL_TENSOR_SCALAR_MODE", "VSEL_TENSOR_TENSOR_MODE"};
    return n[int(s)];
}
inline const char* name(ReduceOrder o) {
    static const char* n[] = {"ORDER_VALUE_INDEX", "ORDER_INDEX_VALUE", "ORDER_ONLY_VALUE", "ORDER_ONLY_INDEX"};
    return n[int(o)];
}
inline const char* name(HardEvent e) {
    static const char* n[] = {"MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V", "V_M", "V_V", "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX", "FIX_M", "MTE3_MTE2", "MTE2_MTE3", "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S", "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3", "MTE1_FIX", "FIX_MTE1", "FIX_FIX"};
    return n[int(e)];
}
inline const char* name(pipe_t p) {
    static const char* n[] = {"PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL", "PIPE_FIX"};
    return n[int(p)];
}

// ------------------------------------------------------------------ tensors

namespace detail {
// The UB views of this launch declared so far: (dtype, address, length) → id.
using UbViews = std::map<std::tuple<std::string, uint32_t, uint32_t>, int>;
inline UbViews& ub_views() {
    static UbViews ids;
    static uint64_t epoch = 0;
    if (epoch != ascstep_rt::launch_epoch()) {
        epoch = ascstep_rt::launch_epoch();
        ids.clear();
    }
    return ids;
}
// One id per (memory, dtype, address, length) view, declared to ascstep once.
inline int ub_view(const char* dtype, uint32_t addr, uint32_t len, const Pos& p) {
    UbViews& ids = ub_views();
    static int next = 0;
    auto key = std::make_tuple(std::string(dtype), addr, len);
    auto it = ids.find(key);
    if (it != ids.end()) return it->second;
    int id = next++;
    ids.emplace(key, id);
    ascstep_rt::chan().put(ascstep_rt::fmt("U %d %s %u %u ", id, dtype, addr, len) + ascstep_rt::at(p));
    return id;
}
inline int gm_view(const char* dtype, int aid, const Pos& p) {
    static std::map<std::pair<std::string, int>, int> ids;
    static uint64_t epoch = 0;
    if (epoch != ascstep_rt::launch_epoch()) {
        epoch = ascstep_rt::launch_epoch();
        ids.clear();
    }
    auto key = std::make_pair(std::string(dtype), aid);
    auto it = ids.find(key);
    if (it != ids.end()) return it->second;
    int id = 1000000 + int(ids.size());
    ids.emplace(key, id);
    ascstep_rt::chan().put(ascstep_rt::fmt("G %d %s %d ", id, dtype, aid) + ascstep_rt::at(p));
    return id;
}
inline std::string operand(int id, uint64_t off) {
    return off ? ascstep_rt::fmt("\"#%d[%llu]\"", id, (unsigned long long)off) : ascstep_rt::fmt("\"#%d\"", id);
}
template <class T>
T get_value(int id, uint64_t off, const Pos& p) {
    ascstep_rt::chan().put("V " + ascstep_rt::at(p) + ascstep_rt::fmt(" %d %llu ", id, (unsigned long long)off) + ascstep_rt::Dtype<T>::name);
    return ascstep_rt::parse<T>(ascstep_rt::chan().line());
}
}  // namespace detail

template <class T>
class LocalTensor {
public:
    using PrimType = T;
    int id_ = -1;
    uint32_t addr_ = 0;  // bytes, in the UB
    uint32_t len_ = 0;   // elements from addr_
    uint32_t base_ = 0;  // addr_ of the declared view
    LocalTensor() = default;
    LocalTensor(TPosition, uint32_t addr, uint32_t len, Pos p = Pos::current()) { init(addr, len, p); }
    void init(uint32_t addr, uint32_t len, const Pos& p) {
        addr_ = base_ = addr;
        len_ = len;
        id_ = detail::ub_view(ascstep_rt::Dtype<T>::name, addr, len, p);
    }
    std::string ron() const {
        if (id_ < 0) ascstep_rt::stop(Pos::current(), "a LocalTensor used before it was allocated");
        return detail::operand(id_, detail::elems_of<T>(addr_ - base_));
    }
    LocalTensor operator[](uint32_t off) const {
        LocalTensor t = *this;
        t.addr_ += uint32_t(detail::bytes_of<T>(off));
        t.len_ = off < len_ ? len_ - off : 0;
        return t;
    }
    T GetValue(uint32_t i, Pos p = Pos::current()) const {
        return detail::get_value<T>(id_, detail::elems_of<T>(addr_ - base_) + i, p);
    }
    // tensor(i): element i to read (GetValue) or assign (SetValue), at the call's position.
    struct Element {
        const LocalTensor* t;
        uint32_t i;
        Pos p;
        operator T() const { return t->GetValue(i, p); }
        template <class U>
        const Element& operator=(U v) const {
            t->SetValue(i, v, p);
            return *this;
        }
        const Element& operator=(const Element& o) const { return *this = T(o); }
    };
    Element operator()(uint32_t i, Pos p = Pos::current()) const { return Element{this, i, p}; }
    template <class U>
    void SetValue(uint32_t i, U v, Pos p = Pos::current()) const {
        ascstep_rt::call(p, "SetValue(dst: " + (*this)[i].ron() + ", src: " + ascstep_rt::value<T>(v) + ")");
    }
    uint32_t GetSize() const { return len_; }
    void SetSize(uint32_t n) { len_ = n; }
    // kernel_tensor.h's SetBufferLen(dataLen): the length in elements, as SetSize.
    void SetBufferLen(uint32_t n) { len_ = n; }
    uint64_t GetPhyAddr() const { return addr_; }
    uint64_t GetPhyAddr(uint32_t off) const { return addr_ + detail::bytes_of<T>(off); }
    int32_t GetPosition() const { return int32_t(TPosition::VECCALC); }
    uint32_t GetLength() const { return uint32_t(detail::bytes_of<T>(len_)); }
    template <class U>
    LocalTensor<U> ReinterpretCast(Pos p = Pos::current()) const {
        LocalTensor<U> t;
        t.init(addr_, uint32_t(detail::elems_of<U>(detail::bytes_of<T>(len_))), p);
        return t;
    }
};

template <class T>
class GlobalTensor {
public:
    using PrimType = T;
    T* ptr_ = nullptr;
    uint64_t size_ = 0;
    int id_ = -1;
    uint64_t off_ = 0;  // elements from the allocation's start
    void SetGlobalBuffer(T* p, uint64_t size = 0, Pos pos = Pos::current()) {
        ptr_ = p;
        size_ = size;
        const ascstep_rt::Alloc* a = ascstep_rt::find(p);
        if (!a) {
            if (p == nullptr) return;  // an absent optional input
            if (size == 0)
                ascstep_rt::stop(pos, "SetGlobalBuffer: the address is not in any aclrtMalloc allocation, and no size says how much global memory the kernel's own data there holds");
            a = ascstep_rt::adopt(p, size * sizeof(T));
        }
        id_ = detail::gm_view(ascstep_rt::Dtype<T>::name, a->id, pos);
        off_ = uint64_t(reinterpret_cast<char*>(p) - a->base) / sizeof(T);
    }
    std::string ron() const {
        if (id_ < 0) ascstep_rt::stop(Pos::current(), "a GlobalTensor used before SetGlobalBuffer");
        return detail::operand(id_, off_);
    }
    GlobalTensor operator[](uint64_t off) const {
        GlobalTensor t = *this;
        t.ptr_ += off;
        t.off_ += off;
        t.size_ = off < size_ ? size_ - off : 0;
        return t;
    }
    T GetValue(uint64_t i, Pos p = Pos::current()) const { return detail::get_value<T>(id_, off_ + i, p); }
    template <CacheRwMode rw = CacheRwMode::RW>
    void SetL2CacheHint(CacheMode) {}
    template <class U>
    void SetValue(uint64_t i, U v, Pos p = Pos::current()) const {
        ascstep_rt::call(p, "SetValue(dst: " + (*this)[i].ron() + ", src: " + ascstep_rt::value<T>(v) + ")");
    }
    T* GetPhyAddr() const { return ptr_; }
    T* GetPhyAddr(uint64_t off) const { return ptr_ + off; }
    uint64_t GetSize() const { return size_; }
};

// ------------------------------------------------------------------ TPipe, queues, buffers

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

// ------------------------------------------------------------------ params structs

struct UnaryRepeatParams {
    uint16_t dstBlkStride = 1, srcBlkStride = 1;
    uint8_t dstRepStride = 8, srcRepStride = 8;
    UnaryRepeatParams() = default;
    UnaryRepeatParams(uint16_t a, uint16_t b, uint8_t c, uint8_t d) : dstBlkStride(a), srcBlkStride(b), dstRepStride(c), srcRepStride(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", dstBlkStride, srcBlkStride, dstRepStride, srcRepStride); }
};
struct BinaryRepeatParams {
    uint8_t dstBlkStride = 1, src0BlkStride = 1, src1BlkStride = 1;
    uint8_t dstRepStride = 8, src0RepStride = 8, src1RepStride = 8;
    BinaryRepeatParams() = default;
    BinaryRepeatParams(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e, uint8_t f)
        : dstBlkStride(a), src0BlkStride(b), src1BlkStride(c), dstRepStride(d), src0RepStride(e), src1RepStride(f) {}
    std::string ron() const {
        return ascstep_rt::fmt("[%u, %u, %u, %u, %u, %u]", dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride, src0RepStride, src1RepStride);
    }
};
struct DataCopyParams {
    uint16_t blockCount = 1, blockLen = 0, srcStride = 0, dstStride = 0;
    DataCopyParams() = default;
    DataCopyParams(uint16_t a, uint16_t b, uint16_t c, uint16_t d) : blockCount(a), blockLen(b), srcStride(c), dstStride(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", blockCount, blockLen, srcStride, dstStride); }
};
struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0, srcStride = 0, dstStride = 0;
    uint32_t rsv = 0;
    DataCopyExtParams() = default;
    DataCopyExtParams(uint16_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e = 0) : blockCount(a), blockLen(b), srcStride(c), dstStride(d), rsv(e) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", blockCount, blockLen, srcStride, dstStride); }
};
// The older DataCopyPad padding (DK:数据搬运/DataCopyPad): the value as an integer.
struct DataCopyPadParams {
    bool isPad = false;
    uint8_t leftPadding = 0, rightPadding = 0;
    uint64_t paddingValue = 0;
    DataCopyPadParams() = default;
    DataCopyPadParams(bool a, uint8_t b, uint8_t c, uint64_t d) : isPad(a), leftPadding(b), rightPadding(c), paddingValue(d) {}
};
template <class T>
struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0, rightPadding = 0;
    T paddingValue = T();
    DataCopyPadExtParams() = default;
    DataCopyPadExtParams(bool a, uint8_t b, uint8_t c, T d) : isPad(a), leftPadding(b), rightPadding(c), paddingValue(d) {}
    std::string ron() const {
        return std::string("[") + (isPad ? "true" : "false") + ascstep_rt::fmt(", %u, %u, ", leftPadding, rightPadding) + ascstep_rt::value<T>(paddingValue) + "]";
    }
};

// ------------------------------------------------------------------ calls

namespace detail {
inline std::string mask_text(uint64_t m) { return num(m); }
inline std::string mask_text(const uint64_t* m) { return ascstep_rt::fmt("[%llu, %llu]", (unsigned long long)m[0], (unsigned long long)m[1]); }
template <bool isSetMask, class M>
std::string masked(const M& mask, uint64_t repeat) {
    return std::string("mask: ") + (isSetMask ? mask_text(mask) : std::string("Placeholder")) + ", repeat_times: " + num(repeat);
}
}  // namespace detail

#define ASCSTEP_BINARY(NAME)                                                                                              \
    template <class T, class U = T, class V = T>                                                                          \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, const int32_t& count, \
              Pos p = Pos::current()) {                                                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")"); \
    }                                                                                                                     \
    template <class T, bool isSetMask = true, class U = T, class V = T>                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, uint64_t mask,        \
              const uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +    \
                                detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");     \
    }                                                                                                                     \
    template <class T, bool isSetMask = true, class U = T, class V = T>                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<V>& src1, const uint64_t mask[], \
              const uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +    \
                                detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");     \
    }
ASCSTEP_BINARY(Add)
ASCSTEP_BINARY(Sub)
ASCSTEP_BINARY(Mul)
ASCSTEP_BINARY(Div)
ASCSTEP_BINARY(Max)
ASCSTEP_BINARY(Min)
ASCSTEP_BINARY(And)
ASCSTEP_BINARY(Or)
ASCSTEP_BINARY(AddRelu)
ASCSTEP_BINARY(SubRelu)
ASCSTEP_BINARY(FusedMulAdd)
ASCSTEP_BINARY(MulAddDst)
ASCSTEP_BINARY(MulAddRelu)
ASCSTEP_BINARY(AddReluCast)
ASCSTEP_BINARY(SubReluCast)
ASCSTEP_BINARY(MulCast)
#undef ASCSTEP_BINARY

#define ASCSTEP_UNARY(NAME)                                                                                                \
    template <class T>                                                                                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, Pos p = Pos::current()) {      \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");         \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTimes,             \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", params: " + params.ron() + ")");                                                      \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTimes,     \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", params: " + params.ron() + ")");                                                      \
    }
ASCSTEP_UNARY(Exp)
ASCSTEP_UNARY(Ln)
ASCSTEP_UNARY(Abs)
ASCSTEP_UNARY(Reciprocal)
ASCSTEP_UNARY(Sqrt)
ASCSTEP_UNARY(Rsqrt)
ASCSTEP_UNARY(Not)
ASCSTEP_UNARY(Relu)
#undef ASCSTEP_UNARY

// The vector–scalar calls with 950's flexible scalar (the "灵活标量位置" pages; docs/format.md
// §7): src0 and src1 are a tensor and a scalar in either order, or two tensors of which the
// one at config.scalarTensorIndex (1 by default: the right) gives its element as the scalar.
// With a value scalar they are the classic calls on every product.
struct BinaryDefaultType {};
struct BinaryConfig {
    int8_t scalarTensorIndex = 1;
};
constexpr BinaryConfig DEFAULT_BINARY_CONFIG = {1};
namespace detail {
template <class X>
struct is_local : std::false_type {};
template <class X>
struct is_local<LocalTensor<X>> : std::true_type {};
// The operands of a flexible call: "src: <tensor>, scalar: <value or element>", and
// `scalar_first` when the scalar stands on the left. The value takes the tensor's type.
template <class S, class V>
std::string flex_args(const S& src0, const V& src1, int8_t index) {
    if constexpr (is_local<S>::value && is_local<V>::value) {
        if (index == 0) return "src: " + src1.ron() + ", scalar: " + src0.ron() + ", scalar_first: true";
        return "src: " + src0.ron() + ", scalar: " + src1.ron();
    } else if constexpr (is_local<S>::value) {
        return "src: " + src0.ron() + ", scalar: " + ascstep_rt::value<typename S::PrimType>(src1);
    } else {
        return "src: " + src1.ron() + ", scalar: " + ascstep_rt::value<typename V::PrimType>(src0) + ", scalar_first: true";
    }
}
}  // namespace detail
#define ASCSTEP_FLEX(NAME)                                                                                                 \
    template <class T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,     \
              class U, class S, class V>                                                                                   \
    void NAME(const U& dst, const S& src0, const V& src1, const int32_t& count, Pos p = Pos::current()) {                  \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", count: " + num(count) + ")");                                                           \
    }                                                                                                                      \
    template <class T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,     \
              class U, class S, class V>                                                                                   \
    void NAME(const U& dst, const S& src0, const V& src1, uint64_t mask, const uint8_t repeatTimes,                        \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }                                                                                                                      \
    template <class T = BinaryDefaultType, bool isSetMask = true, const BinaryConfig& config = DEFAULT_BINARY_CONFIG,     \
              class U, class S, class V>                                                                                   \
    void NAME(const U& dst, const S& src0, const V& src1, const uint64_t mask[], const uint8_t repeatTimes,                \
              const UnaryRepeatParams& params, Pos p = Pos::current()) {                                                   \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }
ASCSTEP_FLEX(Adds)
ASCSTEP_FLEX(Muls)
ASCSTEP_FLEX(Maxs)
ASCSTEP_FLEX(Mins)
ASCSTEP_FLEX(Subs)
ASCSTEP_FLEX(Divs)
ASCSTEP_FLEX(Ands)
ASCSTEP_FLEX(Ors)
#undef ASCSTEP_FLEX

#define ASCSTEP_SCALAR(NAME)                                                                                               \
    template <class T, class S, class = std::enable_if_t<!detail::is_local<S>::value>>                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const int32_t& count,           \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + \
                                ", count: " + num(count) + ")");                                                         \
    }                                                                                                                      \
    template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, uint64_t mask,                  \
              const uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                     \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }                                                                                                                      \
    template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const uint64_t mask[],          \
              const uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                     \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + \
                                ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")"); \
    }
ASCSTEP_SCALAR(LeakyRelu)
ASCSTEP_SCALAR(ShiftLeft)
ASCSTEP_SCALAR(ShiftRight)
#undef ASCSTEP_SCALAR
// ShiftRight's high-dimensional forms with the trailing `roundEn` (DK:逻辑计算/ShiftRight): RON's
// `round_en`, which only some products take (docs/format.md §7).
template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, uint64_t mask,
                const uint8_t repeatTimes, const UnaryRepeatParams& params, bool roundEn, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftRight(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) +
                            ", round_en: " + (roundEn ? "true" : "false") + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + ")");
}
template <class T, bool isSetMask = true, class S, class = std::enable_if_t<!detail::is_local<S>::value>>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const S& scalarValue, const uint64_t mask[],
                const uint8_t repeatTimes, const UnaryRepeatParams& params, bool roundEn, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftRight(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) +
                            ", round_en: " + (roundEn ? "true" : "false") + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + ")");
}
// ShiftLeft/ShiftRight by a tensor of shift amounts (950; DK:逻辑计算/ShiftLeft（左移位数为Tensor）).
template <class T, class U>
void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftLeft(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")");
}
template <class T, class U>
void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ShiftRight(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")");
}

template <class T, class U, class S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalarValue, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Axpy(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<U>(scalarValue) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true, class S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalarValue, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Axpy(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<U>(scalarValue) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true, class S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalarValue, const uint64_t mask[], const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Axpy(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<U>(scalarValue) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}

template <class T, class S>
void Duplicate(const LocalTensor<T>& dst, const S& scalarValue, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Duplicate(dst: " + dst.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + ", count: " + num(count) + ")");
}
// CANN's template parameters in CANN's order (`Duplicate<half, true>(…)`): T, isSetMask, then
// the scalar's own type, deduced.
template <class T, bool isSetMask = true, class S>
void Duplicate(const LocalTensor<T>& dst, const S& scalarValue, uint64_t mask, const uint8_t repeatTimes, const uint16_t dstBlockStride,
               const uint8_t dstRepeatStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Duplicate(dst: " + dst.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", dst_blk_stride: " + num(dstBlockStride) + ", dst_rep_stride: " + num(dstRepeatStride) + ")");
}
template <class T, bool isSetMask = true, class S>
void Duplicate(const LocalTensor<T>& dst, const S& scalarValue, const uint64_t mask[], const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Duplicate(dst: " + dst.ron() + ", scalar: " + ascstep_rt::value<T>(scalarValue) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", dst_blk_stride: " + num(dstBlockStride) + ", dst_rep_stride: " + num(dstRepeatStride) + ")");
}
template <class T, class S>
void CreateVecIndex(const LocalTensor<T>& dst, const S& firstValue, uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "CreateVecIndex(dst: " + dst.ron() + ", first_value: " + ascstep_rt::value<T>(firstValue) + ", count: " + num(count) + ")");
}

template <class T, class U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& round, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Cast(dst: " + dst.ron() + ", src: " + src.ron() + ", round: " + name(round) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& round, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Cast(dst: " + dst.ron() + ", src: " + src.ron() + ", round: " + name(round) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& round, const uint64_t mask[], const uint8_t repeatTimes,
          const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Cast(dst: " + dst.ron() + ", src: " + src.ron() + ", round: " + name(round) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +
                            ", params: " + params.ron() + ")");
}

template <class T, class U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, uint64_t mask, uint8_t repeatTimes,
             const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
// Compares and its old name CompareScalar (DK:比较与选择/Compares): the count form and the mask
// forms, all recorded as Compares.
#define ASCSTEP_COMPARES(NAME)                                                                                             \
    template <class T, class U, class S, class = std::enable_if_t<!detail::is_local<S>::value>>                          \
    void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src, const S& scalar, CMPMODE cmp, uint32_t count,         \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) + \
                                ", cmp: " + name(cmp) + ", count: " + num(count) + ")");                                 \
    }                                                                                                                      \
    template <class T, class U, bool isSetMask = true, class S = T, class = std::enable_if_t<!detail::is_local<S>::value>> \
    void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src, const S& scalar, CMPMODE cmp, uint64_t mask,          \
              uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                          \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) + \
                                ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +             \
                                ", params: " + params.ron() + ")");                                                      \
    }                                                                                                                      \
    template <class T, class U, bool isSetMask = true, class S = T, class = std::enable_if_t<!detail::is_local<S>::value>> \
    void NAME(const LocalTensor<U>& dst, const LocalTensor<T>& src, const S& scalar, CMPMODE cmp, const uint64_t mask[],  \
              uint8_t repeatTimes, const UnaryRepeatParams& params, Pos p = Pos::current()) {                          \
        ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", src: " + src.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) + \
                                ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) +             \
                                ", params: " + params.ron() + ")");                                                      \
    }
ASCSTEP_COMPARES(Compares)
ASCSTEP_COMPARES(CompareScalar)
#undef ASCSTEP_COMPARES
// 950's flexible Compares (DK:比较与选择/Compares（灵活标量位置）): a value or a tensor's element on
// either side, config.scalarTensorIndex choosing between two tensors.
template <class T0 = BinaryDefaultType, class T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class T2, class T3, class T4>
void Compares(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmp, uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) +
                            ", cmp: " + name(cmp) + ", count: " + num(count) + ")");
}
template <class T0 = BinaryDefaultType, class T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class T2, class T3, class T4>
void Compares(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmp, const uint64_t mask, uint8_t repeatTimes,
              const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) +
                            ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
template <class T0 = BinaryDefaultType, class T1 = BinaryDefaultType, bool isSetMask = true,
          const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class T2, class T3, class T4>
void Compares(const T2& dst, const T3& src0, const T4& src1, CMPMODE cmp, const uint64_t mask[], uint8_t repeatTimes,
              const UnaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compares(dst: " + dst.ron() + ", " + detail::flex_args(src0, src1, config.scalarTensorIndex) +
                            ", cmp: " + name(cmp) + ", " + detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
// Select between two tensors; in VSEL_TENSOR_SCALAR_MODE two tensors are 950's flexible form,
// src1's element the scalar (the default BinaryConfig).
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const LocalTensor<T>& src1, SELMODE mode,
            uint32_t count, Pos p = Pos::current()) {
    const char* second = mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? ", scalar: " : ", src1: ";
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() + second + src1.ron() +
                            ", sel_mode: " + name(mode) + ", count: " + num(count) + ")");
}
// 950's flexible Select (DK:比较与选择/Select（灵活标量位置）): in VSEL_TENSOR_SCALAR_MODE a value or
// a tensor's element on either side, config.scalarTensorIndex choosing between two tensors.
template <class T = BinaryDefaultType, class U = uint8_t, const BinaryConfig& config = DEFAULT_BINARY_CONFIG, class D, class M,
          class S, class V>
void Select(const D& dst, const M& selMask, const S& src0, const V& src1, SELMODE mode, uint32_t count, Pos p = Pos::current()) {
    std::string args = detail::flex_args(src0, src1, config.scalarTensorIndex);
    if constexpr (detail::is_local<S>::value && detail::is_local<V>::value) {
        if (mode != SELMODE::VSEL_TENSOR_SCALAR_MODE) args = "src: " + src0.ron() + ", src1: " + src1.ron();
    }
    // flex_args names the tensor `src`; Select's is `src0`.
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", " + args.replace(0, 4, "src0:") +
                            ", sel_mode: " + name(mode) + ", count: " + num(count) + ")");
}
template <class T, class U, class S, class = std::enable_if_t<!std::is_same_v<S, LocalTensor<T>>>>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, S scalar, SELMODE mode, uint32_t count,
            Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() + ", scalar: " + ascstep_rt::value<T>(scalar) +
                            ", sel_mode: " + name(mode) + ", count: " + num(count) + ")");
}
// The masked forms (a mask or mask words, repeats, BinaryRepeatParams), between two tensors or
// a tensor and a scalar (VSEL_TENSOR_SCALAR_MODE).
namespace detail {
template <class T, class V>
std::string select_second(const V& src1, SELMODE mode) {
    if constexpr (is_local<V>::value) {
        return (mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? ", scalar: " : ", src1: ") + src1.ron();
    } else {
        return ", scalar: " + ascstep_rt::value<T>(src1);
    }
}
}  // namespace detail
template <class T, class U, bool isSetMask = true, class V>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const V& src1, SELMODE mode,
            uint64_t mask, uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() +
                            detail::select_second<T>(src1, mode) + ", sel_mode: " + name(mode) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true, class V>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const V& src1, SELMODE mode,
            const uint64_t mask[], uint8_t repeatTimes, const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() +
                            detail::select_second<T>(src1, mode) + ", sel_mode: " + name(mode) + ", " +
                            detail::masked<isSetMask>(mask, repeatTimes) + ", params: " + params.ron() + ")");
}
// The register forms: Select<T, VSEL_CMPMASK_SPR> by the CmpMask register a Compare without
// dst wrote (no sel_mask), and Select<T, U>(dst, selMask, src0, …) in VSEL_TENSOR_SCALAR_MODE;
// both under the mask register (no mask argument: Placeholder).
template <class T, SELMODE selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint8_t repeatTimes,
            const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", sel_mode: " +
                            name(selMode) + ", " + detail::masked<false>(uint64_t(0), repeatTimes) + ", params: " + params.ron() +
                            ")");
}
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, uint8_t repeatTimes,
            const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Select(dst: " + dst.ron() + ", sel_mask: " + selMask.ron() + ", src0: " + src0.ron() +
                            ", sel_mode: VSEL_TENSOR_SCALAR_MODE, " + detail::masked<false>(uint64_t(0), repeatTimes) +
                            ", params: " + params.ron() + ")");
}

template <class T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "ReduceSum(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", count: " + num(count) + ")");
}
template <class T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count, bool calcIndex = false,
               Pos p = Pos::current()) {
    ascstep_rt::call(p, "ReduceMax(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", count: " + num(count) +
                            ", calc_index: " + (calcIndex ? "true" : "false") + ")");
}
template <class T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const int32_t count, bool calcIndex = false,
               Pos p = Pos::current()) {
    ascstep_rt::call(p, "ReduceMin(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", count: " + num(count) +
                            ", calc_index: " + (calcIndex ? "true" : "false") + ")");
}

#define ASCSTEP_REDUCE(NAME)                                                                                               \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, uint64_t mask,             \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride, Pos p = Pos::current()) { \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ")");                                          \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, const uint64_t mask[],     \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride, Pos p = Pos::current()) { \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ")");                                          \
    }
ASCSTEP_REDUCE(PairReduceSum)
ASCSTEP_REDUCE(BlockReduceSum)
ASCSTEP_REDUCE(BlockReduceMax)
ASCSTEP_REDUCE(BlockReduceMin)
ASCSTEP_REDUCE(RepeatReduceSum)
#undef ASCSTEP_REDUCE

#define ASCSTEP_WHOLE_REDUCE(NAME, ORDER)                                                                                  \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const int32_t repeatTimes,             \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                  \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + order_text + ")");                             \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const int32_t repeatTimes,     \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                  \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTimes) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + order_text + ")");                             \
    }
#define ASCSTEP_NO_ORDER
#define order_text std::string()
ASCSTEP_WHOLE_REDUCE(WholeReduceSum, ASCSTEP_NO_ORDER)
#undef order_text
#define ASCSTEP_ORDER , ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX
#define order_text (std::string(", order: ") + name(order))
ASCSTEP_WHOLE_REDUCE(WholeReduceMax, ASCSTEP_ORDER)
ASCSTEP_WHOLE_REDUCE(WholeReduceMin, ASCSTEP_ORDER)
#undef order_text
#undef ASCSTEP_ORDER
#undef ASCSTEP_NO_ORDER
#undef ASCSTEP_WHOLE_REDUCE

struct BrcbRepeatParams {
    uint16_t dstBlkStride = 1, dstRepStride = 8;
    BrcbRepeatParams() = default;
    BrcbRepeatParams(uint16_t a, uint16_t b) : dstBlkStride(a), dstRepStride(b) {}
};
template <class T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTimes, const BrcbRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Brcb(dst: " + dst.ron() + ", src: " + src.ron() + ", repeat_times: " + num(repeatTimes) + ", dst_blk_stride: " +
                            num(params.dstBlkStride) + ", dst_rep_stride: " + num(params.dstRepStride) + ")");
}

// DataCopy: GM → UB, UB → GM, UB → UB; the count form and DataCopyParams.
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", count: " + num(count) + ")");
}
// Slice DataCopy (DK:数据搬运/GM与UB切片数据搬运(DataCopy)): in each dimension i, slices of
// burstLen·32/sizeof(T) elements (1 above the first dimension) from startIndex, `stride`
// elements apart, up to endIndex; the src and dst slices paired in row-major order. Recorded
// as one count-form DataCopy per slice, each with the call's position.
constexpr uint32_t K_MAX_DIM = 8;
struct SliceInfo {
    uint32_t startIndex = 0, endIndex = 0, stride = 0, burstLen = 1, shapeValue = 0;
};
namespace detail {
// The element offset of each slice, in order, and the slice length in elements.
inline std::vector<uint64_t> slices(const SliceInfo* info, uint32_t dims, uint32_t elem, uint32_t& len) {
    std::vector<uint64_t> out{0};
    uint64_t pitch = 1;
    len = info[0].burstLen * 32 / elem;
    for (uint32_t d = 0; d < dims; d++) {
        uint32_t burst = d == 0 ? len : 1;
        std::vector<uint64_t> next;
        std::vector<uint64_t> here;
        for (uint64_t i = info[d].startIndex; i + burst <= uint64_t(info[d].endIndex) + 1; i += burst + info[d].stride) here.push_back(i * pitch);
        // Higher dimensions are outer: each of their positions repeats every lower slice.
        for (uint64_t h : here)
            for (uint64_t o : out) next.push_back(h + o);
        out = next;
        pitch *= info[d].shapeValue;
    }
    return out;
}
template <class D, class S>
void slice_copy(const D& dst, const S& src, const SliceInfo* di, const SliceInfo* si, uint32_t dims, uint32_t elem, const Pos& p) {
    if (dims == 0 || dims > K_MAX_DIM) ascstep_rt::stop(p, "DataCopy with SliceInfo: dimValue must be 1 to 8");
    uint32_t dl = 0, sl = 0;
    std::vector<uint64_t> d = slices(di, dims, elem, dl), s = slices(si, dims, elem, sl);
    if (dl != sl || d.size() != s.size())
        ascstep_rt::stop(p, "DataCopy with SliceInfo: the src and dst slices differ in number or burstLen");
    for (size_t k = 0; k < d.size(); k++)
        ascstep_rt::call(p, "DataCopy(dst: " + dst[d[k]].ron() + ", src: " + src[s[k]].ron() + ", count: " + num(dl) + ")");
}
}  // namespace detail
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, Pos p = Pos::current()) {
    detail::slice_copy(dst, src, dstSliceInfo, srcSliceInfo, dimValue, sizeof(T), p);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1, Pos p = Pos::current()) {
    detail::slice_copy(dst, src, dstSliceInfo, srcSliceInfo, dimValue, sizeof(T), p);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", params: " + params.ron() + ")");
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", params: " + params.ron() + ")");
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopy(dst: " + dst.ron() + ", src: " + src.ron() + ", params: " + params.ron() + ")");
}
namespace detail {
inline std::string& pad_value();
}  // namespace detail
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& params, const DataCopyPadExtParams<T>& pad,
                 Pos p = Pos::current()) {
    // isPad false after SetPadValue: the padding holds SetPadValue's value.
    std::string padding = pad.ron();
    if (!pad.isPad && !detail::pad_value().empty() && (pad.leftPadding || pad.rightPadding))
        padding = ascstep_rt::fmt("[true, %u, %u, ", pad.leftPadding, pad.rightPadding) + detail::pad_value() + "]";
    ascstep_rt::call(p, "DataCopyPad(dst: " + dst.ron() + ", src: " + src.ron() + ", params: " + params.ron() + ", pad: " + padding + ")");
}
template <class T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "DataCopyPad(dst: " + dst.ron() + ", src: " + src.ron() + ", params: " + params.ron() + ")");
}
// DataCopyParams with DataCopyPad: the same units as DataCopyExtParams (bytes on the GM side).
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params, const DataCopyPadParams& pad,
                 Pos p = Pos::current()) {
    DataCopyPad(dst, src, DataCopyExtParams(params.blockCount, params.blockLen, params.srcStride, params.dstStride),
                DataCopyPadExtParams<T>(pad.isPad, pad.leftPadding, pad.rightPadding, T(pad.paddingValue)), p);
}
template <class T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params, Pos p = Pos::current()) {
    DataCopyPad(dst, src, DataCopyExtParams(params.blockCount, params.blockLen, params.srcStride, params.dstStride), p);
}

// The mask register and the synchronisation calls.
inline void SetMaskCount(Pos p = Pos::current()) { ascstep_rt::call(p, "SetMaskCount"); }
inline void SetMaskNorm(Pos p = Pos::current()) { ascstep_rt::call(p, "SetMaskNorm"); }
inline void ResetMask(Pos p = Pos::current()) { ascstep_rt::call(p, "ResetMask"); }
template <class T = half, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetVectorMask(high: " + num(maskHigh) + ", low: " + num(maskLow) + ")");
}
template <class T = half, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(int32_t len, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetVectorMask(len: " + num(len) + ")");
}
template <pipe_t pipe>
void PipeBarrier(Pos p = Pos::current()) {
    ascstep_rt::call(p, std::string("PipeBarrier(pipe: ") + name(pipe) + ")");
}
// SyncAll: every block of the launch reaches it before any goes on (docs/format.md §12.2;
// DK:同步控制/核间同步/SyncAll). The software form's flags in gmWorkspace are not written.
struct SyncAllConfig {
    pipe_t triggerPipe;
    pipe_t waitPipe;
};
constexpr SyncAllConfig DEFAULT_SYNC_ALL_CONFIG = {PIPE_ALL, PIPE_ALL};
template <bool isAIVOnly = true, const SyncAllConfig& config = DEFAULT_SYNC_ALL_CONFIG>
void SyncAll(Pos p = Pos::current()) {
    ascstep_rt::call(p, "SyncAll()");
    ascstep_rt::sync_all();
}
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>&, const LocalTensor<int32_t>&, const int32_t = 0,
             Pos p = Pos::current()) {
    ascstep_rt::call(p, "SyncAll()");
    ascstep_rt::sync_all();
}
// The DMA atomic mode (DK:原子操作; docs/semantics.md §18.3): later moves into global memory
// add to (take the max, the min with) what is there, in T, until DisableDmaAtomic.
#define ASCSTEP_ATOMIC(NAME)                                                                     \
    template <class T>                                                                           \
    void NAME(Pos p = Pos::current()) {                                                          \
        ascstep_rt::call(p, std::string(#NAME "(dtype: ") + ascstep_rt::Dtype<T>::name + ")");   \
    }
ASCSTEP_ATOMIC(SetAtomicAdd)
ASCSTEP_ATOMIC(SetAtomicMax)
ASCSTEP_ATOMIC(SetAtomicMin)
ASCSTEP_ATOMIC(SetAtomicType)
inline void DisableDmaAtomic(Pos p = Pos::current()) { ascstep_rt::call(p, "DisableDmaAtomic()"); }
inline void SetAtomicNone(Pos p = Pos::current()) { ascstep_rt::call(p, "SetAtomicNone()"); }
template <HardEvent e>
void SetFlag(int32_t id, Pos p = Pos::current()) {
    ascstep_rt::call(p, std::string("SetFlag(event: ") + name(e) + ", id: " + num(id) + ")");
}
template <HardEvent e>
void WaitFlag(int32_t id, Pos p = Pos::current()) {
    ascstep_rt::call(p, std::string("WaitFlag(event: ") + name(e) + ", id: " + num(id) + ")");
}

#define ASCSTEP_ORDER_ARG , ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX
#define ASCSTEP_ORDER_TEXT (std::string(", order: ") + name(order))
#define ASCSTEP_CALC_INDEX , bool calIndex = false
#define ASCSTEP_CALC_INDEX_TEXT (std::string(", calc_index: ") + (calIndex ? "true" : "false"))
// The 9.1.0 reduction names (docs/format.md §7): ReduceRepeat, ReduceDataBlock, ReducePairElem.
enum class ReduceType : uint8_t { SUM = 0, MAX, MIN };
inline const char* name(ReduceType r) {
    static const char* n[] = {"SUM", "MAX", "MIN"};
    return n[int(r)];
}
#define ASCSTEP_NEW_REDUCE(NAME, OP, ORDER, ORDER_TEXT)                                                                    \
    template <ReduceType op, class T, class U = T, bool isSetMask = true>                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, uint64_t mask, const int32_t repeatTime,             \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                 \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(" OP "dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ORDER_TEXT + ")");                             \
    }                                                                                                                      \
    template <ReduceType op, class T, class U = T, bool isSetMask = true>                                                \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], const int32_t repeatTime,     \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride ORDER,                 \
              Pos p = Pos::current()) {                                                                                 \
        ascstep_rt::call(p, #NAME "(" OP "dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + \
                                ", dst_rep_stride: " + num(dstRepStride) + ", src_blk_stride: " + num(srcBlkStride) +     \
                                ", src_rep_stride: " + num(srcRepStride) + ORDER_TEXT + ")");                             \
    }
#define ASCSTEP_OP_TEXT std::string("op: ") + name(op) + ", " +
ASCSTEP_NEW_REDUCE(ReduceRepeat, + ASCSTEP_OP_TEXT "", ASCSTEP_ORDER_ARG, ASCSTEP_ORDER_TEXT)
ASCSTEP_NEW_REDUCE(ReduceDataBlock, + ASCSTEP_OP_TEXT "", , std::string())
ASCSTEP_NEW_REDUCE(ReducePairElem, "", , std::string())
#undef ASCSTEP_OP_TEXT
#undef ASCSTEP_NEW_REDUCE

// ReduceMax/Min/Sum in the high-dimensional form (mask, repeatTime, srcRepStride).
#define ASCSTEP_WHOLE_MASKED(NAME, INDEX, INDEX_TEXT)                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, uint64_t mask,           \
              const int32_t repeatTime, const int32_t srcRepStride INDEX, Pos p = Pos::current()) {                      \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", " +         \
                                detail::masked<isSetMask>(mask, repeatTime) + ", src_rep_stride: " + num(srcRepStride) + INDEX_TEXT + ")"); \
    }                                                                                                                      \
    template <class T, bool isSetMask = true>                                                                              \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work, const uint64_t mask[],   \
              const int32_t repeatTime, const int32_t srcRepStride INDEX, Pos p = Pos::current()) {                      \
        ascstep_rt::call(p, #NAME "(dst: " + dst.ron() + ", src: " + src.ron() + ", work: " + work.ron() + ", " +         \
                                detail::masked<isSetMask>(mask, repeatTime) + ", src_rep_stride: " + num(srcRepStride) + INDEX_TEXT + ")"); \
    }
ASCSTEP_WHOLE_MASKED(ReduceSum, , std::string())
ASCSTEP_WHOLE_MASKED(ReduceMax, ASCSTEP_CALC_INDEX, ASCSTEP_CALC_INDEX_TEXT)
ASCSTEP_WHOLE_MASKED(ReduceMin, ASCSTEP_CALC_INDEX, ASCSTEP_CALC_INDEX_TEXT)
#undef ASCSTEP_WHOLE_MASKED

// Calls that return a value: ascstep runs them and answers with the value.
namespace detail {
template <class T>
T returning(const Pos& p, const std::string& ron) {
    ascstep_rt::chan().put("Y " + ascstep_rt::at(p) + " " + ascstep_rt::Dtype<T>::name + " " + ron);
    return ascstep_rt::parse<T>(ascstep_rt::chan().line());
}
}  // namespace detail
template <class T>
T GetReduceRepeatSumSpr(Pos p = Pos::current()) {
    return detail::returning<T>(p, "GetReduceRepeatSumSpr(ret: \"$\")");
}
template <class T>
T GetAccVal(Pos p = Pos::current()) {
    return detail::returning<T>(p, "GetReduceRepeatSumSpr(ret: \"$\")");
}
// The untyped forms (impl kernel_operator_vec_reduce_intf_impl.h: `int64_t
// GetReduceRepeatSumSpr()`, `int64_t GetAccVal()`): the register's bits, which kernels
// reinterpret as the float a float ReduceSum left there (docs/semantics.md §19).
inline int64_t GetReduceRepeatSumSpr(Pos p = Pos::current()) {
    float v = detail::returning<float>(p, "GetReduceRepeatSumSpr(ret: \"$\")");
    uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return int64_t(bits);
}
inline int64_t GetAccVal(Pos p = Pos::current()) { return GetReduceRepeatSumSpr(p); }
// DK:归约计算/寄存器辅助接口/GetReduceRepeatMaxMinSpr: the extreme of the last ReduceRepeat
// MAX/MIN (or ReduceMax/Min) and its index, stored bit-wise as T; one step.
template <class T>
void GetReduceRepeatMaxMinSpr(T& value, T& index, Pos p = Pos::current()) {
    ascstep_rt::chan().put("Y " + ascstep_rt::at(p) + " " + ascstep_rt::Dtype<T>::name + " GetReduceRepeatMaxMinSpr(value: \"$\", index: \"$2\")");
    std::string both = ascstep_rt::chan().line();
    size_t sp = both.find(' ');
    value = ascstep_rt::parse<T>(both.substr(0, sp));
    index = ascstep_rt::parse<T>(sp == std::string::npos ? std::string() : both.substr(sp + 1));
}
template <class T>
void GetReduceRepeatMaxMinSpr(T& value, Pos p = Pos::current()) {
    value = detail::returning<T>(p, "GetReduceRepeatMaxMinSpr(value: \"$\")");
}

struct CopyRepeatParams {
    uint16_t dstStride = 1, srcStride = 1, dstRepeatSize = 8, srcRepeatSize = 8;
    CopyRepeatParams() = default;
    CopyRepeatParams(uint16_t a, uint16_t b, uint16_t c, uint16_t d) : dstStride(a), srcStride(b), dstRepeatSize(c), srcRepeatSize(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", dstStride, srcStride, dstRepeatSize, srcRepeatSize); }
};
template <class T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime, const CopyRepeatParams& params,
          Pos p = Pos::current()) {
    ascstep_rt::call(p, "Copy(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTime, const CopyRepeatParams& params,
          Pos p = Pos::current()) {
    ascstep_rt::call(p, "Copy(dst: " + dst.ron() + ", src: " + src.ron() + ", " + detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}

// Compare into the CmpMask register (no dst) and GetCmpMask (DK:比较与选择/Compare,
// GetCmpMask(ISASI); docs/semantics.md §19).
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, uint64_t mask, const BinaryRepeatParams& params,
             Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", mask: " +
                            (isSetMask ? detail::mask_text(mask) : std::string("Placeholder")) + ", params: " + params.ron() + ")");
}
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmp, const uint64_t mask[], const BinaryRepeatParams& params,
             Pos p = Pos::current()) {
    ascstep_rt::call(p, "Compare(src0: " + src0.ron() + ", src1: " + src1.ron() + ", cmp: " + name(cmp) + ", mask: " +
                            (isSetMask ? detail::mask_text(mask) : std::string("Placeholder")) + ", params: " + params.ron() + ")");
}
template <class T>
void GetCmpMask(const LocalTensor<T>& dst, Pos p = Pos::current()) {
    ascstep_rt::call(p, "GetCmpMask(dst: " + dst.ron() + ")");
}
// SetCmpMask (DK:比较与选择/SetCmpMask(ISASI)): 16 bytes of src into the register, for the
// Select forms without a mask argument (mode 0: the selMask bits; mode 1: the scalar).
template <class T>
void SetCmpMask(const LocalTensor<T>& src, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetCmpMask(src: " + src.ron() + ")");
}

// GatherMask (DK:比较与选择/GatherMask): rsvdCnt is what ascstep answers. The pattern tensor
// is read as the unsigned type of T's width, as the instruction reads it.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
#if __NPU_ARCH__ == 2201
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
#else
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;
#endif
struct GatherMaskParams {
    uint8_t src0BlockStride = 1;
    uint16_t repeatTimes = 1, src0RepeatStride = 8;
    uint8_t src1RepeatStride = 8;
    GatherMaskParams() = default;
    GatherMaskParams(uint8_t a, uint16_t b, uint16_t c, uint8_t d) : src0BlockStride(a), repeatTimes(b), src0RepeatStride(c), src1RepeatStride(d) {}
    std::string ron() const { return ascstep_rt::fmt("[%u, %u, %u, %u]", src0BlockStride, repeatTimes, src0RepeatStride, src1RepeatStride); }
};
namespace detail {
template <class T>
T returning(const Pos& p, const std::string& ron);
}  // namespace detail
template <class T, class U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern, const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& params, uint64_t& rsvdCnt, Pos p = Pos::current()) {
    using Bits = std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 1, uint8_t, uint32_t>>;
    LocalTensor<Bits> pattern = src1Pattern.template ReinterpretCast<Bits>(p);
    rsvdCnt = detail::returning<uint64_t>(p, "GatherMask(dst: " + dst.ron() + ", src0: " + src0.ron() + ", pattern: " + pattern.ron() +
                                                 ", reduce_mode: " + (reduceMode ? "true" : "false") + ", mask: " + num(mask) +
                                                 ", params: " + params.ron() + ", ret: \"$\")");
}
template <class T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern, const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& params, uint64_t& rsvdCnt, Pos p = Pos::current()) {
    rsvdCnt = detail::returning<uint64_t>(p, "GatherMask(dst: " + dst.ron() + ", src0: " + src0.ron() + ", pattern: " + num(src1Pattern) +
                                                 ", reduce_mode: " + (reduceMode ? "true" : "false") + ", mask: " + num(mask) +
                                                 ", params: " + params.ron() + ", ret: \"$\")");
}

// Gather (DK:离散与聚合/Gather): byte offsets in a uint32 tensor.
template <class T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + srcOffset.ron() + ", base_addr: " + num(srcBaseAddr) +
                            ", count: " + num(count) + ")");
}
template <class T, bool isSetMask = true>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint64_t mask, const uint8_t repeatTime, const uint16_t dstRepStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + srcOffset.ron() + ", base_addr: " + num(srcBaseAddr) +
                            ", " + detail::masked<isSetMask>(mask, repeatTime) + ", dst_rep_stride: " + num(dstRepStride) + ")");
}
template <class T, bool isSetMask = true>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
            const uint64_t mask[], const uint8_t repeatTime, const uint16_t dstRepStride, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gather(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + srcOffset.ron() + ", base_addr: " + num(srcBaseAddr) +
                            ", " + detail::masked<isSetMask>(mask, repeatTime) + ", dst_rep_stride: " + num(dstRepStride) + ")");
}

// Gatherb (DK:离散与聚合/Gatherb(ISASI)): whole 32-byte blocks at the offsets' byte positions;
// of GatherRepeatParams only dstBlkStride and dstRepStride are used (the rest are reserved).
struct GatherRepeatParams {
    uint32_t blockNumber = 8;
    uint16_t dstRepStride = 8;
    uint8_t dstBlkStride = 1, src0BlkStride = 1, src1BlkStride = 1, src0RepStride = 8, src1RepStride = 8;
    bool repeatStrideMode = false, strideSizeMode = false;
    GatherRepeatParams() = default;
    GatherRepeatParams(uint8_t a, uint8_t b) : dstRepStride(b), dstBlkStride(a) {}
};
template <class T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
             const GatherRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "Gatherb(dst: " + dst.ron() + ", src: " + src.ron() + ", offset: " + offset.ron() + ", repeat_times: " + num(repeatTime) +
                            ", dst_blk_stride: " + num(params.dstBlkStride) + ", dst_rep_stride: " + num(params.dstRepStride) + ")");
}

// SetDeqScale and what reads it: CastDequant, AddDeqRelu (DK:类型转换/SetDeqScale,
// DK:复合计算/CastDequant, DK:复合计算/AddDeqRelu; docs/semantics.md §16).
constexpr int32_t VDEQ_TENSOR_SIZE = 16;
struct VdeqInfo {
    VdeqInfo() {}
    VdeqInfo(const float s[VDEQ_TENSOR_SIZE], const int16_t o[VDEQ_TENSOR_SIZE], const bool m[VDEQ_TENSOR_SIZE]) {
        for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
            vdeqScale[i] = s[i];
            vdeqOffset[i] = o[i];
            vdeqSignMode[i] = m[i];
        }
    }
    float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
    int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
    bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};
inline void SetDeqScale(half scale, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetDeqScale(scale: " + num(float(scale)) + ")");
}
inline void SetDeqScale(float scale, int16_t offset, bool signMode, Pos p = Pos::current()) {
    ascstep_rt::call(p, "SetDeqScale(scale: " + num(scale) + ", offset: " + num(offset) + ", sign_mode: " + (signMode ? "true" : "false") + ")");
}
template <class T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& info, Pos p = Pos::current()) {
    std::string s, o, m;
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
        const char* sep = i ? ", " : "";
        s += sep + num(info.vdeqScale[i]);
        o += sep + num(info.vdeqOffset[i]);
        m += sep + std::string(info.vdeqSignMode[i] ? "true" : "false");
    }
    ascstep_rt::call(p, "SetDeqScale(vdeq: " + vdeq.ron() + ", scale: [" + s + "], offset: [" + o + "], sign_mode: [" + m + "])");
}
namespace detail {
inline std::string deq_flags(bool vec, bool half_block) {
    return std::string(", vec_deq: ") + (vec ? "true" : "false") + ", half_block: " + (half_block ? "true" : "false");
}
}  // namespace detail
template <class T, class U, bool isVecDeq = true, bool halfBlock = true>
void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "CastDequant(dst: " + dst.ron() + ", src: " + src.ron() + detail::deq_flags(isVecDeq, halfBlock) + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& params,
                 Pos p = Pos::current()) {
    ascstep_rt::call(p, "CastDequant(dst: " + dst.ron() + ", src: " + src.ron() + detail::deq_flags(isVecDeq, halfBlock) + ", " +
                            detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask, uint8_t repeatTime, const UnaryRepeatParams& params,
                 Pos p = Pos::current()) {
    ascstep_rt::call(p, "CastDequant(dst: " + dst.ron() + ", src: " + src.ron() + detail::deq_flags(isVecDeq, halfBlock) + ", " +
                            detail::masked<isSetMask>(uint64_t(mask), repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, class U>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const int32_t& count, Pos p = Pos::current()) {
    ascstep_rt::call(p, "AddDeqRelu(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", count: " + num(count) + ")");
}
template <class T, class U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask, const uint8_t repeatTime,
                const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "AddDeqRelu(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +
                            detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}
template <class T, class U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint64_t mask[], const uint8_t repeatTime,
                const BinaryRepeatParams& params, Pos p = Pos::current()) {
    ascstep_rt::call(p, "AddDeqRelu(dst: " + dst.ron() + ", src0: " + src0.ron() + ", src1: " + src1.ron() + ", " +
                            detail::masked<isSetMask>(mask, repeatTime) + ", params: " + params.ron() + ")");
}

// SetPadValue (DK:数据搬运/SetPadValue(ISASI); A2, A3 and 950): the value DataCopyPad pads
// with where isPad is false, until set again; the DataCopyPad steps after it carry it as
// their padding value (docs/semantics.md §18).
namespace detail {
inline std::string& pad_value() {
    thread_local std::string v;  // the RON text; empty until SetPadValue (one per block)
    return v;
}
}  // namespace detail
template <class T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue, Pos p = Pos::current()) {
#if __NPU_ARCH__ == 3002 || __NPU_ARCH__ == 2002 || __NPU_ARCH__ == 1001
    ascstep_rt::stop(p, "SetPadValue is not available on this product (DK:数据搬运/SetPadValue(ISASI): Atlas A2, A3 and Ascend 950 only)");
#endif
    detail::pad_value() = ascstep_rt::value<T>(paddingValue);
}

// The UB's size (DK:系统资源与变量/GetUBSizeInBytes, GetRuntimeUBSize; the built-in constant
// ASC_UB_SIZE of DK-guide SIMD-BuiltIn关键字): the product's whole UB.
constexpr uint32_t GetUBSizeInBytes() { return ASCSTEP_UB_SIZE; }
inline uint32_t GetRuntimeUBSize() { return ASCSTEP_UB_SIZE; }
// A data block's bytes (basic_api/kernel_operator_sys_var_intf.h: `return ONE_BLK_SIZE;`).
constexpr int16_t GetDataBlockSizeInBytes() { return ONE_BLK_SIZE; }

// Calls with no effect on the simulated data (DK:缓存处理/DataCacheCleanAndInvalid; the
// superkernel task calls WaitPreTaskEnd/SetNextTaskStart): they are not steps.
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
template <class T, CacheLine entireType = CacheLine::SINGLE_CACHE_LINE, DcciDst dcciDst = DcciDst::CACHELINE_ALL>
void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}
template <class T, CacheLine entireType = CacheLine::SINGLE_CACHE_LINE, DcciDst dcciDst = DcciDst::CACHELINE_ALL>
void DataCacheCleanAndInvalid(const LocalTensor<T>&) {}
inline void WaitPreTaskEnd() {}
inline void SetNextTaskStart() {}

// The workspace: ascstep keeps no system workspace, so the user's workspace is the whole
// allocation the launch passes.
namespace detail {
inline uint8_t*& sys_workspace() {
    static uint8_t* w = nullptr;
    return w;
}
}  // namespace detail
inline uint8_t* GetUserWorkspace(uint8_t* workspace) { return workspace; }
inline void SetSysWorkspace(uint8_t* workspace) { detail::sys_workspace() = workspace; }
inline uint8_t* GetSysWorkSpacePtr() { return detail::sys_workspace(); }

// DumpTensor (DK:调试接口/上板打印/DumpTensor): the first dumpSize elements, printed to standard
// output with desc; a read that is not a step.
namespace detail {
inline void dump(int id, uint64_t off, uint32_t desc, uint32_t n, const char* dtype, const char* where) {
    ascstep_rt::chan().put(ascstep_rt::fmt("P %d %llu %u", id, (unsigned long long)off, n));
    std::string values = ascstep_rt::chan().line();
    std::printf("DumpTensor: desc=%u, data_type=%s, position=%s, size=%u\n[%s]\n", desc, dtype, where, n, values.c_str());
    std::fflush(stdout);
}
}  // namespace detail
template <class T>
void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
    detail::dump(t.id_, (t.addr_ - t.base_) / sizeof(T), desc, dumpSize, ascstep_rt::Dtype<T>::name, "UB");
}
template <class T>
void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize) {
    detail::dump(t.id_, t.off_, desc, dumpSize, ascstep_rt::Dtype<T>::name, "GM");
}

// Type utilities kernels use.
template <bool c, class A, class B>
struct Conditional {
    using type = A;
};
template <class A, class B>
struct Conditional<false, A, B> {
    using type = B;
};
template <class A, class B>
struct IsSameType {
    static constexpr bool value = false;
};
template <class A>
struct IsSameType<A, A> {
    static constexpr bool value = true;
};

// CANN's integer helpers (impl/basic_api/utils/kernel_utils_ceil_oom_que.h), uint32_t as there.
constexpr inline uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// A deterministic clock: the number of messages the kernel has sent ascstep so far.
inline int64_t GetSystemCycle() { return int64_t(ascstep_rt::chan().sent); }

inline TPipe* GetTPipePtr() { return tpipe_ptr(); }

// DK:资源管理/临时空间管理/PopStackBuffer: all the UB left after the TPipe's buffers, up to the
// UB's end (on __NPU_ARCH__ 2201 64 bytes before it, kept for KFC messages:
// impl/basic_api/kernel_pop_stack_buffer.h GetEndAddress).
inline uint32_t stack_end() {
#if __NPU_ARCH__ == 2201
    return ASCSTEP_UB_SIZE - 64;
#else
    return ASCSTEP_UB_SIZE;
#endif
}
template <class T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& pop, Pos p = Pos::current()) {
    TPipe* pipe = tpipe_ptr();
    if (pipe == nullptr) ascstep_rt::stop(p, "PopStackBuffer needs a TPipe: it takes the UB after the pipe's buffers");
    if (pipe->used_ + 32 > stack_end()) ascstep_rt::stop(p, "PopStackBuffer: the TPipe's buffers fill the UB, no space is left to pop");
    pop.init(pipe->used_, (stack_end() - pipe->used_) / uint32_t(sizeof(T)), p);
    return true;
}
// InitGlobalMemory (and its name Fill in lib/utils/init_global_memory.h): `size` elements of
// global memory set to `value`, as the library does it (impl/adv_api/detail/utils/
// init_global_memory/init_global_memory_v220_impl.h): Duplicate into the stack buffer (at most
// 255 repeats of 256 bytes), then DataCopyPad bursts into GM; each a step at the call's line.
template <class T>
void InitGlobalMemory(const GlobalTensor<T>& gm, const uint64_t size, const T value, Pos p = Pos::current()) {
    LocalTensor<T> buf;
    PopStackBuffer<T, TPosition::LCM>(buf, p);
    constexpr uint32_t maxBurst = 255 * 256 / sizeof(T);
    const uint32_t pop = buf.GetSize() >= maxBurst ? maxBurst : buf.GetSize();
    const uint64_t round = size / pop, tail = size % pop;
    Duplicate<T>(buf, value, int32_t(pop), p);
    SetFlag<HardEvent::V_MTE3>(0, p);
    WaitFlag<HardEvent::V_MTE3>(0, p);
    DataCopyExtParams params(1, uint32_t(round != 0 ? pop * sizeof(T) : 0), 0, 0, 0);
    uint64_t off = 0;
    for (uint64_t i = 0; i < round; ++i, off += pop) DataCopyPad(gm[off], buf, params, p);
    if (tail != 0) {
        params.blockLen = uint32_t(tail * sizeof(T));
        DataCopyPad(gm[round * pop], buf, params, p);
    }
    PipeBarrier<PIPE_MTE3>(p);
}
template <class T>
void Fill(const GlobalTensor<T>& gm, const uint64_t size, const T value, Pos p = Pos::current()) {
    InitGlobalMemory(gm, size, value, p);
}

template <class... A>
void printf(const char* f, A... a) {
    std::printf(f, a...);
}
}  // namespace AscendC

using AscendC::GetTPipePtr;

// The built-in constant ASC_UB_SIZE (DK-guide 编程指南/语言扩展层/SIMD-BuiltIn关键字), the
// UB's bytes; block_idx and block_num are in ascstep/rt.h.
constexpr uint64_t ASC_UB_SIZE = ASCSTEP_UB_SIZE;

template <>
struct ascstep_rt::Dtype<AscendC::int4b_t> {
    static constexpr const char* name = "int4b_t";
};
#define PRINTF AscendC::printf

// Kernel assertions (DK:调试接口/ascendc_assert, ASSERT): a failed one stops the kernel at its
// position with the condition's text; the message arguments after it are not evaluated.
namespace ascstep_rt {
template <class... A>
void check(const Pos& p, const char* what, bool ok, const A&...) {
    if (!ok) stop(p, std::string("assertion failed: ") + what);
}
}  // namespace ascstep_rt
#define ascendc_assert(...) ::ascstep_rt::check(::ascstep_rt::Pos::current(), #__VA_ARGS__, __VA_ARGS__)
#define ASSERT(cond) ::ascstep_rt::check(::ascstep_rt::Pos::current(), #cond, bool(cond))
#define ASCENDC_ASSERT(cond, ...) ::ascstep_rt::check(::ascstep_rt::Pos::current(), #cond, bool(cond))

// The kernel-side tiling macros (GET_TILING_DATA, REGISTER_TILING_DEFAULT, TILING_KEY_IS, …)
// come with kernel_operator.h as with CANN's, so an operator kernel that includes only this
// header compiles (docs/format.md §12.3).
#include "kernel_tiling/kernel_tiling.h"
#include "kernel_operator_list_tensor_intf.h"

// The device compiler's barrier intrinsic, which older kernels call directly: PipeBarrier.
inline void pipe_barrier(pipe_t pipe, ascstep_rt::Pos p = ascstep_rt::Pos::current()) {
    ascstep_rt::call(p, std::string("PipeBarrier(pipe: ") + AscendC::name(pipe) + ")");
}

// The device compiler's intrinsic that sets the FFTS (cross-core flag) base address; pyasc's
// kernels call it first with their `ffts_addr` argument. No effect: ascstep's cores synchronise
// through SyncAll.
inline void set_ffts_base_addr(uint64_t) {}

#include "basic_api/kernel_operator_precision_config.h"
#include "basic_api/kernel_utils.h"
#include "basic_api/kernel_operator_scalar_intf.h"
#include "basic_api/kernel_operator_vec_transpose_intf.h"
#include "basic_api/kernel_utils_constants.h"
#include "basic_api/kernel_common.h"

// CANN's kernel_operator.h brings the library's headers too (kernel_operator_intf.h includes
// adv_api/math/…, activation/…, pad/…): a kernel calls Log or Power having included only
// kernel_operator.h. Those of them ascstep has (docs/semantics.md §21).
#include "adv_api/math/log.h"
#include "adv_api/math/exp.h"
#include "adv_api/math/power.h"
#include "adv_api/math/sin.h"
#include "adv_api/math/cos.h"
#include "adv_api/math/atan.h"
#include "adv_api/math/erf.h"
#include "adv_api/math/erfc.h"
#include "adv_api/math/axpy.h"
#include "adv_api/index/arithprogression.h"
#include "adv_api/math/floor.h"
#include "adv_api/math/ceil.h"
#include "adv_api/math/trunc.h"
#include "adv_api/activation/sigmoid.h"
#include "adv_api/math/tanh.h"
#include "adv_api/pad/broadcast.h"
#include "adv_api/math/sign.h"
