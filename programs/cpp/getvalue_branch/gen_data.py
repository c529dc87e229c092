#!/usr/bin/python3
# Input and golden of getvalue_branch.asc: each row times 1/max(row) if max > 0, else zeros.
import os
import numpy as np

np.random.seed(9)
x = np.empty((2, 256), dtype=np.float32)
x[0] = np.random.uniform(-3, 7, 256).astype(np.float32)
x[1] = np.random.uniform(-9, -1, 256).astype(np.float32)
y = np.zeros_like(x)
for r in range(2):
    m = x[r].max()
    if m > 0:
        y[r] = x[r] * (np.float32(1.0) / m)
os.makedirs("input", exist_ok=True)
os.makedirs("output", exist_ok=True)
x.tofile("input/x.bin")
y.tofile("output/golden.bin")
