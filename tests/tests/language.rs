//! Rulesets and records written for an older form of the language: an error
//! at each old construct that says its new form, `tabula migrate` (the
//! library's `migrate`) rewrites them, and old records still replay.
//! The files in tests/old-rulesets are shipped rulesets as they once were.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula::migrate::{LANGUAGE, migrate};
use tabula::{Game, Options, Record, content_hash, shipped};
use tabula_tests::workspace;

fn old(name: &str) -> String {
    let path = workspace().join(format!("tests/old-rulesets/{name}.language-1.ron"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn an_old_construct_is_an_error_that_says_its_new_form_where_it_stands() {
    let err = Game::from_source(&old("tic-tac-toe"), "ttt.ron", &Options::new()).expect_err("old");
    let text = err.to_string();
    assert!(
        text.contains("ttt.ron:18:31: `MadeLine` is now written `Line(n: N, dirs: DIRS, through: Moved)`"),
        "{text}"
    );
    let err = Game::from_source(&old("senet"), "senet.ron", &Options::new()).expect_err("old");
    assert_eq!(err.to_string().matches("`InLine` is now written").count(), 2, "{err}");
}

#[test]
fn migrated_rulesets_compile_and_play_as_before() {
    for (name, shipped_name, depth) in
        [("tic-tac-toe", "classic/tic-tac-toe", 9), ("seega", "seega", 3), ("senet", "senet", 4)]
    {
        let (text, changed) = migrate(&old(name));
        assert!(!changed.is_empty(), "{name}");
        assert!(text.contains(&format!("language: {LANGUAGE},")), "{name}");
        let game = Game::from_source(&text, name, &Options::new()).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Migrating twice changes nothing more.
        assert_eq!(migrate(&text).0, text, "{name}");
        // The same game as the shipped ruleset, where its rules have not changed since.
        if name == "tic-tac-toe" {
            let now = shipped::game(shipped_name, &Options::new()).expect("shipped");
            assert_eq!(game.perft(&game.initial_state(), depth), now.perft(&now.initial_state(), depth));
        } else {
            assert!(game.perft(&game.initial_state(), depth) > 0, "{name}");
        }
    }
}

#[test]
fn a_record_that_carries_an_old_text_replays() {
    let text = old("seega");
    let game = Game::from_source(&migrate(&text).0, "seega", &Options::new()).expect("migrated");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut state, mut played) = (game.initial_state(), Vec::new());
    for _ in 0..40 {
        let legal = game.legal_moves(&state);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        game.play_unchecked(&mut state, m);
        played.push(m);
    }
    let mut record = Record::new(&game, Some(3), &played);
    (record.rules, record.hash) = (Some(text.clone()), content_hash(&text));
    let read = Record::from_ron(&record.to_ron(), "old.ron").expect("reads");
    let replayed = read.game(None).expect("compiles the recorded text in today's language");
    let (end, moves) = read.replay(&replayed).expect("replays");
    assert_eq!((end, moves), (state, played));
}

#[test]
fn every_shipped_ruleset_names_its_language() {
    for name in shipped::names() {
        let text = shipped::text(name).expect("shipped");
        assert!(text.contains(&format!("\n    language: {LANGUAGE},")), "{name} does not say `language: {LANGUAGE}`");
        assert_eq!(migrate(text).0, text, "{name} is not in today's language");
    }
}

#[test]
fn a_ruleset_for_a_later_language_is_refused() {
    let text = shipped::text("seega")
        .expect("shipped")
        .replace(&format!("language: {LANGUAGE},"), &format!("language: {},", LANGUAGE + 1));
    let err = Game::from_source(&text, "seega.ron", &Options::new()).expect_err("refused").to_string();
    assert!(
        err.contains(&format!("language {}: this Tabula reads rulesets of language 1 to {LANGUAGE}", LANGUAGE + 1)),
        "{err}"
    );
}
