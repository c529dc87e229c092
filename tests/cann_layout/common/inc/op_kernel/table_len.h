// The repository's common kernel header: CANN's build copies common/inc/op_kernel/ to
// ascendc/inc/, so kernels include it as "../inc/table_len.h".
#pragma once
#include <cstdint>
constexpr uint32_t TABLE_LEN = 16;
