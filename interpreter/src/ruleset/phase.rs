//! Phases, turns, chance and the end of the game.

use super::{Cond, MoveDef, Who};
use serde::{Deserialize, Serialize};

/// A phase of the game: the moves allowed in it and when it ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    pub name: String,
    pub moves: Vec<MoveDef>,
    /// Move rules used only when no rule of `moves` gives a move.
    #[serde(default)]
    pub fallback: Vec<MoveDef>,
    /// Decisions a player makes in one turn (e.g. two placements).
    #[serde(default = "one")]
    pub decisions: u8,
    /// A chance device thrown at the start of every turn of this phase.
    #[serde(default)]
    pub throw: Option<String>,
    /// Checked when a turn ends: if it holds, play goes on in phase `next`.
    #[serde(default)]
    pub until: Option<Cond>,
    #[serde(default)]
    pub next: Option<String>,
    /// Who moves first in the next phase.
    #[serde(default)]
    pub starts: Starter,
}

fn one() -> u8 {
    1
}

/// Who moves first when a phase begins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Starter {
    /// The player after the one who ended the last turn.
    #[default]
    Next,
    /// A player by number, 1-based.
    Player(u8),
}

/// A chance device: outcomes with their weights (probability = weight / sum).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChanceDef {
    pub name: String,
    pub outcomes: Vec<Outcome>,
    /// Devices are chosen by options: of those with one name, the one whose
    /// `when` holds is used.
    #[serde(default)]
    pub when: Option<Cond>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// How the outcome is written in moves and records: `throw:<label>`.
    pub label: String,
    /// The distance it gives.
    pub value: u8,
    pub weight: u32,
    /// After a move with this throw, the same player throws again.
    #[serde(default)]
    pub again: Option<Cond>,
    /// The throw counts nothing: it is thrown again at once.
    #[serde(default)]
    pub rethrow: bool,
}

/// An end condition: at `at`, if `cond` holds, the game ends with `result`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    pub at: When,
    pub cond: Cond,
    pub result: EndResult,
    /// Why the game ended, in words, e.g. `"all enemy stones captured"`.
    pub reason: String,
    /// The winner's points: for each enemy piece on the board in a zone.
    #[serde(default)]
    pub score: Vec<ScoreDef>,
    #[serde(default)]
    pub when: Option<Cond>,
}

/// When an end condition is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum When {
    /// After every decision, about the mover.
    AfterMove,
    /// When a player's turn begins, about that player.
    StartOfTurn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndResult {
    Win(Who),
    Draw,
    /// The player with more pieces on the board wins; equal is a draw.
    MorePieces,
}

/// Points for each enemy piece on the board in a zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreDef {
    pub zone: String,
    pub points: u16,
}
