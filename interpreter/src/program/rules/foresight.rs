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
    pub filters: Vec<Option<ForeseenFilter>>,
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

/// A `RequireAfter` test as the state before a move decides it, apart
/// after a pass and after any other move: `Passed` is known in each, so the
/// test after a placement is read without asking it (Go's `Any([Passed, ..])`
/// is its other part there, and `True` after a pass).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ForeseenFilter {
    pub after_pass: Foreseen,
    pub after_other: Foreseen,
}

impl ForeseenFilter {
    /// The test after `m`.
    #[inline]
    pub(crate) fn after(&self, m: crate::moves::Move) -> &Foreseen {
        if m.action == crate::moves::Action::Pass { &self.after_pass } else { &self.after_other }
    }
}

/// A `RequireAfter` test after a move of one side of [`ForeseenFilter`], as
/// the state before it decides it: each part known, or left to playing the
/// move. (`Passed`, known on each side, is folded into `Is`, and so is every
/// `All`, `Any` or `Not` of known parts.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Foreseen {
    /// Known whatever the move: `True` or `False`.
    Is(bool),
    /// A `Reach(from: Moved)` whose goal holds on an empty field: it holds
    /// after a move that fills only its landing where a field next to the
    /// landing along `dirs` (another field) is empty before the move.
    /// Otherwise, after a move of a rule marked in `searched`, it is searched
    /// on the state before (`Game::liberty_after`); after any other, it is
    /// left to playing.
    EmptyBeside {
        dirs: Vec<u8>,
        /// Per rule of the phase: its moves are placements that fill only
        /// their landing and change the board only by the piece put down and
        /// the enemy groups they take along some of `dirs`, and the `Reach`
        /// goes through `Like` to `Empty`. After such a move it holds iff the move takes a group
        /// (whose fields beside the landing are then empty) or the mover's
        /// group joined by the piece has an empty field other than the
        /// landing: both read on the state before, the landing counted as
        /// the mover's.
        searched: Vec<bool>,
    },
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
    /// `All` (`decisive` false) or `Any` (true) of `parts`, known parts
    /// folded: a part known to be `decisive` decides it, the others known
    /// drop out, and one part left is itself.
    pub(crate) fn each(mut parts: Vec<Foreseen>, decisive: bool) -> Foreseen {
        if parts.contains(&Foreseen::Is(decisive)) {
            return Foreseen::Is(decisive);
        }
        parts.retain(|part| *part != Foreseen::Is(!decisive));
        match parts.len() {
            0 => Foreseen::Is(!decisive),
            1 => parts.remove(0),
            _ if decisive => Foreseen::Any(parts),
            _ => Foreseen::All(parts),
        }
    }

    /// `Not(part)`, a known part folded.
    pub(crate) fn not(part: Foreseen) -> Foreseen {
        match part {
            Foreseen::Is(known) => Foreseen::Is(!known),
            part => Foreseen::Not(Box::new(part)),
        }
    }

    /// Whether some part of it can be decided before a move.
    pub(crate) fn decides_some(&self) -> bool {
        match self {
            Foreseen::Is(_) | Foreseen::EmptyBeside { .. } | Foreseen::Repeated { .. } => true,
            Foreseen::All(parts) | Foreseen::Any(parts) => parts.iter().any(Foreseen::decides_some),
            Foreseen::Not(part) => part.decides_some(),
            Foreseen::Unknown => false,
        }
    }
}
