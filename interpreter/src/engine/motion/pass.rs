//! `Pass`: no piece moves; the player passes by choice. One move, written
//! `pass` as a forced pass is (a player who has this move is not forced to
//! pass, so the two never stand in one list of moves).

use crate::board::NO_FIELD;
use crate::moves::{Action, Move, NO_DIR};
use crate::program::Game;

impl Game {
    /// The pass of rule `rule_id` (its `only_if` already holds); false if `emit` asked to stop.
    /// (Out of line: the move generator's code, into which `emit` is inlined
    /// at every motion, stays as it is for games without a `Pass`.)
    #[inline(never)]
    pub(in crate::engine) fn pass_moves(&self, rule_id: u8, emit: &mut impl FnMut(Move) -> bool) -> bool {
        emit(Move { action: Action::Pass, rule: rule_id, kind: 0, dir: NO_DIR, from: NO_FIELD, to: NO_FIELD })
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_pass_is_a_move_beside_the_others() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"])"#,
            r#"(pieces: ["Stone"], by: Step(dirs: ["N"])), (pieces: [], by: Pass)"#,
        );
        assert_eq!(moves, ["a1-a2", "pass"]);
    }

    #[test]
    fn a_pass_comes_only_where_its_rule_applies() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"])"#,
            r#"(pieces: ["Stone"], by: Step(dirs: ["N"])), (pieces: [], by: Pass, only_if: PlayerIs(2))"#,
        );
        assert_eq!(moves, ["a1-a2"]);
    }
}
