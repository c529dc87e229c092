"""Writes reg_reduce.ron: the register reductions of reg_reduce.asc with numpy's results. The
sums are the page's binary tree over adjacent pairs, rounded to the element type at each level
(DK:Reg矢量计算/归约计算/Reduce, ReduceType::SUM累加顺序); lanes a mask leaves count as 0 (SUM),
-inf (MAX) or the type's largest value (MIN)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(31)
xh = rng.uniform(-4, 4, 128).astype(np.float16)
xh[0] = np.float16(1000.0)  # large enough that a sum from the left would round differently
xf = rng.uniform(-10, 10, 64).astype(np.float32)
xf[7] = xf[30] = np.float32(50.0)  # the first of two maxima among the first 50 lanes: 7
xf[55] = np.float32(99.0)  # beyond the mask: not the max
xi = rng.integers(-1000, 1000, 64).astype(np.int32)
xi[33] = -5000  # lane 33 is every third: the min, index 33
xi[34] = -9000  # not every third: left out
xs = rng.integers(-32768, 32767, 128).astype(np.int16)


def tree(v):
    v = list(v)
    while len(v) > 1:
        v = [v[2 * k] + v[2 * k + 1] for k in range(len(v) // 2)]
    return v[0]


def bits_as(i, dt, as_dt):
    return np.array([i], dt).view(as_dt)[0]


lane = np.arange(128)
yh = np.zeros(384, np.float16)
yh[0] = tree(xh)
yh[128] = tree(np.where(lane < 100, xh, np.float16(0)))
for b in range(8):
    yh[256 + b] = tree(xh[16 * b : 16 * b + 16])

yf = np.zeros(704, np.float32)
f50 = np.where(np.arange(64) < 50, xf, np.float32(-np.inf))
yf[0] = f50.max()
yf[1] = bits_as(int(np.argmax(f50)), np.uint32, np.float32)
for b in range(8):
    yf[64 + b] = f50[8 * b : 8 * b + 8].max()
for j in range(32):
    a, c = 2 * j, 2 * j + 1
    yf[128 + j] = (xf[a] if a < 37 else 0) + (xf[c] if c < 37 else 0)
yf[192] = xf.max()
yf[193] = bits_as(int(np.argmax(xf)), np.uint32, np.float32)
yf[256:320] = xf  # the copy
yf[320:357] = xf.max()  # Duplicate of the reduced register's lane 0, ZEROING
yf[384:448] = np.where(np.arange(64) < 50, xf.max(), xf)  # MERGING
zipped = np.empty(128, np.float32)
zipped[0::2], zipped[1::2] = xf, yf[384:448]  # Interleave: x[0], g[0], x[1], g[1], ...
yf[448:576] = zipped
yf[576:640], yf[640:704] = xf, yf[384:448]  # DeInterleave gives them back

yi = np.zeros(128, np.int32)
m3 = np.where(np.arange(64) % 3 == 0, xi, np.iinfo(np.int32).max)
yi[0] = m3.min()
yi[1] = int(np.argmin(m3))
yi[64] = int(xs.astype(np.int64).sum())

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_reduce.ron"),
    "Written by gen.py: Ascend 950's register reductions (reg_reduce.asc), numpy's results.",
    "reg_reduce.asc",
    "reg_reduce",
    {
        "xh": f"(dtype: half, len: 128, init: Values([{ronwrite.vals(xh)}]))",
        "xf": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(xf)}]))",
        "xi": f"(dtype: int32, len: 64, init: Values([{ronwrite.vals(xi)}]))",
        "xs": f"(dtype: int16, len: 128, init: Values([{ronwrite.vals(xs)}]))",
        "yh": "(dtype: half, len: 384)",
        "yf": "(dtype: float, len: 704)",
        "yi": "(dtype: int32, len: 128)",
    },
    {"yh": yh, "yf": yf, "yi": yi},
    product="ascend_950",
)
