// The precompiled header of binding programs (docs/format.md §12.2): ascstep's runtime and
// kernel_tiling/kernel_tiling.h (with kernel_operator.h), which every binding's launcher starts
// with. ascstep compiles it once per product into kernel_pch.h.gch/ beside it; the compiler
// takes it only where the launcher's command-line macros leave it valid (a macro it tests
// defined otherwise), and reads the headers themselves otherwise.
#pragma once
#include "ascstep/rt.h"
#include "kernel_tiling/kernel_tiling.h"
