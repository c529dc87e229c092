// ascstep's stand-in for CANN's context builders (op_tiling_context_builder.h,
// op_tiling_parse_context_builder.h, op_infer_shape_context_builder.h,
// op_infer_shape_range_context_builder.h, op_infer_datatype_context_builder.h) with which the
// operator repositories' UT executors make the contexts of ascstep/host_tiling.h
// (docs/format.md §13, host tiling). The infer-shape builders exist for the executors' headers
// to compile; ascstep runs no shape inference: their contexts are empty.
#pragma once
#include "ascstep/host_tiling.h"

namespace gert {
template <typename T>
class ContextHolder {
public:
    ContextHolder() = default;
    explicit ContextHolder(std::unique_ptr<T> c) : c_(std::move(c)) {}
    T* GetContext() { return c_.get(); }

private:
    std::unique_ptr<T> c_;
};

// A shape or tensor range (minimum and maximum), as the infer-shape-range contexts take them.
template <typename T>
class Range {
public:
    Range() = default;
    Range(T* min, T* max) : min_(min), max_(max) {}
    T* GetMin() const { return min_; }
    T* GetMax() const { return max_; }

private:
    T* min_ = nullptr;
    T* max_ = nullptr;
};

// What every builder has: the op's attributes in their order.
class OpContextBuilderBase {
public:
    OpContextBuilderBase& AppendAttr(bool v) { return Add(RuntimeAttrs::Attr::Bool, v); }
    OpContextBuilderBase& AppendAttr(int64_t v) { return Add(RuntimeAttrs::Attr::Int, v); }
    OpContextBuilderBase& AppendAttr(int32_t v) { return Add(RuntimeAttrs::Attr::Int, static_cast<int64_t>(v)); }
    OpContextBuilderBase& AppendAttr(float v) { return Add(RuntimeAttrs::Attr::Float, v); }
    OpContextBuilderBase& AppendAttr(double v) { return Add(RuntimeAttrs::Attr::Float, static_cast<float>(v)); }
    OpContextBuilderBase& AppendAttr(const ge::AscendString& v) {
        attrs_.AppendStr(v.GetString());
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const std::string& v) {
        attrs_.AppendStr(v.c_str());
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const char* v) {
        attrs_.AppendStr(v);
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const std::vector<bool>& v) {
        attrs_.AppendList(RuntimeAttrs::Attr::ListBool, v);
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const std::vector<int64_t>& v) {
        attrs_.AppendList(RuntimeAttrs::Attr::ListInt, v);
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const std::vector<float>& v) {
        attrs_.AppendList(RuntimeAttrs::Attr::ListFloat, v);
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const std::vector<ge::AscendString>& v) {
        attrs_.AppendListStr(v);
        return *this;
    }
    OpContextBuilderBase& AppendAttr(const std::vector<std::vector<int64_t>>& v) {
        attrs_.AppendListListInt(v);
        return *this;
    }

protected:
    template <typename T>
    OpContextBuilderBase& Add(RuntimeAttrs::Attr::Kind k, T v) {
        attrs_.AppendScalar(k, v);
        return *this;
    }
    RuntimeAttrs attrs_;
};

// The builder CANN's UT executors make a tiling context with.
class OpTilingContextBuilder : public OpContextBuilderBase {
public:
    OpTilingContextBuilder& OpType(const char* t) {
        c_->type_ = t == nullptr ? "" : t;
        return *this;
    }
    OpTilingContextBuilder& OpName(const char* n) {
        c_->name_ = n == nullptr ? "" : n;
        return *this;
    }
    OpTilingContextBuilder& IONum(size_t, size_t) { return *this; }
    OpTilingContextBuilder& IOInstanceNum(const std::vector<uint32_t>& in, const std::vector<uint32_t>& out) {
        c_->in_instances_ = in;
        c_->out_instances_ = out;
        return *this;
    }
    OpTilingContextBuilder& InputTensors(const std::vector<Tensor*>& t) {
        c_->inputs_ = t;
        return *this;
    }
    OpTilingContextBuilder& OutputTensors(const std::vector<Tensor*>& t) {
        c_->outputs_ = t;
        return *this;
    }
    OpTilingContextBuilder& CompileInfo(const void* p) {
        c_->compile_info_ = p;
        return *this;
    }
    OpTilingContextBuilder& PlatformInfo(const void* p) {
        c_->platform_ = static_cast<fe::PlatFormInfos*>(const_cast<void*>(p));
        return *this;
    }
    OpTilingContextBuilder& Deterministic(int32_t d) {
        c_->deterministic_ = d;
        return *this;
    }
    OpTilingContextBuilder& DeterministicLevel(int32_t) { return *this; }
    OpTilingContextBuilder& TilingData(const gert::TilingData* t) {
        c_->tiling_ = const_cast<gert::TilingData*>(t);
        return *this;
    }
    OpTilingContextBuilder& Workspace(const ContinuousVector* w) {
        c_->workspace_ = const_cast<ContinuousVector*>(w);
        return *this;
    }
    // The context, its tensors' descriptions taken from the tensors as they are now.
    ContextHolder<TilingContext> Build() {
        c_->in_desc_.clear();
        for (auto* x : c_->inputs_)
            c_->in_desc_.emplace_back(x ? x->GetDataType() : ge::DT_UNDEFINED, x ? x->GetFormat() : StorageFormat());
        c_->out_desc_.clear();
        for (auto* x : c_->outputs_)
            c_->out_desc_.emplace_back(x ? x->GetDataType() : ge::DT_UNDEFINED, x ? x->GetFormat() : StorageFormat());
        c_->attrs_ = std::move(attrs_);
        attrs_ = RuntimeAttrs();
        return ContextHolder<TilingContext>(std::move(c_));
    }

private:
    std::unique_ptr<TilingContext> c_ = std::make_unique<TilingContext>();
};

// The builder of a tiling-parse context: the compile info to fill and the platform.
class OpTilingParseContextBuilder : public OpContextBuilderBase {
public:
    OpTilingParseContextBuilder& OpType(const char*) { return *this; }
    OpTilingParseContextBuilder& OpName(const char*) { return *this; }
    OpTilingParseContextBuilder& IONum(size_t, size_t) { return *this; }
    OpTilingParseContextBuilder& CompileJson(const char*) { return *this; }
    OpTilingParseContextBuilder& CompileInfo(void* p) {
        c_->compile_info_ = p;
        return *this;
    }
    OpTilingParseContextBuilder& PlatformInfo(void* p) {
        c_->platform_ = static_cast<fe::PlatFormInfos*>(p);
        return *this;
    }
    ContextHolder<TilingParseContext> Build() { return ContextHolder<TilingParseContext>(std::move(c_)); }

private:
    std::unique_ptr<TilingParseContext> c_ = std::make_unique<TilingParseContext>();
};

// Shape, shape-range and data-type inference: not run by ascstep.
class InferShapeContext {};
class InferShapeRangeContext {};
class InferDataTypeContext {};

template <typename C>
class OpInferContextBuilder : public OpContextBuilderBase {
public:
    OpInferContextBuilder& OpType(const char*) { return *this; }
    OpInferContextBuilder& OpName(const char*) { return *this; }
    OpInferContextBuilder& IONum(size_t, size_t) { return *this; }
    OpInferContextBuilder& IOInstanceNum(const std::vector<uint32_t>&, const std::vector<uint32_t>&) { return *this; }
    ContextHolder<C> Build() { return ContextHolder<C>(std::make_unique<C>()); }
};
class OpInferShapeContextBuilder : public OpInferContextBuilder<InferShapeContext> {};
class OpInferShapeRangeContextBuilder : public OpInferContextBuilder<InferShapeRangeContext> {};
class OpInferDataTypeContextBuilder : public OpInferContextBuilder<InferDataTypeContext> {};
}  // namespace gert
