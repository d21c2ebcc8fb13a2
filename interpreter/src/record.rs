//! Game records: ruleset + options + seed + moves, saved as RON, replayed exactly.

use crate::compile::read_ron;
use crate::compile::rules::content_hash;
use crate::error::RecordError;
use crate::moves::Move;
use crate::options::Options;
use crate::program::Game;
use crate::state::State;
use crate::{Error, LoadError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A played game, as saved.
///
/// A record carries the rules it was played under: every option's value and
/// the ruleset's text, so that it replays the same game after the ruleset or
/// one of its defaults has changed. Records made before these were kept
/// (issue 12) name only the options that differ from their defaults and
/// carry no text: they replay on the ruleset at hand if it is still the same
/// text (the same hash), the missing options taking its defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The ruleset's name.
    pub ruleset: String,
    /// The hash of the ruleset's text when the game was played.
    pub hash: String,
    /// Every option's value (in older records: those that differ from their defaults).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The seed the players' randomness came from, if any.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The moves in their text form, chance outcomes included.
    pub moves: Vec<String>,
    /// How the game ended, in words (informative; replay computes it again).
    #[serde(default)]
    pub result: Option<String>,
    /// The ruleset's text as played (absent in older records).
    #[serde(default)]
    pub rules: Option<String>,
}

impl Record {
    /// A record of `moves` played from the initial state of `game`.
    pub fn new(game: &Game, seed: Option<u64>, moves: &[Move]) -> Record {
        let mut state = game.initial_state();
        let mut texts = Vec::with_capacity(moves.len());
        for &m in moves {
            texts.push(game.move_text_in(&state, m));
            game.play_unchecked(&mut state, m);
        }
        Record {
            ruleset: game.name().to_string(),
            hash: game.hash().to_string(),
            options: game.option_texts(),
            seed,
            moves: texts,
            result: state.outcome().map(|o| game.describe_outcome(o)),
            rules: Some(game.source_text().to_string()),
        }
    }

    pub fn options(&self) -> Options {
        self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, crate::compile::ron_pretty()).expect("a record serialises")
    }

    pub fn from_ron(text: &str, source: &str) -> Result<Record, LoadError> {
        read_ron(crate::compile::without_bom(text), source)
    }

    /// The game the record was played under, compiled with the record's
    /// options: from `at_hand` (a source name and ruleset text) if given,
    /// else from the text the record carries. [`Record::replay`] then checks
    /// that it is the same ruleset.
    pub fn game(&self, at_hand: Option<(&str, &str)>) -> Result<Game, Error> {
        let (source, text) = match (at_hand, &self.rules) {
            (Some((source, text)), _) => (source.to_string(), text),
            (None, Some(text)) => {
                if content_hash(text) != self.hash {
                    return Err(RecordError::Edited { hash: self.hash.clone() }.into());
                }
                (format!("{} (as recorded)", self.ruleset), text.as_str())
            }
            (None, None) => {
                return Err(RecordError::NoRules { ruleset: self.ruleset.clone() }.into());
            }
        };
        // A copy written in an older form of the language replays in today's:
        // the same rules, so the game keeps the recorded text's identity.
        if crate::migrate::old_constructs(text).is_empty() {
            return Game::from_source(text, &source, &self.options());
        }
        let mut game = Game::from_source(&crate::migrate::migrate(text).0, &source, &self.options())?;
        game.hash = crate::compile::rules::content_hash(text);
        Ok(game)
    }

    /// Replays the record on `game` (compiled under the record's options):
    /// refuses a changed ruleset, and names the first move that does not play.
    pub fn replay(&self, game: &Game) -> Result<(State, Vec<Move>), Error> {
        if game.name() != self.ruleset {
            let (recorded, given) = (self.ruleset.clone(), game.name().to_string());
            return Err(RecordError::OtherRuleset { recorded, given }.into());
        }
        if game.hash() != self.hash {
            return Err(RecordError::Changed {
                ruleset: self.ruleset.clone(),
                then: self.hash.clone(),
                now: game.hash().to_string(),
                carries_rules: self.rules.is_some(),
            }
            .into());
        }
        let mut state = game.initial_state();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let m = game.parse_move(&state, text).map_err(|error| RecordError::Move { number: i + 1, error })?;
            game.play_unchecked(&mut state, m);
            moves.push(m);
        }
        Ok((state, moves))
    }
}

/// Whether a player's name is a plural noun ("Attackers", "Hounds"), which
/// takes "win": an English plural in -s, not -ss, -us or -is ("Boss", "Marcus").
fn plural_name(name: &str) -> bool {
    let last = name.trim().rsplit(' ').next().unwrap_or_default();
    last.len() > 2 && last.ends_with('s') && !["ss", "us", "is"].iter().any(|end| last.to_lowercase().ends_with(end))
}

impl Game {
    /// "White wins: all enemy stones captured", "draw: turn limit reached";
    /// where the end scores, with the winner's points: "Green wins: all
    /// pieces borne off; score 7".
    pub fn describe_outcome(&self, o: crate::state::Outcome) -> String {
        let reason = self.reason_text(o.reason);
        if o.is_draw() {
            return format!("draw: {reason}");
        }
        let score = self.outcome_score(o).map_or(String::new(), |points| format!("; score {points}"));
        let name = |p: usize| self.players[p].as_str();
        let winners: Vec<&str> = o.winners().map(|p| name(usize::from(p))).collect();
        // "Attackers win", "Black wins" (a record's stored result is only
        // informative: one written "Attackers wins" still reads).
        let verb = if winners.len() > 1 || winners.first().is_some_and(|w| plural_name(w)) { "win" } else { "wins" };
        if self.players.len() == 2 || !self.team_names.is_empty() && winners.len() > 1 {
            return format!("{} {verb}: {reason}{score}", winners.join(" and "));
        }
        // More than two players: the whole ranking.
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&p| o.places[p]);
        let ranking: Vec<String> = order.iter().map(|&p| format!("{}. {}", o.places[p], name(p))).collect();
        format!("{} {verb}: {reason}{score} ({})", winners.join(" and "), ranking.join(", "))
    }

    /// The winner's points, where the end condition that ended the game scores.
    #[inline]
    pub fn outcome_score(&self, o: crate::state::Outcome) -> Option<u16> {
        match o.reason {
            crate::state::Reason::End(i) if !o.is_draw() && !self.ends[usize::from(i)].score.is_empty() => {
                Some(o.score)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod plural_tests {
    #[test]
    fn a_plural_player_name_takes_win() {
        for name in ["Attackers", "Defenders", "Hounds", "the Jackals"] {
            assert!(super::plural_name(name), "{name}");
        }
        for name in ["White", "Black", "Fox", "Boss", "Marcus", "Isis", "South"] {
            assert!(!super::plural_name(name), "{name}");
        }
    }
}
