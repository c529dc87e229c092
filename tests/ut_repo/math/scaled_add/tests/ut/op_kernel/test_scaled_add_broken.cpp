// Does not compile: the tiling struct has no field `length`.
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_host/scaled_add_tiling.h"

TEST(ScaledAddBroken, misspelt_field)
{
    ScaledAddTilingData t;
    t.length = 4;
}
