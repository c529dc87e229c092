# Inputs and golden of center.ron: x holds small integers, so every sum is exact in float32
# whatever the order, and the mean (a sum over 8192 = 2^13 elements) is exact too: the golden
# is bit-exact. Run: python3 gen_data.py && ascstep run center.ron
import numpy as np

N = 8192
rng = np.random.default_rng(7)
x = rng.integers(0, 8, N).astype(np.float32)
mean = np.float32(x.sum(dtype=np.float64) / N)
y = (x - mean).astype(np.float32)
x.tofile("input/x.bin")
y.tofile("output/golden.bin")
