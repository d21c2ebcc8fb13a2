//! Monte Carlo tree search (UCT). The tree is "open loop": a node is a
//! sequence of decisions, and chance outcomes on the way are sampled anew each
//! iteration with their real probabilities. Rollouts are random and short;
//! where they stop, the generic evaluation judges the position. Each node
//! keeps the value for the player who moved into it, from a vector of values
//! (one per player) backed up along the path: no two-player negamax.

use super::{Agent, Budget, Evaluator, pick, random_move};
use crate::moves::{Action, Move};
use crate::piece::{MAX_PLAYERS, Player};
use crate::program::Game;
use crate::state::State;
use rand::Rng;
use std::time::Instant;

pub struct MctsAgent {
    budget: Budget,
    eval: Evaluator,
    /// Random moves played from a new node before the evaluation judges.
    rollout_depth: u32,
    /// The exploration constant of UCT.
    exploration: f64,
    buf: Vec<Move>,
}

struct Node {
    /// The player who made the move into this node (whose values it keeps).
    mover: Player,
    visits: u32,
    value: f64,
    children: Vec<(Move, usize)>,
}

impl MctsAgent {
    pub fn new(game: &Game, budget: Budget) -> MctsAgent {
        MctsAgent { budget, eval: Evaluator::new(game), rollout_depth: 24, exploration: 0.9, buf: Vec::new() }
    }

    /// Plays random moves, then scores the position for every player.
    fn rollout(&mut self, game: &Game, s: &mut State, rng: &mut dyn rand::RngCore) -> [f64; MAX_PLAYERS] {
        for _ in 0..self.rollout_depth {
            let Some(m) = random_move(game, s, &mut self.buf, rng) else { break };
            game.play_unchecked(s, m);
        }
        let value =
            |p: Player| (self.eval.evaluate(game, s, p) + 0.5 * self.eval.mobility_term(game, s, p)).clamp(-1.0, 1.0);
        let mut values = [0.0; MAX_PLAYERS];
        if game.player_count() == 2 && game.teams()[0] != game.teams()[1] {
            // Zero-sum between two: one evaluation serves both.
            values[0] = value(0);
            values[1] = -values[0];
        } else {
            (0..game.player_count()).for_each(|p| values[usize::from(p)] = value(p));
        }
        values
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> String {
        match self.budget {
            Budget::Iterations(n) => format!("mcts:{n}"),
            Budget::Time(t) => format!("mcts:{}ms", t.as_millis()),
        }
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move {
        game.legal_moves_into(state, &mut self.buf);
        if self.buf.len() == 1 || self.buf[0].action == Action::Chance {
            return pick(game, state, &self.buf, rng);
        }
        // The rollouts reuse `buf`: keep the root's moves apart.
        let root_moves = self.buf.clone();
        let start = Instant::now();
        let mut tree = vec![Node { mover: state.to_move(), visits: 0, value: 0.0, children: Vec::new() }];
        let mut legal: Vec<Move> = Vec::new();
        let mut path: Vec<usize> = Vec::new();
        let mut s = state.clone();
        for iteration in 0.. {
            let done = match self.budget {
                Budget::Iterations(n) => iteration >= n,
                Budget::Time(t) => iteration > 0 && start.elapsed() >= t,
            };
            if done {
                break;
            }
            s.clone_from(state);
            path.clear();
            path.push(0);
            let mut node = 0;
            // Selection and expansion.
            loop {
                if s.is_over() {
                    break;
                }
                game.legal_moves_into(&s, &mut legal);
                if legal[0].action == Action::Chance {
                    let m = pick(game, &s, &legal, rng);
                    game.play_unchecked(&mut s, m);
                    continue;
                }
                // The legal moves without a child yet, counted and then one picked: no list is built.
                let children = &tree[node].children;
                let mut untried = legal.iter().copied().filter(|m| !children.iter().any(|(c, _)| c == m));
                let count = untried.clone().count();
                let mover = s.to_move();
                if count > 0 {
                    let m = untried.nth(rng.random_range(0..count)).expect("counted");
                    tree.push(Node { mover, visits: 0, value: 0.0, children: Vec::new() });
                    let child = tree.len() - 1;
                    tree[node].children.push((m, child));
                    game.play_unchecked(&mut s, m);
                    path.push(child);
                    break;
                }
                let ln = f64::from(tree[node].visits.max(1)).ln();
                let (m, child) = tree[node]
                    .children
                    .iter()
                    .filter(|(m, _)| legal.contains(m))
                    .map(|&(m, c)| {
                        let n = &tree[c];
                        let visits = f64::from(n.visits.max(1));
                        (m, c, n.value / visits + self.exploration * (ln / visits).sqrt())
                    })
                    .max_by(|a, b| a.2.total_cmp(&b.2))
                    .map(|(m, c, _)| (m, c))
                    .expect("every legal move has a child here");
                game.play_unchecked(&mut s, m);
                path.push(child);
                node = child;
            }
            let values = self.rollout(game, &mut s, rng);
            for &n in &path {
                let node = &mut tree[n];
                node.visits += 1;
                node.value += values[usize::from(node.mover)];
            }
        }
        tree[0]
            .children
            .iter()
            .filter(|(m, _)| root_moves.contains(m))
            .max_by_key(|(_, c)| tree[*c].visits)
            .map_or_else(|| pick(game, state, &root_moves, rng), |(m, _)| *m)
    }
}
