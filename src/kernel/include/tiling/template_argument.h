// ascstep: the same header by its shorter path.
#pragma once
#include "ascendc/host_api/tiling/template_argument.h"
