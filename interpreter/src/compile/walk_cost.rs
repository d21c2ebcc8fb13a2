//! The cost of a walk, worked out at check time. A walk's move search follows
//! every path that never uses a link twice, so its cost grows as
//! links^steps: harmless on a track or a small grid, minutes per move list on a
//! board where every field links to many others. The check runs the same
//! search on the empty board (where every field may be passed, the worst
//! case) and counts the steps it takes, stopping at the limit.

use crate::board::{Board, DirId, FieldId, NO_FIELD};

/// The most search steps one walk may take from one field (at about 10 ns a
/// step, some 10 ms for one piece's moves).
pub(crate) const MAX_WALK_STEPS: u64 = 1_000_000;

/// What the check needs to know of the board's fields.
#[derive(Debug, Clone, Default)]
pub(crate) struct WalkFields {
    /// The steps a piece leaving each field moves (`steps` of its field type).
    pub steps: Vec<Option<u8>>,
    /// Whether a walk ending on each field goes on as far again.
    pub double: Vec<bool>,
    /// The largest value any chance device gives.
    pub longest_throw: u8,
}

/// One walk's shape.
pub(crate) struct WalkShape<'a> {
    pub dirs: &'a [DirId],
    pub turns: bool,
    pub double: bool,
    pub double_again: bool,
}

/// The most search steps the walk takes from any start field, each start
/// walking `len(start)` steps (`None`: no walk from there); `None` when a
/// start takes more than [`MAX_WALK_STEPS`].
pub(crate) fn worst_walk(
    board: &Board,
    fields: &WalkFields,
    shape: &WalkShape,
    len: impl Fn(FieldId) -> Option<u8>,
) -> Option<u64> {
    let mut worst = 0;
    for start in board.fields() {
        let Some(n) = len(start).filter(|&n| n > 0) else { continue };
        let mut search = Search {
            board,
            fields,
            shape,
            n,
            used: vec![0; board.undirected_links().div_ceil(64)],
            depth: 0,
            count: 0,
        };
        if !search.go(start, n, None, false) {
            return None;
        }
        worst = worst.max(search.count);
    }
    Some(worst)
}

/// The engine's walk search without a position: every field passable.
struct Search<'a> {
    board: &'a Board,
    fields: &'a WalkFields,
    shape: &'a WalkShape<'a>,
    n: u8,
    used: Vec<u64>,
    depth: usize,
    count: u64,
}

impl Search<'_> {
    /// False once the count passes the limit.
    fn go(&mut self, at: FieldId, left: u8, last: Option<DirId>, doubled: bool) -> bool {
        self.count += 1;
        if self.count > MAX_WALK_STEPS {
            return false;
        }
        if left == 0 {
            let double = self.fields.double.get(usize::from(at)).copied().unwrap_or(false);
            let again = self.shape.double && double && (!doubled || self.shape.double_again);
            return !(again && self.depth < 64) || self.go(at, self.n, last, true);
        }
        for &d in self.shape.dirs {
            if !self.shape.turns && last.is_some_and(|l| l != d) {
                continue;
            }
            let next = self.board.neighbour(at, d);
            if next == NO_FIELD {
                continue;
            }
            let link = usize::from(self.board.link_id(at, d));
            let (word, bit) = (link / 64, 1u64 << (link % 64));
            if self.used[word] & bit != 0 {
                continue;
            }
            self.used[word] |= bit;
            self.depth += 1;
            let within = self.go(next, left - 1, Some(d), doubled);
            self.depth -= 1;
            self.used[word] &= !bit;
            if !within {
                return false;
            }
        }
        true
    }
}
