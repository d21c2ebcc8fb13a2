//! `RunOff`: a piece leaves the board by a run that goes off it (exactly,
//! or with `over`, with steps to spare).

use super::super::Cond;
use super::super::movegen::Mover;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Move, NO_DIR};
use crate::program::Game;
use crate::ruleset::Distance;
use crate::state::State;

impl Game {
    /// Whether the piece runs off the board: then its move off it.
    #[inline(always)]
    pub(in crate::engine) fn run_off_moves(
        &self,
        m: &Mover,
        dirs: &[u8],
        distance: Distance,
        pass: &Cond,
        over: bool,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let Mover { s, me, from, .. } = *m;
        let leaves = dirs.iter().any(|&d| {
            let Some(n) = self.distance(distance, s, from, d) else { return false };
            self.off_steps(from, d, n, |f| self.eval(pass, s, me, f)).is_some_and(|k| k == n || (over && k < n))
        });
        !leaves || emit(m.off())
    }

    /// Of a piece that ran off the board from `from`, the steps of its
    /// distance left over past the edge, if any (a remainder to move again).
    pub(in crate::engine) fn steps_left_off(
        &self,
        s: &State,
        from: FieldId,
        dirs: &[u8],
        distance: Distance,
    ) -> Option<u8> {
        let n = self.distance(distance, s, from, dirs.first().copied().unwrap_or(NO_DIR)).unwrap_or(0);
        let k = dirs.iter().find_map(|&d| self.off_steps(from, d, n, |_| true)).unwrap_or(n);
        (k < n).then(|| n - k)
    }

    /// Following direction `d` from `from`, the number of the step that goes
    /// off the board, if it comes within `n` steps over fields where `pass` holds.
    pub(crate) fn off_steps(&self, from: FieldId, d: u8, n: u8, pass: impl Fn(FieldId) -> bool) -> Option<u8> {
        let mut at = from;
        for k in 1..=n {
            let next = self.board.neighbour(at, d);
            if next == NO_FIELD {
                return Some(k);
            }
            if k == n || !pass(next) {
                return None;
            }
            at = next;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    const TWO: &str = r#"On(piece: "Stone", player: Player(1), fields: ["a2"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#;

    #[test]
    fn a_run_off_leaves_the_board_by_the_exact_distance() {
        let run_off = |n: u8| {
            format!(r#"(pieces: ["Stone"], by: RunOff(dirs: ["S"], distance: Const({n}), count: Exact), to: Empty)"#)
        };
        assert_eq!(first_moves(TWO, &run_off(2)), ["a2-off"]);
        // One step short of the edge after two: no move but to pass.
        assert_eq!(first_moves(TWO, &run_off(3)), ["pass"]);
    }
}
