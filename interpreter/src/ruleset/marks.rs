//! Marks: named flags on fields with a lifetime, declared once at the top
//! level (`marks: [(name: "visited", lasts: Turn)]`), set by the `Mark`
//! effect, taken off by `Unmark`, tested by the field atom `Marked`; and the
//! fields of the last move (`LastMove(From)`).

use serde::{Deserialize, Serialize};

/// A mark declared in the ruleset's `marks`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkDef {
    pub name: String,
    /// How long a field stays marked once a move marks it.
    pub lasts: Lasts,
    /// What the mark means, for people.
    #[serde(default)]
    pub doc: String,
    /// A zone whose fields (every player's version) take the mark by
    /// themselves when the piece on one goes: it leaves, or is taken.
    /// Chess's castling rights: a rook's square is marked whether its rook
    /// moved or was captured there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_gone: Option<String>,
}

/// How long a mark lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lasts {
    /// Until the end of the turn in which it was set (a capture chain's
    /// points already visited).
    Turn,
    /// Until the turn of the player who set it begins again: the other
    /// players' turns in between see it (the square a pawn passed).
    NextTurn,
    /// Until an `Unmark` takes it off.
    Cleared,
}

/// A field of a move: where the piece left, where it landed, and the fields
/// it passed on the way (a slide's, a run's or a jump's fields between the
/// two, along the move's direction).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveField {
    From,
    To,
    Passed,
}

/// Where a `Mark` or `Unmark` puts or takes off its mark (issue 45:
/// castling rights): a field of the move, or every field of a zone, read per
/// player as zones are (the mover's version), wherever the move went.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MarkOn {
    From,
    To,
    Passed,
    /// Every field of the mover's version of the named zone.
    Zone(String),
}

/// Which direction a capture chain may go on in (`Continue`'s `direction`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChainDir {
    /// Only the direction of the move before (what `same_dir: True` says).
    Same,
    /// Any direction but the one of the move before.
    NotSame,
    /// Any direction.
    #[default]
    Any,
}
