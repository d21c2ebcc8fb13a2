//! Each stage's error is a value a caller can match on, and reads as before.

use super::*;
use crate::{Error, Game, Options, Record, files, shipped};

fn seega(options: &[(&str, &str)]) -> Game {
    shipped::game("seega", &options.iter().copied().collect()).expect("seega compiles")
}

/// A refused move hands back the very state it was offered, with why and
/// the legal moves' texts.
#[test]
fn a_refused_move_hands_the_state_back_unchanged() {
    let game = seega(&[]);
    let start = game.initial_state();
    let first = game.parse_move(&start, "S@a1").expect("legal");
    let after = game.play(start, first).expect("plays");
    // a1 is taken now: the same placement again is refused.
    let refused = game.play(after.clone(), first).expect_err("a1 is taken");
    assert_eq!(*refused.error.reason, Refusal::NotLegal);
    assert_eq!(refused.error.legal, game.move_texts(&game.legal_moves(&after)));
    assert_eq!(
        refused.to_string(),
        format!("move `S@a1`: not a legal move here; legal moves: {}", refused.error.legal.join(" "))
    );
    assert_eq!(refused.into_state(), after);
}

#[test]
fn a_move_after_the_end_is_refused_as_the_game_being_over() {
    let game = seega(&[("max_plies", "1")]);
    let start = game.initial_state();
    let first = game.parse_move(&start, "S@a1").expect("legal");
    let over = game.play(start, first).expect("plays");
    assert!(over.is_over());
    let refused = game.play(over.clone(), first).expect_err("over");
    assert_eq!((*refused.error.reason.clone(), refused.error.legal.is_empty()), (Refusal::GameOver, true));
    assert_eq!(*refused.state, over);
    // The umbrella error keeps why; the state is the caller's.
    assert!(matches!(Error::from(refused), Error::Move(e) if *e.reason == Refusal::GameOver));
}

/// The reason a text is refused is a variant with the names it concerns.
#[test]
fn a_refused_text_says_why_as_a_variant() {
    let game = seega(&[]);
    let start = game.initial_state();
    let why = |text: &str| *game.parse_move(&start, text).expect_err(text).reason;
    assert!(matches!(why("S@z9"), Refusal::UnknownField { field, .. } if field == "z9"));
    assert_eq!(why("a1-a2"), Refusal::NoPiece { field: "a1".into() });
    assert_eq!(why("Q@a1"), Refusal::UnknownLetter { letter: "Q".into() });
    assert_eq!(why("nonsense"), Refusal::Unreadable);
    assert_eq!(why("throw:3"), Refusal::NoThrowDue);
    assert_eq!(why("a1-a2").to_string(), "there is no piece on a1");
}

#[test]
fn an_option_error_names_the_option_and_what_is_wrong() {
    let text = shipped::text("seega").expect("shipped");
    let load = |pairs: &[(&str, &str)]| match Game::from_source(text, "seega.ron", &pairs.iter().copied().collect()) {
        Err(Error::Option(e)) => e,
        other => panic!("{other:?}"),
    };
    let bad = load(&[("max_plies", "abc")]);
    assert_eq!(
        bad.kind,
        OptionErrorKind::BadValue { value: "abc".into(), expected: Expected::WholeNumber { min: 0, max: 1_000_000 } }
    );
    assert_eq!(bad.to_string(), "option max_plies: bad value \"abc\": expected a whole number from 0 to 1000000");
    let unknown = load(&[("max_plys", "3")]);
    assert!(
        matches!(&unknown.kind, OptionErrorKind::Unknown { declared } if declared.iter().any(|d| d == "max_plies"))
    );
    assert_eq!(unknown.option, "max_plys");
    assert!(unknown.to_string().ends_with("(did you mean \"max_plies\"?)"), "{unknown}");
    let pair = Options::new().set_pair("max_plies").map(drop).expect_err("no value");
    assert_eq!((pair.option.as_str(), &pair.kind), ("max_plies", &OptionErrorKind::NoValue));
    assert_eq!(pair.to_string(), "option `max_plies`: expected name=value");
}

/// A record's mistake says which field and, for a move, which move.
#[test]
fn a_record_error_names_the_field_and_the_move() {
    let game = seega(&[]);
    let start = game.initial_state();
    let first = game.parse_move(&start, "S@a1").expect("legal");
    let mut record = Record::new(&game, None, &[first]);
    record.moves.push("S@a1".into());
    let Err(Error::Record(e)) = record.replay(&game) else { panic!("the second S@a1 is refused") };
    assert_eq!(e.field(), "moves");
    let RecordError::Move { number: 2, error } = &e else { panic!("{e:?}") };
    assert_eq!(error.text, "S@a1");
    assert!(e.to_string().starts_with("move 2 of the record: move `S@a1`: "), "{e}");
    let senet = shipped::game("senet", &Options::new()).expect("senet");
    match record.replay(&senet) {
        Err(Error::Record(e @ RecordError::OtherRuleset { .. })) => assert_eq!(e.field(), "ruleset"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_io_error_keeps_the_path_the_place_and_the_systems_kind() {
    let dir = tempfile::tempdir().expect("a folder");
    let missing = dir.path().join("missing.ron");
    match files::read_text(&missing) {
        Err(Error::Io(IoError { path: Some(p), kind: Some(std::io::ErrorKind::NotFound), at: None, .. })) => {
            assert_eq!(p, missing);
        }
        other => panic!("{other:?}"),
    }
    let Err(Error::Io(e)) = files::text_from_bytes(b"ok\n\xff".to_vec(), "x.ron") else { panic!("not UTF-8") };
    assert_eq!((e.at, e.kind), (Some(Pos { line: 2, col: 1 }), None));
    assert_eq!(e.to_string(), "x.ron:2:1: not UTF-8 text (save the file as UTF-8)");
}

/// A ruleset name that is not shipped is the caller's mistake, not a file's.
#[test]
fn an_unknown_shipped_name_is_a_usage_error() {
    match shipped::game("seegah", &Options::new()) {
        Err(Error::Usage(m)) => assert!(m.contains("(did you mean \"seega\"?)"), "{m}"),
        other => panic!("{other:?}"),
    }
}
