"""Writes reg_dist.ron: reg_dist.asc with numpy's results (LoadAlign's and StoreAlign's
distributions move elements; the register shifts by a register of amounts; the Memory API's
Duplicate of a tensor's first element)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(33)
x = rng.uniform(-10, 10, 256).astype(np.float16)
xb = rng.integers(0, 256, 256).astype(np.uint8)

y = np.full(1152, -7, np.float16)
y[0:128] = x[5]  # DIST_BRC_B16
y[128:256] = np.repeat(x[0:64], 2)  # DIST_US_B16
y[256:384] = x[0:256:2]  # DIST_DS_B16
y[384:512] = x[0:256:2]  # DIST_DINTLV_B16: the even elements
y[512:640] = x[1:256:2]  # and the odd
y[640:896] = x[0:256]  # DIST_INTLV_B16 of those two
y[900] = x[7]  # DIST_FIRST_ELEMENT_B16
y[1024:1152] = x[7:135]  # DIST_NORM_B16
y[912:1012] = x[32]  # the Memory API's Duplicate of x[32:]'s first element

yb = np.full(1024, 0xEE, np.uint8)
yb[0:256] = xb[0:64].astype(np.uint32).view(np.uint8)  # DIST_UNPACK4_B8, little-endian
yb[256:512] = xb[3]  # DIST_BRC_B8
amount = xb & 7
yb[512:768] = xb >> amount  # ShiftRight by a register
yb[768:1024] = (xb.astype(np.uint16) << amount).astype(np.uint8)  # ShiftLeft, the high bits dropped

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_dist.ron"),
    "Written by gen.py: LoadAlign's and StoreAlign's distributions (reg_dist.asc), numpy's results.",
    "reg_dist.asc",
    "reg_dist",
    {
        "x": f"(dtype: half, len: 256, init: Values([{ronwrite.vals(x)}]))",
        "y": "(dtype: half, len: 1152)",
        "xb": f"(dtype: uint8, len: 256, init: Values([{ronwrite.vals(xb)}]))",
        "yb": "(dtype: uint8, len: 1024)",
    },
    {"y": y, "yb": yb},
    product="ascend_950",
)
