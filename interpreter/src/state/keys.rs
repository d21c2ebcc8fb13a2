//! The pieces' key (Zobrist hashing): the XOR of one fixed key per piece,
//! which the repetition rules, a search's table and a turn's search compare
//! positions by. It is kept up to date move by move only where the game
//! reads it during play (`Game::keys_kept`: a history of positions, a turn
//! filter that searches a turn's positions): elsewhere every piece put down
//! or taken up would mix a key no rule reads (in Fox and Hounds a tenth of
//! a random playout's instructions). A state that does not keep it works it
//! out from the stacks when asked; a search that asks at every node keeps
//! it from its root on ([`State::with_keys`]).

use super::{State, history};
use crate::board::FieldId;
use crate::piece::Piece;
use std::borrow::Cow;

/// The key of `piece` at height `index` (0 at the bottom) of `field`: its
/// description mixed into a random-looking number (one step of splitmix64),
/// which needs no table of keys.
#[inline]
pub(super) fn piece_key(field: FieldId, index: u8, piece: Piece) -> u64 {
    let Piece { kind, owner, flipped, orient, mark } = piece;
    let x = u64::from(field)
        | u64::from(index) << 16
        | u64::from(kind) << 24
        | u64::from(owner) << 32
        | u64::from(flipped) << 40
        | u64::from(orient) << 41
        | u64::from(mark) << 49;
    history::mix(x) // (its added constant keeps every piece's key from 0)
}

impl State {
    /// The key of the pieces on the board: the XOR of [`piece_key`] over every piece.
    #[inline]
    pub(crate) fn pieces_key(&self) -> u64 {
        if self.keyed { self.zobrist } else { self.pieces_key_worked_out() }
    }

    fn pieces_key_worked_out(&self) -> u64 {
        self.board_fields().fold(0, |key, f| key ^ self.stack_key(f))
    }

    /// The XOR of the keys of the pieces on `field`.
    pub(super) fn stack_key(&self, field: FieldId) -> u64 {
        self.stack(field).iter().zip(0..).fold(0, |key, (&p, i)| key ^ piece_key(field, i, p))
    }

    /// Mixes `key()` into the kept key, where it is kept (a change of a stack).
    #[inline(always)]
    pub(super) fn rekey(&mut self, key: impl FnOnce(&State) -> u64) {
        if self.keyed {
            self.zobrist ^= key(self);
        }
    }

    /// Keeps the pieces' key up to date from now on, or not (it is then
    /// worked out when asked): the game's choice (`Game::keys_kept`).
    pub(crate) fn keep_keys(&mut self, on: bool) {
        self.zobrist = if on { self.pieces_key_worked_out() } else { 0 };
        self.keyed = on;
    }

    /// Whether the pieces' key is kept up to date move by move.
    pub(crate) fn keeps_keys(&self) -> bool {
        self.keyed
    }

    /// This state, keeping its pieces' key move by move (see the module):
    /// for a search or a record that asks for [`State::position_hash`] at
    /// every position it reaches (every state made from this one keeps it too).
    pub fn with_keys(&self) -> Cow<'_, State> {
        if self.keyed {
            return Cow::Borrowed(self);
        }
        let mut keyed = self.clone();
        keyed.keep_keys(true);
        Cow::Owned(keyed)
    }
}
