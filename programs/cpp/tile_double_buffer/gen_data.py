#!/usr/bin/python3
# Input and golden of tile_double_buffer.asc: z = half(float(x) * 0.5 + 1).
import os
import numpy as np

np.random.seed(16)
x = np.random.uniform(-100, 100, 1200).astype(np.float16)
z = (x.astype(np.float32) * np.float32(0.5) + np.float32(1.0)).astype(np.float16)
os.makedirs("input", exist_ok=True)
os.makedirs("output", exist_ok=True)
x.tofile("input/x.bin")
z.tofile("output/golden.bin")
