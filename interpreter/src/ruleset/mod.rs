//! The RON schema: serde types for exactly what a ruleset may say.
//!
//! These are boundary types: they mirror the text a person writes, names and all.
//! [`crate::Game::compile`] checks them and lowers them to index-based tables.
//! Every struct denies unknown fields, so a typo is an error, not a silent default.

mod board;
mod cond;
mod counter;
mod marks;
mod moves;
mod phase;
mod piece;
pub(crate) mod scan;
pub mod template;

pub use board::PatternDef; // field patterns (issue 47)
pub use board::{
    BoardDef, Diagonals, FieldDef, FieldTypeDef, Hostile, LinkDef, Naming, Search, SendTo, WrapDef, ZoneDef,
};
pub use cond::{AttackedBy, Compared, CondDef, OptValue, ReachFrom, RunDef, Through, Who};
pub use counter::{Compare, CounterDef, Num, Per, StartDef};
pub use marks::MarkOn; // marks on a zone (issue 45: castling rights)
pub use marks::{ChainDir, Lasts, MarkDef, MoveField};
pub use moves::RunFrom; // approach and withdrawal (issue 45)
pub use moves::{
    Arrive, BringFrom, ContinueMode, Distance, EffectDef, Motion, MoveDef, OffCount, PlaceAt, Removal, Sides,
};
pub use moves::{Carry, OnJumped}; // stack moves (issue 45)
pub use phase::{
    ChanceDef, EndDef, EndResult, FilterDef, GatherDef, Looks, Otherwise, Outcome as ChanceOutcome, PhaseDef,
    ReplaceDef, ScoreDef, SetDef, Starter, When,
};
pub use piece::{CaptureRule, CaptureTo, Choose, DieDef, PieceDef, SetupDef};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::piece::MAX_PLAYERS;

/// A whole ruleset as written in a `.ron` file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Ruleset")]
pub struct RulesetDef {
    /// The language the ruleset is written in (see [`crate::migrate::LANGUAGE`]).
    #[serde(default)]
    pub language: Option<u32>,
    /// Short machine name, e.g. `"seega"`; used on the command line and in records.
    pub name: String,
    /// Title shown to people.
    pub title: String,
    /// One line saying what the game is.
    #[serde(default)]
    pub about: String,
    /// The rules in words, for people: how the game is played, where it comes
    /// from, what is uncertain. Shown beside the board in the editor.
    #[serde(default)]
    pub description: String,
    /// Player names in turn order (2 to 8); player 1 is the first.
    pub players: Vec<String>,
    /// The players' colours as `"#rrggbb"`, in the order of `players` (the
    /// colour of their pieces: name a player after it where the game does).
    #[serde(default)]
    pub colours: Vec<String>,
    /// Partners: teams share their results. Those whose `when` holds must
    /// put every player in one team; without any, each plays for themself.
    #[serde(default)]
    pub teams: Vec<TeamDef>,
    /// Named options: the open questions of a reconstruction.
    #[serde(default)]
    pub options: Vec<OptionDef>,
    pub board: BoardDef,
    /// How many pieces a field holds unless its field type says otherwise.
    /// (Read as a wide number so that one out of range is refused by name.)
    #[serde(default = "one")]
    pub stack_limit: u32,
    #[serde(default)]
    pub field_types: Vec<FieldTypeDef>,
    #[serde(default)]
    pub zones: Vec<ZoneDef>,
    /// Directions relative to the player: a name, and for each player in turn
    /// order the board directions it stands for (`"forward": [["N"], ["S"]]`).
    /// Move rules may use the name wherever they take directions.
    #[serde(default)]
    pub directions: BTreeMap<String, Vec<Vec<String>>>,
    /// Named conditions, used elsewhere as `Ref("name")`.
    #[serde(default)]
    pub conditions: BTreeMap<String, CondDef>,
    pub pieces: Vec<PieceDef>,
    /// Chance devices (throwing sticks, dice): outcomes with weights.
    #[serde(default)]
    pub chance: Vec<ChanceDef>,
    #[serde(default)]
    pub setup: Vec<SetupDef>,
    pub phases: Vec<PhaseDef>,
    /// End conditions, checked in order at the time each names.
    #[serde(default)]
    pub end: Vec<EndDef>,
    /// A chance device thrown once before the first move; its outcomes' `set`
    /// actions orient pieces and choose who starts.
    #[serde(default)]
    pub opening: Option<String>,
    /// Where this holds, a game is played as a match: the game and a return
    /// game with the players' seats swapped (for batch self-play).
    #[serde(default)]
    pub return_match: Option<CondDef>,
    /// The phase whose first decision is the game's first move, where the
    /// phases before it only set the board up (Seega's placement, Konane's
    /// removals): analyses count the first mover there. Default: the first
    /// decision of the game.
    #[serde(default)]
    pub first_move: Option<String>,
    // --- counters (issue 44) ---
    /// Named integers per game or per player, set and added to by move
    /// rules' effects (`Set`, `Add`) and compared by `Counter` conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<CounterDef>,
    // --- marks (issue 44) ---
    /// Marks: named flags on fields with a lifetime, set by `Mark` effects
    /// and tested by `Marked` (see [`MarkDef`]).
    #[serde(default)]
    pub marks: Vec<MarkDef>,
    // --- field patterns (issue 47) ---
    /// Colours drawn on the fields in turn (a chequered board), see [`PatternDef`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<PatternDef>,
}

fn one() -> u32 {
    1
}

/// A team: players by number (1-based) who win or lose together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamDef {
    pub name: String,
    pub players: Vec<u8>,
    #[serde(default)]
    pub when: Option<CondDef>,
}

/// A declared option. `when:` conditions and `Opt`/`Is` tests refer to it by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum OptionDef {
    Bool {
        name: String,
        default: bool,
        /// What a person reads for the option (default: its name).
        #[serde(default)]
        label: String,
        #[serde(default)]
        doc: String,
    },
    Int {
        name: String,
        default: i64,
        min: i64,
        max: i64,
        #[serde(default)]
        label: String,
        #[serde(default)]
        doc: String,
    },
    Choice {
        name: String,
        values: Vec<String>,
        default: String,
        #[serde(default)]
        label: String,
        /// What a person reads for each value, in the order of `values`
        /// (default: the values themselves).
        #[serde(default)]
        labels: Vec<String>,
        #[serde(default)]
        doc: String,
    },
}

impl OptionDef {
    pub fn name(&self) -> &str {
        match self {
            OptionDef::Bool { name, .. } | OptionDef::Int { name, .. } | OptionDef::Choice { name, .. } => name,
        }
    }

    pub fn doc(&self) -> &str {
        match self {
            OptionDef::Bool { doc, .. } | OptionDef::Int { doc, .. } | OptionDef::Choice { doc, .. } => doc,
        }
    }

    /// What a person reads for the option: its `label`, else its name.
    pub fn label(&self) -> &str {
        let (OptionDef::Bool { name, label, .. }
        | OptionDef::Int { name, label, .. }
        | OptionDef::Choice { name, label, .. }) = self;
        if label.is_empty() { name } else { label }
    }

    /// What a person reads for a value of a choice: its label where the
    /// ruleset gives labels, else the value itself.
    pub fn value_label<'a>(&'a self, value: &'a str) -> &'a str {
        match self {
            OptionDef::Choice { values, labels, .. } => {
                values.iter().position(|v| v == value).and_then(|i| labels.get(i)).map_or(value, String::as_str)
            }
            _ => value,
        }
    }
}
