// ascstep's register/tilingdata_base.h (docs/format.md §12.2): the tiling macros as plain
// structs, so a tiling declared with them is the struct a binding program fills. The host's
// accessors come with them (CANN's TilingDef: `set_<field>`, `get_<field>`, `SaveToBuffer`,
// `GetDataSize`), for the op_host tiling sources a kernel unit test links (§13, host tiling); member
// functions leave the struct's layout as it is.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#define BEGIN_TILING_DATA_DEF(name)                                                       \
    struct name {                                                                         \
        void SaveToBuffer(void* buf, size_t capacity) const {                             \
            if (buf != nullptr && capacity >= sizeof(*this)) std::memcpy(buf, this, sizeof(*this)); \
        }                                                                                 \
        size_t GetDataSize() const { return sizeof(*this); }                              \
        void SetDataPtr(void*) {}
#define TILING_DATA_FIELD_DEF(type, field) \
    type field = 0;                        \
    void set_##field(type v) { field = v; } \
    type get_##field() const { return field; }
#define TILING_DATA_FIELD_DEF_ARR(type, count, field)                      \
    type field[count] = {};                                                \
    void set_##field(const type* v) {                                      \
        if (v != nullptr) std::memcpy(field, v, sizeof(field));            \
    }                                                                      \
    type* get_##field() { return field; }
#define TILING_DATA_FIELD_DEF_STRUCT(type, field) type field{};
// CANN's END_TILING_DATA_DEF ends the declaration itself: headers write it with and without
// a `;` after it (an empty declaration is allowed where a struct may stand).
#define END_TILING_DATA_DEF };
#define REGISTER_TILING_DATA_CLASS(op, type)
// CANN's header declares its host classes in optiling, which host code names in using-directives.
namespace optiling {}
