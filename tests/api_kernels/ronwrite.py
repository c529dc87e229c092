"""The RON binding programs the generators in this directory write (`gen.py` of each kernel):
a comment, the kernel, its GM arguments and the expected tensors."""


def vals(a):
    """Values as RON numbers: integers as integers, float32/float16 values exactly (Python's
    repr of their doubles), non-finite ones as RON's NaN/inf."""
    out = []
    for v in a:
        if isinstance(v, int) or getattr(getattr(v, "dtype", None), "kind", "") in "iu" and hasattr(v, "dtype"):
            out.append(str(int(v)))
            continue
        v = float(v)
        out.append("NaN" if v != v else ("inf" if v == float("inf") else ("-inf" if v == -float("inf") else repr(v))))
    return ", ".join(out)


def write(path, comment, kernel, entry, args, expect, tolerance=None, product="atlas_a2"):
    """Writes `path`: `comment` (lines without `// `), `Kernel(file: kernel, entry: entry)`, the
    arguments (name → RON argument text) and the expectations (tensor → values; a tensor in
    `tolerance` is compared within its (rel, abs), docs/format.md §5)."""
    tolerance = tolerance or {}
    text = "".join(f"// {line}\n" for line in comment.strip().splitlines())
    text += f"Program(\n    product: {product},\n"
    text += f'    code: Kernel(file: "{kernel}", entry: "{entry}"),\n    args: {{\n'
    text += "".join(f'        "{name}": {arg},\n' for name, arg in args.items())
    text += "    },\n    expect: [\n"
    for t, v in expect.items():
        tol = f", rel: {tolerance[t][0]!r}, abs: {tolerance[t][1]!r}" if t in tolerance else ""
        text += f'        (tensor: "{t}", values: Values([{vals(v)}]){tol}),\n'

    text += "    ],\n)\n"
    with open(path, "w") as out:
        out.write(text)
