#!/usr/bin/env python3
# Inputs and the golden output of scaled_add with tiling key 2 (z = x * scale - y) in float32,
# written as raw little-endian files into the directory given (numpy rounds each operation as
# IEEE float32 does, as the Vector Unit's Muls and Sub do).
import sys

import numpy as np

out = sys.argv[1]
n = int(sys.argv[2])
scale = np.float32(sys.argv[3])
rng = np.random.default_rng(7)
x = rng.uniform(-100, 100, n).astype(np.float32)
y = rng.uniform(-100, 100, n).astype(np.float32)
golden = (x * scale) - y
x.tofile(f"{out}/input_x.bin")
y.tofile(f"{out}/input_y.bin")
golden.astype(np.float32).tofile(f"{out}/golden.bin")
