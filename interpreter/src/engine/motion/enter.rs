//! `Enter`: a piece comes from the hand onto an entry field `via` holds on,
//! then walks the rest of its steps. General: a walk from each entry field;
//! fast: the paths in, worked out before play, scanned against one word.

use super::super::Doubling;
use super::super::emit::Emit;
use super::super::scratch::scratch_fields;
use super::super::{Cond, Motion, Rule};
use super::Walking;
use crate::board::{FieldId, FieldSet, NO_FIELD, fields_of_word};
use crate::moves::{Move, NO_DIR};
use crate::piece::Player;
use crate::program::Game;
use crate::program::rules::PlannedWalk;
use crate::state::State;

impl Game {
    /// Calls `emit` with `like` entering each field a piece of `me` may enter
    /// on by `rule` (an `Enter`: none for another motion), in field order;
    /// false if `emit` asked to stop. Written once for the generic loop of rules and
    /// the loop of a phase that only walks, and laid out in each.
    #[inline(always)]
    pub(in crate::engine) fn enter_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        like: Move,
        walks: &mut Option<Walking>,
        emit: &mut impl Emit,
    ) -> bool {
        // (Only `Enter` has the action `Enter`: `Motion::facts`.)
        let Motion::Enter { via, steps, walk } = &rule.motion else { return true };
        let Some(steps) = self.distance(*steps, s, NO_FIELD, NO_DIR) else { return true };
        let walking = Walking::of(walks, self, s, me, &walk.pass);
        let mut lands = |to| !self.can_land_at_walk_end(rule, s, me, NO_FIELD, to) || emit.emit(Move { to, ..like });
        let list = rule.plan.walk.via_paths().and_then(|e| Some((e, e.key(0, steps, Doubling::Doubles)?)));
        match (list, rule.plan.landing.words()) {
            // Where the paths in were worked out before play, a scan of them; where
            // they lead to several fields, where it lands is read off words.
            (Some((e, k)), Some(landing)) if e.list(k).is_some_and(|l| l.len() > 1) => {
                let ends = e.ends(k, walking.word) & landing.landable(walking.tops(self, s, me));
                emit.emit_each_end(like, ends)
            }
            (Some((e, k)), _) => fields_of_word(0, e.ends(k, walking.word)).all(lands),
            (None, _) => {
                let walk = PlannedWalk { walk, paths: rule.plan.walk.paths() };
                self.entry_targets(s, me, via, steps, walk, walking.set(self), &mut lands)
            }
        }
    }

    /// Calls `visit` with each field an entering piece can end on, each once,
    /// in field order: through an entry field (step 1), then a walk of the
    /// remaining steps. Stops when `visit` returns false, and then returns false.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn entry_targets(
        &self,
        s: &State,
        me: Player,
        via: &Cond,
        steps: u8,
        walk: PlannedWalk,
        pass: &FieldSet,
        visit: &mut impl FnMut(FieldId) -> bool,
    ) -> bool {
        let mut ends = scratch_fields(self.board.len());
        let enter_on = |f: FieldId| {
            if steps == 1 {
                ends.insert(f);
            } else if pass.contains(f) {
                self.walk_ends(pass, walk, f, steps - 1, Doubling::Doubles, &mut |end| {
                    ends.insert(end);
                    true
                });
            }
            true
        };
        match via {
            // Entry fields the board decides (see `Game::specialise_rules`): only those.
            Cond::Fields(entries) => entries.iter().all(enter_on),
            // Decided by the board and the player: the player's own (none for a player without a set, as `eval` says).
            Cond::FieldsFor(entries) => entries.get(usize::from(me)).is_none_or(|set| set.iter().all(enter_on)),
            _ => self.board.fields().filter(|&f| self.eval(via, s, me, f)).all(enter_on),
        };
        ends.iter().all(visit)
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn an_entry_comes_in_on_its_field_and_walks_the_rest_of_its_steps() {
        let moves = first_moves(
            r#"Hand(piece: "Stone", player: Player(1), count: 1), On(piece: "Stone", player: Player(2), fields: ["b1"])"#,
            r#"(pieces: ["Stone"], by: Enter(via: Field(["a1"]), steps: 2, dirs: ["Orthogonal"], pass: Empty), to: Empty)"#,
        );
        // (b1 is taken: the walk from a1 ends on a2 alone.)
        assert_eq!(moves, ["S@a2"]);
    }
}
