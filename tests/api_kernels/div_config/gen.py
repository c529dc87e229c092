"""Writes div_config.ron: squares 0..63² divided by powers of two and their roots, exact, so
numpy's x / y and sqrt(x) are the results whatever the division algorithm."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from ronwrite import vals, write  # noqa: E402

x = (np.arange(64) ** 2).astype(np.float32)
y = np.array([1, 2, 4, 8] * 16, dtype=np.float32)
q = np.concatenate([x / y, x / y]).astype(np.float32)
write(
    os.path.join(HERE, "div_config.ron"),
    __doc__.replace("Writes div_config.ron: squares", "Written by gen.py: squares"),
    "div_config.asc",
    "div_config",
    {
        "x": f"(dtype: float, len: 64, init: Values([{vals(x)}]))",
        "y": f"(dtype: float, len: 64, init: Values([{vals(y)}]))",
        "q": "(dtype: float, len: 128)",
        "r": "(dtype: float, len: 64)",
    },
    {"q": q, "r": np.sqrt(x).astype(np.float32)},
)
