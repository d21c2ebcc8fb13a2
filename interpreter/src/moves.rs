//! Moves: `Move`, one decision or chance outcome, and its `Action`.

use crate::board::{FieldId, NO_FIELD};
use crate::piece::KindId;

/// One decision, or one chance outcome. Small and `Copy`; its text form comes
/// from [`crate::Game::move_text`] and is read back by [`crate::Game::parse_move`].
///
/// A move is made by the engine ([`crate::Game::legal_moves`], [`crate::Game::parse_move`]),
/// never put together by a caller: its parts are read, not written, so a move a
/// caller holds is one the engine made (as shakmaty's `Move` is):
///
/// ```compile_fail
/// let m = tabula::Move { action: tabula::Action::Pass, rule: 0, kind: 0, dir: 0, from: 0, to: 0 };
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) action: Action,
    /// The index of the move rule in its phase (0 for moves no rule makes).
    pub(crate) rule: u8,
    pub(crate) kind: KindId,
    /// The board direction the piece moved in, where the motion has one (else `NO_DIR`).
    pub(crate) dir: u8,
    pub(crate) from: FieldId,
    pub(crate) to: FieldId,
}

/// No direction.
pub const NO_DIR: u8 = u8::MAX;

/// In a board move's `kind` (issue 45): the kind the piece becomes, chosen
/// inside the move (a promotion's choice, `e7-e8=N`), is `CHOSEN | kind`.
pub(crate) const CHOSEN: KindId = 0x80;
// (Approach and withdrawal, issue 45: a capture run chosen inside a board
// move is numbered in the kind's bits `engine::run_choices::RUN_CHOICE`.)

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
    /// What the move does.
    pub fn action(&self) -> Action {
        self.action
    }

    /// The index of the move rule in its phase that made it (0 for moves no rule makes).
    pub fn rule(&self) -> u8 {
        self.rule
    }

    /// The kind of piece moved, put or lifted (0 where no piece moves).
    pub fn kind(&self) -> KindId {
        self.kind
    }

    /// The board direction the piece moved in, where the motion has one (else [`NO_DIR`]).
    pub fn dir(&self) -> u8 {
        self.dir
    }

    /// The field the piece leaves or the stack sown ([`NO_FIELD`] for a piece from the hand).
    pub fn from(&self) -> FieldId {
        self.from
    }

    /// The field the piece lands on, is put on, or the captured stack's; a chance
    /// outcome's index ([`NO_FIELD`] for a piece that leaves the board).
    pub fn to(&self) -> FieldId {
        self.to
    }

    pub(crate) fn simple(action: Action) -> Move {
        Move { action, rule: 0, kind: 0, dir: NO_DIR, from: NO_FIELD, to: NO_FIELD }
    }
}

/// Whether a list of legal moves is the pass alone: the player has no move.
#[inline]
pub(crate) fn only_a_pass(moves: &[Move]) -> bool {
    matches!(moves, [only] if only.action == Action::Pass)
}
