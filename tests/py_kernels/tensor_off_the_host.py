# A torch tensor that is not on the host (here on torch's `meta` device, which has no memory; an
# `npu` tensor is the same case): ascstep cannot hand its memory to the simulated kernel, and the
# launch raises saying which argument and what to pass instead.
import torch

import asc
import asc.lib.runtime as rt
from asc.runtime import config


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    z_gm.set_global_buffer(z, 64)
    x_local = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(x_local, x_gm, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, x_local, 64)


config.set_platform(config.Backend.Model)
x = torch.ones(64, device="meta")
z = torch.zeros(64)
try:
    copy_kernel[1, rt.current_stream()](x, z)
except RuntimeError as e:
    print(f"raised {type(e).__name__}")
    print(e)
    raise SystemExit(7)
print("no error")
