// Another op's kernel header, which scaled_table includes as "../mul_helper/mul_helper.h"
// (CANN's build copies each op's op_kernel/ to ascendc/<op>/).
#pragma once
#include "kernel_operator.h"

template <class T>
__aicore__ inline void ScaleTile(const AscendC::LocalTensor<T>& y, const AscendC::LocalTensor<T>& x, T s, uint32_t len)
{
    AscendC::Muls(y, x, s, len);
}
