"""Writes atan.ron: the library's Atan steps (asc-devkit atan_common_impl.h, docs/semantics.md
§21.11) redone in float32 numpy, each step rounded as the vector instruction rounds it; the
generator checks them against numpy's arctan (the library's stated precision). Also
atan950.ron: Ascend 950's default Atan (TAYLOR_EXPANSION, atan_3510_impl.h), the same pieces
with its own TaylorExpand, Div flushing subnormal quotients, halves back to nearest even
(CAST_RINT); and atan950p.ron: its POLYNOMIAL_APPROXIMATION, each fused multiply-add rounded
once (exactly, by fractions)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32 = np.float32
F = [f32(v) for v in (1, -0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                      -0.09090909090909091, 0.07692307692307693)]


def taylor(x, level):
    sq = x * x
    d = (x * x) * F[level]
    for i in range(level - 1, 0, -1):
        d = (d + F[i]) * sq
    return (d + F[0]) * x


def transform(x, y):
    y = f32(y)
    return np.abs((x + (f32(0) - y)) / (x * y + f32(1)))


def atan(src):
    with np.errstate(all="ignore"):
        pi4, pi8, tpi8 = f32(0.78539816339744830961566084581988), f32(0.39269908169872415480783042290994), f32(0.4142135623730950)
        clip = np.maximum(np.minimum(src, f32(10000)), f32(-10000))
        a = np.abs(clip)
        dst = taylor(a, 4)
        tmp = transform(a, tpi8)
        dst = np.minimum(dst, taylor(tmp, 4) + pi8)
        tmp = np.abs((a + f32(-1)) / (a + f32(1)))
        dst = np.minimum(dst, taylor(tmp, 4) + pi4)
        t2 = transform(tmp, tpi8)
        dst = np.minimum(dst, (taylor(t2, 6) + pi8) + pi4)
        s = clip * f32(4611686018427387904.0)
        sign = s / (np.abs(s) + f32(2.168404344971009e-19))
        return dst * sign


rng = np.random.default_rng(11)
special = [0.0, -0.0, 1.0, -1.0, 0.41421356, -0.41421356, 0.5, 2.0, -3.0, 10.0, 1e-3, -1e-3, 100.0,
           1e4, -1e4, 1e5, -1e7, 3.0e38]
xf = np.array(special + list(rng.uniform(-20, 20, 200 - len(special))), dtype=f32)
xh = np.array([0.0, 1.0, -1.0, 0.4142, 2.0, -7.5, 1000.0, -60000.0] + list(rng.uniform(-8, 8, 120)), dtype=np.float16)
yf = atan(xf)
yh = atan(xh.astype(f32)).astype(np.float16)
assert np.all(np.abs(yf - np.arctan(xf.astype(np.float64))) < 1e-4), np.max(np.abs(yf - np.arctan(xf)))
assert np.all(np.abs(yh.astype(np.float64) - np.arctan(xh.astype(np.float64))) < 2e-3)

write(
    "atan.ron",
    """Written by gen.py: the library's Atan steps in float32 numpy (half: through float, back to
nearest even); within 1e-4 of numpy's arctan for the floats, 2e-3 for the halves.""",
    "atan.asc",
    "atan_kernel",
    {
        "xf": f"(dtype: float, len: 200, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 128, init: Values([{vals(xh)}]))",
        "yf": "(dtype: float, len: 200)",
        "yh": "(dtype: half, len: 128)",
    },
    {"yf": yf, "yh": yh},
)
print("max float error", np.max(np.abs(yf - np.arctan(xf.astype(np.float64)))))


def ftz(a):
    """Ascend 950's Div: a subnormal quotient flushed to zero (docs/semantics.md §6)."""
    return np.where(np.abs(a) < np.finfo(f32).tiny, f32(0) * a, a).astype(f32)


def taylor950(x, level):
    """atan_3510_impl.h's TaylorExpand: s·f_n + f_n, then (for 6) ·s + f5 and + f4 unmultiplied."""
    sq = x * x
    d = (x * x) * F[level]
    if level == 6:
        d = (d + F[6]) * sq + F[5]
    d = d + F[4]
    for i in range(3, -1, -1):
        d = d * sq + F[i]
    return d * x


def transform950(x, y):
    y = f32(y)
    return np.abs(ftz((x + (-y)) / (x * y + f32(1))))


def atan950(src):
    with np.errstate(all="ignore"):
        pi4, pi8, tpi8 = f32(0.78539816339744830961566084581988), f32(0.39269908169872415480783042290994), f32(0.4142135623730950)
        clip = np.maximum(np.minimum(src, f32(10000)), f32(-10000))
        a = np.abs(clip)
        dst = taylor950(a, 4)
        tmp = transform950(a, tpi8)
        dst = np.minimum(dst, taylor950(tmp, 4) + pi8)
        tmp = np.abs(ftz((a + f32(-1)) / (a + f32(1))))
        dst = np.minimum(dst, taylor950(tmp, 4) + pi4)
        t2 = transform950(tmp, tpi8)
        dst = np.minimum(dst, (taylor950(t2, 6) + pi8) + pi4)
        s = clip * f32(4611686018427387904.0)
        sign = ftz(s / (np.abs(s) + f32(2.168404344971009e-19)))
        return dst * sign


from fma32 import fma32  # noqa: E402


A = [f32(v) for v in (-0.333329409, 0.199887753, -0.141718030, 0.105184801, -0.0725297481, 0.0398497507,
                      -0.0143969795, 0.00245002890)]


def atan950_polynomial(x):
    """AtanPolynomialVFImpl on one float."""
    with np.errstate(all="ignore"):
        x = f32(x)
        ax = abs(x)
        p1 = bool(ax >= f32(1))
        xc = ftz(np.array([f32(1) / ax]))[0] if p1 else ax
        s = xc * xc
        y = fma32(A[7], s, A[6])
        for i in range(5, -1, -1):
            y = fma32(s, y, A[i])
        y = fma32(xc, y * s, xc)
        if p1:
            y = fma32(f32(1.68325555), f32(0.933189452), -y)
        r = (int(x.view(np.uint32)) & 0x80000000) | int(f32(y).view(np.uint32))
        return np.array([r], dtype=np.uint32).view(f32)[0]


yf950 = atan950(xf)
with np.errstate(all="ignore"):
    yh950 = atan950(xh.astype(f32)).astype(np.float16)  # numpy's float16 rounding: to nearest even
assert np.all(np.abs(yf950 - np.arctan(xf.astype(np.float64))) < 2e-4), np.max(np.abs(yf950 - np.arctan(xf)))
assert np.all(np.abs(yh950.astype(np.float64) - np.arctan(xh.astype(np.float64))) < 2e-3)
ARGS_950 = {
    "xf": f"(dtype: float, len: 200, init: Values([{vals(xf)}]))",
    "xh": f"(dtype: half, len: 128, init: Values([{vals(xh)}]))",
    "yf": "(dtype: float, len: 200)",
    "yh": "(dtype: half, len: 128)",
}
write(
    "atan950.ron",
    """Written by gen.py: Ascend 950's Atan (TAYLOR_EXPANSION) in float32 numpy, its own
TaylorExpand; halves back with CAST_RINT; within 2e-4 of numpy's arctan for the floats, 2e-3 for
the halves.""",
    "atan950.asc",
    "atan950_kernel",
    ARGS_950,
    {"yf": yf950, "yh": yh950},
    product="ascend_950",
)
print("floats where 950's Taylor differs from A2's", int(np.sum(yf950 != yf)))

pf = np.array([atan950_polynomial(v) for v in xf], dtype=f32)
assert np.all(np.abs(pf - np.arctan(xf.astype(np.float64))) < 1e-6), np.max(np.abs(pf - np.arctan(xf)))
write(
    "atan950p.ron",
    """Written by gen.py: Ascend 950's Atan by POLYNOMIAL_APPROXIMATION in float32 numpy, each fma
rounded once, in place; within 1e-6 of numpy's arctan.""",
    "atan950.asc",
    "atan950_polynomial",
    {"xf": ARGS_950["xf"], "yf": ARGS_950["yf"]},
    {"yf": pf},
    product="ascend_950",
)
print("max polynomial error", np.max(np.abs(pf - np.arctan(xf.astype(np.float64)))))
