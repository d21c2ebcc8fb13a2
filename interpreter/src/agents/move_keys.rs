//! Moves as numbers: a key per move, and lists of moves to test membership in.

use crate::moves::Move;

/// A list of moves to test membership in, by their keys. A node's legal
/// moves and the moves tried from it are compared at every visit: in games
/// with a hundred moves a position (tafl) comparing each with each cost a
/// sixth of the search, so a long list's keys are sorted and searched by
/// halves. The lists keep their order, and so the search its choices.
pub(super) struct Members<'k> {
    /// The moves' keys: in the list's order where it is short, else sorted.
    keys: &'k [u64],
}

impl<'k> Members<'k> {
    /// Up to this many moves, a scan is quicker than sorting.
    pub(super) const SCANNED: usize = 16;

    /// The members of `moves`; `keys` is scratch space.
    #[inline]
    pub(super) fn of(moves: impl Iterator<Item = Move>, keys: &'k mut Vec<u64>) -> Members<'k> {
        keys.clear();
        keys.extend(moves.map(key));
        if keys.len() > Self::SCANNED {
            keys.sort_unstable();
        }
        Members { keys }
    }

    #[inline]
    pub(super) fn contains(&self, m: Move) -> bool {
        if self.keys.len() > Self::SCANNED {
            self.keys.binary_search(&key(m)).is_ok()
        } else {
            self.keys.contains(&key(m))
        }
    }
}

/// A move as one number: equal moves have equal keys, and different moves different keys.
#[inline]
pub(super) fn key(m: Move) -> u64 {
    u64::from(m.action as u8)
        | u64::from(m.rule) << 8
        | u64::from(m.kind) << 16
        | u64::from(m.dir) << 24
        | u64::from(m.from) << 32
        | u64::from(m.to) << 48
}

#[cfg(test)]
mod tests {
    use super::{Members, key};
    use crate::moves::{Action, Move};

    /// Short lists are scanned and long ones searched by halves: either way a
    /// move is a member exactly when the list holds it, and moves differing in
    /// any one part have different keys.
    #[test]
    fn members_are_the_moves_of_the_list() {
        let all: Vec<Move> = (0..40u16)
            .map(|i| Move {
                action: Action::Board,
                rule: (i % 3) as u8,
                kind: 0,
                dir: (i % 5) as u8,
                from: i,
                to: 40 - i,
            })
            .chain([Move { action: Action::Place, ..Move::simple(Action::Pass) }, Move::simple(Action::Pass)])
            .collect();
        let keys: std::collections::HashSet<u64> = all.iter().map(|&m| key(m)).collect();
        assert_eq!(keys.len(), all.len(), "one key per move");
        for len in [0, 1, 5, Members::SCANNED, Members::SCANNED + 1, 30] {
            let list: Vec<Move> = all.iter().copied().rev().step_by(2).take(len).collect();
            let mut scratch = Vec::new();
            let members = Members::of(list.iter().copied(), &mut scratch);
            for &m in &all {
                assert_eq!(members.contains(m), list.contains(&m), "{m:?} in a list of {len}");
            }
        }
    }
}
