//! Greedy: the move whose resulting position evaluates best, one ply deep.

use super::{Agent, Evaluator, pick};
use crate::moves::{Action, Move};
use crate::program::Game;
use crate::state::State;
use rand::Rng;

pub struct GreedyAgent {
    eval: Evaluator,
    buf: Vec<Move>,
}

impl GreedyAgent {
    pub fn new(game: &Game) -> GreedyAgent {
        GreedyAgent { eval: Evaluator::new(game), buf: Vec::new() }
    }
}

impl Agent for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move {
        game.legal_moves_into(state, &mut self.buf);
        if self.buf.len() == 1 || self.buf[0].action == Action::Chance {
            return pick(game, state, &self.buf, rng);
        }
        let me = state.to_move();
        let mut best = (f64::NEG_INFINITY, Vec::new());
        let mut next = state.clone();
        for &m in &self.buf {
            next.clone_from(state);
            game.play_unchecked(&mut next, m);
            let value = self.eval.evaluate(game, &next, me) + 0.5 * self.eval.mobility_term(game, &next, me);
            if value > best.0 + 1e-9 {
                best = (value, vec![m]);
            } else if (value - best.0).abs() <= 1e-9 {
                best.1.push(m);
            }
        }
        best.1[rng.random_range(0..best.1.len())]
    }
}
