// ascstep: CANN's template-argument declarations (ascendc/host_api/tiling/template_argument.h)
// describe the host's kernel variants; the kernel's own template arguments (a binding's
// `entry: "k<0>"`) select here, so the declarations expand to nothing (docs/format.md §12.2).
#pragma once
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
