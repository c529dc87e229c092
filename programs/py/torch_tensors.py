# torch tensors as a pyasc kernel's global memory, as pyasc's tutorials pass them (CPU tensors;
# docs/format.md §14). Two launches:
# - add_kernel over 4 blocks: z = x + y on float16 tensors of shape (64, 32), y being a transposed
#   view (not contiguous: its elements go in C order, as pyasc's launcher copies them, and come back
#   into its memory in that order, as pyasc's launcher copies every tensor back: ascstep warns);
# - scale_kernel: z = 3x on float32, z a transposed view: written back as pyasc's launcher writes a
#   tensor (the elements in order into its memory from its first element on, whatever its strides).
# Run: ascstep py -- programs/py/torch_tensors.py
import torch

import asc
import asc.lib.runtime as rt
from asc.runtime import config

BLOCKS = 4
ROWS, COLS = 64, 32
N = 256


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    x_local = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, block_length)
    y_local = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, block_length * 2, block_length)
    z_local = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, block_length * 4, block_length)
    asc.data_copy(x_local, x_gm, block_length)
    asc.data_copy(y_local, y_gm, block_length)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(z_local, x_local, y_local, block_length)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, z_local, block_length)


@asc.jit
def scale_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    x_local = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    z_local = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 4, N)
    asc.data_copy(x_local, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(z_local, x_local, 3.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, z_local, N)


def test_torch_tensors():
    # The NPU backend's set-up asks the runtime for its SoC: ascstep's stand-in answers.
    config.set_platform(config.Backend.NPU)
    assert rt.current_platform() == "Ascend910B1"
    torch.manual_seed(5)
    x = torch.randn(ROWS, COLS, dtype=torch.float16)
    y = torch.randn(COLS, ROWS, dtype=torch.float16).t()
    assert not y.is_contiguous()
    expected = x + y  # one half rounding of the exact sum, as the Vector Unit's Add
    z = torch.zeros(ROWS, COLS, dtype=torch.float16)
    add_kernel[BLOCKS, rt.current_stream()](x, y, z, ROWS * COLS // BLOCKS)
    assert torch.equal(z, expected), (z - expected).abs().max()

    a = torch.randn(16, 16)
    base = torch.zeros(16, 16)
    b = base.t()
    scale_kernel[1, rt.current_stream()](a, b)
    # As pyasc's launcher copies a CPU tensor back: the kernel's N elements into the tensor's
    # memory from its first element on, whatever its strides.
    assert torch.equal(base.flatten(), (a * 3).flatten())

if __name__ == "__main__":
    test_torch_tensors()
    print("torch_tensors: float16 and float32 tensors match torch")
