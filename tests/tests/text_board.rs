//! The text board of a board too large to draw (issue 47): `tabula replay`
//! and `play` print its occupied fields instead of nothing.

use tabula::{Game, Options};

#[test]
fn a_board_too_large_to_draw_is_printed_as_its_occupied_fields() {
    let text = r##"Ruleset(
        name: "wide", title: "Wide", players: ["Attackers", "Defenders"],
        board: Graph(fields: [(name: "p", at: (0, 0)), (name: "q", at: (200, 200)), (name: "r", at: (100, 0))],
                     links: [(from: "p", to: "r", dir: "E", back: "W"), (from: "r", to: "q", dir: "F", back: "B")]),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [On(piece: "Stone", player: Player(1), fields: ["p"]), On(piece: "Stone", player: Player(2), fields: ["q"])],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["E", "F", "W", "B"]), to: Empty)])],
    )"##;
    let game = Game::from_source(text, "wide.ron", &Options::new()).expect("compiles");
    let board = game.board_text(&game.initial_state());
    assert!(board.contains("occupied fields"), "{board}");
    assert!(board.contains("  p: S\n") && board.contains("  q: s\n"), "{board}");
    assert!(!board.contains("  r:"), "empty fields are left out: {board}");
}

#[test]
fn a_plural_player_name_wins_in_the_plural() {
    let text = r##"Ruleset(
        name: "tiny", title: "Tiny", players: ["Attackers", "King"],
        board: Grid(cols: 3, rows: 1, links: ["Orthogonal"]),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [On(piece: "Stone", player: Player(1), fields: ["FIRST"]), On(piece: "Stone", player: Player(2), fields: ["c1"])],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["E", "W"]), to: Enemy)])],
        end: [(at: AfterMove, cond: NoPieces(Opponent), result: Win(Me), reason: "all captured")],
    )"##;
    // The Attackers on b1 take the King on c1 at once.
    let game = Game::from_source(&text.replace("FIRST", "b1"), "tiny.ron", &Options::new()).expect("compiles");
    let mut state = game.initial_state();
    let m = game.legal_moves(&state)[0];
    state = game.play(state, m).expect("plays");
    assert_eq!(game.describe_outcome(state.outcome().expect("over")), "Attackers win: all captured");
}
