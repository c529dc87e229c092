"""Writes sort.ron: the sorting kernel's inputs and numpy's expected outputs (docs/semantics.md
§24): a stable argsort of the negated scores (ties in input order, +0 and −0 equal), which is
what Sort32 and MrgSort's lower-list-first ties make of a full sort; the suspended merge of
run 0's top 8 and run 1 stops when the 8 are used up; the float Extract's
last GatherMask gathers all 224 indices (GetRsvdCnt)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from ronwrite import vals, write  # noqa: E402

NF, NH = 224, 160
rng = np.random.default_rng(24)
xf = (rng.integers(-300, 300, NF) / 8).astype(np.float32)
xf[[5, 40, 100, 200]] = 2.5  # ties across runs
xf[7], xf[8] = -0.0, 0.0
xh = (rng.integers(-2000, 2000, NH) / 16).astype(np.float16)
xh[[3, 70, 150]] = np.float16(-1.25)
ix = np.arange(NF, dtype=np.uint32) + 5000


def order(x):
    return np.argsort(-x.astype(np.float64), kind="stable")


of = order(xf)
oh = order(xh)
# Run 0's top 8 against run 1, merged until run 0's 8 are used up.
r0 = order(xf[:32])[:8]
r1 = 32 + order(xf[32:64])
taken = [0, 0]
while taken[0] < 8 and taken[1] < 32:
    a, b = xf[r0[taken[0]]], xf[r1[taken[1]]]
    taken[0 if a >= b else 1] += 1

write(
    os.path.join(os.path.dirname(__file__), "sort.ron"),
    __doc__.replace("Writes sort.ron: the", "Written by gen.py: the"),
    "sort.asc",
    "sort_kernel",
    {
        "xf": f"(dtype: float, len: {NF}, init: Values([{vals(xf)}]))",
        "xh": f"(dtype: half, len: {NH}, init: Values([{vals(xh)}]))",
        "ix": f"(dtype: uint32, len: {NF}, init: Ramp(start: 5000, step: 1))",
        "vf": f"(dtype: float, len: {NF})",
        "idf": f"(dtype: uint32, len: {NF})",
        "vh": f"(dtype: half, len: {NH})",
        "idh": f"(dtype: uint32, len: {NH})",
        "taken": "(dtype: uint32, len: 5)",
    },
    {
        "vf": xf[of],
        "idf": ix[of],
        "vh": xh[oh],
        "idh": ix[oh],
        "taken": taken + taken + [NF],
    },
)
