"""float32 arithmetic rounded once, for the generators of Ascend 950's composites whose fused
multiply-adds (MulAddDst, FusedMulAdd: one rounding on 950, docs/semantics.md §9 row 32) numpy
cannot give: exact by fractions."""
from fractions import Fraction

import numpy as np

f32 = np.float32


def round32(q):
    """The float32 nearest the rational q, ties to even (a zero keeps no sign: callers add it)."""
    v = f32(float(q))
    best = v
    for w in (np.nextafter(v, f32(-np.inf)), np.nextafter(v, f32(np.inf))):
        d, db = abs(Fraction(float(w)) - q), abs(Fraction(float(best)) - q)
        if d < db or (d == db and int(w.view(np.uint32)) % 2 == 0):
            best = w
    return best


def fma32(a, b, c):
    """a·b + c rounded once to float32 (the sign of an exact zero as IEEE's fma gives it)."""
    a, b, c = f32(a), f32(b), f32(c)
    if not all(np.isfinite([a, b, c])):
        return f32(np.float64(a) * np.float64(b) + np.float64(c))
    q = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    if q == 0:
        return f32(np.float64(a) * np.float64(b) + np.float64(c))
    return round32(q)
