//! Building blocks tested on small rulesets made for the test, where a shipped
//! game cannot show them (on the Ur board a doubled walk never ends on a rosette).

use tabula::{Game, Options};

/// tests/blocks/doubling.ron: a piece on 1 walks 2 along a track whose
/// fields 3 and 5 double a walk that would end on them.
fn doubling() -> String {
    std::fs::read_to_string(tabula_tests::workspace().join("tests/blocks/doubling.ron"))
        .expect("tests/blocks/doubling.ron")
}

fn moves(options: &Options) -> Vec<String> {
    first_moves(&doubling(), "doubling.ron", options)
}

/// The legal moves at the start of a ruleset made for a test.
fn first_moves(text: &str, name: &str, options: &Options) -> Vec<String> {
    let game = Game::from_source(text, name, options).expect("compiles");
    let state = game.initial_state();
    game.legal_moves(&state).into_iter().map(|m| game.move_text(m)).collect()
}

#[test]
fn a_doubled_walk_that_ends_on_a_doubling_field_again_is_not_a_move() {
    // 1 -> 3 (doubling) -> 5 (doubling again): no move; the player passes.
    assert_eq!(moves(&Options::new()), ["pass"]);
}

#[test]
fn with_double_again_the_walk_doubles_once_more() {
    let mut options = Options::new();
    options.set("again", "true");
    // 1 -> 3 -> 5 -> 7.
    assert_eq!(moves(&options), ["1-7"]);
}

/// A piece enters on field 1, where an enemy piece stands, capturing it or exchanging with it.
fn entering(on_enemy: &str) -> Vec<String> {
    let text = r#"Ruleset(
    name: "entering",
    title: "Entering",
    players: ["A", "B"],
    board: Track(length: 4, cols: 4),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [Hand(piece: "Stone", player: Player(1), count: 1), On(piece: "Stone", player: Player(2), fields: ["1"])],
    phases: [(name: "play", moves: [
        (pieces: ["Stone"], by: Enter(via: Field(["1"]), steps: 1, dirs: ["next"]), to: Any([Empty, Enemy]), on_enemy: ON_ENEMY),
    ])],
)"#
    .replace("ON_ENEMY", on_enemy);
    first_moves(&text, "entering.ron", &Options::new())
}

#[test]
fn an_entering_piece_captures_but_cannot_exchange_with_nothing() {
    assert_eq!(entering("Capture"), ["S@1"]);
    // An exchange sends the enemy stack to where the piece came from: a piece from the hand has no such field.
    assert_eq!(entering("Exchange"), ["pass"]);
}

/// Pieces step along a track; a turn filter requires that the opponent can move after the move.
fn filtered(setup: &str, otherwise: &str) -> Vec<String> {
    let text = r#"Ruleset(
    name: "feeding",
    title: "Feeding",
    players: ["A", "B"],
    board: Track(length: 5, cols: 5),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [SETUP],
    phases: [(
        name: "play",
        moves: [(pieces: ["Stone"], by: Step(dirs: ["next"]))],
        filters: [RequireAfter(cond: CanMove(Opponent), otherwise: OTHERWISE)],
    )],
)"#
    .replace("SETUP", setup)
    .replace("OTHERWISE", otherwise);
    first_moves(&text, "feeding.ron", &Options::new())
}

#[test]
fn a_require_after_filter_keeps_the_moves_after_which_its_condition_holds() {
    // B on 3 is blocked by A on 4: only 4-5 frees it; 1-2 does not.
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["1", "4"]), On(piece: "Stone", player: Player(2), fields: ["3"])"#;
    assert_eq!(filtered(setup, "KeepAll"), ["4-5"]);
    assert_eq!(filtered(setup, "KeepNone"), ["4-5"]);
}

#[test]
fn when_no_move_passes_a_filter_keeps_all_or_none() {
    // B on 5 can never move: no move of A passes.
    let setup =
        r#"On(piece: "Stone", player: Player(1), fields: ["1"]), On(piece: "Stone", player: Player(2), fields: ["5"])"#;
    assert_eq!(filtered(setup, "KeepAll"), ["1-2"]);
    assert_eq!(filtered(setup, "KeepNone"), ["pass"]);
}

/// Two rules that overlap: a stone steps in any direction, or north (turned
/// over). The step north is one move, the first rule's.
const OVERLAPPING: &str = r#"Ruleset(
    name: "overlap",
    title: "Overlap",
    players: ["A", "B"],
    board: Grid(cols: 3, rows: 3, links: ["Orthogonal"]),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [On(piece: "Stone", player: Player(1), fields: ["b2"]), On(piece: "Stone", player: Player(2), fields: ["a1"])],
    phases: [(name: "play", moves: [
        (pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty),
        (pieces: ["Stone"], by: Step(dirs: ["N"]), to: Empty, then: [Flip()]),
    ])],
    end: [(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "stuck")],
)"#;

#[test]
fn legal_moves_are_a_set_and_the_first_rule_makes_a_shared_move() {
    let game = Game::from_source(OVERLAPPING, "overlap.ron", &Options::new()).expect("compiles");
    let state = game.initial_state();
    let moves = game.legal_moves(&state);
    let texts: Vec<String> = moves.iter().map(|&m| game.move_text(m)).collect();
    assert_eq!(texts, ["b2-b3", "b2-c2", "b2-b1", "b2-a2"]);
    // The step north is the first rule's: the stone is not turned over.
    let north = game.parse_move(&state, "b2-b3").expect("legal");
    let after = game.play(state.clone(), north).expect("plays");
    let stone = after.stack(game.board().field("b3").expect("b3"))[0];
    assert!(!stone.flipped, "the second rule's Flip applied");
    // Reversed, the second rule comes first and its Flip applies.
    let swapped = OVERLAPPING.replace(
        r#"(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty),
        (pieces: ["Stone"], by: Step(dirs: ["N"]), to: Empty, then: [Flip()]),"#,
        r#"(pieces: ["Stone"], by: Step(dirs: ["N"]), to: Empty, then: [Flip()]),
        (pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty),"#,
    );
    let game = Game::from_source(&swapped, "overlap.ron", &Options::new()).expect("compiles");
    assert_eq!(game.legal_moves(&state).len(), 4);
    let after = game.play(state.clone(), game.parse_move(&state, "b2-b3").expect("legal")).expect("plays");
    assert!(after.stack(game.board().field("b3").expect("b3"))[0].flipped);
}

/// A piece put anywhere that falls: every field of a column rests on the
/// same lowest free one, and the move is named by where it rests, so each
/// column is one move, listed once (random play must not weigh a column by
/// its height).
#[test]
fn a_placement_that_falls_from_anywhere_is_one_move_a_column() {
    let text = tabula::shipped::text("classic/connect-four").expect("shipped");
    let anywhere = text.replace(r#"to: All([Empty, InZone("top")])"#, "to: Empty");
    assert_ne!(anywhere, text, "the placement's target was rewritten");
    let moves = first_moves(&anywhere, "anywhere.ron", &Options::new());
    assert_eq!(moves.len(), 7, "{moves:?}");
    let game = Game::from_source(&anywhere, "anywhere.ron", &Options::new()).expect("compiles");
    assert_eq!(game.perft(&game.initial_state(), 2), 49);
}
