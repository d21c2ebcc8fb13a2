//! `Run`: a piece goes a distance (a number, the throw, a die's face)
//! along each of its directions, over fields its `pass` holds on. General:
//! the run walked link by link ([`Game::run_end`]); fast: its end looked up
//! ([`RunEnds`](super::super::RunEnds) where anything passes, and for a die
//! by where it stands and how it lies, [`DieRuns`](super::super::DieRuns)).

use super::super::Cond;
use super::super::movegen::Mover;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::Move;
use crate::piece::Player;
use crate::program::Game;
use crate::ruleset::Distance;
use crate::state::State;

impl Game {
    /// The runs of one piece.
    #[inline(always)]
    pub(in crate::engine) fn run_moves(
        &self,
        m: &Mover,
        dirs: &[u8],
        distance: Distance,
        pass: &Cond,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let Mover { s, me, rule, from, p, .. } = *m;
        match rule.plan.motion.die_runs() {
            // A die's run, looked up by where it stands and how it lies (only
            // dice move by their faces: the compiler sees to it).
            Some(runs) => runs
                .ends(from, p.orient)
                .iter()
                .zip(dirs)
                .all(|(&at, &d)| at == NO_FIELD || !self.can_land(rule, s, me, from, at) || emit(m.to(at, d))),
            None => dirs.iter().all(|&d| {
                let Some(n) = self.distance(distance, s, from, d) else { return true };
                let looked_up = match (pass, &self.plan.run_ends) {
                    (Cond::True, Some(ends)) => ends.end(from, d, n),
                    _ => None,
                };
                let at = match looked_up {
                    Some(at) => at,
                    None => self.run_end(s, me, from, d, n, pass),
                };
                at == NO_FIELD || at == from || !self.can_land(rule, s, me, from, at) || emit(m.to(at, d))
            }),
        }
    }

    /// Where a run of `n` links from `from` in direction `dir` ends, passing
    /// over fields where `pass` holds; `NO_FIELD` where it cannot.
    #[inline(always)]
    pub(in crate::engine) fn run_end(
        &self,
        s: &State,
        me: Player,
        from: FieldId,
        dir: u8,
        n: u8,
        pass: &Cond,
    ) -> FieldId {
        let (mut at, mut left) = (from, n);
        while left > 0 {
            at = self.board.neighbour(at, dir);
            left -= 1;
            if at == NO_FIELD || (left > 0 && !self.eval_on_field(pass, s, me, at)) {
                return NO_FIELD;
            }
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_run_goes_its_distance_along_each_direction() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Run(dirs: ["Orthogonal"], distance: Const(2)), to: Empty)"#,
        );
        assert_eq!(moves, ["a1-a3", "a1-c1"]);
    }

    #[test]
    fn a_run_stops_where_it_may_not_pass() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Run(dirs: ["Diagonal"], distance: Const(2), pass: Empty), to: Empty)"#,
        );
        assert_eq!(moves, ["pass"]);
    }
}
