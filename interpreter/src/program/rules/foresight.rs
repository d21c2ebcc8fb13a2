//! A turn filter's test decided before the move (issue 48): where the
//! compiler proves that part of a `RequireAfter` test after a move follows
//! from the state before it, the engine reads that part there instead of
//! playing the move on a copy (`engine/foresight.rs`); what it cannot decide
//! is played and tested as before.

/// What a phase's `RequireAfter` filters can tell before a move (see the module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Foresight {
    /// Per filter of the phase, in order: its test as far as it is decided
    /// before the move (`None`: not a `RequireAfter`, or nothing of it is).
    pub filters: Vec<Option<Foreseen>>,
    /// Per rule of the phase: its moves [`fill only their landing`](Foresight).
    /// Such a move ends with its piece on its `to` (the last field moved
    /// to) and puts no piece on any other field: a field other than `to`
    /// that is empty before it is empty after it (captures only empty fields).
    pub fill_only_landing: Vec<bool>,
    /// Per rule of the phase: its moves are placements that change the board
    /// only by the piece put down, unless a `CaptureGroups` of theirs takes a
    /// group (which the state before tells: see `Game::puts_quietly`); the
    /// position after such a move, in a game without marks, is the position
    /// before with that piece on its empty landing.
    pub put_alone: Vec<bool>,
}

/// A `RequireAfter` test after a move, as the state before it decides it:
/// each part known, or left to playing the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Foreseen {
    /// Known whatever the move: `True` or `False`.
    Is(bool),
    /// `Passed`: holds after a pass, and after nothing else.
    Passed,
    /// A `Reach(from: Moved)` whose goal holds on an empty field: it holds
    /// after a move that fills only its landing where a field next to the
    /// landing along these directions (another field) is empty before the
    /// move; otherwise it is left to playing.
    EmptyBeside(Vec<u8>),
    /// `Repeated`: read off the history after a placement put alone (see
    /// [`Foresight::put_alone`]) whose key is the key before with the piece
    /// put; after any other move it is left to playing.
    Repeated {
        times: u8,
        within: u32,
        compare: crate::ruleset::Compared,
    },
    All(Vec<Foreseen>),
    Any(Vec<Foreseen>),
    Not(Box<Foreseen>),
    /// Anything else: decided only by playing the move.
    Unknown,
}

impl Foreseen {
    /// Whether some part of it can be decided before a move.
    pub(crate) fn decides_some(&self) -> bool {
        match self {
            Foreseen::Is(_) | Foreseen::Passed | Foreseen::EmptyBeside(_) | Foreseen::Repeated { .. } => true,
            Foreseen::All(parts) | Foreseen::Any(parts) => parts.iter().any(Foreseen::decides_some),
            Foreseen::Not(part) => part.decides_some(),
            Foreseen::Unknown => false,
        }
    }
}
