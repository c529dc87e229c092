"""Writes reg_squeeze.ron: reg_squeeze.asc with numpy's results (Squeeze keeps the selected
elements in order; nothing is computed)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(34)
x = rng.uniform(-10, 10, 192).astype(np.float32)
xb = rng.integers(0, 256, 256).astype(np.uint8)

y = np.full(384, -7, np.float32)
kept = x[:64][x[:64] > 0]
y[0:64] = 0
y[0 : kept.size] = kept  # Squeeze: the rest of the register 0
appended = x[x > 0]  # three chunks, each's positives in order, one after another
y[64 : 64 + appended.size] = appended
y[320] = appended.size  # AR: their bytes, / 4

yb = np.zeros(256, np.uint8)
small = xb[xb < 100]
yb[0 : small.size] = small

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_squeeze.ron"),
    "Written by gen.py: Squeeze and GatherMask with and without AR (reg_squeeze.asc), numpy's results.",
    "reg_squeeze.asc",
    "reg_squeeze",
    {
        "x": f"(dtype: float, len: 192, init: Values([{ronwrite.vals(x)}]))",
        "y": "(dtype: float, len: 384)",
        "xb": f"(dtype: uint8, len: 256, init: Values([{ronwrite.vals(xb)}]))",
        "yb": "(dtype: uint8, len: 256)",
    },
    {"y": y, "yb": yb},
    product="ascend_950",
)
