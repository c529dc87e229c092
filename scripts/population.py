#!/usr/bin/env python3
"""How much of the operator repositories' vector kernels ascstep compiles and runs.

Usage:
    python3 scripts/population.py --ascstep target/release/ascstep \\
        --repo PATH/ops-math --repo PATH/ops-nn [--opbase PATH/opbase] [-j 2] [--limit N] \\
        [--only SUBSTRING[,SUBSTRING…]] [--product atlas_a2|ascend_950] [--without-register-api]
        [--keep DIR] [--csv FILE]
    python3 scripts/population.py --tables-from FILE.csv

Fetches nothing: give it checkouts. For every operator directory with an `op_kernel/` entry
file defining a `__global__` function it writes a binding program (docs/format.md §12.2):
every GM parameter a small zero-filled tensor, the tiling parameter the op's tiling struct
(by REGISTER_TILING_DEFAULT / GET_TILING_DATA_WITH_STRUCT in the kernel, else the first
`*TilingData` of its op_host tiling headers) with every field zero, DTYPE_<NAME> and
ORIG_DTYPE_<NAME> from the first dtype of each input and output in op_host/*_def.cpp (float
where the list is computed in code), and the
repository's and opbase's common include directories. A template entry is named bare: ascstep
instantiates it from tiling key 0, or, where no ASCENDC_TPL_SEL selects key 0, the script runs
it again with the first key ascstep's error lists. Ascend 950 kernels (`arch35/`,
`*_apt.cpp`, and those of ops whose `op_host/*_def.cpp` configures ascend950 but no Atlas A2/A3
product) run on ascend_950, the others on atlas_a2. Each is run with `ascstep run` and
classified by what stopped it. Cube/Matmul kernels and SIMT (`simt_api`) are out of scope and
counted apart, whether the kernel's own files use them or a header it includes stops on one of
their names. Ascend 950's register API (`MicroAPI`, `__VEC_SCOPE__`) is in scope since ascstep
simulates part of it (docs/format.md §12.5): a kernel stopped by one of its names ascstep lacks
counts as `missing register API`.

A zero tiling makes most kernels do little or nothing: `ran` means compiled and launched on
all blocks without an error of ascstep's (a crash or time-out of the kernel's own making on a
zero tiling is counted apart as `kernel stopped`).
"""

import argparse
import collections
import concurrent.futures
import csv
import os
import re
import subprocess
import sys
import tempfile

DT_TO_C = {
    "DT_FLOAT": "float", "DT_FLOAT16": "half", "DT_BF16": "bfloat16_t", "DT_INT8": "int8_t",
    "DT_INT16": "int16_t", "DT_INT32": "int32_t", "DT_INT64": "int64_t", "DT_UINT8": "uint8_t",
    "DT_UINT16": "uint16_t", "DT_UINT32": "uint32_t", "DT_UINT64": "uint64_t", "DT_BOOL": "bool",
    "DT_DOUBLE": "double", "DT_COMPLEX64": "uint64_t", "DT_HIFLOAT8": "uint8_t",
    "DT_FLOAT8_E5M2": "uint8_t", "DT_FLOAT8_E4M3FN": "uint8_t", "DT_FLOAT8_E8M0": "uint8_t",
    "DT_FLOAT4_E2M1": "uint8_t", "DT_FLOAT4_E1M2": "uint8_t", "DT_INT4": "int8_t",
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def entry_of(text, op):
    """The __global__ function named after the op (`log`, not the `LogKernel` it calls), else
    the first: its name and parameter names."""
    found = list(re.finditer(r"__global__[^;{(]*?\b(\w+)\s*\(([^)]*)\)\s*\{", strip_comments(text), re.S))
    if not found:
        return None
    m = next((f for f in found if f.group(1) == op), found[0])
    params = []
    listed = m.group(2)
    # Parameters a macro of the file stands for (`void k(ADAGRAD_DA_PARAMS)`).
    if re.fullmatch(r"\s*\w+\s*", listed):
        d = re.search(r"#\s*define\s+" + listed.strip() + r"\s((?:[^\n]*\\\n)*[^\n]*)", text)
        if d:
            listed = d.group(1).replace("\\\n", " ")
    for p in listed.split(","):
        p = p.split("=")[0].strip()
        w = re.findall(r"\w+", p)
        if w and w[-1] != "void":
            params.append(w[-1])
    return m.group(1), params


def dtypes_of(op_dir):
    """DTYPE_/ORIG_DTYPE_ defines from the first dtype of each input and output."""
    defines = []
    host = os.path.join(op_dir, "op_host")
    for name in sorted(os.listdir(host)) if os.path.isdir(host) else []:
        if not name.endswith("_def.cpp"):
            continue
        text = strip_comments(read(os.path.join(host, name)))
        for m in re.finditer(r'(?:Input|Output)\("(\w+)"\)(.*?)(?=(?:this->)?(?:Input|Output|AICore|Attr)\(|$)', text, re.S):
            dt = re.search(r"DataType(?:List)?\(\s*\{\s*(?:ge::)?(DT_\w+)", m.group(2))
            named = re.search(r"DataType(?:List)?\(\s*(\w+)\s*\)", m.group(2))
            if not dt and named:
                # A list named elsewhere in the file: `static const std::vector<ge::DataType> xDType = {…}`
                # or a macro (`#define DTYPE_X {ge::DT_FLOAT16, …}`, its lines continued).
                dt = re.search(r"\b" + named.group(1) + r"(?:\s*=|\s)[\s\\]*\{[\s\\]*(?:ge::)?(DT_\w+)", text)
            up = m.group(1).upper()
            # A list computed in code (foreach ops map each dtype through a helper): float.
            code = dt.group(1) if dt and dt.group(1) in DT_TO_C else "DT_FLOAT"
            if all(k != f"DTYPE_{up}" for k, _ in defines):
                defines.append((f"DTYPE_{up}", DT_TO_C[code]))
                defines.append((f"ORIG_DTYPE_{up}", code))
        # Names listed in arrays and declared in a loop (`for (auto n : kIn) this->Input(n)…`):
        # each gets the first dtype of the loop's DataType.
        looped = re.search(r"(?:Input|Output)\(\s*[A-Za-z_]\w*\s*\)(.*?)(?=(?:this->)?(?:AICore|Attr)\(|$)", text, re.S)
        if looped:
            dt = re.search(r"DataType(?:List)?\(\s*\{\s*(?:ge::)?(DT_\w+)", looped.group(1))
            code = dt.group(1) if dt and dt.group(1) in DT_TO_C else "DT_FLOAT"
            for arr in re.findall(r"char\s*\*\s*\w+\s*\[\s*\]\s*=\s*\{([^}]*)\}", text):
                for n in re.findall(r'"(\w+)"', arr):
                    up = n.upper()
                    if all(k != f"DTYPE_{up}" for k, _ in defines):
                        defines.append((f"DTYPE_{up}", DT_TO_C[code]))
                        defines.append((f"ORIG_DTYPE_{up}", code))
        # Names given to a helper of the file (`AddInput(config, "x1", dataTypes, formats)`): their
        # lists are passed through in code, so float, as for a computed list.
        for n in re.findall(r'\b\w*(?:Input|Output)\w*\(\s*\w+\s*,\s*"(\w+)"', text):
            up = n.upper()
            if all(k != f"DTYPE_{up}" for k, _ in defines):
                defines.append((f"DTYPE_{up}", "float"))
                defines.append((f"ORIG_DTYPE_{up}", "DT_FLOAT"))
        break
    return defines


REGISTERED = {}


def registered(repo):
    """Op type -> tiling struct, from every REGISTER_TILING_DATA_CLASS(Op, Struct) of the repo."""
    if repo not in REGISTERED:
        reg = {}
        for root, dirs, files in os.walk(repo):
            dirs[:] = [d for d in dirs if d not in (".git", "tests", "build", "docs", "op_kernel")]
            if "op_host" not in root:
                continue
            for f in files:
                if f.endswith((".h", ".cpp")):
                    for m in re.finditer(r"REGISTER_TILING_DATA_CLASS\(\s*(\w+)\s*,\s*(\w+)\s*\)",
                                         strip_comments(read(os.path.join(root, f)))):
                        reg.setdefault(m.group(1), m.group(2))
        REGISTERED[repo] = reg
    return REGISTERED[repo]


def tiling_struct(op_dir, kernel_text, repo):
    # A use, not a kernel's own fallback definition of the macro (`#define GET_TILING_…(structType,`)
    # nor a use in a function-like macro's body, its lines continued (a macro parameter's name).
    uses = re.sub(r"#\s*define\s+\w+\([^)]*\)(?:[^\n]*\\\n)*[^\n]*", "", strip_comments(kernel_text))
    for pat in (r"GET_TILING_DATA_WITH_STRUCT\(\s*([\w:]+)(<[^>]*>)?", r"REGISTER_TILING_DEFAULT\(\s*([\w:]+)(<[^>]*>)?"):
        m = re.search(pat, uses)
        # A class template with literal arguments (`MemSetTilingData<256>`), not a parameter's.
        if m and m.group(2) and not re.fullmatch(r"<[\d\s,]+>", m.group(2)):
            continue
        if m:
            return m.group(1) + (m.group(2) or "")
    op_type = "".join(w.capitalize() for w in os.path.basename(op_dir).split("_"))
    if op_type in registered(repo):
        return registered(repo)[op_type]
    # The op_host tiling headers, then op_kernel's (`<op>_tiling_data.h`, which op_host includes).
    dirs = [os.path.join(op_dir, d) for d in ("op_host", "op_kernel")]
    for root, _, files in [w for d in dirs if os.path.isdir(d) for w in sorted(os.walk(d))]:
        for name in sorted(files):
            if "tiling" in name and name.endswith(".h"):
                text = read(os.path.join(root, name))
                m = re.search(r"BEGIN_TILING_DATA_DEF\(\s*(\w*TilingData\w*)\s*\)", text) or \
                    re.search(r"BEGIN_TILING_DATA_DEF\(\s*(\w+)\s*\)", text)
                if m:
                    return m.group(1)
    return None


def kernels(repo):
    """(op directory, kernel file, product) for every entry file of every op."""
    out = []
    for root, dirs, files in os.walk(repo):
        dirs[:] = sorted(d for d in dirs if d not in (".git", "tests", "build", "examples", "docs"))
        if os.path.basename(root) != "op_kernel":
            continue
        op_dir = os.path.dirname(root)
        op = os.path.basename(op_dir)
        candidates = [os.path.join(root, f) for f in sorted(files) if f.endswith(".cpp")]
        candidates += [os.path.join(root, "arch35", f) for f in sorted(os.listdir(os.path.join(root, "arch35")))
                       if f.endswith(".cpp")] if os.path.isdir(os.path.join(root, "arch35")) else []
        for c in candidates:
            if "__global__" not in read(c):
                continue
            base = os.path.basename(c)
            arch35 = base.endswith("_apt.cpp") or "/arch35/" in c or not builds_for_a2(op_dir)
            if base in (f"{op}.cpp", f"{op}_apt.cpp") or len(candidates) == 1 or "/arch35/" in c:
                out.append((op_dir, c, "ascend_950" if arch35 else "atlas_a2"))
    return out


A2_CONFIGS = ("ascend910b", "ascend910_93")


def builds_for_a2(op_dir):
    """Whether the op's definition (`op_host/*_def.cpp`, AICore().AddConfig) names an Atlas
    A2/A3-class product, or names none at all; an op built only for ascend950 runs there even
    when its entry file is not `*_apt.cpp` (ops-nn's mse_loss.cpp is such a kernel)."""
    host = os.path.join(op_dir, "op_host")
    configs = set()
    for root, _, files in os.walk(host) if os.path.isdir(host) else []:
        for f in files:
            if f.endswith("_def.cpp"):
                configs |= set(re.findall(r'AddConfig\(\s*"(\w+)"', strip_comments(read(os.path.join(root, f)))))
    return not configs or any(c in configs for c in A2_CONFIGS) or "ascend950" not in configs


def out_of_scope(text):
    # The Cube: matmul, Mmad/LoadData, and the convolutions (their kernels include conv2d/conv3d
    # headers built on the Cube's conv API).
    if re.search(r"matmul_intf|Matmul<|MatmulImpl|\bMmad\b|LoadData\(|#include\s+\"[^\"]*conv[23]d", text):
        return "cube"
    if "simt_api" in text or "__simt" in text:
        return "simt"
    return None


# The Cube's data movement and configuration names (Fixpipe, ND→NZ loads, the mixed cores' ratio).
CUBE_API = {"FixpipeParamsV220", "FixpipeParams", "Nd2NzParams", "QuantMode_t", "GetTaskRation", "LoadData3DParamsV2"}


def in_scope(cause, detail):
    """(cause, detail), or the out-of-scope class a missing register-API name or SIMT header
    stands for."""
    if cause == "missing header" and detail.startswith("simt_api/") or cause == "missing API" and detail == "Simt":
        return "out of scope", "simt (through a header)"
    # The Cube's template libraries (ops-nn's quantized matmuls include them from their kernels).
    if cause == "missing API" and detail in CUBE_API or cause == "missing header" and re.match(r"(blaze|cmct)/", detail):
        return "out of scope", "cube (through a header)"
    return cause, detail


def classify(code, stderr):
    if code in (0, 1):
        return "ran", ""
    m = re.search(r"error\[compile-error\]: (.*)", stderr)
    if m:
        first = m.group(1)
        # ascstep's own sentences: a register-API name it lacks, the out-of-scope SIMT.
        if "register-based vector API" in first:
            n = re.search(r"uses `([^`]+)`", first)
            return "missing register API", n.group(1) if n else first[:80]
        if "the SIMT API" in first:
            return "out of scope", "simt (through a header)"
        if "No such file" in stderr or "file not found" in first:
            h = re.search(r"fatal error: ([^:]+): No such file", stderr)
            return "missing header", h.group(1) if h else first
        n = re.search(r"[‘'`](?:AscendC::)?([\w:]+)[’'`] (?:is not a member of|was not declared|has not been declared)", stderr)
        if n or "does not provide" in first:
            return "missing API", n.group(1) if n else first[:80]
        return "other C++", first[:100]
    if "error[binding]" in stderr:
        return "binding/tiling", re.search(r"error\[binding\]: (.*)", stderr).group(1)[:100]
    if re.search(r"error\[(kernel-crashed|timeout|kernel-stopped|kernel-out-of-memory)\]", stderr):
        return "kernel stopped", re.search(r"error\[([\w-]+)\]", stderr).group(1)
    m = re.search(r"error\[([\w-]+)\]: ([^\n]*)", stderr)
    return "rejected call", (m.group(1) + ": " + m.group(2)[:80]) if m else stderr[-100:]


ARCH35_IF = re.compile(r"#\s*if.*(__CCE_AICORE__\s*==\s*310|__NPU_ARCH__\s*==\s*3(510|101))")


def for_product(text, product):
    """The text without the `#if __CCE_AICORE__ == 310` (Ascend 950) branches on an Atlas A2
    product, as its preprocessor drops them (their `#else` branches kept)."""
    if product == "ascend_950":
        return text
    out, stack = [], []  # per #if: (drops its if-part, in the else-part now)
    for line in text.splitlines():
        t = line.strip()
        if re.match(r"#\s*if", t):
            stack.append([bool(ARCH35_IF.match(t)), False])
        elif re.match(r"#\s*(else|elif)", t) and stack:
            stack[-1][1] = True
        elif re.match(r"#\s*endif", t) and stack:
            stack.pop()
            continue
        if not any(drop and not in_else for drop, in_else in stack):
            out.append(line)
    return "\n".join(out)


def binding(op_dir, kernel, product, includes, scratch, repo):
    text = for_product(read(kernel), product)
    e = entry_of(text, os.path.basename(op_dir))
    if not e:
        return None
    name, params = e
    struct = tiling_struct(op_dir, text, repo)
    # The tiling parameter: the one GET_TILING_DATA* reads (`tiling_data`, `tilingGM`, …).
    code = re.sub(r"#\s*define\s+\w+\([^)]*\)", "", strip_comments(text))
    m = re.search(r"GET_TILING_DATA_WITH_STRUCT\(\s*[\w:]+\s*,\s*\w+\s*,\s*(\w+)", code) or \
        re.search(r"GET_TILING_DATA\(\s*\w+\s*,\s*(\w+)", code)
    tiling = m.group(1) if m and m.group(1) in params else "tiling"
    args = []
    for p in params:
        if p == tiling and struct:
            args.append(f'        "{p}": Tiling("{struct}", {{}}),')
        elif p == tiling:
            args.append(f'        "{p}": (dtype: uint8, len: 4096),')
        elif p.lower().endswith("workspace"):
            args.append(f'        "{p}": (dtype: uint8, len: 1048576),')
        else:
            args.append(f'        "{p}": (dtype: uint8, len: 65536),')
    define = ", ".join(f'"{k}": "{v}"' for k, v in dtypes_of(op_dir))
    inc = ", ".join(f'"{i}"' for i in includes)
    ron = (f"Program(\n    product: {product},\n    code: Kernel(file: \"{kernel}\", entry: \"{name}\",\n"
           f"        include: [{inc}], define: {{{define}}}),\n    args: {{\n" + "\n".join(args) + "\n    },\n)\n")
    # Named after the op's place (two ops of one name, e.g. an experimental one, run at once).
    place = f"{os.path.basename(repo)}-" + os.path.relpath(op_dir, repo).replace(os.sep, "-")
    path = os.path.join(scratch, place + ("_950" if product == "ascend_950" else "") + ".ron")
    with open(path, "w") as f:
        f.write(ron)
    return path


# Ascend 950's register API, as a kernel's own files or the headers it includes write it.
REGISTER_API = re.compile(r"MicroAPI::|\b__VEC_SCOPE__\b|\b__simd_vf__\b|\basc_vf_call\b|\bReg::(?:RegTensor|MaskReg)|\bRegTensor<")


def ops_by_name(repo):
    """Op name -> its op_kernel/ directory (CANN's build copies each to ascendc/<op>/)."""
    if repo not in OPS:
        OPS[repo] = {os.path.basename(op_dir): os.path.join(op_dir, "op_kernel") for op_dir, _, _ in kernels(repo)}
        for root, dirs, _ in os.walk(repo):
            dirs[:] = [d for d in dirs if d not in (".git", "tests", "build", "docs")]
            if os.path.basename(root) == "op_kernel":
                OPS[repo].setdefault(os.path.basename(os.path.dirname(root)), root)
    return OPS[repo]


OPS = {}


def uses_register_api(kernel, repo, includes):
    """Whether the kernel's file or any header it includes, followed through its directory, the
    repository's and opbase's include directories and CANN's `ascendc/<op>/` layout (`../op/x.h`),
    uses the register API. Every `#include` is followed whatever `#if` it sits under: a header of
    one product's branch counts for the other too (an over-count, not an under-count)."""
    seen, todo = set(), [os.path.abspath(kernel)]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        text = strip_comments(read(f))
        if REGISTER_API.search(text):
            return True
        for inc in re.findall(r'#\s*include\s*[<"]([^>"]+)[>"]', text):
            here = os.path.dirname(f)
            cands = [os.path.join(here, inc)] + [os.path.join(d, inc) for d in includes]
            up = re.match(r"(?:\.\./)+([^/]+)/(.+)", inc)
            if up and up.group(1) in ops_by_name(repo):
                cands.append(os.path.join(ops_by_name(repo)[up.group(1)], up.group(2)))
            hit = next((os.path.abspath(c) for c in cands if os.path.isfile(c)), None)
            if hit:
                todo.append(hit)
    return False


# A stop of the kernel's own making on a zero tiling: a crash or a loop (not a call ascstep
# stopped as unsimulated, `kernel-stopped`).
OWN_STOPS = ("kernel-crashed", "timeout", "population time-out")


def tables(rows):
    """The tables of the README from (repo, product, cause, detail, uses the register API) rows."""
    regs = [(r, p, *in_scope(c, d)) for r, p, c, d, reg in rows if reg]
    rows = [(r, p, *in_scope(c, d)) for r, p, c, d, _ in rows]
    table = collections.Counter((r, p, c) for r, p, c, _ in rows)
    own = collections.Counter((r, p) for r, p, c, d in rows if c == "kernel stopped" and d in OWN_STOPS)
    causes = collections.Counter((c, d) for _, _, c, d in rows if c not in ("ran", "out of scope"))
    print("| repository | product | kernels | in scope | compiled | ran | share ran | reached launch (ran, or the kernel's own crash or loop) |")
    print("|---|---|---|---|---|---|---|---|")
    for repo in sorted({r for r, _, _, _ in rows}):
        for product in ("atlas_a2", "ascend_950"):
            c = {k[2]: v for k, v in table.items() if k[0] == repo and k[1] == product}
            total = sum(c.values())
            if not total:
                continue
            scope = total - c.get("out of scope", 0)
            compiled = sum(v for k, v in c.items() if k in ("ran", "kernel stopped", "rejected call"))
            ran = c.get("ran", 0)
            reached = ran + own[(repo, product)]
            print(f"| {repo} | {product} | {total} | {scope} | {compiled} | {ran} | {100 * ran / max(scope, 1):.0f} % "
                  f"| {reached} ({100 * reached / max(scope, 1):.0f} %) |")
    # The issue's yardstick for Ascend 950: its kernels that use neither the register API nor SIMT.
    by_kernel = collections.Counter((r, p, c) for r, p, c, _ in regs)
    if any(p == "ascend_950" for _, p, _, _ in rows):
        print("\nAscend 950 without the register API (nor SIMT, nor the Cube):\n")
        print("| repository | in scope | ran | share ran | reached launch |\n|---|---|---|---|---|")
        for repo in sorted({r for r, p, _, _ in rows if p == "ascend_950"}):
            c = {k[2]: v for k, v in table.items() if k[0] == repo and k[1] == "ascend_950"}
            g = {k[2]: v for k, v in by_kernel.items() if k[0] == repo and k[1] == "ascend_950"}
            scope = sum(c.values()) - c.get("out of scope", 0) - (sum(g.values()) - g.get("out of scope", 0))
            ran = c.get("ran", 0) - g.get("ran", 0)
            reached = ran + own[(repo, "ascend_950")] - sum(
                1 for r, p, cc, d in regs if r == repo and p == "ascend_950" and cc == "kernel stopped" and d in OWN_STOPS)
            print(f"| {repo} | {scope} | {ran} | {100 * ran / max(scope, 1):.0f} % | {reached} ({100 * reached / max(scope, 1):.0f} %) |")
    print("\n| what stopped a kernel | kernels |\n|---|---|")
    by_cause = collections.Counter(c for _, _, c, _ in rows)
    for c, n in by_cause.most_common():
        print(f"| {c} | {n} |")
    print("\n| detail | kernels |\n|---|---|")
    for (c, d), n in causes.most_common(40):
        print(f"| {c}: {d} | {n} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables-from", metavar="CSV", help="print the tables of an earlier run's --csv and stop")
    ap.add_argument("--ascstep")
    ap.add_argument("--repo", action="append")
    ap.add_argument("--opbase")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--only", default="", help="only kernels whose path holds one of these comma-separated substrings")
    ap.add_argument("--product", choices=("atlas_a2", "ascend_950"), help="only the kernels built for this product")
    ap.add_argument("--without-register-api", action="store_true",
                    help="only the kernels that use no Ascend 950 register API (the issue's yardstick for 950)")
    ap.add_argument("--keep")
    ap.add_argument("--csv")
    a = ap.parse_args()
    if a.tables_from:
        with open(a.tables_from, newline="") as f:
            # The sixth column (whether a 950 kernel uses the register API) is absent from older runs' files.
            tables([(r[0], r[1], r[3], r[4], len(r) > 5 and r[5] == "reg") for r in csv.reader(f) if len(r) >= 5])
        return
    if not a.ascstep or not a.repo:
        ap.error("--ascstep and --repo are required (or --tables-from)")
    a.ascstep = os.path.abspath(a.ascstep)
    scratch = a.keep or tempfile.mkdtemp(prefix="ascstep-population-")
    os.makedirs(scratch, exist_ok=True)
    jobs = []
    for repo in a.repo:
        repo = os.path.abspath(repo)
        includes = [d for d in (os.path.join(repo, "common", "inc"), os.path.join(repo, "common"),
                                os.path.join(repo, "common", "inc", "op_kernel")) if os.path.isdir(d)]
        if a.opbase:
            ob = os.path.abspath(a.opbase)
            includes += [d for d in (os.path.join(ob, "include", "op_common"), os.path.join(ob, "pkg_inc", "op_common"),
                                     os.path.join(ob, "pkg_inc"), os.path.join(ob, "include")) if os.path.isdir(d)]
        for op_dir, k, product in kernels(repo):
            if a.only and not any(o in k for o in a.only.split(",")):
                continue
            if a.product and product != a.product:
                continue
            if a.without_register_api and product == "ascend_950" and uses_register_api(k, repo, includes):
                continue
            jobs.append((os.path.basename(repo), op_dir, k, product, includes, repo))
    if a.limit:
        jobs = jobs[: a.limit]

    def run(job):
        _, op_dir, k, product, includes, repo = job
        scope = out_of_scope(read(k) + "".join(read(os.path.join(os.path.dirname(k), f))
                                                 for f in os.listdir(os.path.dirname(k)) if f.endswith(".h")))
        if scope:
            return job, "out of scope", scope
        b = binding(op_dir, k, product, includes, scratch, repo)
        if not b:
            return job, "no entry", ""
        env = dict(os.environ, ASCSTEP_CACHE=os.path.join(scratch, "cache"))

        def attempt():
            return subprocess.run([a.ascstep, "run", b, "--timeout", "20", "--allow-files-anywhere"],
                                  capture_output=True, text=True, errors="replace", timeout=600, env=env,
                                  cwd=os.path.dirname(b))
        try:
            p = attempt()
            # A template entry whose key 0 no ASCENDC_TPL_SEL selects: the first key ascstep lists.
            key = re.search(r"the selected tiling keys are (\d+) ", p.stderr)
            if p.returncode == 3 and key:
                with open(b) as f:
                    text = f.read()
                with open(b, "w") as f:
                    f.write(text.replace("entry: ", f"tiling_key: {key.group(1)}, entry: ", 1))
                p = attempt()
        except subprocess.TimeoutExpired:
            return job, "kernel stopped", "population time-out"
        return job, *classify(p.returncode, p.stderr)

    def run_and_mark(job):
        j, c, d = run(job)
        return j, c, d, job[3] == "ascend_950" and uses_register_api(job[2], job[5], job[4])

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as ex:
        for n, r in enumerate(ex.map(run_and_mark, jobs), 1):
            results.append(r)
            print(f"[{n}/{len(jobs)}] {r[1]:15} {os.path.relpath(r[0][2], os.path.dirname(os.path.dirname(r[0][1])))} {r[2]}",
                  file=sys.stderr, flush=True)
    tables([(j[0], j[3], c, d, reg) for j, c, d, reg in results])
    if a.csv:
        with open(a.csv, "w") as f:
            for j, c, d, reg in results:
                f.write(f"{j[0]},{j[3]},{os.path.relpath(j[2], os.path.dirname(j[1]))},{c},\"{d}\",{'reg' if reg else ''}\n")


if __name__ == "__main__":
    main()
