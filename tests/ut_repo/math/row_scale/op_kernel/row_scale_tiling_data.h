// row_scale's tiling: a plain struct the host tiling function fills (through
// TilingContext::GetTilingData) and the kernel registers as its default.
#ifndef ROW_SCALE_TILING_DATA_H
#define ROW_SCALE_TILING_DATA_H
#include <cstdint>
struct RowScaleTilingData {
    uint32_t cols;        // elements in a row
    uint32_t formerRows;  // rows of each block but the last
    uint32_t lastRows;    // rows of the last block
    uint32_t tileRows;    // rows in UB at once
    float scale;
};
#endif
