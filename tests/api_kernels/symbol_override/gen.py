"""Writes symbol_override.ron: numpy's float32 + - * / of a and b, int32 & | of c and d, and the
six comparisons of a and b as Compare's bit masks (bit i of the mask for element i, little-endian
bytes, 8 bytes for 64 elements, the rest of each 32-byte block zero)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

rng = np.random.default_rng(23)
a = rng.uniform(-8, 8, 64).astype(np.float32)
b = rng.uniform(-8, 8, 64).astype(np.float32)
# Ties for == and the ordered comparisons.
b[::7] = a[::7]
c = rng.integers(-(2**31), 2**31, 64, dtype=np.int64).astype(np.int32)
d = rng.integers(-(2**31), 2**31, 64, dtype=np.int64).astype(np.int32)


def mask(bits):
    block = np.zeros(32, np.uint8)
    block[:8] = np.packbits(bits, bitorder="little")
    return block


masks = np.concatenate([mask(m) for m in (a < b, a > b, a <= b, a >= b, a == b, a != b)])
write(
    "symbol_override.ron",
    __doc__.replace("Writes symbol_override.ron: ", "Written by gen.py: "),
    "symbol_override.asc",
    "symbol_override",
    {
        "a": f"(dtype: float, len: 64, init: Values([{vals(a)}]))",
        "b": f"(dtype: float, len: 64, init: Values([{vals(b)}]))",
        "c": f"(dtype: int32, len: 64, init: Values([{vals(c)}]))",
        "d": f"(dtype: int32, len: 64, init: Values([{vals(d)}]))",
        "arith": "(dtype: float, len: 256)",
        "bits": "(dtype: int32, len: 128)",
        "masks": "(dtype: uint8, len: 192)",
    },
    {"arith": np.concatenate([a + b, a - b, a * b, a / b]), "bits": np.concatenate([c & d, c | d]), "masks": masks},
)
