//! Conditions: one small language for option tests, target fields and game states.

use serde::{Deserialize, Serialize};

/// A condition. Which atoms may appear depends on where the condition stands:
/// option atoms anywhere; field atoms in a move's `to`; state atoms in `until`
/// and end conditions. The compiler says so when an atom is out of place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Error messages name it as a person writes it: a `Cond`.
#[serde(deny_unknown_fields, rename = "Cond")]
pub enum CondDef {
    True,
    False,
    All(Vec<CondDef>),
    Any(Vec<CondDef>),
    Not(Box<CondDef>),
    /// A named condition from the ruleset's `conditions`.
    Ref(String),

    // --- options (folded away when the ruleset is compiled) ---
    /// A bool option is on.
    Opt(String),
    /// An option has this value.
    Is(String, OptValue),

    // --- the target field of a move ---
    /// No piece on the field.
    Empty,
    /// The top piece belongs to the mover.
    Own,
    /// The top piece belongs to another player.
    Enemy,
    /// The top piece is of one of these kinds.
    Top(Vec<String>),
    /// Some piece in the stack is of one of these kinds.
    Has(Vec<String>),
    /// The stack holds exactly this many pieces.
    Height(u8),
    /// The stack is as high as the field allows.
    Full,
    /// The field is in this zone (the mover's version of it).
    InZone(String),
    /// The field has this field type.
    Type(String),
    /// The field is one of these.
    Field(Vec<String>),
    /// A field next to this one, along one of the directions, satisfies the
    /// condition (a condition on that field): `Beside(["Orthogonal"], Empty)`.
    Beside(Vec<String>, Box<CondDef>),
    /// The top piece is not turned over (its open face up).
    Open,
    /// The top piece is turned over (closed).
    Closed,
    /// The top piece is a die showing n on top.
    TopFace(u8),
    /// A line of `n` fields in a row topped by one player's pieces, through
    /// the field under test (`Here`) or the field the last piece moved to
    /// (`Moved`): the field itself and runs along the directions of one of
    /// the lists (`[["E", "W"], ["N", "S"]]`); with `exact`, no more than `n`.
    Line {
        n: u8,
        dirs: Vec<Vec<String>>,
        #[serde(default)]
        through: Through,
        #[serde(default)]
        exact: bool,
    },

    // --- the game state ---
    /// The game is in this phase.
    Phase(String),
    /// The player has no piece on the board and none in hand.
    NoPieces(Who),
    /// The player's hand is empty.
    HandEmpty(Who),
    /// A piece of the player, of one of these kinds, is the top of a field in
    /// the zone (the player's version of it).
    PieceIn(Who, Vec<String>, String),
    /// The player has at least n pieces on the board.
    OnBoard(Who, u16),
    /// At least n pieces, of any owner (seeds too), stand on the fields of the
    /// player's version of the zone: `CountIn(Me, "store", 25)`.
    CountIn(Who, String, u16),
    /// The player has a piece of one of these kinds on the board (on top of a stack).
    PieceOnBoard(Who, Vec<String>),
    /// This turn's throw has one of these values (0 to 63): rules for some
    /// throws only (no throw yet: false).
    Thrown(Vec<u8>),
    /// The mover is this player (1-based): for moves that differ by player.
    PlayerIs(u8),
    /// The player has at least n pieces more on the board than the opponent.
    Lead(Who, u16),
    /// The player to move has no legal move (checked at the start of a turn).
    NoMoves,
    /// The player has a legal move, were it their decision (a turn filter's
    /// `cond`: "after this move the opponent can move").
    CanMove(Who),
    /// The decision before this one was a pass: the player before could not move.
    Passed,
    /// The turn limit `max_plies` has been reached.
    LimitReached,

    // --- history (issue 44): repetition ---
    /// The position after this move has occurred `times` times before (at
    /// least), among the positions after the last `within` decisions (all of
    /// the game where not given), compared as `compare` says: simple ko is
    /// `Repeated(within: 2)`, superko `Repeated()`, threefold repetition
    /// `Repeated(times: 2)`. After a move only: an end `at: AfterMove`, a
    /// turn filter's `cond`.
    Repeated {
        #[serde(default = "once")]
        times: u8,
        #[serde(default)]
        within: Option<u16>,
        #[serde(default)]
        compare: Compared,
    },
    // --- bracketed runs (issue 44) ---
    /// Along some direction of the run, the field under test brackets a
    /// run: `Brackets(Run(dirs: ["All"], each: Enemy, closed_by: Own))`
    /// (Reversi's placement). See [`RunDef`].
    Brackets(Box<RunDef>),
    // --- counters (issue 44) ---
    /// A counter's value compares so: `Counter(name: "quiet", is: AtLeast(80))`;
    /// a counter per player is the player `who` names (default `Me`).
    Counter {
        name: String,
        #[serde(default)]
        who: Option<Who>,
        is: super::Compare,
    },
    // --- marks and the last move (issue 44) ---
    /// The field carries this mark (declared in the ruleset's `marks`).
    Marked(String),
    /// The field is one of the last move's: where its piece left (`From`),
    /// landed (`To`, the field `Line(through: Moved)` reads) or the fields
    /// it passed on the way (`Passed`).
    LastMove(super::MoveField),
    // --- regions (issue 44: Go) ---
    /// A breadth-first search from the fields `from` names, along `dirs`
    /// (turning allowed), entering the fields where `through` holds, reaches a
    /// field where `to` holds (a field of the search or next to one): a
    /// group's liberty, a connection between two zones, an encirclement
    /// (`Not`). `Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty)`.
    Reach {
        dirs: Vec<String>,
        #[serde(default)]
        from: ReachFrom,
        through: Box<CondDef>,
        to: Box<CondDef>,
    },
    /// Inside a `Reach`'s `through` or `to`: the field is topped by a piece of
    /// the same player as the field the search started from (both empty count as alike).
    Like,
    /// Every player still playing ended a turn with a pass, in a row, the
    /// mover's last decision included (after a move: two passes end Go).
    AllPassed,
    // --- attack and royal pieces (issue 45) ---
    /// Some capturing move of a player `by` names (`Enemy`: any player not on
    /// the mover's team; `Own`: the mover) would capture on the field, were a
    /// piece of the other side there: `Attacked(by: Enemy)`.
    Attacked {
        by: AttackedBy,
    },
    /// A royal piece of the mover (a kind with `royal: true`) stands on a
    /// field attacked by an enemy: check.
    RoyalAttacked,
}

/// Whose moves `Attacked` reads (issue 45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackedBy {
    /// Any player not on the mover's team.
    Enemy,
    /// The mover.
    Own,
}

impl CondDef {
    /// The conditions this one holds (none for an atom): what a walk over a
    /// condition's tree visits below it.
    pub fn parts(&self) -> Vec<&CondDef> {
        match self {
            CondDef::All(list) | CondDef::Any(list) => list.iter().collect(),
            CondDef::Not(c) | CondDef::Beside(_, c) => vec![c],
            CondDef::Brackets(run) => vec![&run.each, &run.closed_by],
            CondDef::Reach { from, through, to, .. } => {
                let start = match from {
                    ReachFrom::Where(c) => Some(&**c),
                    ReachFrom::Here | ReachFrom::Moved => None,
                };
                [&**through, &**to].into_iter().chain(start).collect()
            }
            _ => Vec::new(),
        }
    }
}

fn once() -> u8 {
    1
}

/// What `Repeated` compares two positions by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Compared {
    /// The board, the phase and the player who made the decision.
    #[default]
    Position,
    /// The board and the phase alone, whoever moved (positional superko).
    Board,
}

/// A straight run from a field (not counting it) along one direction: one
/// or more fields in a row where `each` holds, closed by the next field,
/// where `closed_by` holds. A direction whose fields end (the board's edge)
/// or reach a field where neither holds makes no run. Used by the condition
/// `Brackets`, the effect `Claim` (`closed_by` as `CaptureRun`'s closing test).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Run")]
pub struct RunDef {
    /// The directions tried, each on its own (a group name stands for its members).
    pub dirs: Vec<String>,
    /// Of each field of the run (default `Enemy`).
    #[serde(default = "enemy")]
    pub each: CondDef,
    /// Of the field after the run's last (default `Own`).
    #[serde(default = "own")]
    pub closed_by: CondDef,
}

fn enemy() -> CondDef {
    CondDef::Enemy
}

fn own() -> CondDef {
    CondDef::Own
}

/// Where a `Reach` starts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum ReachFrom {
    /// The field under test (a condition on a field).
    #[default]
    Here,
    /// The field the last piece moved or placed ended on.
    Moved,
    /// Every field where the condition (on a field) holds: `Where(InZone("left"))`.
    Where(Box<CondDef>),
}

/// A value to compare an option with in `Is`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptValue {
    Bool(bool),
    Int(i64),
    Name(String),
}

/// A player, relative to the one the rule is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// The mover (after a move) or the player to move (at the start of a turn).
    Me,
    /// The other player, in a game of two (with more, say which: `Next`,
    /// `Previous`, `AnyOpponent`, `EveryOpponent`).
    Opponent,
    /// The player after me in the turn order.
    Next,
    /// The player before me in the turn order.
    Previous,
    /// A player by number, 1-based.
    Player(u8),
    /// The player who made the first move of the game.
    Starter,
    /// The other one, in a game of two.
    NotStarter,
    /// In a condition: it holds of at least one player not on my team.
    AnyOpponent,
    /// In a condition: it holds of every player not on my team.
    EveryOpponent,
}

/// The field a `Line` goes through.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Through {
    /// The field under test (a condition on a field).
    #[default]
    Here,
    /// The field the last piece moved or placed ended on (so: a line made by this move).
    Moved,
}
