//! Tab completion of a command line (docs/commands.md): command names first, then what each
//! command takes next: granularities, tensor and scalar names, watch kinds, products, keywords.

use super::{COMMANDS, GRANULARITIES, WATCH_KINDS};
use crate::sim::Product;

/// The completions of the word that ends `before` (the line up to the cursor): the byte where
/// that word starts and the candidates, sorted. `names` are the program's tensors and
/// scalars.
pub fn complete(before: &str, names: &[&str]) -> (usize, Vec<String>) {
    let start = before.rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    let word = &before[start..];
    let words: Vec<&str> = before[..start].split_whitespace().collect();
    let products: Vec<&str> = Product::ALL.iter().map(|p| p.key()).collect();
    let pool: Vec<&str> = match words.as_slice() {
        [] => COMMANDS.to_vec(),
        ["step" | "back" | "s" | "rs"] => GRANULARITIES.to_vec(),
        ["info" | "i"] => vec!["breakpoints"],
        ["break-on"] => vec!["diagnostics"],
        ["break" | "b"] => vec!["instr"],
        ["product"] => products,
        ["print" | "p" | "watch" | "break-if"] => names.to_vec(),
        ["watch", _] => WATCH_KINDS.to_vec(),
        _ => Vec::new(),
    };
    let mut out: Vec<String> = pool
        .into_iter()
        .filter(|c| c.starts_with(word))
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    (start, out)
}

/// The longest common prefix of `candidates`.
pub fn common_prefix(candidates: &[String]) -> String {
    let Some(first) = candidates.first() else {
        return String::new();
    };
    let mut end = first.len();
    for c in &candidates[1..] {
        end = first
            .char_indices()
            .zip(c.chars())
            .find(|((_, a), b)| a != b)
            .map_or(end.min(c.len()), |((i, _), _)| i.min(end));
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_commands_then_arguments() {
        assert_eq!(complete("cont", &[]), (0, vec!["continue".to_string()]));
        assert_eq!(
            complete("re", &[]).1,
            vec!["restart".to_string(), "reverse-continue".to_string()]
        );
        assert_eq!(complete("step re", &[]), (5, vec!["repeat".to_string()]));
        assert_eq!(complete("info b", &[]).1, vec!["breakpoints".to_string()]);
        let names = ["xLocal", "xGm", "yLocal", "rstd"];
        assert_eq!(
            complete("p x", &names).1,
            vec!["xGm".to_string(), "xLocal".to_string()]
        );
        assert_eq!(complete("watch yL", &names).1, vec!["yLocal".to_string()]);
        assert_eq!(
            complete("watch yLocal w", &names).1,
            vec!["write".to_string()]
        );
        assert_eq!(
            complete("product atlas_a", &[]).1,
            vec!["atlas_a2".to_string(), "atlas_a3".to_string()]
        );
        assert!(complete("goto 1", &names).1.is_empty());
    }

    #[test]
    fn common_prefix_of_candidates() {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(common_prefix(&v(&["xGm", "xLocal"])), "x");
        assert_eq!(common_prefix(&v(&["restart", "reverse-continue"])), "re");
        assert_eq!(common_prefix(&v(&["continue"])), "continue");
        assert_eq!(common_prefix(&[]), "");
    }
}
