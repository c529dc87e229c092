// ascstep's stand-in for the part of CANN's host graph runtime (metadef's exe_graph/runtime,
// register/op_impl_registry.h, platform/platform_infos_def.h, tiling/platform/platform_ascendc.h)
// that an op's host tiling function and the operator repositories' UT tiling executor
// (tests/ut/common/tiling_case_executor.cpp, tiling_context_faker.cpp) use: the tiling context
// with its inputs, outputs, attributes, compile info and platform, the tiling data and
// workspace buffers, the registry IMPL_OP_OPTILING fills, and the platform's figures
// (docs/format.md §13, host tiling). The platform is what the executor writes into it, as in CANN: the
// test's core count and UB size, not the product's.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <type_traits>
#include "ascstep/host_types.h"
#include "securec.h"

namespace fe {
// The platform a tiling function reads: labelled maps of key → text (CANN's PlatFormInfos).
class PlatFormInfos {
public:
    bool Init() { return true; }
    void SetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) { res_[label] = res; }
    void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res) {
        res_[label] = res;
    }
    bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val) const {
        auto l = res_.find(label);
        if (l == res_.end()) return false;
        auto k = l->second.find(key);
        if (k == l->second.end()) return false;
        val = k->second;
        return true;
    }
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val) const {
        return GetPlatformRes(label, key, val);
    }
    bool GetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) const {
        auto l = res_.find(label);
        if (l == res_.end()) return false;
        res = l->second;
        return true;
    }
    bool GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res) const {
        return GetPlatformRes(label, res);
    }
    // CANN: the core count of the core type named (AICore: SoCInfo's ai_core_cnt, VectorCore:
    // vector_core_cnt).
    void SetCoreNumByCoreType(const std::string& type) {
        uint32_t n = 0;
        if (CoreCount(type, n)) core_num_ = n;
    }
    uint32_t GetCoreNum() const { return core_num_; }
    void SetCoreNum(uint32_t n) { core_num_ = n; }
    uint32_t GetCoreNumByType(const std::string& type) const {
        uint32_t n = 0;
        return CoreCount(type, n) ? n : 0;
    }

private:
    // SoCInfo's count of the core type (non-empty), when the platform has one.
    bool CoreCount(const std::string& type, uint32_t& n) const {
        std::string v;
        const char* key = type == "VectorCore" ? "vector_core_cnt" : "ai_core_cnt";
        if (!GetPlatformRes("SoCInfo", key, v) || v.empty()) return false;
        n = static_cast<uint32_t>(std::strtoul(v.c_str(), nullptr, 10));
        return true;
    }
    std::map<std::string, std::map<std::string, std::string>> res_;
    uint32_t core_num_ = 0;
};
}  // namespace fe

namespace gert {
enum TensorPlacement { kOnDeviceHbm, kOnHost, kFollowing, kOnDeviceP2p, kTensorPlacementEnd };

// A tensor's data address (CANN's TensorData).
class TensorData {
public:
    TensorData(void* addr = nullptr) : addr_(addr) {}
    void* GetAddr() const { return addr_; }

private:
    void* addr_;
};

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& shape, const StorageFormat& format, TensorPlacement placement, ge::DataType dtype,
           void* addr)
        : shape_(shape), format_(format), placement_(placement), dtype_(dtype), addr_(addr) {}
    const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
    const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
    Shape& MutableStorageShape() { return shape_.MutableStorageShape(); }
    Shape& MutableOriginShape() { return shape_.MutableOriginShape(); }
    int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
    ge::DataType GetDataType() const { return dtype_; }
    void SetDataType(ge::DataType t) { dtype_ = t; }
    void SetOriginFormat(ge::Format f) { format_.SetOriginFormat(f); }
    void SetStorageFormat(ge::Format f) { format_.SetStorageFormat(f); }
    void SetData(const TensorData& d) { addr_ = d.GetAddr(); }
    void SetPlacement(TensorPlacement p) { placement_ = p; }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    const StorageFormat& GetFormat() const { return format_; }
    TensorPlacement GetPlacement() const { return placement_; }
    const void* GetAddr() const { return addr_; }
    void* GetAddr() { return addr_; }
    template <typename T>
    const T* GetData() const { return static_cast<const T*>(addr_); }
    template <typename T>
    T* GetData() { return static_cast<T*>(addr_); }
    size_t GetSize() const {
        int n = ge::GetSizeByDataType(dtype_);
        int64_t count = GetShapeSize();
        if (n > 1000) return static_cast<size_t>((count * (n - 1000) + 7) / 8);
        return n > 0 ? static_cast<size_t>(count * n) : 0;
    }
    const StorageShape& GetShape() const { return shape_; }

private:
    StorageShape shape_;
    StorageFormat format_;
    TensorPlacement placement_ = kOnHost;
    ge::DataType dtype_ = ge::DT_FLOAT;
    void* addr_ = nullptr;
};

// The newer tensor type some tests hand over as Tensor (a type of its own for overloads).
class TensorV2 : public Tensor {
public:
    using Tensor::Tensor;
};

// A tensor's compile-time description (CANN's CompileTimeTensorDesc).
class CompileTimeTensorDesc {
public:
    CompileTimeTensorDesc() = default;
    CompileTimeTensorDesc(ge::DataType t, const StorageFormat& f) : dtype_(t), format_(f) {}
    ge::DataType GetDataType() const { return dtype_; }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    const StorageFormat& GetFormat() const { return format_; }
    void SetDataType(ge::DataType t) { dtype_ = t; }

private:
    ge::DataType dtype_ = ge::DT_UNDEFINED;
    StorageFormat format_;
};

// A buffer that starts with its own header (CANN's ContinuousVector, TypedContinuousVector).
class ContinuousVector {
public:
    template <typename T>
    static std::unique_ptr<uint8_t[]> Create(size_t capacity) {
        auto buf = std::make_unique<uint8_t[]>(sizeof(ContinuousVector) + capacity * sizeof(T));
        auto* v = new (buf.get()) ContinuousVector();
        v->capacity_ = capacity;
        v->size_ = 0;
        return buf;
    }
    size_t GetSize() const { return size_; }
    size_t GetCapacity() const { return capacity_; }
    bool SetSize(size_t n) {
        if (n > capacity_) return false;
        size_ = n;
        return true;
    }
    const void* GetData() const { return reinterpret_cast<const uint8_t*>(this) + sizeof(ContinuousVector); }
    void* MutableData() { return reinterpret_cast<uint8_t*>(this) + sizeof(ContinuousVector); }

protected:
    size_t capacity_ = 0;
    size_t size_ = 0;
};
template <typename T>
class TypedContinuousVector : public ContinuousVector {
public:
    const T* GetData() const { return static_cast<const T*>(ContinuousVector::GetData()); }
    T* MutableData() { return static_cast<T*>(ContinuousVector::MutableData()); }
};

// The tiling data buffer a tiling function fills (CANN's TilingData: a capacity and the size
// written, its data after it).
class TilingData {
public:
    static std::unique_ptr<uint8_t[]> CreateCap(size_t cap) {
        auto buf = std::make_unique<uint8_t[]>(sizeof(TilingData) + cap);
        std::memset(buf.get(), 0, sizeof(TilingData) + cap);
        auto* t = new (buf.get()) TilingData();
        t->capacity_ = cap;
        t->data_ = buf.get() + sizeof(TilingData);
        return buf;
    }
    size_t GetCapacity() const { return capacity_; }
    size_t GetDataSize() const { return size_; }
    void SetDataSize(size_t n) { size_ = n; }
    void* GetData() { return data_; }
    const void* GetData() const { return data_; }
    // Appends a value's bytes (CANN's Append and operator<<).
    template <typename T>
    ge::graphStatus Append(const T& v) {
        if (size_ + sizeof(T) > capacity_) return ge::GRAPH_FAILED;
        std::memcpy(static_cast<uint8_t*>(data_) + size_, &v, sizeof(T));
        size_ += sizeof(T);
        return ge::GRAPH_SUCCESS;
    }
    template <typename T>
    TilingData& operator<<(const T& v) {
        Append(v);
        return *this;
    }

private:
    size_t capacity_ = 0;
    size_t size_ = 0;
    void* data_ = nullptr;
};

// An operator's attributes in their order (CANN's RuntimeAttrs).
class RuntimeAttrs {
public:
    struct Attr {
        enum Kind { Bool, Int, Float, Str, ListBool, ListInt, ListFloat, ListStr, ListListInt } kind;
        std::shared_ptr<void> value;
        std::string text;
        std::unique_ptr<uint8_t[]> list;
    };
    size_t GetAttrNum() const { return attrs_.size(); }
    template <typename T>
    const T* GetAttrPointer(size_t i) const {
        if (i >= attrs_.size()) return nullptr;
        const Attr& a = attrs_[i];
        if (a.kind == Attr::Str) return reinterpret_cast<const T*>(a.text.c_str());
        if (a.list) return reinterpret_cast<const T*>(a.list.get());
        return static_cast<const T*>(a.value.get());
    }
    const bool* GetBool(size_t i) const { return Typed<bool>(i, Attr::Bool); }
    const int64_t* GetInt(size_t i) const { return Typed<int64_t>(i, Attr::Int); }
    const float* GetFloat(size_t i) const { return Typed<float>(i, Attr::Float); }
    const char* GetStr(size_t i) const {
        return i < attrs_.size() && attrs_[i].kind == Attr::Str ? attrs_[i].text.c_str() : nullptr;
    }
    const TypedContinuousVector<int64_t>* GetListInt(size_t i) const { return List<int64_t>(i, Attr::ListInt); }
    const TypedContinuousVector<float>* GetListFloat(size_t i) const { return List<float>(i, Attr::ListFloat); }
    const TypedContinuousVector<bool>* GetListBool(size_t i) const { return List<bool>(i, Attr::ListBool); }

    template <typename T>
    void AppendScalar(Attr::Kind k, const T& v) {
        Attr a{k, std::make_shared<T>(v), {}, nullptr};
        attrs_.push_back(std::move(a));
    }
    void AppendStr(const char* s) {
        Attr a{Attr::Str, nullptr, s == nullptr ? "" : s, nullptr};
        attrs_.push_back(std::move(a));
    }
    template <typename T>
    void AppendList(Attr::Kind k, const std::vector<T>& v) {
        auto buf = ContinuousVector::Create<T>(v.size());
        auto* cv = reinterpret_cast<ContinuousVector*>(buf.get());
        cv->SetSize(v.size());
        T* d = static_cast<T*>(cv->MutableData());
        for (size_t i = 0; i < v.size(); ++i) d[i] = v[i];
        Attr a{k, nullptr, {}, std::move(buf)};
        attrs_.push_back(std::move(a));
    }
    void AppendListStr(const std::vector<ge::AscendString>& v) {
        std::string joined;
        for (auto& s : v) joined += std::string(s.GetString() ? s.GetString() : "") + '\0';
        Attr a{Attr::ListStr, nullptr, joined, nullptr};
        attrs_.push_back(std::move(a));
    }
    void AppendListListInt(const std::vector<std::vector<int64_t>>& v) {
        std::vector<int64_t> flat;
        for (auto& r : v) flat.insert(flat.end(), r.begin(), r.end());
        AppendList(Attr::ListListInt, flat);
    }

private:
    template <typename T>
    const T* Typed(size_t i, typename Attr::Kind k) const {
        return i < attrs_.size() && attrs_[i].kind == k ? static_cast<const T*>(attrs_[i].value.get()) : nullptr;
    }
    template <typename T>
    const TypedContinuousVector<T>* List(size_t i, typename Attr::Kind k) const {
        return i < attrs_.size() && attrs_[i].kind == k
                   ? reinterpret_cast<const TypedContinuousVector<T>*>(attrs_[i].list.get())
                   : nullptr;
    }
    std::vector<Attr> attrs_;
};

// Where an IR input's instances start among the inputs, and how many there are.
class AnchorInstanceInfo {
public:
    AnchorInstanceInfo() = default;
    AnchorInstanceInfo(uint32_t start, uint32_t num) : start_(start), num_(num) {}
    size_t GetInstanceStart() const { return start_; }
    size_t GetInstanceNum() const { return num_; }

private:
    uint32_t start_ = 0;
    uint32_t num_ = 0;
};

class TilingContext;
// The node a tiling function runs for (CANN's ComputeNodeInfo).
class ComputeNodeInfo {
public:
    explicit ComputeNodeInfo(const TilingContext* c) : c_(c) {}
    const char* GetNodeName() const;
    const char* GetNodeType() const;
    size_t GetInputsNum() const;
    size_t GetOutputsNum() const;
    size_t GetIrInputsNum() const;
    const AnchorInstanceInfo* GetInputInstanceInfo(size_t ir) const;
    const CompileTimeTensorDesc* GetInputTdInfo(size_t i) const;
    const CompileTimeTensorDesc* GetOutputTdInfo(size_t i) const;
    const RuntimeAttrs* GetAttrs() const;

private:
    const TilingContext* c_;
    mutable AnchorInstanceInfo info_;
};

// What a tiling function is given and fills (CANN's TilingContext).
class TilingContext {
public:
    const ComputeNodeInfo* GetComputeNodeInfo() const { return &node_; }
    const AnchorInstanceInfo* GetIrInputInstanceInfo(size_t ir) const { return node_.GetInputInstanceInfo(ir); }
    ge::graphStatus SetLocalMemorySize(uint32_t n) {
        local_memory_ = n;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetLocalMemorySize() const { return local_memory_; }
    const char* GetNodeName() const { return name_.c_str(); }
    const char* GetNodeType() const { return type_.c_str(); }
    size_t GetComputeNodeInputNum() const { return inputs_.size(); }
    size_t GetComputeNodeOutputNum() const { return outputs_.size(); }

    const CompileTimeTensorDesc* GetInputDesc(size_t i) const { return i < in_desc_.size() ? &in_desc_[i] : nullptr; }
    const CompileTimeTensorDesc* GetOutputDesc(size_t i) const {
        return i < out_desc_.size() ? &out_desc_[i] : nullptr;
    }
    const StorageShape* GetInputShape(size_t i) const {
        return i < inputs_.size() && inputs_[i] != nullptr ? &inputs_[i]->GetShape() : nullptr;
    }
    const StorageShape* GetOutputShape(size_t i) const {
        return i < outputs_.size() && outputs_[i] != nullptr ? &outputs_[i]->GetShape() : nullptr;
    }
    const Tensor* GetInputTensor(size_t i) const { return i < inputs_.size() ? inputs_[i] : nullptr; }
    // The executors' tensors are contiguous: no view, no strides.
    const Stride* GetInputStride(size_t) const { return nullptr; }
    bool InputIsView(size_t) const { return false; }
    const Tensor* GetOutputTensor(size_t i) const { return i < outputs_.size() ? outputs_[i] : nullptr; }
    // An optional input: the IR input's instance when it has one.
    const StorageShape* GetOptionalInputShape(size_t ir) const { return Instance(ir, 0, &TilingContext::GetInputShape); }
    const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir) const {
        return Instance(ir, 0, &TilingContext::GetInputDesc);
    }
    const Tensor* GetOptionalInputTensor(size_t ir) const { return Instance(ir, 0, &TilingContext::GetInputTensor); }
    const StorageShape* GetDynamicInputShape(size_t ir, size_t k) const {
        return Instance(ir, k, &TilingContext::GetInputShape);
    }
    const CompileTimeTensorDesc* GetDynamicInputDesc(size_t ir, size_t k) const {
        return Instance(ir, k, &TilingContext::GetInputDesc);
    }
    const Tensor* GetDynamicInputTensor(size_t ir, size_t k) const {
        return Instance(ir, k, &TilingContext::GetInputTensor);
    }
    const RuntimeAttrs* GetAttrs() const { return &attrs_; }
    const void* GetCompileInfo() const { return compile_info_; }
    template <typename T>
    const T* GetCompileInfo() const { return static_cast<const T*>(compile_info_); }
    fe::PlatFormInfos* GetPlatformInfo() const { return platform_; }
    TilingData* GetRawTilingData() const { return tiling_; }
    template <typename T>
    T* GetTilingData() {
        if (tiling_ == nullptr || tiling_->GetCapacity() < sizeof(T)) return nullptr;
        tiling_->SetDataSize(sizeof(T));
        return static_cast<T*>(tiling_->GetData());
    }
    ge::graphStatus SetTilingKey(uint64_t k) {
        key_ = k;
        return ge::GRAPH_SUCCESS;
    }
    uint64_t GetTilingKey() const { return key_; }
    ge::graphStatus SetBlockDim(uint32_t n) {
        block_dim_ = n;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetBlockDim() const { return block_dim_; }
    ge::graphStatus SetNeedAtomic(bool a) {
        atomic_ = a;
        return ge::GRAPH_SUCCESS;
    }
    bool NeedAtomic() const { return atomic_; }
    ge::graphStatus SetScheduleMode(uint32_t m) {
        schedule_mode_ = m;
        return ge::GRAPH_SUCCESS;
    }
    uint32_t GetScheduleMode() const { return schedule_mode_; }
    ge::graphStatus SetTilingCond(int32_t c) {
        cond_ = c;
        return ge::GRAPH_SUCCESS;
    }
    int32_t GetTilingCond() const { return cond_; }
    int32_t GetDeterministic() const { return deterministic_; }
    // The first n workspace sizes, to fill (CANN grows the vector to n).
    size_t* GetWorkspaceSizes(size_t n) {
        if (workspace_ == nullptr || !workspace_->SetSize(n)) return nullptr;
        return static_cast<size_t*>(workspace_->MutableData());
    }
    size_t GetWorkspaceNum() const { return workspace_ == nullptr ? 0 : workspace_->GetSize(); }

private:
    friend class OpTilingContextBuilder;
    friend class OpTilingParseContextBuilder;
    friend class ComputeNodeInfo;
    template <typename R>
    R Instance(size_t ir, size_t k, R (TilingContext::*get)(size_t) const) const {
        if (in_instances_.empty()) return k == 0 ? (this->*get)(ir) : nullptr;
        if (ir >= in_instances_.size() || k >= in_instances_[ir]) return nullptr;
        size_t at = k;
        for (size_t i = 0; i < ir; ++i) at += in_instances_[i];
        return (this->*get)(at);
    }
    std::string name_, type_;
    std::vector<Tensor*> inputs_, outputs_;
    std::vector<CompileTimeTensorDesc> in_desc_, out_desc_;
    std::vector<uint32_t> in_instances_, out_instances_;
    RuntimeAttrs attrs_;
    const void* compile_info_ = nullptr;
    fe::PlatFormInfos* platform_ = nullptr;
    TilingData* tiling_ = nullptr;
    ContinuousVector* workspace_ = nullptr;
    uint64_t key_ = 0;
    uint32_t block_dim_ = 0;
    bool atomic_ = false;
    uint32_t schedule_mode_ = 0;
    int32_t cond_ = 0;
    int32_t deterministic_ = 0;
    uint32_t local_memory_ = 0;
    ComputeNodeInfo node_{this};
};

inline const char* ComputeNodeInfo::GetNodeName() const { return c_->GetNodeName(); }
inline const char* ComputeNodeInfo::GetNodeType() const { return c_->GetNodeType(); }
inline size_t ComputeNodeInfo::GetInputsNum() const { return c_->inputs_.size(); }
inline size_t ComputeNodeInfo::GetOutputsNum() const { return c_->outputs_.size(); }
inline size_t ComputeNodeInfo::GetIrInputsNum() const {
    return c_->in_instances_.empty() ? c_->inputs_.size() : c_->in_instances_.size();
}
inline const AnchorInstanceInfo* ComputeNodeInfo::GetInputInstanceInfo(size_t ir) const {
    if (c_->in_instances_.empty()) {
        if (ir >= c_->inputs_.size()) return nullptr;
        info_ = AnchorInstanceInfo(static_cast<uint32_t>(ir), 1);
        return &info_;
    }
    if (ir >= c_->in_instances_.size()) return nullptr;
    uint32_t start = 0;
    for (size_t i = 0; i < ir; ++i) start += c_->in_instances_[i];
    info_ = AnchorInstanceInfo(start, c_->in_instances_[ir]);
    return &info_;
}
inline const CompileTimeTensorDesc* ComputeNodeInfo::GetInputTdInfo(size_t i) const { return c_->GetInputDesc(i); }
inline const CompileTimeTensorDesc* ComputeNodeInfo::GetOutputTdInfo(size_t i) const { return c_->GetOutputDesc(i); }
inline const RuntimeAttrs* ComputeNodeInfo::GetAttrs() const { return c_->GetAttrs(); }

// What a tiling-parse function is given (CANN's TilingParseContext): the compile info to fill
// and the platform.
class TilingParseContext {
public:
    template <typename T>
    T* GetCompiledInfo() { return static_cast<T*>(compile_info_); }
    fe::PlatFormInfos* GetPlatformInfo() const { return platform_; }
    const char* GetCompiledJson() const { return "{}"; }
    const char* GetNodeName() const { return "nil"; }
    const char* GetNodeType() const { return "nil"; }

private:
    friend class OpTilingParseContextBuilder;
    void* compile_info_ = nullptr;
    fe::PlatFormInfos* platform_ = nullptr;
};

// The functions IMPL_OP_OPTILING registers for an op type.
struct OpImplKernelRegistry {
    using TilingKernelFunc = ge::graphStatus (*)(TilingContext*);
    using TilingParseFunc = ge::graphStatus (*)(TilingParseContext*);
    struct OpImplFunctions {
        TilingKernelFunc tiling = nullptr;
        TilingParseFunc tiling_parse = nullptr;
    };
};
using OpImplFunctions = OpImplKernelRegistry::OpImplFunctions;

class OpImplSpaceRegistryV2 {
public:
    const OpImplFunctions* GetOpImpl(const char* type) const {
        auto it = Table().find(type);
        return it == Table().end() ? nullptr : &it->second;
    }
    static std::map<std::string, OpImplFunctions>& Table() {
        static std::map<std::string, OpImplFunctions> t;
        return t;
    }
};
class DefaultOpImplSpaceRegistryV2 {
public:
    static DefaultOpImplSpaceRegistryV2& GetInstance() {
        static DefaultOpImplSpaceRegistryV2 r;
        return r;
    }
    std::shared_ptr<OpImplSpaceRegistryV2> GetSpaceRegistry() const { return space_; }

private:
    std::shared_ptr<OpImplSpaceRegistryV2> space_ = std::make_shared<OpImplSpaceRegistryV2>();
};

// IMPL_OP_OPTILING(Op).Tiling(f).TilingParse<CompileInfo>(g): the registration.
class OpImplRegisterV2 {
public:
    explicit OpImplRegisterV2(const char* type) : type_(type) { OpImplSpaceRegistryV2::Table()[type_]; }
    OpImplRegisterV2& Tiling(OpImplKernelRegistry::TilingKernelFunc f, size_t = 0) {
        OpImplSpaceRegistryV2::Table()[type_].tiling = f;
        return *this;
    }
    template <typename T>
    OpImplRegisterV2& TilingParse(OpImplKernelRegistry::TilingParseFunc f) {
        OpImplSpaceRegistryV2::Table()[type_].tiling_parse = f;
        return *this;
    }
    OpImplRegisterV2& TilingParse(OpImplKernelRegistry::TilingParseFunc f) {
        OpImplSpaceRegistryV2::Table()[type_].tiling_parse = f;
        return *this;
    }
    // Inputs whose values the tiling reads: the executor gives every input's value it has.
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t>) { return *this; }
    template <typename P>
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t>, std::initializer_list<P>) {
        return *this;
    }
    OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t>) { return *this; }
    template <typename... A>
    OpImplRegisterV2& InferShape(A&&...) { return *this; }
    template <typename... A>
    OpImplRegisterV2& InferDataType(A&&...) { return *this; }
    template <typename... A>
    OpImplRegisterV2& GenSimplifiedKey(A&&...) { return *this; }

private:
    std::string type_;
};
}  // namespace gert

#define ASCSTEP_IMPL_OP_CAT2(a, b) a##b
#define ASCSTEP_IMPL_OP_CAT(a, b) ASCSTEP_IMPL_OP_CAT2(a, b)
#define IMPL_OP_OPTILING(op) \
    static gert::OpImplRegisterV2 ASCSTEP_IMPL_OP_CAT(ascstep_impl_op_##op##_, __COUNTER__) = gert::OpImplRegisterV2(#op)
#define IMPL_OP(op) IMPL_OP_OPTILING(op)
#define IMPL_OP_INFERSHAPE(op) IMPL_OP_OPTILING(op)

namespace platform_ascendc {
enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };
enum class SocVersion {
    ASCEND910 = 0, ASCEND910B, ASCEND910_93, ASCEND910_55, ASCEND950, ASCEND910_95 = ASCEND950, ASCEND910E,
    ASCEND310P, ASCEND310B, ASCEND310C, ASCEND310, ASCEND350, ASCEND610, ASCEND610LITE, ASCEND031, ASCEND035,
    KIRINX90, KIRIN9030, MC62, ASCENDXXX, RESERVED_VERSION = 99999
};
}  // namespace platform_ascendc

enum class NpuArch : uint32_t {
    DAV_1001 = 1001, DAV_2002 = 2002, DAV_2201 = 2201, DAV_3002 = 3002, DAV_3003 = 3003, DAV_3102 = 3102,
    DAV_3113 = 3113, DAV_3510 = 3510, DAV_5102 = 5102, DAV_RESV = 0xFFFFFFFF
};

namespace platform_ascendc {
// The figures a tiling function asks of the platform (CANN's PlatformAscendC), read from what
// the executor wrote: SoCInfo's core counts, AICoreSpec's memory sizes, version's SoC and arch.
class PlatformAscendC {
public:
    PlatformAscendC() = default;
    explicit PlatformAscendC(fe::PlatFormInfos* p) : p_(p) {}
    fe::PlatFormInfos* GetPlatFormInfo() const { return p_; }
    uint32_t GetCoreNum() const { return p_ == nullptr ? 0 : p_->GetCoreNum(); }
    uint32_t GetCoreNumAic() const { return Number("SoCInfo", "ai_core_cnt", GetCoreNum()); }
    // The vector cores: SoCInfo's vector_core_cnt; where the platform names none (the
    // repositories' executor writes only ai_core_cnt), the core count set.
    uint32_t GetCoreNumAiv() const { return Number("SoCInfo", "vector_core_cnt", GetCoreNum()); }
    // Separate Vector Cores: only Atlas inference products have them (the page: 0 elsewhere).
    uint32_t GetCoreNumVector() const {
        return GetSocVersion() == SocVersion::ASCEND310P ? Number("SoCInfo", "vector_core_cnt", 0) : 0;
    }
    void GetCoreMemSize(CoreMemType t, uint64_t& size) const {
        static const std::map<CoreMemType, const char*> keys = {
            {CoreMemType::UB, "ub_size"},     {CoreMemType::L0_A, "l0_a_size"}, {CoreMemType::L0_B, "l0_b_size"},
            {CoreMemType::L0_C, "l0_c_size"}, {CoreMemType::L1, "l1_size"},     {CoreMemType::BT, "bt_size"},
            {CoreMemType::FB, "fb_size"}};
        if (t == CoreMemType::L2) {
            size = Number("SoCInfo", "l2_size", 0);
            return;
        }
        auto k = keys.find(t);
        size = k == keys.end() ? 0 : Number("AICoreSpec", k->second, 0);
    }
    void GetCoreMemBw(CoreMemType, uint64_t& bw) const { bw = 0; }
    SocVersion GetSocVersion() const {
        std::string v;
        if (p_ == nullptr || !p_->GetPlatformRes("version", "Short_SoC_version", v)) return SocVersion::RESERVED_VERSION;
        static const std::map<std::string, SocVersion> socs = {
            {"Ascend910", SocVersion::ASCEND910},       {"Ascend910B", SocVersion::ASCEND910B},
            {"Ascend910_93", SocVersion::ASCEND910_93}, {"Ascend950", SocVersion::ASCEND950},
            {"Ascend310P", SocVersion::ASCEND310P},     {"Ascend310B", SocVersion::ASCEND310B},
            {"Ascend610Lite", SocVersion::ASCEND610LITE}};
        auto it = socs.find(v);
        return it == socs.end() ? SocVersion::RESERVED_VERSION : it->second;
    }
    NpuArch GetCurNpuArch() const { return static_cast<NpuArch>(Number("version", "NpuArch", 0xFFFFFFFFu)); }
    // The library APIs' system workspace: CANN's 16 MiB on the Atlas A2/A3 and 950 SoCs.
    uint32_t GetLibApiWorkSpaceSize() const { return 16u * 1024u * 1024u; }
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
        uint32_t ratio = aivCoreNum / aicCoreNum;
        return ratio == 0 ? sliceNum : (sliceNum + ratio - 1) / ratio;
    }
    uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        return CalcTschBlockDim(sliceNum, aicCoreNum, aivCoreNum);
    }
    uint64_t GetMaxUbSize() const {
        uint64_t n = 0;
        GetCoreMemSize(CoreMemType::UB, n);
        return n;
    }

private:
    uint32_t Number(const char* label, const char* key, uint32_t otherwise) const {
        std::string v;
        if (p_ == nullptr || !p_->GetPlatformRes(label, key, v) || v.empty()) return otherwise;
        return static_cast<uint32_t>(std::strtoul(v.c_str(), nullptr, 10));
    }
    fe::PlatFormInfos* p_ = nullptr;
};
}  // namespace platform_ascendc
