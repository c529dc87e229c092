"""Writes reduce.ron: the inputs of reduce.asc's cases and numpy's results (docs/semantics.md
§25): each case's rows padded to 32 bytes with NaN (no result may read the padding), values
small multiples of 1/8 so that every partial sum is exact and the sum's order cannot change it;
ReduceSum/ReduceMax/ReduceMin over the last axis (AR) or the first (RA)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from ronwrite import vals, write  # noqa: E402

# (dtype, pattern, op, first, last), as reduce.asc calls them (isReuseSource does not change
# the result).
CASES = [
    ("f", "AR", "sum", 13, 5), ("f", "AR", "sum", 10, 37), ("f", "AR", "sum", 10, 37),
    ("f", "AR", "sum", 20, 100), ("f", "AR", "sum", 20, 100), ("f", "AR", "sum", 1, 300),
    ("f", "AR", "sum", 1, 300), ("f", "AR", "sum", 3, 256), ("f", "AR", "sum", 2, 256),
    ("f", "AR", "sum", 2, 256), ("f", "AR", "sum", 249, 65), ("f", "RA", "sum", 7, 40),
    ("f", "RA", "sum", 7, 40), ("f", "RA", "sum", 8, 16), ("f", "RA", "sum", 1, 24),
    ("f", "AR", "max", 11, 5), ("f", "AR", "min", 6, 8), ("f", "AR", "max", 9, 20),
    ("f", "AR", "min", 9, 20), ("f", "AR", "max", 5, 150), ("f", "AR", "max", 5, 150),
    ("f", "AR", "min", 2, 2100), ("f", "AR", "max", 2, 2100), ("f", "RA", "max", 5, 24),
    ("f", "RA", "min", 6, 24),
    ("h", "AR", "max", 20, 9), ("h", "AR", "min", 9, 40), ("h", "AR", "max", 4, 300),
    ("h", "AR", "min", 4, 300), ("h", "AR", "max", 2, 4100), ("h", "RA", "min", 3, 48),
]

rng = np.random.default_rng(25)
xs = {"f": [], "h": []}
ys = {"f": [], "h": []}
for dt, pattern, op, first, last in CASES:
    np_t = np.float32 if dt == "f" else np.float16
    elems = 32 // np.dtype(np_t).itemsize
    pad = -(-last // elems) * elems
    rows = (rng.integers(-64, 64, (first, last)) / 8).astype(np_t)
    padded = np.full((first, pad), np.nan, dtype=np_t)
    padded[:, :last] = rows
    xs[dt].append(padded.ravel())
    f = {"sum": np.sum, "max": np.max, "min": np.min}[op]
    ys[dt].append(f(rows.astype(np.float64), axis=1 if pattern == "AR" else 0).astype(np_t))

x = {k: np.concatenate(v) for k, v in xs.items()}
y = {k: np.concatenate(v) for k, v in ys.items()}
write(
    os.path.join(os.path.dirname(__file__), "reduce.ron"),
    __doc__.replace("Writes reduce.ron: the", "Written by gen.py: the"),
    "reduce.asc",
    "reduce",
    {
        "xf": f"(dtype: float, len: {len(x['f'])}, init: Values([{vals(x['f'])}]))",
        "xh": f"(dtype: half, len: {len(x['h'])}, init: Values([{vals(x['h'])}]))",
        "yf": f"(dtype: float, len: {len(y['f'])})",
        "yh": f"(dtype: half, len: {len(y['h'])})",
    },
    {"yf": y["f"], "yh": y["h"]},
)
