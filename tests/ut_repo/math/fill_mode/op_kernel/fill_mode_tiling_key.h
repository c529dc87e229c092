// The tiling-key templates of fill_mode: MODE a UINT of 2 bits listing 1, 4, 9 (its key bits
// are the value's index), NEG a BOOL, SPLIT a UINT of 2 bits given as one range [2, 4] (the
// values 2, 3, 4; its key bits again the index).
#ifndef FILL_MODE_TILING_KEY_H
#define FILL_MODE_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

ASCENDC_TPL_ARGS_DECL(FillMode,
    ASCENDC_TPL_UINT_DECL(MODE, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 1, 4, 9),
    ASCENDC_TPL_BOOL_DECL(NEG, 0, 1),
    ASCENDC_TPL_UINT_DECL(SPLIT, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_RANGE, 1, 2, 4));

ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
    ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, 1, 4, 9), ASCENDC_TPL_BOOL_SEL(NEG, 0, 1),
    ASCENDC_TPL_UINT_SEL(SPLIT, ASCENDC_TPL_UI_RANGE, 1, 2, 4)));
#endif
