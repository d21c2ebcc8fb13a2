//! Batch self-play and its figures: `simulate` (random games, fast, for
//! speed figures) and `analyze`/`compare` (any agents, in parallel, with
//! confidence intervals and tests), their charts and their results files.
//!
//! A crate of its own over `tabula`'s public API: the interpreter plays
//! games; what is measured over many of them, and how it is shown and kept,
//! is the application's.

pub mod chart;
mod compare;
pub mod factorial;
mod file;
pub mod ladder;
pub mod plackett_luce;
pub mod plan;
mod quality;
mod report;
mod run;
pub mod sequential;
pub mod stats;
pub mod strengths;
pub mod terms;

pub use compare::{Comparison, MetricChange, Testing, compare, metric_names, metrics_per_variant};
pub use file::RunKey;
pub use quality::Measures;
pub use report::Report;
pub use run::{Config, GameResult, Provenance, Results, play_game, run, run_games, run_until};
pub use stats::Correction;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;
use tabula::Game;
use tabula::agents::random_playout;

/// The random number generator [`simulate`]'s games draw from. A seed gives
/// the same games only under the same generator, so a run names it; each
/// game seeds its own, from [`game_seed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Generator {
    /// xoshiro256++, seeded by SplitMix64: a few instructions to seed and
    /// to draw, where short games play a million a second (the default
    /// since 2026-11-27).
    #[default]
    Xoshiro256PlusPlus,
    /// ChaCha8, seeded by PCG32 (`rand`'s `seed_from_u64`): `simulate`'s
    /// generator before 2026-11-27, to play a seed of then again. Its
    /// seeding and first block of 64 words cost about 600 instructions a game.
    ChaCha8,
}

impl Generator {
    pub const ALL: [Generator; 2] = [Generator::Xoshiro256PlusPlus, Generator::ChaCha8];

    /// The name the command line takes and prints.
    pub fn name(self) -> &'static str {
        match self {
            Generator::Xoshiro256PlusPlus => "xoshiro256++",
            Generator::ChaCha8 => "chacha8",
        }
    }
}

impl std::str::FromStr for Generator {
    type Err = String;

    fn from_str(text: &str) -> Result<Generator, String> {
        Generator::ALL.into_iter().find(|g| g.name() == text).ok_or_else(|| {
            let names: Vec<_> = Generator::ALL.iter().map(|g| g.name()).collect();
            format!("no generator `{text}`: expected one of {}", names.join(", "))
        })
    }
}

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
    /// Games cut at [`tabula::agents::PLY_CAP`] plies without an end (a game with no turn limit).
    pub unfinished: u32,
    /// How many games ended for each reason, by the reason's text.
    pub reasons: Vec<(String, u32)>,
    pub total_plies: u64,
    /// The turns of all games (issue 48: see `Game::turns_played`).
    pub total_turns: u64,
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

    /// The mean length in turns (whole moves: see `Game::turns_played`).
    pub fn mean_turns(&self) -> f64 {
        self.total_turns as f64 / f64::from(self.games.max(1))
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

/// Plays `games` random games and sums them up, drawing from the default [`Generator`].
pub fn simulate(game: &Game, games: u32, seed: u64) -> Summary {
    simulate_with(game, games, seed, Generator::default())
}

/// [`simulate`] drawing from `generator`.
pub fn simulate_with(game: &Game, games: u32, seed: u64, generator: Generator) -> Summary {
    match generator {
        Generator::Xoshiro256PlusPlus => simulate_by::<Xoshiro256PlusPlus>(game, games, seed),
        Generator::ChaCha8 => simulate_by::<ChaCha8Rng>(game, games, seed),
    }
}

fn simulate_by<R: RngCore + SeedableRng>(game: &Game, games: u32, seed: u64) -> Summary {
    let start = Instant::now();
    let mut summary = Summary { games, wins: vec![0; game.players().len()], ..Summary::default() };
    let mut buf = Vec::new();
    let mut pair_score = 0i32;
    let mut state = game.initial_state();
    let mut reasons: Vec<(tabula::Reason, u32)> = Vec::new();
    for i in 0..games {
        let mut rng = R::seed_from_u64(game_seed(seed, u64::from(i)));
        game.restart(&mut state);
        random_playout(game, &mut state, &mut rng, &mut buf);
        summary.total_plies += u64::from(state.ply());
        summary.total_turns += u64::from(game.turns_played(&state));
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
        match reasons.iter_mut().find(|(r, _)| *r == o.reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((o.reason, 1)),
        }
    }
    summary.seconds = start.elapsed().as_secs_f64();
    // Reasons become text once, after the clock (ends may share a text), and
    // whether a reason is the turn limit is asked once per reason, not per game.
    for (reason, n) in reasons {
        if game.reason_is_limit(reason) {
            summary.by_limit += n;
        }
        let text = game.reason_text(reason);
        match summary.reasons.iter_mut().find(|(r, _)| *r == text) {
            Some((_, total)) => *total += n,
            None => summary.reasons.push((text, n)),
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `simulate_with(game, games, seed, R's generator)` played game by game: game `i` from `R`
    /// seeded by [`game_seed`]; each player's wins, the draws and the plies.
    fn by_hand<R: RngCore + SeedableRng>(game: &Game, games: u32, seed: u64) -> (Vec<u32>, u32, u64) {
        let (mut wins, mut draws, mut plies) = (vec![0; game.players().len()], 0, 0);
        for i in 0..games {
            let (mut state, mut buf) = (game.initial_state(), Vec::new());
            random_playout(game, &mut state, &mut R::seed_from_u64(game_seed(seed, u64::from(i))), &mut buf);
            let o = state.outcome().expect("a shipped game ends");
            o.winners().for_each(|p| wins[usize::from(p)] += 1);
            draws += u32::from(o.is_draw());
            plies += u64::from(state.ply());
        }
        (wins, draws, plies)
    }

    #[test]
    fn each_game_draws_from_the_generator_named_seeded_by_its_own_seed() {
        let game = tabula::shipped::game("senet", &Default::default()).expect("senet");
        let sim = |generator| {
            let s = simulate_with(&game, 40, 9, generator);
            (s.wins, s.draws, s.total_plies)
        };
        let (fast, old) = (sim(Generator::Xoshiro256PlusPlus), sim(Generator::ChaCha8));
        assert_eq!(fast, by_hand::<Xoshiro256PlusPlus>(&game, 40, 9));
        assert_eq!(old, by_hand::<ChaCha8Rng>(&game, 40, 9));
        assert_eq!(simulate(&game, 40, 9).total_plies, fast.2, "xoshiro256++ is the default");
        assert_ne!(fast, old, "the two generators play other games");
    }

    #[test]
    fn games_at_the_turn_limit_are_counted_as_such() {
        // Seega at 8 plies ends at the limit by a rule that reads it (more
        // stones wins); Tic-Tac-Toe at 7 by the limit itself or by a line before it.
        // (`all`: every game at the limit; else 19 of the 30 at seed 4.)
        for (name, limit, all) in [("seega", "8", true), ("classic/tic-tac-toe", "7", false)] {
            let options = [("max_plies".to_string(), limit.to_string())].into_iter().collect();
            let game = tabula::shipped::game(name, &options).expect(name);
            let at_limit = (0..30u64)
                .filter(|&i| {
                    let (mut state, mut buf) = (game.initial_state(), Vec::new());
                    random_playout(
                        &game,
                        &mut state,
                        &mut Xoshiro256PlusPlus::seed_from_u64(game_seed(4, i)),
                        &mut buf,
                    );
                    let reason = state.outcome().expect("over").reason;
                    game.reason_is_limit(reason)
                })
                .count();
            assert_eq!(at_limit, if all { 30 } else { 19 }, "{name}");
            assert_eq!(simulate(&game, 30, 4).by_limit as usize, at_limit, "{name}");
        }
    }

    /// What `tabula simulate NAME --games N --seed 5` printed: with ChaCha8
    /// before the generator was named (d7c2808), which `--generator chacha8`
    /// must play again; with xoshiro256++ since (a change of `rand_xoshiro`'s
    /// seeding would change every seeded run, the README's example too).
    #[test]
    fn a_seed_plays_the_games_it_played() {
        let runs = [
            (Generator::ChaCha8, "classic/tic-tac-toe", 100, [57, 36], 7, "7.4"),
            (Generator::ChaCha8, "senet", 20, [11, 9], 0, "171.0"),
            (Generator::Xoshiro256PlusPlus, "classic/tic-tac-toe", 100, [51, 33], 16, "7.6"),
            (Generator::Xoshiro256PlusPlus, "senet", 20, [9, 11], 0, "160.3"),
        ];
        for (generator, name, games, wins, draws, length) in runs {
            let game = tabula::shipped::game(name, &Default::default()).expect(name);
            let s = simulate_with(&game, games, 5, generator);
            let seen = (s.wins.as_slice(), s.draws, format!("{:.1}", s.mean_plies()));
            assert_eq!(seen, (&wins[..], draws, length.to_string()), "{name}, {}", generator.name());
        }
    }

    #[test]
    fn generators_are_named_as_the_command_line_takes_them() {
        for g in Generator::ALL {
            assert_eq!(g.name().parse::<Generator>(), Ok(g));
        }
        let e = "mt19937".parse::<Generator>().unwrap_err();
        assert!(e.contains("`mt19937`") && e.contains("xoshiro256++, chacha8"), "{e}");
    }
}
