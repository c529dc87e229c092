#!/usr/bin/env python3
"""Inputs and golden output of programs/kernel_add_tile_gm.ron, written the way an Ascend C
sample's gen_data.py writes them: whole tensors with numpy `tofile`.

612 half elements: two tiles of 256 and a tail of 100 (200 bytes, not a multiple of 32, so
the program moves it with DataCopyPad)."""
import numpy as np

N = 2 * 256 + 100
rng = np.random.default_rng(20261125)
x = rng.uniform(-100, 100, N).astype(np.float16)
y = rng.uniform(-100, 100, N).astype(np.float16)
golden = (x + y).astype(np.float16)
x.tofile("input_x.bin")
y.tofile("input_y.bin")
golden.tofile("golden.bin")
