# A pyasc kernel whose queue buffers do not fit the UB (2 × 3 × 64 KiB on Atlas A2's 192 KiB):
# ascstep stops the launch, and the script sees the error as an exception at the launch.
import numpy as np

import asc
import asc.lib.runtime as rt
from asc.runtime import config

TILE = 16384


@asc.jit
def too_large_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, 2)
    in_y = asc.TQue(asc.TPosition.VECIN, 2)
    out_z = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(que=in_x, num=2, len=TILE * 4)
    pipe.init_buffer(que=in_y, num=2, len=TILE * 4)
    pipe.init_buffer(que=out_z, num=2, len=TILE * 4)
    x_local = in_x.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, count=TILE)
    in_x.enque(x_local)
    x_local = in_x.deque(asc.float32)
    z_local = out_z.alloc_tensor(asc.float32)
    asc.muls(z_local, x_local, 2.0, TILE)
    out_z.enque(z_local)
    in_x.free_tensor(x_local)
    z_local = out_z.deque(asc.float32)
    asc.data_copy(z_gm, z_local, count=TILE)
    out_z.free_tensor(z_local)


config.set_platform(config.Backend.Model)
x = np.ones(TILE, dtype=np.float32)
z = np.zeros(TILE, dtype=np.float32)
try:
    too_large_kernel[1, rt.current_stream()](x, z)
except RuntimeError as e:
    print(f"raised {type(e).__name__}")
    print(e)
    raise SystemExit(7)
print("no error")
