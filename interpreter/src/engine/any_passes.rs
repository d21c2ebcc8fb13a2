//! Whether any move passes a legality filter (issue 45): `NoMoves` under a
//! lone `RequireAfter` that keeps none where none passes (chess's "no move
//! leaves the king attacked") stops at the first move that passes, instead of
//! filtering the whole list.

use super::Cond;
use super::scratch::ScratchState;
use crate::board::NO_FIELD;
use crate::moves::{Action, Move};
use crate::program::Game;
use crate::state::State;

impl Game {
    /// Whether a `RequireAfter` filter (`cond`, `only_if`, keeping none
    /// where none passes) leaves any of `moves`, as `Game::filter_moves` would.
    pub(super) fn any_passes(&self, s: &State, moves: &[Move], cond: &Cond, only_if: &Cond) -> bool {
        if moves.is_empty() || !self.eval(only_if, s, s.to_move, NO_FIELD) {
            return !moves.is_empty();
        }
        let mut scratch = ScratchState::of(s);
        moves.iter().any(|&m| {
            scratch.clone_from(s);
            self.apply_core(&mut scratch, m);
            scratch.passed = m.action == Action::Pass;
            self.eval(cond, &scratch, s.to_move, NO_FIELD)
        })
    }
}
