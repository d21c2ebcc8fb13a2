//! Move rules and their effects.

use super::{CondDef, RunDef};
use serde::{Deserialize, Serialize};

/// A move rule: which pieces, how they go, where they may end, what follows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveDef {
    /// The kinds of piece this rule moves (the mover's own pieces).
    pub pieces: Vec<String>,
    pub by: Motion,
    /// What must hold of the field the move ends on (for `Lift`: the field
    /// the piece is taken from).
    #[serde(default = "empty")]
    pub to: CondDef,
    /// What must hold of the field the piece starts from.
    #[serde(default)]
    pub from: Option<CondDef>,
    /// A condition on the game state, for the mover: the rule applies only then.
    #[serde(default)]
    pub only_if: Option<CondDef>,
    /// What happens to an enemy stack on the field the piece lands on.
    #[serde(default)]
    pub on_enemy: Arrive,
    /// Effects after the piece has landed, in order.
    #[serde(default)]
    pub then: Vec<EffectDef>,
    #[serde(default)]
    pub when: Option<CondDef>,
    /// The rule in words, for people (shown beside the board in the editor).
    #[serde(default)]
    pub doc: String,
    // Stack moves (issue 45): which pieces of the stack move, and what a jump
    // does to a stack it jumps.
    /// How many pieces of the stack on the field it leaves move (default: the top one).
    #[serde(default, skip_serializing_if = "Carry::is_piece")]
    pub carry: Carry,
    /// What a jump does to an enemy stack it jumps over (default: captures it).
    #[serde(default, skip_serializing_if = "OnJumped::is_capture")]
    pub on_jumped: OnJumped,
}

/// Which pieces of the stack a move rule moves from the field it leaves
/// (a stack belongs to its top piece's owner, and moves as its top piece's kind).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Carry {
    /// The top piece alone.
    #[default]
    Piece,
    /// The whole stack (a column).
    Stack,
    /// The top n pieces (the whole stack where it holds fewer).
    Top(u8),
}

impl Carry {
    fn is_piece(&self) -> bool {
        *self == Carry::Piece
    }
}

/// What a jump does to an enemy stack it jumps over.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OnJumped {
    /// The whole stack is captured (each piece as its kind's `captured` says).
    #[default]
    Capture,
    /// Only its top piece is taken, prisoner: it goes under the captor's
    /// stack and moves with it; the pieces under it stay, their new top
    /// deciding whose the stack is.
    Prisoner,
}

impl OnJumped {
    fn is_capture(&self) -> bool {
        *self == OnJumped::Capture
    }
}

fn empty() -> CondDef {
    CondDef::Empty
}

/// How a piece moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Motion {
    /// One link in one of the directions.
    Step { dirs: Vec<String> },
    /// To the field at a grid offset `(columns, rows)`, over whatever lies
    /// between. With `symmetric` (the default) every reflection and swap of
    /// the offset counts too: `(2, 1)` is a knight's move.
    Leap {
        offsets: Vec<(i16, i16)>,
        #[serde(default = "yes")]
        symmetric: bool,
    },
    /// Any number of links in one direction over empty fields (`max` at
    /// most) where `pass` holds too.
    Slide {
        dirs: Vec<String>,
        #[serde(default)]
        max: Option<u8>,
        #[serde(default = "always")]
        pass: CondDef,
    },
    /// From the mover's hand onto the board, on top of the stack or under it.
    /// With `fall`, the piece then falls along that direction while the next
    /// field is empty (dropping into a column).
    Place {
        #[serde(default)]
        at: PlaceAt,
        #[serde(default)]
        fall: Option<String>,
    },
    /// From the board (anywhere in the stack) back into the mover's hand.
    Lift,
    /// From its field to any field of the board where `to` holds (flying).
    Fly,
    /// Exactly `distance` links in one of the directions, passing over fields
    /// where `pass` holds.
    Run {
        dirs: Vec<String>,
        #[serde(deserialize_with = "number_or_distance")]
        distance: Distance,
        #[serde(default = "always")]
        pass: CondDef,
    },
    /// Off the board past the end of the links in a direction: the step
    /// beyond the last field is the step off. `Exact` needs the distance to
    /// end there; `Remainder` lets a longer throw leave and the rest of it
    /// move another piece in the same turn. The piece goes to the `Off` pool.
    RunOff {
        dirs: Vec<String>,
        #[serde(deserialize_with = "number_or_distance")]
        distance: Distance,
        #[serde(default = "always")]
        pass: CondDef,
        count: OffCount,
    },
    /// Exactly `steps` steps along the directions' links, passing over fields
    /// where `pass` holds; where `turns` holds (a condition on options) the
    /// walk may change direction at each step, but it never uses a link twice
    /// (either way). A walk that would end on a `double` field goes on as many
    /// steps again (where `double_again` holds: and again, while it ends on one).
    /// Where `returns` holds (the default), a walk may come back to the field it
    /// started from (round a loop of links) and end there, if the piece may land
    /// on what it uncovers.
    Walk {
        dirs: Vec<String>,
        #[serde(deserialize_with = "number_or_distance")]
        steps: Distance,
        #[serde(default = "always")]
        turns: CondDef,
        #[serde(default = "always")]
        pass: CondDef,
        #[serde(default = "never")]
        double_again: CondDef,
        #[serde(default = "always")]
        returns: CondDef,
    },
    /// From the hand onto the board through an entry field (where `via`
    /// holds), which is the first of `steps` steps; the rest is a walk.
    /// `steps` is a number or a distance: `Throw` counts the throw along the
    /// track from the entry field (a throw of 1 enters on it).
    Enter {
        via: CondDef,
        #[serde(deserialize_with = "number_or_distance")]
        steps: Distance,
        dirs: Vec<String>,
        #[serde(default = "always")]
        turns: CondDef,
        #[serde(default = "always")]
        pass: CondDef,
    },
    /// Over one field where `over` holds (by default an enemy piece) to the
    /// field beyond it in the same direction, capturing what it jumped over.
    /// With `fly`, any number of empty fields may come before the jumped field
    /// and the piece may land on any empty field after it (a flying king).
    Jump {
        dirs: Vec<String>,
        #[serde(default = "enemy")]
        over: CondDef,
        #[serde(default)]
        fly: bool,
        // --- hops (issue 45: Halma) ---
        /// The piece jumped over stays, whoever owns it: a hop, which captures
        /// nothing (Halma). A `Continue` after it goes on with more hops.
        #[serde(default)]
        hop: bool,
    },
    /// The whole stack is taken from its field (a pit) and dropped one piece
    /// on each following field along the directions' links (a mancala's
    /// sowing), passing over the fields where `skip` holds and those that
    /// are full (a store of limit 0), and over the field it started from
    /// where `skip_origin` holds. The move ends on the field of the last
    /// piece: the effects and the landing field's type apply there. Any
    /// player may sow a stack of neutral pieces; `from` says where.
    Sow {
        dirs: Vec<String>,
        #[serde(default = "never")]
        skip: CondDef,
        #[serde(default = "never")]
        skip_origin: CondDef,
    },
    /// Off the board through an exit field (where `via` holds): a walk of
    /// `steps - 1` steps ending on the exit field, and the last step off. The
    /// piece goes back to the mover's hand. `steps` as for `Enter`.
    Exit {
        via: CondDef,
        #[serde(deserialize_with = "number_or_distance")]
        steps: Distance,
        dirs: Vec<String>,
        #[serde(default = "always")]
        turns: CondDef,
        #[serde(default = "always")]
        pass: CondDef,
    },

    // --- a voluntary pass (issue 44: Go) ---
    /// No piece moves: the player passes by choice (written `pass`, as a
    /// forced pass is). The rule's `pieces` is empty; its `only_if` says when.
    Pass,
}

fn always() -> CondDef {
    CondDef::True
}

fn enemy() -> CondDef {
    CondDef::Enemy
}

fn never() -> CondDef {
    CondDef::False
}

/// How far a piece goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Distance {
    Const(u8),
    /// The value of this turn's throw.
    Throw,
    /// The `steps` of the field type of the field the piece starts from.
    FieldSteps,
    /// The face of a die piece that points in the direction of the move.
    Face,
    /// The top face of a die piece.
    TopFace,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OffCount {
    /// The distance must end exactly one step past the last field.
    Exact,
    /// A longer throw leaves too, and the rest moves another piece.
    Remainder,
    /// A longer throw leaves too, and the rest is lost.
    Over,
}

/// A distance (a motion's `distance` or `steps`) written as a number (`5`,
/// the same as `Const(5)`, which is still read) or by what it is read from
/// (`Throw`). Refused with a message that lists the forms, since serde's own
/// ("did not match any variant") names none.
fn number_or_distance<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Distance, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Number(u8),
        Distance(Distance),
    }
    match Either::deserialize(d) {
        Ok(Either::Number(n)) => Ok(Distance::Const(n)),
        Ok(Either::Distance(d)) => Ok(d),
        Err(_) => Err(serde::de::Error::custom(
            "expected a distance: a number from 0 to 255 (`3`), `Throw`, `FieldSteps`, `Face` or `TopFace`",
        )),
    }
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaceAt {
    #[default]
    Top,
    Bottom,
}

/// What a piece does to an enemy stack it lands on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrive {
    /// The stack's pieces are captured (see each kind's `captured`).
    #[default]
    Capture,
    /// The mover goes on top.
    Stack,
    /// The enemy stack goes to the field the mover came from.
    Exchange,
}

/// An effect after a move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EffectDef {
    /// Capture by enclosure: in each direction, an enemy piece next to the
    /// landing field where `target` holds is captured (unless it stands on a
    /// safe field) when it is closed in: with `sides: Line` (custodian
    /// capture) by the field right behind it; with `sides: All` by every
    /// other neighbour along `dirs` (where `edge` holds, the board's edge
    /// closes too). A side is closed where `anvil` holds, or by a field
    /// hostile to the piece's owner.
    Enclose {
        dirs: Vec<String>,
        #[serde(default)]
        sides: Sides,
        #[serde(default = "enemy")]
        target: CondDef,
        #[serde(default = "own")]
        anvil: CondDef,
        #[serde(default = "never")]
        edge: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// If this move captured, the same piece moves again with a capturing
    /// move of the phase: `May` (the player may `stop`) or `Must` (if it can).
    /// Where `same_dir` holds, only in the direction of the move before;
    /// `direction` says the same or more: `Same` (as `same_dir: True`),
    /// `NotSame` (any direction but that one) or `Any`.
    /// `removal: AtEnd` leaves the pieces it jumped over on the board, marked,
    /// until the chain ends (they block, and are not jumped twice).
    Continue {
        mode: ContinueMode,
        #[serde(default = "never")]
        same_dir: CondDef,
        #[serde(default)]
        removal: Removal,
        #[serde(default)]
        when: Option<CondDef>,
        /// The direction rule of the chain (issue 44); none: as `same_dir` says.
        #[serde(default)]
        direction: Option<super::ChainDir>,
    },
    /// The moved piece becomes a piece of kind `to` where `on` holds of the
    /// field it ends on (a man reaching the far row is crowned). Where
    /// `ends_chain` holds (the default), a capture chain ends there. Where
    /// `at_end` holds (default false), the piece is crowned only where its
    /// move ends: a chain that goes on from the zone goes on with the piece
    /// as it was.
    Promote {
        to: String,
        on: CondDef,
        /// Choices inside the move (issue 45): the other kinds the piece may
        /// become instead of `to`, each a legal move of its own written with
        /// its letter, `e7-e8=N`; the piece's own kind listed makes promotion
        /// optional (`=P`: it stays as it was).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        or: Vec<String>,
        #[serde(default = "always")]
        ends_chain: CondDef,
        #[serde(default = "never")]
        at_end: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// The moved piece is turned over.
    Flip {
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// The moved die tips over in the direction of its move.
    Tip {
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// The moved die turns a quarter clockwise, seen from above.
    TurnClockwise {
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// If `if` (a condition on the game state after the move) holds, the
    /// mover chooses a field where `among` holds and captures the pieces on
    /// it, as an extra decision of the same turn; where `among` holds on no
    /// occupied field, among the fields where `otherwise` holds.
    CaptureChosen {
        #[serde(rename = "if", default = "always")]
        if_: CondDef,
        among: CondDef,
        #[serde(default = "never")]
        otherwise: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// Capture along a run of fields from where the move ended, where `on`
    /// holds of that field: the first field of the run is reached from it by
    /// one link of `start` (none: the field itself), each next one by a link
    /// of `step` (none: the run is one field); each stack where `if` holds is
    /// captured, and the run stops at the first where it does not. With
    /// `landed`, the stack the move ended on is captured too when the run
    /// took any. Where `keep_if` (a state condition, after the run) does not
    /// hold, the run captures nothing. With `closed_by`, the run is taken
    /// only if it is closed: the field after its last, where `if` fails,
    /// exists and `closed_by` holds there (as in a `Run`). Oware: the pits
    /// with 2 or 3 seeds, going back from the last one; Kalah: the pit
    /// opposite an empty one.
    CaptureRun {
        #[serde(default = "always")]
        on: CondDef,
        #[serde(default)]
        start: Vec<String>,
        #[serde(default)]
        step: Vec<String>,
        #[serde(rename = "if")]
        if_: CondDef,
        #[serde(default)]
        landed: bool,
        #[serde(default)]
        keep_if: Option<CondDef>,
        #[serde(default)]
        when: Option<CondDef>,
        // --- bracketed runs (issue 44) ---
        #[serde(default)]
        closed_by: Option<CondDef>,
        // --- spared fields of a run (issue 44, Copenhagen's shield wall) ---
        /// Fields of the run where `spare` holds belong to the run (it goes on
        /// past them) but their stacks are not taken: a king in a shield wall.
        #[serde(default)]
        spare: Option<CondDef>,
        // --- approach and withdrawal (issue 45) ---
        /// Where the run lies: from the landing field by `start` and `step`
        /// (`Landing`, the default), or along the move's own direction:
        /// `Ahead`, from the field beyond the landing onward; `Behind`, from
        /// the field behind the start, backward.
        #[serde(default)]
        from: RunFrom,
        /// A choice inside the move: the move is listed once per such run
        /// that takes something, its text ending `/` and this label
        /// (`c3-d3/A`), and only the run chosen is made; where none takes
        /// anything, once, plain (Fanorona's approach or withdrawal).
        #[serde(default)]
        choice: Option<String>,
    },
    /// If `on` holds of the field the piece ended on, a new piece of the same
    /// kind and orientation comes from the mover's hand onto the mover's
    /// version of `zone`: into the first group with a free field; the player
    /// picks the field if there are several, and may decline where `optional` holds.
    Spawn {
        on: CondDef,
        zone: String,
        #[serde(default = "never")]
        optional: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    // --- bracketed runs (issue 44) ---
    /// The top piece of every field of every closed run from the field the
    /// move ended on (see `RunDef`) changes owner to the mover where it
    /// stands, all runs at once (Reversi's flips):
    /// `Claim(run: Run(dirs: ["All"], each: Enemy, closed_by: Own))`.
    Claim {
        run: RunDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    // --- counters (issue 44) ---
    /// The counter becomes n (a counter per player: the player `who` names,
    /// default the mover): `Set(counter: "quiet", n: 0)`. Only where `if`
    /// (a condition on the game state after the move, default `True`) holds:
    /// `Set(counter: "quiet", n: 0, if: Ref("mill_made"))`.
    Set {
        counter: String,
        n: super::Num,
        #[serde(default)]
        who: Option<super::Who>,
        #[serde(default)]
        when: Option<CondDef>,
        /// (issue 48: a change only where a condition holds after the move)
        #[serde(rename = "if", default = "always")]
        if_: CondDef,
    },
    /// n is added to the counter (n may be negative); the value stops at the
    /// counter's `min` and `max`: `Add(counter: "quiet", n: 1)`. Only where
    /// `if` holds after the move, as for `Set`.
    Add {
        counter: String,
        n: super::Num,
        #[serde(default)]
        who: Option<super::Who>,
        #[serde(default)]
        when: Option<CondDef>,
        /// (issue 48: a change only where a condition holds after the move)
        #[serde(rename = "if", default = "always")]
        if_: CondDef,
    },

    // --- marks (issue 44) ---
    /// The fields `on` of this move (`From`, `To`, `Passed`) get the mark
    /// `mark` (declared in the ruleset's `marks`); `Zone("name")`: every
    /// field of the mover's version of that zone.
    Mark {
        mark: String,
        on: Vec<super::MarkOn>,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// The mark `mark` comes off the fields `on` of this move, or, without
    /// `on`, off every field.
    Unmark {
        mark: String,
        #[serde(default)]
        on: Option<Vec<super::MarkOn>>,
        #[serde(default)]
        when: Option<CondDef>,
    },

    // --- group capture (issue 44: Go) ---
    /// Every enemy group next to the field the move ended on (along `dirs`)
    /// that has no liberty is captured, each piece as its kind's `captured`
    /// says. A group: the fields topped by one player's pieces, joined along
    /// `dirs`; a liberty: an empty field next to one of them. Then, where
    /// `own` holds (a condition on options), the mover's own group on that
    /// field if it has no liberty (suicide: its pieces count as captured by the mover).
    CaptureGroups {
        dirs: Vec<String>,
        #[serde(default = "never")]
        own: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    // --- compound moves (issue 45) ---
    /// A second piece moved by the same move: the top piece of the field
    /// `from` names (`Ahead`: the first piece beyond the field the move
    /// ended on, along its direction) goes to the field `to` names (`Passed`:
    /// the last field the move passed; `From`: the field it left), where `if`
    /// (a condition on that piece's field, seen from the mover) holds.
    /// Castling's rook: `Bring(from: Ahead, to: Passed, if: Top(["Rook"]))`.
    Bring {
        from: BringFrom,
        to: super::MoveField,
        #[serde(default = "always", rename = "if")]
        if_: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
}

/// Where the piece a `Bring` moves stands (issue 45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BringFrom {
    /// The first piece beyond the field the move ended on, along its direction.
    Ahead,
}

/// Where a `CaptureRun` lies (issue 45: approach and withdrawal).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunFrom {
    /// From the field the move ended on, by the run's `start` and `step`.
    #[default]
    Landing,
    /// From the field beyond the landing, along the move's direction, onward.
    Ahead,
    /// From the field behind the move's start, against its direction, backward.
    Behind,
}

/// When the pieces jumped in a capture chain leave the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Removal {
    /// Each as it is jumped.
    #[default]
    AtOnce,
    /// All when the chain ends; until then they stay, marked.
    AtEnd,
}

/// Which sides of a piece close an enclosure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sides {
    /// The mover and the field beyond the piece, on a line.
    #[default]
    Line,
    /// The mover and every other neighbour along the directions.
    All,
}

fn own() -> CondDef {
    CondDef::Own
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContinueMode {
    May,
    Must,
}
