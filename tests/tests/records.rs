//! Records and positions as user input: they replay exactly, and every mistake
//! in them is an error that says where and what.

use tabula::{Error, Game, Options, Record, RecordError, shipped};
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
        Err(Error::Record(e)) => assert!(e.to_string().contains("has changed since the record was made"), "{e}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_record_with_an_illegal_move_names_it() {
    let game = seega(&Options::new());
    let mut record = a_record(&game);
    record.moves[2] = "s@a1".into();
    match record.replay(&game) {
        Err(Error::Record(e)) => assert!(e.to_string().starts_with("move 3 of the record: move `s@a1`"), "{e}"),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn a_record_of_another_ruleset_is_refused() {
    let game = seega(&Options::new());
    let record = a_record(&game);
    let other = compile(shipped::text("seti-beth").expect("shipped"), "seti-beth.ron", &Options::new());
    assert!(matches!(record.replay(&other), Err(Error::Record(m)) if m.to_string().contains("not \"seti-beth\"")));
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

#[test]
fn a_record_keeps_every_option_and_the_ruleset_text() {
    let game = seega(&Options::new());
    let record = a_record(&game);
    assert_eq!(record.options.get("continue_capture").map(String::as_str), Some("Optional"));
    assert_eq!(record.options.get("max_plies").map(String::as_str), Some("1000"));
    assert_eq!(record.rules.as_deref(), Some(shipped::text("seega").expect("shipped")));
    // Replayed from the copy it carries, with no ruleset at hand.
    let back = Record::from_ron(&record.to_ron(), "game.ron").expect("reads back");
    let (state, _) = back.replay(&back.game(None).expect("compiles")).expect("replays");
    assert_eq!(state, a_state(&game));
    // A copy that does not fit the hash is refused.
    let mut edited = back;
    edited.rules = edited.rules.map(|t| t.replace("count: 12", "count: 11"));
    assert!(matches!(edited.game(None), Err(Error::Record(m)) if m.to_string().contains("has been edited")));
}

fn a_state(game: &Game) -> tabula::State {
    let mut state = game.initial_state();
    for text in ["S@a1", "S@b1", "s@d5", "s@e5"] {
        let m = game.parse_move(&state, text).expect("legal");
        game.play_unchecked(&mut state, m);
    }
    state
}

/// Senet as shipped just before issue 12 changed the default of
/// `extra_throw_on` (a 4 of the die gave no extra throw then).
const SENET_BEFORE: &str = include_str!("../records/senet-before-issue-12.ron");

/// A random game of Senet with the die under the old rules, and its moves.
fn an_old_senet_game(options: &Options) -> (Game, tabula::State, Vec<tabula::Move>) {
    use rand::{Rng, SeedableRng};
    let game = compile(SENET_BEFORE, "senet.ron", options);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    let mut state = game.initial_state();
    let mut moves = Vec::new();
    while !state.is_over() {
        let legal = game.legal_moves(&state);
        let m = legal[rng.random_range(0..legal.len())];
        game.play_unchecked(&mut state, m);
        moves.push(m);
    }
    (game, state, moves)
}

#[test]
fn a_record_made_under_an_old_default_still_replays() {
    let mut options = Options::new();
    options.set("chance", "Die");
    let (game, end, moves) = an_old_senet_game(&options);
    let record = Record::from_ron(&Record::new(&game, Some(12), &moves).to_ron(), "old.ron").expect("reads");
    assert_eq!(record.options.get("extra_throw_on").map(String::as_str), Some("1,6"));
    let (replayed, _) = record.replay(&record.game(None).expect("compiles")).expect("replays");
    assert_eq!(replayed, end);
    // The same moves under today's Senet are another game: its default gives the die's 4 another throw.
    let today = compile(shipped::text("senet").expect("shipped"), "senet.ron", &options);
    let mut state = today.initial_state();
    let differs = record.moves.iter().any(|text| match today.parse_move(&state, text) {
        Ok(m) => {
            today.play_unchecked(&mut state, m);
            false
        }
        Err(_) => true,
    }) || state != end;
    assert!(differs, "the old default and today's gave the same game");
}

#[test]
fn an_older_record_without_its_ruleset_replays_on_the_same_text_and_is_refused_clearly_on_another() {
    let mut options = Options::new();
    options.set("chance", "Die");
    let (game, end, moves) = an_old_senet_game(&options);
    // As records were written before: only the options that differ from their defaults, no text.
    let mut old = Record::new(&game, Some(12), &moves);
    old.options = [("chance".to_string(), "Die".to_string())].into();
    old.rules = None;
    let old = Record::from_ron(&old.to_ron(), "old.ron").expect("reads");
    match old.game(None) {
        Err(Error::Record(m)) => assert!(m.to_string().contains("carries no copy of its ruleset"), "{m}"),
        other => panic!("expected an error, got {other:?}"),
    }
    let (replayed, _) = old.replay(&old.game(Some(("senet.ron", SENET_BEFORE))).expect("compiles")).expect("replays");
    assert_eq!(replayed, end);
    let today = old.game(Some(("senet.ron", shipped::text("senet").expect("shipped")))).expect("compiles");
    match old.replay(&today) {
        Err(Error::Record(e @ RecordError::Changed { carries_rules: false, .. })) => {
            assert!(e.to_string().contains("has changed since") && e.to_string().contains("--ruleset FILE"), "{e}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_piece_of_the_other_player_in_a_hand_is_refused_where_it_stands() {
    let game = seega(&Options::new());
    for (text, at) in [
        ("Position(to_move: 1, hand: [\"3S1s\", \"\"])", (1, 29)),
        ("Position(to_move: 1,\n  hand: [\"\", \"2S\"])", (2, 14)),
    ] {
        let err = game.position_from_str(text, "p.ron").expect_err(text);
        let d = &err.diagnostics[0];
        assert_eq!(d.at.map(|p| (p.line, p.col)), Some(at), "{text}: {err}");
        assert!(d.message.contains("holds only their own pieces"), "{text}: {err}");
    }
}

/// The position of `state` written and read back is the same state, with the same legal moves.
fn assert_round_trip(game: &Game, state: &tabula::State) {
    let text = game.position_to_string(state);
    let back = game.position_from_str(&text, "p.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, state, "{text}");
    assert_eq!(game.legal_moves(&back), game.legal_moves(state), "{text}");
    assert_eq!(back.position_hash(), state.position_hash(), "{text}");
}

/// The first state of seeded random games of a ruleset where `found` holds.
fn find_state(name: &str, options: &Options, found: impl Fn(&tabula::State) -> bool) -> (Game, tabula::State) {
    use rand::{Rng, SeedableRng};
    let game = compile(shipped::text(name).expect("shipped"), name, options);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..200 {
        let mut state = game.initial_state();
        while !state.is_over() {
            if found(&state) {
                return (game, state);
            }
            let legal = game.legal_moves(&state);
            game.play_unchecked(&mut state, legal[rng.random_range(0..legal.len())]);
        }
        if found(&state) {
            return (game, state);
        }
    }
    panic!("{name}: no such state in 200 random games");
}

#[test]
fn a_position_carries_a_pending_extra_throw() {
    let game = compile(shipped::text("senet").expect("shipped"), "senet.ron", &Options::new());
    let mut state = game.initial_state();
    for text in ["10-11", "throw:1"] {
        let m = game.parse_move(&state, text).expect("legal");
        game.play_unchecked(&mut state, m);
    }
    assert!(game.position_to_string(&state).contains("again: true"));
    assert_round_trip(&game, &state);
}

#[test]
fn a_position_carries_a_pending_placement_and_the_end_of_the_game() {
    use tabula::Pending;
    let mut captor = Options::new();
    captor.set("convert_placement", "CaptorChooses");
    let placing = |s: &tabula::State| matches!(s.pending(), Pending::Place { .. });
    let (game, state) = find_state("seti-aleph", &captor, placing);
    assert_round_trip(&game, &state);
    let (game, state) = find_state("setron", &Options::new(), placing);
    assert!(game.position_to_string(&state).contains("D:"), "a die waits with its orientation");
    assert_round_trip(&game, &state);
    let mut optional = Options::new();
    optional.set("new_die", "Optional");
    let (game, state) = find_state("setron", &optional, placing);
    assert_round_trip(&game, &state);
    for name in ["senet", "seega", "seneti"] {
        let (game, state) = find_state(name, &Options::new(), tabula::State::is_over);
        assert!(game.position_to_string(&state).contains("outcome:"), "{name}");
        assert_round_trip(&game, &state);
    }
}

/// A game whose rules ask whether a position repeats (Oware) keeps the
/// positions so far; its record replays to an equal state, history and all,
/// and its position carries the history and reads back equal.
#[test]
fn a_record_and_a_position_carry_the_history_of_positions() {
    let game = compile(shipped::text("traditional/oware").expect("shipped"), "traditional/oware", &Options::new());
    let mut state = game.initial_state();
    let mut moves = Vec::new();
    for text in ["a1", "a2", "b1", "b2", "c1"] {
        let m = game.parse_move(&state, text).expect("legal");
        game.play_unchecked(&mut state, m);
        moves.push(m);
    }
    assert_eq!(state.history().len(), 6, "the start and a position per decision");
    let record = Record::from_ron(&Record::new(&game, Some(1), &moves).to_ron(), "game.ron").expect("reads back");
    let (replayed, _) = record.replay(&game).expect("replays");
    assert_eq!(replayed, state);
    let text = game.position_to_string(&state);
    assert!(text.contains("history: [") && text.contains("\"2:"), "{text}");
    let back = game.position_from_str(&text, "p.ron").expect("reads back");
    assert_eq!(back, state);
    // Another history is another state for the rules: the same board, a different past.
    let start = text.find("history: [").expect("a history");
    let end = start + text[start..].find("],").expect("closed") + 2;
    let fresh = game.position_from_str(&format!("{}{}", &text[..start], &text[end..]), "p.ron").expect("reads");
    assert_ne!(fresh, state);
    assert_eq!(fresh.history().len(), 1, "a position without a history starts one");
}
