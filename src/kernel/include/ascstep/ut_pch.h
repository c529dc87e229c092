// The precompiled header of kernel unit tests (docs/format.md §13): ascstep's runtime,
// googletest and tikicpulib.h, which every unit of a UT build starts with. ascstep compiles it
// once per product and configuration into ut_pch.h.gch/ beside it.
#pragma once
#include "ascstep/rt.h"
#include "tikicpulib.h"
#include "ascstep/limits_hidden.h"
