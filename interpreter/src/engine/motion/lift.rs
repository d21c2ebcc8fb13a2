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
