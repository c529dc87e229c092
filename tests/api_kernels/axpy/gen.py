"""Writes axpy.ron: the library's Axpy steps in float32 numpy (Cast to float, Muls by the scalar
as float, Add, Cast back to half with round-to-nearest-even): y = half(float(d) + float(x)·1.5),
z = e + float(x)·float(half(-0.3)), w = f·2.5 + e (the vector Axpy), the first 100 elements;
the last 28 keep the destinations' own values."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

rng = np.random.default_rng(47)
x = rng.uniform(-100, 100, 128).astype(np.float16)
d = rng.uniform(-100, 100, 128).astype(np.float16)
e = rng.uniform(-100, 100, 128).astype(np.float32)
f = rng.uniform(-100, 100, 128).astype(np.float32)
x[:4] = [0, -0.0, 65504, 1e-4]
d[:4] = [1, 2, -65504, 3]
y, z, w = d.copy(), e.copy(), e.copy()
xf = x[:100].astype(np.float32)
y[:100] = (d[:100].astype(np.float32) + xf * np.float32(1.5)).astype(np.float16)
z[:100] = e[:100] + xf * np.float32(np.float16(-0.3))
w[:100] = f[:100] * np.float32(2.5) + e[:100]
write(
    "axpy.ron",
    __doc__.replace("Writes axpy.ron: ", "Written by gen.py: "),
    "axpy.asc",
    "axpy_kernel",
    {
        "x": f"(dtype: half, len: 128, init: Values([{vals(x)}]))",
        "d": f"(dtype: half, len: 128, init: Values([{vals(d)}]))",
        "e": f"(dtype: float, len: 128, init: Values([{vals(e)}]))",
        "f": f"(dtype: float, len: 128, init: Values([{vals(f)}]))",
        "y": "(dtype: half, len: 128)",
        "z": "(dtype: float, len: 128)",
        "w": "(dtype: float, len: 128)",
    },
    {"y": y, "z": z, "w": w},
)
