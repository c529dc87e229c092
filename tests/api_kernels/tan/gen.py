"""Writes tan.ron: the library's Tan steps (asc-devkit tan_common_impl.h, tan_v220_impl.h,
docs/semantics.md §21.13) redone in float32 numpy, each step rounded as the vector instruction
rounds it (half: through float, back to nearest even); checked against numpy's tan."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32 = np.float32
PARTS = [f32(v) for v in (3.140625, 0.0009670257568359375, 6.2771141529083251953125e-7,
                          1.21644916362129151821136474609375e-10, -1.0291767438275201129727065563201904296875e-13)]
PI_DOWN = f32(1.57079637050628662109375)
RES_DOWN = f32(0.00000004371139000189375)
R = [f32(v) for v in (0.0698520831551998762793, -6.8711573651634203789, 61.20362572811089435388,
                      -24.8048928861126769186219)]


def tan(x):
    x = x + f32(0)
    k = np.rint(x * f32(0.3183098733425140380859375))
    for i, part in enumerate(PARTS):
        kpi = k * part
        x = x - kpi
        if i == 1:
            d1, d2 = x + PI_DOWN, x + (-PI_DOWN)
        elif i > 1:
            d1, d2 = d1 - kpi, d2 - kpi
        if i == 2:
            d1, d2 = d1 + (-RES_DOWN), d2 + RES_DOWN
    sq = x * x
    up = ((sq * R[0] + R[1]) * sq + R[2]) * x
    down = ((sq + R[3]) * d1) * d2
    return up / down


rng = np.random.default_rng(13)
special = [0.0, -0.0, 1.0, -1.0, 0.78539819, 1.5, -1.5, 1.5707, 3.1415927, 10.0, -100.0, 1e-3, 1000.0]
xf = np.array(special + list(rng.uniform(-10, 10, 200 - len(special))), dtype=f32)
xh = np.array([0.0, 1.0, -1.0, 0.7854, 1.5, -1.55, 3.14, 100.0] + list(rng.uniform(-6, 6, 120)), dtype=np.float16)
with np.errstate(all="ignore"):
    yf = tan(xf)
    yh = tan(xh.astype(f32)).astype(np.float16)
exact = np.tan(xf.astype(np.float64))
rel = np.abs(yf - exact) / np.maximum(1, np.abs(exact))
assert np.max(rel) < 1e-4, np.max(rel)
exact_h = np.tan(xh.astype(np.float64))
assert np.max(np.abs(yh - exact_h) / np.maximum(1, np.abs(exact_h))) < 2e-3

write(
    "tan.ron",
    """Written by gen.py: the library's Tan steps in float32 numpy (half: through float, back to
nearest even); within 1e-4 of numpy's tan for the floats (relative where |tan| > 1), 2e-3 for
the halves.""",
    "tan.asc",
    "tan_kernel",
    {
        "xf": f"(dtype: float, len: 200, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 128, init: Values([{vals(xh)}]))",
        "yf": "(dtype: float, len: 200)",
        "yh": "(dtype: half, len: 128)",
    },
    {"yf": yf, "yh": yh},
)
print("max rel error", np.max(rel))
