// The Ascend C library APIs ascstep declares but does not simulate yet (SoftMax's family in
// softmax.h, Clamp in clamp.h, Broadcast's tiling form in broadcast.h): each is declared with
// CANN's template parameters, so that code which names it without calling it compiles (a
// header such as opbase's atvoss/util/vec.h refers to every math API), and a call stops the
// compile with a message naming the API (docs/format.md §12.4).
#pragma once
#include "kernel_operator.h"

namespace ascstep_rt {
template <class T>
inline constexpr bool unsimulated = false;
}  // namespace ascstep_rt

