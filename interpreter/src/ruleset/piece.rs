//! Piece kinds and the setup.

use super::{CondDef, Who};
use serde::{Deserialize, Serialize};

/// A kind of piece. Kinds have no owner; every piece on the board has one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    pub name: String,
    /// One letter for positions and boards as text: upper case for player 1,
    /// lower case for player 2.
    pub letter: char,
    /// Material value, used by evaluating agents.
    #[serde(default = "one")]
    pub value: i32,
    /// What happens to such a piece when it is captured: the first rule whose
    /// `when` holds. With none, the piece is removed (to the captor's prisoners).
    #[serde(default)]
    pub captured: Vec<CaptureRule>,
    /// A piece of this kind comes onto the board turned over (closed), as it
    /// is kept off the board.
    #[serde(default)]
    pub enters_flipped: bool,
    /// The piece is a six-sided die with a full orientation.
    #[serde(default)]
    pub die: Option<DieDef>,
    /// Pieces of this kind belong to no player (a mancala's seeds): they
    /// are set up with no `player`, count for nobody, are neither `Own` nor
    /// `Enemy`, and are moved by `Sow`, which any player may do where the
    /// rule allows. Captured, they are kept by the captor (`Remove`) or go
    /// to a store (`Store`).
    #[serde(default)]
    pub neutral: bool,
    /// A royal piece (issue 45): `RoyalAttacked` holds where one of the
    /// mover's stands on an attacked field (a king in check).
    #[serde(default)]
    pub royal: bool,
}

/// A die piece: opposite faces sum to 7; right-handed (1 on top, 2 facing
/// south, 3 east) unless `left_handed` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieDef {
    #[serde(default = "never")]
    pub left_handed: CondDef,
}

fn never() -> CondDef {
    CondDef::False
}

fn one() -> i32 {
    1
}

fn one_each() -> u8 {
    1
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureRule {
    pub to: CaptureTo,
    #[serde(default)]
    pub when: Option<CondDef>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CaptureTo {
    /// Off the board, kept by the captor as a prisoner.
    Remove,
    /// Turned over (now the captor's) into the captor's hand.
    ToHand,
    /// Back into its owner's hand, unturned, to come on again (a race game's
    /// hit piece): keyed to the captured piece's owner, whoever captured it.
    ToOwner,
    /// Turned over (now the captor's) and placed on the captor's version of the
    /// zone: into the first group with a free field, on the first free field of
    /// that group (`First`) or on one the captor chooses (`Captor`).
    Convert { zone: String, choose: Choose },
    /// Onto the first field of the captor's version of the zone, on top of
    /// what is there (a mancala's store); where that field is full, kept by
    /// the captor as with `Remove`.
    Store(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choose {
    First,
    Captor,
}

/// One line of the setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum SetupDef {
    /// Pieces of a player on the listed fields, `count` on each (default
    /// one). A neutral kind names no `player`.
    On {
        piece: String,
        #[serde(default)]
        player: Option<Who>,
        fields: Vec<String>,
        #[serde(default = "one_each")]
        count: u8,
        #[serde(default)]
        when: Option<CondDef>,
    },
    /// Pieces in a player's hand (reserve).
    Hand {
        piece: String,
        #[serde(default)]
        player: Option<Who>,
        count: u16,
        #[serde(default)]
        when: Option<CondDef>,
    },
}
