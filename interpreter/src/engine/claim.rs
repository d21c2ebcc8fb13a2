//! Bracketed runs and the change of owner in place: the condition
//! `Brackets`, the effect `Claim`, a `CaptureRun`'s closing test, and the
//! one place where a piece goes over to another player where it stands
//! (`Claim`'s runs and `replace_stuck`'s stuck pieces alike).

use super::apply::change_top;
use super::scratch::scratch_numbers;
use crate::board::{FieldId, NO_FIELD};
use crate::piece::Player;
use crate::program::Run;
use crate::program::{Cond, Game};
use crate::state::State;

impl Game {
    /// The run that starts on `first` and goes on by `next`: how many fields
    /// in a row `each` holds of (at least one), when the field after them
    /// exists and `closed_by` holds there; `None` if the run is not closed.
    /// Bounded: a run round a cycle of links stops after the board's fields.
    pub(super) fn closed_run(
        &self,
        s: &State,
        me: Player,
        first: FieldId,
        next: impl Fn(FieldId) -> FieldId,
        each: &Cond,
        closed_by: &Cond,
    ) -> Option<u16> {
        let mut at = first;
        let mut len = 0u16;
        while at != NO_FIELD && usize::from(len) < self.board.len() && self.eval(each, s, me, at) {
            len += 1;
            at = next(at);
        }
        (len > 0 && at != NO_FIELD && self.eval(closed_by, s, me, at)).then_some(len)
    }

    /// The run along direction `d` from `field` (not counting it), if closed.
    #[inline(never)] // (one call a direction, the run's loop inlined)
    fn closed_run_along(&self, s: &State, me: Player, field: FieldId, run: &Run, d: u8) -> Option<u16> {
        let first = self.board.neighbour(field, d);
        self.closed_run(s, me, first, |f| self.board.neighbour(f, d), &run.each, &run.closed_by)
    }

    /// `Brackets`: some direction of `run` makes a closed run from `field`.
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn brackets(&self, s: &State, me: Player, field: FieldId, run: &Run) -> bool {
        run.dirs.iter().any(|&d| self.closed_run_along(s, me, field, run, d).is_some())
    }

    /// `Claim`: every closed run from `landed` goes over to `me`, all runs
    /// found before any piece changes (a change cannot open or close
    /// another run of the same move). Returns how many pieces changed owner.
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn claim(&self, s: &mut State, run: &Run, landed: FieldId, me: Player) -> u32 {
        // Each closed run as its direction and length, in one reused list.
        let mut found = scratch_numbers();
        found.extend(run.dirs.iter().filter_map(|&d| {
            self.closed_run_along(s, me, landed, run, d).map(|len| u32::from(d) << 16 | u32::from(len))
        }));
        let mut changed = 0;
        for &code in found.iter() {
            let d = (code >> 16) as u8;
            let mut at = landed;
            for _ in 0..code & 0xffff {
                at = self.board.neighbour(at, d);
                changed += u32::from(change_owner(s, at, me, false));
            }
        }
        changed
    }
}

/// The top piece of `field` goes over to `to` where it stands, marked or
/// not (the mark `replace_stuck`'s grace reads): the one change of owner in
/// place. Returns whether it changed anything (an empty field, or a piece
/// of `to`'s unmarked as asked, is left as it is).
pub(super) fn change_owner(s: &mut State, field: FieldId, to: Player, mark: bool) -> bool {
    let Some(p) = s.top(field) else { return false };
    if p.owner == to && p.mark == mark {
        return false;
    }
    change_top(s, field, |p| {
        p.owner = to;
        p.mark = mark;
    });
    true
}

#[cfg(test)]
mod tests {
    /// A ring of four fields, one direction round it, a piece of B on
    /// three and the last empty, A to place there.
    fn ring(to: &str, then: &str) -> crate::Game {
        let ron = format!(
            r#"Ruleset(
                name: "ring", title: "Ring", players: ["A", "B"],
                board: Graph(
                    fields: [(name: "a", at: (0.0, 0.0)), (name: "b", at: (1.0, 0.0)), (name: "c", at: (1.0, 1.0)), (name: "d", at: (0.0, 1.0))],
                    links: [(from: "a", to: "b", dir: "cw"), (from: "b", to: "c", dir: "cw"), (from: "c", to: "d", dir: "cw"), (from: "d", to: "a", dir: "cw")],
                ),
                pieces: [(name: "Stone", letter: 'S')],
                setup: [On(piece: "Stone", player: Player(2), fields: ["b", "c", "d"]), Hand(piece: "Stone", player: Player(1), count: 1)],
                phases: [(name: "play", moves: [(pieces: ["Stone"], by: Place(), to: {to}, then: [{then}])])],
                end: [(at: AfterMove, cond: True, result: Draw, reason: "one move")],
            )"#
        );
        crate::Game::from_source(&ron, "ring.ron", &crate::Options::new()).expect("compiles")
    }

    /// A run round a cycle of links whose every field holds `each` stops
    /// after the board's fields: it is not closed, and the search ends.
    #[test]
    fn a_run_round_a_cycle_is_bounded() {
        let game = ring(r#"All([Empty, Brackets(Run(dirs: ["cw"], each: True, closed_by: False))])"#, "");
        assert_eq!(game.move_texts(&game.legal_moves(&game.initial_state())), ["pass"]);
    }

    /// A run of enemy pieces that comes back round to the field placed on
    /// is closed there once the piece stands on it: all three go over.
    #[test]
    fn a_claimed_run_goes_over_where_it_stands() {
        let game = ring("Empty", r#"Claim(run: Run(dirs: ["cw"]))"#);
        let s = game.initial_state();
        let m = game.legal_moves(&s)[0];
        let after = game.play(s, m).expect("legal");
        let owners: Vec<_> = game.board().fields().map(|f| after.top(f).map(|p| p.owner)).collect();
        assert_eq!(owners, [Some(0); 4]);
        assert_eq!(after.on_board(0), 4);
    }
}
