//! Compiled conditions: what a `CondDef` of the ruleset becomes, with names
//! turned to indices and option tests folded away. The engine evaluates them.

use crate::board::FieldSet;
use crate::ruleset::Who;

/// A compiled condition. Field atoms read the field under test; state atoms the
/// game state, seen from player `me`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cond {
    True,
    False,
    All(Vec<Cond>),
    Any(Vec<Cond>),
    Not(Box<Cond>),
    Empty,
    Own,
    Enemy,
    /// What tops the field is one of a set: a mask over the classes of
    /// [`State::top_class`] (see [`Cond::EMPTY`] and the others). Made by
    /// [`Cond::compact`] from `Empty`, `Own`, `Enemy`, `Open`, `Closed` and
    /// their combinations: one test instead of a tree.
    Tops(u8),
    Top(u32),
    Has(u32),
    Height(u8),
    Full,
    InZone(u8),
    /// The field's type is one of these (a bit set: types may share a name).
    Type(u64),
    Fields(FieldSet),
    /// Per player, the fields where a condition that the board and the
    /// player decide holds (a zone of the player's own, say): made by
    /// `Game::specialise_rules` for the fields a piece enters or leaves by.
    FieldsFor(Vec<FieldSet>),
    /// A neighbour along one of the directions satisfies the test.
    Beside(Vec<u8>, Box<Cond>),
    Open,
    Closed,
    OnBoard(Who, u16),
    /// At least n pieces of anyone on the player's version of the zone.
    CountIn(Who, u8, u16),
    /// A line of `n` through the field under test, or with `moved` the last
    /// field moved to, along one of the direction lists; with `exact`, no longer.
    Line {
        n: u8,
        exact: bool,
        moved: bool,
        dirs: Vec<Vec<u8>>,
    },
    /// A `Line` through the last field moved to, not `exact`, with its lines
    /// worked out (see [`Game::with_line_masks`]).
    MovedLineMasks(Box<super::lines::LineMasks>),
    /// A field's test that what tops the field decides for most tops: on the
    /// tops in `yes` it holds and on those in `no` it fails, whatever else
    /// it reads ([`Cond::Tops`] masks); on the others the test itself,
    /// `rest`, decides (see [`Cond::guard_by_tops`]).
    ByTops {
        yes: u8,
        no: u8,
        rest: Box<Cond>,
    },
    /// The player has a piece of one of the kinds (a bit set) on the board.
    PieceOnBoard(Who, u32),
    /// The throw of this turn is one of a set of values (a bit set).
    Thrown(u64),
    PlayerIs(u8),
    Lead(Who, u16),
    TopFace(u8),
    Phase(u8),
    NoPieces(Who),
    HandEmpty(Who),
    PieceIn(Who, u32, u8),
    NoMoves,
    CanMove(Who),
    Passed,
    LimitReached,
    // --- history (issue 44) ---
    /// The position after the move has occurred at least `times` times among
    /// the last `within` positions of the history (0: all of them).
    Repeated {
        times: u8,
        within: u32,
        compare: crate::ruleset::Compared,
    },
    // --- bracketed runs (issue 44) ---
    /// Some direction of the run brackets from the field under test.
    Brackets(Box<Run>),
    // --- counters (issue 44) ---
    /// A counter's value compared (see `CondDef::Counter`).
    Counter(super::counters::CounterTest),
    // --- marks and the last move (issue 44) ---
    /// The field carries the mark with this index (in any of its slots).
    Marked(u8),
    /// The field is the last move's `From`, `To` (`State::last_to`) or one it passed.
    LastMove(crate::ruleset::MoveField),

    // --- regions (issue 44: Go) ---
    /// A breadth-first search reaches a field (see [`ReachSearch`]).
    Reach(Box<ReachSearch>),
    /// Inside a `Reach`: topped as the field the search started from (read by the search).
    Like,
    /// Every player still playing passed in a row, the last decision included.
    AllPassed,
    // --- attack and royal pieces (issue 45) ---
    /// Some capturing move of the mover (`true`) or of an enemy (`false`)
    /// would capture on the field (see `engine/attack.rs`).
    Attacked(bool),
    /// A royal piece of the mover stands on a field an enemy attacks.
    RoyalAttacked,
}

/// A straight run from a field (see `RunDef`): fields in a row along one
/// direction where `each` holds, at least one, and then a field where
/// `closed_by` holds. The condition `Brackets`, the effect `Claim` and a
/// `CaptureRun`'s closing test read it alike (`Game::closed_run`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Run {
    pub dirs: Vec<u8>,
    pub each: Cond,
    pub closed_by: Cond,
    /// The most fields a run may hold (the board's fields: a run round a
    /// cycle of links stops there): what one reading may cost.
    pub longest: u16,
}

/// A `Reach`: from the start fields, along `dirs`, entering the fields where
/// `through` holds; true where `to` holds of a field of the search or next to one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReachSearch {
    pub dirs: Vec<u8>,
    pub from: ReachStart,
    pub through: Cond,
    pub to: Cond,
    /// `through` or `to` reads `Like`: one search for each player topping a start field.
    pub like: bool,
}

/// Where a [`ReachSearch`] starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ReachStart {
    /// The field under test.
    Here,
    /// The field the last piece ended on (none: nothing is reached).
    Moved,
    /// Every field where the test holds.
    Where(Cond),
}

impl Cond {
    // The bits of a `Tops` mask are the classes of `State::top_class`:
    // empty, own open, enemy open, own turned over, enemy turned over,
    // neutral open, neutral turned over.
    pub(crate) const EMPTY: u8 = 0b000_0001;
    pub(crate) const OWN: u8 = 0b000_1010;
    pub(crate) const ENEMY: u8 = 0b001_0100;
    pub(crate) const NEUTRAL: u8 = 0b110_0000;
    pub(crate) const OPEN: u8 = 0b010_0110;
    pub(crate) const CLOSED: u8 = 0b101_1000;
    /// Whatever tops a field, or nothing.
    pub(crate) const ALL: u8 = Cond::EMPTY | Cond::OWN | Cond::ENEMY | Cond::NEUTRAL;

    /// The test as a [`Cond::Tops`] mask, if what tops the field is all it looks at.
    #[inline]
    pub(crate) fn tops_mask(&self) -> Option<u8> {
        // A compiled test is compact: a mask already, where it can be one (no call).
        match self {
            Cond::Tops(mask) => Some(*mask),
            Cond::True => Some(Cond::ALL),
            Cond::False => Some(0),
            _ => self.tops_mask_of_parts(),
        }
    }

    /// [`Cond::tops_mask`] of a test made of parts (the masks themselves are read there).
    fn tops_mask_of_parts(&self) -> Option<u8> {
        const _: () = assert!(Cond::OPEN | Cond::CLOSED == Cond::OWN | Cond::ENEMY | Cond::NEUTRAL);
        match self {
            Cond::Empty => Some(Cond::EMPTY),
            Cond::Own => Some(Cond::OWN),
            Cond::Enemy => Some(Cond::ENEMY),
            Cond::Open => Some(Cond::OPEN),
            Cond::Closed => Some(Cond::CLOSED),
            Cond::Not(t) => t.tops_mask().map(|m| !m & Cond::ALL),
            Cond::All(ts) => ts.iter().try_fold(Cond::ALL, |acc, t| t.tops_mask().map(|m| acc & m)),
            Cond::Any(ts) => ts.iter().try_fold(0, |acc, t| t.tops_mask().map(|m| acc | m)),
            _ => None,
        }
    }

    /// The same test with each largest part that looks only at what tops the
    /// field made one [`Cond::Tops`] (`True` and `False` stay as they are).
    pub(crate) fn compact(self) -> Cond {
        match (self.tops_mask(), self) {
            (_, t @ (Cond::True | Cond::False)) => t,
            (Some(mask), _) => Cond::Tops(mask),
            (None, Cond::All(ts)) => Cond::All(ts.into_iter().map(Cond::compact).collect()),
            (None, Cond::Any(ts)) => Cond::Any(ts.into_iter().map(Cond::compact).collect()),
            (None, Cond::Not(t)) => Cond::Not(Box::new(t.compact())),
            (None, t) => t,
        }
    }

    /// The test guarded by what tops the field (a [`Cond::ByTops`]), where
    /// that alone decides it on some tops and it is not a mask already: a
    /// field's test of a run's `pass` or a move's `to` is then, on most
    /// fields, one look-up of what tops it instead of a walk of its tree.
    pub(crate) fn guard_by_tops(self) -> Cond {
        if self.tops_mask().is_some() || matches!(self, Cond::ByTops { .. }) {
            return self;
        }
        let (mut yes, mut no) = (0u8, 0u8);
        for class in 0..7 {
            match self.decided_by_top(class) {
                Some(true) => yes |= 1 << class,
                Some(false) => no |= 1 << class,
                None => {}
            }
        }
        // Worth a look-up first where it decides an empty field, the most
        // common target and field passed (elsewhere it costs more than it saves).
        if (yes | no) & Cond::EMPTY == 0 {
            return self;
        }
        Cond::ByTops { yes, no, rest: Box::new(self) }
    }

    /// What the test says on a field topped as `class` says (a class of
    /// [`Cond::Tops`]; 0: nothing on it), whatever else is there; `None`
    /// where it reads more.
    fn decided_by_top(&self, class: u8) -> Option<bool> {
        let empty = class == 0;
        match self {
            Cond::True => Some(true),
            Cond::False => Some(false),
            Cond::Not(t) => t.decided_by_top(class).map(|v| !v),
            Cond::All(ts) | Cond::Any(ts) => self.decided_by_parts(ts, |t| t.decided_by_top(class)),
            Cond::ByTops { rest, .. } => rest.decided_by_top(class),
            // A field with nothing on it has no top, no stack and no line through it.
            Cond::Top(_) | Cond::Has(_) | Cond::Line { moved: false, .. } if empty => Some(false),
            Cond::Height(h) if empty || *h == 0 => Some(empty == (*h == 0)),
            t => t.tops_mask().map(|mask| mask & 1 << class != 0),
        }
    }

    /// What an `All` or `Any` of `parts` (`self`) says where `part` tells
    /// what each part says, if that decides it (`None`: not known).
    pub(crate) fn decided_by_parts(&self, parts: &[Cond], part: impl Fn(&Cond) -> Option<bool>) -> Option<bool> {
        // All is decided by a false part, Any by a true one.
        let decider = matches!(self, Cond::Any(_));
        let values: Vec<_> = parts.iter().map(part).collect();
        if values.contains(&Some(decider)) {
            Some(decider)
        } else if values.iter().all(|v| *v == Some(!decider)) {
            Some(!decider)
        } else {
            None
        }
    }

    /// Whether the test reads where the last piece ended.
    pub(crate) fn mentions_last_to(&self) -> bool {
        self.mentions(&|t| {
            matches!(t, Cond::Line { moved: true, .. } | Cond::MovedLineMasks(..) | Cond::LastMove(_))
                || matches!(t, Cond::Reach(r) if r.from == ReachStart::Moved)
        })
    }

    /// Whether the test asks whether every player passed in a row (`AllPassed`).
    pub(crate) fn mentions_all_passed(&self) -> bool {
        self.mentions(&|t| matches!(t, Cond::AllPassed))
    }

    /// Whether the test reads `Like` (outside a nested `Reach`, which reads its own).
    pub(crate) fn mentions_like(&self) -> bool {
        match self {
            Cond::All(ts) | Cond::Any(ts) => ts.iter().any(Cond::mentions_like),
            Cond::Not(t) | Cond::ByTops { rest: t, .. } => t.mentions_like(),
            t => matches!(t, Cond::Like),
        }
    }

    /// Whether the test looks at the turn limit (an end "at the limit").
    pub(crate) fn mentions_limit(&self) -> bool {
        self.mentions(&|t| matches!(t, Cond::LimitReached))
    }

    /// Whether the test asks if the player to move has no move.
    pub(crate) fn mentions_no_moves(&self) -> bool {
        self.mentions(&|t| matches!(t, Cond::NoMoves))
    }

    /// Whether the test asks whether a player has a move (`NoMoves`, `CanMove`).
    pub(crate) fn asks_for_moves(&self) -> bool {
        self.mentions(&|t| matches!(t, Cond::NoMoves | Cond::CanMove(_)))
    }

    /// Whether the test asks whether a position repeats (the game keeps its history).
    pub(crate) fn reads_history(&self) -> bool {
        self.mentions(&|t| matches!(t, Cond::Repeated { .. }))
    }

    /// Whether `leaf` holds for the test or any part of it (through `All`,
    /// `Any`, `Not` and the neighbour's test of `Beside`).
    fn mentions(&self, leaf: &impl Fn(&Cond) -> bool) -> bool {
        match self {
            Cond::All(ts) | Cond::Any(ts) => ts.iter().any(|t| t.mentions(leaf)),
            Cond::Not(t) | Cond::Beside(_, t) | Cond::ByTops { rest: t, .. } => t.mentions(leaf),
            Cond::Brackets(run) => run.each.mentions(leaf) || run.closed_by.mentions(leaf),
            Cond::Reach(r) => {
                leaf(self)
                    || r.through.mentions(leaf)
                    || r.to.mentions(leaf)
                    || matches!(&r.from, ReachStart::Where(t) if t.mentions(leaf))
            }
            t => leaf(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cond;

    /// A test mentions what any of its parts mentions, a neighbour's test too.
    #[test]
    fn a_test_mentions_what_its_parts_mention() {
        let beside = |t| Cond::Beside(vec![0], Box::new(t));
        let nested = Cond::All(vec![Cond::True, Cond::Not(Box::new(Cond::Any(vec![beside(Cond::NoMoves)])))]);
        assert!(nested.mentions_no_moves() && nested.asks_for_moves());
        assert!(beside(Cond::CanMove(crate::ruleset::Who::Me)).asks_for_moves());
        assert!(!beside(Cond::CanMove(crate::ruleset::Who::Me)).mentions_no_moves());
        assert!(beside(Cond::LimitReached).mentions_limit());
        assert!(!Cond::All(vec![Cond::True, Cond::Passed]).asks_for_moves());
    }
}
