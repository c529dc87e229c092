// ascstep: an empty stand-in for CANN's lib/matmul_intf.h (docs/format.md §12.2): including it is
// harmless; using what the real header declares is a compile error that names it.
#pragma once
