"""Writes cumsum.ron: numpy's cumsum in float32 along each tensor's last axis (a, b; c, half, in
float and rounded to half, its last row lc) or first axis (d and its last row ld; e, half)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

rng = np.random.default_rng(19)


def data(dtype, rows, cols):
    return rng.uniform(-4, 4, (rows, cols)).astype(dtype)


def cumsum(x, axis):
    """The running sum in float32, one addition after another, then x's type."""
    return np.cumsum(x.astype(np.float32), axis=axis, dtype=np.float32).astype(x.dtype)


a, b, c = data(np.float32, 32, 8), data(np.float32, 13, 40), data(np.float16, 40, 16)
d, e = data(np.float32, 6, 24), data(np.float16, 4, 32)
ya, yb, yc, yd, ye = cumsum(a, 1), cumsum(b, 1), cumsum(c, 1), cumsum(d, 0), cumsum(e, 0)


def arg(dtype, x=None, n=None):
    name = "float" if dtype == np.float32 else "half"
    if x is None:
        return f"(dtype: {name}, len: {n})"
    return f"(dtype: {name}, len: {x.size}, init: Values([{vals(x.ravel())}]))"


write(
    "cumsum.ron",
    __doc__.replace("Writes cumsum.ron: ", "Written by gen.py: "),
    "cumsum.asc",
    "cumsum_kernel",
    {
        "xa": arg(np.float32, a),
        "xb": arg(np.float32, b),
        "xc": arg(np.float16, c),
        "xd": arg(np.float32, d),
        "xe": arg(np.float16, e),
        "ya": arg(np.float32, n=256),
        "yb": arg(np.float32, n=520),
        "yc": arg(np.float16, n=640),
        "lc": arg(np.float16, n=16),
        "yd": arg(np.float32, n=144),
        "ld": arg(np.float32, n=24),
        "ye": arg(np.float16, n=128),
    },
    {
        "ya": ya.ravel(),
        "yb": yb.ravel(),
        "yc": yc.ravel(),
        "lc": yc[-1],
        "yd": yd.ravel(),
        "ld": yd[-1],
        "ye": ye.ravel(),
    },
)
