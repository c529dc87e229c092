# A tiled, double-buffered pyasc kernel over several blocks: z = x * 2 + y on 8 blocks of 2048
# floats, each block in 8 tiles through queues of depth 2 (BUFFER_NUM = 2), so copies of one
# tile overlap the compute of the other. Run: ascstep py -- programs/py/tiled_double_buffer.py
import numpy as np

import asc
import asc.lib.runtime as rt
from asc.runtime import config

BLOCKS = 8
BLOCK_LENGTH = 2048
TILE_NUM = 8
BUFFER_NUM = 2
TILE_LENGTH = BLOCK_LENGTH // TILE_NUM // BUFFER_NUM


@asc.jit
def scaled_add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                      BLOCK_LENGTH: asc.ConstExpr[int], TILE_LENGTH: asc.ConstExpr[int],
                      LOOPS: asc.ConstExpr[int], BUFFER_NUM: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * BLOCK_LENGTH
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(que=in_x, num=BUFFER_NUM, len=TILE_LENGTH * 4)
    pipe.init_buffer(que=in_y, num=BUFFER_NUM, len=TILE_LENGTH * 4)
    pipe.init_buffer(que=out_z, num=BUFFER_NUM, len=TILE_LENGTH * 4)
    for i in range(LOOPS):
        x_local = in_x.alloc_tensor(asc.float32)
        y_local = in_y.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], count=TILE_LENGTH)
        asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], count=TILE_LENGTH)
        in_x.enque(x_local)
        in_y.enque(y_local)
        x_local = in_x.deque(asc.float32)
        y_local = in_y.deque(asc.float32)
        z_local = out_z.alloc_tensor(asc.float32)
        asc.muls(z_local, x_local, 2.0, TILE_LENGTH)
        asc.add(z_local, z_local, y_local, TILE_LENGTH)
        out_z.enque(z_local)
        in_x.free_tensor(x_local)
        in_y.free_tensor(y_local)
        z_local = out_z.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, count=TILE_LENGTH)
        out_z.free_tensor(z_local)


def test_tiled_double_buffer():
    config.set_platform(config.Backend.Model)
    rng = np.random.default_rng(seed=3)
    n = BLOCKS * BLOCK_LENGTH
    x = rng.uniform(-10, 10, n).astype(np.float32)
    y = rng.uniform(-10, 10, n).astype(np.float32)
    z = np.zeros(n, dtype=np.float32)
    scaled_add_kernel[BLOCKS, rt.current_stream()](x, y, z, BLOCK_LENGTH, TILE_LENGTH, TILE_NUM * BUFFER_NUM,
                                                   BUFFER_NUM)
    # Muls by 2 is exact; Add rounds once, as numpy's float32 addition does.
    np.testing.assert_array_equal(z, x * np.float32(2) + y)


if __name__ == "__main__":
    test_tiled_double_buffer()
    print("tiled_double_buffer: 8 blocks match numpy")
