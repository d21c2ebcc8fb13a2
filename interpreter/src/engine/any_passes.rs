//! Whether any move passes a legality filter (issue 45): `NoMoves` under a
//! lone `RequireAfter` that keeps none where none passes (chess's "no move
//! leaves the king attacked") stops at the first move that passes, instead of
//! filtering the whole list.

use super::Cond;
use crate::board::NO_FIELD;
use crate::moves::Move;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// Whether a `RequireAfter` filter (`cond`, `only_if`, keeping none
    /// where none passes) leaves any of `moves`, as `Game::filter_moves` would.
    pub(super) fn any_passes(&self, s: &State, moves: &[Move], cond: &Cond, only_if: &Cond) -> bool {
        if moves.is_empty() || !self.eval(only_if, s, s.to_move, NO_FIELD) {
            return !moves.is_empty();
        }
        // (The royal filter decided from checkers and pins where it can: engine/royal_safety.rs;
        // a test decided before the move: engine/foresight.rs.)
        let watch = self.royal_watch(s, cond);
        let mut scratch = None;
        // (The phase's only filter, number 0.)
        moves.iter().any(|&m| self.passes_require_after(s, m, (0, cond), watch.as_ref(), &mut scratch))
    }
}
