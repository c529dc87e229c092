"""Writes atan.ron: the library's Atan steps (asc-devkit atan_common_impl.h, docs/semantics.md
§21.11) redone in float32 numpy, each step rounded as the vector instruction rounds it; the
generator checks them against numpy's arctan (the library's stated precision)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32 = np.float32
F = [f32(v) for v in (1, -0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                      -0.09090909090909091, 0.07692307692307693)]


def taylor(x, level):
    sq = x * x
    d = (x * x) * F[level]
    for i in range(level - 1, 0, -1):
        d = (d + F[i]) * sq
    return (d + F[0]) * x


def transform(x, y):
    y = f32(y)
    return np.abs((x + (f32(0) - y)) / (x * y + f32(1)))


def atan(src):
    with np.errstate(all="ignore"):
        pi4, pi8, tpi8 = f32(0.78539816339744830961566084581988), f32(0.39269908169872415480783042290994), f32(0.4142135623730950)
        clip = np.maximum(np.minimum(src, f32(10000)), f32(-10000))
        a = np.abs(clip)
        dst = taylor(a, 4)
        tmp = transform(a, tpi8)
        dst = np.minimum(dst, taylor(tmp, 4) + pi8)
        tmp = np.abs((a + f32(-1)) / (a + f32(1)))
        dst = np.minimum(dst, taylor(tmp, 4) + pi4)
        t2 = transform(tmp, tpi8)
        dst = np.minimum(dst, (taylor(t2, 6) + pi8) + pi4)
        s = clip * f32(4611686018427387904.0)
        sign = s / (np.abs(s) + f32(2.168404344971009e-19))
        return dst * sign


rng = np.random.default_rng(11)
special = [0.0, -0.0, 1.0, -1.0, 0.41421356, -0.41421356, 0.5, 2.0, -3.0, 10.0, 1e-3, -1e-3, 100.0,
           1e4, -1e4, 1e5, -1e7, 3.0e38]
xf = np.array(special + list(rng.uniform(-20, 20, 200 - len(special))), dtype=f32)
xh = np.array([0.0, 1.0, -1.0, 0.4142, 2.0, -7.5, 1000.0, -60000.0] + list(rng.uniform(-8, 8, 120)), dtype=np.float16)
yf = atan(xf)
yh = atan(xh.astype(f32)).astype(np.float16)
assert np.all(np.abs(yf - np.arctan(xf.astype(np.float64))) < 1e-4), np.max(np.abs(yf - np.arctan(xf)))
assert np.all(np.abs(yh.astype(np.float64) - np.arctan(xh.astype(np.float64))) < 2e-3)

write(
    "atan.ron",
    """Written by gen.py: the library's Atan steps in float32 numpy (half: through float, back to
nearest even); within 1e-4 of numpy's arctan for the floats, 2e-3 for the halves.""",
    "atan.asc",
    "atan_kernel",
    {
        "xf": f"(dtype: float, len: 200, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 128, init: Values([{vals(xh)}]))",
        "yf": "(dtype: float, len: 200)",
        "yh": "(dtype: half, len: 128)",
    },
    {"yf": yf, "yh": yh},
)
print("max float error", np.max(np.abs(yf - np.arctan(xf.astype(np.float64)))))
