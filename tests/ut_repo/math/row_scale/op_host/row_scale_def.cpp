// row_scale's operator definition: CANN's op_def registry, which the UT build does not link
// (ascstep leaves *_def.cpp out of the host units; compiling this would fail).
#include "register/op_def_registry.h"
namespace ops {
class RowScale : public OpDef {};
OP_ADD(RowScale);
}  // namespace ops
