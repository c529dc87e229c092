// ascstep's stand-in for the data types of CANN's host graph headers (metadef: graph/types.h,
// graph/ge_error_codes.h, graph/ascend_string.h, graph/utils/type_utils.h,
// exe_graph/runtime/shape.h, storage_shape.h, storage_format.h), for the host code a kernel
// unit test compiles: its own tiling helpers and the op_host tiling sources CANN's UT build
// links (docs/format.md §13, host tiling). The values are CANN's (ge::DataType as kernel_type.h's DT_*
// numbers, ge::Format as its FORMAT_* numbers).
#pragma once
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <map>
#include <string>
#include <vector>

// In a unit that also includes ascstep's kernel headers the DT_* numbers are macros (for the
// kernels' `#if ORIG_DTYPE_X == DT_FLOAT`); the host's names are ge::DataType's enumerators.
#undef DT_FLOAT
#undef DT_FLOAT16
#undef DT_INT8
#undef DT_INT32
#undef DT_UINT8
#undef DT_INT16
#undef DT_UINT16
#undef DT_UINT32
#undef DT_INT64
#undef DT_UINT64
#undef DT_DOUBLE
#undef DT_BOOL
#undef DT_STRING
#undef DT_DUAL_SUB_INT8
#undef DT_DUAL_SUB_UINT8
#undef DT_COMPLEX64
#undef DT_COMPLEX128
#undef DT_QINT8
#undef DT_QINT16
#undef DT_QINT32
#undef DT_QUINT8
#undef DT_QUINT16
#undef DT_RESOURCE
#undef DT_STRING_REF
#undef DT_DUAL
#undef DT_VARIANT
#undef DT_BF16
#undef DT_UNDEFINED
#undef DT_INT4
#undef DT_UINT1
#undef DT_INT2
#undef DT_UINT2
#undef DT_COMPLEX32
#undef DT_HIFLOAT8
#undef DT_FLOAT8_E5M2
#undef DT_FLOAT8_E4M3FN
#undef DT_FLOAT8_E8M0
#undef DT_FLOAT6_E3M2
#undef DT_FLOAT6_E2M3
#undef DT_FLOAT4_E2M1
#undef DT_FLOAT4_E1M2
#undef DT_MAX
#undef FORMAT_NCHW
#undef FORMAT_NHWC
#undef FORMAT_ND
#undef FORMAT_NC1HWC0
#undef FORMAT_FRACTAL_Z
#undef FORMAT_FRACTAL_NZ
#undef FORMAT_NCDHW
#undef FORMAT_NDHWC
#undef FORMAT_NDC1HWC0
#undef FORMAT_FRACTAL_Z_3D
#undef FORMAT_RESERVED

namespace ge {
enum DataType {
    DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
    DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_STRING = 13,
    DT_DUAL_SUB_INT8 = 14, DT_DUAL_SUB_UINT8 = 15, DT_COMPLEX64 = 16, DT_COMPLEX128 = 17, DT_QINT8 = 18,
    DT_QINT16 = 19, DT_QINT32 = 20, DT_QUINT8 = 21, DT_QUINT16 = 22, DT_RESOURCE = 23, DT_STRING_REF = 24,
    DT_DUAL = 25, DT_VARIANT = 26, DT_BF16 = 27, DT_UNDEFINED = 28, DT_INT4 = 29, DT_UINT1 = 30, DT_INT2 = 31,
    DT_UINT2 = 32, DT_COMPLEX32 = 33, DT_HIFLOAT8 = 34, DT_FLOAT8_E5M2 = 35, DT_FLOAT8_E4M3FN = 36,
    DT_FLOAT8_E8M0 = 37, DT_FLOAT6_E3M2 = 38, DT_FLOAT6_E2M3 = 39, DT_FLOAT4_E2M1 = 40, DT_FLOAT4_E1M2 = 41,
    DT_MAX = 42
};
enum Format {
    FORMAT_NCHW = 0, FORMAT_NHWC = 1, FORMAT_ND = 2, FORMAT_NC1HWC0 = 3, FORMAT_FRACTAL_Z = 4,
    FORMAT_NC1C0HWPAD = 5, FORMAT_NHWC1C0 = 6, FORMAT_FSR_NCHW = 7, FORMAT_FRACTAL_DECONV = 8,
    FORMAT_C1HWNC0 = 9, FORMAT_FRACTAL_DECONV_TRANSPOSE = 10, FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
    FORMAT_NC1HWC0_C04 = 12, FORMAT_FRACTAL_Z_C04 = 13, FORMAT_CHWN = 14,
    FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15, FORMAT_HWCN = 16, FORMAT_NC1KHKWHWC0 = 17,
    FORMAT_BN_WEIGHT = 18, FORMAT_FILTER_HWCK = 19, FORMAT_HASHTABLE_LOOKUP_LOOKUPS = 20,
    FORMAT_HASHTABLE_LOOKUP_KEYS = 21, FORMAT_HASHTABLE_LOOKUP_VALUE = 22, FORMAT_HASHTABLE_LOOKUP_OUTPUT = 23,
    FORMAT_HASHTABLE_LOOKUP_HITS = 24, FORMAT_C1HWNCoC0 = 25, FORMAT_MD = 26, FORMAT_NDHWC = 27,
    FORMAT_FRACTAL_ZZ = 28, FORMAT_FRACTAL_NZ = 29, FORMAT_NCDHW = 30, FORMAT_DHWCN = 31,
    FORMAT_NDC1HWC0 = 32, FORMAT_FRACTAL_Z_3D = 33, FORMAT_CN = 34, FORMAT_NC = 35, FORMAT_DHWNC = 36,
    FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37, FORMAT_FRACTAL_ZN_LSTM = 38, FORMAT_FRACTAL_Z_G = 39,
    FORMAT_RESERVED = 40, FORMAT_ALL = 41, FORMAT_NULL = 42, FORMAT_ND_RNN_BIAS = 43,
    FORMAT_FRACTAL_ZN_RNN = 44, FORMAT_NYUV = 45, FORMAT_NYUV_A = 46, FORMAT_NCL = 47,
    FORMAT_FRACTAL_Z_WINO = 48, FORMAT_C1HWC0 = 49, FORMAT_END = 50, FORMAT_MAX = 0xff
};

// A format number's parts (CANN: the primary format in the low byte, a sub-format above it).
inline int32_t GetPrimaryFormat(int32_t f) { return f & 0xff; }
inline int32_t GetSubFormat(int32_t f) { return (f >> 8) & 0xffff; }
inline int32_t GetFormatFromSub(int32_t primary, int32_t sub) { return (primary & 0xff) | ((sub & 0xffff) << 8); }

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;
constexpr graphStatus GRAPH_NOT_CHANGED = 1343242304;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649;
constexpr graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648;

// Bytes of one element (CANN's GetSizeByDataType; sub-byte types as CANN gives them: negative).
inline int GetSizeByDataType(DataType t) {
    switch (t) {
        case DT_FLOAT: case DT_INT32: case DT_UINT32: case DT_QINT32: case DT_COMPLEX32: return 4;
        case DT_FLOAT16: case DT_INT16: case DT_UINT16: case DT_BF16: case DT_QINT16: case DT_QUINT16: return 2;
        case DT_INT8: case DT_UINT8: case DT_BOOL: case DT_QINT8: case DT_QUINT8: case DT_DUAL_SUB_INT8:
        case DT_DUAL_SUB_UINT8: case DT_HIFLOAT8: case DT_FLOAT8_E5M2: case DT_FLOAT8_E4M3FN:
        case DT_FLOAT8_E8M0: case DT_FLOAT6_E3M2: case DT_FLOAT6_E2M3: return 1;
        case DT_INT64: case DT_UINT64: case DT_DOUBLE: case DT_COMPLEX64: return 8;
        case DT_COMPLEX128: return 16;
        case DT_INT4: case DT_FLOAT4_E2M1: case DT_FLOAT4_E1M2: return 1004;  // 4 bits
        case DT_INT2: case DT_UINT2: return 1002;
        case DT_UINT1: return 1001;
        default: return -1;
    }
}

class AscendString {
public:
    AscendString() = default;
    AscendString(const char* s) : s_(s == nullptr ? "" : s), null_(s == nullptr) {}
    AscendString(const char* s, size_t n) : s_(s, n) {}
    const char* GetString() const { return null_ ? nullptr : s_.c_str(); }
    size_t GetLength() const { return s_.size(); }
    bool operator<(const AscendString& o) const { return s_ < o.s_; }
    bool operator==(const AscendString& o) const { return s_ == o.s_; }
    bool operator!=(const AscendString& o) const { return s_ != o.s_; }

private:
    std::string s_;
    bool null_ = false;
};

class TypeUtils {
public:
    static bool GetDataTypeLength(DataType t, uint32_t& length) {
        int n = GetSizeByDataType(t);
        if (n <= 0) return false;
        length = n > 1000 ? 1 : static_cast<uint32_t>(n);
        return true;
    }
    static std::string DataTypeToSerialString(DataType t) {
        static const std::map<int, const char*> names = {
            {DT_FLOAT, "DT_FLOAT"}, {DT_FLOAT16, "DT_FLOAT16"}, {DT_INT8, "DT_INT8"}, {DT_INT32, "DT_INT32"},
            {DT_UINT8, "DT_UINT8"}, {DT_INT16, "DT_INT16"}, {DT_UINT16, "DT_UINT16"}, {DT_UINT32, "DT_UINT32"},
            {DT_INT64, "DT_INT64"}, {DT_UINT64, "DT_UINT64"}, {DT_DOUBLE, "DT_DOUBLE"}, {DT_BOOL, "DT_BOOL"},
            {DT_STRING, "DT_STRING"}, {DT_COMPLEX64, "DT_COMPLEX64"}, {DT_COMPLEX128, "DT_COMPLEX128"},
            {DT_BF16, "DT_BF16"}, {DT_INT4, "DT_INT4"}, {DT_HIFLOAT8, "DT_HIFLOAT8"},
            {DT_FLOAT8_E5M2, "DT_FLOAT8_E5M2"}, {DT_FLOAT8_E4M3FN, "DT_FLOAT8_E4M3FN"},
            {DT_FLOAT8_E8M0, "DT_FLOAT8_E8M0"}, {DT_FLOAT4_E2M1, "DT_FLOAT4_E2M1"},
            {DT_FLOAT4_E1M2, "DT_FLOAT4_E1M2"}, {DT_UNDEFINED, "DT_UNDEFINED"}};
        auto it = names.find(t);
        return it == names.end() ? "UNDEFINED" : it->second;
    }
    static std::string FormatToSerialString(Format f) {
        static const std::map<int, const char*> names = {
            {FORMAT_NCHW, "NCHW"}, {FORMAT_NHWC, "NHWC"}, {FORMAT_ND, "ND"}, {FORMAT_NC1HWC0, "NC1HWC0"},
            {FORMAT_FRACTAL_Z, "FRACTAL_Z"}, {FORMAT_FRACTAL_NZ, "FRACTAL_NZ"}, {FORMAT_NCDHW, "NCDHW"},
            {FORMAT_NDHWC, "NDHWC"}, {FORMAT_HWCN, "HWCN"}, {FORMAT_NCL, "NCL"}};
        auto it = names.find(f);
        return it == names.end() ? "RESERVED" : it->second;
    }
};
}  // namespace ge

namespace gert {
// A tensor's shape: up to 25 dimensions; a shape with no dimension is a scalar (one element).
class Shape {
public:
    static constexpr size_t kMaxDimNum = 25;
    Shape() = default;
    Shape(std::initializer_list<int64_t> dims) {
        for (int64_t d : dims) AppendDim(d);
    }
    size_t GetDimNum() const { return num_; }
    void SetDimNum(size_t n) { num_ = n < kMaxDimNum ? n : kMaxDimNum; }
    int64_t GetDim(size_t i) const { return i < num_ ? dims_[i] : 0; }
    void SetDim(size_t i, int64_t d) {
        if (i < kMaxDimNum) dims_[i] = d;
    }
    Shape& AppendDim(int64_t d) {
        if (num_ < kMaxDimNum) dims_[num_++] = d;
        return *this;
    }
    int64_t GetShapeSize() const {
        int64_t n = 1;
        for (size_t i = 0; i < num_; ++i) n *= dims_[i];
        return n;
    }
    bool IsScalar() const { return num_ == 0; }
    void SetScalar() { num_ = 0; }
    const int64_t& operator[](size_t i) const { return dims_[i]; }
    int64_t& operator[](size_t i) { return dims_[i]; }
    bool operator==(const Shape& o) const {
        if (num_ != o.num_) return false;
        for (size_t i = 0; i < num_; ++i)
            if (dims_[i] != o.dims_[i]) return false;
        return true;
    }
    bool operator!=(const Shape& o) const { return !(*this == o); }

private:
    size_t num_ = 0;
    int64_t dims_[kMaxDimNum] = {};
};

// A view's strides, a dimension each (CANN's Stride); none: contiguous.
class Stride {
public:
    Stride() = default;
    Stride(std::initializer_list<int64_t> strides) {
        for (int64_t s : strides) AppendStride(s);
    }
    size_t GetDimNum() const { return num_; }
    void SetDimNum(size_t n) { num_ = n < Shape::kMaxDimNum ? n : Shape::kMaxDimNum; }
    int64_t GetStride(size_t i) const { return i < num_ ? strides_[i] : 0; }
    void SetStride(size_t i, int64_t s) {
        if (i < Shape::kMaxDimNum) strides_[i] = s;
    }
    Stride& AppendStride(int64_t s) {
        if (num_ < Shape::kMaxDimNum) strides_[num_++] = s;
        return *this;
    }

private:
    size_t num_ = 0;
    int64_t strides_[Shape::kMaxDimNum] = {};
};

class StorageShape {
public:
    StorageShape() = default;
    StorageShape(std::initializer_list<int64_t> origin, std::initializer_list<int64_t> storage)
        : origin_(origin), storage_(storage) {}
    const Shape& GetOriginShape() const { return origin_; }
    const Shape& GetStorageShape() const { return storage_; }
    Shape& MutableOriginShape() { return origin_; }
    Shape& MutableStorageShape() { return storage_; }
    // (Some tiling sources ask a storage shape for its shape: the storage shape.)
    const Shape& GetShape() const { return storage_; }
    bool operator==(const StorageShape& o) const { return origin_ == o.origin_ && storage_ == o.storage_; }
    bool operator!=(const StorageShape& o) const { return !(*this == o); }

private:
    Shape origin_;
    Shape storage_;
};

class ExpandDimsType {
public:
    ExpandDimsType() = default;
    explicit ExpandDimsType(int64_t) {}
};

class StorageFormat {
public:
    StorageFormat() = default;
    StorageFormat(ge::Format origin, ge::Format storage, const ExpandDimsType& = ExpandDimsType())
        : origin_(origin), storage_(storage) {}
    ge::Format GetOriginFormat() const { return origin_; }
    ge::Format GetStorageFormat() const { return storage_; }
    void SetOriginFormat(ge::Format f) { origin_ = f; }
    void SetStorageFormat(ge::Format f) { storage_ = f; }

private:
    ge::Format origin_ = ge::FORMAT_ND;
    ge::Format storage_ = ge::FORMAT_ND;
};
}  // namespace gert
