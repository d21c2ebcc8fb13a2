//! The limits every ruleset is held to, where more than one pass checks them.

/// Pieces in a game at most: pool counts stay far from overflowing.
pub(crate) const MAX_PIECES: u32 = 10_000;

/// The highest stack a field may hold: a mancala's 48 seeds may all end in
/// one pit. (A state keeps room for the highest stack on every field.)
pub(crate) const MAX_STACK: u8 = 64;
