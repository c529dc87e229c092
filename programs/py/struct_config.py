# A kernel configured by a pyasc Struct (asc.language.core.struct): z = x·scale + y over 4 blocks,
# each block its `block.length` floats in tiles of `tile.length`, the nested config passed as
# pyasc passes it (a struct in global memory). Run: ascstep py -- programs/py/struct_config.py
import numpy as np

import asc
import asc.lib.runtime as rt
from asc.language.core.dtype import KnownTypes as KT
from asc.language.core.struct import Field, Struct, StructField
from asc.runtime import config

BLOCKS = 4


class BlockShape(Struct):
    length = Field(dtype=KT.int32, default=0)


class TileShape(Struct):
    length = Field(dtype=KT.int32, default=0)
    count = Field(dtype=KT.int32, default=0)


class Config(Struct):
    block = StructField(BlockShape)
    tile = StructField(TileShape)
    scale = Field(dtype=KT.float32, default=1.0)


@asc.jit
def scaled_add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, cfg: Config):
    offset = asc.get_block_idx() * cfg.block.length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, 1)
    in_y = asc.TQue(asc.TPosition.VECIN, 1)
    out_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_x, num=1, len=cfg.tile.length * 4)
    pipe.init_buffer(que=in_y, num=1, len=cfg.tile.length * 4)
    pipe.init_buffer(que=out_z, num=1, len=cfg.tile.length * 4)
    for i in range(cfg.tile.count):
        x_local = in_x.alloc_tensor(asc.float32)
        y_local = in_y.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[i * cfg.tile.length:], count=cfg.tile.length)
        asc.data_copy(y_local, y_gm[i * cfg.tile.length:], count=cfg.tile.length)
        in_x.enque(x_local)
        in_y.enque(y_local)
        x_local = in_x.deque(asc.float32)
        y_local = in_y.deque(asc.float32)
        z_local = out_z.alloc_tensor(asc.float32)
        asc.muls(x_local, x_local, cfg.scale, cfg.tile.length)
        asc.add(z_local, x_local, y_local, cfg.tile.length)
        out_z.enque(z_local)
        in_x.free_tensor(x_local)
        in_y.free_tensor(y_local)
        z_local = out_z.deque(asc.float32)
        asc.data_copy(z_gm[i * cfg.tile.length:], z_local, count=cfg.tile.length)
        out_z.free_tensor(z_local)


def test_struct_config():
    config.set_platform(config.Backend.Model)
    rng = np.random.default_rng(seed=5)
    n = BLOCKS * 256
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    z = np.zeros(n, dtype=np.float32)
    cfg = Config(block=BlockShape(length=256), tile=TileShape(length=64, count=4), scale=2.5)
    scaled_add_kernel[BLOCKS, rt.current_stream()](x, y, z, cfg)
    np.testing.assert_array_equal(z, x * np.float32(2.5) + y)


if __name__ == "__main__":
    test_struct_config()
    print("the Struct-configured scaled add matches numpy")
