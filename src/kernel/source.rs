//! The kernel's source as the host compiler gets it: unchanged but for each launch
//! `k<<<blocks, l2ctrl, stream>>>(args…)`, which becomes a call of ascstep's launcher with the
//! kernel's parameter names (found in its `__global__` definition) so that global memory is
//! named after them. Line breaks are kept, so every position is the user's own.

/// A `__global__` function: its name and its parameters' names, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    pub params: Vec<String>,
    /// The names of its template parameters (`template <uint32_t schMode>`), empty when it
    /// is not a template.
    pub template: Vec<String>,
    /// Whether a parameter is a lone name, no type before it: a macro standing for
    /// parameters (`void k(ADAGRAD_PARAMS)`), which only the preprocessor can read.
    pub macro_params: bool,
}

/// The template parameter names of the `template <…>` head that `before` ends with.
fn template_head(code: &[u8], before: usize) -> Vec<String> {
    let end = before
        - code[..before]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    let open = template_start(code, end);
    if open == end {
        return Vec::new();
    }
    let head = String::from_utf8_lossy(&code[..open]);
    if last_ident(head.trim_end()) != "template" {
        return Vec::new();
    }
    let inner = String::from_utf8_lossy(&code[open + 1..end - 1]).into_owned();
    split_top(&inner)
        .into_iter()
        .map(|p| last_ident(p.split('=').next().unwrap_or("").trim()))
        .filter(|n| !n.is_empty())
        .collect()
}

/// The source with comments and string literals blanked (same length, same line breaks), so
/// that searches for `<<<` or `__global__` see only code.
fn code_only(src: &str) -> Vec<u8> {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                let end = (i + 2).min(b.len());
                for c in &mut out[start..end] {
                    if *c != b'\n' {
                        *c = b' ';
                    }
                }
                i = end;
            }
            q @ (b'"' | b'\'') => {
                // Keep the quotes, blank the contents.
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    if b[i] == b'\\' && i + 1 < b.len() {
                        out[i] = b' ';
                        i += 1;
                    }
                    out[i] = b' ';
                    i += 1;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The identifier `s` ends with (empty when it ends otherwise).
fn last_ident(s: &str) -> String {
    let start = s.len() - s.bytes().rev().take_while(|&c| is_ident(c)).count();
    s[start..].to_string()
}

/// The index of the `<` opening the template arguments that end just before `end` (at a `>`),
/// or `end` when there are none.
pub fn template_start(b: &[u8], end: usize) -> usize {
    if end == 0 || b[end - 1] != b'>' {
        return end;
    }
    let (mut i, mut depth) = (end, 0);
    while i > 0 {
        i -= 1;
        match b[i] {
            b'>' => depth += 1,
            b'<' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    end
}

/// The index just past the bracket matching the opening one at `open`.
pub(crate) fn matching(code: &[u8], open: usize, (o, c): (u8, u8)) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &ch) in code.iter().enumerate().skip(open) {
        if ch == o {
            depth += 1;
        } else if ch == c {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        }
    }
    None
}

/// Splits `text` at top-level commas (outside (), <>, [], {}).
fn split_top(text: &str) -> Vec<&str> {
    split_commas(text, true)
}

/// Splits `text` at commas outside (), [], {} and, with `angles`, <> (template arguments; not
/// in an expression, where `<` compares or shifts).
pub(crate) fn split_commas(text: &str, angles: bool) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, ch) in text.char_indices() {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '<' if angles => depth += 1,
            '>' if angles => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A callee's name without template arguments or namespaces: `ns::k<8, 2>` → `k`.
pub fn base_name(callee: &str) -> &str {
    let bare = callee.split('<').next().unwrap_or("").trim();
    bare.rsplit("::").next().unwrap_or(bare)
}

/// Every `__global__` function defined or declared in `src`, the first of each name.
pub fn entries(src: &str) -> Vec<Entry> {
    entries_all(src)
        .into_iter()
        .fold(Vec::new(), |mut out: Vec<Entry>, e| {
            if !out.iter().any(|o| o.name == e.name) {
                out.push(e);
            }
            out
        })
}

/// Every `__global__` function defined or declared in `src`, each time it is (a kernel may
/// define its entry in several `#if` branches).
pub fn entries_all(src: &str) -> Vec<Entry> {
    let code = code_only(src);
    let text = String::from_utf8_lossy(&code).into_owned();
    let mut out: Vec<Entry> = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("__global__") {
        let at = from + k;
        let Some(open) = text[at..].find('(').map(|o| at + o) else {
            break;
        };
        // The name: the identifier just before `(`.
        let name = last_ident(text[at..open].trim_end());
        let Some(close) = matching(&code, open, (b'(', b')')) else {
            break;
        };
        let pieces = split_top(&text[open + 1..close - 1]);
        let macro_params = pieces.iter().any(|p| {
            let p = p.trim();
            !p.is_empty() && p != "void" && p.bytes().all(is_ident)
        });
        let params = pieces
            .into_iter()
            .filter_map(|p| {
                let p = p.split('=').next().unwrap_or("").trim();
                // An array parameter's extent (`int a[4]`), not a name's digits (`x1`).
                let p = match p.strip_suffix(']') {
                    Some(q) => q.rfind('[').map_or(q, |k| &q[..k]).trim_end(),
                    None => p,
                };
                let n = last_ident(p);
                (!n.is_empty() && n != "void").then_some(n)
            })
            .collect();
        if !name.is_empty() {
            let template = template_head(&code, at);
            out.push(Entry {
                name,
                params,
                template,
                macro_params,
            });
        }
        from = close;
    }
    out
}

/// Whether `src` defines a host `main` (`int main(`, `int32_t main(`, `auto main(` in code,
/// not in a comment or a string).
pub fn has_main(src: &str) -> bool {
    let code = code_only(src);
    let mut from = 0;
    while let Some(k) = code[from..].windows(4).position(|w| w == b"main") {
        let at = from + k;
        from = at + 4;
        let before = code[..at].trim_ascii_end();
        let after = code[at + 4..].trim_ascii_start();
        let alone = at == 0 || !is_ident(code[at - 1]);
        let next_ok = code.get(at + 4).is_none_or(|&c| !is_ident(c));
        if alone && next_ok && after.first() == Some(&b'(') {
            let start = before.len() - before.iter().rev().take_while(|&&c| is_ident(c)).count();
            if matches!(&before[start..], b"int" | b"int32_t" | b"auto" | b"signed") {
                return true;
            }
        }
    }
    false
}

/// The C library's functions that the host compiler's headers declare in the global namespace
/// and that ops are named after (`math/abs`, `floor`, `pow`, …). A device compile declares none
/// of them, so an `extern "C"` entry of such a name compiles there and clashes here.
const C_LIBRARY: &[&str] = &[
    "abs",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "div",
    "erf",
    "erfc",
    "exp",
    "exp2",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "frexp",
    "hypot",
    "labs",
    "ldexp",
    "lgamma",
    "llabs",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "modf",
    "nearbyint",
    "nextafter",
    "pow",
    "rand",
    "remainder",
    "rint",
    "round",
    "select",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "tgamma",
    "trunc",
];

/// For a non-template entry `name` of a C library function's name (see [`C_LIBRARY`]): the
/// name it is compiled under, `ascstep_entry_<name>`, and `src` with every `__global__`
/// declaration or definition of it so renamed (lines and other columns kept); None otherwise.
pub fn renamed_entry(src: &str, name: &str) -> Option<(String, String)> {
    if !C_LIBRARY.contains(&name) {
        return None;
    }
    let to = format!("ascstep_entry_{name}");
    let code = code_only(src);
    let text = String::from_utf8_lossy(&code).into_owned();
    let mut out = String::with_capacity(src.len() + 64);
    let (mut copied, mut from) = (0, 0);
    while let Some(k) = text[from..].find("__global__") {
        let at = from + k;
        let Some(open) = text[at..].find('(').map(|o| at + o) else {
            break;
        };
        from = open;
        let head = text[at..open].trim_end();
        let end = at + head.len();
        if last_ident(head) != name || !template_head(&code, at).is_empty() {
            continue;
        }
        out.push_str(&src[copied..end - name.len()]);
        out.push_str(&to);
        copied = end;
    }
    (copied > 0).then(|| (to, out + &src[copied..]))
}

/// `src` with every `<<<…>>>` launch rewritten into ascstep's launcher, and the number of
/// launches rewritten. The kernel name may carry template arguments (`k<8, 2><<<…>>>`).
/// Without `run` a launch only evaluates its configuration and arguments and calls nothing:
/// the host wrapper an operator kernel's file holds, which a binding never calls (ascstep
/// calls the entry itself), and whose callee may be a template it cannot instantiate.
pub fn rewrite_launches(src: &str, run: bool) -> (String, usize) {
    let code = code_only(src);
    let entries = entries(src);
    let mut out = String::with_capacity(src.len() + 256);
    let mut copied = 0;
    let mut n = 0;
    let mut i = 0;
    while i + 3 <= code.len() {
        if &code[i..i + 3] != b"<<<" {
            i += 1;
            continue;
        }
        let Some(cfg_end) = find(&code, i + 3, b">>>") else {
            break;
        };
        // The callee: an identifier (with `::`), optionally followed by template arguments.
        let mut s = i;
        while s > 0 && code[s - 1].is_ascii_whitespace() {
            s -= 1;
        }
        let callee_end = s;
        s = template_start(&code, s);
        while s > 0 && (is_ident(code[s - 1]) || code[s - 1] == b':') {
            s -= 1;
        }
        let callee = &src[s..callee_end];
        let base = base_name(callee);
        // The arguments.
        let mut a = cfg_end + 3;
        while a < code.len() && code[a].is_ascii_whitespace() {
            a += 1;
        }
        if callee.trim().is_empty() || code.get(a) != Some(&b'(') {
            i += 3;
            continue;
        }
        let Some(args_end) = matching(&code, a, (b'(', b')')) else {
            break;
        };
        let cfg = &src[i + 3..cfg_end];
        let args = &src[a + 1..args_end - 1];
        let params = entries
            .iter()
            .find(|e| e.name == base)
            .map(|e| e.params.join(","))
            .unwrap_or_default();
        out.push_str(&src[copied..s]);
        let comma = if args.trim().is_empty() { "" } else { ", " };
        let name = callee.replace('"', "\\\"");
        if run {
            out.push_str(&format!(
                "::ascstep_rt::Launch(\"{name}\", \"{params}\", {cfg}).run([&](auto&&... ascstep_a) {{ {callee}(ascstep_a...); }}{comma}{args})"
            ));
        } else {
            out.push_str(&format!(
                "::ascstep_rt::Launch(\"{name}\", \"{params}\", {cfg}).unused({args})"
            ));
        }
        // Keep the line breaks of what sat between the name and `<<<`, and between the
        // config and the arguments.
        out.extend(src[callee_end..i].chars().filter(|&c| c == '\n'));
        out.extend(src[cfg_end + 3..a].chars().filter(|&c| c == '\n'));
        copied = args_end;
        i = args_end;
        n += 1;
    }
    out.push_str(&src[copied..]);
    (out, n)
}

fn find(code: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    code[from..]
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|p| p + from)
}

/// The variable a call's result is assigned to, read from the source line of the call:
/// `LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();` names `xLocal`. `col` is the
/// 1-based column of the call. None when the line assigns nothing.
pub fn assigned_name(line: &str, col: usize) -> Option<String> {
    let head = line.get(..col.saturating_sub(1).min(line.len()))?;
    let eq = head.rfind('=')?;
    let before = &head.as_bytes()[..eq];
    if matches!(before.last(), Some(b'=' | b'!' | b'<' | b'>')) {
        return None;
    }
    let name = last_ident(head[..eq].trim_end());
    (!name.is_empty() && !name.as_bytes()[0].is_ascii_digit()).then_some(name)
}

/// The variable declared at `col` (1-based): `RegTensor<T> x;` and `MaskReg a, b;` construct
/// each object at its name, followed by `;`, `,`, `)`, `=` or `{`.
pub fn declared_name(line: &str, col: usize) -> Option<String> {
    let tail = line.get(col.saturating_sub(1)..)?;
    let n = tail.bytes().take_while(|&c| is_ident(c)).count();
    let (name, rest) = tail.split_at(n);
    let ok = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && matches!(
            rest.trim_start().bytes().next(),
            Some(b';' | b',' | b')' | b'=' | b'{')
        );
    ok.then(|| name.to_string())
}

/// The variable a call's last argument names, when it is a plain identifier: the output
/// reference of `GatherMask(…, rsvdCnt)`. None when the call does not end on this line.
pub fn last_argument_name(line: &str, col: usize) -> Option<String> {
    let tail = line.get(col.saturating_sub(1).min(line.len())..)?;
    let open = tail.find('(')?;
    let mut depth = 0;
    let mut last = open + 1;
    for (i, c) in tail.char_indices().skip(open) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    let arg = tail[last..i].trim();
                    let ok = !arg.is_empty()
                        && !arg.as_bytes()[0].is_ascii_digit()
                        && arg.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
                    return ok.then(|| arg.to_string());
                }
            }
            ',' if depth == 1 => last = i + 1,
            _ => {}
        }
    }
    None
}

/// The first argument of the call at `col` when it is a plain name:
/// `GetReduceRepeatMaxMinSpr(val, idx)` names `val`.
pub fn first_argument_name(line: &str, col: usize) -> Option<String> {
    let tail = line.get(col.saturating_sub(1).min(line.len())..)?;
    let open = tail.find('(')?;
    let rest = &tail[open + 1..];
    let end = rest.find([',', ')'])?;
    let arg = rest[..end].trim();
    let ok = !arg.is_empty()
        && !arg.as_bytes()[0].is_ascii_digit()
        && arg.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    ok.then(|| arg.to_string())
}

/// The object a member call is made on: `xGm.SetGlobalBuffer(` names `xGm`.
pub fn receiver_name(line: &str, col: usize) -> Option<String> {
    let head = line.get(..col.saturating_sub(1).min(line.len()))?;
    let dot = head.rfind('.')?;
    let name = last_ident(&head[..dot]);
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_main_is_found_in_code_only() {
        assert!(has_main("int main()\n{ return 0; }"));
        assert!(has_main(
            "#include <x>\nint32_t f();\nint main(int argc, char** argv) {}"
        ));
        assert!(has_main("int\nmain (void) {}"));
        assert!(!has_main("// int main() {}\n__global__ void k() {}"));
        assert!(!has_main("const char* s = \"int main()\";"));
        assert!(has_main("int32_t main()\n{}"));
        assert!(!has_main("uint main() {}"));
        assert!(!has_main("return main(1);"));
        assert!(!has_main("int mainly() {}"));
        assert!(!has_main("int domain() {}"));
        assert!(!has_main(
            "extern \"C\" __global__ void main_kernel(GM_ADDR x) {}"
        ));
    }

    #[test]
    fn the_last_argument_names_an_output_reference() {
        let l = "    AscendC::GatherMask(dst, src, 2, false, 0, {1, 1, 8, 0}, rsvdCnt);";
        assert_eq!(last_argument_name(l, 5).as_deref(), Some("rsvdCnt"));
        assert_eq!(last_argument_name("f(a, g(b))", 1), None);
        assert_eq!(last_argument_name("f(a,", 1), None);
        assert_eq!(last_argument_name("f(a, 3)", 1), None);
    }

    #[test]
    fn finds_entries_and_their_parameter_names() {
        let src = "template <uint32_t n>\n__global__ __vector__ void k(__gm__ uint8_t* x, GM_ADDR y, uint32_t total = 4) {}\n// __global__ void not_this(int a)\nextern \"C\" __global__ __aicore__ void h(GM_ADDR a[2], int) {}\n__global__ void pows(GM_ADDR x1, GM_ADDR x2, GM_ADDR y) {}";
        let e = entries(src);
        assert_eq!(e.len(), 3, "{e:?}");
        // Digits that end a name are the name's (ops-math's pows(x1, x2, …)).
        assert_eq!(e[2].params, ["x1", "x2", "y"]);
        assert_eq!(e[0].name, "k");
        assert_eq!(e[0].params, ["x", "y", "total"]);
        assert_eq!(e[1].name, "h");
        assert_eq!(e[1].params, ["a", "int"]);
    }

    #[test]
    fn rewrites_launches_and_keeps_lines() {
        let src = "__global__ void k(GM_ADDR x, int n) {}\nint main() {\n    k<8, 2><<<blocks, 0,\n stream>>>(a,\n b); // k<<<1>>>(x)\n    const char* s = \"<<<\";\n    k<<<1, nullptr, s>>>();\n    k<4>\n        <<<1, 0, s>>>(p, 2);\n}\n";
        let (out, n) = rewrite_launches(src, true);
        assert_eq!(n, 3, "{out}");
        assert!(
            out.contains("    ::ascstep_rt::Launch(\"k<4>\", \"x,n\", 1, 0, s).run([&](auto&&... ascstep_a) { k<4>(ascstep_a...); }, p, 2)\n;"),
            "{out}"
        );
        assert_eq!(out.lines().count(), src.lines().count(), "{out}");
        assert!(
            out.contains("::ascstep_rt::Launch(\"k<8, 2>\", \"x,n\", blocks, 0,\n stream).run([&](auto&&... ascstep_a) { k<8, 2>(ascstep_a...); }, a,\n b); // k<<<1>>>(x)"),
            "{out}"
        );
        assert!(out.contains("\"<<<\""), "{out}");
        assert!(
            out.contains("::ascstep_rt::Launch(\"k\", \"x,n\", 1, nullptr, s).run([&](auto&&... ascstep_a) { k(ascstep_a...); })"),
            "{out}"
        );
    }

    #[test]
    fn a_launch_not_run_evaluates_its_arguments_only() {
        let src = "template <int m> __global__ void k(GM_ADDR x) {}\nvoid k_do(uint32_t b, void* s, uint8_t* x) {\n    k<<<b, nullptr, s>>>(x);\n}\n";
        let (out, n) = rewrite_launches(src, false);
        assert_eq!(n, 1);
        assert!(
            out.contains("    ::ascstep_rt::Launch(\"k\", \"x\", b, nullptr, s).unused(x);"),
            "{out}"
        );
        assert!(!out.contains(".run("), "{out}");
    }

    #[test]
    fn names_from_the_call_line() {
        let l = "    AscendC::LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();";
        let col = l.find("AllocTensor").unwrap() + 1 + "AllocTensor<float>".len();
        assert_eq!(assigned_name(l, col).as_deref(), Some("xLocal"));
        assert_eq!(assigned_name("    if (a == q.DeQue<float>())", 20), None);
        let g = "    xGm.SetGlobalBuffer((__gm__ float*)x, n);";
        assert_eq!(
            receiver_name(g, g.find('(').unwrap() + 1).as_deref(),
            Some("xGm")
        );
    }
}

#[cfg(test)]
mod declared_tests {
    use super::declared_name;

    #[test]
    fn a_declaration_names_the_variable_at_its_column() {
        let l = "    AscendC::Reg::RegTensor<T> srcReg, dstReg;";
        assert_eq!(declared_name(l, 32).as_deref(), Some("srcReg"));
        assert_eq!(declared_name(l, 40).as_deref(), Some("dstReg"));
        // A call's position names no variable.
        let c = "    mask = AscendC::Reg::UpdateMask<T>(count);";
        assert_eq!(declared_name(c, 12), None);
    }
}
