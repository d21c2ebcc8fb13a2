//! Marks in play (issue 44): set and taken off by effects, tested by
//! `Marked`, gone when their time is up (at a change of turn), and the fields
//! of the last move kept for `LastMove`.

use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Move, NO_DIR};
use crate::piece::{KindId, Player};
use crate::program::Game;
use crate::program::marks::{MOST_WATCHED, MarkEffect, field_bit};
use crate::ruleset::{Lasts, MoveField};
use crate::state::State;

/// The tops (owner and kind) of the fields `when_gone` watches, before a
/// move, in the order of `Marks::gone`.
pub(super) struct WatchedTops([Option<(Player, KindId)>; MOST_WATCHED]);

impl Game {
    /// A move played in a game where some mark is set by a piece gone
    /// (`when_gone`): the watched tops noted, then the move.
    #[inline(never)] // (out of line: games without such a mark play as before)
    pub(super) fn play_marking_gone(&self, s: &mut State, m: Move) -> u32 {
        let mut tops = WatchedTops([None; MOST_WATCHED]);
        for (top, w) in tops.0.iter_mut().zip(&self.marks.gone) {
            *top = s.top(w.field).map(|p| (p.owner, p.kind));
        }
        self.play_made(s, m, Some(&tops))
    }

    /// Each watched field whose piece went in the move (it held one, and
    /// now holds none or another player's or kind's) takes its mark, as set
    /// by `mover`.
    pub(super) fn mark_gone(&self, s: &mut State, before: &WatchedTops, mover: Player) {
        for (was, w) in before.0.iter().zip(&self.marks.gone) {
            if was.is_some() && *was != s.top(w.field).map(|p| (p.owner, p.kind)) {
                s.set_mark_slot(self.marks.slot(w.mark, mover), w.field, true);
            }
        }
    }

    /// The names of the marks on `field` (set by any player), in the order
    /// the ruleset declares them: what a front end shows on the field.
    pub fn marks_at(&self, s: &State, field: FieldId) -> Vec<&str> {
        let marked = |m: usize| self.is_marked(s, m as u8, field);
        self.marks.specs.iter().enumerate().filter(|&(m, _)| marked(m)).map(|(_, spec)| spec.name.as_str()).collect()
    }

    /// Whether `field` carries mark `mark` (set by any player).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn is_marked(&self, s: &State, mark: u8, field: FieldId) -> bool {
        let spec = &self.marks.specs[usize::from(mark)];
        (spec.first..spec.first + u16::from(spec.slots)).any(|slot| s.in_mark_slot(slot, field))
    }

    /// Whether `field` is the last move's field `f` (`LastMove(f)`).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn on_last_move(&self, s: &State, f: MoveField, field: FieldId) -> bool {
        match f {
            MoveField::To => s.last_to == field && field != NO_FIELD,
            MoveField::From => self.marks.last_from.is_some_and(|slot| s.in_mark_slot(slot, field)),
            MoveField::Passed => self.marks.last_passed.is_some_and(|slot| s.in_mark_slot(slot, field)),
        }
    }

    /// The fields a move passed between where it left and where it landed:
    /// along its direction from `m.from`, the fields before `m.to` (none
    /// where the move has no direction or its direction does not lead there:
    /// a step, a leap, a walk that turns, a placement). At most the board's
    /// fields are looked at.
    pub(super) fn passed_fields(&self, m: Move) -> impl Iterator<Item = FieldId> + '_ {
        let dirs = self.board.dir_names().len();
        let usable = m.from != NO_FIELD && m.to != NO_FIELD && m.dir != NO_DIR && usize::from(m.dir) < dirs;
        // First whether the direction leads to `m.to` at all; then the fields on the way.
        let mut leads = false;
        if usable {
            let mut at = m.from;
            for _ in 0..self.board.len() {
                at = self.board.neighbour(at, m.dir);
                if at == NO_FIELD || at == m.from {
                    break;
                }
                if at == m.to {
                    leads = true;
                    break;
                }
            }
        }
        let mut at = m.from;
        std::iter::from_fn(move || {
            if !leads {
                return None;
            }
            at = self.board.neighbour(at, m.dir);
            (at != m.to && at != NO_FIELD).then_some(at)
        })
    }

    /// A `Mark` or `Unmark` effect of move `m` by `me`, which landed on `landed`.
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn apply_mark(&self, s: &mut State, e: MarkEffect, m: Move, landed: FieldId, me: Player) {
        let spec = &self.marks.specs[usize::from(e.mark)];
        let slots = spec.first..spec.first + u16::from(spec.slots);
        if e.everywhere {
            slots.for_each(|slot| s.clear_mark_slot(slot));
            return;
        }
        let change = |s: &mut State, field: FieldId| {
            if field == NO_FIELD {
                return;
            }
            if e.set {
                s.set_mark_slot(self.marks.slot(e.mark, me), field, true);
            } else {
                slots.clone().for_each(|slot| s.set_mark_slot(slot, field, false));
            }
        };
        if e.on & field_bit(MoveField::From) != 0 {
            change(s, m.from);
        }
        if e.on & field_bit(MoveField::To) != 0 {
            change(s, landed);
        }
        if e.on & field_bit(MoveField::Passed) != 0 {
            for f in self.passed_fields(m) {
                change(s, f);
            }
        }
        if let Some(z) = e.zone {
            let zone = &self.zones[usize::from(z)];
            for &f in zone.groups[usize::from(me)].iter().flatten() {
                change(s, f);
            }
        }
    }

    /// The fields of move `m` kept as the last move's, where a `LastMove`
    /// reads them (called where `State::last_to` is kept).
    /// (Out of line: the move's code stays as it is for games that keep no last move.)
    #[inline(never)]
    pub(super) fn note_last_move(&self, s: &mut State, m: Move) {
        if let Some(slot) = self.marks.last_from {
            s.clear_mark_slot(slot);
            if m.from != NO_FIELD {
                s.set_mark_slot(slot, m.from, true);
            }
        }
        if let Some(slot) = self.marks.last_passed {
            s.clear_mark_slot(slot);
            for f in self.passed_fields(m) {
                s.set_mark_slot(slot, f, true);
            }
        }
    }

    /// A turn begins for `next`: the marks that last a turn go, and those
    /// `next` set that last until their next turn. No work where no mark
    /// expires by itself.
    /// (Out of line and cold: a turn's code stays as it is for games without such marks.)
    #[cold]
    #[inline(never)]
    pub(super) fn expire_marks(&self, s: &mut State, next: Player) {
        if !self.marks.expire {
            return;
        }
        for spec in &self.marks.specs {
            match spec.lasts {
                Lasts::Turn => s.clear_mark_slot(spec.first),
                Lasts::NextTurn => s.clear_mark_slot(spec.first + u16::from(next)),
                Lasts::Cleared => {}
            }
        }
    }
}
