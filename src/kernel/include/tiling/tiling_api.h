// ascstep: CANN's tiling/tiling_api.h for a program's host code: ge::Shape and the host side of
// the library functions ascstep simulates (their temporary-buffer sizes, ascstep/lib_tiling.h).
// What else the real header declares is a compile error that names it.
#pragma once
#include "ascstep/lib_tiling.h"
#include "ascstep/pad_tiling.h"
