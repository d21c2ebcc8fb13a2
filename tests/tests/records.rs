//! Records and positions as user input: they replay exactly, and every mistake
//! in them is an error that says where and what.

use tabula::{Error, Game, Options, Record, shipped};
use tabula_tests::compile;

fn seega(options: &Options) -> Game {
    compile(shipped::text("seega").expect("shipped"), "seega.ron", options)
}

fn a_record(game: &Game) -> Record {
    let mut state = game.initial_state();
    let mut moves = Vec::new();
    for text in ["S@a1", "S@b1", "s@d5", "s@e5"] {
        let m = game.parse_move(&state, text).expect("legal");
        game.play_unchecked(&mut state, m);
        moves.push(m);
    }
    Record::new(game, Some(4), &moves)
}

#[test]
fn a_record_round_trips_through_ron_with_its_options() {
    let mut options = Options::new();
    options.set("continue_capture", "Mandatory");
    let game = seega(&options);
    let record = a_record(&game);
    assert_eq!(record.options.get("continue_capture").map(String::as_str), Some("Mandatory"));
    let text = record.to_ron();
    let back = Record::from_ron(&text, "game.ron").expect("reads back");
    assert_eq!(back, record);
    let again = seega(&back.options());
    let (state, moves) = back.replay(&again).expect("replays");
    assert_eq!(moves.len(), 4);
    assert_eq!(game.stack_text(&state, game.board().field("e5").expect("e5")), "s");
}

#[test]
fn a_record_of_a_changed_ruleset_is_refused() {
    let game = seega(&Options::new());
    let record = a_record(&game);
    let changed = shipped::text("seega").expect("shipped").replace("count: 12", "count: 11");
    let changed = compile(&changed, "seega.ron", &Options::new());
    match record.replay(&changed) {
        Err(Error::Record(msg)) => assert!(msg.contains("has changed since the record was made"), "{msg}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_record_with_an_illegal_move_names_it() {
    let game = seega(&Options::new());
    let mut record = a_record(&game);
    record.moves[2] = "s@a1".into();
    match record.replay(&game) {
        Err(Error::Record(msg)) => assert!(msg.starts_with("move 3 of the record: move `s@a1`"), "{msg}"),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn a_record_of_another_ruleset_is_refused() {
    let game = seega(&Options::new());
    let record = a_record(&game);
    let other = compile(shipped::text("seti-beth").expect("shipped"), "seti-beth.ron", &Options::new());
    assert!(matches!(record.replay(&other), Err(Error::Record(m)) if m.contains("not \"seti-beth\"")));
}

#[test]
fn broken_record_text_is_located() {
    // The error is placed on the value, not on the blank before it.
    let err = Record::from_ron("Record(ruleset: \"seega\", hash: 5)", "r.ron").expect_err("broken");
    assert_eq!(err.diagnostics[0].at.map(|p| (p.line, p.col)), Some((1, 32)));
}

#[test]
fn position_mistakes_are_located() {
    let game = seega(&Options::new());
    let cases = [
        ("Position(to_move: 3)", (1, 19), "expected a player's number, 1 to 2"),
        ("Position(to_move: 1, phase: \"moving\")", (1, 29), "unknown phase \"moving\""),
        ("Position(to_move: 1,\n  board: {\"c3\": \"SS\"})", (2, 17), "2 pieces on \"c3\", whose stack limit is 1"),
        ("Position(to_move: 1, board: {\"c3\": \"X\"})", (1, 36), "no piece has the letter 'X'"),
        ("Position(to_move: 1, hand: [\"3S\", \"2\"])", (1, 35), "a count must be followed by a piece letter"),
        ("Position(to_move: 1, continuing: \"a1\")", (1, 34), "no piece of the player to move on \"a1\""),
        ("Position(to_move: 1, colour: 2)", (1, 22), "Unexpected field named `colour`"),
        ("Position(to_move: 1, throw_due: \"dice\")", (1, 33), "unknown chance device \"dice\""),
    ];
    for (text, (line, col), message) in cases {
        let err = game.position_from_str(text, "p.ron").expect_err(text);
        let d = &err.diagnostics[0];
        assert_eq!(d.at.map(|p| (p.line, p.col)), Some((line, col)), "{text}: {err}");
        assert!(d.message.contains(message), "{text}: {err}");
    }
}

#[test]
fn a_position_round_trips() {
    let game = seega(&Options::new());
    let text = "Position(to_move: 2, phase: \"movement\", board: {\"a1\": \"S\", \"c3\": \"s\"}, prisoners: [\"3s\", \"\"], ply: 40)";
    let state = game.position_from_str(text, "p.ron").expect("reads");
    assert_eq!(state.to_move(), 1);
    let again = game.position_from_str(&game.position_to_string(&state), "p.ron").expect("reads back");
    assert_eq!(again, state);
}
