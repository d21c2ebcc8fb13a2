//! Batch self-play and its figures: `simulate` (random games, fast, for
//! speed figures) and `analyze`/`compare` (any agents, in parallel, with
//! confidence intervals and tests).

pub mod chart;
mod compare;
pub mod factorial;
pub mod ladder;
pub mod plan;
mod quality;
mod report;
mod run;
pub mod sequential;
pub mod stats;

pub use compare::{Comparison, MetricChange, Testing, compare};
pub use quality::Measures;
pub use report::Report;
pub use run::{Config, GameResult, Provenance, Results, play_game, run, run_games, run_until};
pub use stats::Correction;

use crate::agents::random_playout;
use crate::program::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// What N random games showed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub games: u32,
    /// Wins per player (partners who win together each count one).
    pub wins: Vec<u32>,
    pub draws: u32,
    /// Games that ended at the turn limit.
    pub by_limit: u32,
    /// Games that ended with a score for the winner (where the ruleset
    /// scores), and the sum of those scores.
    pub scored: u32,
    pub score_total: u64,
    /// Games cut at [`crate::agents::PLY_CAP`] plies without an end (a game with no turn limit).
    pub unfinished: u32,
    /// How many games ended for each reason, by the reason's text.
    pub reasons: Vec<(String, u32)>,
    pub total_plies: u64,
    pub seconds: f64,
    /// Where the ruleset plays matches (a game and its return game with the
    /// seats swapped): matches won by the side that sat first in player 1's
    /// seat, by the other side, and tied.
    pub matches: Option<[u32; 3]>,
}

impl Summary {
    pub fn mean_plies(&self) -> f64 {
        self.total_plies as f64 / f64::from(self.games.max(1))
    }

    /// The winner's mean score over the games that ended with one.
    pub fn mean_score(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.score_total as f64 / f64::from(self.scored))
    }

    pub fn playouts_per_second(&self) -> f64 {
        f64::from(self.games) / self.seconds.max(1e-9)
    }
}

/// The seed of game `i` of a run seeded with `seed`: each game has its own
/// stream, so results do not depend on how games are split over threads.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays `games` random games and sums them up.
pub fn simulate(game: &Game, games: u32, seed: u64) -> Summary {
    let start = Instant::now();
    let mut summary = Summary { games, wins: vec![0; game.players().len()], ..Summary::default() };
    let mut buf = Vec::new();
    let mut pair_score = 0i32;
    let mut state = game.initial_state();
    let mut reasons: Vec<(crate::state::Reason, u32)> = Vec::new();
    for i in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed, u64::from(i)));
        state.clone_from(&game.initial);
        random_playout(game, &mut state, &mut rng, &mut buf);
        summary.total_plies += u64::from(state.ply());
        let Some(o) = state.outcome() else {
            summary.unfinished += 1;
            continue;
        };
        if o.is_draw() {
            summary.draws += 1;
        }
        if let Some(score) = game.outcome_score(o) {
            summary.scored += 1;
            summary.score_total += u64::from(score);
        }
        o.winners().for_each(|p| summary.wins[usize::from(p)] += 1);
        if game.return_match() {
            // Side A plays player 1 in even games and player 2 in their return games.
            let a_seat = if i % 2 == 0 { 0 } else { 1 };
            pair_score += match o.winner() {
                Some(p) if p == a_seat => 1,
                Some(_) => -1,
                None => 0,
            };
            if i % 2 == 1 {
                let tally = summary.matches.get_or_insert([0; 3]);
                tally[match pair_score.signum() {
                    1 => 0,
                    -1 => 1,
                    _ => 2,
                }] += 1;
                pair_score = 0;
            }
        }
        if o.reason == crate::state::Reason::TurnLimit || game.reason_is_limit(o.reason) {
            summary.by_limit += 1;
        }
        match reasons.iter_mut().find(|(r, _)| *r == o.reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((o.reason, 1)),
        }
    }
    summary.seconds = start.elapsed().as_secs_f64();
    // Reasons become text once, after the clock: ends may share a text.
    for (reason, n) in reasons {
        let text = game.reason_text(reason);
        match summary.reasons.iter_mut().find(|(r, _)| *r == text) {
            Some((_, total)) => *total += n,
            None => summary.reasons.push((text, n)),
        }
    }
    summary
}

impl Game {
    /// Whether a game that ended for `reason` ended because of the turn limit.
    pub fn reason_is_limit(&self, reason: crate::state::Reason) -> bool {
        match reason {
            crate::state::Reason::TurnLimit => true,
            crate::state::Reason::End(i) => self.ends[usize::from(i)].test.mentions_limit(),
            crate::state::Reason::Blocked => false,
        }
    }
}
