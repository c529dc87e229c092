// clip_value's tiling, a plain struct its entry registers after taking it.
#ifndef CLIP_VALUE_TILING_DATA_H
#define CLIP_VALUE_TILING_DATA_H
#include <cstdint>
struct ClipValueTilingData {
    uint32_t length;
    float low;
    float high;
};
#endif
