"""Writes loop_mode.ron: loop_mode.asc's inputs and numpy's results. OUT_TO_UB: iteration
(j, i) moves 2 bursts of 48 bytes from GM byte i·96 + j·192 to UB byte i·128 + j·288, each burst
padded with -1 to 64 bytes; the rest of the 544 UB bytes keep the Duplicate's 0. UB_TO_OUT:
iteration i moves 40 bytes from UB byte 64·i to GM byte 50·i; then 10 bytes from UB 416 to GM
150; other GM bytes keep their 5. A count-form DataCopy of 32 bytes twice (GM and UB strides
64) into a zeroed UB: GM bytes 0..32 and 64..96 at UB 0 and 64. Compact: 3 rows of 24 halves one after another, then 8 halves
of padding 7."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from ronwrite import vals  # noqa: E402

x = (np.arange(512) % 100 + 1).astype(np.int8)
ub = np.zeros(544, dtype=np.int8)
for j in range(2):
    for i in range(2):
        s, d = i * 96 + j * 192, i * 128 + j * 288
        for b in range(2):
            ub[d + 64 * b: d + 64 * b + 48] = x[s + 48 * b: s + 48 * b + 48]
            ub[d + 64 * b + 48: d + 64 * b + 64] = -1
back = np.full(160, 5, dtype=np.int8)
for i in range(3):
    back[50 * i: 50 * i + 40] = ub[64 * i: 64 * i + 40]
back[150:160] = ub[416:426]
plain = np.zeros(128, dtype=np.int8)
plain[0:32] = x[0:32]
plain[64:96] = x[64:96]
h = (np.arange(72) - 30).astype(np.float16)
compact = np.concatenate([h, np.full(8, 7, dtype=np.float16)])

text = "".join(f"// {l}\n" for l in __doc__.replace("Writes loop_mode.ron: ", "Written by gen.py: ").splitlines())
text += f"""Program(
    product: ascend_950,
    code: Kernel(file: "loop_mode.asc", entry: "loop_mode"),
    args: {{
        "x": (dtype: int8, len: 512, init: Values([{vals(x)}])),
        "ub": (dtype: int8, len: 544),
        "back": (dtype: int8, len: 160, init: Fill(5)),
        "h": (dtype: half, len: 72, init: Values([{vals(h)}])),
        "compact": (dtype: half, len: 80),
        "plain": (dtype: int8, len: 128),
    }},
    expect: [
        (tensor: "ub", values: Values([{vals(ub)}])),
        (tensor: "back", values: Values([{vals(back)}])),
        (tensor: "compact", values: Values([{vals(compact)}])),
        (tensor: "plain", values: Values([{vals(plain)}])),
    ],
)
"""
with open(os.path.join(HERE, "loop_mode.ron"), "w") as f:
    f.write(text)
