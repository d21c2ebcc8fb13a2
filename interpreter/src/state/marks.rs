//! The marks of a state (issue 44): per slot (see `program::marks`), a set
//! of fields as words (the layout of [`FieldSet`](crate::board::FieldSet) and
//! of `topped`), all in one buffer that a game without marks does not have
//! (see `state/memory.rs`).

use super::{Continuing, State};
use crate::board::FieldId;

impl State {
    /// Gives the state `slots` empty sets of marked fields.
    pub(crate) fn make_mark_slots(&mut self, slots: u16) {
        self.set_mark_words(usize::from(slots) * usize::from(self.set_words));
    }

    #[inline]
    fn mark_index(&self, slot: u16, field: FieldId) -> (usize, u64) {
        (usize::from(slot) * usize::from(self.set_words) + usize::from(field) / 64, 1u64 << (field % 64))
    }

    /// Whether the set `slot` holds `field`.
    #[inline]
    pub(crate) fn in_mark_slot(&self, slot: u16, field: FieldId) -> bool {
        let (i, bit) = self.mark_index(slot, field);
        self.marks().get(i).is_some_and(|w| w & bit != 0)
    }

    /// Puts `field` in the set `slot` (or takes it out).
    pub(crate) fn set_mark_slot(&mut self, slot: u16, field: FieldId, on: bool) {
        let (i, bit) = self.mark_index(slot, field);
        if let Some(w) = self.marks_mut().get_mut(i) {
            let new = if on { *w | bit } else { *w & !bit };
            if new != *w {
                *w = new;
                self.edits = self.edits.wrapping_add(1);
            }
        }
    }

    /// Empties the set `slot`.
    pub(crate) fn clear_mark_slot(&mut self, slot: u16) {
        let n = usize::from(self.set_words);
        let start = usize::from(slot) * n;
        if let Some(words) = self.marks_mut().get_mut(start..start + n) {
            if words.iter().any(|&w| w != 0) {
                words.fill(0);
                self.edits = self.edits.wrapping_add(1);
            }
        }
    }

    /// The fields of the set `slot`, in field order.
    pub(crate) fn mark_slot_fields(&self, slot: u16) -> impl Iterator<Item = FieldId> + '_ {
        let n = usize::from(self.set_words);
        let start = usize::from(slot) * n;
        crate::board::fields_in_words(self.marks().get(start..start + n).unwrap_or(&[]))
    }

    /// The marks' part of a repetition key: the XOR of a fixed key per
    /// (slot, field) marked (a Zobrist hash with fixed keys, the same on every
    /// machine and Rust release). 0 where nothing is marked.
    pub fn marks_key(&self) -> u64 {
        let n = usize::from(self.set_words).max(1);
        let mut key = 0;
        for (i, &w) in self.marks().iter().enumerate() {
            let (slot, word) = (i / n, i % n);
            for f in crate::board::fields_of_word(word, w) {
                key ^= mark_key(slot as u16, f);
            }
        }
        key
    }

    /// The part of [`State::marks_key`] of the slots `keep` says (issue 45:
    /// the one-turn memory, see `engine/repetition.rs`). 0 where none is marked.
    pub(crate) fn marks_key_where(&self, keep: impl Fn(u16) -> bool) -> u64 {
        let n = usize::from(self.set_words).max(1);
        let mut key = 0;
        for (i, &w) in self.marks().iter().enumerate().filter(|&(i, &w)| w != 0 && keep((i / n) as u16)) {
            for f in crate::board::fields_of_word(i % n, w) {
                key ^= mark_key((i / n) as u16, f);
            }
        }
        key
    }
}

/// The fixed key of field `field` marked in slot `slot`: one step of
/// splitmix64 over both (never 0, and unlike any piece's key by its tag).
fn mark_key(slot: u16, field: FieldId) -> u64 {
    use super::history::{MARK_TAG, mix};
    mix(MARK_TAG | u64::from(slot) << 16 | u64::from(field))
}

impl Continuing {
    /// Whether the chain may go on with a move in direction `dir` (`avoid`:
    /// any but `dir`, `Continue(direction: NotSame)`).
    #[inline]
    pub(crate) fn allows(&self, dir: u8) -> bool {
        self.dir == crate::moves::NO_DIR || (dir == self.dir) != self.avoid
    }
}
