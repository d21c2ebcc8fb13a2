//! Game records: ruleset + options + seed + moves, saved as RON, replayed exactly.

use crate::compile::read_ron;
use crate::game::Game;
use crate::m::Move;
use crate::options::Options;
use crate::state::State;
use crate::{Error, LoadError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A played game, as saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The ruleset's name.
    pub ruleset: String,
    /// The hash of the ruleset's text when the game was played.
    pub hash: String,
    /// Options that differ from their defaults.
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
}

impl Record {
    /// A record of `moves` played from the initial state of `game`.
    pub fn new(game: &Game, seed: Option<u64>, moves: &[Move]) -> Record {
        let mut state = game.initial_state();
        let mut texts = Vec::with_capacity(moves.len());
        for &m in moves {
            texts.push(game.move_text(m));
            game.play_unchecked(&mut state, m);
        }
        Record {
            ruleset: game.name().to_string(),
            hash: game.hash().to_string(),
            options: game.changed_options().iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            seed,
            moves: texts,
            result: state.outcome().map(|o| game.describe_outcome(o)),
        }
    }

    pub fn options(&self) -> Options {
        self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, crate::compile::ron_pretty()).expect("a record serialises")
    }

    pub fn from_ron(text: &str, source: &str) -> Result<Record, LoadError> {
        read_ron(text, source)
    }

    /// Replays the record on `game` (compiled under the record's options):
    /// refuses a changed ruleset, and names the first move that does not play.
    pub fn replay(&self, game: &Game) -> Result<(State, Vec<Move>), Error> {
        if game.name() != self.ruleset {
            return Err(Error::Record(format!("the record is of ruleset {:?}, not {:?}", self.ruleset, game.name())));
        }
        if game.hash() != self.hash {
            return Err(Error::Record(format!(
                "ruleset {:?} has changed since the record was made (hash {} then, {} now); it may not replay the same game",
                self.ruleset,
                self.hash,
                game.hash()
            )));
        }
        let mut state = game.initial_state();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let m = game
                .parse_move(&state, text)
                .map_err(|e| Error::Record(format!("move {} of the record: {e}", i + 1)))?;
            game.play_unchecked(&mut state, m);
            moves.push(m);
        }
        Ok((state, moves))
    }
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
        let verb = if winners.len() > 1 { "win" } else { "wins" };
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
    pub fn outcome_score(&self, o: crate::state::Outcome) -> Option<u16> {
        match o.reason {
            crate::state::Reason::End(i) if !o.is_draw() && !self.ends[usize::from(i)].score.is_empty() => {
                Some(o.score)
            }
            _ => None,
        }
    }
}
