//! The history of a game for its repetition rules: one key per position
//! after a decision, kept only where the ruleset asks whether a position
//! repeats (`Repeated`): elsewhere [`History`] stays empty and costs nothing.
//!
//! **What a repetition compares.** A position in the history is the state
//! right after a decision (a move, a pass, a jump of a chain; not a throw),
//! and the game's start: its board (every stack, bottom first, each piece
//! with its kind, owner, face, orientation and mark), the phase, and the
//! player who made the decision (at the start: the player before the one to
//! move). Not the pools (Go's prisoners grow with every ko capture, and a
//! supply of stones shrinks with every placement: no position would repeat),
//! not the ply, the turn, counters or passes in a row (a clock would make no
//! position repeat), and not what the turn still holds (a throw, the
//! decisions left), which a move played ahead in a turn filter does not yet
//! know. `compare: Board` compares the board and the phase alone (positional
//! superko). The marks count too, those that last one turn (and the last
//! move's fields) only where they change a legal move: see
//! `engine/repetition.rs` (issue 45).
//!
//! **Stable keys.** A board's key is the XOR of one key per piece
//! ([`State::pieces_key`](super::State::pieces_key)), each a fixed function of the piece and
//! where it stands (one step of SplitMix64 over its description), XORed with
//! a key of the phase made the same way: no table of random numbers, no
//! `std` hasher, so a key is the same on every platform and with every Rust
//! release, and a history written in a position's text reads back the same.
//!
//! **Sharing.** States are copied at every node of a search: the history is
//! a list shared between copies (an `Arc` per entry, newest first), so a copy
//! costs one reference count, not one key per ply.

use super::State;
use crate::piece::{Piece, Player};
pub use crate::ruleset::Compared;
use std::sync::Arc;

/// One position of the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    /// The board's and the phase's key (see the module's comment).
    pub board: u64,
    /// The player who made the decision that led here.
    pub mover: Player,
}

impl Key {
    fn matches(self, other: Key, compare: Compared) -> bool {
        self.board == other.board && (compare == Compared::Board || self.mover == other.mover)
    }
}

/// The positions of the game so far, newest first (empty where the rules
/// never ask). Copying it copies one pointer.
#[derive(Debug, Clone, Default)]
pub struct History(Option<Arc<Entry>>);

#[derive(Debug)]
struct Entry {
    key: Key,
    /// Entries from the first to this one.
    len: u32,
    prev: History,
}

impl Drop for Entry {
    /// Drops a long list one entry at a time (a recursive drop of 100,000
    /// entries would overflow the stack).
    fn drop(&mut self) {
        let mut next = self.prev.0.take();
        while let Some(entry) = next {
            match Arc::try_unwrap(entry) {
                Ok(mut e) => next = e.prev.0.take(),
                Err(_) => break,
            }
        }
    }
}

impl History {
    /// No history (none kept).
    pub(crate) const fn none() -> History {
        History(None)
    }

    /// A history of one position.
    pub(crate) fn start(key: Key) -> History {
        History::default().pushed(key)
    }

    /// A history of `keys`, oldest first.
    pub(crate) fn of(keys: impl IntoIterator<Item = Key>) -> History {
        keys.into_iter().fold(History::default(), History::pushed)
    }

    fn pushed(self, key: Key) -> History {
        let len = self.len() + 1;
        History(Some(Arc::new(Entry { key, len, prev: self })))
    }

    /// Whether positions are kept at all.
    #[inline]
    pub fn is_kept(&self) -> bool {
        self.0.is_some()
    }

    /// How many positions are kept.
    pub fn len(&self) -> u32 {
        self.0.as_ref().map_or(0, |e| e.len)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The keys, newest first.
    pub fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        std::iter::successors(self.0.as_deref(), |e| e.prev.0.as_deref()).map(|e| e.key)
    }

    /// How many of the last `within` positions (all where `within` is 0)
    /// match `key`, stopping once `enough` are found.
    pub(crate) fn count(&self, key: Key, within: u32, compare: Compared, enough: u32) -> u32 {
        let last = if within == 0 { usize::MAX } else { within as usize };
        let mut found = 0;
        for k in self.keys().take(last) {
            if k.matches(key, compare) {
                found += 1;
                if found >= enough {
                    break;
                }
            }
        }
        found
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) if Arc::ptr_eq(a, b) => true,
            _ => self.len() == other.len() && self.keys().eq(other.keys()),
        }
    }
}

impl Eq for History {}

/// One step of SplitMix64: a fixed, well-mixed function of `x`.
#[inline]
pub(crate) fn mix(x: u64) -> u64 {
    let mut x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Tags set in the high bits of what is mixed into the key of a phase or a
/// marked field: no piece's description (below bit 57) reads as one.
const PHASE_TAG: u64 = 0xA << 60;
/// (For the marks of fields, see [`State::marks_key`].)
pub(crate) const MARK_TAG: u64 = 0xB << 60;

impl State {
    /// The key of this position after a decision by `mover` (see the module's comment).
    pub(crate) fn repetition_key(&self, mover: Player) -> Key {
        let board = self.pieces_key() ^ self.marks_key() ^ mix(PHASE_TAG | u64::from(self.phase));
        Key { board, mover }
    }

    /// [`State::repetition_key`] with `piece` put on top of `field` besides
    /// (a placement's position foreseen: `engine/foresight.rs`).
    pub(crate) fn repetition_key_with(&self, mover: Player, field: crate::board::FieldId, piece: Piece) -> Key {
        let Key { board, mover } = self.repetition_key(mover);
        Key { board: board ^ super::keys::piece_key(field, self.height(field), piece), mover }
    }

    /// Adds the position after a decision to the history (where it is kept).
    #[inline]
    pub(crate) fn remember(&mut self, key: Key) {
        let history = self.history_mut();
        *history = std::mem::take(history).pushed(key);
    }

    /// The player before `p` in the turn order: who "moved" to make the
    /// position at the start of a game or a position's text.
    pub(crate) fn player_before(&self, p: Player) -> Player {
        if p == 0 { self.players - 1 } else { p - 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fixed_numbers() {
        // The keys are part of the file format (a position's history): they never change.
        assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(mix(PHASE_TAG), mix(0xA << 60));
    }

    #[test]
    fn a_history_counts_the_positions_within_its_window() {
        let k = |board, mover| Key { board, mover };
        let h = History::of([k(1, 0), k(2, 1), k(1, 1), k(3, 0)]);
        assert_eq!(h.len(), 4);
        assert_eq!(h.count(k(1, 0), 0, Compared::Position, u32::MAX), 1);
        assert_eq!(h.count(k(1, 0), 0, Compared::Board, u32::MAX), 2);
        assert_eq!(h.count(k(1, 1), 1, Compared::Board, u32::MAX), 0);
        assert_eq!(h.count(k(1, 1), 2, Compared::Board, u32::MAX), 1);
        assert_eq!(h.count(k(1, 0), 0, Compared::Board, 1), 1);
        assert_eq!(h.keys().next(), Some(k(3, 0)));
    }

    #[test]
    fn a_long_history_drops_without_overflowing_the_stack() {
        let h = History::of((0..1_000_000).map(|i| Key { board: i, mover: 0 }));
        let copy = h.clone();
        drop(h);
        assert_eq!(copy.len(), 1_000_000);
    }
}
