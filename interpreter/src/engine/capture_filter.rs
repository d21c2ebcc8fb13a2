//! A mandatory capture planned by the rules ([`CaptureFilter::ByRules`](super::CaptureFilter::ByRules),
//! issue 48): the moves of the rules that capture are made first, those of
//! the others only where there is none, so that the moves the filter would
//! drop are never made nor scanned. The same legal moves, in the same order,
//! as the general way (`Game::filter_moves`); `tests/tests/plans.rs` plays
//! both side by side.

use super::RulesLoop;
use super::emit::IntoList;
use crate::moves::{Action, Move};
use crate::program::Game;
use crate::state::State;

impl Game {
    /// The legal moves of an ordinary decision in `s`, into `out` (empty),
    /// where the phase's capture is planned by its rules (`split`, see
    /// [`CaptureFilter::ByRules`]): true if made, false where the general
    /// way must make them. Never inlined: written into `legal_moves_into`,
    /// it kept the generator out of it, and games without such a capture paid.
    #[inline(never)]
    pub(super) fn capturing_first(&self, s: &State, split: &[[Vec<u8>; 2]], out: &mut Vec<Move>) -> bool {
        // (A pool of dice spends its values move by move: the general way.)
        if s.dice.is_thrown() {
            return false;
        }
        let me = s.to_move;
        let [capturing, quiet] = &split[usize::from(me)];
        if self.phases[usize::from(s.phase)].plan.rules_loop == RulesLoop::ByBits {
            // (The player's pieces read once for both lists.)
            self.capturing_by_bits(s, me, &split[usize::from(me)], out);
        } else if !self.moves_of_rules(s, me, capturing, None, &mut IntoList(out)).0 {
            self.moves_of_rules(s, me, quiet, None, &mut IntoList(out));
        }
        self.keep_landings_that_go_on(s, out);
        if out.is_empty() {
            out.push(Move::simple(Action::Pass));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::program::rules::CaptureFilter;
    use crate::shipped::testing::games;

    /// The games whose capture is mandatory and whose rules each capture
    /// always or never are planned so; where a capture may be left (huff),
    /// they are not.
    #[test]
    fn mandatory_captures_by_rules_are_planned() {
        for (name, game) in games() {
            for phase in &game.phases {
                let by_rules = matches!(phase.plan.capture_filter, CaptureFilter::ByRules(_));
                if name == "traditional/english-draughts" || name == "traditional/alquerque" {
                    assert!(by_rules, "{name}");
                }
                if phase.filters.is_empty() {
                    assert!(!by_rules, "{name}");
                }
            }
        }
    }
}
