//! `Walk`: a piece walks a number of steps along links, turning or not, over
//! fields its walk passes. General: the ends found from its paths or by a
//! search ([`Game::walk_ends`]); fast: [`Game::walks_by_paths`], one loop over
//! the pieces scanning the paths worked out before play ([`MotionPlan::WalkPaths`](super::super::MotionPlan)),
//! which serves `Exit` too.

use super::super::Doubling;
use super::super::emit::Emit;
use super::super::movegen::Mover;
use super::super::{Rule, Walk};
use super::Walking;
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::Player;
use crate::program::Game;
use crate::program::rules::PlannedWalk;
use crate::ruleset::Distance;
use crate::state::State;

impl Game {
    /// The walks of one piece: each end it may land on (back on its own
    /// field, on what it uncovers there).
    #[inline(always)]
    pub(in crate::engine) fn walk_moves(
        &self,
        m: &Mover,
        walk: &Walk,
        steps: Distance,
        w: &mut Walking,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let Mover { s, me, rule, from, .. } = *m;
        let Some(n) = self.distance(steps, s, from, NO_DIR) else { return true };
        let back_home = walk.returns && w.lands_lifted(self, rule, s, me, from);
        let mut go_on = true;
        w.with_origin_lifted(self, s, me, &walk.pass, from, |pass| {
            let walk = PlannedWalk { walk, paths: rule.plan.walk.paths() };
            go_on = self.walk_ends(pass, walk, from, n, Doubling::Doubles, &mut |to| {
                let lands = if to == from { back_home } else { self.can_land_at_walk_end(rule, s, me, from, to) };
                !lands || emit(m.to(to, NO_DIR))
            });
        });
        go_on
    }

    /// The moves of a walk or an exit along paths worked out before play
    /// ([`Rule::walk_by_paths`]): one loop over the pieces, each a scan of
    /// its paths against one word, the walk's pass set with the piece's own
    /// field seen without it. The same moves in the same order as
    /// [`Game::piece_moves`] makes them. Apart from `rule_moves`, and calling
    /// nothing of it, so that the other motions' code is laid out as it is
    /// without it (a call of `piece_moves` from here changed their inlining).
    #[allow(clippy::too_many_arguments)] // `rule_moves`' own
    #[inline(never)]
    pub(in crate::engine) fn walks_by_paths(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        only: Option<FieldId>,
        walks: &mut Option<Walking>,
        emit: &mut impl Emit,
    ) -> bool {
        let Some(by) = rule.walk_by_paths() else {
            // Not reached: `MotionPlan::WalkPaths` is what `walk_by_paths` says of the
            // compiled rule. (A fall-back call of the generic `rule_moves`, even
            // through a pointer, moved the compiler's inlining of it for every
            // game.)
            debug_assert!(false, "a rule said to walk by its paths without them");
            return true;
        };
        let w = Walking::of(walks, self, s, me, &by.walk.pass);
        let pass = w.word;
        let tops = w.tops(self, s, me);
        // Where a walk may end, the piece's own field aside: the paths to the
        // other fields are passed over without a test.
        let landing = rule.plan.landing.words().filter(|_| !by.exit);
        let ends = landing.map(|l| l.landable(tops));
        // (Paths are worked out on boards of up to 64 fields only: one word.)
        let only = only.map_or(!0, |o| 1u64.checked_shl(u32::from(o)).unwrap_or(0));
        for from in fields_of_word(0, s.topped_first_word(me) & tops.of(by.from) & only) {
            let Some(p) = s.top(from) else { continue };
            // The paths it scans, worked out per field it starts from (none where it walks no steps).
            let list = by.lists.get(usize::from(from)).map_or(Rule::NO_PATHS, |&k| k);
            if rule.pieces & (1 << p.kind) == 0 || list == Rule::NO_PATHS {
                continue;
            }
            let list = list as usize;
            // What tops the field without the piece is what lies under it (nothing, if it is alone).
            let below = s.class_below_top(from, me);
            let lifted = by.pass & 1 << below != 0;
            let pass = pass & !(1 << from) | u64::from(lifted) << from;
            let moved = |action, to| Move { action, rule: rule_id, kind: p.kind, dir: NO_DIR, from, to };
            let go_on = if by.exit {
                // Only the paths to where the piece may leave: it leaves if one is open.
                emit.emit_if(moved(Action::Exit, NO_FIELD), by.paths.ends(list, pass) != 0)
            } else {
                let (reached, home) = (by.paths.ends(list, pass), 1u64 << from);
                // Back on its own field, the piece lands on what it uncovers there
                // (read off the landing words without a branch: whether it comes back is as good as random).
                let back = match landing {
                    Some(l) => {
                        let room = s.height(from) <= self.fields[usize::from(from)].limit;
                        (reached & home != 0) & by.walk.returns & l.lands_on(below, from, room)
                    }
                    None => reached & home != 0 && by.walk.returns && w.lands_lifted(self, rule, s, me, from),
                };
                let to = reached & !home & ends.unwrap_or(!0) | u64::from(back) << from;
                match ends {
                    // Where it may land was read off words: every end is a move.
                    Some(_) => emit.emit_each_end(moved(Action::Board, NO_FIELD), to),
                    None => fields_of_word(0, to).all(|to| {
                        let lands = to == from || self.can_land_at_walk_end(rule, s, me, from, to);
                        !lands || emit.emit(moved(Action::Board, to))
                    }),
                }
            };
            if !go_on {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_walk_ends_where_its_steps_lead_without_passing_a_piece() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Walk(dirs: ["Orthogonal"], steps: 2, pass: Empty), to: Empty)"#,
        );
        assert_eq!(moves, ["a1-c1", "a1-a3"]);
    }

    #[test]
    fn a_walk_that_may_not_turn_goes_straight() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Walk(dirs: ["Orthogonal"], steps: 2, turns: False), to: Not(Own))"#,
        );
        assert_eq!(moves, ["a1-c1", "a1-a3"]);
    }
}
