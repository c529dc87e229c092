"""Writes programs/instr_data_copy_nd.ron: the multi-dimensional DataCopy GM → UB on the five
2-D scenarios of DK:数据搬运/GMToUB多维数据搬运NDDMA(DataCopy) (their loopInfo as the page gives
it) and a 3-D half move, each expected value from numpy: np.pad (mode "constant" or "edge")
of the source slice the loops select, placed at the destination strides; destination elements
no position reaches keep their initial fill."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "instr_data_copy_nd.ron")
x = np.arange(2048, dtype=np.float32)  # "x": GM, 0, 1, 2, ...
h = (np.arange(105) % 50 - 20).astype(np.float16)  # "h": GM, 3 × 5 × 7 halves


def move(src, src_off, loops, dst_len, fill, pad_value=None, nearest=False, dtype=np.float32):
    """loops: (size, src_stride, dst_stride, left, right), innermost first."""
    sizes = [l[0] for l in loops][::-1]
    idx = np.zeros(sizes, dtype=np.int64) + src_off
    for axis, l in enumerate(loops[::-1]):
        shape = [1] * len(loops)
        shape[axis] = l[0]
        idx = idx + np.arange(l[0]).reshape(shape) * l[1]
    block = src[idx]
    widths = [(l[3], l[4]) for l in loops[::-1]]
    if nearest:
        block = np.pad(block, widths, mode="edge")
    else:
        block = np.pad(block, widths, mode="constant", constant_values=pad_value)
    dst = np.full(dst_len, fill, dtype=dtype)
    pos = np.zeros(block.shape, dtype=np.int64)
    for axis, l in enumerate(loops[::-1]):
        shape = [1] * len(loops)
        shape[axis] = block.shape[axis]
        pos = pos + np.arange(block.shape[axis]).reshape(shape) * l[2]
    dst[pos.ravel()] = block.ravel()
    return dst


def vals(a):
    return ", ".join(repr(float(v)) for v in a)


def main():
    cases = [
        # (name, len, src, src offset, loops, pad, nearest, dtype, fill, comment)
        ("pad", 2048, "x", 0, [(32, 1, 1, 15, 17), (16, 32, 64, 13, 3)], -1.0, False, np.float32, 0.0,
         "场景1 2D Padding, constant: a [16, 32] source into [32, 64], padding -1"),
        ("near", 1024, "x", 0, [(15, 1, 1, 11, 6), (28, 15, 32, 3, 1)], None, True, np.float32, 0.0,
         "场景2 2D Padding, nearest value: a [28, 15] source into [32, 32]"),
        ("trans", 1024, "x", 0, [(64, 1, 16, 0, 0), (16, 64, 1, 0, 0)], 0.0, False, np.float32, 0.0,
         "场景3 2D Transpose: [16, 64] into [64, 16]"),
        ("bcast", 48, "x", 100, [(16, 1, 1, 0, 0), (3, 0, 16, 0, 0)], 0.0, False, np.float32, 0.0,
         "场景4 2D BroadCast: 16 elements (from x[100]) into [3, 16]"),
        ("slice", 256, "x", 0, [(16, 1, 1, 0, 0), (16, 64, 16, 0, 0)], 0.0, False, np.float32, 0.0,
         "场景5 2D Slice: 16 × 16 of a [32, 64] source"),
        ("cube", 448, "h", 0, [(7, 1, 1, 1, 2), (5, 7, 16, 2, 0), (3, 35, 112, 0, 1)], 7.0, False, np.float16, -9.0,
         "3-D half: [3, 5, 7] padded to [4, 7, 10] at strides (112, 16, 1), padding 7; x 10..16 of each row never written (-9)"),
    ]

    tensors, code, expect = [], [], []
    addr = 0
    for name, n, src, off, loops, pad, nearest, dt, fill, _ in cases:
        t = "half" if dt == np.float16 else "float"
        tensors.append(f'        "{name}": (dtype: {t}, addr: {addr:#06x}, len: {n}, init: Fill({fill})),')
        addr += (n * np.dtype(dt).itemsize + 31) // 32 * 32
        ls = ", ".join(f"(size: {a}, src_stride: {b}, dst_stride: {c}, left: {d}, right: {e})" for a, b, c, d, e in loops)
        padding = "nearest: true" if nearest else f"pad_value: {pad}"
        code.append(f'        DataCopy(dst: "{name}", src: "{src}[{off}]", loops: [{ls}], {padding}),')
        source = x if src == "x" else h
        expect.append(f'        (tensor: "{name}", values: Values([{vals(move(source, off, loops, n, fill, pad, nearest, dt))}])),')

    header = __doc__.replace("Writes programs/instr_data_copy_nd.ron: the", "Source: the").strip().splitlines()
    header += ["(Written by programs/data/data_copy_nd/gen.py.)"] + ["- " + c[-1] for c in cases]
    text = "".join(f"// {l}\n" for l in header)
    text += "Program(\n    name: \"DataCopy GM → UB over several dimensions (NdDmaParams)\",\n    product: ascend_950,\n    tensors: {\n"
    text += "\n".join(tensors) + "\n    },\n    gm: {\n"
    text += '        "x": (dtype: float, len: 2048, init: Ramp(start: 0, step: 1)),\n'
    text += f'        "h": (dtype: half, len: 105, init: Values([{vals(h)}])),\n'
    text += "    },\n    code: [\n" + "\n".join(code) + "\n    ],\n    expect: [\n" + "\n".join(expect) + "\n    ],\n)\n"
    with open(OUT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
