// Another op's kernel header reaching a third op's struct the way CANN's build lays them out
// (ascendc/mul_helper/arch35/ → ../../scaled_table/arch35/).
#pragma once
#include "kernel_operator.h"
#include "../../scaled_table/arch35/offset_struct.h"

__aicore__ inline void OffsetTile(const AscendC::LocalTensor<half>& y, const AscendC::LocalTensor<half>& x,
                                  const OffsetTilingData& t)
{
    AscendC::Adds(y, x, half(t.offset), t.len);
}
