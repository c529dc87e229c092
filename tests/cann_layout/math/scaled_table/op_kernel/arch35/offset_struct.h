// A kernel-side tiling struct defined in an op's kernel headers (no tiling macros): what
// offset_only's GET_TILING_DATA_WITH_STRUCT names.
#pragma once
#include <cstdint>

struct OffsetTilingData {
    float offset;
    uint32_t len;
};
