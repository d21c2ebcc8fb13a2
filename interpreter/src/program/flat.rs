//! State conditions lowered flat (issue 48): an end condition as the
//! compiler lowered it for one player, a short list of tests read in order
//! instead of a tree walked node by node.
//!
//! The tree ([`Cond`], read by `Game::eval`) stays the one home of what a
//! condition means: a flat test is made only of the common shapes (a piece
//! count, "no move", a piece of a kind in a zone, the phase, `All`/`Any`/`Not`
//! of those), with the player each names worked out for the player it is
//! lowered for, and anything else is kept as the tree itself
//! ([`Atom::Tree`]). Each atom is read by the function the tree's atom calls.
//! `Game::with_general_plans` drops the flat forms (`GamePlan::ends`), and
//! the tests play every shipped ruleset both ways.

use super::Cond;
use super::lines::LineMasks;
use crate::piece::Player;

/// A state condition lowered flat for one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Flat {
    /// One test.
    One(Term),
    /// Every term holds (read in order; the first that fails decides).
    All(Box<[Term]>),
    /// Some term holds (read in order; the first that holds decides).
    Any(Box<[Term]>),
}

/// An atom, or its negation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Term {
    pub atom: Atom,
    pub not: bool,
}

/// What a flat test reads: the players are those the condition named, seen
/// from the player it was lowered for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Atom {
    /// The game is in this phase (`Phase`).
    Phase(u8),
    /// The player to move has no move (`NoMoves`).
    NoMoves,
    /// The player has at least n pieces on the board (`OnBoard`).
    OnBoard(Player, u16),
    /// The player has no piece on the board nor in hand (`NoPieces`).
    NoPieces(Player),
    /// The player's hand is empty (`HandEmpty`).
    HandEmpty(Player),
    /// A piece of the player of one of the kinds tops a field of the board (`PieceOnBoard`).
    PieceOnBoard(Player, u32),
    /// ... of the player's version of the zone (`PieceIn`: player, kinds, zone).
    PieceIn(Player, u32, u8),
    /// [`Atom::PieceIn`] on a board of up to 64 fields: the zone's fields one word.
    PieceInWord(Player, u32, u64),
    /// At least n pieces of anyone on the player's version of the zone (`CountIn`: player, zone, n).
    CountIn(Player, u8, u16),
    /// The turn limit is reached (`LimitReached`).
    LimitReached,
    /// A counter's value in this slot compared (`Counter`, the slot of the player it names).
    Counter(u16, super::counters::CounterTest),
    /// A line through the last field moved to, by masks (`Cond::MovedLineMasks`).
    MovedLine(Box<LineMasks>),
    /// Any other condition: the tree, read by `Game::eval` for the player.
    Tree(Cond),
}

/// The game's end conditions lowered flat: per moment (after a move, at the
/// start of a turn) and per player the condition is about, the ends in
/// their order with their flat tests (the end's index in `Game::ends`).
#[derive(Debug, Clone, Default)]
pub(crate) struct FlatEnds {
    pub after_move: Vec<Box<[(u16, Flat)]>>,
    pub start_of_turn: Vec<Box<[(u16, Flat)]>>,
}
