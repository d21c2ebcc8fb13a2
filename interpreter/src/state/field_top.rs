//! A field's part of a [`State`](super::State): its height and what tops it.

use super::TOP_CLASS;
use crate::piece::{KindId, Piece, Player};

/// A field's part of a [`State`](super::State): read together, so kept together (four
/// bytes: a field's is one load scaled by the field, not a multiplication).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(align(4))]
pub(crate) struct FieldTop {
    /// How many pieces are on the field.
    pub height: u8,
    /// What tops it: 0 nothing, else 1 + 2 * the owner + 1 if the piece is
    /// turned over. Kept with `topped`; see [`State::top_class`](super::State::top_class).
    pub code: u8,
    /// The kind of the piece on top (0 where there is none): one read where
    /// the tight loops ask each piece's kind (the top piece itself is a
    /// multiplication and two bounds checks away).
    pub kind: KindId,
}

impl FieldTop {
    /// [`State::top_class`](super::State::top_class) of the field.
    #[inline(always)]
    pub(super) fn class(self, player: Player) -> u8 {
        TOP_CLASS[(usize::from(player) << 5 | usize::from(self.code)) & 0xff]
    }
}

/// [`FieldTop::code`] of a field that `p` tops.
#[inline]
pub(super) fn top_code(p: Piece) -> u8 {
    1 + 2 * p.owner + u8::from(p.flipped)
}
