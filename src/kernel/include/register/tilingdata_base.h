// ascstep's register/tilingdata_base.h (docs/format.md §12.2): the tiling macros as plain
// structs, so a tiling declared with them is the struct a binding program fills.
#pragma once
#include <cstdint>

#define BEGIN_TILING_DATA_DEF(name) struct name {
#define TILING_DATA_FIELD_DEF(type, field) type field = 0;
#define TILING_DATA_FIELD_DEF_ARR(type, count, field) type field[count] = {};
#define TILING_DATA_FIELD_DEF_STRUCT(type, field) type field{};
// CANN's END_TILING_DATA_DEF ends the declaration itself: headers write it with and without
// a `;` after it (an empty declaration is allowed where a struct may stand).
#define END_TILING_DATA_DEF };
#define REGISTER_TILING_DATA_CLASS(op, type)
