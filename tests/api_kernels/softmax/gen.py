"""Writes softmax.ron: numpy's softmax of each row, e^(x − max) / Σ e^(x − max) in float64,
rounded to the tensor's type, for the library's SoftMax on Atlas A2 (docs/semantics.md §27).
The library computes in float with its own order of additions (and the vector Exp, correctly
rounded in ascstep), so float results are compared within a relative 1e-5 and half results
(one CAST_ROUND from float) within a relative 1e-3 and 1e-7 absolute (subnormal halves).
Rows are offset by up to ±100, so a step that skipped the max would overflow e^x. With
isReuseSource the third source keeps e^(x − max) (float32 x − max, then e^): within 2e-7."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from ronwrite import vals, write  # noqa: E402

rng = np.random.default_rng(27)


def data(dtype, m, k):
    offsets = rng.uniform(-100, 100, (m, 1))
    return (rng.standard_normal((m, k)) * 3 + offsets).astype(dtype)


def softmax(x):
    w = x.astype(np.float64)
    e = np.exp(w - w.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).astype(x.dtype)


def arg(x=None, n=None, dtype=np.float32):
    name = "float" if (x.dtype if x is not None else dtype) == np.float32 else "half"
    if x is None:
        return f"(dtype: {name}, len: {n})"
    return f"(dtype: {name}, len: {x.size}, init: Values([{vals(x.ravel())}]))"


shapes = {1: (np.float32, 3, 40), 2: (np.float32, 5, 200), 3: (np.float32, 2, 640), 4: (np.float16, 4, 96),
          5: (np.float32, 1, 128), 6: (np.float16, 3, 32)}
xs = {i: data(t, m, k) for i, (t, m, k) in shapes.items()}
args, expect, tol = {}, {}, {}
for i, x in xs.items():
    args[f"x{i}"] = arg(x)
    args[f"y{i}"] = arg(None, x.size, x.dtype)
    if i == 3:
        args["x3after"] = arg(None, x.size, x.dtype)
    expect[f"y{i}"] = softmax(x).ravel()
    tol[f"y{i}"] = (1e-5, 0.0) if x.dtype == np.float32 else (1e-3, 1e-7)
x3 = xs[3]
expect["x3after"] = np.exp((x3 - x3.max(axis=1, keepdims=True)).astype(np.float64)).astype(np.float32).ravel()
tol["x3after"] = (2e-7, 0.0)
order = ["x1", "y1", "x2", "y2", "x3", "y3", "x3after", "x4", "y4", "x5", "y5", "x6", "y6"]
write(
    "softmax.ron",
    __doc__.replace("Writes softmax.ron: ", "Written by gen.py: "),
    "softmax.asc",
    "softmax",
    {k: args[k] for k in order},
    expect,
    tol,
)


# softmax_grad.ron: SoftmaxGrad against numpy's (dy − Σ y·dy) · y in float64 (isFront: Σ y·dy in
# each of the row's reduceK lanes), rounded to the tensor's type.
GRAD_DOC = """Written by gen.py: numpy's softmax gradient of each row, (dy − Σ y·dy) · y in float64
(with isFront the row sums Σ y·dy, in each element of the row's 32-byte block: 8 floats or 16
halves), rounded to the tensor's type, for the library's SoftmaxGrad on Atlas A2
(docs/semantics.md §27.1). y is a softmax of random rows and dy standard normal; the library
sums in float in its own order, and dy − Σ can cancel, so float results are compared within a
relative 1e-4 and 1e-6 absolute, half within 1e-3 and 1e-4."""
grads = {1: (np.float32, 3, 40, False), 2: (np.float32, 10, 200, False), 3: (np.float32, 5, 72, True),
         4: (np.float16, 4, 96, False), 5: (np.float16, 3, 32, True)}
gargs, gexpect, gtol = {}, {}, {}
for i, (t, m, k, front) in grads.items():
    y = softmax(rng.standard_normal((m, k)).astype(t))
    dy = rng.standard_normal((m, k)).astype(t)
    w, dw = y.astype(np.float64), dy.astype(np.float64)
    s = (w * dw).sum(axis=1, keepdims=True)
    gargs[f"y{i}"], gargs[f"dy{i}"] = arg(y), arg(dy)
    name = f"s{i}" if front else f"dx{i}"
    if front:
        lanes = 8 if t == np.float32 else 16
        out = np.repeat(s, lanes, axis=1).astype(t)
    else:
        out = ((dw - s) * w).astype(t)
    gargs[name] = arg(None, out.size, t)
    gexpect[name] = out.ravel()
    gtol[name] = (1e-4, 1e-6) if t == np.float32 else (1e-3, 1e-4)
write("softmax_grad.ron", GRAD_DOC, "softmax_grad.asc", "softmax_grad", gargs, gexpect, gtol)


# softmax_sum_max.ron: SoftMax with sum and max outputs, and AdjustSoftMaxRes.
SUM_MAX_DOC = """Written by gen.py: the library's SoftMax with sum and max outputs on Atlas A2
(docs/semantics.md §27): numpy's softmax of each row in float64 rounded to the tensor's type,
each row's max (exact: the largest element) and Σ e^(x − max) in float64, repeated over the
row's block (8 floats; 16 halves for the half outputs), compared as softmax.ron's are (float
1e-5 relative; half 1e-3 and 1e-7 absolute). Rows 1 and 3 of x1 have the largest element 100.0
exactly, so AdjustSoftMaxRes(y1, max1, bits of 100.0, −1) sets those rows of y1 to −1."""
sargs, sexpect, stol = {}, {}, {}
for i, (t, st, m, k, blk) in {1: (np.float32, np.float32, 5, 200, 8), 2: (np.float16, np.float32, 4, 96, 8),
                              3: (np.float16, np.float16, 3, 32, 16)}.items():
    x = data(t, m, k)
    if i == 1:
        for r in (1, 3):
            x[r] = np.minimum(x[r], 99)
            x[r, 7 * r] = 100
    w = x.astype(np.float64)
    mx = w.max(axis=1, keepdims=True)
    e = np.exp(w - mx)
    sm = e.sum(axis=1, keepdims=True)
    y = (e / sm).astype(t)
    if i == 1:
        y[[1, 3]] = -1
    sargs[f"x{i}"] = arg(x)
    for name, v, vt in ((f"y{i}", y, t), (f"max{i}", np.repeat(mx, blk, axis=1).astype(st), st),
                        (f"sum{i}", np.repeat(sm, blk, axis=1).astype(st), st)):
        sargs[name] = arg(None, v.size, vt)
        sexpect[name] = v.ravel()
        stol[name] = (1e-5, 0.0) if vt == np.float32 else (1e-3, 1e-7)
write("softmax_sum_max.ron", SUM_MAX_DOC, "softmax_sum_max.asc", "softmax_sum_max", sargs, sexpect, stol)
