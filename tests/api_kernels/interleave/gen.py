"""Writes interleave.ron: the Memory API's Interleave and DeInterleave of LocalTensors
(interleave.asc) with numpy's results; what a call does not write keeps the -1 the kernel
filled in."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(41)
x = rng.uniform(-8, 8, 100).astype(np.float16)
y = rng.uniform(-8, 8, 100).astype(np.float16)
w = rng.uniform(-8, 8, 150).astype(np.float32)

zipped = np.empty(200, np.float16)
zipped[0::2], zipped[1::2] = x, y
z = np.full(256, -1, np.float16)
z[0:100], z[128:228] = zipped[:100], zipped[100:]
b = np.full(256, -1, np.float16)
both = np.concatenate([zipped[:100], zipped[100:]])  # z0 then z1
b[0:50], b[50:100] = both[:100][0::2], both[100:][0::2]
b[128:178], b[178:228] = both[:100][1::2], both[100:][1::2]
e = np.full(256, -1, np.float32)
e[0:75], e[128:203] = w[0::2], w[1::2]

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "interleave.ron"),
    "Written by gen.py: the Memory API's Interleave/DeInterleave on Ascend 950 (interleave.asc), numpy's results.",
    "interleave.asc",
    "interleave",
    {
        "x": f"(dtype: half, len: 128, init: Values([{ronwrite.vals(np.concatenate([x, np.zeros(28, np.float16)]))}]))",
        "y": f"(dtype: half, len: 128, init: Values([{ronwrite.vals(np.concatenate([y, np.zeros(28, np.float16)]))}]))",
        "w": f"(dtype: float, len: 192, init: Values([{ronwrite.vals(np.concatenate([w, np.zeros(42, np.float32)]))}]))",
        "z": "(dtype: half, len: 256)",
        "b": "(dtype: half, len: 256)",
        "e": "(dtype: float, len: 256)",
    },
    {"z": z, "b": b, "e": e},
    product="ascend_950",
)
