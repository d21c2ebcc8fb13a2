//! The cost of a walk, worked out at check time. A walk's move search follows
//! every path that never uses a link twice, so its cost grows as
//! links^steps: harmless on a track or a small grid, minutes per move list on a
//! board where every field links to many others. The check runs the same
//! search as if every field might be passed (the worst case), except those
//! that the walk's `pass` refuses whatever the pieces (`pass: False`, a field
//! type it may not cross), which the search never goes on from either; it
//! starts only where a piece may stand, and counts the steps it takes,
//! stopping at the limit.

use crate::board::{Board, DirId, FieldId, NO_FIELD};
use crate::program::Cond;

/// The most search steps one walk may take from one field (at about 10 ns a
/// step, some 10 ms for one piece's moves).
pub(crate) const MAX_WALK_STEPS: u64 = 1_000_000;
/// The most search steps the check takes for all the walks of a ruleset from
/// all their start fields (about half a second): each start is checked, and
/// a long walk on a board of thousands of fields, in many rules, took minutes.
pub(crate) const MAX_CHECK_STEPS: u64 = 50_000_000;

/// The most search steps the walks of one rule may take for one list of
/// moves (a walk from each piece, or from each field it may enter by): one
/// walk within [`MAX_WALK_STEPS`] from 200 pieces took a second a move.
pub(crate) const MAX_LIST_STEPS: u64 = 20_000_000;

/// Why a walk is too costly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TooCostly {
    /// From one field, more than [`MAX_WALK_STEPS`].
    FromOneField,
    /// Checked from every field, with the ruleset's walks before it, more than [`MAX_CHECK_STEPS`].
    InAll,
    /// From all the starts of one list of moves, more than [`MAX_LIST_STEPS`].
    PerList,
}

/// What the check needs to know of the board's fields.
#[derive(Debug, Clone, Default)]
pub(crate) struct WalkFields {
    /// The steps a piece leaving each field moves (`steps` of its field type).
    pub steps: Vec<Option<u8>>,
    /// Whether a walk ending on each field goes on as far again.
    pub double: Vec<bool>,
    /// Each field's stack limit (0: no piece stands there, so none walks from there).
    pub limit: Vec<u8>,
    /// Each field's type.
    pub ftype: Vec<Option<u8>>,
    /// The largest value any chance device gives.
    pub longest_throw: u8,
    /// The steps the checks of the ruleset's walks have taken so far.
    pub checked: std::cell::Cell<u64>,
    /// The walks checked so far, by shape and length from each field, with
    /// their worst: a walk written again (by a template, in another phase)
    /// is not checked, nor counted, again.
    pub known: std::cell::RefCell<Vec<(WalkKey, u64)>>,
    /// The pieces of the setup, all players' (captures may bring them all to one): the walks one list of moves may search.
    pub pieces: u64,
}

/// What a walk's check depends on: its shape and its length from each field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WalkKey {
    dirs: Vec<DirId>,
    blocked: Vec<bool>,
    from_pieces: bool,
    turns: bool,
    double: bool,
    double_again: bool,
    lens: Vec<Option<u8>>,
}

/// One walk's shape.
pub(crate) struct WalkShape<'a> {
    pub dirs: &'a [DirId],
    pub turns: bool,
    pub double: bool,
    pub double_again: bool,
    /// Per field, whether the walk's `pass` refuses it whatever the pieces
    /// (see [`blocked_fields`]); empty: none is.
    pub blocked: Vec<bool>,
    /// Whether the walk starts where a piece stands (a walk, an exit), not
    /// anywhere (an entry, from the hand).
    pub from_pieces: bool,
}

impl WalkShape<'_> {
    fn blocked(&self, f: FieldId) -> bool {
        self.blocked.get(usize::from(f)).copied().unwrap_or(false)
    }
}

/// Per field, whether `pass` fails there in every position, for every
/// player: what the board alone decides (`False`, a field type, listed
/// fields, a test of what tops a field that takes no piece and so is always
/// empty). Unsure is passable: the bound stays a bound.
pub(crate) fn blocked_fields(board: &Board, fields: &WalkFields, pass: &Cond) -> Vec<bool> {
    board.fields().map(|f| static_value(pass, f, fields) == Some(false)).collect()
}

/// What `t` is on `f` in every position, where the board alone decides it.
fn static_value(t: &Cond, f: FieldId, fields: &WalkFields) -> Option<bool> {
    let i = usize::from(f);
    match t {
        Cond::True => Some(true),
        Cond::False => Some(false),
        Cond::Type(types) => {
            let ty = fields.ftype.get(i).copied().flatten();
            Some(ty.is_some_and(|ty| types.checked_shr(u32::from(ty)).is_some_and(|m| m & 1 != 0)))
        }
        Cond::Fields(set) => Some(set.contains(f)),
        // A field that takes no piece is always empty.
        Cond::Tops(mask) if fields.limit.get(i) == Some(&0) => Some(mask & Cond::EMPTY != 0),
        Cond::Tops(0) => Some(false),
        Cond::Tops(mask) if *mask == Cond::ALL => Some(true),
        Cond::Not(t) => static_value(t, f, fields).map(|v| !v),
        Cond::All(ts) | Cond::Any(ts) => t.decided_by_parts(ts, |t| static_value(t, f, fields)),
        _ => None,
    }
}

/// The most search steps the walk takes from any start field, each start
/// walking `len(start)` steps (`None`: no walk from there); an error when a
/// start takes more than [`MAX_WALK_STEPS`], or the checks of the ruleset's
/// walks more than [`MAX_CHECK_STEPS`] in all.
pub(crate) fn worst_walk(
    board: &Board,
    fields: &WalkFields,
    shape: &WalkShape,
    len: impl Fn(FieldId) -> Option<u8>,
) -> Result<u64, TooCostly> {
    let key = WalkKey {
        dirs: shape.dirs.to_vec(),
        blocked: shape.blocked.clone(),
        from_pieces: shape.from_pieces,
        turns: shape.turns,
        double: shape.double,
        double_again: shape.double_again,
        lens: board.fields().map(&len).collect(),
    };
    if let Some((_, worst)) = fields.known.borrow().iter().find(|(k, _)| *k == key) {
        return Ok(*worst);
    }
    let mut worst = 0;
    for start in board.fields() {
        let Some(n) = len(start).filter(|&n| n > 0) else { continue };
        // No piece stands where none may end, so none walks from there.
        if shape.from_pieces && fields.limit.get(usize::from(start)) == Some(&0) {
            continue;
        }
        let mut search = Search {
            board,
            fields,
            shape,
            n,
            used: vec![0; board.undirected_links().div_ceil(64)],
            depth: 0,
            count: 0,
        };
        if !search.go(start, n, None, Leg::First) {
            return Err(TooCostly::FromOneField);
        }
        worst = worst.max(search.count);
        fields.checked.set(fields.checked.get() + search.count);
        if fields.checked.get() > MAX_CHECK_STEPS {
            return Err(TooCostly::InAll);
        }
    }
    fields.known.borrow_mut().push((key, worst));
    Ok(worst)
}

/// The leg of a walk a search is on: the first, or one that a doubling field
/// sent on as far again (which doubles again only where the walk says so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Leg {
    First,
    Doubled,
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
    fn go(&mut self, at: FieldId, left: u8, last: Option<DirId>, leg: Leg) -> bool {
        self.count += 1;
        if self.count > MAX_WALK_STEPS {
            return false;
        }
        if left == 0 {
            let double = self.fields.double.get(usize::from(at)).copied().unwrap_or(false);
            let again = self.shape.double && double && (leg == Leg::First || self.shape.double_again);
            // The walk goes on over a doubling field it may pass, as the engine's does.
            return !(again && self.depth < 64 && !self.shape.blocked(at)) || self.go(at, self.n, last, Leg::Doubled);
        }
        for &d in self.shape.dirs {
            if !self.shape.turns && last.is_some_and(|l| l != d) {
                continue;
            }
            let next = self.board.neighbour(at, d);
            // A field passed over (not the last) must be passable, as in the engine's search.
            if next == NO_FIELD || (left > 1 && self.shape.blocked(next)) {
                continue;
            }
            let link = usize::from(self.board.link_id(at, d));
            let (word, bit) = (link / 64, 1u64 << (link % 64));
            if self.used[word] & bit != 0 {
                continue;
            }
            self.used[word] |= bit;
            self.depth += 1;
            let within = self.go(next, left - 1, Some(d), leg);
            self.depth -= 1;
            self.used[word] &= !bit;
            if !within {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_CHECK_STEPS, TooCostly, WalkFields, WalkShape, worst_walk};
    use crate::{Options, shipped};

    /// The checks of a ruleset's walks count their steps together: a walk
    /// checked once they are spent is refused; a walk written again is known
    /// from its first check and costs nothing.
    #[test]
    fn the_walks_of_a_ruleset_are_checked_within_one_count() {
        let game = shipped::game("seneti", &Options::new()).expect("compiles");
        let dirs: Vec<_> = ["N", "E", "S", "W"].iter().map(|d| game.board.dir(d).expect("a grid direction")).collect();
        let shape = WalkShape {
            dirs: &dirs,
            turns: true,
            double: false,
            double_again: false,
            blocked: Vec::new(),
            from_pieces: true,
        };
        let fields = WalkFields::default();
        let worst = worst_walk(&game.board, &fields, &shape, |_| Some(4)).expect("within");
        let spent = fields.checked.get();
        assert!(worst > 10 && spent > worst, "{worst} from one field, {spent} in all");
        // The same walk again is known: not checked, nor counted, again.
        assert_eq!(worst_walk(&game.board, &fields, &shape, |_| Some(4)), Ok(worst));
        assert_eq!(fields.checked.get(), spent);
        // Another walk, once the count is spent, is refused.
        fields.checked.set(MAX_CHECK_STEPS);
        assert_eq!(worst_walk(&game.board, &fields, &shape, |_| Some(3)), Err(TooCostly::InAll));
    }
}
