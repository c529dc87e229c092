"""Writes asin.ron: the library's Asin and Acos steps (asc-devkit asin_common_impl.h,
acos_common_impl.h, docs/semantics.md §21.12) redone in numpy, each step rounded as the vector
instruction rounds it (float32; the half steps in float16); checked against numpy's arcsin and
arccos."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32, f16 = np.float32, np.float16
HALF_PI = f32(1.5707963267948966192313216916398)
BOUND = f32(0.70710678118654752440084436210485)
C = [f32(v) for v in (1.0, 0.16666666666666666666666666666667, 0.075, 0.04464285714285714285714285714286,
                      0.03038194444444444444444444444444, 0.02237215909090909090909090909091,
                      0.01735276442307692307692307692308, 0.01396484375)]


def taylor(x, t):
    """AsinTaylorCompute in type t: x·P(x²)."""
    c = [t(v) for v in C]
    sq = x * x
    d = (x * x) * c[7]
    for i in range(6, 0, -1):
        d = (d + c[i]) * sq
    return (d + c[0]) * x


def taylor_by_square(s):
    """AsinTaylorComputeBySquareValue (float): P(s)·√s."""
    d = (s * f32(1)) * C[7]
    for i in range(6, 0, -1):
        d = (d + C[i]) * s
    return (d + C[0]) * np.sqrt(s)


def sign(x, t):
    big, small = (t(4611686018427387904.0), t(f32(2.168404344971009e-19))) if t is f32 else (t(32768), t(3.0517578125e-05))
    s = x * big
    return s / (np.abs(s) + small)


def asin_f(x):
    t2 = (x * x) * f32(-1) + f32(1)
    r2 = taylor(np.sqrt(t2), f32) * f32(-1) + HALF_PI
    d = taylor_by_square(x * x)
    a = np.sqrt(x * x)
    choice = np.floor(np.minimum(a, BOUND) + (-BOUND)).astype(np.int32).astype(f32) * f32(-1)
    d = d * choice + r2 * (choice * f32(-1) + f32(1))
    return d * sign(x, f32)


def asin_h(x):
    """The half path; returns (half result, the float result Acos continues from)."""
    f2 = x.astype(f32)
    f2 = (f2 * f2) * f32(-1) + f32(1)
    f1 = taylor_by_square(f2) * f32(-1) + HALF_PI
    h2 = np.abs(x)
    d = taylor(h2, f16)
    h2 = np.minimum(h2, f16(BOUND)) + f16(-BOUND)
    h2 = np.floor(h2).astype(np.int8).astype(f16) * f16(-1)
    d = d * h2
    h2 = h2 * f16(-1) + f16(1)
    f1 = d.astype(f32) + f1 * h2.astype(f32)
    f1 = f1 * sign(x, f16).astype(f32)
    return f1.astype(f16), f1


rng = np.random.default_rng(12)
with np.errstate(all="ignore"):
    special = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.70710677, 0.70710683, -0.7071068, 0.99, -0.999, 1e-3, 1e-30]
    xf = np.array(special + list(rng.uniform(-1, 1, 160 - len(special))), dtype=f32)
    xh = np.array([0.0, 1.0, -1.0, 0.5, 0.7071, 0.708, -0.9995, 0.001] + list(rng.uniform(-1, 1, 88)), dtype=f16)
    asf = asin_f(xf)
    acf = (asf + (-HALF_PI)) * f32(-1)
    ash, ash_float = asin_h(xh)
    ach = ((ash_float + (-HALF_PI)) * f32(-1)).astype(f16)
exact = np.arcsin(xf.astype(np.float64))
assert np.max(np.abs(asf - exact)) < 1e-4, np.max(np.abs(asf - exact))
assert np.max(np.abs(acf - np.arccos(xf.astype(np.float64)))) < 1e-4
assert np.max(np.abs(ash.astype(np.float64) - np.arcsin(xh.astype(np.float64)))) < 2e-3
assert np.max(np.abs(ach.astype(np.float64) - np.arccos(xh.astype(np.float64)))) < 2e-3

write(
    "asin.ron",
    """Written by gen.py: the library's Asin and Acos steps in numpy (float32; the half path's
half steps in float16); within 1e-4 of numpy's arcsin/arccos for floats, 2e-3 for halves.""",
    "asin.asc",
    "asin_kernel",
    {
        "xf": f"(dtype: float, len: 160, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 96, init: Values([{vals(xh)}]))",
        "yf": "(dtype: float, len: 320)",
        "yh": "(dtype: half, len: 192)",
    },
    {"yf": np.concatenate([asf, acf]), "yh": np.concatenate([ash, ach])},
)
print("max float asin error", np.max(np.abs(asf - exact)))
