//! Effects of a move, ends of the game and chance.

use super::*;

#[derive(Debug, Clone)]
pub(crate) enum Effect {
    Enclose(Box<Enclosure>),
    Flip,
    Tip,
    TurnClockwise,
    Spawn {
        on: Cond,
        zone: u8,
        optional: bool,
    },
    /// Where `cond` holds after the move, the mover captures a stack of their
    /// choice (see [`crate::state::Pending::Capture`]).
    CaptureChosen(Box<Choice>),
    CaptureRun(Box<CaptureRun>),
    Promote {
        to: crate::piece::KindId,
        on: Cond,
        ends_chain: bool,
        /// Only where the move ends (not on the way of a chain that goes on).
        at_end: bool,
        /// Kinds to choose from inside the move, `to` among them (issue 45;
        /// 0: no choice). The move says which (`Move::kind`, see `CHOSEN`).
        choices: u32,
    },
    // --- bracketed runs (issue 44) ---
    /// Every closed run from the field the move ended on changes owner to the mover.
    Claim(Box<crate::program::Run>),
    // --- counters (issue 44) ---
    /// A counter set or added to (see `EffectDef::Set`, `EffectDef::Add`).
    Counter(crate::program::counters::CounterChange),
    /// Marks set on or taken off the fields of the move (issue 44).
    Mark(crate::program::marks::MarkEffect),
    /// The enemy groups next to the landing field without a liberty are
    /// captured; with `own`, then the mover's group there if it has none.
    CaptureGroups {
        dirs: Vec<DirId>,
        own: bool,
    },
    // --- compound moves (issue 45) ---
    /// A second piece moved with the move (see `EffectDef::Bring`, `engine/bring.rs`).
    Bring(Box<Bring>),
    // --- a counter changed only where a condition holds (issue 48) ---
    /// A `Set` or `Add` with an `if`: made where `cond` holds after the move
    /// (without one, or with `if: True`, the effect is a plain `Counter`).
    CounterIf(Box<CounterIf>),
}

/// A counter change made only where `cond` (on the state after the move) holds.
#[derive(Debug, Clone)]
pub(crate) struct CounterIf {
    pub change: crate::program::counters::CounterChange,
    pub cond: Cond,
}

/// A second piece moved with the move (issue 45): the first piece beyond the
/// field the move ended on, along its direction, where `cond` holds there,
/// goes to the last field the move passed (`to_from`: the field it left).
#[derive(Debug, Clone)]
pub(crate) struct Bring {
    pub cond: Cond,
    pub to_from: bool,
}

/// What an effect is, as the compiler and the engine ask it: a row of
/// [`Effect::facts`], one arm an effect, every field written in every row
/// (a new effect fails to compile until its arm chooses a row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EffectFacts {
    /// Whether it changes the piece moved and nothing else: turns it over,
    /// tips it or turns it. (A plain rule may have such effects; see [`Applying::Plain`].)
    pub changes_the_mover_only: bool,
    /// Whether it may itself capture a piece the move did not land on or
    /// jump: by enclosure, along a run, by groups (a capture chosen is a
    /// decision of its own, not part of the move).
    pub captures_in_passing: bool,
    /// Whether it leaves every piece's owner as it was (it may turn, tip or
    /// promote the mover, leave a capture to choose, change a counter or a mark).
    pub keeps_owners: bool,
}

impl EffectFacts {
    /// Changes the piece moved alone (turned over, tipped, turned).
    const CHANGES_THE_MOVER: EffectFacts =
        EffectFacts { changes_the_mover_only: true, captures_in_passing: false, keeps_owners: true };
    /// Captures pieces besides those the move lands on or jumps.
    const CAPTURES: EffectFacts =
        EffectFacts { changes_the_mover_only: false, captures_in_passing: true, keeps_owners: false };
    /// Changes something besides the piece moved, every owner kept: a
    /// promotion, a capture left to choose, a counter, a mark. (A counter
    /// is not the piece moved: a rule that changes one is not plain.)
    const KEEPS_OWNERS: EffectFacts =
        EffectFacts { changes_the_mover_only: false, captures_in_passing: false, keeps_owners: true };
    /// Brings in a piece or changes owners, capturing none.
    const CHANGES_OWNERS: EffectFacts =
        EffectFacts { changes_the_mover_only: false, captures_in_passing: false, keeps_owners: false };
}

impl Effect {
    /// What the effect is: its row (see [`EffectFacts`]).
    pub(crate) fn facts(&self) -> EffectFacts {
        match self {
            Effect::Flip => EffectFacts::CHANGES_THE_MOVER,
            Effect::Tip => EffectFacts::CHANGES_THE_MOVER,
            Effect::TurnClockwise => EffectFacts::CHANGES_THE_MOVER,
            Effect::Enclose(_) => EffectFacts::CAPTURES,
            Effect::CaptureRun(_) => EffectFacts::CAPTURES,
            Effect::CaptureGroups { .. } => EffectFacts::CAPTURES,
            Effect::CaptureChosen(_) => EffectFacts::KEEPS_OWNERS,
            Effect::Promote { .. } => EffectFacts::KEEPS_OWNERS,
            Effect::Counter(_) => EffectFacts::KEEPS_OWNERS,
            Effect::Mark(_) => EffectFacts::KEEPS_OWNERS,
            Effect::Spawn { .. } => EffectFacts::CHANGES_OWNERS,
            Effect::Claim(_) => EffectFacts::CHANGES_OWNERS,
            Effect::Bring(_) => EffectFacts::KEEPS_OWNERS,
            Effect::CounterIf(_) => EffectFacts::KEEPS_OWNERS,
        }
    }

    /// See [`EffectFacts::changes_the_mover_only`].
    pub(crate) fn changes_the_mover_only(&self) -> bool {
        self.facts().changes_the_mover_only
    }

    /// See [`EffectFacts::captures_in_passing`].
    pub(crate) fn captures_in_passing(&self) -> bool {
        self.facts().captures_in_passing
    }

    /// See [`EffectFacts::keeps_owners`].
    pub(crate) fn keeps_owners(&self) -> bool {
        self.facts().keeps_owners
    }

    /// The conditions of the effect that may ask where the last move ended or
    /// which lines it made (see `Game::precompute_lines`): a capture's
    /// choice and a spawn's `on`.
    pub(crate) fn choice_tests(&self) -> Vec<&Cond> {
        match self {
            Effect::CaptureChosen(c) => vec![&c.cond, &c.among, &c.otherwise],
            Effect::Spawn { on, .. } => vec![on],
            Effect::Enclose(_)
            | Effect::Flip
            | Effect::Tip
            | Effect::TurnClockwise
            | Effect::CaptureRun(_)
            | Effect::Promote { .. }
            | Effect::Claim(_)
            | Effect::Mark(_)
            | Effect::CaptureGroups { .. } => Vec::new(),
            Effect::Counter(_) => Vec::new(),
            Effect::Bring(b) => vec![&b.cond],
            Effect::CounterIf(c) => vec![&c.cond],
        }
    }
}

/// Capture by enclosure (see `EffectDef::Enclose`).
#[derive(Debug, Clone)]
pub(crate) struct Enclosure {
    pub dirs: Vec<DirId>,
    /// All sides must be closed, not only the one beyond on a line.
    pub all: bool,
    pub target: Cond,
    pub anvil: Cond,
    /// The board's edge closes a side (with `all`).
    pub edge: bool,
}

/// Capture along a run of fields from where the move ended (see `EffectDef::CaptureRun`).
#[derive(Debug, Clone)]
pub(crate) struct CaptureRun {
    /// Of the field the move ended on.
    pub on: Cond,
    /// Links from there to the run's first field (none: that field).
    pub start: Vec<DirId>,
    /// Links from each field of the run to the next (none: one field).
    pub step: Vec<DirId>,
    /// Of each field of the run: captured while it holds.
    pub cond: Cond,
    /// The stack the move ended on goes too, when the run took any.
    pub landed: bool,
    /// After the run: where it does not hold, the run is undone.
    pub keep_if: Option<Cond>,
    /// Of the field after the run's last: the run is taken only where it
    /// holds (see `Game::closed_run`); none, whatever ends the run.
    pub closed_by: Option<Cond>,
    /// Of each field of the run: where it holds, the stack stays (the run
    /// goes on past it); none, every field of the run is taken.
    pub spare: Option<Cond>,
    // --- approach and withdrawal (issue 45; `engine/run_choices.rs`) ---
    /// Where the run lies: from the landing, or ahead of it or behind the
    /// start along the move's direction.
    pub from: crate::ruleset::RunFrom,
    /// For `Behind`: the field behind each field in each direction (the one
    /// whose neighbour that way it is), `field * directions + direction`;
    /// empty otherwise.
    pub behind: Vec<crate::board::FieldId>,
    /// The number of the choice it is (its label's, the same for the whole game,
    /// from 1; 0: no choice, the run is made with every move of its rule).
    pub choice: u8,
    /// The label as written, which ends the text of a move that chose it (`/A`).
    pub label: Option<Box<str>>,
}

/// Which stacks a mover may choose to capture: where `among` holds, or where
/// none does, where `otherwise` holds (occupied fields only).
#[derive(Debug, Clone)]
pub(crate) struct Choice {
    pub cond: Cond,
    pub among: Cond,
    pub otherwise: Cond,
}

/// Replacing pieces that cannot move (see `ReplaceDef`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Replace {
    pub grace: bool,
    pub prisoners: bool,
}

/// What a chance outcome sets.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Set {
    Orient { field: FieldId, orient: u8 },
    Starts(Player),
}

#[derive(Debug, Clone)]
pub(crate) struct End {
    pub at: When,
    pub test: Cond,
    pub result: Ranking,
    pub reason: String,
    /// (zone, points) for each enemy piece on the board in the zone.
    pub score: Vec<(u8, u16)>,
    /// Pieces moved before the result is worked out (see `GatherDef`).
    pub gather: Vec<Gather>,
}

/// How an end condition places the players (see `EndResult`; zones by index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ranking {
    Win(Who),
    Draw,
    MorePieces,
    MorePiecesOr(Who),
    Finish(Who),
    /// By the pieces on each player's version of the zone.
    MostIn(u8),
    /// By area: pieces and the empty regions only they border (the
    /// directions as a bit set), plus a counter per player (its first slot).
    MostArea {
        dirs: u64,
        plus: Option<u16>,
    },
}

/// At the end, the pieces on every version of zone `from` go onto the
/// first field of `player`'s version of zone `to` (each player's own: `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Gather {
    pub from: u8,
    pub to: u8,
    pub player: Option<Who>,
}

#[derive(Debug, Clone)]
pub(crate) struct Chance {
    pub name: String,
    pub looks: Option<crate::ruleset::Looks>,
    pub outcomes: Vec<ChanceOutcome>,
    pub total: u32,
    /// A device of several dice (issue 45): per outcome (each a throw of all
    /// the dice), the pool it gives; empty for a single throw.
    pub pools: Vec<crate::state::Dice>,
}

#[derive(Debug, Clone)]
pub(crate) struct ChanceOutcome {
    pub label: String,
    pub value: u8,
    pub weight: u32,
    pub again: bool,
    pub rethrow: bool,
    pub set: Vec<Set>,
}
