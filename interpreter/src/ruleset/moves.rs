//! Move rules and their effects.

use super::Cond;
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
    pub to: Cond,
    /// What happens to an enemy stack on the field the piece lands on.
    #[serde(default)]
    pub on_enemy: Arrive,
    /// Effects after the piece has landed, in order.
    #[serde(default)]
    pub then: Vec<EffectDef>,
    #[serde(default)]
    pub when: Option<Cond>,
}

fn empty() -> Cond {
    Cond::Empty
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
    /// Any number of links in one direction over empty fields (`max` at most).
    Slide {
        dirs: Vec<String>,
        #[serde(default)]
        max: Option<u8>,
    },
    /// From the mover's hand onto the board, on top of the stack or under it.
    Place {
        #[serde(default)]
        at: PlaceAt,
    },
    /// From the board (anywhere in the stack) back into the mover's hand.
    Lift,
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
}

/// An effect after a move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EffectDef {
    /// Custodian capture: in each direction, an enemy piece next to the
    /// landing field with one of the mover's pieces right behind it is
    /// captured, unless it stands on a safe field.
    Custodian {
        dirs: Vec<String>,
        #[serde(default)]
        when: Option<Cond>,
    },
    /// If this move captured, the same piece moves again with a capturing
    /// move of the phase: `May` (the player may `stop`) or `Must` (if it can).
    Continue {
        mode: ContinueMode,
        #[serde(default)]
        when: Option<Cond>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContinueMode {
    May,
    Must,
}
