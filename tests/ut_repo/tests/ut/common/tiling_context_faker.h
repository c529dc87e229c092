// The tiling case description of ascstep's test repository, in the shape of the operator
// repositories' tests/ut/common/tiling_context_faker.h: an op type, its input and output
// tensors, its attributes, its compile info, the platform's core count and UB size.
#ifndef TEST_REPO_TILING_CONTEXT_FAKER_H
#define TEST_REPO_TILING_CONTEXT_FAKER_H
#include <string>
#include <vector>
#include "op_tiling_context_builder.h"

namespace gert {
class TilingContextPara {
public:
    struct TensorDescription {
        TensorDescription(const gert::StorageShape& shape, ge::DataType dtype, ge::Format format)
            : shape_(shape), dtype_(dtype), format_(format) {}
        gert::StorageShape shape_;
        ge::DataType dtype_;
        ge::Format format_;
    };
    TilingContextPara(const std::string& opName, const std::vector<TensorDescription>& inputs,
                      const std::vector<TensorDescription>& outputs, const std::vector<float>& floatAttrs,
                      void* compileInfo = nullptr, uint64_t coreNum = 64, uint64_t ubSize = 262144)
        : opName_(opName), inputs_(inputs), outputs_(outputs), floatAttrs_(floatAttrs),
          compileInfo_(compileInfo), coreNum_(coreNum), ubSize_(ubSize) {}
    std::string opName_;
    std::vector<TensorDescription> inputs_;
    std::vector<TensorDescription> outputs_;
    std::vector<float> floatAttrs_;
    void* compileInfo_;
    uint64_t coreNum_;
    uint64_t ubSize_;
};
}  // namespace gert
#endif
