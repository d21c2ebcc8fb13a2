//! Phases, turns, chance and the end of the game.

use super::{CondDef, MoveDef, Who};
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
    /// Where this holds, `fallback` applies piece by piece: a piece that has
    /// no move under `moves` may move by the fallback rules, beside the other
    /// pieces' ordinary moves. Otherwise (the default) only a player with no
    /// ordinary move at all uses them.
    #[serde(default = "never")]
    pub fallback_per_piece: CondDef,
    /// Turn filters: applied in order to the legal moves of each ordinary
    /// decision of the phase (not to throws or placements due; capture
    /// chains only by `MostCaptures`).
    #[serde(default)]
    pub filters: Vec<FilterDef>,
    /// Decisions a player makes in one turn (e.g. two placements).
    #[serde(default = "one")]
    pub decisions: u8,
    /// A chance device thrown at the start of every turn of this phase.
    #[serde(default)]
    pub throw: Option<String>,
    /// Checked when a turn ends: if it holds, play goes on in phase `next`.
    #[serde(default)]
    pub until: Option<CondDef>,
    #[serde(default)]
    pub next: Option<String>,
    /// Who moves first in the next phase.
    #[serde(default)]
    pub starts: Starter,
    /// After every move, pieces that cannot move are replaced by pieces of
    /// the other player's.
    #[serde(default)]
    pub replace_stuck: Option<ReplaceDef>,
}

/// Replacing pieces that cannot move: each (with its orientation) by a piece
/// of the other player's from their hand (never from the board); the removed
/// piece goes back to its owner's hand, or where `prisoners` holds, is kept by
/// the player who received the replacement (prisoners held both ways are
/// exchanged one for one). Where `grace` holds, a replacing piece is exempt
/// until its new owner has moved once; otherwise only the pieces of the player
/// who did not just move are checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplaceDef {
    #[serde(default = "always")]
    pub grace: CondDef,
    #[serde(default = "never")]
    pub prisoners: CondDef,
}

/// A turn filter: keeps some of the legal moves of a decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FilterDef {
    /// Keeps the moves after which `cond` holds: a condition on the game
    /// state, seen from the mover, on the board after the move and its
    /// captures and effects (one move of look-ahead). It applies only to a
    /// decision before which `only_if` holds (a state condition; default
    /// always). If no move passes, `otherwise` says what is left.
    RequireAfter {
        cond: CondDef,
        #[serde(default)]
        only_if: Option<CondDef>,
        #[serde(default)]
        otherwise: Otherwise,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// Mandatory capture: if a move captures, only the moves that capture.
    /// Where `huff` holds, capturing is not forced; instead a turn that
    /// leaves a capture unused forfeits a piece that could have made it
    /// (the one that moved, if it could; else the first found).
    Capture {
        #[serde(default = "never")]
        huff: CondDef,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// Maximum capture: only the turns that capture the most pieces, counted
    /// over the whole capture chain each move begins (and, within a chain,
    /// only the jumps that keep to such a chain).
    MostCaptures {
        #[serde(default)]
        when: Option<CondDef>,
    },
    // --- dice pools (issue 45) ---
    /// Only the moves that begin a turn spending as many values of the
    /// pool as can be spent, over the whole turn.
    MostValues {
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// Only the moves that begin a turn spending the highest total of the
    /// pool's values, over the whole turn (after `MostValues`: "if only one
    /// value can be used, the larger").
    HighestValues {
        #[serde(default)]
        when: Option<CondDef>,
    },
}

/// What a filter leaves when no move passes it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Otherwise {
    /// Every move stays legal (a rule that applies "if it can").
    #[default]
    KeepAll,
    /// No move is left: the player has no legal move (and passes, or loses by `NoMoves`).
    KeepNone,
}

fn always() -> CondDef {
    CondDef::True
}

fn never() -> CondDef {
    CondDef::False
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
    /// What the device looks like, for the editor to draw a throw.
    #[serde(default)]
    pub looks: Option<Looks>,
    pub outcomes: Vec<Outcome>,
    /// Devices are chosen by options: of those with one name, the one whose
    /// `when` holds is used.
    #[serde(default)]
    pub when: Option<CondDef>,
    // --- dice pools (issue 45) ---
    /// Thrown as this many dice (2 to 4), each giving one of the outcomes:
    /// the throw is a pool of values the turn spends one move at a time
    /// (see docs/language.md, "Dice pools"). One (the default) is a single throw.
    #[serde(default = "one")]
    pub dice: u8,
    /// Where this holds (a condition on options), a throw whose dice all
    /// show the same value gives each value twice (Backgammon's doubles).
    #[serde(default = "never")]
    pub doubles: CondDef,
}

/// What a chance device looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Looks {
    /// Two-sided sticks (or binary dice), this many; an outcome shows its
    /// value as the number of marked sides up, or none when the value is
    /// more than the sticks (as Senet's 6, or Tab's 6 when no stick shows).
    Sticks(u8),
    /// A die with numbered faces: an outcome shows its label on the top face.
    Die,
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
    pub again: Option<CondDef>,
    /// The throw counts nothing: it is thrown again at once.
    #[serde(default)]
    pub rethrow: bool,
    /// What the outcome sets (for an opening throw): orientations, who starts.
    #[serde(default)]
    pub set: Vec<SetDef>,
}

/// An action of a chance outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SetDef {
    /// The die on `field` shows `top` on top and `value` facing direction `facing`.
    Orient { field: String, top: u8, facing: String, value: u8 },
    /// This player moves first.
    Starts(Who),
}

/// An end condition: at `at`, if `cond` holds, the game ends with `result`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    pub at: When,
    pub cond: CondDef,
    pub result: EndResult,
    /// Why the game ended, in words, e.g. `"all enemy stones captured"`.
    pub reason: String,
    /// The winner's points: for each enemy piece on the board in a zone.
    #[serde(default)]
    pub score: Vec<ScoreDef>,
    /// Pieces moved before the result is worked out, in order (a mancala's
    /// remaining seeds going to the stores).
    #[serde(default)]
    pub gather: Vec<GatherDef>,
    #[serde(default)]
    pub when: Option<CondDef>,
}

/// When an end condition is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum When {
    /// After every decision, about the mover.
    AfterMove,
    /// When a player's turn begins, about that player.
    StartOfTurn,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndResult {
    Win(Who),
    Draw,
    /// The player with more pieces on the board wins; equal is a draw.
    MorePieces,
    /// The player with more pieces on the board wins; if equal, this player.
    MorePiecesOr(Who),
    /// The player has finished (all home, say) and takes the next place; the
    /// others play on. Partners finish together, when the last of them does;
    /// when one player or team is left, it takes the last place and the game ends.
    Finish(Who),
    /// Players placed by how many pieces (of any owner) stand on their
    /// version of the zone, most first; equal counts share a place.
    MostIn(String),
    /// Area scoring (issue 44: Go): players placed by their area, most
    /// first: their pieces on the board and the empty fields of each empty
    /// region (joined along `dirs`) that only their pieces border, plus each
    /// player's value of the counter `plus` names, if any (komi).
    MostArea {
        dirs: Vec<String>,
        #[serde(default)]
        plus: Option<String>,
    },
}

/// At the end: the pieces on every player's version of zone `from` go onto
/// the first field of a version of zone `to`: each player's own where
/// `player` is not given, else that player's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatherDef {
    pub from: String,
    pub to: String,
    #[serde(default)]
    pub player: Option<Who>,
}

/// Points for each enemy piece on the board in a zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreDef {
    pub zone: String,
    pub points: u16,
}
