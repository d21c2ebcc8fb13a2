//! `Exit`: a piece leaves the board by a walk of its steps, the last off the
//! board from a field `via` holds on. General: the walk's ends; fast: the
//! paths to where it may leave, worked out before play (each a test of two
//! masks), and in a phase of walks along paths, [`Game::walks_by_paths`].

use super::super::Doubling;
use super::super::movegen::Mover;
use super::super::{Cond, Walk};
use super::Walking;
use crate::moves::{Move, NO_DIR};
use crate::program::Game;
use crate::program::rules::PlannedWalk;
use crate::ruleset::Distance;

impl Game {
    /// Whether the piece may leave by this exit: then its move off the board.
    #[inline(always)]
    pub(in crate::engine) fn exit_moves(
        &self,
        m: &Mover,
        via: &Cond,
        steps: Distance,
        walk: &Walk,
        w: &mut Walking,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let Mover { s, me, from, .. } = *m;
        let Some(steps) = self.distance(steps, s, from, NO_DIR) else { return true };
        let mut exits = false;
        let exit_paths = m.rule.plan.walk.via_paths();
        let planned = PlannedWalk { walk, paths: m.rule.plan.walk.paths() };
        w.with_origin_lifted(self, s, me, &walk.pass, from, |pass| {
            if let Some(paths) = exit_paths.and_then(|p| p.of(from, steps - 1, Doubling::Once)) {
                // Only the paths to where the piece may leave, each a test of two masks.
                let pass = pass.first_word();
                exits = paths.iter().any(|p| p.open(pass));
                return;
            }
            self.walk_ends(pass, planned, from, steps - 1, Doubling::Once, &mut |f| {
                exits = self.eval(via, s, me, f) && (steps == 1 || pass.contains(f));
                !exits
            });
        });
        !exits || emit(m.off())
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn an_exit_leaves_from_a_field_its_walk_reaches() {
        let exit = |via: &str| {
            first_moves(
                r#"On(piece: "Stone", player: Player(1), fields: ["a2"]), On(piece: "Stone", player: Player(2), fields: ["c3"])"#,
                &format!(r#"(pieces: ["Stone"], by: Exit(via: Field(["{via}"]), steps: 2, dirs: ["Orthogonal"]))"#),
            )
        };
        assert_eq!(exit("a1"), ["a2-off"]);
        assert_eq!(exit("c1"), ["pass"]);
    }
}
