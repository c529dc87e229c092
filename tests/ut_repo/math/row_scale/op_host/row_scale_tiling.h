// row_scale's compile info, which the UT passes to its tiling context.
#ifndef ROW_SCALE_TILING_H
#define ROW_SCALE_TILING_H
#include <cstdint>
namespace optiling {
struct RowScaleCompileInfo {
    uint32_t coreNum = 0;
};
}  // namespace optiling
#endif
