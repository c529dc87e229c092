# The library's RmsNorm from pyasc (asc.adv.rmsnorm): 8 rows of 64 floats, y = x·(Σx²/64 + ε)^(−½)·γ,
# its tiling computed on the host as CANN's GetRmsNormTilingInfo computes it (two rows a piece
# for a buffer of 2·64 + 8 floats: four pieces). Run: ascstep py -- programs/py/rmsnorm.py
import numpy as np

import asc
import asc.lib.runtime as rt
from asc.runtime import config

ROWS, H, EPS = 8, 64, 1e-5


def tiling_for(rows, h, buffer_floats):
    per = 1
    while buffer_floats >= (per + 1) * h + (per + 8) // 8 * 8:
        per += 1
    per = min(per, rows)
    return asc.adv.RmsNormTiling(
        b_length=1, s_length=rows, h_length=h, original_h_length=h, reciprocal_of_h_length=1.0 / h,
        main_bsh_length=per * h, main_bs_length=per, main_bs_length_align=(per + 7) // 8 * 8,
        loop_round=rows // per, input_tail_pos=rows // per * per * h, tail_bsh_length=rows % per * h,
        tail_bs_length=rows % per)


@asc.jit
def rmsnorm_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, y: asc.GlobalAddress,
                   tiling: asc.adv.RmsNormTiling, tmp_bytes: int):
    x_gm = asc.GlobalTensor()
    g_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    g_gm.set_global_buffer(gamma)
    y_gm.set_global_buffer(y)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, ROWS * H * 4 * 2 + H * 4 + tmp_bytes)
    x_ub = buf.get(asc.float32)
    y_ub = x_ub[ROWS * H:]
    g_ub = y_ub[ROWS * H:]
    tmp = g_ub[H:].reinterpret_cast(asc.uint8)
    asc.data_copy(x_ub, x_gm, count=ROWS * H)
    asc.data_copy(g_ub, g_gm, count=H)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adv.rmsnorm(y_ub, x_ub, g_ub, EPS, tiling, temp_buffer=tmp)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, y_ub, count=ROWS * H)


def test_rmsnorm():
    config.set_platform(config.Backend.Model)
    rng = np.random.default_rng(seed=11)
    x = rng.standard_normal(ROWS * H).astype(np.float32)
    gamma = rng.uniform(0.5, 1.5, H).astype(np.float32)
    y = np.zeros(ROWS * H, dtype=np.float32)
    tmp_floats = 2 * H + 8
    rmsnorm_kernel[1, rt.current_stream()](x, gamma, y, tiling_for(ROWS, H, tmp_floats), tmp_floats * 4)
    rows = x.reshape(ROWS, H).astype(np.float64)
    want = rows / np.sqrt((rows * rows).mean(axis=1, keepdims=True) + EPS) * gamma
    np.testing.assert_allclose(y.reshape(ROWS, H), want, rtol=1e-5, atol=1e-6)


if __name__ == "__main__":
    test_rmsnorm()
    print("RmsNorm matches numpy")
