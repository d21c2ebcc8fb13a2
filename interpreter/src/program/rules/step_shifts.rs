//! Steps counted, not listed (issue 48): where every move of a phase steps
//! a piece by bits ([`RulesLoop::ByBits`](super::RulesLoop)) and each of its
//! rules' directions moves every piece by the same distance in the board's
//! numbering (a grid numbered row by row: a step north-east is seven fields
//! on, from every field that has a field north-east), the fields a rule's
//! pieces may step from in a direction are a few operations on words, their
//! number a count of bits, and the n-th move found without listing the
//! others. Random play draws so (`engine/counted_steps.rs`); the moves and
//! their order are those the loop by bits lists.

use super::LandingBits;
use crate::board::DirId;

/// A phase's steps by shifts, per player (see the module's comment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StepShifts {
    pub by_player: Vec<PlayerShifts>,
}

impl StepShifts {
    /// The most directions a player's rules may have in all, and the most
    /// rules: the words and totals a count holds. (Arrays of this size, read
    /// by index, not slices: their bounds and iterators were a third of a
    /// ply's instructions in Fox and Hounds.)
    pub(crate) const MOST: usize = 8;
}

/// A player's ordinary rules, in the phase's order, and their directions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayerShifts {
    pub rules: Vec<ShiftedRule>,
    /// The rules' directions, rule after rule (see [`ShiftedRule::first`]).
    pub shifts: [Shift; StepShifts::MOST],
}

/// A rule whose every step moves by a shift.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShiftedRule {
    pub rule: u8,
    /// The kinds it moves (bits).
    pub kinds: u32,
    /// Where it may land.
    pub landing: LandingBits,
    /// Its directions, in the order its moves from a field are made: the
    /// player's shifts `first..first + dirs`.
    pub first: u8,
    pub dirs: u8,
}

impl ShiftedRule {
    /// The indices of its directions among the player's shifts.
    #[inline(always)]
    pub(crate) fn dir_range(&self) -> std::ops::Range<usize> {
        usize::from(self.first)..usize::from(self.first) + usize::from(self.dirs)
    }
}

/// One direction of a [`ShiftedRule`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shift {
    pub dir: DirId,
    /// How far on in the numbering a step this way lands (back where negative).
    pub by: i8,
    /// `by` as two shifts of a word of fields back to where steps start:
    /// right by `on` where it is positive, left by `back` where negative.
    pub on: u8,
    pub back: u8,
    /// The fields that have a field this way: where a step may start.
    pub from: u64,
}

impl Shift {
    /// The fields from which a step this way lands on one of `to`.
    #[inline(always)]
    pub(crate) fn starts_onto(&self, to: u64) -> u64 {
        // (Two shifts, one of them by 0: no branch on the sign.)
        (to >> self.on) << self.back & self.from
    }

    /// No shift: the filler of a player's unused directions.
    pub(crate) const NONE: Shift = Shift { dir: 0, by: 0, on: 0, back: 0, from: 0 };

    /// A shift of `by` fields on, from no field yet.
    pub(crate) fn new(dir: DirId, by: i8) -> Shift {
        Shift { dir, by, on: by.max(0) as u8, back: (-by).max(0) as u8, from: 0 }
    }

    /// Where a step this way from `from` lands.
    #[inline(always)]
    pub(crate) fn to(&self, from: u16) -> u16 {
        from.wrapping_add_signed(i16::from(self.by))
    }
}
