"""Writes reg_move.ron: reg_move.asc with numpy's results (the moves copy; one doubling)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(32)
x = rng.uniform(-10, 10, 200).astype(np.float32)
y = np.full(384, -7, np.float32)
y[0:192] = x[0:192] * np.float32(2)
y[192 + 5 : 192 + 133] = x[3:131]
y[336:346] = x[190:200]

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_move.ron"),
    "Written by gen.py: Ascend 950's AddrReg and unaligned moves (reg_move.asc), numpy's results.",
    "reg_move.asc",
    "reg_move",
    {
        "x": f"(dtype: float, len: 200, init: Values([{ronwrite.vals(x)}]))",
        "y": "(dtype: float, len: 384)",
    },
    {"y": y},
    product="ascend_950",
)
