//! Counters: named integers per game or per player (see `RulesetDef::counters`),
//! and the number-or-option values that set and compare them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A counter as declared at the top of a ruleset:
/// `(name: "quiet", per: Game)`, `(name: "score", per: Player, start: [0, Opt("komi")], min: -100)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterDef {
    pub name: String,
    /// One value for the game, or one for each player.
    pub per: Per,
    /// The value the game starts with: one for all, or (per player) a list,
    /// one a player in turn order. Default 0.
    #[serde(default)]
    pub start: Option<StartDef>,
    /// The least and the greatest value (from -1,000,000,000 to
    /// 1,000,000,000): an `Add` past them stops at them. Default 0 and 1,000,000,000.
    #[serde(default)]
    pub min: i64,
    #[serde(default = "most")]
    pub max: i64,
    #[serde(default)]
    pub doc: String,
}

fn most() -> i64 {
    1_000_000_000
}

/// Whose a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Per {
    /// One value for the whole game.
    Game,
    /// One value for each player.
    Player,
}

/// A counter's start: one value, or one per player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum StartDef {
    One(Num),
    Each(Vec<Num>),
}

/// A whole number written as such (`80`) or read from an integer option
/// (`Opt("draw_moves")`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Num {
    Const(i64),
    Opt(String),
}

/// How [`Num`] is written with its name (`Opt("x")`, `Const(3)`).
#[derive(Serialize, Deserialize)]
#[serde(rename = "Num")]
enum Tagged {
    Const(i64),
    Opt(String),
}

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Num::Const(n) => s.serialize_i64(*n),
            Num::Opt(name) => Tagged::Opt(name.clone()).serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Num {
    /// A bare number (`80`) or `Opt("name")` (`Const(80)` is read too); refused
    /// with a message that names the forms, since serde's own names none.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Num, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Number(i64),
            Tagged(Tagged),
        }
        match Either::deserialize(d) {
            Ok(Either::Number(n) | Either::Tagged(Tagged::Const(n))) => Ok(Num::Const(n)),
            Ok(Either::Tagged(Tagged::Opt(name))) => Ok(Num::Opt(name)),
            Err(_) => Err(serde::de::Error::custom(
                "expected a whole number (`80`) or an integer option's value (`Opt(\"name\")`)",
            )),
        }
    }
}

/// How a counter's value is compared in `Counter(name: .., is: ..)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Compare {
    /// The value is n or more.
    AtLeast(Num),
    /// The value is n or less.
    AtMost(Num),
    /// The value is n.
    Exactly(Num),
}
