"""Writes round.ron: Round to the nearest integer, ties to even (numpy's rint), on ties, signs
and large values, except that a zero result is +0: the rounding Cast float → float turns −0 into
+0 (docs/semantics.md §4.7, the A2 boundary table), where rint keeps the sign. The halves' rint in
float is exact and back in half exact too."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

ties = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, 1e7 + 0.5, -0.0, 3.0]
rng = np.random.default_rng(17)
xf = np.array(ties + list(rng.uniform(-100, 100, 30)), dtype=np.float32)
xh = np.array(ties[:7] + [1000.5, -0.0, 3.0] + list(rng.uniform(-50, 50, 30)), dtype=np.float16)
write(
    "round.ron",
    """Written by gen.py: numpy's rint (ties to even) of each input, zeros as +0 (the rounding Cast's
−0 → +0); the 8 halves past the count keep Duplicate's 7.""",
    "round.asc",
    "round_kernel",
    {
        "xf": f"(dtype: float, len: 40, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 48, init: Values([{vals(xh)}, 0, 0, 0, 0, 0, 0, 0, 0]))",
        "yf": "(dtype: float, len: 40)",
        "yh": "(dtype: half, len: 48)",
    },
    {"yf": np.rint(xf) + np.float32(0), "yh": np.concatenate([np.rint(xh) + np.float16(0), np.full(8, 7, np.float16)])},
)
