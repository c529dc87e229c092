"""Writes erf.ron: the library's Erf and Erfc steps (asc-devkit erf_common_impl.h,
erfc_common_impl.h, docs/semantics.md §21.14) redone in float32 numpy, each step rounded as the
vector instruction rounds it (Exp correctly rounded, as ascstep's vector Exp is: exp in float64
rounded to float32; the half result rounded half away from zero, Atlas A2's CAST_ROUND); checked
against math.erf/erfc. Also erf950.ron: Ascend 950's default Erf (PADE_APPROXIMATION,
erf_3510_impl.h), the same float steps, its half result rounded to nearest even (CAST_RINT);
and erf950s.ron: its subsection polynomial (ErfSubsectionCompute, ErfSpecialCaseCompute), each
fused multiply-add rounded once (exactly, by fractions), Exp and Ln correctly rounded with 950's
flush of subnormal results to zero; and erfc950.ron: its Erfc (erfc_3510_impl.h), the same
pieces as Atlas A2's in another order, Exp and Div flushing subnormal results."""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

f32, f16 = np.float32, np.float16
P = [f32(v) for v in (0.29639384698e5, 0.50637915060e4, 0.13938061484e4, 0.10162808918e3, 0.75517016694e1, 0.053443748819)]
Q = [f32(v) for v in (0.26267224157e5, 0.13243365831e5, 0.30231248150e4, 0.39856963806e3, 0.31212858877e2)]
R = [f32(v) for v in (0.1735313680e-7, -0.9856738394e-6, 0.2517003236e-4, -0.3848015171e-3, 0.5681528564e0,
                      0.5245623129e1, 0.2107740710e2, 0.4212761755e2, 0.4380524149e2)]
S = [f32(v) for v in (0.9349684299e1, 0.3756930664e2, 0.8058268949e2, 0.9155653738e2, 0.4380524152e2)]


def erf(x):
    x = np.maximum(np.minimum(x, f32(3.92)), f32(-3.92))
    t1 = x * x
    t2 = t1 * P[5]
    for i in range(4, 0, -1):
        t2 = t1 * (t2 + P[i])
    t2 = x * (t2 + P[0])
    t3 = t1 + Q[4]
    for i in range(3, -1, -1):
        t3 = t1 * t3 + Q[i]
    return t2 / t3


def erfc(x):
    x = np.maximum(np.minimum(x, f32(10)), f32(-10))
    z = np.abs(x) + f32(2.168404344971009e-19)
    s = x / z
    c4 = z * R[0] + R[1]
    for i in range(2, 9):
        c4 = z * c4 + R[i]
    c3 = z + S[0]
    for i in range(1, 5):
        c3 = z * c3 + S[i]
    c3 = c4 / c3
    e = np.exp(((z * z) * f32(-1)).astype(np.float64)).astype(f32)
    c3 = (e * c3) * s
    return c3 + (s * f32(-1) + f32(1))


def to_half_round(a):
    """float32 → float16 rounding half away from zero (CAST_ROUND)."""
    out = a.astype(f16)
    for i, (v, h) in enumerate(zip(a.astype(np.float64), out)):
        lo, hi = sorted([h, np.nextafter(h, f16(np.inf) if float(h) < v else f16(-np.inf))], key=float)
        if float(lo) != float(hi) and v - float(lo) == float(hi) - v:
            out[i] = hi if v > 0 else lo
    return out


rng = np.random.default_rng(14)
special = [0.0, -0.0, 1.0, -1.0, 0.5, 3.92, 4.0, -5.0, 9.0, 10.0, 11.0, -12.0, 1e-3, -26.0]
xf = np.array(special + list(rng.uniform(-5, 5, 160 - len(special))), dtype=f32)
xh = np.array([0.0, 1.0, -1.0, 0.5, 2.5, -3.0, 4.5, 0.01] + list(rng.uniform(-4, 4, 88)), dtype=f16)
with np.errstate(all="ignore"):
    ef, ecf = erf(xf), erfc(xf)
    eh = to_half_round(erf(xh.astype(f32)))
    ech = to_half_round(erfc(xh.astype(f32)))
ex = np.array([math.erf(float(v)) for v in xf])
exc = np.array([math.erfc(float(v)) for v in xf])
assert np.max(np.abs(ef - ex)) < 1e-6, np.max(np.abs(ef - ex))
assert np.max(np.abs(ecf - exc) / np.maximum(exc, 1e-30) * (exc > 1e-30)) < 1e-5
assert np.max(np.abs(eh.astype(np.float64) - [math.erf(float(v)) for v in xh])) < 1e-3
assert np.max(np.abs(ech.astype(np.float64) - [math.erfc(float(v)) for v in xh])) < 2e-3

write(
    "erf.ron",
    """Written by gen.py: the library's Erf and Erfc steps in float32 numpy (Exp correctly
rounded; halves back with CAST_ROUND); within 1e-6 of erf for floats, 1e-5 relative of erfc.""",
    "erf.asc",
    "erf_kernel",
    {
        "xf": f"(dtype: float, len: 160, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: 96, init: Values([{vals(xh)}]))",
        "yf": "(dtype: float, len: 320)",
        "yh": "(dtype: half, len: 192)",
    },
    {"yf": np.concatenate([ef, ecf]), "yh": np.concatenate([eh, ech])},
)
print("max erf error", np.max(np.abs(ef - ex)))

# The 950 kernels' arguments: the same inputs, one output of each.
ARGS_950 = {
    "xf": f"(dtype: float, len: 160, init: Values([{vals(xf)}]))",
    "xh": f"(dtype: half, len: 96, init: Values([{vals(xh)}]))",
    "yf": "(dtype: float, len: 160)",
    "yh": "(dtype: half, len: 96)",
}


def write_950(path, comment, entry, yf, yh):
    """An Ascend 950 program of erf950.asc's `entry` expecting `yf` and `yh`."""
    write(path, comment, "erf950.asc", entry, ARGS_950, {"yf": yf, "yh": yh}, product="ascend_950")


with np.errstate(all="ignore"):
    eh950 = erf(xh.astype(f32)).astype(f16)  # numpy's float16 rounding: to nearest even
assert np.max(np.abs(eh950.astype(np.float64) - [math.erf(float(v)) for v in xh])) < 1e-3
write_950(
    "erf950.ron",
    """Written by gen.py: Ascend 950's Erf (PADE_APPROXIMATION) in float32 numpy, the same steps
as Atlas A2's; halves back with CAST_RINT; within 1e-6 of erf for floats.""",
    "erf950_kernel",
    ef,
    eh950,
)
print("halves where CAST_RINT and CAST_ROUND differ", int(np.sum(eh950 != eh)))


from fma32 import fma32  # noqa: E402


def ftz(v):
    return f32(0.0) if v != 0 and abs(v) < np.finfo(f32).tiny else v


def bits(u):
    return np.array([u], dtype=np.uint32).view(f32)[0]


P1 = [bits(u) for u in (0x38EB4C3A, 0xBAAE005B, 0x3C09919F, 0xBD24D99A, 0x3E235519, 0x3F69B4F9, 0x3F210A14)]
P2 = [bits(u) for u in (0x38B1E96A, 0xBA574D20, 0x3BAAD5EA, 0xBCDC1BE7, 0x3DE718AF, 0xBEC093AC, 0x3E0375D3)]
C0 = bits(0x3F8060FE)
LN2 = f32(math.log(2.0))


def erf_subsection(x):
    x = f32(x)
    f5 = abs(x)
    p2 = bool(f5 >= C0)
    f7 = f5 if p2 else x * x
    acc = P1[0] if p2 else P2[0]
    for i in range(1, 7):
        acc = fma32(acc, f7, P1[i] if p2 else P2[i])
    f22 = -f5 if p2 else x
    f26 = fma32(acc, f22, f22)
    if f5 < C0:
        return f26
    f23 = ftz(f32(np.exp(np.float64(f32(f26 * LN2)))))
    f25 = f32(1) - f23
    r4 = (int(x.view(np.uint32)) & 0x80000000) | int(f25.view(np.uint32))
    return np.array([r4], dtype=np.uint32).view(f32)[0]


with np.errstate(all="ignore"):
    sf = np.array([erf_subsection(v) for v in xf], dtype=f32)
    sh = np.array([erf_subsection(f32(v)) for v in xh], dtype=f32).astype(f16)
assert np.max(np.abs(sf - ex)) < 2e-7, np.max(np.abs(sf - ex))
assert np.max(np.abs(sh.astype(np.float64) - [math.erf(float(v)) for v in xh])) < 1e-3
write_950(
    "erf950s.ron",
    """Written by gen.py: Ascend 950's Erf by the subsection polynomial in float32 numpy, each fma
rounded once; halves back with CAST_RINT; within 2e-7 of erf for floats.""",
    "erf950_subsection",
    sf,
    sh,
)
print("max subsection erf error", np.max(np.abs(sf - ex)), "floats where the two forms differ", int(np.sum(sf != ef)))


def erfc_950(x):
    """erfc_3510_impl.h's ErfcClip and ErfcPublicSteps, each step rounded to float32."""
    x = np.maximum(np.minimum(f32(x), f32(10)), f32(-10))
    xa = np.abs(x) + f32(2.168404344971009e-19)
    d = ftz(f32(np.exp(np.float64(-(xa * xa)))))
    z = np.minimum(xa, f32(10))
    xb = ftz(x / xa)
    d = d * xb
    r = z * R[0] + R[1]
    for k in R[2:]:
        r = r * z + k
    d = d * r
    s_ = z + S[0]
    for k in S[1:]:
        s_ = s_ * z + k
    d = ftz(d / s_)
    return d + (f32(1) - xb)


with np.errstate(all="ignore"):
    cf = np.array([erfc_950(v) for v in xf], dtype=f32)
    ch = np.array([erfc_950(f32(v)) for v in xh], dtype=f32).astype(f16)
assert np.max(np.abs(cf - exc) / np.maximum(exc, 1e-30) * (exc > 1e-30)) < 1e-5
assert np.max(np.abs(ch.astype(np.float64) - [math.erfc(float(v)) for v in xh])) < 2e-3
write_950(
    "erfc950.ron",
    """Written by gen.py: Ascend 950's Erfc in float32 numpy (Exp correctly rounded, Exp and Div
flushing subnormal results); halves back with CAST_RINT; within 1e-5 relative of erfc.""",
    "erfc950_kernel",
    cf,
    ch,
)
print("floats where 950's Erfc and A2's differ", int(np.sum(cf != ecf)))
