//! Castling rights and repetition (issue 45; FIDE 9.2.3: positions are the
//! same when the same pieces stand on the same squares, the same player
//! moves and the castling and en passant rights are the same). In
//! classic/chess the marks "moved" are the castling rights and nothing more:
//! a king's move marks its side's rook squares (`Mark(on: [Zone("rook_home")])`),
//! and a rook's square is marked by itself when its rook leaves it or is taken
//! there (`when_gone`), so a king that moves after both its rooks have moved
//! or been taken, or a rook after its king, changes no mark, and two ways to
//! the same right-less position give the same repetition key.

use tabula::{FieldId, Game, State};
use tabula_tests::shipped_game;

/// White: king e1, rooks a1 and h1, both with their castling rights; Black:
/// a king on e8 that has none.
const POSITION: &str = r#"Position(to_move: 1, phase: "play", board: {"e1": "K", "a1": "R", "h1": "R", "e8": "k"}, marks: {"moved": ["a8", "h8"]})"#;

/// The state after `moves` from [`POSITION`].
fn after(game: &Game, moves: &str) -> State {
    after_from(game, POSITION, moves)
}

/// The state after `moves` from `position`.
fn after_from(game: &Game, position: &str, moves: &str) -> State {
    let mut state = game.position_from_str(position, "position").expect("the position reads");
    for text in moves.split_whitespace() {
        let m = game.parse_move(&state, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        state = game.play(state, m).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    state
}

/// The squares marked "moved", by name.
fn marked(game: &Game, state: &State) -> Vec<String> {
    let board = game.board();
    (0..board.len() as FieldId)
        .filter(|&f| game.marks_at(state, f).contains(&"moved"))
        .map(|f| board.name(f).to_string())
        .collect()
}

/// The repetition key of the position just reached.
fn key(state: &State) -> (u64, tabula::Player) {
    let k = state.history().keys().next().expect("chess keeps a history");
    (k.board, k.mover)
}

const ROOKS_OUT_AND_BACK: &str = "a1-a2 e8-d8 a2-a1 d8-e8 h1-h2 e8-d8 h2-h1 d8-e8";
const KING_OUT_AND_BACK: &str = "e1-e2 e8-d8 e2-e1 d8-e8";

#[test]
fn a_king_moving_after_both_its_rooks_changes_no_mark() {
    let game = shipped_game("classic/chess");
    let rooks = after(&game, ROOKS_OUT_AND_BACK);
    let then_king = after(&game, &format!("{ROOKS_OUT_AND_BACK} {KING_OUT_AND_BACK}"));
    assert_eq!(marked(&game, &rooks), ["a1", "h1", "a8", "h8"]);
    assert_eq!(marked(&game, &then_king), marked(&game, &rooks));
    assert_eq!(key(&then_king), key(&rooks), "the same pieces, the same player, no right on either side");
}

#[test]
fn a_rook_moving_after_its_king_changes_no_mark() {
    let game = shipped_game("classic/chess");
    let king = after(&game, KING_OUT_AND_BACK);
    let then_rook = after(&game, &format!("{KING_OUT_AND_BACK} a1-a2 e8-d8 a2-a1 d8-e8"));
    assert_eq!(marked(&game, &king), ["a1", "h1", "a8", "h8"], "the king's move took both rights");
    assert_eq!(key(&then_rook), key(&king));
}

#[test]
fn a_king_moving_with_a_right_left_changes_the_position() {
    let game = shipped_game("classic/chess");
    let one_rook = "a1-a2 e8-d8 a2-a1 d8-e8";
    let kept = after(&game, one_rook);
    let lost = after(&game, &format!("{one_rook} {KING_OUT_AND_BACK}"));
    assert_eq!(marked(&game, &kept), ["a1", "a8", "h8"]);
    assert_eq!(marked(&game, &lost), ["a1", "h1", "a8", "h8"]);
    assert_ne!(key(&lost), key(&kept), "h1's castling right is gone");
    assert!(game.legal_moves(&kept).into_iter().any(|m| game.move_text(m) == "e1-g1"));
}

/// White: king e1, a rook on h1 with its right, a bishop on g1; Black, to
/// move: a king on e8 and a rook on h5 that takes on h1.
const ROOK_TAKEN: &str = r#"Position(to_move: 2, phase: "play", board: {"e1": "K", "h1": "R", "g1": "B", "e8": "k", "h5": "r"}, marks: {"moved": ["a1", "a8", "h8"]})"#;

#[test]
fn a_rook_taken_on_its_square_loses_its_right_at_once() {
    let game = shipped_game("classic/chess");
    let taken = after_from(&game, ROOK_TAKEN, "h5-h1");
    assert_eq!(marked(&game, &taken), ["a1", "h1", "a8", "h8"], "h1 is marked by the capture itself");
    let king = after_from(&game, ROOK_TAKEN, "h5-h1 e1-e2 h1-h3 e2-e1 h3-h1");
    assert_eq!(marked(&game, &king), marked(&game, &taken), "the king had no right left to lose");
    assert_eq!(key(&king), key(&taken));
}
