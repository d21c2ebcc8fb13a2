//! Agents that choose moves: random, greedy (one ply) and MCTS (UCT). All are
//! generic: they know a game only through its rules. Randomness comes from the
//! RNG passed in, so a seeded run plays the same games.

mod alphabeta;
mod eval;
mod greedy;
mod mast;
mod mcts;
mod mcts_tree;
mod move_keys;
mod tt;
mod turns;

pub use alphabeta::{AlphaBetaAgent, Limit, MAX_DEPTH, MAX_NODES};

pub use eval::Evaluator;
pub use greedy::GreedyAgent;
pub use mcts::{MctsAgent, MctsStyle, random_plies};

use crate::moves::{Action, Move};
use crate::program::Game;
use crate::state::State;
use rand::Rng;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Something that picks a move in a state that is not over.
pub trait Agent: Send {
    fn name(&self) -> String;
    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move;
    /// Gives the agent a flag that stops its searches: once [`Stop::stop`]
    /// is called, a search that is thinking (or starts) returns its best move
    /// so far within a few hundred nodes or iterations, whatever its budget.
    /// Agents that do not search (random, greedy) answer at once and ignore it.
    fn stop_with(&mut self, _stop: Stop) {}
}

/// A flag that stops an agent's searches ([`Agent::stop_with`]), set from
/// another thread: the editor sets it when the answer would be dropped (a new
/// game, the seat given to someone else, the window closed). The default
/// never stops.
#[derive(Debug, Clone, Default)]
pub struct Stop(Option<Arc<AtomicBool>>);

impl Stop {
    /// A flag not yet set.
    pub fn new() -> Stop {
        Stop(Some(Arc::new(AtomicBool::new(false))))
    }

    /// Stops the searches given this flag (or a clone of it).
    pub fn stop(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether [`Stop::stop`] was called: a search checks it every few hundred nodes.
    pub fn stopped(&self) -> bool {
        self.0.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// An agent as named on the command line and in the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentSpec {
    Random,
    Greedy,
    Mcts(Budget),
    // Issue 46: alpha-beta (expectimax through throws), see `alphabeta.rs`.
    AlphaBeta(Limit),
    // Issue 46: MCTS with root-parallel trees or plain UCT (`mcts:N:t4`, `mcts:N:uct`);
    // `Mcts(budget)` is one guided tree.
    MctsWith(Budget, MctsStyle),
}

/// The default alpha-beta budget (`alphabeta`): reproducible, and a fraction
/// of a second a move in a release build on the shipped games.
pub const DEFAULT_NODES: u64 = 20_000;

/// A strength by name, as the editor and `tabula play` offer it, and the
/// agent it stands for (`very-strong` is read as `very strong`): a beginner
/// looks one move ahead (greedy); strong is alpha-beta at 20 000 nodes a move
/// (expectimax through throws; well under a second in a release build on the
/// shipped games), very strong at 200 000 (a few seconds at most).
pub const STRENGTHS: [(&str, AgentSpec); 3] = [
    ("beginner", AgentSpec::Greedy),
    ("strong", AgentSpec::AlphaBeta(Limit::Nodes(20_000))),
    ("very strong", AgentSpec::AlphaBeta(Limit::Nodes(200_000))),
];

/// How much thinking an MCTS agent does per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Iterations per move: reproducible under a seed.
    Iterations(u32),
    /// Wall time per move: not reproducible.
    Time(Duration),
}

/// The default MCTS budget: modest, and reproducible.
pub const DEFAULT_ITERATIONS: u32 = 400;

/// The largest MCTS budgets: an hour a move, or ten million iterations (a
/// tree of that many nodes takes gigabytes).
pub const MAX_MILLISECONDS: u64 = 3_600_000;
pub const MAX_ITERATIONS: u64 = 10_000_000;

/// Every way to name an agent, for help texts and errors.
pub const AGENT_FORMS: &str = "random, greedy, mcts, mcts:ITERATIONS, mcts:MILLISECONDSms (either followed by :tTREES for root-parallel trees, :uct for plain UCT, :mast for MAST rollouts, :mean for the rollouts' mean alone, without the implicit minimax backups, :decisions for each decision of a turn as a move of the tree, not whole turns), alphabeta, alphabeta:DEPTH, alphabeta:THOUSANDSk, alphabeta:MILLISECONDSms, beginner, strong or very-strong (see docs/agents.md)";

impl AgentSpec {
    /// `random`, `greedy`, `mcts`, `mcts:800` (iterations) or `mcts:50ms` (time);
    /// `alphabeta`, `alphabeta:4` (depth), `alphabeta:50k` (thousands of nodes)
    /// or `alphabeta:50ms` (time); a strength by name ([`STRENGTHS`]).
    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let bad = || format!("agent {text:?}: expected {AGENT_FORMS}");
        if let Some((_, spec)) = STRENGTHS.iter().find(|(name, _)| *name == text.trim().replace('-', " ")) {
            return Ok(*spec);
        }
        if let Some(limit) = text.trim().strip_prefix("alphabeta") {
            return parse_alphabeta(text, limit).ok_or_else(bad)?;
        }
        match text.trim() {
            "random" => Ok(AgentSpec::Random),
            "greedy" => Ok(AgentSpec::Greedy),
            other => {
                let rest = other.strip_prefix("mcts").ok_or_else(bad)?;
                parse_mcts(text, rest).ok_or_else(bad)?
            }
        }
    }

    pub fn build(self, game: &Game) -> Box<dyn Agent> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::default()),
            AgentSpec::Greedy => Box::new(GreedyAgent::new(game)),
            AgentSpec::Mcts(budget) => Box::new(MctsAgent::new(game, budget)),
            AgentSpec::AlphaBeta(limit) => Box::new(AlphaBetaAgent::new(game, limit)),
            AgentSpec::MctsWith(budget, style) => Box::new(MctsAgent::with_style(game, budget, style)),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Mcts(Budget::Iterations(n)) if *n == DEFAULT_ITERATIONS => f.write_str("mcts"),
            AgentSpec::Mcts(Budget::Iterations(n)) => write!(f, "mcts:{n}"),
            AgentSpec::Mcts(Budget::Time(t)) => write!(f, "mcts:{}ms", t.as_millis()),
            AgentSpec::AlphaBeta(Limit::Nodes(n)) if *n == DEFAULT_NODES => f.write_str("alphabeta"),
            AgentSpec::AlphaBeta(Limit::Depth(d)) => write!(f, "alphabeta:{d}"),
            AgentSpec::AlphaBeta(Limit::Nodes(n)) if n % 1000 == 0 => write!(f, "alphabeta:{}k", n / 1000),
            AgentSpec::AlphaBeta(Limit::Nodes(n)) => write!(f, "alphabeta:{n}nodes"),
            AgentSpec::AlphaBeta(Limit::Time(t)) => write!(f, "alphabeta:{}ms", t.as_millis()),
            AgentSpec::MctsWith(budget, style) => {
                write!(f, "{}", AgentSpec::Mcts(*budget))?;
                if style.trees > 1 {
                    write!(f, ":t{}", style.trees)?;
                }
                if style.plain {
                    f.write_str(":uct")?;
                }
                if style.mast {
                    f.write_str(":mast")?;
                }
                // Minimax backups are the guided search's default; plain UCT has none.
                if !style.minimax && !style.plain {
                    f.write_str(":mean")?;
                }
                // Whole turns are the default of the guided search, not of plain UCT.
                match (style.turns, style.plain) {
                    (true, true) => f.write_str(":turns"),
                    (false, false) => f.write_str(":decisions"),
                    _ => Ok(()),
                }
            }
        }
    }
}

/// `mcts` followed by `rest`: nothing, or `:`-separated parts, each at most
/// once: a budget (`ITERATIONS` or `MILLISECONDSms`), `tTREES` (root-parallel
/// trees), `uct` (plain UCT), `mast` (rollouts by MAST), `minimax` or
/// `mean` (implicit minimax backups, or the rollouts' mean alone: minimax
/// unless `uct`), `turns` or
/// `decisions` (whole turns as the tree's moves, or each decision: whole
/// turns unless `uct`). `None` where it is none of them; an error where it
/// asks too much, or for `minimax` with `uct`.
fn parse_mcts(text: &str, rest: &str) -> Option<Result<AgentSpec, String>> {
    let too_much = |most: u64, unit: &str| Some(Err(format!("agent {text:?}: at most {most} {unit} a move")));
    let number = |digits: &str| -> Option<u64> {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())?
    };
    let (mut budget, mut trees, mut plain, mut mast, mut turns) = (None, None, false, false, None);
    let mut minimax = None;
    if !rest.is_empty() {
        for part in rest.strip_prefix(':')?.split(':') {
            if part == "uct" && !plain {
                plain = true;
            } else if part == "mast" && !mast {
                mast = true;
            } else if let ("minimax" | "mean", None) = (part, minimax) {
                minimax = Some(part == "minimax");
            } else if let ("turns" | "decisions", None) = (part, turns) {
                turns = Some(part == "turns");
            } else if let (Some(n), None) = (part.strip_prefix('t'), trees) {
                let n = number(n)?;
                if n > u64::from(MctsStyle::MAX_TREES) {
                    return too_much(u64::from(MctsStyle::MAX_TREES), "trees");
                }
                trees = Some(n.max(1) as u8);
            } else if budget.is_some() {
                return None;
            } else if let Some(ms) = part.strip_suffix("ms") {
                match milliseconds(text, number(ms)?) {
                    Ok(time) => budget = Some(Budget::Time(time)),
                    Err(e) => return Some(Err(e)),
                }
            } else {
                let n = number(part)?;
                if n > MAX_ITERATIONS {
                    return too_much(MAX_ITERATIONS, "iterations (the tree grows with each)");
                }
                budget = Some(Budget::Iterations(n.max(1) as u32));
            }
        }
    }
    if plain && minimax == Some(true) {
        // Plain UCT judges no position before a rollout's end: no values to back up.
        return Some(Err(format!("agent {text:?}: minimax backs up the guided search's evaluations, not plain UCT's")));
    }
    let budget = budget.unwrap_or(Budget::Iterations(DEFAULT_ITERATIONS));
    let style = MctsStyle {
        trees: trees.unwrap_or(1),
        plain,
        mast,
        turns: turns.unwrap_or(!plain),
        minimax: minimax.unwrap_or(!plain),
    };
    Some(Ok(if style == MctsStyle::GUIDED { AgentSpec::Mcts(budget) } else { AgentSpec::MctsWith(budget, style) }))
}

/// A time budget of `ms` milliseconds a move (at least one), for the agent
/// written `text`; refused above [`MAX_MILLISECONDS`].
fn milliseconds(text: &str, ms: u64) -> Result<Duration, String> {
    if ms > MAX_MILLISECONDS {
        return Err(format!("agent {text:?}: at most {MAX_MILLISECONDS} milliseconds a move"));
    }
    Ok(Duration::from_millis(ms.max(1)))
}

/// `alphabeta` followed by `rest`: nothing, `:DEPTH`, `:THOUSANDSk`,
/// `:NODESnodes` or `:MILLISECONDSms`. `None` where it is none of them; an
/// error where it asks too much.
fn parse_alphabeta(text: &str, rest: &str) -> Option<Result<AgentSpec, String>> {
    let too_much = |most: u64, unit: &str| Err(format!("agent {text:?}: at most {most} {unit} a move"));
    if rest.is_empty() {
        return Some(Ok(AgentSpec::AlphaBeta(Limit::Nodes(DEFAULT_NODES))));
    }
    let rest = rest.strip_prefix(':')?;
    let number = |digits: &str| -> Option<u64> {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())?
    };
    let limit = if let Some(ms) = rest.strip_suffix("ms") {
        match milliseconds(text, number(ms)?) {
            Ok(time) => Limit::Time(time),
            Err(e) => return Some(Err(e)),
        }
    } else if let Some(n) = rest
        .strip_suffix('k')
        .map(|k| number(k).map(|k| k.saturating_mul(1000)))
        .or_else(|| rest.strip_suffix("nodes").map(number))
    {
        let n = n?;
        if n > MAX_NODES {
            return Some(too_much(MAX_NODES, "nodes"));
        }
        Limit::Nodes(n.max(1))
    } else {
        let d = number(rest)?;
        if d > u64::from(MAX_DEPTH) {
            return Some(too_much(u64::from(MAX_DEPTH), "plies deep"));
        }
        Limit::Depth(d.max(1) as u8)
    };
    Some(Ok(AgentSpec::AlphaBeta(limit)))
}

/// Samples a chance outcome by its real probability.
pub fn sample_chance<R: rand::RngCore + ?Sized>(game: &Game, state: &State, moves: &[Move], rng: &mut R) -> Move {
    let mut x: f64 = rng.random();
    for (m, p) in moves.iter().zip(game.chance_probabilities(state)) {
        if x < p {
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
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move {
        random_move(game, state, &mut self.buf, false, rng).expect("the game is not over")
    }
}

/// A random legal move (a chance outcome by its probability), as [`pick`]
/// draws it from the legal moves; where the moves can be counted, only the one
/// drawn is made. `None` if the game is over. `buf` is scratch space, unless
/// `known`: then it holds the legal moves of `state` already (see [`Game::play_listing`]).
pub(crate) fn random_move<R: rand::RngCore + ?Sized>(
    game: &Game,
    state: &State,
    buf: &mut Vec<Move>,
    known: bool,
    rng: &mut R,
) -> Option<Move> {
    if !known {
        if let Some(m) = game.draw_counted(state, |n| rng.random_range(0..n as usize) as u32) {
            return Some(m);
        }
        game.legal_moves_into(state, buf);
    }
    (!buf.is_empty()).then(|| pick(game, state, buf, rng))
}

/// A random legal move, or a chance outcome by its probability.
pub(crate) fn pick<R: rand::RngCore + ?Sized>(game: &Game, state: &State, moves: &[Move], rng: &mut R) -> Move {
    if moves.first().is_some_and(|m| m.action == Action::Chance) {
        return sample_chance(game, state, moves, rng);
    }
    moves[rng.random_range(0..moves.len())]
}

/// Where batch play cuts a game that has no turn limit (`max_plies: 0`) and
/// has not ended: such a game is reported unfinished. A ruleset whose random
/// games never end would otherwise never let a batch finish.
pub const PLY_CAP: u32 = 200_000;

/// Plays one random game from `state` to its end, or to [`PLY_CAP`] plies;
/// returns the number of moves made. `buf` is reused to avoid allocation.
///
/// Generic over the generator, so that a concrete one (as `simulate` passes)
/// draws without a call through a vtable per move; `&mut dyn RngCore` works too.
pub fn random_playout<R: rand::RngCore + ?Sized>(
    game: &Game,
    state: &mut State,
    rng: &mut R,
    buf: &mut Vec<Move>,
) -> u32 {
    let mut n = 0;
    // Whether `buf` holds the legal moves of `state`, worked out as the last move was played.
    let mut known = false;
    // (A game over has no move: asked here, not by making its empty list.)
    while state.ply() < PLY_CAP && !state.is_over() {
        let Some(played) = play_randomly(game, state, rng, buf, &mut known, PLY_CAP - state.ply()) else { break };
        n += played;
    }
    n
}

/// Plays on from `state` at random: a run of at most `most` counted turns
/// where the player is at one ([`Game::play_counted_turns`]), or listed
/// turns where the player is at one ([`Game::play_listed_turns`]),
/// else one move.
/// How many plies were played, `None` if the game is over. `known` says
/// whether `buf` holds the legal moves of `state`, before and after.
pub(crate) fn play_randomly<R: rand::RngCore + ?Sized>(
    game: &Game,
    state: &mut State,
    rng: &mut R,
    buf: &mut Vec<Move>,
    known: &mut bool,
    most: u32,
) -> Option<u32> {
    if !*known {
        let played = game.play_counted_turns(state, rng, most);
        if played > 0 {
            return Some(played);
        }
    }
    // (Drawn as a u32, the number a usize draw gives where the range fits,
    // as in `pick`: inline, where the usize draw was a call.)
    let played = game.play_listed_turns(state, buf, known, &mut |n| rng.random_range(0..n as u32) as usize, most);
    if played > 0 {
        return Some(played);
    }
    let m = random_move(game, state, buf, *known, rng)?;
    *known = game.play_listing(state, m, buf);
    Some(1)
}

#[cfg(test)]
mod stop_tests {
    use super::{Agent, AgentSpec, Budget, Limit, MctsAgent, MctsStyle, Stop};
    use crate::{Options, shipped};
    use rand::SeedableRng;
    use std::time::{Duration, Instant};

    /// A search whose flag is set returns at once, within a bound of work,
    /// whatever its budget: MCTS makes no iteration (one tree or several on
    /// threads), alpha-beta ends within 512 nodes; the move is legal. Without the flag the same searches go on.
    #[test]
    fn a_stopped_search_returns_within_a_bound_of_nodes() {
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let s = game.initial_state();
        let legal = game.legal_moves(&s);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for style in [MctsStyle::GUIDED, MctsStyle { trees: 3, ..MctsStyle::GUIDED }] {
            let mut agent = MctsAgent::with_style(&game, Budget::Iterations(10_000_000), style);
            let stop = Stop::new();
            agent.stop_with(stop.clone());
            stop.stop();
            assert!(legal.contains(&agent.choose(&game, &s, &mut rng)));
            assert_eq!(agent.plies(), 0, "{style:?}: no iteration once stopped");
        }
        let mut agent = crate::agents::AlphaBetaAgent::new(&game, Limit::Time(Duration::from_secs(3600)));
        let stop = Stop::new();
        agent.stop_with(stop.clone());
        stop.stop();
        assert!(legal.contains(&agent.choose(&game, &s, &mut rng)));
        // Every iteration stops at its 512th node, the first (one ply, beyond the budget) too.
        assert!(agent.nodes() <= 512, "alpha-beta searched {} nodes once stopped", agent.nodes());
        // Not stopped (the default flag, and one not set), the budget holds.
        let mut agent = crate::agents::AlphaBetaAgent::new(&game, Limit::Nodes(5_000));
        agent.stop_with(Stop::new());
        agent.choose(&game, &s, &mut rng);
        assert!(agent.nodes() >= 4_000, "alpha-beta searched only {} of 5000 nodes", agent.nodes());
    }

    /// Alpha-beta's first iteration (one ply and its quiescence search,
    /// which ignores the budget) stops too: in a chess position from random
    /// play whose one-ply search takes thousands of nodes, a stopped search
    /// ends within 512 and plays a legal move.
    #[test]
    fn alpha_betas_first_iteration_stops() {
        use crate::agents::AlphaBetaAgent;
        let game = shipped::game("classic/chess", &Options::new()).expect("compiles");
        let one_ply = |s: &crate::state::State| {
            let mut agent = AlphaBetaAgent::new(&game, Limit::Depth(1));
            agent.choose(&game, s, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
            agent.nodes()
        };
        let mut positions = Vec::new();
        crate::shipped::testing::visit_random_games(&game, 4, 1, |s, legal| {
            if legal.len() > 1 && s.ply() % 4 == 0 {
                positions.push(s.clone());
            }
        });
        let s = positions.into_iter().find(|s| one_ply(s) > 2048).expect("a wide first iteration");
        let mut agent = AlphaBetaAgent::new(&game, Limit::Time(Duration::from_secs(3600)));
        let stop = Stop::new();
        agent.stop_with(stop.clone());
        stop.stop();
        let m = agent.choose(&game, &s, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
        assert!(game.legal_moves(&s).contains(&m));
        assert!(agent.nodes() <= 512, "alpha-beta searched {} nodes once stopped", agent.nodes());
    }

    /// Stopped from another thread while it thinks, a search of ten minutes
    /// (`mcts:600000ms`, `alphabeta:600000ms`) answers within seconds.
    #[test]
    fn a_search_stopped_from_another_thread_answers_soon() {
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let s = game.initial_state();
        for text in ["mcts:600000ms", "mcts:600000ms:t2", "alphabeta:600000ms"] {
            let mut agent = AgentSpec::parse(text).expect("reads").build(&game);
            let stop = Stop::new();
            agent.stop_with(stop.clone());
            let start = Instant::now();
            let m = std::thread::scope(|scope| {
                let thinking = scope.spawn(|| agent.choose(&game, &s, &mut rand_chacha::ChaCha8Rng::seed_from_u64(2)));
                std::thread::sleep(Duration::from_millis(200));
                stop.stop();
                thinking.join().expect("no panic")
            });
            assert!(start.elapsed() < Duration::from_secs(20), "{text}: answered after {:?}", start.elapsed());
            assert!(game.legal_moves(&s).contains(&m), "{text}");
        }
    }
}
