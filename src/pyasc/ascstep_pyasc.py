# ascstep's side of pyasc (docs/format.md §14): what `sitecustomize.py` patches into pyasc's
# runtime when ascstep started Python.
#
# - asc.lib.runtime.state: CANN's runtime library is not loaded; a stand-in answers the calls
#   pyasc makes before a launch (devices, streams, the SoC's name, the core count).
# - asc.runtime.compiler: the compile keeps pyasc's generated Ascend C (its code generation and
#   passes untouched) as the kernel's "binary".
# - asc.runtime.launcher: a launch writes that C++ and a binding program whose GM arguments are
#   the numpy arrays, runs `ascstep run` on it for all blocks, and copies what the kernel wrote
#   back into the arrays; an error is raised at the launch with ascstep's diagnostics.
import contextlib
import ctypes
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

# numpy's dtype names → ascstep's element types.
_DTYPES = {
    "float32": "float",
    "float16": "half",
    "bfloat16": "bfloat16",
    "int8": "int8",
    "uint8": "uint8",
    "int16": "int16",
    "uint16": "uint16",
    "int32": "int32",
    "uint32": "uint32",
    "int64": "int64",
    "uint64": "uint64",
    "bool": "uint8",
}


_launches = 0


class LaunchError(RuntimeError):
    """A pyasc launch that ascstep stopped on an error: the diagnostics are the message."""


class _Lib:
    """Answers pyasc's calls into CANN's runtime wrapper (rt_wrapper.cpp)."""

    model_log_path = None

    def call(self, fn_name, *args):
        if fn_name == "GetSocVersionWrapper":
            name = os.environ.get("ASCSTEP_SOC", "Ascend910B1").encode()
            ctypes.memmove(ctypes.cast(args[0], ctypes.c_void_p).value, name + b"\0", len(name) + 1)
        elif fn_name == "StreamCreateWrapper":
            ctypes.c_void_p.from_address(args[0].value).value = 1
        elif fn_name == "GetDeviceCountWrapper":
            ctypes.c_int32.from_address(args[0].value).value = 1
        elif fn_name == "GetDeviceInfoWrapper":
            ctypes.c_int64.from_address(args[3].value).value = int(os.environ.get("ASCSTEP_CORES", "48"))


class _Utils:
    def msprof_sys_cycle_time(self):
        return 0


def _patch_state(state):
    def load_lib():
        state.lib = _Lib()
        state.npu_utils = _Utils()

    state.load_lib = load_lib


# Positions: pyasc's printed C++ carries no `#line`, but the module it prints from does carry
# each operation's `.py` position (`loc("file.py":line:col)`, as its ascir.mlir dump shows). The
# C++ statements calling an API are matched, in order, with the module's operations of the same
# name (PairReduceSum ↔ ascendc.pair_reduce_sum_l0, EnQue ↔ ascendc.que_bind.enque_tensor), and
# each statement of the entry gets a `#line` of its operation's line (a statement without one,
# the line before it), so ascstep's steps, diagnostics and debugger are at the Python lines.
_LOC_DEF = re.compile(r"^#(loc\d*) = loc\((.*)\)\s*$")
_OP = re.compile(r'^\s+(?:%[^=]+=\s*)?"?([a-z_]+(?:\.[a-z_0-9]+)+)"?.*\bloc\((#loc\d*|"[^"]*":\d+:\d+)\)\s*$')
_CALL = re.compile(r"AscendC::(\w+)\s*(?:<[^=;()]*?>)?\s*\(|\.(\w+)\s*(?:<[^=;()]*?>)?\s*\(")
_ALIAS = {"initbuffer": "initqueue"}


def _norm(name):
    return re.sub(r"_l\d+$", "", name).replace("_", "").lower()


def _resolve(ref, table, depth=0):
    text = table.get(ref.lstrip("#"), ref)
    m = re.match(r'"([^"]*)":(\d+):(\d+)', text)
    if m:
        return m.group(1), int(m.group(2))
    m = re.search(r"#(loc\d*)", text)
    if m and depth < 8:
        return _resolve(m.group(1), table, depth + 1)
    return None


def with_py_lines(cpp, mlir, entry):
    """The C++ with `#line`s of the Python positions its API calls came from."""
    table = {}
    for line in mlir.splitlines():
        m = _LOC_DEF.match(line)
        if m:
            table[m.group(1)] = m.group(2)
    ops = {}
    for line in mlir.splitlines():
        m = _OP.match(line)
        if not m:
            continue
        where = _resolve(m.group(2), table)
        if where and where[0].endswith(".py") and os.path.isfile(where[0]):
            ops.setdefault(_norm(m.group(1).rsplit(".", 1)[-1]), []).append(where)
    if not ops:
        return cpp
    out = []
    current = None
    started = False
    for line in cpp.split("\n"):
        if not started and "__global__" in line and re.search(r"\b" + re.escape(entry) + r"\s*\(", line):
            started = True
            out.append(line)
            continue
        if started:
            m = _CALL.search(line)
            if m:
                name = _norm(m.group(1) or m.group(2))
                name = _ALIAS.get(name, name)
                key = name if name in ops else next((k for k in ops if k.startswith(name) and ops[k]), None)
                if key is not None and ops[key]:
                    current = ops[key].pop(0)
            if current is not None:
                out.append('#line %d "%s"' % (current[1], current[0].replace("\\", "\\\\").replace('"', '\\"')))
        out.append(line)
    return "\n".join(out)


def _patch_compiler(compiler):
    from asc.lib.runtime import CoreType
    from asc.runtime.config import KernelType

    translate = compiler.Compiler.run_translation

    def run_translation(mod):
        source = translate(mod)
        if os.environ.get("ASCSTEP_NO_PY_LINES"):
            return source
        m = re.search(r"__global__[^(]*?(\w+)\s*\(", source)
        try:
            return with_py_lines(source, str(mod), m.group(1) if m else "")
        except Exception:  # the positions are a help: never the reason a launch fails
            return source

    compiler.Compiler.run_translation = staticmethod(run_translation)

    def run_compilation(self, source, kernel_args=None):
        if self.options.kernel_type in (KernelType.MIX_AIC_1_1, KernelType.MIX_AIC_1_2):
            core = CoreType.AiCore
        elif self.options.kernel_type in (KernelType.AIV_ONLY, KernelType.MIX_AIV_HARD_SYNC, KernelType.MIX_AIV_1_0):
            core = CoreType.VectorCore
        else:
            core = CoreType.CubeCore
        return compiler.CompiledKernel(source.encode(), core, False, kernel_args)

    compiler.Compiler.run_compilation = run_compilation


def _params(source, name):
    """The parameter names of the entry `name` in the generated C++."""
    m = re.search(r"__global__[^;{(]*\b" + re.escape(name) + r"\s*\(([^)]*)\)", source)
    if m is None:
        raise LaunchError(f"ascstep: the generated Ascend C has no entry `{name}`")
    names = []
    for p in m.group(1).split(","):
        ident = re.findall(r"[A-Za-z_]\w*", p)
        if ident:
            names.append(ident[-1])
    return names


def _number(v):
    if isinstance(v, (bool, np.bool_)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    return str(int(v))


def _launch(self, kernel, function_name, user_args):
    from asc._C import ir

    source = kernel.binary.decode()
    names = _params(source, function_name)
    explicit = iter(user_args)
    args = []
    for kind in kernel.kernel_args:
        if kind == ir.KernelArgument.Explicit:
            args.append(next(explicit))
        else:
            args.append(None)  # the FFTS address: no effect on ascstep
    if len(names) != len(args):
        raise LaunchError(
            f"ascstep: `{function_name}` takes {len(names)} parameters in the generated C++, the launch passes {len(args)}"
        )
    blocks = int(self.options.core_num)
    if blocks <= 0:
        raise ValueError("Core number should be large than 0")
    global _launches
    index = _launches
    _launches += 1
    # `ascstep debug -- …` keeps one launch's files for the debugger; the others go.
    kept = os.environ.get("ASCSTEP_KEEP_LAUNCH") == str(index) and os.environ.get("ASCSTEP_KEEP_DIR")
    sources = os.environ.get("ASCSTEP_PY_SOURCES")
    if kept:
        work = os.path.join(os.environ["ASCSTEP_KEEP_DIR"], "launch")
        os.makedirs(work, exist_ok=True)
        _run(work, source, function_name, names, args, blocks)
    elif sources:
        with _slot(sources, source) as work:
            try:
                _run(work, source, function_name, names, args, blocks)
            finally:
                for name in os.listdir(work):
                    path = os.path.join(work, name)
                    if os.path.isdir(path):
                        shutil.rmtree(path, ignore_errors=True)
                    elif name != ".lock":
                        os.remove(path)
    else:
        work = tempfile.mkdtemp(prefix="ascstep-pyasc-")
        try:
            _run(work, source, function_name, names, args, blocks)
        finally:
            shutil.rmtree(work, ignore_errors=True)


@contextlib.contextmanager
def _slot(sources, source):
    """A launch's directory that is the same for every launch of the same kernel text, in this
    run or a later one, so that ascstep's compile cache (whose key holds the kernel's and the
    program's paths) finds the kernel compiled: `SOURCES/<hash of the text>/<n>`, the first
    slot no other launch holds (an exclusive lock on its `.lock`; concurrent launches of one
    kernel, under pytest-xdist say, take slots 0, 1, …, each compiled once)."""
    d = os.path.join(sources, hashlib.sha256(source.encode()).hexdigest()[:20])
    n = 0
    while True:
        work = os.path.join(d, str(n))
        os.makedirs(work, exist_ok=True)
        lock = open(os.path.join(work, ".lock"), "w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            n += 1
            continue
        try:
            yield work
        finally:
            lock.close()
        return


def _run(work, source, function_name, names, args, blocks):
    from asc.language.core.struct import Struct

    cpp = os.path.join(work, f"{function_name}.cpp")
    with open(cpp, "w") as f:
        f.write(source)
    lines = []
    arrays = {}
    for name, value in zip(names, args):
        if value is None:
            lines.append(f'        "{name}": None,')
        elif isinstance(value, np.ndarray) or _is_torch_tensor(value):
            if isinstance(value, np.ndarray):
                arr, dtype = value, _DTYPES.get(str(value.dtype))
                if dtype is None:
                    raise LaunchError(f"ascstep: the array `{_py_name(name)}` has dtype {value.dtype}, which ascstep does not simulate")
            else:
                arr, dtype = _torch_elements(_py_name(name), value)
            data = os.path.join(work, f"{name}.in.bin")
            np.ascontiguousarray(arr).tofile(data)
            lines.append(f'        "{name}": (dtype: {dtype}, len: {arr.size}, init: File("{data}")),')
            arrays[name] = (value, arr)
        elif isinstance(value, Struct):
            # As pyasc's launcher passes it: the struct's bytes (its ctypes layout) in global
            # memory, the kernel's parameter a pointer to them.
            raw = bytes(value.ctypes_struct)
            data = os.path.join(work, f"{name}.in.bin")
            with open(data, "wb") as f:
                f.write(raw)
            lines.append(f'        "{name}": (dtype: uint8, len: {len(raw)}, init: File("{data}")),')
        else:
            lines.append(f'        "{name}": {_number(value)},')
    program = os.path.join(work, f"{function_name}.ron")
    with open(program, "w") as f:
        f.write(
            "Program(\n"
            f'    name: "{function_name}",\n'
            f'    code: Kernel(file: "{cpp}", entry: "{function_name}"),\n'
            f"    blocks: {blocks},\n"
            "    args: {\n" + "\n".join(lines) + "\n    },\n)\n"
        )
    out = os.path.join(work, "out")
    cmd = [os.environ["ASCSTEP_EXE"], "run", program, "--dump", out, "--force", "--allow-files-anywhere"]
    for flag in ("ASCSTEP_PRODUCT", "ASCSTEP_TIMEOUT"):
        v = os.environ.get(flag)
        if v:
            cmd += ["--product" if flag == "ASCSTEP_PRODUCT" else "--timeout", v]
    if os.environ.get("ASCSTEP_DENY_WARNINGS"):
        cmd.append("--deny-warnings")
    report_dir = os.environ.get("ASCSTEP_REPORT_DIR")
    if report_dir:
        cmd += ["--report", "json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if report_dir:
        _record(report_dir, function_name, r)
    if r.returncode not in (0, 1):
        raise LaunchError(f"ascstep stopped the launch of {function_name}:\n{r.stderr}")
    if r.stderr:
        sys.stderr.write(r.stderr)
    for name, (value, arr) in arrays.items():
        data = os.path.join(out, f"{name}.bin")
        if os.path.isfile(data):
            written = np.fromfile(data, dtype=arr.dtype)[: arr.size].reshape(arr.shape)
            if value is arr:
                np.copyto(arr, written)
            else:
                _torch_write(value, written)


def _py_name(name):
    """The script's name of a parameter of the generated entry (pyasc prints `v2_x` for `x`)."""
    return re.sub(r"^v\d+_", "", name)


def _is_torch_tensor(value):
    torch = sys.modules.get("torch")  # a script passing a tensor has imported torch
    return torch is not None and isinstance(value, torch.Tensor)


def _torch_elements(name, tensor):
    """A torch tensor's elements in C order as a numpy array, and ascstep's element type: as
    pyasc's launcher copies a CPU tensor to the device (`ravel()`)."""
    if tensor.device.type != "cpu":
        raise LaunchError(
            f"ascstep: the tensor `{name}` is on {tensor.device}; ascstep simulates the device on the host: "
            "pass a CPU tensor (device='cpu')"
        )
    if not tensor.is_contiguous():
        sys.stderr.write(
            f"ascstep: warning: the tensor `{name}` is not contiguous: as pyasc's launcher does, the kernel gets its "
            "elements in order and, after the launch, its memory from its first element on holds what the kernel "
            f"left there in that order, whatever its strides (pass `{name}.contiguous()`)\n"
        )
    try:
        arr = tensor.detach().contiguous().numpy()
    except (TypeError, RuntimeError):
        arr = None
    dtype = _DTYPES.get(str(arr.dtype)) if arr is not None else None
    if dtype is None:
        raise LaunchError(f"ascstep: the tensor `{name}` has dtype {tensor.dtype}, which ascstep does not simulate")
    return arr, dtype


def _torch_write(tensor, written):
    """What the kernel wrote, as pyasc's launcher copies it back into a CPU tensor: its elements
    in order into the tensor's memory from its first element on (`data_ptr()`, `nbytes`),
    whatever the tensor's strides."""
    import torch

    with torch.no_grad():
        tensor.as_strided((tensor.numel(),), (1,)).copy_(torch.from_numpy(written.reshape(-1).copy()))


def _record(report_dir, function_name, r):
    """`ascstep py --report-file`: the launch's JSON report (`ascstep run --report json`) with the
    kernel's name and where the script launched it, one file per launch in time order."""
    import json
    import time

    try:
        launch = json.loads(r.stdout)
    except ValueError:
        launch = {"status": "invalid", "diagnostics": [], "stderr": r.stderr}
    caller = next(iter(_stack()), None)
    launch = {"kernel": function_name, "launched_at": f"{caller.filename}:{caller.lineno}" if caller else None, **launch}
    name = f"{time.time_ns():020d}-{os.getpid()}-{_launches}.json"
    with open(os.path.join(report_dir, name), "w") as f:
        json.dump(launch, f)


def _stack():
    """The script's frames, innermost first, outside pyasc and ascstep's modules."""
    import traceback

    frames = traceback.extract_stack()[::-1]
    return [f for f in frames if "/asc/" not in f.filename and "ascstep_pyasc" not in f.filename]


def _patch_launcher(launcher):
    def init(self, options):
        self.options = options

    launcher.Launcher.__init__ = init
    launcher.Launcher.run = _launch


def patch(fullname, module):
    if fullname == "asc.lib.runtime.state":
        _patch_state(module)
    elif fullname == "asc.runtime.compiler":
        _patch_compiler(module)
    elif fullname == "asc.runtime.launcher":
        _patch_launcher(module)
