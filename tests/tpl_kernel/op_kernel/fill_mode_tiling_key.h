// The tiling-key templates of fill_mode (CANN's ascendc/host_api/tiling/template_argument.h):
// MODE a UINT of 2 bits taking 1, 4 or 9 (its key bits are the value's index), NEG a BOOL,
// D_T a native data type
// (float or half; an ASCENDC_TPL_INPUT reference is the build's to resolve and takes no key). Two selections: MODE 1 or 4 with float, either NEG; MODE 9 only with NEG.
#ifndef FILL_MODE_TILING_KEY_H
#define FILL_MODE_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

#define FILL_MODE_A 1
#define FILL_MODE_B 4
constexpr uint32_t FILL_MODE_C = 3 * 3;

ASCENDC_TPL_ARGS_DECL(FillMode,
    ASCENDC_TPL_UINT_DECL(MODE, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, FILL_MODE_A, FILL_MODE_B, FILL_MODE_C),
    ASCENDC_TPL_BOOL_DECL(NEG, 0, 1),
    ASCENDC_TPL_DATATYPE_DECL(D_T, C_DT_FLOAT, C_DT_FLOAT16, ASCENDC_TPL_INPUT(0)));

ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, FILL_MODE_A, FILL_MODE_B),
        ASCENDC_TPL_BOOL_SEL(NEG, 0, 1), ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT)),
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, FILL_MODE_C),
        ASCENDC_TPL_BOOL_SEL(NEG, 1), ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT)));
#endif
