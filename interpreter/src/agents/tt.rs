//! The transposition table of the alpha-beta search: a bounded table of
//! positions searched, by key, with their value, its bound, the depth it was
//! searched to and the best move found.

use crate::moves::Move;
use crate::state::State;
use std::hash::{Hash, Hasher};

/// What a stored value says about the position's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search was cut off above).
    Lower,
    /// At most the value (no move reached the window).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) value: i32,
    pub(super) depth: u8,
    pub(super) bound: Bound,
    pub(super) best: Option<Move>,
}

/// Buckets of two entries: the first keeps the deepest search of the
/// positions that fall in the bucket (depth-preferred), the second the
/// latest (always replaced). A search fills a table of fixed size: memory is
/// bounded whatever the budget.
pub(super) struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` buckets (two entries each).
    pub(super) fn new(bits: u32) -> Table {
        Table { slots: vec![None; 2 << bits], mask: (1 << bits) - 1 }
    }

    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = None);
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let at = 2 * (key as usize & self.mask);
        self.slots[at..at + 2].iter().flatten().find(|e| e.key == key).copied()
    }

    pub(super) fn store(&mut self, entry: Entry) {
        let at = 2 * (entry.key as usize & self.mask);
        let deep = &mut self.slots[at];
        match deep {
            Some(e) if e.key != entry.key && e.depth > entry.depth => self.slots[at + 1] = Some(entry),
            _ => {
                // The same position searched again, or deeper: it takes the first
                // entry; the second keeps another position only.
                if self.slots[at + 1].is_some_and(|e| e.key == entry.key) {
                    self.slots[at + 1] = None;
                }
                self.slots[at] = Some(entry);
            }
        }
    }
}

/// The key of a position for the table: [`State::position_hash`] (the game
/// state for the rules, but the ply and the counters) with the counters and,
/// where a turn limit reads it (`max_plies`), the ply. The history of
/// positions (`Repeated`) is not in it: where a state keeps one, the search
/// takes only the best move from the table, never a value (see
/// [`super::alphabeta`]).
pub(super) fn key(s: &State, ply_matters: bool) -> u64 {
    let mut key = s.position_hash();
    if !s.counters().is_empty() {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.counters().hash(&mut h);
        key ^= mix(h.finish());
    }
    if ply_matters {
        key ^= mix(u64::from(s.ply()) ^ 0x9e37_79b9_7f4a_7c15);
    }
    key
}

/// One step of splitmix64.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::{Bound, Entry, Table};

    fn entry(key: u64, depth: u8) -> Entry {
        Entry { key, value: i32::from(depth), depth, bound: Bound::Exact, best: None }
    }

    /// A bucket keeps the deepest entry and the latest; a position stored
    /// again replaces its own entry, never another's.
    #[test]
    fn the_table_keeps_the_deepest_and_the_latest() {
        let mut t = Table::new(2);
        t.store(entry(1, 5));
        t.store(entry(5, 2)); // same bucket (1 & 3 == 5 & 3)
        t.store(entry(9, 1));
        assert_eq!(t.probe(1).map(|e| e.depth), Some(5));
        assert!(t.probe(5).is_none());
        assert_eq!(t.probe(9).map(|e| e.depth), Some(1));
        t.store(entry(9, 7));
        assert_eq!(t.probe(9).map(|e| e.depth), Some(7));
        assert_eq!(t.slots.iter().flatten().filter(|e| e.key == 9).count(), 1);
        t.clear();
        assert!(t.probe(9).is_none());
    }
}
