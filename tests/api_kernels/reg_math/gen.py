"""Writes reg_math.ron: reg_math.asc with numpy's results. Float results are float64 results
rounded once to float32 (the fused forms' a·b + c, exact in float64 but for its one rounding);
Log, Log2 and Log10 are compared to a relative 1.2e-7 (one ulp of the device's)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(31)
a = rng.uniform(-5, 5, 64).astype(np.float32)
b = rng.uniform(0.25, 6, 64).astype(np.float32)
tiny = np.full(64, 1e-30, np.float32)
big = np.full(64, 1e10, np.float32)
xi = rng.integers(-32768, 32767, 128).astype(np.int16)
a64, b64 = a.astype(np.float64), b.astype(np.float64)


def f32(v):
    return np.asarray(v, np.float64).astype(np.float32)


yf = np.zeros(1280, np.float32)
yf[0:64] = -a
yf[64:128] = f32(np.log(b64))
yf[128:192] = f32(np.log2(b64))
yf[192:256] = f32(np.log10(b64))
yf[256:320] = np.abs(a - b)
yf[320:384] = np.where(a > 0, a, a * b)
yf[384:448] = np.where(a > 0, a, a * np.float32(0.25))
yf[448:512] = f32(0.5 * a64 + b64)
yf[512:576] = f32(a64 * a64 + b64)
yf[576:640] = f32(b64 * a64 + a64)
yf[640:704] = a / b
yf[704:768] = tiny / big  # 1e-40, a float32 subnormal
yf[768:832] = 0  # flushed
yf[832:896] = np.where(np.arange(64) < 32, a, 5)  # Move MERGING under H
yf[896:960] = b  # Copy without a mask
yf[960:1024] = np.rint(a)  # half to even
yf[1024:1088] = np.where(a >= 0, np.floor(a + np.float32(0.5)), np.ceil(a - np.float32(0.5)))  # half away
yf[1088:1152] = np.floor(a)
yf[1152:1216] = np.ceil(a)
yf[1216:1280] = np.where(np.arange(64) < 32, np.trunc(a), 0)  # ZEROING off H
assert yf[704] != 0 and abs(yf[704]) < np.finfo(np.float32).tiny

yi = np.zeros(896, np.int16)
yi[0:128] = xi ^ np.int16(0x0F0F)
# An arithmetic left shift keeps the sign bit and drops the one below it.
sign = xi & np.int16(-32768)
yi[128:256] = sign | ((xi.astype(np.int32) << 3) & 0x7FFF).astype(np.int16)
yi[256:384] = xi >> 2
yi[384:512] = 0  # a shift past the width
yi[512:640] = (-xi.astype(np.int32)).astype(np.int16)
yi[640:768] = np.arange(-5, 123)  # Arange up from -5
yi[768:896] = np.arange(100 + 127, 99, -1)  # Arange down to 100 (the last lane)

yw = xi.astype(np.int32)  # UnPack: sign-extended, lower half then upper half
yn = xi[:64].view(np.uint16)  # Pack: the low 16 bits of the lower half's int32

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_math.ron"),
    "Written by gen.py: Ascend 950's register arithmetic (reg_math.asc), numpy's results.",
    "reg_math.asc",
    "reg_math",
    {
        "x": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(a)}]))",
        "y": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(b)}]))",
        "t": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(tiny)}]))",
        "u": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(big)}]))",
        "xi": f"(dtype: int16, len: 128, init: Values([{ronwrite.vals(xi)}]))",
        "yf": "(dtype: float, len: 1280)",
        "yi": "(dtype: int16, len: 896)",
        "yw": "(dtype: int32, len: 128)",
        "yn": "(dtype: uint16, len: 64)",
    },
    {"yf": yf, "yi": yi, "yw": yw, "yn": yn},
    tolerance={"yf": (1.2e-7, 0.0)},
    product="ascend_950",
)
