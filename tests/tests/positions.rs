//! Positions the rules could never reach are refused where they are written,
//! as records are: counters that would wrap or miss the turn limit, throws no
//! device gives, a field given twice, prisoners of one's own, a ranking that
//! ranks nobody first.

use tabula::{Game, Options, shipped};
use tabula_tests::compile;

fn game(name: &str, options: &[(&str, &str)]) -> Game {
    let mut given = Options::new();
    for (k, v) in options {
        given.set(k.to_string(), v.to_string());
    }
    compile(shipped::text(name).expect("shipped"), name, &given)
}

/// The error for `text`, checked to be located on `line` and to say `says`.
fn refused(game: &Game, text: &str, line: usize, says: &str) {
    let e = game.position_from_str(text, "p.ron").expect_err(text);
    let d = &e.diagnostics[0];
    assert_eq!(d.at.map(|p| p.line), Some(line), "{text}: {e}");
    assert!(d.message.contains(says), "{text}: expected {says:?} in {e}");
}

#[test]
fn a_ply_at_or_past_the_turn_limit_or_one_that_would_wrap_is_refused() {
    let seega = game("seega", &[]);
    let at = |ply: u32| format!("Position(to_move: 1,\n ply: {ply})");
    refused(&seega, &at(u32::MAX), 2, "ends the game at ply 1000");
    refused(&seega, &at(1000), 2, "a game going on is at ply 0 to 999");
    assert!(seega.position_from_str(&at(999), "p.ron").is_ok());
    // With no limit only the largest count is refused: the next move would make it 0.
    let unlimited = game("seega", &[("max_plies", "0")]);
    refused(&unlimited, &at(u32::MAX), 2, "expected a ply from 0 to 4294967294");
    assert!(unlimited.position_from_str(&at(u32::MAX - 1), "p.ron").is_ok());
    refused(&seega, "Position(to_move: 1,\n turn: 0)", 2, "turns are counted from 1");
}

#[test]
fn decisions_left_beyond_what_a_turn_has_are_refused() {
    // Seega's placement phase has two decisions a turn.
    let seega = game("seega", &[]);
    refused(&seega, "Position(to_move: 1,\n decisions_left: 255)", 2, "expected 1 to 2");
    // Where the rest of a throw earns a decision, one more while the game waits to count it.
    refused(&game("senet", &[]), "Position(to_move: 1,\n decisions_left: 3)", 2, "expected 1 to 2");
    refused(&seega, "Position(to_move: 1,\n decisions_left: 0)", 2, "expected 1 to 2");
    assert!(seega.position_from_str("Position(to_move: 1, decisions_left: 2)", "p.ron").is_ok());
}

#[test]
fn decisions_left_are_checked_where_a_turn_has_the_most_decisions_and_earns_one_more() {
    // Before: the bound, 255 decisions and the one a huff earns, was added in
    // a byte: it overflowed (a panic in a debug build; in a release one, a
    // bound of 0 that refused every count).
    let text = shipped::text("traditional/english-draughts").expect("shipped");
    let filters = "            filters: [Capture(";
    assert!(text.contains(filters), "the phase's filters");
    let text = text.replacen(filters, &format!("            decisions: 255,\n{filters}"), 1);
    let mut options = Options::new();
    options.set("capture".to_string(), "Huff".to_string());
    let many = compile(&text, "draughts-255", &options);
    assert!(many.position_from_str("Position(to_move: 1, decisions_left: 255)", "p.ron").is_ok());
    refused(&many, "Position(to_move: 1,\n decisions_left: 0)", 2, "expected 1 to 256");
}

#[test]
fn a_throw_no_chance_device_gives_is_refused() {
    let senet = game("senet", &[("bear_off", "Exact")]);
    refused(&senet, "Position(to_move: 1,\n throw: 64)", 2, "no throw gives 64: the throws give 1, 2, 3, 4, 6");
    refused(&senet, "Position(to_move: 1,\n throw: 5)", 2, "no throw gives 5");
    assert!(senet.position_from_str("Position(to_move: 1, throw: 6)", "p.ron").is_ok());
    // Where the rest of a throw moves another piece, less than the highest is a throw too.
    let remainder = game("senet", &[]);
    assert!(remainder.position_from_str("Position(to_move: 1, throw: 5)", "p.ron").is_ok());
    refused(&remainder, "Position(to_move: 1,\n throw: 7)", 2, "or less as the rest of one");
    refused(&game("seega", &[]), "Position(to_move: 1,\n throw: 1)", 2, "no chance device");
}

#[test]
fn a_field_given_twice_is_refused_not_read_as_the_last() {
    let seega = game("seega", &[]);
    refused(&seega, "Position(to_move: 1,\n board: {\"a1\": \"S\", \"a1\": \"s\"})", 2, "\"a1\" is given twice");
}

#[test]
fn prisoners_of_ones_own_are_refused_where_no_capture_takes_them() {
    let seega = game("seega", &[]);
    refused(&seega, "Position(to_move: 1,\n prisoners: [\"\", \"2s\"])", 2, "is player 2's own piece");
    assert!(seega.position_from_str("Position(to_move: 1, prisoners: [\"2s\", \"\"])", "p.ron").is_ok());
}

#[test]
fn an_outcome_that_ranks_nobody_first_or_skips_places_is_refused() {
    let seega = game("seega", &[]);
    let ended = |places: &str| format!("Position(to_move: 1,\n outcome: (places: {places}, reason: Blocked))");
    refused(&seega, &ended("[2, 2]"), 2, "no player is first");
    assert!(seega.position_from_str(&ended("[1, 1]"), "p.ron").is_ok(), "a draw");
    assert!(seega.position_from_str(&ended("[2, 1]"), "p.ron").is_ok());
    let ludo = game("traditional/ludo", &[("partners", "true")]);
    refused(&ludo, &ended("[1, 2, 3, 2]"), 2, "players 1 and 3 are partners");
    refused(&game("traditional/ludo", &[]), &ended("[1, 3, 4, 4]"), 2, "place 3 has 1 player(s) ahead of it");
    assert!(ludo.position_from_str(&ended("[2, 1, 2, 1]"), "p.ron").is_ok());
}

#[test]
fn a_history_that_is_malformed_or_longer_than_the_game_is_refused() {
    let oware = game("traditional/oware", &[]);
    let key = "0123456789abcdef";
    let at = |history: &str| format!("Position(to_move: 1, ply: 1,\n history: [{history}])");
    assert!(oware.position_from_str(&at(&format!("\"2:{key}\", \"1:{key}\"")), "p.ron").is_ok());
    refused(&oware, &at(&format!("\"2:{key}\", \"1:{key}\", \"2:{key}\"")), 2, "2 at most");
    refused(&oware, &at(&format!("\"3:{key}\"")), 2, "expected the player who moved (1 to 2)");
    refused(&oware, &at("\"1:0123\""), 2, "16 hex digits");
    refused(&oware, &at("\"1:0123456789abcdeg\""), 2, "16 hex digits");
    refused(&oware, &at(&format!("\"{key}\"")), 2, "expected the player who moved");
    // A game whose rules never ask keeps no history.
    refused(&game("seega", &[]), &at(&format!("\"1:{key}\"")), 2, "this game keeps no history");
}
