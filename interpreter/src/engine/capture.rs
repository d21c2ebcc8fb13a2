//! Captures a move makes besides landing: runs, pieces jumped, enclosures,
//! and a stack taken off the board.

use super::Enclosure;
use super::apply::change_top;
use super::scratch::ScratchState;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::Move;
use crate::piece::{Captured, Player};
use crate::program::Game;
use crate::state::{Pool, State};

impl Game {
    /// Whether the capture run from `first` is closed by `closed_by` (see [`Game::closed_run`]).
    #[inline(never)] // (out of line: `capture_run` stays as small as without it)
    #[allow(clippy::too_many_arguments)] // the run, where it lies, and whose
    fn capture_run_closed(
        &self,
        s: &State,
        run: &super::CaptureRun,
        closed_by: &crate::program::Cond,
        m: Move,
        first: FieldId,
        me: Player,
    ) -> bool {
        self.closed_run(s, me, first, |f| self.run_next(run, m, f), &run.cond, closed_by).is_some()
    }

    /// A capture run from `landed` (see `EffectDef::CaptureRun`): how many pieces it took.
    /// (Where the run lies, from the landing or along the move `m`: `engine/run_choices.rs`.)
    pub(super) fn capture_run(
        &self,
        s: &mut State,
        run: &super::CaptureRun,
        m: Move,
        landed: FieldId,
        me: Player,
    ) -> u32 {
        let before = run.keep_if.as_ref().map(|_| ScratchState::of(s));
        let mut at = self.run_first(run, m, landed);
        // A run with a closing test is taken only if it is closed (read before any is taken).
        if let Some(closed_by) = &run.closed_by
            && !self.capture_run_closed(s, run, closed_by, m, at, me)
        {
            return 0;
        }
        let mut taken = 0;
        // A run visits each field once at most, even round a cycle of links.
        for _ in 0..self.board.len() {
            if at == NO_FIELD || !self.eval(&run.cond, s, me, at) {
                break;
            }
            if !run.spare.as_ref().is_some_and(|c| self.eval(c, s, me, at)) {
                taken += self.capture_stack(s, at, me);
            }
            at = self.run_next(run, m, at);
        }
        if taken > 0 && run.landed {
            taken += self.capture_stack(s, landed, me);
        }
        if let (Some(keep), Some(before)) = (&run.keep_if, before) {
            if !self.eval(keep, s, me, NO_FIELD) {
                s.clone_from(&before);
                return 0;
            }
        }
        taken
    }

    /// The enemy pieces a jump went over, between `m.from` and `m.to`:
    /// captured, or (`at_end`) marked, to be removed when the chain ends.
    /// Returns how many.
    pub(super) fn capture_jumped(&self, s: &mut State, m: Move, me: Player, at_end: bool) -> u32 {
        let mut n = 0;
        let mut at = self.board.neighbour(m.from, m.dir);
        let mut guard = self.board.len();
        while at != NO_FIELD && at != m.to && guard > 0 {
            if s.top(at).is_some_and(|p| p.owner != me) {
                if at_end {
                    n += u32::from(s.height(at));
                    change_top(s, at, |p| p.mark = true);
                } else {
                    n += self.capture_stack(s, at, me);
                }
            }
            at = self.board.neighbour(at, m.dir);
            guard -= 1;
        }
        n
    }

    /// Whether the piece on `victim`, next to `landed` in direction `d`, is an
    /// enemy of `me` that the enclosure captures.
    pub(super) fn enclosed(
        &self,
        s: &State,
        e: &Enclosure,
        me: Player,
        landed: FieldId,
        victim: FieldId,
        d: u8,
    ) -> bool {
        if victim == NO_FIELD {
            return false;
        }
        let Some(owner) = s.top(victim).map(|p| p.owner).filter(|&o| o != me) else { return false };
        if self.fields[usize::from(victim)].safe || !self.eval(&e.target, s, me, victim) {
            return false;
        }
        let closed = |side: FieldId| match side {
            NO_FIELD => e.edge,
            _ => self.eval(&e.anvil, s, me, side) || self.hostile(s, side, owner),
        };
        if e.all {
            e.dirs.iter().map(|&side| self.board.neighbour(victim, side)).all(|side| side == landed || closed(side))
        } else {
            let beyond = self.board.neighbour(victim, d);
            beyond != NO_FIELD && closed(beyond)
        }
    }

    /// Whether `field` closes an enclosure of a piece of `owner` as a hostile field.
    pub(super) fn hostile(&self, s: &State, field: FieldId, owner: Player) -> bool {
        let props = &self.fields[usize::from(field)];
        let players = if s.height(field) == 0 { props.hostile_empty } else { props.hostile_occupied };
        players & (1 << owner) != 0
    }

    /// Captures every piece on `field` for `captor`, each as its kind says.
    pub(super) fn capture_stack(&self, s: &mut State, field: FieldId, captor: Player) -> u32 {
        let n = s.height(field);
        for i in 0..usize::from(n) {
            let piece = s.stack(field)[i];
            let remove = |s: &mut State| s.pool_add(Pool::Prisoners, captor, piece.kind, piece.owner, 1);
            match self.kinds[usize::from(piece.kind)].captured {
                Captured::Remove => remove(s),
                Captured::ToHand => s.pool_add(Pool::Hand, captor, piece.kind, captor, 1),
                Captured::ToOwner => s.pool_add(Pool::Hand, piece.owner, piece.kind, piece.owner, 1),
                Captured::Store { zone } => {
                    let store = self.zones[usize::from(zone)].groups[usize::from(captor)].iter().flatten().next();
                    match store.copied().filter(|&f| f != field && s.height(f) < self.fields[usize::from(f)].limit) {
                        Some(f) => s.push(f, piece),
                        None => remove(s),
                    }
                }
                Captured::Convert { zone, captor_chooses } => {
                    // The captured stack still stands on its field, which is so not free.
                    if self.first_free_group(s, zone, captor).is_none() {
                        remove(s);
                    } else {
                        s.pool_add(Pool::Hand, captor, piece.kind, captor, 1);
                        self.place_due(s, captor, piece.kind, zone, 0, captor_chooses, false);
                    }
                }
            }
        }
        s.clear(field);
        u32::from(n)
    }
}
