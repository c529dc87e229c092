//! The `#if` branches of a kernel's text that the compile for a product cannot take, dropped
//! without running the preprocessor: conditions on the macros whose value the product fixes
//! (`__CCE_AICORE__`, `__NPU_ARCH__`) and on `__CCE_KT_TEST__`, CANN's unit-test build, which a
//! binding's device build never defines. A condition naming any other macro is unknown and
//! both its branches are kept, so a textual search over the result may still see too much,
//! never too little.

use crate::base::product::Product;

/// `text` without the lines of branches the compile for `product` does not take.
pub fn taken(text: &str, product: Product) -> String {
    let prof = product.profile();
    let value = |name: &str| -> Option<Option<i64>> {
        match name {
            "__CCE_AICORE__" => Some(Some(prof.cce_aicore.into())),
            "__NPU_ARCH__" => Some(Some(prof.npu_arch.into())),
            "__CCE_KT_TEST__" => Some(None),
            _ => None,
        }
    };
    // Per open `#if`: whether an earlier branch was taken, whether the current one is.
    let mut stack: Vec<(Option<bool>, Option<bool>)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let d = line.trim_start().strip_prefix('#').map(str::trim_start);
        let word = d.map(|d| {
            let n = d
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(d.len());
            (&d[..n], &d[n..])
        });
        let mut closing = false;
        match word {
            Some(("if", c)) => {
                let v = eval(c, &value);
                stack.push((v, v));
            }
            Some(("ifdef", c)) => {
                let v = value(c.trim()).map(|v| v.is_some());
                stack.push((v, v));
            }
            Some(("ifndef", c)) => {
                let v = value(c.trim()).map(|v| v.is_none());
                stack.push((v, v));
            }
            Some(("elif", c)) => {
                if let Some((any, cur)) = stack.last_mut() {
                    let v = and(not(*any), eval(c, &value));
                    *cur = v;
                    *any = or(*any, v);
                }
            }
            Some(("else", _)) => {
                if let Some((any, cur)) = stack.last_mut() {
                    *cur = not(*any);
                    *any = Some(true);
                }
            }
            Some(("endif", _)) => closing = true,
            _ => {}
        }
        if !stack.iter().any(|&(_, cur)| cur == Some(false)) {
            out.push_str(line);
            out.push('\n');
        }
        if closing {
            stack.pop();
        }
    }
    out
}

fn not(a: Option<bool>) -> Option<bool> {
    a.map(|a| !a)
}

fn and(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

fn or(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    not(and(not(a), not(b)))
}

/// A condition of `||`s of `&&`s of atoms (`defined(X)`, `X == N`, `X`, `!atom`, each maybe
/// parenthesised); None where it names an unknown macro or has another shape.
fn eval(cond: &str, value: &dyn Fn(&str) -> Option<Option<i64>>) -> Option<bool> {
    let cond = cond.split("//").next().unwrap_or("").trim();
    cond.split("||")
        .map(|any| {
            any.split("&&")
                .map(|atom| atom_value(atom, value))
                .fold(Some(true), and)
        })
        .fold(Some(false), or)
}

fn atom_value(atom: &str, value: &dyn Fn(&str) -> Option<Option<i64>>) -> Option<bool> {
    let mut a = atom.trim();
    while let Some(inner) = a.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        a = inner.trim();
    }
    if let Some(rest) = a.strip_prefix('!') {
        return not(atom_value(rest, value));
    }
    if let Some(rest) = a.strip_prefix("defined") {
        let name = rest
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim();
        return value(name).map(|v| v.is_some());
    }
    for op in ["==", "!=", ">=", "<=", ">", "<"] {
        if let Some((l, r)) = a.split_once(op) {
            let (l, r) = (l.trim(), r.trim());
            let n: i64 = r.trim_end_matches(['U', 'u', 'L', 'l']).parse().ok()?;
            // An undefined macro is 0 in `#if`.
            let v = value(l)?.unwrap_or(0);
            return Some(match op {
                "==" => v == n,
                "!=" => v != n,
                ">=" => v >= n,
                "<=" => v <= n,
                ">" => v > n,
                _ => v < n,
            });
        }
    }
    value(a).map(|v| v.unwrap_or(0) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KERNEL: &str = "\
#include \"common.h\"
#ifdef __CCE_KT_TEST__
struct UtOnly {};
#endif
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 310
#include \"arch35/regbase.h\"
#elif defined(SOMETHING_ELSE)
#include \"maybe.h\"
#else
#include \"a2.h\"
#endif
#ifndef __CCE_KT_TEST__
struct Device {};
#endif
";

    #[test]
    fn atlas_a2_keeps_its_branch_and_the_unknown_one() {
        let t = taken(KERNEL, Product::AtlasA2);
        assert!(
            t.contains("a2.h") && t.contains("maybe.h") && t.contains("Device"),
            "{t}"
        );
        assert!(!t.contains("regbase.h") && !t.contains("UtOnly"), "{t}");
    }

    #[test]
    fn ascend_950_takes_the_arch35_branch_only() {
        let t = taken(KERNEL, Product::Ascend950);
        assert!(t.contains("regbase.h") && t.contains("Device"), "{t}");
        assert!(
            !t.contains("a2.h") && !t.contains("maybe.h") && !t.contains("UtOnly"),
            "{t}"
        );
    }

    #[test]
    fn nested_branches_inside_a_dropped_one_stay_dropped() {
        let text = "#if __NPU_ARCH__ == 3510\n#ifdef X\nin\n#endif\nalso\n#endif\nafter\n";
        let t = taken(text, Product::AtlasA2);
        assert_eq!(t, "after\n");
    }
}
