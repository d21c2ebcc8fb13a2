//! Marks and the last move's fields (issue 44) as state: positions carry
//! them and read back equal, a position's marks are checked where they are
//! written, and a mark makes states differ (equality, hash, repetition key).

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, Options};
use tabula_tests::workspace;

fn block_text(name: &str) -> String {
    std::fs::read_to_string(workspace().join(format!("tests/blocks/{name}.ron"))).expect("a test ruleset")
}

fn block(name: &str, options: &[(&str, &str)]) -> Game {
    let mut o = Options::new();
    for (k, v) in options {
        o.set(*k, *v);
    }
    Game::from_source(&block_text(name), name, &o).expect("compiles")
}

#[test]
fn positions_carry_marks_and_the_last_move_and_read_back_equal() {
    let mut marked = 0;
    for (name, options) in
        [("passing-pawns", vec![]), ("passing-pawns", vec![("passing", "LastMove")]), ("chain-points", vec![])]
    {
        let game = block(name, &options);
        for seed in 0..10 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut state = game.initial_state();
            while !state.is_over() && state.ply() < 60 {
                let text = game.position_to_string(&state);
                marked += usize::from(text.contains("marks:") || text.contains("last_from:"));
                let back = game.position_from_str(&text, "position").unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
                assert_eq!(back, state, "{name} {options:?}:\n{text}");
                assert_eq!(back.position_hash(), state.position_hash(), "{name}");
                assert_eq!(back.marks_key(), state.marks_key(), "{name}");
                let &m = game.legal_moves(&state).choose(&mut rng).expect("a move");
                state = game.play(state, m).expect("legal");
            }
        }
    }
    assert!(marked > 50, "positions with marks: {marked}");
}

#[test]
fn a_mark_makes_a_position_differ() {
    let game = block("passing-pawns", &[]);
    let plain = game.position_from_str(r#"Position(to_move: 2, board: {"c3": "P", "b3": "p"})"#, "p").expect("reads");
    let marked = game
        .position_from_str(
            r#"Position(to_move: 2, board: {"c3": "P", "b3": "p"}, marks: {"passed_over@1": ["c2"], "passer@1": ["c3"]})"#,
            "p",
        )
        .expect("reads");
    assert_ne!(plain, marked);
    assert_ne!(plain.position_hash(), marked.position_hash());
    assert_eq!(plain.marks_key(), 0);
    assert_ne!(marked.marks_key(), 0);
    // The marks change the legal moves: the pawn may be taken in passing.
    assert!(game.legal_moves(&marked).len() > game.legal_moves(&plain).len());
}

#[test]
fn a_positions_marks_are_checked_where_they_are_written() {
    let game = block("passing-pawns", &[]);
    let refused = |marks: &str| {
        let text = format!("Position(to_move: 1, board: {{\"a1\": \"P\"}}, marks: {marks})");
        game.position_from_str(&text, "p.ron").expect_err("refused").to_string()
    };
    let e = refused(r#"{"nope": ["a1"]}"#);
    assert!(e.contains("p.ron:1:") && e.contains("no mark \"nope\"") && e.contains("passed_over"), "{e}");
    let e = refused(r#"{"passed_over@1": ["z9"]}"#);
    assert!(e.contains("z9"), "{e}");
    let e = refused(r#"{"passed_over": ["a2"]}"#);
    assert!(e.contains("passed_over@P"), "{e}");
    let e = refused(r#"{"passed_over@3": ["a2"]}"#);
    assert!(e.contains("from 1 to 2"), "{e}");
    let chains = block("chain-points", &[]);
    let text = r#"Position(to_move: 1, board: {"a1": "S"}, marks: {"visited@1": ["a1"]})"#;
    let e = chains.position_from_str(text, "p.ron").expect_err("refused").to_string();
    assert!(e.contains("one set for all players"), "{e}");
}

#[test]
fn a_mark_not_declared_is_refused_where_it_is_used() {
    let text = block_text("chain-points").replace("Not(Marked(\"visited\"))", "Not(Marked(\"seen\"))");
    let e = Game::from_source(&text, "c.ron", &Options::new()).expect_err("refused").to_string();
    assert!(e.contains("c.ron:") && e.contains("\"seen\"") && e.contains("visited"), "{e}");
    let text = block_text("chain-points").replace("Mark(mark: \"visited\"", "Mark(mark: \"seen\"");
    let e = Game::from_source(&text, "c.ron", &Options::new()).expect_err("refused").to_string();
    assert!(e.contains("then[0].mark"), "{e}");
    let text = block_text("chain-points").replace("marks: [", "marks: [(name: \"visited\", lasts: Turn), ");
    let e = Game::from_source(&text, "c.ron", &Options::new()).expect_err("refused").to_string();
    assert!(e.contains("declared twice"), "{e}");
}

#[test]
fn a_chains_direction_is_given_once_and_same_dir_still_reads() {
    let text = block_text("chain-points");
    let both = text.replace("direction: NotSame", "direction: Same, same_dir: True");
    let e = Game::from_source(&both, "c.ron", &Options::new()).expect_err("refused").to_string();
    assert!(e.contains("direction") && e.contains("once"), "{e}");
    // The old spelling and the new say the same.
    let old =
        Game::from_source(&text.replace("direction: NotSame", "same_dir: True"), "c", &Options::new()).expect("old");
    let new =
        Game::from_source(&text.replace("direction: NotSame", "direction: Same"), "c", &Options::new()).expect("new");
    for depth in 1..=4 {
        assert_eq!(old.perft(&old.initial_state(), depth), new.perft(&new.initial_state(), depth), "depth {depth}");
    }
}

#[test]
fn unmark_takes_a_mark_off_the_moves_fields_or_every_field() {
    // Chain points with marks kept until cleared, and steps that clear them.
    let text = block_text("chain-points").replace("lasts: Turn", "lasts: Cleared");
    let everywhere = text.replace(
        "by: Step(dirs: [\"Orthogonal\", \"Diagonal\"])),",
        "by: Step(dirs: [\"Orthogonal\", \"Diagonal\"]), then: [Unmark(mark: \"visited\")]),",
    );
    let on_from = text.replace(
        "by: Step(dirs: [\"Orthogonal\", \"Diagonal\"])),",
        "by: Step(dirs: [\"Orthogonal\", \"Diagonal\"]), then: [Unmark(mark: \"visited\", on: [From])]),",
    );
    let position = r#"Position(to_move: 1, board: {"a1": "S", "e5": "s"}, marks: {"visited": ["a1", "c3"]})"#;
    for (rules, left) in [(&text, &["a1", "c3"][..]), (&everywhere, &[]), (&on_from, &["c3"])] {
        let game = Game::from_source(rules, "c", &Options::new()).expect("compiles");
        let s = game.position_from_str(position, "p").expect("reads");
        let m = game.parse_move(&s, "a1-a2").expect("a step");
        let after = game.position_to_string(&game.play(s, m).expect("legal"));
        assert_eq!(after.contains("visited"), !left.is_empty(), "{after}");
        let marks = after.split("marks:").nth(1).unwrap_or("");
        for f in ["a1", "c3"] {
            assert_eq!(marks.contains(&format!("{f:?}")), left.contains(&f), "{f}: {after}");
        }
    }
}
