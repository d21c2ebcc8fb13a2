//! Whatever text a user gives — a mangled ruleset, a broken position or
//! record — the loaders answer with an error, never a panic.

use proptest::prelude::*;
use tabula::{Game, Options, Record, shipped};

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

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

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
