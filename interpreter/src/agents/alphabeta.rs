//! Alpha-beta search with expectimax through throws: `alphabeta:D` (depth),
//! `alphabeta:Nk` (N thousand nodes) or `alphabeta:MSms` (time).
//!
//! - **Values from one side.** Every value is the root player's, and a node
//!   maximises or minimises by who decides there: a node is the root side's
//!   when its mover is in the root player's team. Nothing is negated from one
//!   ply to the next, so a player who makes several decisions in a turn (a
//!   capture chain, two placements, a throw spent in parts) keeps maximising
//!   across them.
//! - **Three to eight players: paranoid.** Every player outside the root
//!   player's team is taken to play against it (a minimising node). Max-n
//!   (a vector of values, each player maximising their own) prunes almost
//!   nothing beyond two players, so at the same budget it looks far less
//!   deep; paranoid keeps alpha-beta's cut-offs and its play is safe, if
//!   cautious. The evaluation ([`Evaluator`]) already sets the root player
//!   against the strongest opponent.
//! - **Throws: expectimax.** Where the state asks for a throw, the value is
//!   the mean of the outcomes' values weighted by their probabilities (the
//!   engine's own distribution, [`Game::chance_outcomes`]); each outcome is
//!   searched with a full window, and a throw does not count as a ply of
//!   depth (depth counts decisions).
//! - **Iterative deepening** to the depth, node or time budget; the last
//!   complete iteration's move is played (the first iteration ignores the
//!   budget: one ply and its quiescence search; only the stop flag ends it,
//!   and then the best move by the ordering is played).
//! - **Transposition table** ([`super::tt`]): bounded, two entries a bucket
//!   (deepest and latest), keyed by the position, its counters, and the ply
//!   where a turn limit reads it. A game that keeps a history of positions
//!   (`Repeated`) takes only the best move from the table: a value could
//!   depend on the history, which the key leaves out.
//! - **Move ordering**: the table's move, then captures (the most valuable
//!   piece taken first: a move onto an opponent's piece, or `Capture`), then
//!   the two killer moves of the ply, then by the history heuristic.
//! - **Quiescence**: past the depth, captures are searched on (at most
//!   [`QUIESCENCE`] decisions more) until none is left, the side to move
//!   standing on the evaluation where it has a move that is not a capture
//!   (none where captures are forced), so that no exchange is judged
//!   half-way.
//! - **Leaves** are scored by [`Evaluator::for_search`] (with its mobility
//!   term: lines of n, and where having no move loses the pieces that move),
//!   finished games by their places; a sooner win scores higher, a later
//!   loss less low.
//!
//! Deterministic for a seed under a depth or node budget: the only random
//! draw is the order of the root moves (so that equal moves are chosen
//! among at random and two such players do not play one game over and
//! over); under a time budget the depth reached depends on the machine.

use super::tt::{self, Bound, Entry, Table};
use super::{Agent, Evaluator, pick};
use crate::moves::{Action, Move};
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;
use rand::Rng;
use std::time::{Duration, Instant};

/// How much an alpha-beta agent searches per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Plies (decisions) deep: reproducible.
    Depth(u8),
    /// Nodes searched (iterative deepening stops within the budget): reproducible.
    Nodes(u64),
    /// Wall time: not reproducible.
    Time(Duration),
}

/// The deepest search any budget runs (and the most a depth may ask).
pub const MAX_DEPTH: u8 = 64;
/// The largest node budget: a billion.
pub const MAX_NODES: u64 = 1_000_000_000;

/// A finished game's value scale (a heuristic value is at most [`HEURISTIC`]).
const WIN: i32 = 1_000_000;
const HEURISTIC: i32 = 10_000;
/// Values beyond this come from finished games (they are adjusted by ply in the table).
const DECIDED: i32 = 2 * HEURISTIC;
/// Beyond every value.
const INF: i32 = i32::MAX / 2;
/// Decisions a quiescence search goes on past the depth, at most.
const QUIESCENCE: u8 = 8;
/// A line longer than this (throws that never lead to a decision) is judged where it stands.
const MAX_PLY: usize = 160;

pub struct AlphaBetaAgent {
    limit: Limit,
    eval: Evaluator,
    table: Table,
    /// Whether the ply is in the table's key (a turn limit reads it).
    ply_in_key: bool,
    /// The root's player and team.
    root: Player,
    root_team: u8,
    nodes: u64,
    /// The node budget of this move, and when it started.
    most_nodes: u64,
    deadline: Option<Instant>,
    /// The budget ran out in this iteration: its values are not to be used.
    aborted: bool,
    /// Whether the budget is enforced (not in the first iteration; the stop flag always is).
    enforce: bool,
    /// Whether some leaf of this iteration was cut by depth (else deeper changes nothing).
    cut: bool,
    /// Per ply: two killer moves, and buffers of moves and states.
    killers: Vec<[Option<Move>; 2]>,
    buffers: Vec<Vec<Move>>,
    states: Vec<Option<State>>,
    /// The history heuristic, by a hash of the move.
    history: Vec<u32>,
    /// Whether the transposition table is used (off only to test that pruning alone keeps the values).
    use_table: bool,
    // Issue 46: the flag that stops a search that is thinking (`Agent::stop_with`).
    stop: super::Stop,
}

impl AlphaBetaAgent {
    pub fn new(game: &Game, limit: Limit) -> AlphaBetaAgent {
        AlphaBetaAgent {
            limit,
            eval: Evaluator::for_search(game),
            table: Table::new(16),
            ply_in_key: game.max_plies() > 0,
            root: 0,
            root_team: 0,
            nodes: 0,
            most_nodes: u64::MAX,
            deadline: None,
            aborted: false,
            enforce: false,
            cut: false,
            killers: Vec::new(),
            buffers: Vec::new(),
            states: Vec::new(),
            history: vec![0; 4096],
            use_table: true,
            stop: super::Stop::default(),
        }
    }

    /// Nodes searched by the last [`Agent::choose`] (a search's size, for speed figures).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `state` for its player to move, and the move chosen, by
    /// a search of exactly `depth` plies (no iterative deepening, no random
    /// order): for tests that compare with an exact solver. The value is
    /// [`AlphaBetaAgent::outcome_value`]'s scale where the game is decided
    /// within the depth.
    pub fn search_to(&mut self, game: &Game, state: &State, depth: u8) -> (i32, Option<Move>) {
        self.start(game, state, None, u64::MAX);
        let mut moves = game.legal_moves(state);
        self.order(game, state, &mut moves, None, 0);
        self.root_search(game, state, &moves, depth)
    }

    /// Whether a value from [`AlphaBetaAgent::search_to`] is a decided game:
    /// `Some(1)` won, `Some(-1)` lost, `Some(0)` neither (a draw, or a middle
    /// place), `None` not decided within the depth.
    pub fn outcome_value(value: i32, depth_searched_all: bool) -> Option<i32> {
        if value > DECIDED {
            Some(1)
        } else if value < -DECIDED {
            Some(-1)
        } else if depth_searched_all {
            Some(0)
        } else {
            None
        }
    }

    fn start(&mut self, game: &Game, state: &State, deadline: Option<Instant>, most_nodes: u64) {
        self.root = state.to_move();
        self.root_team = game.teams()[usize::from(self.root)];
        self.nodes = 0;
        self.most_nodes = most_nodes;
        self.deadline = deadline;
        self.aborted = false;
        self.enforce = false;
        self.table.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches the root's moves to `depth`; the best value and move (the
    /// first of equal ones in `moves`' order).
    fn root_search(&mut self, game: &Game, state: &State, moves: &[Move], depth: u8) -> (i32, Option<Move>) {
        let (mut alpha, beta) = (-INF, INF);
        let mut best = (-INF, None);
        let mut child = self.take_state(0, state);
        for &m in moves {
            child.clone_from(state);
            game.play_unchecked(&mut child, m);
            let v = self.search(game, &child, depth.saturating_sub(1), 1, alpha, beta);
            if self.aborted {
                break;
            }
            if v > best.0 {
                best = (v, Some(m));
            }
            alpha = alpha.max(v);
        }
        self.give_state(0, child);
        best
    }

    /// The scratch state of `ply` (made as a copy of `like` the first time);
    /// given back with [`AlphaBetaAgent::give_state`].
    fn take_state(&mut self, ply: usize, like: &State) -> State {
        while self.states.len() <= ply {
            self.states.push(None);
        }
        self.states[ply].take().unwrap_or_else(|| like.clone())
    }

    fn give_state(&mut self, ply: usize, s: State) {
        self.states[ply] = Some(s);
    }

    /// Whether the search must end now: the stop flag (checked every 512
    /// nodes, in every iteration), or the budget (not in the first iteration,
    /// which always completes unless stopped).
    fn out_of_budget(&mut self) -> bool {
        let checked = self.nodes % 512 == 0;
        if checked && self.stop.stopped() {
            return true;
        }
        if !self.enforce {
            return false;
        }
        self.nodes >= self.most_nodes || (checked && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// The value of `s` for the root side, searched `depth` decisions deep
    /// within the window `alpha..beta` (fail-soft).
    fn search(&mut self, game: &Game, s: &State, depth: u8, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            self.aborted = true;
            return 0;
        }
        if s.is_over() {
            return self.finished(game, s, ply);
        }
        if depth == 0 || ply >= MAX_PLY {
            self.cut = true;
            return self.quiesce(game, s, ply, QUIESCENCE, alpha, beta);
        }
        let key = tt::key(s, self.ply_in_key);
        let values_hold = !s.history().is_kept();
        let mut table_move = None;
        if let Some(e) = self.table.probe(key).filter(|_| self.use_table) {
            table_move = e.best;
            if values_hold && e.depth >= depth {
                let v = from_table(e.value, ply);
                match e.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        game.legal_moves_into(s, &mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return self.leaf(game, s);
        }
        if moves[0].action == Action::Chance {
            let v = self.chance(game, s, &moves, depth, ply);
            self.buffers[ply] = moves;
            return v;
        }
        self.order(game, s, &mut moves, table_move, ply);
        let maximising = game.teams()[usize::from(s.to_move())] == self.root_team;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = (if maximising { -INF } else { INF }, None);
        let mut child = self.take_state(ply, s);
        for &m in &moves {
            child.clone_from(s);
            game.play_unchecked(&mut child, m);
            let v = self.search(game, &child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            if (maximising && v > best.0) || (!maximising && v < best.0) {
                best = (v, Some(m));
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.reward(m, ply, depth);
                break;
            }
        }
        self.give_state(ply, child);
        self.buffers[ply] = moves;
        if self.aborted {
            return 0;
        }
        let bound = if best.0 <= alpha0 {
            Bound::Upper
        } else if best.0 >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.use_table {
            self.table.store(Entry { key, value: to_table(best.0, ply), depth, bound, best: best.1 });
        }
        best.0
    }

    /// Quiescence: past the depth, a position is searched on through its
    /// captures (see [`takes`]) until none is left, so that no exchange is
    /// judged half-way (a capture chain cut in the middle, a recapture just
    /// past the horizon). The side to move may stand on the evaluation
    /// instead (stand pat) where it has a move that is not a capture; where
    /// every move captures (captures forced), it may not. At most `q` more
    /// decisions; a throw ends it. The first iteration, which must end with
    /// a move and so is not held to the budget, reads captures only while
    /// the nodes are within it: where every move captures (Konane), its
    /// quiescence search was the whole tree `q` decisions deep (41,862 nodes
    /// on a budget of 2,000 four plies into a game; the ladder's Konane row
    /// ran 10 CPU minutes where it had taken 18 s).
    fn quiesce(&mut self, game: &Game, s: &State, ply: usize, q: u8, mut alpha: i32, mut beta: i32) -> i32 {
        if ply >= MAX_PLY || q == 0 || (!self.enforce && self.nodes >= self.most_nodes) {
            return self.leaf(game, s);
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        game.legal_moves_into(s, &mut moves);
        if moves.is_empty() || moves[0].action == Action::Chance {
            self.buffers[ply] = moves;
            return self.leaf(game, s);
        }
        let team = game.teams()[usize::from(s.to_move())];
        let before = tops(game, s, team);
        let mut child = self.take_state(ply, s);
        let mut quiet = false;
        let mut noisy = 0;
        for i in 0..moves.len() {
            child.clone_from(s);
            // (What the move takes, without ending the turn: see `Game::make_without_ending`.)
            game.make_without_ending(&mut child, moves[i]);
            if takes(before, tops(game, &child, team)) {
                moves[noisy] = moves[i];
                noisy += 1;
            } else {
                quiet = true;
            }
        }
        moves.truncate(noisy);
        let maximising = team == self.root_team;
        let mut best = if maximising { -INF } else { INF };
        if quiet {
            let stand = self.leaf(game, s);
            best = stand;
            if maximising {
                alpha = alpha.max(stand);
            } else {
                beta = beta.min(stand);
            }
        }
        if alpha < beta {
            for &m in &moves {
                child.clone_from(s);
                game.play_unchecked(&mut child, m);
                self.nodes += 1;
                if self.out_of_budget() {
                    self.aborted = true;
                    break;
                }
                let v = if child.is_over() {
                    self.finished(game, &child, ply + 1)
                } else {
                    self.quiesce(game, &child, ply + 1, q - 1, alpha, beta)
                };
                if self.aborted {
                    break;
                }
                if maximising {
                    best = best.max(v);
                    alpha = alpha.max(v);
                } else {
                    best = best.min(v);
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.give_state(ply, child);
        self.buffers[ply] = moves;
        if self.aborted { 0 } else { best }
    }

    /// A throw: the outcomes' values weighted by their probabilities.
    fn chance(&mut self, game: &Game, s: &State, outcomes: &[Move], depth: u8, ply: usize) -> i32 {
        let mut child = self.take_state(ply, s);
        let mut sum = 0.0;
        for (&m, p) in outcomes.iter().zip(game.chance_probabilities(s)) {
            if p <= 0.0 {
                continue;
            }
            child.clone_from(s);
            game.play_unchecked(&mut child, m);
            let v = self.search(game, &child, depth, ply + 1, -INF, INF);
            if self.aborted {
                break;
            }
            sum += p * f64::from(v);
        }
        self.give_state(ply, child);
        if self.aborted { 0 } else { sum.round() as i32 }
    }

    /// A finished game: by the root player's place, sooner wins first.
    fn finished(&self, game: &Game, s: &State, ply: usize) -> i32 {
        let v = (self.eval.evaluate(game, s, self.root) * f64::from(WIN)).round() as i32;
        let ply = ply as i32;
        match v {
            v if v > DECIDED => v - ply,
            v if v < -DECIDED => v + ply,
            v => v,
        }
    }

    fn leaf(&self, game: &Game, s: &State) -> i32 {
        let v = self.eval.judge(game, s, self.root);
        (v.clamp(-1.0, 1.0) * f64::from(HEURISTIC)).round() as i32
    }

    /// Orders `moves` best first: the table's move, captures (the most
    /// valuable piece first), killers, then by history. A stable sort: equal
    /// moves keep the order they came in.
    fn order(&mut self, game: &Game, s: &State, moves: &mut [Move], table_move: Option<Move>, ply: usize) {
        while self.killers.len() <= ply {
            self.killers.push([None; 2]);
        }
        let killers = self.killers[ply];
        let mover_team = game.teams()[usize::from(s.to_move())];
        let fields = game.board.len();
        let score = |m: &Move| -> i64 {
            if Some(*m) == table_move {
                return i64::MAX;
            }
            let taken = match m.action {
                Action::Capture => Some(1),
                Action::Board | Action::Place if usize::from(m.to) < fields => s
                    .top(m.to)
                    .filter(|p| game.teams()[usize::from(p.owner)] != mover_team)
                    .map(|p| i64::from(game.kinds[usize::from(p.kind)].value.max(1))),
                _ => None,
            };
            if let Some(value) = taken {
                return (1 << 40) + value;
            }
            if killers.contains(&Some(*m)) {
                return 1 << 36;
            }
            i64::from(self.history[history_slot(m)])
        };
        let mut scored: Vec<(i64, Move)> = moves.iter().map(|m| (score(m), *m)).collect();
        scored.sort_by_key(|b| std::cmp::Reverse(b.0));
        moves.iter_mut().zip(scored).for_each(|(m, (_, s))| *m = s);
    }

    /// A move that cut the search off: a killer of its ply, and in the history.
    fn reward(&mut self, m: Move, ply: usize, depth: u8) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = &mut self.history[history_slot(&m)];
        *h = h.saturating_add(u32::from(depth) * u32::from(depth));
    }
}

/// Fields topped by each side: the team's own, and everyone else's.
pub(super) fn tops(game: &Game, s: &State, team: u8) -> (u32, u32) {
    let (mut own, mut other) = (0, 0);
    for p in 0..game.player_count() {
        let n: u32 = s.topped_by(p).iter().map(|w| w.count_ones()).sum();
        if game.teams()[usize::from(p)] == team {
            own += n;
        } else {
            other += n;
        }
    }
    (own, other)
}

/// Whether a move captured: fewer fields topped by the other sides, and at
/// most one more by the mover's (a piece placed); a move that turns the
/// other side's pieces over to the mover (Reversi's flips) is not a capture.
pub(super) fn takes(before: (u32, u32), after: (u32, u32)) -> bool {
    after.1 < before.1 && after.0 <= before.0 + 1
}

fn history_slot(m: &Move) -> usize {
    let x = u32::from(m.from).wrapping_mul(31) ^ u32::from(m.to).wrapping_mul(131) ^ u32::from(m.rule) << 7;
    (x.wrapping_mul(0x9e37_79b1) >> 20) as usize & 4095
}

/// A decided value in the table counts plies from its own position, not the root.
fn to_table(v: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if v > DECIDED {
        v + ply
    } else if v < -DECIDED {
        v - ply
    } else {
        v
    }
}

fn from_table(v: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if v > DECIDED {
        v - ply
    } else if v < -DECIDED {
        v + ply
    } else {
        v
    }
}

impl Agent for AlphaBetaAgent {
    fn name(&self) -> String {
        super::AgentSpec::AlphaBeta(self.limit).to_string()
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move {
        let mut moves = game.legal_moves(state);
        if moves.len() == 1 || moves[0].action == Action::Chance {
            return pick(game, state, &moves, rng);
        }
        // (The table finds positions by their keys: kept in every state of the search.)
        let keyed = state.with_keys();
        let state = &*keyed;
        let (max_depth, most_nodes, deadline) = match self.limit {
            Limit::Depth(d) => (d.clamp(1, MAX_DEPTH), u64::MAX, None),
            Limit::Nodes(n) => (MAX_DEPTH, n, None),
            Limit::Time(t) => (MAX_DEPTH, u64::MAX, Some(Instant::now() + t)),
        };
        self.start(game, state, deadline, most_nodes);
        // A random order of the root's moves: ties go to the first.
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.random_range(0..=i));
        }
        self.order(game, state, &mut moves, None, 0);
        let mut chosen = moves[0];
        for depth in 1..=max_depth {
            self.enforce = depth > 1;
            self.cut = false;
            let (value, best) = self.root_search(game, state, &moves, depth);
            if self.aborted {
                break;
            }
            let Some(best) = best else { break };
            chosen = best;
            // The best move first in the next iteration.
            let at = moves.iter().position(|&m| m == best).expect("a root move");
            moves[..=at].rotate_right(1);
            if !self.cut || (value.abs() > DECIDED && !game.has_chance()) {
                break;
            }
        }
        chosen
    }

    fn stop_with(&mut self, stop: super::Stop) {
        self.stop = stop;
    }
}

#[cfg(test)]
mod tests {
    use super::{AlphaBetaAgent, INF, Limit, MAX_PLY, QUIESCENCE, takes, tops};
    use crate::agents::AgentSpec;
    use crate::moves::Action;
    use crate::program::Game;
    use crate::shipped::testing::visit_random_games;
    use crate::state::State;
    use crate::{Options, shipped};

    /// Where every move captures (Konane), the first iteration's quiescence
    /// search keeps to the node budget: the search ends within about twice
    /// the budget (the first iteration's root moves each judged, the second
    /// iteration cut at once), where it searched millions of nodes.
    #[test]
    fn the_first_iteration_keeps_to_the_node_budget_where_every_move_captures() {
        use crate::agents::Agent;
        use rand::SeedableRng;
        let game = shipped::game("traditional/konane", &Options::new()).expect("compiles");
        let mut agent = AlphaBetaAgent::new(&game, Limit::Nodes(2000));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut searched = 0;
        visit_random_games(&game, 3, 1, |s, legal| {
            if legal.len() > 1 && (4..14).contains(&s.ply()) {
                agent.choose(&game, s, &mut rng);
                assert!(agent.nodes() < 4000 + 4 * legal.len() as u64, "{} nodes at ply {}", agent.nodes(), s.ply());
                searched += 1;
            }
        });
        assert!(searched > 4, "{searched}");
    }

    /// Plain minimax (expectimax at throws) with the agent's own leaf values,
    /// no pruning and no table: the value alpha-beta must find.
    fn minimax(agent: &mut AlphaBetaAgent, game: &Game, s: &State, depth: u8, ply: usize) -> i32 {
        if s.is_over() {
            return agent.finished(game, s, ply);
        }
        let moves = game.legal_moves(s);
        if moves.is_empty() {
            return agent.leaf(game, s);
        }
        if depth == 0 || ply >= MAX_PLY {
            // The quiescence search with a full window is a minimax over captures with stand pat.
            return agent.quiesce(game, s, ply, QUIESCENCE, -INF, INF);
        }
        let child = |m| {
            let mut next = s.clone();
            game.play_unchecked(&mut next, m);
            next
        };
        if moves[0].action == Action::Chance {
            let sum: f64 = moves
                .iter()
                .zip(game.chance_probabilities(s))
                .filter(|(_, p)| *p > 0.0)
                .map(|(&m, p)| p * f64::from(minimax(&mut *agent, game, &child(m), depth, ply + 1)))
                .sum();
            return sum.round() as i32;
        }
        let values: Vec<i32> =
            moves.iter().map(|&m| minimax(&mut *agent, game, &child(m), depth - 1, ply + 1)).collect();
        let values = values.into_iter();
        if game.teams()[usize::from(s.to_move())] == agent.root_team { values.max() } else { values.min() }
            .expect("moves")
    }

    /// Alpha-beta's value (without its table) is plain minimax's, in games
    /// where one player makes several decisions in a turn (Seega's two
    /// placements, draughts' capture chains), with throws (Ur, Senet), and
    /// with four players (paranoid Halma): pruning loses nothing and no ply
    /// is negated where the mover does not change.
    #[test]
    fn alphabeta_finds_the_minimax_value() {
        let mut same_mover = 0;
        for (name, depth, every) in [
            ("seega", 3, 9),
            ("traditional/english-draughts", 3, 7),
            ("traditional/ur", 2, 11),
            ("senet", 2, 23),
            ("traditional/halma-four", 2, 97),
            ("classic/tic-tac-toe", 4, 1),
        ] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let mut agent = AlphaBetaAgent::new(&game, Limit::Depth(depth));
            agent.use_table = false;
            let mut positions = Vec::new();
            visit_random_games(&game, 5, 2, |s, legal| {
                if legal.len() > 1 && legal[0].action != Action::Chance {
                    positions.push(s.clone());
                }
            });
            for s in positions.iter().step_by(every).take(12) {
                let (value, best) = agent.search_to(&game, s, depth);
                let want = game
                    .legal_moves(s)
                    .into_iter()
                    .map(|m| {
                        let mut next = s.clone();
                        game.play_unchecked(&mut next, m);
                        same_mover += usize::from(next.to_move() == s.to_move() && !next.is_over());
                        minimax(&mut agent, &game, &next, depth - 1, 1)
                    })
                    .max()
                    .expect("moves");
                assert_eq!(value, want, "{name} at ply {}", s.ply());
                assert!(best.is_some());
            }
        }
        assert!(same_mover > 20, "only {same_mover} moves after which the mover decides again");
    }

    /// A move made without ending its turn (`Game::make_without_ending`,
    /// which the quiescence search reads) takes what the whole move takes:
    /// every legal move along random games of every shipped variant.
    #[test]
    fn a_move_takes_what_it_takes_without_ending_its_turn() {
        let mut captures = 0;
        for (name, options, game) in crate::shipped::testing::variants() {
            crate::shipped::testing::visit_random_games(&game, 3, 8, |s, legal| {
                if legal[0].action == Action::Chance {
                    return;
                }
                let team = game.teams()[usize::from(s.to_move())];
                let before = tops(&game, s, team);
                for &m in legal {
                    let (mut made, mut played) = (s.clone(), s.clone());
                    game.make_without_ending(&mut made, m);
                    game.play_unchecked(&mut played, m);
                    let took = takes(before, tops(&game, &made, team));
                    assert_eq!(took, takes(before, tops(&game, &played, team)), "{name} {options:?}: {m:?}");
                    captures += usize::from(took);
                }
            });
        }
        assert!(captures > 1000, "{captures} captures");
    }

    /// A capture takes fields from the other side without adding more than
    /// one to the mover's (a piece placed); flips that turn pieces over to
    /// the mover, and quiet moves, are not captures.
    #[test]
    fn quiescence_reads_captures_from_the_tops() {
        assert!(super::takes((12, 12), (12, 11)), "a man jumped");
        assert!(super::takes((12, 12), (13, 10)), "a stone placed, two taken");
        assert!(!super::takes((12, 12), (12, 12)), "a quiet move");
        assert!(!super::takes((12, 12), (14, 11)), "a disc placed, one flipped");
        assert!(!super::takes((12, 12), (13, 12)), "a piece entered");
    }

    /// The spellings: depth, thousands of nodes, nodes, time, a strength by
    /// name; each prints as it is read, and too much is refused.
    #[test]
    fn alphabeta_spellings_read_and_print() {
        for text in ["alphabeta", "alphabeta:4", "alphabeta:50k", "alphabeta:1500nodes", "alphabeta:80ms"] {
            let spec = AgentSpec::parse(text).expect(text);
            assert_eq!(spec.to_string(), text);
            assert!(matches!(spec, AgentSpec::AlphaBeta(_)));
        }
        assert_eq!(AgentSpec::parse("alphabeta:3"), Ok(AgentSpec::AlphaBeta(Limit::Depth(3))));
        assert_eq!(AgentSpec::parse("alphabeta:2k"), Ok(AgentSpec::AlphaBeta(Limit::Nodes(2000))));
        assert_eq!(AgentSpec::parse("strong"), AgentSpec::parse("alphabeta:20k"));
        assert_eq!(AgentSpec::parse("very-strong"), AgentSpec::parse("very strong"));
        assert_eq!(AgentSpec::parse("beginner"), Ok(AgentSpec::Greedy));
        for text in ["alphabeta:65", "alphabeta:1000001k", "alphabeta:18446744073709551615k", "alphabeta:3600001ms"] {
            assert!(AgentSpec::parse(text).expect_err(text).contains("at most"), "{text}");
        }
        for text in ["alphabeta:", "alphabeta:x", "alphabeta:-3", "alphabeta:k", "alphabeta4", "alphabeta:4 k"] {
            assert!(AgentSpec::parse(text).expect_err(text).contains("expected"), "{text}");
        }
    }
}
