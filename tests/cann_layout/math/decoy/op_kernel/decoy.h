// An op's kernel header holding a plain struct of the name scale_only's binding names
// (ScaledTableTilingData), as ops-nn's experimental ops repeat their ops' struct names: a
// kernel that does not include it does not get it, so scale_only's struct still comes from
// scaled_table's op_host/.
#pragma once
#include <cstdint>

struct ScaledTableTilingData {
    uint64_t notTheStruct;
};
