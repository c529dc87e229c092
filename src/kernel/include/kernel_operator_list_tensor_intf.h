// ascstep's kernel_operator_list_tensor_intf.h (DK:ListTensorDesc, docs/format.md §12.2): a
// dynamic (list) input as CANN lays it out in global memory, read by the kernel's scalar code:
//   u64 ptrOffset                    bytes from the start to the data pointers
//   per tensor: u64 dim | index<<32, then dim u64 shape values
//   per tensor: u64 data pointer
// The descriptor is read from the allocation as the host wrote it (a kernel that rewrites a
// descriptor on the device is not followed); no step.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
class ListTensorDesc;

template <class T>
class TensorDesc {
public:
    void SetShapeAddr(uint64_t* shapePtr) { shape_ = shapePtr; }
    uint64_t GetDim() { return dim_; }
    uint64_t GetIndex() { return index_; }
    uint64_t GetShape(uint32_t i) { return shape_ && i < dim_ ? shape_[i] : 0; }
    __gm__ T* GetDataPtr() { return ptr_; }
    GlobalTensor<T> GetDataObj() {
        uint64_t n = 1;
        for (uint32_t i = 0; i < dim_ && shape_; i++) n *= shape_[i];
        GlobalTensor<T> g;
        g.SetGlobalBuffer(ptr_, n);
        return g;
    }
    friend class ListTensorDesc;

private:
    uint32_t dim_ = 0;
    uint32_t index_ = 0;
    uint64_t* shape_ = nullptr;
    T* ptr_ = nullptr;
};

class ListTensorDesc {
public:
    ListTensorDesc() = default;
    ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff, Pos p = Pos::current()) {
        Init(data, length, shapeSize, p);
    }
    void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff, Pos p = Pos::current()) {
        if (!data || !ascstep_rt::find(data)) ascstep_rt::stop(p, "ListTensorDesc: the address is not in any aclrtMalloc allocation");
        words_ = static_cast<const uint64_t*>(data);
        uint64_t head = words_[1];
        dim_ = uint32_t(head & 0xffffffffu);
        stride_ = dim_ == 0 ? 2 : 1 + dim_;
        data_ = words_ + words_[0] / sizeof(uint64_t);
        uint32_t counted = uint32_t(head >> 32);
        // The count: in the first tensor's high word, else one more than the last's index.
        count_ = counted != 0 ? counted : uint32_t(*(data_ - stride_) >> 32) + 1;
        if (shapeSize != 0xffffffff && shapeSize != count_)
            ascstep_rt::stop(p, "ListTensorDesc: shapeSize differs from the number of tensors in the descriptor");
        (void)length;
    }
    template <class T>
    void GetDesc(TensorDesc<T>& desc, uint32_t index, Pos p = Pos::current()) {
        check(index, p);
        desc.dim_ = dim_;
        desc.index_ = index;
        desc.ptr_ = reinterpret_cast<T*>(data_[index]);
        if (desc.shape_)
            for (uint32_t i = 0; i < dim_; i++) desc.shape_[i] = words_[1 + index * stride_ + 1 + i];
    }
    template <class T>
    __gm__ T* GetDataPtr(uint32_t index, Pos p = Pos::current()) {
        check(index, p);
        return reinterpret_cast<T*>(data_[index]);
    }
    uint32_t GetSize() { return count_; }

private:
    void check(uint32_t index, const Pos& p) {
        if (!words_) ascstep_rt::stop(p, "ListTensorDesc used before Init");
        if (index >= count_) ascstep_rt::stop(p, "ListTensorDesc: tensor index past the list");
    }
    const uint64_t* words_ = nullptr;
    const uint64_t* data_ = nullptr;
    uint32_t dim_ = 0, stride_ = 0, count_ = 0;
};
}  // namespace AscendC
