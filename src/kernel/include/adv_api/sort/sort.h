// adv_api/sort/sort.h: the library's sorting. Sort32, MrgSort, Concat, Extract and Sort without
// SortConfig are in basic_api/kernel_operator_proposal_intf.h (kernel_operator.h brings them);
// the SortConfig forms (RADIX_SORT, MERGE_SORT) exist only on Ascend 950, whose register-based
// library ascstep does not simulate: a call to one finds no matching Sort.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
enum class SortType { RADIX_SORT, MERGE_SORT };
struct SortConfig {
    SortType type = SortType::RADIX_SORT;
    bool isDescend = false;
};
constexpr SortConfig DEFAULT_SORT_CONFIG = {SortType::RADIX_SORT, false};
}  // namespace AscendC
