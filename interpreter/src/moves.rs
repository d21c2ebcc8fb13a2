//! Moves: `Move`, one decision or chance outcome, and its `Action`.

use crate::board::{FieldId, NO_FIELD};
use crate::piece::KindId;

/// One decision, or one chance outcome. Small and `Copy`; its text form comes
/// from [`crate::Game::move_text`] and is read back by [`crate::Game::parse_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub action: Action,
    /// The index of the move rule in its phase (0 for moves no rule makes).
    pub rule: u8,
    pub kind: KindId,
    /// The board direction the piece moved in, where the motion has one (else `NO_DIR`).
    pub dir: u8,
    pub from: FieldId,
    pub to: FieldId,
}

/// No direction.
pub const NO_DIR: u8 = u8::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves from one field to another (step, leap, slide).
    Board,
    /// A piece comes from the hand onto `to`.
    Place,
    /// A piece goes from `from` back to the hand.
    Lift,
    /// A piece leaves the board from `from` (bearing off, exiting).
    Exit,
    /// The stack on `from` is sown; the last piece drops on `to`.
    Sow,
    /// A piece due to be placed (a converted captive, a new die) is placed on `to`.
    PlacePending,
    /// The mover captures the stack on `to`, of their choice (`CaptureChosen`).
    Capture,
    /// The player declines an optional placement.
    Skip,
    /// Nothing can move: the turn passes.
    Pass,
    /// The player ends a turn that could go on.
    Stop,
    /// A chance outcome; `to` is its index.
    Chance,
}

impl Move {
    pub(crate) fn simple(action: Action) -> Move {
        Move { action, rule: 0, kind: 0, dir: NO_DIR, from: NO_FIELD, to: NO_FIELD }
    }
}
