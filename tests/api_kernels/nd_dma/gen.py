"""Writes nd_dma.ron: nd_dma.asc's inputs and numpy's results for the page's scenarios 1-3 and
the broadcast (np.pad of the selected source, placed at the destination strides:
programs/data/data_copy_nd/gen.py's `move`)."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "programs", "data", "data_copy_nd"))
from gen import move  # noqa: E402
from ronwrite import vals  # noqa: E402

x = np.arange(2048, dtype=np.float32)
pad = move(x, 0, [(32, 1, 1, 15, 17), (16, 32, 64, 13, 3)], 2048, 0.0, -1.0)
near = move(x, 0, [(15, 1, 1, 11, 6), (28, 15, 32, 3, 1)], 1024, 0.0, nearest=True)
trans = move(x, 0, [(64, 1, 16, 0, 0), (16, 64, 1, 0, 0)], 1024, 0.0, 0.0)
bcast = move(x, 100, [(16, 1, 1, 0, 0), (3, 0, 16, 0, 0)], 48, 0.0, 0.0)
text = "".join(f"// {l}\n" for l in __doc__.replace("Writes nd_dma.ron: ", "Written by gen.py: ").splitlines())
text += """Program(
    product: ascend_950,
    code: Kernel(file: "nd_dma.asc", entry: "nd_dma"),
    args: {
        "x": (dtype: float, len: 2048, init: Ramp(start: 0, step: 1)),
        "pad": (dtype: float, len: 2048),
        "near": (dtype: float, len: 1024),
        "trans": (dtype: float, len: 1024),
        "bcast": (dtype: float, len: 48),
    },
    expect: [
"""
for name, v in [("pad", pad), ("near", near), ("trans", trans), ("bcast", bcast)]:
    text += f'        (tensor: "{name}", values: Values([{vals(v)}])),\n'
text += "    ],\n)\n"
with open(os.path.join(HERE, "nd_dma.ron"), "w") as f:
    f.write(text)
