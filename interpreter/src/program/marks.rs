//! Marks as compiled (issue 44): each declared mark's sets of fields in the
//! state's `marks` buffer (its *slots*), and the slots that keep the fields
//! of the last move where a condition reads them. Names are gone: marks are
//! indices, slots are offsets.

use crate::ruleset::{Lasts, MoveField};

/// One declared mark.
#[derive(Debug, Clone)]
pub(crate) struct MarkSpec {
    pub name: String,
    pub lasts: Lasts,
    /// Its first slot; a mark that lasts until the next turn has one slot per
    /// player (the fields each player marked, which go as their turn begins
    /// again), any other one slot.
    pub first: u16,
    pub slots: u8,
}

/// The marks of a game. Empty (no slot) for a ruleset without marks nor
/// `LastMove(From)` / `LastMove(Passed)`: its states keep no buffer and its
/// turns do no work for them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Marks {
    pub specs: Vec<MarkSpec>,
    /// The slot of the last move's `From` field, where a condition reads it.
    pub last_from: Option<u16>,
    /// The slot of the fields the last move passed, where a condition reads them.
    pub last_passed: Option<u16>,
    /// Every slot, of the marks and of the last move.
    pub slots: u16,
    /// Whether any mark expires by itself (lasts a turn or until the next turn).
    pub expire: bool,
    /// Some condition reads a field of the last move (`LastMove`): the
    /// engine keeps them (with `State::last_to`, under `Game::reads_last_to`).
    pub reads_last_move: bool,
    /// The fields watched for a piece gone (`when_gone`), each with the
    /// mark it takes then; empty where no mark is declared so.
    pub gone: Vec<Watched>,
}

/// A field that takes `mark` when the piece on it goes (`when_gone`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Watched {
    pub field: crate::board::FieldId,
    pub mark: u8,
}

/// The most fields `when_gone` may watch: their tops are noted before each
/// move, on the stack.
pub(crate) const MOST_WATCHED: usize = 64;

impl Marks {
    /// Whether a move keeps its `From` or `Passed` fields for a `LastMove`:
    /// then no rule's move is plain (`Applying::Plain` keeps `State::last_to` alone).
    pub(crate) fn keeps_move_fields(&self) -> bool {
        self.last_from.is_some() || self.last_passed.is_some()
    }

    /// The slot a mark is set in when `player` sets it.
    #[inline]
    pub(crate) fn slot(&self, mark: u8, player: u8) -> u16 {
        let spec = &self.specs[usize::from(mark)];
        spec.first + if spec.slots > 1 { u16::from(player) } else { 0 }
    }

    /// Whether `slot` holds one-turn memory (issue 45): a mark that lasts
    /// until the next turn, or a field of the last move. Such memory counts
    /// in a position's identity only where it changes a legal move
    /// (`engine/repetition.rs`).
    pub(crate) fn momentary(&self, slot: u16) -> bool {
        self.last_from == Some(slot)
            || self.last_passed == Some(slot)
            || self
                .specs
                .iter()
                .any(|m| m.lasts == Lasts::NextTurn && (m.first..m.first + u16::from(m.slots)).contains(&slot))
    }
}

/// A `Mark` or `Unmark` effect as compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MarkEffect {
    pub mark: u8,
    /// The fields of the move, as bits of [`field_bit`].
    pub on: u8,
    /// A zone (its index) whose fields, the mover's version, it reaches too
    /// (`Zone("name")`, issue 45: castling rights).
    pub zone: Option<u8>,
    /// Set the mark (else take it off).
    pub set: bool,
    /// Take it off every field (an `Unmark` without `on`).
    pub everywhere: bool,
}

/// The bit of a field of the move in [`MarkEffect::on`].
pub(crate) fn field_bit(f: MoveField) -> u8 {
    match f {
        MoveField::From => 1,
        MoveField::To => 2,
        MoveField::Passed => 4,
    }
}
