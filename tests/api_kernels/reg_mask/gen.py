"""Writes reg_mask.ron: the mask-register logic kernel reg_mask.asc with numpy's results. A
mask is modelled as its float lanes (bit 4i of the register for lane i, docs/semantics.md §29),
a half mask as its elements (bit 2i), a byte mask as its bytes."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import ronwrite  # noqa: E402

rng = np.random.default_rng(29)
a = rng.uniform(-5, 5, 64).astype(np.float32)
b = rng.uniform(-5, 5, 64).astype(np.float32)
i = np.arange(64)
lt = a < b
first40 = i < 40
m3 = i % 3 == 0


def sel(m):
    return np.where(m, a, b)


yf = np.full(960, -7, np.float32)
yf[0:64] = sel(lt & first40)
yf[64:128] = sel(~lt & first40)  # MaskNot zeroes the bits its mask leaves
yf[128:192] = sel((lt | m3) & first40)
yf[192:256] = sel(lt ^ m3)
yf[256:320] = sel(np.where(first40, lt, m3))  # MaskSel: src0 where the mask is set
yf[320:384] = sel(lt & m3)  # Move under a mask: the others 0
yf[384:448] = np.where(lt, a, -7)  # a store under MaskMov's copy of lt
yf[448:512] = sel(i < 20)  # UnPack LOWEST of a half mask of 20
yf[512:576] = sel(i < 16)  # UnPack HIGHEST of a half mask of 80: elements 64..80
yf[576:640] = sel(lt)  # lt stored and loaded back
yf[640:704] = sel(lt)  # lt stored packed, loaded with each bit twice
z = np.empty(128, bool)
z[0::2], z[1::2] = lt, m3  # Interleave: lt[0], m3[0], lt[1], m3[1], ...
yf[704:768] = sel(z[:64])
yf[768:832] = sel(z[64:])
yf[832:896] = sel(lt)  # DeInterleave: the even elements
yf[896:960] = sel(m3)  # and the odd ones

# Pack of a float mask of 40 lanes (bits 4i): its even bits, bits 2i, i < 40, into the low half
# (bits 0..128) or the high half (bits 128..256); one byte per bit, bytes 0/1 by Duplicate.
yb = np.zeros(576, np.uint8)
yb[0:80:2] = 1
yb[256 + 128 : 256 + 208 : 2] = 1
# lt's register bytes: lane 2k in bit 0 of byte k, lane 2k + 1 in bit 4.
yb[512:544] = lt[0::2].astype(np.uint8) | (lt[1::2].astype(np.uint8) << 4)


def packed(m):
    # Even bits of a float mask (bit 4i for lane i) into 16 bytes: byte k's bit 2j is lane 4k + j.
    out = np.zeros(16, np.uint8)
    for k in range(16):
        for j in range(4):
            out[k] |= np.uint8(m[4 * k + j]) << (2 * j)
    return out


yb[544:560] = packed(lt)
yb[560:576] = packed(first40)

ronwrite.write(
    os.path.join(os.path.dirname(__file__), "reg_mask.ron"),
    "Written by gen.py: Ascend 950's mask-register logic (reg_mask.asc), numpy's results.",
    "reg_mask.asc",
    "reg_mask",
    {
        "x": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(a)}]))",
        "y": f"(dtype: float, len: 64, init: Values([{ronwrite.vals(b)}]))",
        "yf": "(dtype: float, len: 960)",
        "yb": "(dtype: uint8, len: 576)",
    },
    {"yf": yf, "yb": yb},
    product="ascend_950",
)
