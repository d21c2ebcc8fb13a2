//! Walks: a step's reach, a walk's links and the paths worked out before play.

use super::*;

/// Per field, the fields a motion reaches from it in one move, each with the
/// direction taken ([`crate::moves::NO_DIR`] for none): worked out once from the
/// board, and kept in one flat table; on a board of up to 64 fields, also in
/// rows of one width ([`Reach::row`]).
#[derive(Debug, Clone)]
pub(crate) struct Reach {
    /// `to[start[f]..start[f + 1]]` are the targets from field `f`.
    start: Vec<u32>,
    to: Vec<(FieldId, DirId)>,
    /// Every field's targets, then the field itself again: `width` entries
    /// a field (the most targets of any field, 1 to 4, or 8 for 5 to 8; 0:
    /// no rows), so that a loop over a field's row has no end to predict.
    width: u8,
    rows: Vec<(FieldId, DirId)>,
}

impl Reach {
    /// The table of the targets `targets(f)` of every field `f` of `board`.
    pub(crate) fn new<I: IntoIterator<Item = (FieldId, DirId)>>(
        board: &crate::board::Board,
        targets: impl Fn(FieldId) -> I,
    ) -> Reach {
        let mut reach = Reach { start: vec![0], to: Vec::new(), width: 0, rows: Vec::new() };
        for f in board.fields() {
            reach.to.extend(targets(f));
            reach.start.push(reach.to.len() as u32);
        }
        let most = reach.start.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        // (The widths `Listing::by_rows` is written for.)
        let width = match most {
            1..=4 => most as usize,
            5..=8 => 8,
            _ => 0,
        };
        if board.len() <= 64 && width > 0 {
            let rows = board.fields().flat_map(|f| {
                let own = reach.from(f);
                own.iter().copied().chain(std::iter::repeat_n((f, 0), width - own.len()))
            });
            (reach.width, reach.rows) = (width as u8, rows.collect());
        }
        reach
    }

    #[inline]
    pub(crate) fn from(&self, field: FieldId) -> &[(FieldId, DirId)] {
        let f = usize::from(field);
        &self.to[self.start[f] as usize..self.start[f + 1] as usize]
    }

    /// How many entries a field's row has ([`Reach::row`]), 0 where there are none.
    #[inline]
    pub(crate) fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The row of `W` entries ([`Reach::width`]) of `field`: its targets,
    /// then itself as often as it has fewer.
    #[inline]
    pub(crate) fn row<const W: usize>(&self, field: FieldId) -> Option<&[(FieldId, DirId); W]> {
        debug_assert_eq!(W, self.width());
        let start = usize::from(field) * W;
        self.rows.get(start..start + W)?.try_into().ok()
    }
}

/// How a walk goes: along which links, turning or not, over what.
#[derive(Debug, Clone)]
pub(crate) struct Walk {
    pub dirs: Vec<DirId>,
    pub turns: bool,
    pub pass: Cond,
    pub double_again: bool,
    /// A board walk may end on the field it started from.
    pub returns: bool,
}

/// The paths of a walk from every field, for every number of steps up to
/// `most`, with and without doubling. The fields a path passes over are not
/// known before play (they must be passable then), so each path keeps them
/// as a mask: at play a walk is a scan of its paths, each a test of two
/// masks, instead of a search. Which ends are reached is all a scan tells
/// (a walk's moves are listed in the field order of their ends), so a path
/// another to the same end makes needless is not kept; in an exit's table,
/// which tells only whether any path is open, one that any other makes
/// needless (see `compile::walk_paths`). For boards of up to 64 fields.
/// `blocks` are made from `index` and `paths` last ([`WalkPaths::with_blocks`]):
/// a table is not changed after that.
/// Whether a walk that ends on a doubling field goes on as far again (see
/// [`Walk::double_again`]): a walk does, an exit's walk to the edge does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Doubling {
    Once,
    Doubles,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct WalkPaths {
    /// The paths of (start, steps, double) are `paths[index[k]..index[k + 1]]`,
    /// `k = (start * (most + 1) + steps) * 2 + double` ([`WalkPaths::key`]).
    pub index: Vec<u32>,
    pub paths: Vec<PathEnd>,
    pub most: u8,
    /// The same lists four paths to a block, on a board of up to 32 fields
    /// (see [`WalkPaths::with_blocks`]); a scan reads these where they are.
    pub blocks: Option<PathBlocks>,
}

/// Four paths side by side, on a board of up to 32 fields: what tops a field
/// in one lane each, so that one SIMD AND, compare and AND test four paths
/// for where they are open and what they reach (SSE2, which every x86-64
/// has; NEON on aarch64; through the `wide` crate, so no unsafe code here).
/// A lane no path fills reads no field and needs one: it is never open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct PathBlock {
    care: [u32; 4],
    need: [u32; 4],
    ends: [u32; 4],
}

/// [`WalkPaths`]' lists as blocks: list `k` is `blocks[index[k]..index[k + 1]]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PathBlocks {
    index: Vec<u32>,
    blocks: Vec<PathBlock>,
}

impl PathBlocks {
    /// The ends of the open paths of list `k` where `pass` says the walk may pass.
    #[inline]
    fn ends(&self, k: usize, pass: u32) -> u32 {
        use wide::u32x4;
        let (Some(&from), Some(&to)) = (self.index.get(k), self.index.get(k + 1)) else { return 0 };
        let blocks = self.blocks.get(from as usize..to as usize).unwrap_or(&[]);
        let pass = u32x4::splat(pass);
        let reached = blocks.iter().fold(u32x4::ZERO, |reached, b| {
            let open = (pass & u32x4::from(b.care)).cmp_eq(u32x4::from(b.need));
            reached | (open & u32x4::from(b.ends))
        });
        reached.to_array().iter().fold(0, |w, lane| w | lane)
    }
}

/// What the board alone says of the fields of a walk, whatever the pieces
/// (see `Game::known_of_walk`): where it may always pass, where never, and
/// where it can end to no purpose (a field that takes no piece, for a walk
/// whose end must be landed on). A walk's paths are kept without the fields
/// they are sure of, and not at all where they can never be open or lead
/// anywhere; so where the board has no say, they are as the search finds them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Known {
    pub pass: u64,
    pub block: u64,
    pub dead: u64,
}

/// A rule that walks along paths worked out before play (see [`Rule::walk_by_paths`]).
pub(crate) struct WalkByPaths<'r> {
    pub walk: &'r Walk,
    pub steps: Distance,
    /// The walk's paths, or for an exit the paths to where a piece may leave.
    pub paths: &'r WalkPaths,
    pub exit: bool,
    /// The masks over what tops a field of the walk's `pass` and the rule's `from`.
    pub pass: u8,
    pub from: u8,
    /// Per field, the list of paths a piece starting there scans (see
    /// [`MotionPlan::WalkPaths`]); empty before the plan is chosen.
    pub lists: &'r [u32],
}

/// One path of a walk: it ends on `end` if every field of `need` is passable
/// and none of `need_not` is (a doubling field where the walk stops instead).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PathEnd {
    need: u64,
    /// The fields the path's test reads: those of `need`, and those of `need_not`.
    care: u64,
    pub end: FieldId,
}

impl PathEnd {
    /// The path to `end` open where the fields of `need` are passable and
    /// those of `need_not` are not; `None` where a field is in both (such a
    /// path is never open).
    pub(crate) fn new(need: u64, need_not: u64, end: FieldId) -> Option<PathEnd> {
        (need & need_not == 0).then_some(PathEnd { need, care: need | need_not, end })
    }

    /// The fields that must be passable.
    pub(crate) fn need(&self) -> u64 {
        self.need
    }

    /// The fields that must not be passable.
    pub(crate) fn need_not(&self) -> u64 {
        self.care & !self.need
    }

    /// The same path with the fields of `more` to be passable too.
    pub(crate) fn needing(self, more: u64) -> Option<PathEnd> {
        PathEnd::new(self.need | more, self.need_not(), self.end)
    }

    /// Whether the path is open where `pass` (a board's one word) says the walk may pass.
    #[inline(always)]
    pub(crate) fn open(&self, pass: u64) -> bool {
        // Of the fields it reads, those it needs pass and no others:
        // one test, without a branch (see `path_ends`).
        pass & self.care == self.need
    }
}

impl WalkPaths {
    /// A table with no list yet, for walks of up to `most` steps.
    pub(crate) fn new(most: u8) -> WalkPaths {
        WalkPaths { index: vec![0], paths: Vec::new(), most, blocks: None }
    }

    /// The paths of a walk of `steps` from `start`, if worked out.
    #[inline]
    pub(crate) fn of(&self, start: FieldId, steps: u8, double: Doubling) -> Option<&[PathEnd]> {
        self.list(self.key(start, steps, double)?)
    }

    /// The number of the list of a walk of `steps` from `start`, if worked out.
    #[inline]
    pub(crate) fn key(&self, start: FieldId, steps: u8, double: Doubling) -> Option<usize> {
        let k = (usize::from(start) * (usize::from(self.most) + 1) + usize::from(steps)) * 2
            + usize::from(double == Doubling::Doubles);
        (steps <= self.most && k + 1 < self.index.len()).then_some(k)
    }

    /// List `k` ([`WalkPaths::key`], [`MotionPlan::WalkPaths`]).
    #[inline]
    pub(crate) fn list(&self, k: usize) -> Option<&[PathEnd]> {
        let (from, to) = (*self.index.get(k)?, *self.index.get(k + 1)?);
        self.paths.get(from as usize..to as usize)
    }

    /// The ends of the open paths of list `k` where `pass` (a board's one
    /// word) says the walk may pass, as a word. Without a branch on whether a
    /// path is open, which is as good as random where there are many (a
    /// mispredicted branch costs some 15 cycles): which ends are reached is
    /// all a walk's moves need (they are listed in the field order of their ends).
    #[inline]
    pub(crate) fn ends(&self, k: usize, pass: u64) -> u64 {
        match &self.blocks {
            // (On a board of up to 32 fields the word's high half is empty.)
            Some(blocks) => u64::from(blocks.ends(k, pass as u32)),
            None => path_ends(self.list(k).unwrap_or(&[]), pass),
        }
    }

    /// The table with its lists as blocks too, where the board has at most 32 fields.
    pub(crate) fn with_blocks(mut self, fields: usize) -> WalkPaths {
        if fields > 32 {
            return self;
        }
        let mut blocks = PathBlocks { index: vec![0], blocks: Vec::new() };
        for k in 0..self.index.len() - 1 {
            for four in self.list(k).unwrap_or(&[]).chunks(4) {
                // (The masks fit in 32 bits: the board does.)
                let lane =
                    |i: usize, part: fn(&PathEnd) -> u64, none: u32| four.get(i).map_or(none, |p| part(p) as u32);
                blocks.blocks.push(PathBlock {
                    care: std::array::from_fn(|i| lane(i, |p| p.care, 0)),
                    need: std::array::from_fn(|i| lane(i, |p| p.need, 1)),
                    ends: std::array::from_fn(|i| lane(i, |p| 1 << p.end, 0)),
                });
            }
            blocks.index.push(blocks.blocks.len() as u32);
        }
        self.blocks = Some(blocks);
        self
    }
}

/// The ends of the paths of `paths` open where `pass` (a board's one word)
/// says, as a word (see [`WalkPaths::ends`]).
#[inline]
pub(crate) fn path_ends(paths: &[PathEnd], pass: u64) -> u64 {
    paths.iter().fold(0, |ends, p| ends | u64::from(p.open(pass)) << p.end)
}
