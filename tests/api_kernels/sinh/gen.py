"""Writes sinh.ron: the library's Sinh and Cosh steps (asc-devkit sinh_common_impl.h,
cosh_common_impl.h, cosh_v220_impl.h, docs/semantics.md §21.15) redone in float32 numpy (Exp
correctly rounded, as ascstep's vector Exp is: exp in float64 rounded to float32; Cosh's half
result rounded half away from zero, Atlas A2's CAST_ROUND; Sinh's to nearest even); checked
against numpy's sinh and cosh."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32, f16 = np.float32, np.float16
NEG_LN2 = f32(-0.69314718055994530941723212145818)


def exp(a):
    with np.errstate(over="ignore"):
        return np.exp(a.astype(np.float64)).astype(f32)


def sinh(x):
    return exp(x + NEG_LN2) - exp(x * f32(-1) + NEG_LN2)


def cosh(x):
    e = exp(x + NEG_LN2)
    return e + f32(0.25) / e


def to_half_round(a):
    """float32 → float16 rounding half away from zero (CAST_ROUND)."""
    out = a.astype(f16)
    for i, (v, h) in enumerate(zip(a.astype(np.float64), out)):
        if not np.isfinite(h):
            continue
        other = np.nextafter(h, f16(np.inf) if float(h) < v else f16(-np.inf))
        lo, hi = sorted([h, other], key=float)
        if float(lo) != float(hi) and v - float(lo) == float(hi) - v:
            out[i] = hi if v > 0 else lo
    return out


rng = np.random.default_rng(15)
special = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-3, -1e-3, 10.0, -20.0, 88.0, 89.5, -100.0]
xf = np.array(special + list(rng.uniform(-10, 10, 160 - len(special))), dtype=f32)
xh = np.array([0.0, 1.0, -1.0, 0.5, 2.5, -3.0, 11.0, 0.01] + list(rng.uniform(-5, 5, 88)), dtype=f16)
with np.errstate(over="ignore"):
    sf, cf = sinh(xf), cosh(xf)
    sh = sinh(xh.astype(f32)).astype(f16)
    ch = to_half_round(cosh(xh.astype(f32)))
    ok = np.abs(xf) < 80
    exact_s, exact_c = np.sinh(xf.astype(np.float64)), np.cosh(xf.astype(np.float64))
assert np.max((np.abs(sf - exact_s) / np.maximum(1, np.abs(exact_s)))[ok]) < 1e-5
assert np.max((np.abs(cf - exact_c) / exact_c)[ok]) < 1e-6
assert np.max(np.abs(sh - np.sinh(xh.astype(np.float64))) / np.maximum(1, np.abs(np.sinh(xh.astype(np.float64))))) < 1e-3

write(
    "sinh.ron",
    """Written by gen.py: the library's Sinh and Cosh steps in float32 numpy (Exp correctly
rounded; Cosh's halves back with CAST_ROUND); within 1e-5 of sinh and 1e-6 of cosh (relative
where above 1) below |x| = 80; e^(x − ln 2) overflows to inf from x ≈ 89.4.""",
    "sinh.asc",
    "sinh_kernel",
    {
        "xf": f"(dtype: float, len: 160, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 96, init: Values([{vals(xh)}]))",
        "yf": "(dtype: float, len: 320)",
        "yh": "(dtype: half, len: 192)",
    },
    {"yf": np.concatenate([sf, cf]), "yh": np.concatenate([sh, ch])},
)
