# Adds, Not and And (asc.adds, asc.bitwise_not, asc.bitwise_and) on int16 in one pyasc kernel:
# z1 = x + 1000 (wrapping as int16 does), z2 = ~x, z3 = x & y, each over 512 elements in count
# form. Run: ascstep py -- programs/py/adds_not_and.py
import numpy as np

import asc
import asc.lib.runtime as rt
from asc.runtime import config

N = 512


@asc.jit
def adds_not_and_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, 1)
    in_y = asc.TQue(asc.TPosition.VECIN, 1)
    out_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_x, num=1, len=N * 2)
    pipe.init_buffer(que=in_y, num=1, len=N * 2)
    pipe.init_buffer(que=out_z, num=1, len=3 * N * 2)
    x_local = in_x.alloc_tensor(asc.int16)
    y_local = in_y.alloc_tensor(asc.int16)
    asc.data_copy(x_local, x_gm, count=N)
    asc.data_copy(y_local, y_gm, count=N)
    in_x.enque(x_local)
    in_y.enque(y_local)
    x_local = in_x.deque(asc.int16)
    y_local = in_y.deque(asc.int16)
    z_local = out_z.alloc_tensor(asc.int16)
    asc.adds(z_local, x_local, 1000, N)
    asc.bitwise_not(z_local[N:], x_local, N)
    asc.bitwise_and(z_local[2 * N:], x_local, y_local, N)
    out_z.enque(z_local)
    in_x.free_tensor(x_local)
    in_y.free_tensor(y_local)
    z_local = out_z.deque(asc.int16)
    asc.data_copy(z_gm, z_local, count=3 * N)
    out_z.free_tensor(z_local)


def test_adds_not_and():
    config.set_platform(config.Backend.Model)
    rng = np.random.default_rng(seed=11)
    x = rng.integers(-32768, 32767, N, dtype=np.int16)
    y = rng.integers(-32768, 32767, N, dtype=np.int16)
    z = np.zeros(3 * N, dtype=np.int16)
    adds_not_and_kernel[1, rt.current_stream()](x, y, z)
    np.testing.assert_array_equal(z[:N], (x.astype(np.int32) + 1000).astype(np.int16))
    np.testing.assert_array_equal(z[N:2 * N], ~x)
    np.testing.assert_array_equal(z[2 * N:], x & y)


if __name__ == "__main__":
    test_adds_not_and()
    print("adds_not_and: Adds, Not and And match numpy")
