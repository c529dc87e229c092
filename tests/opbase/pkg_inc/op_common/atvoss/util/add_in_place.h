// A stand-in for hicann/opbase's atvoss headers, which CANN's build copies to
// ascendc/common/atvoss: kernels include it as "atvoss/util/add_in_place.h". Written for
// ascstep's tests.
#pragma once
#include "kernel_operator.h"

template <class T>
__aicore__ inline void AddInPlace(const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& t, uint32_t len)
{
    AscendC::Add(y, y, t, len);
}
