//! `Lift`: a piece of the player's is taken off the board (the topmost own
//! piece of a listed kind, wherever it is in the stack), where `to` holds.

use super::super::Rule;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// The lifts of `rule` from `fields`; false if `emit` asked to stop.
    #[inline(always)]
    pub(in crate::engine) fn lifts(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        mut fields: std::ops::Range<FieldId>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        fields.all(|from| {
            // The topmost own piece of a listed kind, wherever it is in the stack.
            let Some(p) = s.stack(from).iter().rev().find(|p| p.owner == me && rule.pieces & (1 << p.kind) != 0) else {
                return true;
            };
            let lift = Move { action: Action::Lift, rule: rule_id, kind: p.kind, dir: NO_DIR, from, to: NO_FIELD };
            !self.eval(&rule.to, s, me, from) || emit(lift)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_lift_takes_an_own_piece_off_the_board() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Lift, to: True)"#,
        );
        assert_eq!(moves, ["S^a1"]);
    }
}
