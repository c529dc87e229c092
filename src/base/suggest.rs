//! "Did you mean": the one typo suggester of the crate, used by the program loader, the command
//! language, themes and keymaps. Ground floor.

/// Words longer than this get no suggestion: no name of the vocabulary comes close, and the
/// edit distance is quadratic in the length.
const MAX_WORD: usize = 48;

/// The candidate closest to `word` by optimal-string-alignment distance (case-insensitive;
/// insertions, deletions, substitutions, adjacent transpositions), if it is a likely typo: at
/// most 3 edits, at most a third of the longer word (of 3 characters at least), and something
/// of the word kept (`y` suggests no `s`). `word` itself is never suggested.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let n = word.chars().count();
    if n > MAX_WORD {
        return None;
    }
    let lower = word.to_lowercase();
    candidates
        .into_iter()
        .filter(|c| *c != word && c.chars().count() <= MAX_WORD)
        .map(|c| (strsim::osa_distance(&lower, &c.to_lowercase()), c))
        .filter(|&(d, c)| {
            let longest = n.max(c.chars().count());
            d <= 3 && d * 3 <= longest.max(3) && d < longest
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_are_found_and_strangers_are_not() {
        let words = ["step", "back", "continue", "Add", "Adds"];
        assert_eq!(closest("stpe", words), Some("step"));
        assert_eq!(closest("add", words), Some("Add"));
        assert_eq!(closest("Addss", words), Some("Adds"));
        assert_eq!(
            closest("Add", ["Add", "Exp"]),
            None,
            "a word is not its own typo"
        );
        assert_eq!(closest("xx", ["x", "y"]), Some("x"));
        assert_eq!(closest("y", ["s", "n"]), None);
        assert_eq!(closest("xyzzy", words), None);
        assert_eq!(closest(&"s".repeat(10_000), words), None);
    }
}
