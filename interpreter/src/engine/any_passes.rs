//! Whether any move passes a legality filter (issue 45): `NoMoves` under a
//! lone `RequireAfter` that keeps none where none passes (chess's "no move
//! leaves the king attacked") stops at the first move that passes, instead of
//! working out and filtering the whole list: the moves are tested as the
//! generator makes them, and it stops at the first that passes.

use super::Cond;
use super::foresight::Probes;
use crate::board::NO_FIELD;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// Whether a `RequireAfter` filter (`cond`, `only_if`, keeping none
    /// where none passes) leaves any of the player to move's moves, as
    /// `Game::filter_moves` would leave some of the whole list.
    pub(super) fn any_passes(&self, s: &State, cond: &Cond, only_if: &Cond) -> bool {
        if !self.eval(only_if, s, s.to_move, NO_FIELD) {
            // (The filter does not apply: any move will do.)
            return self.has_move_for(s, s.to_move);
        }
        // (The royal filter decided from checkers and pins where it can: engine/royal_safety.rs;
        // a test decided before the move: engine/foresight.rs.)
        let watch = self.royal_watch(s, cond);
        let mut probes = Probes::default();
        let mut any = false;
        self.generate(s, s.to_move, None, &mut |m| {
            // (The phase's only filter, number 0.)
            any = any || self.passes_require_after(s, m, (0, cond), watch.as_ref(), &mut probes);
            !any
        });
        any
    }
}

#[cfg(test)]
mod tests {
    use crate::program::rules::Filter;
    use crate::shipped::testing::{variants, visit_random_games};

    /// Where a phase's one filter is a `RequireAfter` (chess's king, the
    /// block rulesets' tests), "has a move" stopping at the first move that
    /// passes says what the whole filtered list says, along random games of
    /// every shipped variant with such a phase (a checkmate missed would go
    /// on to a position with no legal move, and fail here).
    #[test]
    fn the_first_move_that_passes_says_what_the_filtered_list_says() {
        let mut asked = 0;
        for (name, _, game) in variants() {
            let lone = |p: &crate::program::rules::Phase| {
                matches!(p.filters.as_slice(), [Filter::RequireAfter { keep_all: false, .. }])
            };
            if !game.phases.iter().any(lone) {
                continue;
            }
            for seed in 0..2 {
                visit_random_games(&game, seed, 1, |s, legal| {
                    if lone(&game.phases[usize::from(s.phase)]) {
                        assert_eq!(game.has_move(s), !legal.is_empty(), "{name}, ply {}", s.ply());
                        asked += 1;
                    }
                });
            }
        }
        assert!(asked >= 1_000, "{asked} positions asked");
    }
}
