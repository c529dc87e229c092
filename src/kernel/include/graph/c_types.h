// ascstep's graph/c_types.h: kernels' tiling-key headers include CANN's graph C types for the
// data type values their ASCENDC_TPL_DATATYPE declarations name; ascstep has them as the DT_*
// macros (docs/format.md §12.3).
#pragma once
#include "ascstep/data_types.h"
