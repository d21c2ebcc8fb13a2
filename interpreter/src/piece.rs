//! Pieces: a kind, an owner and the piece's own state.

/// A piece kind's index in [`crate::Game::kinds`].
pub type KindId = u8;
/// A player's index, 0-based (player 1 is 0).
pub type Player = u8;

/// Players in a game at most (positions write a player as one digit).
pub const MAX_PLAYERS: usize = 8;

/// The owner of a piece of a neutral kind (a mancala's seeds): no player.
/// Such pieces count for nobody, top no player's fields, and are moved by
/// any player whose rule allows (see `PieceDef::neutral`).
pub const NOBODY: Player = MAX_PLAYERS as Player;

/// One piece. Small and `Copy`: stacks are arrays of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: KindId,
    pub owner: Player,
    /// Turned over (the closed face up, for pieces with two faces).
    pub flipped: bool,
    /// Orientation of a die piece (see [`crate::die`]).
    pub orient: u8,
    /// Marked: a piece placed by replacement, exempt until its owner has moved.
    pub mark: bool,
}

impl Piece {
    pub fn new(kind: KindId, owner: Player) -> Piece {
        Piece { kind, owner, flipped: false, orient: 0, mark: false }
    }
}

/// A compiled piece kind.
#[derive(Debug, Clone)]
pub struct Kind {
    pub name: String,
    pub letter: char,
    pub value: i32,
    /// Comes onto the board turned over.
    pub enters_flipped: bool,
    /// A die: `Some(left_handed)`.
    pub die: Option<bool>,
    /// Pieces of the kind belong to no player (their owner is [`NOBODY`]).
    pub neutral: bool,
    pub(crate) captured: Captured,
}

/// What happens to a captured piece of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Captured {
    Remove,
    ToHand,
    ToOwner,
    Convert {
        zone: u8,
        captor_chooses: bool,
    },
    /// Onto the first field of the captor's version of the zone (a store).
    Store {
        zone: u8,
    },
}
