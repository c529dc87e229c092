"""Writes bilinear.ron: BilinearInterpolation's page example computed as the page describes it,
in float16 numpy (each product and sum rounded to half): gather 4 repeats of 128 elements,
multiply by src1 (repeatMode false: repeat r by src1[r]; true: block b of repeat r by
src1[8r + b]), then per vertical repeat the sum of its two horizontal repeats."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import write  # noqa: E402

f16 = np.float16
src0 = np.arange(1, 513).astype(f16)
src1 = np.arange(2, 34).astype(f16)
gathered = src0.reshape(4, 128)  # offsets 0, 32, …: block k from block k
by_repeat = gathered * src1[:4, None]
by_block = (gathered.reshape(4, 8, 16) * src1[:32].reshape(4, 8, 1)).reshape(4, 128)
y = np.concatenate([by_repeat[0] + by_repeat[1], by_repeat[2] + by_repeat[3],
                    by_block[0] + by_block[1], by_block[2] + by_block[3]]).astype(f16)


write(
    "bilinear.ron",
    """Written by gen.py: the page's example (src0 = 1…512, src1 = 2…33, hRepeat = vRepeat = 2),
each product and sum rounded to half; y[0..256] with repeatMode false, y[256..512] true.""",
    "bilinear.asc",
    "bilinear",
    {
        "x": "(dtype: half, len: 512, init: Ramp(start: 1, step: 1))",
        "w": "(dtype: half, len: 32, init: Ramp(start: 2, step: 1))",
        "off": "(dtype: uint32, len: 32, init: Ramp(start: 0, step: 32))",
        "y": "(dtype: half, len: 512)",
    },
    {"y": y},
)
