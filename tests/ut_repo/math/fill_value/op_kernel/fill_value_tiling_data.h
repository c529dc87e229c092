// fill_value's tiling, a plain struct the kernel registers as its default.
#ifndef FILL_VALUE_TILING_DATA_H
#define FILL_VALUE_TILING_DATA_H
#include <cstdint>
struct FillValueTilingData {
    uint32_t length;
    float value;
};
#endif
