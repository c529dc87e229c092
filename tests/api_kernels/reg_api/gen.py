"""Writes reg.ron: the register-API kernel reg.asc with numpy's results (float32/float16 as the
instructions compute: one rounding of the exact result)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(28)
x = rng.uniform(-5, 5, 256).astype(np.float32)
y = rng.uniform(0.5, 4, 256).astype(np.float32)
h1 = rng.uniform(-8, 8, 128).astype(np.float16)
h2 = rng.uniform(-8, 8, 128).astype(np.float16)
xi = rng.integers(-1000, 1000, 64).astype(np.int32)

yf = np.full(1408, -7, np.float32)
yf[0:200] = (x + y)[0:200]
a, b = x[:64], y[:64]
i = np.arange(64)
yf[256:320] = np.where(i < 32, a * b, 0)  # ZEROING: the lanes of H only
yf[320:384] = np.where(i % 3 == 0, a + b, 9)  # MERGING keeps 9 off M3
yf[384:400] = (a + np.float32(1.5))[:16]  # VL16 stored; the rest keeps -7
yf[448:512] = a * np.float32(-2)
yf[512:576] = np.maximum(a, np.float32(0.5))
yf[576:640] = np.minimum(a, np.float32(0.5))
yf[640:704] = np.exp(a.astype(np.float64)).astype(np.float32)
yf[704:768] = np.abs(a)
yf[768:832] = np.maximum(a, 0)
yf[832:896] = np.sqrt(b)
yf[896:960] = np.log(b.astype(np.float64)).astype(np.float32)
yf[960:1024] = a / b
# Cast half → float: the even halves (ZERO) under UpdateMask<half>(100), lanes whose half is at
# 2i < 100; the odd ones (ONE) under UpdateMask<half>(99), 2i + 1 < 99; the rest zeroed.
yf[1024:1088] = np.where(i < 50, h1[0::2].astype(np.float32), 0)
yf[1088:1152] = np.where(i < 49, h1[1::2].astype(np.float32), 0)
# DIST_UNPACK_B16 then Cast: the first 64 halves, each in its own group.
yf[1152:1216] = h1[:64].astype(np.float32)

# Compare/Select: lt only in the first 40 lanes (ZEROING: the others' bits are 0).
lt = (a < b) & (i < 40)
yf[1216:1280] = np.where(lt, a, b)
yf[1280:1344] = np.where(a > np.float32(0.5), a, b)
yf[1344:1408] = np.where(a >= b, a, b)
# A float mask register sets bit 4i for lane i; Duplicate MERGING of uint8 1 under it: byte 4i.
yb = np.zeros(256, np.uint8)
yb[0:256:4][:64] = lt.astype(np.uint8)

yh = np.full(640, -7, np.float16)
yh[0:100] = (h1 - h2)[:100]
yh[128:256] = np.maximum(h1, h2)
yh[256:384] = np.minimum(h1, h2)
# Cast float → half (CAST_RINT) into the even places (ZERO), the odd ones 0.
yh[384:512] = 0
yh[384:512:2] = a.astype(np.float16)
# The same halves stored packed (DIST_PACK_B32): one after another.
yh[512:576] = a.astype(np.float16)

yi = np.concatenate([np.full(64, 7, np.int32), xi | 0xF0, np.trunc(a).astype(np.int32)])

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg.ron"),
    """Written by gen.py: Ascend 950's register API (reg.asc), numpy's results. yf's Exp and Ln
segments are float64 results rounded to float32, within one ulp of the device's: yf is compared
to a relative 1.2e-7.""",
    "reg.asc",
    "reg_api",
    {
        "x": f"(dtype: float, len: 256, init: Values([{ronwrite.vals(x)}]))",
        "y": f"(dtype: float, len: 256, init: Values([{ronwrite.vals(y)}]))",
        "h1": f"(dtype: half, len: 128, init: Values([{ronwrite.vals(h1)}]))",
        "h2": f"(dtype: half, len: 128, init: Values([{ronwrite.vals(h2)}]))",
        "xi": f"(dtype: int32, len: 64, init: Values([{ronwrite.vals(xi)}]))",
        "yf": "(dtype: float, len: 1408)",
        "yh": "(dtype: half, len: 640)",
        "yi": "(dtype: int32, len: 192)",
        "yb": "(dtype: uint8, len: 256)",
    },
    {"yf": yf, "yh": yh, "yi": yi, "yb": yb},
    tolerance={"yf": (1.2e-7, 0.0)},
    product="ascend_950",
)
