# The seed's PairReduceSum (asc.language.basic.pair_reduce_sum) as a pyasc kernel, in both of
# its mask forms: 256 halves, two repeats of 128 lanes, each repeat's 64 pair sums written one
# reduced repeat (128 bytes) after the other (dst_rep_stride=1), with the continuous mask 128
# and with the bitwise mask [2**64-1, 2**64-1]. Run: ascstep py -- programs/py/pair_reduce_sum.py
import numpy as np

import asc
import asc.lib.runtime as rt
from asc.runtime import config

N = 256


@asc.jit
def pair_reduce_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_queue, num=1, len=N * 2)
    pipe.init_buffer(que=out_queue, num=1, len=N * 2)
    x_local = in_queue.alloc_tensor(asc.float16)
    asc.data_copy(x_local, x_gm, count=N)
    in_queue.enque(x_local)
    x_local = in_queue.deque(asc.float16)
    z_local = out_queue.alloc_tensor(asc.float16)
    # Continuous mask: the first 128 lanes of each repeat.
    asc.pair_reduce_sum(z_local, x_local, repeat_time=2, mask=128,
                        dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    # Bitwise mask: every lane, into the second half of z.
    uint64_max = 2**64 - 1
    asc.pair_reduce_sum(z_local[N // 2:], x_local, repeat_time=2, mask=[uint64_max, uint64_max],
                        dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    out_queue.enque(z_local)
    in_queue.free_tensor(x_local)
    z_local = out_queue.deque(asc.float16)
    asc.data_copy(z_gm, z_local, count=N)
    out_queue.free_tensor(z_local)


def test_pair_reduce_sum():
    config.set_platform(config.Backend.Model)
    rng = np.random.default_rng(seed=7)
    x = rng.uniform(-1, 1, N).astype(np.float16)
    z = np.zeros(N, dtype=np.float16)
    pair_reduce_kernel[1, rt.current_stream()](x, z)
    # Each pair's sum rounded once to half (exact in float64 first).
    pairs = (x[0::2].astype(np.float64) + x[1::2].astype(np.float64)).astype(np.float16)
    np.testing.assert_array_equal(z[: N // 2], pairs)
    np.testing.assert_array_equal(z[N // 2:], pairs)


if __name__ == "__main__":
    test_pair_reduce_sum()
    print("pair_reduce_sum: both mask forms match numpy")
