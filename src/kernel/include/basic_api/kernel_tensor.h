// LocalTensor and GlobalTensor (CANN's kernel_tensor.h): views of the UB and of global memory, each
// declared to ascstep once.
#pragma once
#include "kernel_base_types.h"

namespace AscendC {
// CANN's kernel_struct_data_copy.h: a tensor's layout.
#ifndef ASCC_ENUM_DATAFORMAT
#define ASCC_ENUM_DATAFORMAT
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D };
#endif
constexpr int32_t K_MAX_SHAPE_DIM = 8;
// A tensor's shape and original shape (CANN's kernel_tensor.h), as SetShapeInfo keeps it on a
// LocalTensor; zero dimensions until one is set.
struct ShapeInfo {
    ShapeInfo() {}
    ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
              const uint32_t inputOriginalShape[], const DataFormat inputFormat)
        : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
        for (int i = 0; i < shapeDim && i < K_MAX_SHAPE_DIM; ++i) shape[i] = inputShape[i];
        for (int i = 0; i < originalShapeDim && i < K_MAX_SHAPE_DIM; ++i) originalShape[i] = inputOriginalShape[i];
    }
    ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat)
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}
    ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[])
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, DataFormat::ND) {}
    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_SHAPE_DIM] = {};
    uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
    DataFormat dataFormat = DataFormat::ND;
};
inline uint64_t GetShapeSize(const ShapeInfo& shapeInfo) {
    uint64_t n = 1;
    for (int i = 0; i < shapeInfo.shapeDim; i++) n *= shapeInfo.shape[i];
    return n;
}

namespace detail {
template <class T>
struct SymbolOverride;
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
    char b[48] = "\"#";
    char* p = std::to_chars(b + 2, b + sizeof b, id).ptr;
    if (off) {
        *p++ = '[';
        p = std::to_chars(p, b + sizeof b - 2, off).ptr;
        *p++ = ']';
    }
    *p++ = '"';
    return std::string(b, p);
}
template <class T>
T get_value(int id, uint64_t off, const Pos& p) {
    ascstep_rt::chan().put("V " + ascstep_rt::at(p) + ascstep_rt::fmt(" %d %llu ", id, (unsigned long long)off) + ascstep_rt::Dtype<T>::name);
    return ascstep_rt::parse<T>(ascstep_rt::chan().line());
}
// tensor(i), LocalTensor's and GlobalTensor's: element i to read (GetValue) or assign
// (SetValue), at the call's position.
template <class Tensor, class T, class Index>
struct Element {
    const Tensor* t;
    Index i;
    Pos p;
    operator T() const { return t->GetValue(i, p); }
    // An explicit cast to another arithmetic type (`(float)halfTensor(i)`): through T.
    template <class U, class = std::enable_if_t<std::is_arithmetic_v<U> && !std::is_same_v<U, T>>>
    explicit operator U() const {
        return U(T(*this));
    }
    template <class U>
    const Element& operator=(U v) const {
        t->SetValue(i, v, p);
        return *this;
    }
    const Element& operator=(const Element& o) const { return *this = T(o); }
};
}  // namespace detail

template <class T>
class LocalTensor {
public:
    using PrimType = T;
    int id_ = -1;
    uint32_t addr_ = 0;  // bytes, in the UB
    uint32_t len_ = 0;   // elements from addr_
    uint32_t base_ = 0;  // addr_ of the declared view
    // Where it was constructed: the position a use before allocation stops at.
    Pos decl_ = Pos::current();
    LocalTensor(Pos decl = Pos::current()) : decl_(decl) {}
    LocalTensor(TPosition, uint32_t addr, uint32_t len, Pos p = Pos::current()) { init(addr, len, p); }
    void init(uint32_t addr, uint32_t len, const Pos& p) {
        addr_ = base_ = addr;
        len_ = len;
        id_ = detail::ub_view(ascstep_rt::Dtype<T>::name, addr, len, p);
    }
    std::string ron() const {
        if (id_ < 0) ascstep_rt::stop(decl_, "an API call uses the LocalTensor constructed here before it was allocated (AllocTensor, Get, DeQue)");
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
    using Element = detail::Element<LocalTensor, T, uint32_t>;
    Element operator()(uint32_t i, Pos p = Pos::current()) const { return Element{this, i, p}; }
    template <class U>
    void SetValue(uint32_t i, U v, Pos p = Pos::current()) const {
        ascstep_rt::call(p, "SetValue(dst: " + (*this)[i].ron() + ", src: " + ascstep_rt::value<T>(v) + ")");
    }
    uint32_t GetSize() const { return len_; }
    void SetSize(uint32_t n) { len_ = n; }
    // The shape SetShapeInfo kept (zero dimensions when none was set).
    void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }
    ShapeInfo GetShapeInfo() const { return shapeInfo_; }
    ShapeInfo shapeInfo_;
    // kernel_tensor.h's SetBufferLen(dataLen): the length in elements, as SetSize.
    void SetBufferLen(uint32_t n) { len_ = n; }
    uint64_t GetPhyAddr() const { return addr_; }
    uint64_t GetPhyAddr(uint32_t off) const { return addr_ + detail::bytes_of<T>(off); }
    int32_t GetPosition() const { return int32_t(TPosition::VECCALC); }
    uint32_t GetLength() const { return uint32_t(detail::bytes_of<T>(len_)); }
    // The operators (`dst = a + b`, `mask = a < b`: kernel_operator_symbol_override.h). The
    // right operand converts implicitly, taking the expression's position with it.
    struct SymbolOperand {
        const LocalTensor& t;
        Pos p;
        SymbolOperand(const LocalTensor& t, Pos p = Pos::current()) : t(t), p(p) {}
    };
    LocalTensor& operator=(const LocalTensor&) = default;
    template <class E, class = std::enable_if_t<E::ascstep_expression>>
    LocalTensor& operator=(const E& e);
    detail::SymbolOverride<T> operator+(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator-(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator*(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator/(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator&(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator|(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator<(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator>(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator<=(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator>=(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator==(const SymbolOperand& rhs) const;
    detail::SymbolOverride<T> operator!=(const SymbolOperand& rhs) const;
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
    // Set where SetGlobalBuffer was given an address in no allocation and not in the program's
    // static data: the kernel may compute such an address for a block that does not use it (an
    // offset past the data), as the device allows; an API call using the tensor stops there.
    bool dangling_ = false;
    bool null_ = false;
    // Where it was set (dangling or null), else where it was declared.
    Pos set_at_ = Pos::current();
    GlobalTensor(Pos decl = Pos::current()) : set_at_(decl) {}
    void SetGlobalBuffer(T* p, uint64_t size = 0, Pos pos = Pos::current()) {
        ptr_ = p;
        size_ = size;
        id_ = -1;
        dangling_ = false;
        null_ = false;
        const ascstep_rt::Alloc* a = ascstep_rt::find(p);
        if (!a) {
            // An absent optional input: an error only when used, said at this line.
            if (p == nullptr) {
                null_ = true;
                set_at_ = pos;
                return;
            }
            // Not the program's own static data (a heap address past an allocation, computed
            // for a block with no data): an error only when used.
            if (size == 0 || !ascstep_rt::in_image(p, size * sizeof(T))) {
                dangling_ = true;
                set_at_ = pos;
                return;
            }
            a = ascstep_rt::adopt(p, size * sizeof(T));
        }
        id_ = detail::gm_view(ascstep_rt::Dtype<T>::name, a->id, pos);
        off_ = uint64_t(reinterpret_cast<char*>(p) - a->base) / sizeof(T);
    }
    void check_set() const {
        if (dangling_)
            ascstep_rt::stop(set_at_, "an API call uses the GlobalTensor set here, whose address is in no aclrtMalloc/GmAlloc allocation nor the kernel's own static data");
        if (null_)
            ascstep_rt::stop(set_at_, "an API call uses the GlobalTensor set here to a null address (an absent optional input: the launch passed nullptr)");
        if (id_ < 0) ascstep_rt::stop(set_at_, "an API call uses the GlobalTensor declared here before any SetGlobalBuffer");
    }
    std::string ron() const {
        check_set();
        return detail::operand(id_, off_);
    }
    GlobalTensor operator[](uint64_t off) const {
        GlobalTensor t = *this;
        t.ptr_ += off;
        t.off_ += off;
        t.size_ = off < size_ ? size_ - off : 0;
        return t;
    }
    T GetValue(uint64_t i, Pos p = Pos::current()) const {
        check_set();
        return detail::get_value<T>(id_, off_ + i, p);
    }
    using Element = detail::Element<GlobalTensor, T, uint64_t>;
    Element operator()(uint64_t i, Pos p = Pos::current()) const { return Element{this, i, p}; }
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
}  // namespace AscendC
