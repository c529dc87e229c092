"""Writes reg_gather.ron: the register gathers of reg_gather.asc with numpy's results: lane i is
src[index[i]] for the lanes the mask selects, 0 for the others (docs/semantics.md §29); an int8
element fills its int16 lane zero-extended (the page: -40 becomes 216)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(37)
xf = rng.uniform(-9, 9, 64).astype(np.float32)
xh = rng.uniform(-9, 9, 256).astype(np.float16)
xb = rng.integers(-128, 128, 256).astype(np.int8)
xb[5] = -40
xi = rng.integers(-100000, 100000, 64).astype(np.int32)
i32 = rng.integers(0, 64, 64).astype(np.uint32)
i32[0] = i32[1] = 7  # an index may repeat
i16 = rng.integers(0, 256, 128).astype(np.uint16)
i16[3] = 5  # picks the -40
i16[4] = 255  # the last half of the table, 510 bytes past the base

yf = np.where(np.arange(64) < 50, xf[i32], np.float32(0))
yh = xh[i16]
ys = xb.view(np.uint8)[i16].astype(np.int16)
yi = xi[i32]

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_gather.ron"),
    "Written by gen.py: Ascend 950's register gathers (reg_gather.asc), numpy's results.",
    "reg_gather.asc",
    "reg_gather",
    {
        "xf": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(xf)}]))",
        "xh": f"(dtype: half, len: 256, init: Values([{ronwrite.vals(xh)}]))",
        "xb": f"(dtype: int8, len: 256, init: Values([{ronwrite.vals(xb)}]))",
        "xi": f"(dtype: int32, len: 64, init: Values([{ronwrite.vals(xi)}]))",
        "i32": f"(dtype: uint32, len: 64, init: Values([{ronwrite.vals(i32)}]))",
        "i16": f"(dtype: uint16, len: 128, init: Values([{ronwrite.vals(i16)}]))",
        "yf": "(dtype: float, len: 64)",
        "yh": "(dtype: half, len: 128)",
        "ys": "(dtype: int16, len: 128)",
        "yi": "(dtype: int32, len: 64)",
    },
    {"yf": yf, "yh": yh, "ys": ys, "yi": yi},
    product="ascend_950",
)
