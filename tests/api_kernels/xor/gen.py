"""Writes xor.ron: numpy's bitwise_xor of a and b (int16, the first 300; the last 20 keep
Duplicate's 7) and of c and d (uint16, all 96)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

rng = np.random.default_rng(31)
a = rng.integers(-32768, 32768, 320).astype(np.int16)
b = rng.integers(-32768, 32768, 320).astype(np.int16)
c = rng.integers(0, 65536, 96).astype(np.uint16)
d = rng.integers(0, 65536, 96).astype(np.uint16)
a[:4] = [0, -1, 32767, -32768]
b[:4] = [0, -1, -32768, -32768]
y = np.concatenate([np.bitwise_xor(a[:300], b[:300]), np.full(20, 7, np.int16)])
write(
    "xor.ron",
    __doc__.replace("Writes xor.ron: ", "Written by gen.py: "),
    "xor.asc",
    "xor_kernel",
    {
        "a": f"(dtype: int16, len: 320, init: Values([{vals(a)}]))",
        "b": f"(dtype: int16, len: 320, init: Values([{vals(b)}]))",
        "c": f"(dtype: uint16, len: 96, init: Values([{vals(c)}]))",
        "d": f"(dtype: uint16, len: 96, init: Values([{vals(d)}]))",
        "y": "(dtype: int16, len: 320)",
        "z": "(dtype: uint16, len: 96)",
    },
    {"y": y, "z": np.bitwise_xor(c, d)},
)
