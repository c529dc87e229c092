"""Writes select_bytes.ron (Atlas A2) and select_bytes_inference.ron (Atlas inference): numpy's where(mask == 0, src, scalar) for the library's Select by a
byte mask (the scalar-first form: where(mask == 0, scalar, src)), over each row's first
srcLastAxis mask elements. Where the library's steps give another result than that formula the
expectation follows the steps (docs/semantics.md §26): an int32 mask is read through its bits as
a float, so -2^31 is -0.0, which equals 0, and a NaN's bits (-1, -2, -3, 0x7FC00000) compare
not-equal to 0 as false on Atlas A2 (§6: Compares NE with NaN is false), so in the scalar-first
form both select the scalar as a 0 would (on inference, whose NE is IEEE's, a NaN's bits select
the tensor). The int16 mask of the third call, isReuseMask false, is unchanged."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

rng = np.random.default_rng(26)
sh = (rng.integers(-400, 400, 64) / 8).astype(np.float16)
m8 = rng.integers(0, 2, 128).astype(np.uint8)
m8[64:96] = 1  # row 0's dropped tail: nonzero, so a step that read it would show
sf = (rng.standard_normal(32) * 10).astype(np.float32)
m32 = rng.integers(-3, 3, 32).astype(np.int32)
m32[:6] = [0, 7, -1, 0x7FC00000, 1, -(2**31)]  # a NaN's bits, a subnormal's bits, -0.0's bits
m16 = rng.integers(0, 3, 64).astype(np.int16)

y1 = np.where(m8.reshape(2, 64)[:, :32].reshape(64) == 0, sh, np.float16(35.5))
bits = m32.view(np.float32)
m32_as_zero = (bits == 0) | np.isnan(bits)  # the steps' NE 0, false for -0.0 and NaN
y2 = np.where(m32_as_zero, np.float32(-2.25), sf)
y3 = np.where(m16.reshape(2, 32)[:, :16].reshape(32) == 0, sh[:32], np.float16(-1.0))
args = {
    "sh": f"(dtype: half, len: 64, init: Values([{vals(sh)}]))",
    "m8": f"(dtype: uint8, len: 128, init: Values([{vals(m8)}]))",
    "sf": f"(dtype: float, len: 32, init: Values([{vals(sf)}]))",
    "m32": f"(dtype: int32, len: 32, init: Values([{vals(m32)}]))",
    "m16": f"(dtype: int16, len: 64, init: Values([{vals(m16)}]))",
    "y1": "(dtype: half, len: 64)",
    "y2": "(dtype: float, len: 32)",
    "y3": "(dtype: half, len: 32)",
    "m16out": "(dtype: int16, len: 64)",
}
y2_inference = np.where(bits == 0, np.float32(-2.25), sf)
doc = __doc__.replace(
    "Writes select_bytes.ron (Atlas A2) and select_bytes_inference.ron (Atlas inference): ", "Written by gen.py: "
)
for path, product, y2_of in (("select_bytes.ron", "atlas_a2", y2), ("select_bytes_inference.ron", "atlas_inference", y2_inference)):
    write(path, doc, "select_bytes.asc", "select_bytes", args, {"y1": y1, "y2": y2_of, "y3": y3, "m16out": m16})
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("product: atlas_a2", f"product: {product}"))
