//! Attack and royal pieces (issue 45): what the compiler works out once so
//! that "is this field attacked" is a look from the field outward along each
//! capturing motion reversed, never a list of the attacker's moves.

use crate::board::FieldId;
use crate::program::rules::Reach;

/// The game's attack tables (empty where no rule captures on landing or by jumping).
#[derive(Debug, Clone, Default)]
pub(crate) struct Attacks {
    /// The royal kinds (a bit set): `RoyalAttacked` looks for the mover's pieces of these.
    pub royal: u32,
    /// Per phase, the rules whose moves capture on a field, each reversed.
    pub phases: Vec<Vec<Attacker>>,
    /// Per field and direction (`field * dirs + dir`), the field whose link in
    /// that direction leads to it (`NO_FIELD`: none); only where that field is
    /// one (`unique`), else empty.
    pub back: Vec<FieldId>,
    pub dirs: usize,
    /// Per phase, where its royal filter (`RequireAfter(cond: Not(RoyalAttacked))`)
    /// may be decided from the royal pieces' checkers and pins, worked out once
    /// a ply (`engine/royal_safety.rs`); `None` (or no entry): every move is
    /// played and tested. `Game::with_general_plans` empties it.
    pub safety: Vec<Option<RoyalSafety>>,
}

/// What the royal filter's fast path reads of a phase (`engine/royal_safety.rs`):
/// made only where every capturing rule of the phase attacks by a step, a
/// leap or a slide whose tests read nothing a plain move of the mover can
/// change but the fields it leaves and lands on (see `compile/attacks.rs`).
#[derive(Debug, Clone)]
pub(crate) struct RoyalSafety {
    /// Per rule of the phase: whether its moves are plain for the filter:
    /// the piece goes from its field to the landing, capturing only there,
    /// moving no second piece and becoming no royal piece.
    pub plain: Vec<bool>,
    /// The directions some slide attacks along, each with its slides.
    pub dirs: Vec<SlideDir>,
    /// Per field, the fields a step or leap attacks it from, each once, with
    /// the kinds that attack so from there and the attackers (bits of indices
    /// into `Attacks::phases`'s): a field whose piece is of none of the kinds
    /// is passed without a look at the rules.
    pub toward: Vec<Vec<Toward>>,
    /// Per field, the fields of its `toward` list as a mask (fields 0 to 63;
    /// all of them where the list has a field past those), so that a list
    /// with no enemy piece on its fields is passed at once.
    pub toward_fields: Vec<u64>,
    /// Per attacker (as `toward`'s bits index them), where its rule's piece
    /// may land, by player: `lands[a][player * fields + field]` the mask
    /// over what tops the field (see `Cond::Tops`), `to` read as that
    /// player's (a mirrored zone as the player's fields). `None` where `to`
    /// reads more than what tops the field: the rule is asked in full.
    pub lands: Vec<Option<Vec<u8>>>,
    /// Per field and slide direction (`field * dirs.len() + i`, `i` indexing
    /// `dirs`), the fields back along the direction as a [`Ray`], where the
    /// board's occupancy is one word (`Game::occupancy_is_one_word`) and
    /// they come in rising or falling field order; `None` there, and empty
    /// on other boards: the scan walks the links.
    pub rays: Vec<Option<Ray>>,
}

/// The fields back along a slide direction from a field, in rising or
/// falling field order, so that the nearest piece on them is a bit scan of
/// the occupied fields (issue 48: slides by shifts), not a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ray {
    pub fields: u64,
    /// Whether the fields rise in number away from the field.
    pub rising: bool,
}

impl Ray {
    /// The nearest of `occupied`'s fields on the ray, and its distance (the
    /// fields from the ray's start to it, it included); `(NO_FIELD, 0)`: none.
    #[inline(always)]
    pub fn nearest(self, occupied: u64) -> (FieldId, u8) {
        let on = self.fields & occupied;
        if on == 0 {
            return (crate::board::NO_FIELD, 0);
        }
        let at = if self.rising { on.trailing_zeros() } else { 63 - on.leading_zeros() };
        let upto = if self.rising { self.fields & (u64::MAX >> (63 - at)) } else { self.fields & (u64::MAX << at) };
        (at as FieldId, upto.count_ones() as u8)
    }

    /// The nearest piece of `occupied` on the ray, and the one after it
    /// where `mine` says the first is the mover's (see `scan_royal`).
    #[inline(always)]
    pub fn first_two(self, occupied: u64, mine: impl Fn(FieldId) -> bool) -> ((FieldId, u8), (FieldId, u8)) {
        let first = self.nearest(occupied);
        if first.0 == crate::board::NO_FIELD || !mine(first.0) {
            return (first, (crate::board::NO_FIELD, 0));
        }
        (first, self.nearest(occupied & !(1u64 << first.0)))
    }
}

/// A field a step or leap attacks a field from (`RoyalSafety::toward`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Toward {
    pub from: FieldId,
    pub kinds: u32,
    pub attackers: u64,
}

/// A direction some slides of a phase attack along (`RoyalSafety::dirs`).
#[derive(Debug, Clone)]
pub(crate) struct SlideDir {
    pub dir: u8,
    /// The attackers (indices into `Attacks::phases`'s) that slide along it.
    pub attackers: Vec<u8>,
    /// The kinds they move (a bit set).
    pub kinds: u32,
}

/// A rule whose moves capture, and how its motion runs backwards.
#[derive(Debug, Clone)]
pub(crate) struct Attacker {
    /// The rule's index in its phase.
    pub rule: u8,
    pub by: Reversed,
}

/// A capturing motion run backwards from the field attacked.
#[derive(Debug, Clone)]
pub(crate) enum Reversed {
    /// A step or leap: per field, the fields (with the direction) whose move reaches it.
    Table(Reach),
    /// A slide (its directions and `pass` read from the rule): back along each
    /// direction over empty fields to the first piece.
    Slide,
    /// A jump (not flying): the field attacked is the one jumped over.
    Jump,
    /// A slide or flying jump on a board where a field is reached along one
    /// direction from two fields: each of the attacker's pieces looked at forwards.
    Forward,
}

impl Attacks {
    /// The field whose link along `dir` leads to `field` (`NO_FIELD`: none).
    #[inline]
    pub(crate) fn back(&self, field: FieldId, dir: u8) -> FieldId {
        self.back[usize::from(field) * self.dirs + usize::from(dir)]
    }
}
