"""Writes inverse_hyperbolic.ron: the library's Asinh, Acosh and Atanh steps (asc-devkit
asinh_common_impl.h, acosh_common_impl.h, atanh_common_impl.h, docs/semantics.md §21.16) redone
in float32 numpy, each step rounded as the vector instruction rounds it (Ln correctly rounded, as
ascstep's vector Ln is: log in float64 rounded to float32; halves through float, back to nearest
even); checked against numpy's arcsinh, arccosh, arctanh."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32, f16 = np.float32, np.float16


def ln(a):
    with np.errstate(all="ignore"):
        return np.log(a.astype(np.float64)).astype(f32)


def asinh(x):
    a = np.abs(x)
    t = ln(np.sqrt(a * a + f32(1)) + a)
    s = x * f32(4611686018427387904.0)
    return t * (s / (np.abs(s) + f32(2.168404344971009e-19)))


def acosh(x):
    t = x + np.sqrt(x * x + f32(-1))
    return ln(t * (t / t))


def atanh(x):
    return ln((x + f32(1)) / (x * f32(-1) + f32(1))) * f32(0.5)


rng = np.random.default_rng(16)
with np.errstate(all="ignore"):
    a = np.array([0.0, -0.0, 1.0, -1.0, 1e-3, -1e-20, 100.0, -3e4] + list(rng.uniform(-20, 20, 88)), dtype=f32)
    b = np.array([1.0, 1.5, 2.0, 1e4, 0.5, np.inf] + list(rng.uniform(1, 30, 90)), dtype=f32)
    c = np.array([0.0, -0.0, 0.5, -0.5, 0.999, -0.999, 1.0, -1.0] + list(rng.uniform(-0.99, 0.99, 88)), dtype=f32)
    ha = np.array([0.0, 1.0, -1.0, 5.0] + list(rng.uniform(-8, 8, 60)), dtype=f16)
    hb = np.array([1.0, 2.0, 100.0, 1.25] + list(rng.uniform(1, 8, 60)), dtype=f16)
    hc = np.array([0.0, 0.5, -0.5, 0.9] + list(rng.uniform(-0.95, 0.95, 60)), dtype=f16)
    yf = np.concatenate([asinh(a), acosh(b), atanh(c)])
    yh = np.concatenate([asinh(ha.astype(f32)), acosh(hb.astype(f32)), atanh(hc.astype(f32))]).astype(f16)
    exact = np.concatenate([np.arcsinh(a.astype(np.float64)), np.arccosh(b.astype(np.float64)), np.arctanh(c.astype(np.float64))])
    ok = np.isfinite(exact)
    assert np.all(np.isnan(yf[~ok & np.isnan(exact)]))
    rel = np.abs(yf[ok] - exact[ok]) / np.maximum(1, np.abs(exact[ok]))
    assert np.max(rel) < 1e-4, np.max(rel)

write(
    "inverse_hyperbolic.ron",
    """Written by gen.py: the library's Asinh, Acosh and Atanh steps in float32 numpy (Ln correctly
rounded; halves through float); within 1e-4 of numpy's (relative where above 1); acosh(0.5) is
NaN, acosh(inf) NaN (inf/inf), atanh(±1) ±inf.""",
    "inverse_hyperbolic.asc",
    "inverse_hyperbolic",
    {
        "xf": f"(dtype: float, len: 288, init: Values([{vals(np.concatenate([a, b, c]))}]))",
        "xh": f"(dtype: half, len: 192, init: Values([{vals(np.concatenate([ha, hb, hc]))}]))",
        "yf": "(dtype: float, len: 288)",
        "yh": "(dtype: half, len: 192)",
    },
    {"yf": yf, "yh": yh},
)
print("max rel", np.max(rel))
