//! Whatever text a user gives — a mangled ruleset, a broken position or
//! record — the loaders answer with an error, never a panic.

use proptest::prelude::*;
use tabula::{Error, Game, Options, Record, shipped};

fn shipped_texts() -> Vec<&'static str> {
    shipped::names().filter_map(shipped::text).collect()
}

/// An edit of a text: delete a range, duplicate one, or insert a snippet.
fn mutate(text: &str, at: usize, len: usize, how: u8, snippet: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + len % 40).min(chars.len());
    let (a, b) = (chars[..at].iter().collect::<String>(), chars[end..].iter().collect::<String>());
    match how % 3 {
        0 => a + &b,
        1 => a + &chars[at..end].iter().collect::<String>() + &chars[at..].iter().collect::<String>(),
        _ => a + snippet + &chars[at..].iter().collect::<String>(),
    }
}

const SNIPPETS: &[&str] = &[
    "(",
    ")",
    "]",
    "[",
    ",",
    "\"",
    "0",
    "-1",
    "255",
    "99999",
    "Empty",
    "Ref(\"x\")",
    "Player(3)",
    "NoMoves",
    "\"zz\"",
    ":",
    "//",
    "/*",
];

/// Cases per property: a few hundred in CI; `TABULA_FUZZ_CASES=100000` for a long hunt.
fn cases(default: u32) -> u32 {
    std::env::var("TABULA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The text in tokens: strings, numbers, words, single marks, and runs of blanks.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let len = if c == '"' {
            rest[1..].find('"').map_or(rest.len(), |i| i + 2)
        } else if c.is_alphanumeric() || c == '_' || c == '-' {
            rest.find(|x: char| !(x.is_alphanumeric() || x == '_' || x == '.' || x == '-')).unwrap_or(rest.len())
        } else if c.is_whitespace() {
            rest.find(|x: char| !x.is_whitespace()).unwrap_or(rest.len())
        } else {
            c.len_utf8()
        };
        out.push(&rest[..len]);
        rest = &rest[len..];
    }
    out
}

const NUMBERS: &[&str] =
    &["0", "-1", "255", "256", "65535", "65536", "4294967295", "4294967296", "-99999999999", "1e30", "NaN"];

/// A token-level edit: delete, duplicate or swap spans of tokens, replace a
/// number with an extreme one, or give a name another name from the text.
fn mutate_tokens(text: &str, how: u8, a: usize, b: usize, len: usize) -> String {
    let mut t: Vec<String> = tokens(text).into_iter().map(String::from).collect();
    if t.is_empty() {
        return String::new();
    }
    let (a, b, len) = (a % t.len(), b % t.len(), 1 + len % 12);
    let count = t.len();
    let end = |x: usize| (x + len).min(count);
    match how % 5 {
        0 => {
            t.drain(a..end(a));
        }
        1 => {
            let span: Vec<String> = t[a..end(a)].to_vec();
            t.splice(a..a, span);
        }
        2 => {
            let (x, y) = (a.min(b), a.max(b));
            if end(x) <= y {
                let first: Vec<String> = t[x..end(x)].to_vec();
                let second: Vec<String> = t[y..end(y)].to_vec();
                t.splice(y..end(y), first);
                t.splice(x..end(x), second);
            }
        }
        3 => {
            if let Some(i) = (a..t.len()).chain(0..a).find(|&i| t[i].parse::<f64>().is_ok()) {
                t[i] = NUMBERS[b % NUMBERS.len()].to_string();
            }
        }
        _ => {
            let names: Vec<usize> = (0..t.len()).filter(|&i| t[i].starts_with('"')).collect();
            if !names.is_empty() {
                let (i, j) = (names[a % names.len()], names[b % names.len()]);
                t[i] = if i == j { format!("{}x\"", t[i].trim_end_matches('"')) } else { t[j].clone() };
            }
        }
    }
    t.concat()
}

/// A ruleset text must compile or give errors that each say where; one that
/// compiles must play (a few random plies, under a cap: hangs hide there).
fn compiles_or_says_where(text: &str) -> Result<(), TestCaseError> {
    match Game::from_source(text, "mutated.ron", &Options::new()) {
        Ok(game) => {
            let mut state = game.initial_state();
            let mut buf = Vec::new();
            for i in 0..40usize {
                game.legal_moves_into(&state, &mut buf);
                let Some(&m) = buf.get(i.wrapping_mul(7919) % buf.len().max(1)) else { break };
                game.play_unchecked(&mut state, m);
            }
        }
        Err(Error::Load(e)) => {
            for d in &e.diagnostics {
                prop_assert!(d.at.is_some(), "an error without a place: {d}\nin:\n{text}");
            }
        }
        // An option is named by its name, not by a place.
        Err(Error::Option(_)) => {}
        Err(other) => prop_assert!(false, "not a located error: {other}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn token_mutations_of_every_shipped_ruleset_are_located_errors_or_play(
        which in any::<usize>(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), any::<usize>()), 1..4),
    ) {
        let texts = shipped_texts();
        let mut text = texts[which % texts.len()].to_string();
        for (how, a, b, len) in edits {
            text = mutate_tokens(&text, how, a, b, len);
        }
        compiles_or_says_where(&text)?;
    }

    #[test]
    fn random_bytes_are_located_errors(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        match tabula_files::text_from_bytes(bytes, "bytes.ron") {
            Ok(text) => compiles_or_says_where(&text)?,
            Err(e) => prop_assert!(e.to_string().starts_with("bytes.ron:"), "{e}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mangled_rulesets_never_panic(which in 0usize..16, edits in prop::collection::vec((any::<usize>(), 0usize..40, any::<u8>(), 0usize..SNIPPETS.len()), 1..4)) {
        let texts = shipped_texts();
        let mut text = texts[which % texts.len()].to_string();
        for (at, len, how, s) in edits {
            text = mutate(&text, at, len, how, SNIPPETS[s]);
        }
        if let Ok(game) = Game::from_source(&text, "mangled.ron", &Options::new()) {
            // A ruleset that still compiles must still play.
            let mut state = game.initial_state();
            let mut buf = Vec::new();
            for i in 0..60usize {
                game.legal_moves_into(&state, &mut buf);
                let Some(&m) = buf.get(i.wrapping_mul(7919) % buf.len().max(1)) else { break };
                game.play_unchecked(&mut state, m);
            }
        }
    }

    #[test]
    fn broken_positions_and_records_never_panic(text in "\\PC{0,200}", which in 0usize..16) {
        let names: Vec<&str> = shipped::names().collect();
        let name = names[which % names.len()];
        let game = shipped::game(name, &Options::new()).expect("shipped compiles");
        let _ = game.position_from_str(&text, "p.ron");
        let _ = game.position_from_str(&format!("Position(to_move: 1, board: {{{text}}})"), "p.ron");
        let _ = Record::from_ron(&text, "r.ron");
        let _ = game.parse_move(&game.initial_state(), &text);
    }

    #[test]
    fn option_values_never_panic(name in "[a-z_]{1,20}", value in "\\PC{0,12}") {
        let mut options = Options::new();
        options.set(name, value);
        for n in shipped::names() {
            let _ = Game::from_source(shipped::text(n).unwrap_or_default(), n, &options);
        }
    }
}
