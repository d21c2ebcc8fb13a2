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
    /// Per attacker (as `toward`'s bits index them), where its rule's piece
    /// may land, by player: `lands[a][player * fields + field]` the mask
    /// over what tops the field (see `Cond::Tops`), `to` read as that
    /// player's (a mirrored zone as the player's fields). `None` where `to`
    /// reads more than what tops the field: the rule is asked in full.
    pub lands: Vec<Option<Vec<u8>>>,
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
