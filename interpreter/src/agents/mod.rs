//! Agents that choose moves: random now; greedy and MCTS plug in here.

use crate::game::Game;
use crate::m::{Action, Move};
use crate::state::State;
use rand::Rng;

/// Something that picks a move in a state that is not over.
pub trait Agent {
    fn name(&self) -> &str;
    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move;
}

/// Samples a chance outcome by its real probability.
pub fn sample_chance(game: &Game, state: &State, moves: &[Move], rng: &mut dyn rand::RngCore) -> Move {
    let probs = game.chance_outcomes(state).map(|(_, o)| o).unwrap_or_default();
    let mut x: f64 = rng.random();
    for (m, (_, p)) in moves.iter().zip(&probs) {
        if x < *p {
            return *m;
        }
        x -= p;
    }
    *moves.last().expect("a chance node has outcomes")
}

/// Picks uniformly among the legal moves (chance by its probabilities).
#[derive(Debug, Default, Clone)]
pub struct RandomAgent {
    buf: Vec<Move>,
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move {
        game.legal_moves_into(state, &mut self.buf);
        pick(game, state, &self.buf, rng)
    }
}

fn pick(game: &Game, state: &State, moves: &[Move], rng: &mut dyn rand::RngCore) -> Move {
    if moves.first().is_some_and(|m| m.action == Action::Chance) {
        return sample_chance(game, state, moves, rng);
    }
    moves[rng.random_range(0..moves.len())]
}

/// Plays one random game from `state` to its end; returns the final state and
/// the number of moves made. `buf` is reused to avoid allocation.
pub fn random_playout(game: &Game, state: &mut State, rng: &mut dyn rand::RngCore, buf: &mut Vec<Move>) -> u32 {
    let mut n = 0;
    loop {
        game.legal_moves_into(state, buf);
        if buf.is_empty() {
            return n;
        }
        let m = pick(game, state, buf, rng);
        game.play_unchecked(state, m);
        n += 1;
    }
}
