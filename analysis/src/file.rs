//! Results files (`analyze --save`, shards, `merge`, `--resume`): written
//! so that reading them back gives the very same numbers, and read as hostile
//! input. Every count, index and size a file claims is checked against the
//! rest of the file (and, where the ruleset is at hand, against it) before
//! anything is indexed or allocated by it, so that a damaged or hand-edited
//! file is an error naming the field, never a panic, a huge allocation or a
//! wrong report.

use super::run::{Config, GameResult, Results, show_shard};
use std::collections::{BTreeMap, HashSet};
use tabula::Game;
use tabula::MAX_PLAYERS;
use tabula::agents::PLY_CAP;

impl Results {
    /// The results as a results file's text (JSON). Floats are written so
    /// that [`Results::from_json`] reads them back bit for bit (serde_json's
    /// `float_roundtrip`), which is what makes a merged or resumed run equal
    /// the one played in one go.
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(self).map_err(|e| format!("the results as JSON: {e}"))
    }

    /// Reads a results file's text and checks it ([`Results::check`]).
    pub fn from_json(text: &str) -> Result<Results, String> {
        let results: Results = serde_json::from_str(text).map_err(|e| format!("not a results file: {e}"))?;
        results.check()?;
        Ok(results)
    }

    /// Checks what a results file claims, so that a damaged or hand-edited
    /// file is an error rather than a panic or a wrong report: the players,
    /// the shard, each game's index (in the run, once), and each game's
    /// per-player lists, players, places and counts against each other.
    pub fn check(&self) -> Result<(), String> {
        let players = self.players.len();
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(format!("`players` has {players} names: expected 1 to {MAX_PLAYERS}"));
        }
        if let Some((i, n)) = self.config.shard {
            if n == 0 || i >= n {
                return Err(format!("`config.shard` [{i}, {n}]: expected [I, N] with 0 <= I < N"));
            }
        }
        for &(i, n) in &self.missing_shards {
            if n == 0 || i >= n || self.config.shard.is_some() {
                return Err(format!(
                    "`missing_shards` [{i}, {n}]: expected shards [I, N] with 0 <= I < N, in a merged run only"
                ));
            }
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(format!("`seconds` {}: expected a time of zero or more", self.seconds));
        }
        if let Some(changed) = &self.changed {
            if let Some((k, v)) = changed.iter().find(|(k, v)| self.options.get(*k) != Some(*v)) {
                return Err(format!("`changed`: option `{k}` = `{v}` is not so in `options`"));
            }
        }
        let indices = self.config.indices();
        // Sized by the games in the file, never by the count the file claims.
        let mut seen = HashSet::with_capacity(self.games.len());
        for (k, g) in self.games.iter().enumerate() {
            let at = |e: String| format!("`games[{k}]` (game {}): {e}", g.index);
            if !indices.contains(&g.index) {
                return Err(at(format!(
                    "`index` {}: expected one of the games {}..{} of this run",
                    g.index, indices.start, indices.end
                )));
            }
            if !seen.insert(g.index) {
                return Err(at("given twice".into()));
            }
            check_game(g, players, PLY_CAP).map_err(at)?;
        }
        Ok(())
    }

    /// Checks the results against the ruleset they claim to be of: its
    /// players, by name, and its turn limit (no game longer than it).
    pub fn check_against(&self, game: &Game) -> Result<(), String> {
        if self.players != game.players() {
            return Err(format!(
                "`players` {:?}: the ruleset `{}` names its players {:?}",
                self.players,
                game.name(),
                game.players()
            ));
        }
        let limit = match game.max_plies() {
            0 => PLY_CAP,
            n => n.min(PLY_CAP),
        };
        for (k, g) in self.games.iter().enumerate() {
            if g.plies > limit {
                return Err(format!(
                    "`games[{k}]` (game {}): `plies` {}: expected at most {limit}, the game's turn limit",
                    g.index, g.plies
                ));
            }
        }
        Ok(())
    }

    /// The ruleset the results were played on, compiled from the text they
    /// carry with their options; `None` for an older file without the text,
    /// or one whose text this Tabula no longer compiles (an older language):
    /// such a file is checked by [`Results::check`] alone.
    pub fn saved_game(&self) -> Option<Game> {
        let options: tabula::Options = self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        Game::from_source(self.rules.as_deref()?, &self.ruleset, &options).ok()
    }

    /// [`Results::check`], then, where the file carries a ruleset text that
    /// compiles, [`Results::check_against`] it and that its hash is the
    /// file's.
    pub fn check_with_saved_game(&self) -> Result<(), String> {
        self.check()?;
        let Some(game) = self.saved_game() else { return Ok(()) };
        if game.hash() != self.hash {
            return Err(format!(
                "`hash` {}: the ruleset text in `rules` has the hash {}: the file was edited",
                self.hash,
                game.hash()
            ));
        }
        self.check_against(&game)
    }
}

/// What tells one run from another: what [`Results::same_run`] compares.
pub struct RunKey<'a> {
    pub ruleset: &'a str,
    pub hash: &'a str,
    pub options: &'a BTreeMap<String, String>,
    pub players: &'a [String],
    pub config: &'a Config,
}

impl<'a> RunKey<'a> {
    pub fn of(results: &'a Results) -> RunKey<'a> {
        RunKey {
            ruleset: &results.ruleset,
            hash: &results.hash,
            options: &results.options,
            players: &results.players,
            config: &results.config,
        }
    }

    /// Where two runs differ, in words, one entry per field (the shard
    /// left out: the shards of one run differ in it). `mine` and `theirs`
    /// name the two sides ("in a.json", "asked").
    pub fn differences(&self, other: &RunKey, mine: &str, theirs: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut differ = |what: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{what}: {a} {mine}, {b} {theirs}"));
            }
        };
        differ("the ruleset", format!("`{}`", self.ruleset), format!("`{}`", other.ruleset));
        differ("the ruleset's hash", self.hash.to_string(), other.hash.to_string());
        let keys: std::collections::BTreeSet<&String> = self.options.keys().chain(other.options.keys()).collect();
        for k in keys {
            let value = |o: &BTreeMap<String, String>| o.get(k).map_or("not set".to_string(), |v| format!("`{v}`"));
            differ(&format!("option `{k}`"), value(self.options), value(other.options));
        }
        differ("the players", format!("{:?}", self.players), format!("{:?}", other.players));
        let (a, b) = (self.config, other.config);
        differ("the agents", a.agents.join(","), b.agents.join(","));
        differ("the games", a.games.to_string(), b.games.to_string());
        differ("the seed", a.seed.to_string(), b.seed.to_string());
        let swap = |s: bool| if s { "swapped".to_string() } else { "not swapped".to_string() };
        differ("the sides (--swap-sides)", swap(a.swap_sides), swap(b.swap_sides));
        out
    }

    /// [`RunKey::differences`] and the shard: where a part of a run (a saved
    /// one to go on with) and another part differ.
    pub fn part_differences(&self, other: &RunKey, mine: &str, theirs: &str) -> Vec<String> {
        let mut out = self.differences(other, mine, theirs);
        let (a, b) = (self.config.shard, other.config.shard);
        if a != b {
            out.push(format!("the shard: {} {mine}, {} {theirs}", show_shard(a), show_shard(b)));
        }
        out
    }
}

/// Checks one game of a run of `players` players, longest `longest` plies.
fn check_game(g: &GameResult, players: usize, longest: u32) -> Result<(), String> {
    for (name, len) in
        [("seats", g.seats.len()), ("pieces_start", g.pieces_start.len()), ("pieces_end", g.pieces_end.len())]
    {
        if len != players {
            return Err(format!("`{name}` has {len} entries: expected one per player ({players})"));
        }
    }
    if g.seats.iter().any(|&a| a > 1) {
        return Err(format!("`seats` {:?}: expected 0 (agent A) or 1 (agent B) for each player", g.seats));
    }
    // Files before places were kept have none: such a game reads as not won.
    if !(g.places.is_empty() || (g.places.len() == players && !g.unfinished)) {
        return Err(format!(
            "`places` has {} entries: expected one per player ({players}) in a finished game, none in an unfinished one",
            g.places.len()
        ));
    }
    if !g.places.is_empty() && (g.places.iter().any(|&p| p == 0 || usize::from(p) > players) || !g.places.contains(&1))
    {
        return Err(format!("`places` {:?}: expected each player's place, 1 (first) to {players}", g.places));
    }
    if let Some(w) = g.winner {
        let placed =
            if g.places.is_empty() { usize::from(w) < players } else { g.places.get(usize::from(w)) == Some(&1) };
        if !placed || g.unfinished {
            return Err(format!(
                "`winner` {w}: expected a player from 0 to {} placed first in `places`, in a finished game",
                players - 1
            ));
        }
    }
    // The winner is the one player placed first, where one alone is (the CSV
    // reads `winner`, the report `places`: they must tell the same game).
    if !g.places.is_empty() {
        let mut first = (0..players).filter(|&p| g.places[p] == 1);
        let alone = match (first.next(), first.next()) {
            (Some(p), None) if players > 1 => u8::try_from(p).ok(),
            _ => None,
        };
        if g.winner != alone {
            return Err(format!(
                "`winner` {:?}: `places` {:?} make the winner {alone:?} (the one player placed first, if one alone is)",
                g.winner, g.places
            ));
        }
    }
    // A game either ended (by the turn limit or otherwise) or was cut unfinished.
    if g.by_limit && g.unfinished {
        return Err("`by_limit` and `unfinished` are both true: a game cut unfinished did not end by the limit".into());
    }
    if usize::from(g.first) >= players {
        return Err(format!("`first` {}: expected a player from 0 to {}", g.first, players - 1));
    }
    if g.plies > longest {
        return Err(format!("`plies` {}: expected at most {longest} (no game is played longer)", g.plies));
    }
    let counted = [("repeated", g.repeated), ("quality.lead_changes", g.quality.lead_changes)];
    if let Some((name, n)) = counted.into_iter().find(|&(_, n)| n > g.decisions) {
        return Err(format!("`{name}` {n}: expected at most one per decision ({})", g.decisions));
    }
    // Each decision had one legal move at least and at most the most seen.
    let most = u64::from(g.decisions) * u64::from(g.max_branching);
    if g.moves_seen < u64::from(g.decisions) || g.moves_seen > most {
        return Err(format!(
            "`moves_seen` {}: expected from `decisions` ({}) to `decisions` times `max_branching` ({most})",
            g.moves_seen, g.decisions
        ));
    }
    let q = &g.quality;
    for (name, share) in [("drama", q.drama), ("decided_share", q.decided_share), ("coverage", q.coverage)] {
        if !(0.0..=1.0).contains(&share) {
            return Err(format!("`quality.{name}` {share}: expected a share from 0 to 1"));
        }
    }
    Ok(())
}
