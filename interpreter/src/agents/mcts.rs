//! Monte Carlo tree search (UCT), guided by the ruleset's own evaluation.
//!
//! Each iteration descends the tree (`mcts_tree.rs`), adds the children of
//! the node it passes through first, plays a short random rollout and lets
//! the generic evaluation (`eval.rs`) judge where it stops; each node keeps
//! the value for the player who moved into it, from a vector of values (one
//! per player) backed up along the path: no two-player negamax.
//!
//! What makes it stronger than plain UCT (`mcts:N:uct` keeps plain UCT):
//! - a **prior** per move: the evaluation of the position the move makes, for
//!   its mover (a capture, a piece nearer its goal, a piece borne off, a store
//!   filled, a win), added to UCT's score as `bias × prior / (visits + 1)`
//!   (progressive bias), so it fades as the move's own results come in; at
//!   the root and one move below, every child's prior is made when its node
//!   opens and untried moves are tried best prior first; deeper, a prior is
//!   lazy (the evaluation of the child's position when the descent first
//!   reaches it), which keeps an iteration within two random playouts of its
//!   length (`Settings::eager_depth`);
//! - a **stop flag** ([`Agent::stop_with`]), checked every iteration: a
//!   search stopped plays its best move so far;
//! - **exploration scaled to the values' spread**: UCT's constant times the
//!   standard deviation of the values the tree's rollouts returned, so that
//!   an evaluation whose values differ by hundredths still concentrates the
//!   visits on the better moves (unscaled, mcts:1000 lost to mcts:200);
//! - **tree reuse**: the part of the tree under the moves actually played is
//!   kept for the next decision, where no chance outcome lies between (the
//!   agent lives for a game: each game builds its agents anew);
//! - **root-parallel trees** (`mcts:N:tK`): K trees, each seeded from the
//!   agent's generator and its index, each with the whole budget, searched on
//!   up to K threads of their own; the move with the most visits summed over
//!   the trees (in the trees' order) is played. The result does not depend on
//!   the number of threads;
//! - **whole turns** (the default; `mcts:N:decisions` turns them off,
//!   `turns.rs`): where a turn may be several decisions, the tree's moves
//!   are the ways it ends, each played to its end (the rest of the chosen
//!   one kept as a plan);
//! - **implicit minimax backups** (the default; `mcts:N:mean` turns them
//!   off, `mcts_tree/minimax.rs`): selection reads each move's rollouts'
//!   mean blended with the minimax value of the positions judged under it.

use super::mcts_tree::{Settings, Tree};
use super::move_keys::key;
use super::{Agent, AgentSpec, Budget, Evaluator, Stop, pick};
use crate::moves::{Action, Move};
use crate::program::Game;
use crate::state::State;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// How an MCTS agent searches besides its budget: the number of root-parallel
/// trees, whether it is plain UCT (no prior, no tree reuse), whether
/// its rollouts draw moves by MAST (`mast.rs`), whether the tree's moves
/// are whole turns (`turns.rs`), and whether it backs up minimax values
/// (`mcts_tree/minimax.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MctsStyle {
    pub trees: u8,
    pub plain: bool,
    pub mast: bool,
    pub turns: bool,
    pub minimax: bool,
}

impl MctsStyle {
    /// One guided tree with whole turns as its moves and minimax backups:
    /// what `mcts` and `mcts:N` mean.
    pub const GUIDED: MctsStyle = MctsStyle { trees: 1, plain: false, mast: false, turns: true, minimax: true };
    /// The most root-parallel trees.
    pub const MAX_TREES: u8 = 64;
}

pub struct MctsAgent {
    budget: Budget,
    style: MctsStyle,
    eval: Evaluator,
    settings: Settings,
    buf: Vec<Move>,
    /// The trees of the last decision, kept for the next (guided search only).
    kept: Vec<Tree>,
    /// Decisions whose first tree started from a kept one (for the tests).
    reused: u32,
    /// Plies made by the searches' iterations (see [`MctsAgent::plies`]).
    plies: u64,
    /// The most threads root-parallel trees are searched on (the machine's
    /// cores); the moves do not depend on it.
    threads: usize,
    /// Stops the search, which then plays its best move so far ([`Agent::stop_with`]).
    stop: Stop,
    /// Where the tree's moves are whole turns: the rest of the turn chosen
    /// (its next decision last), and the state where the next is due.
    plan: Vec<Move>,
    planned: Option<State>,
}

impl MctsAgent {
    /// A guided agent with one tree.
    pub fn new(game: &Game, budget: Budget) -> MctsAgent {
        MctsAgent::with_style(game, budget, MctsStyle::GUIDED)
    }

    pub fn with_style(game: &Game, budget: Budget, style: MctsStyle) -> MctsAgent {
        let settings = Settings {
            mast: style.mast,
            // Whole turns only where a turn can be several decisions: elsewhere
            // asking costs a move made per legal move at each node opened.
            turns: style.turns && game.turns_can_go_on(),
            minimax: if style.minimax && !style.plain { Settings::MINIMAX } else { 0.0 },
            ..if style.plain {
                Settings {
                    rollout_depth: 24,
                    exploration: 0.9,
                    bias: 0.0,
                    remember: true,
                    scaled: false,
                    eager_depth: 0,
                    mast: false,
                    turns: false,
                    minimax: 0.0,
                }
            } else {
                Settings::guided()
            }
        };
        MctsAgent {
            budget,
            style,
            eval: Evaluator::for_search(game),
            settings,
            buf: Vec::new(),
            kept: Vec::new(),
            reused: 0,
            plies: 0,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            stop: Stop::default(),
            plan: Vec::new(),
            planned: None,
        }
    }

    /// The plies the agent's searches have made so far: the descents' moves
    /// and throws and the rollouts' plies (for docs/performance.md's
    /// comparison of an iteration with random playouts of its length).
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// Grows the trees for the agent's budget, each on its own: one after
    /// another on one thread, or spread over up to [`MctsAgent::threads`]
    /// threads (`std::thread::scope`: the interpreter depends on no thread
    /// pool, tests/tests/crates.rs). Each tree draws from its own generator,
    /// so the trees grown are the same either way.
    fn search_all(&self, game: &Game, trees: &mut [Tree]) {
        let (budget, eval, settings, stop) = (self.budget, &self.eval, &self.settings, &self.stop);
        let threads = self.threads.clamp(1, trees.len().max(1));
        if threads == 1 {
            trees.iter_mut().for_each(|tree| search(game, budget, eval, settings, stop, tree));
            return;
        }
        let per_thread = trees.len().div_ceil(threads);
        std::thread::scope(|scope| {
            for some in trees.chunks_mut(per_thread) {
                scope.spawn(move || some.iter_mut().for_each(|tree| search(game, budget, eval, settings, stop, tree)));
            }
        });
    }
}

/// Grows `tree` for `budget`, or until `stop` is set (checked every iteration).
fn search(game: &Game, budget: Budget, eval: &Evaluator, settings: &Settings, stop: &Stop, tree: &mut Tree) {
    let start = Instant::now();
    for iteration in 0u32.. {
        let done = match budget {
            Budget::Iterations(n) => iteration >= n,
            Budget::Time(t) => iteration > 0 && start.elapsed() >= t,
        };
        if done || stop.stopped() {
            break;
        }
        tree.iterate(game, eval, settings);
    }
}

impl MctsAgent {
    /// The next decision of the turn chosen before, where `state` is the
    /// one it is due in; else nothing, and the plan is dropped.
    fn follow_plan(&mut self, game: &Game, state: &State) -> Option<Move> {
        let due = self.planned.take().is_some_and(|s| s == *state);
        let next = self.plan.pop().filter(|&m| due && self.buf.contains(&m));
        match next {
            Some(m) if !self.plan.is_empty() => {
                let mut after = state.clone();
                game.play_unchecked(&mut after, m);
                self.planned = Some(after);
            }
            _ => self.plan.clear(),
        }
        next
    }

    /// The first decision of the root's child with the most visits summed
    /// over `trees` (children matched by their decisions; ties to the first
    /// child of the first tree); the rest of its decisions become the plan.
    fn choose_turn(&mut self, game: &Game, state: &State, trees: Vec<Tree>, rng: &mut dyn rand::RngCore) -> Move {
        let mut best: (u64, &[Move]) = (0, &[]);
        for (moves, _) in trees[0].root_turns() {
            let visits: u64 =
                trees.iter().flat_map(|t| t.root_turns()).filter(|&(m, _)| m == moves).map(|(_, v)| u64::from(v)).sum();
            if best.1.is_empty() || visits > best.0 {
                best = (visits, moves);
            }
        }
        let chosen = best.1.to_vec();
        self.plies += trees.iter().map(|t| t.plies).sum::<u64>();
        if !self.style.plain {
            self.kept = trees;
        }
        let Some((&first, rest)) = chosen.split_first() else { return pick(game, state, &self.buf, rng) };
        if !rest.is_empty() {
            self.plan = rest.iter().rev().copied().collect();
            let mut after = state.clone();
            game.play_unchecked(&mut after, first);
            self.planned = Some(after);
        }
        first
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> String {
        match self.style {
            MctsStyle::GUIDED => AgentSpec::Mcts(self.budget).to_string(),
            style => AgentSpec::MctsWith(self.budget, style).to_string(),
        }
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut dyn rand::RngCore) -> Move {
        game.legal_moves_into(state, &mut self.buf);
        if let Some(m) = self.follow_plan(game, state) {
            return m;
        }
        if self.buf.len() == 1 || self.buf[0].action == Action::Chance {
            return pick(game, state, &self.buf, rng);
        }
        // Each tree draws from its own generator: seeded from this one and its index.
        let seed = rng.next_u64();
        let mut old = std::mem::take(&mut self.kept).into_iter();
        let mut trees: Vec<Tree> = (0..self.style.trees.max(1))
            .map(|i| {
                let mut tree_rng = ChaCha8Rng::seed_from_u64(seed);
                tree_rng.set_stream(u64::from(i));
                let old = if self.style.plain { None } else { old.next() };
                Tree::new(game, state, old, tree_rng)
            })
            .collect();
        self.reused += u32::from(trees[0].nodes[0].visits > 0);
        self.search_all(game, &mut trees);
        if self.style.turns {
            return self.choose_turn(game, state, trees, rng);
        }
        // The most visits summed over the trees; ties to the first legal move.
        let mut best = (0u64, None);
        for &m in &self.buf {
            let visits: u64 = trees
                .iter()
                .flat_map(|t| t.root_visits())
                .filter(|&(c, _)| key(c) == key(m))
                .map(|(_, v)| u64::from(v))
                .sum();
            if best.1.is_none() || visits > best.0 {
                best = (visits, Some(m));
            }
        }
        self.plies += trees.iter().map(|t| t.plies).sum::<u64>();
        if !self.style.plain {
            self.kept = trees;
        }
        best.1.unwrap_or_else(|| pick(game, state, &self.buf, rng))
    }

    fn stop_with(&mut self, stop: Stop) {
        self.stop = stop;
    }
}

/// Plays at most `most` random plies from `state` as a rollout plays them
/// (counted turns in a run, a move's listing reused); the plies made. For
/// docs/performance.md: a random playout of an iteration's length.
pub fn random_plies<R: rand::RngCore>(
    game: &Game,
    state: &mut State,
    rng: &mut R,
    buf: &mut Vec<Move>,
    most: u32,
) -> u32 {
    let (mut known, mut played) = (false, 0);
    while played < most {
        let Some(plies) = super::play_randomly(game, state, rng, buf, &mut known, most - played) else { break };
        played += plies;
    }
    played
}

#[cfg(test)]
mod tests {
    use crate::moves::{Action, Move};
    use crate::shipped::testing::visit_random_games;
    use crate::{Options, shipped};

    /// Remembering a node's moves, and taking a node with as many children
    /// as moves to have them all, change no choice: searches with and without
    /// them choose the same moves and draw the same random numbers, from
    /// positions along random games: games without chance, one with a throw
    /// before every decision (Ur), one with a throw at the opening only
    /// (Setron: every later node is one position, in a game with chance), and
    /// Senet where a piece leaving with a longer throw lets the rest move
    /// another piece: two decisions of one throw, kept lists above the next
    /// turn's throw.
    #[test]
    fn a_search_that_remembers_chooses_what_one_that_does_not_chooses() {
        use crate::agents::{Agent, Budget, MctsAgent, MctsStyle};
        use rand::SeedableRng;
        let mut compared = 0;
        let mut between_throws = 0;
        for name in
            ["classic/tic-tac-toe", "classic/connect-four", "traditional/brandubh", "traditional/ur", "setron", "senet"]
        {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let mut positions = Vec::new();
            visit_random_games(&game, 3, 6, |s, legal| positions.push((s.clone(), legal.to_vec())));
            // Positions where a search runs: a decision, with a choice.
            fn searched((s, legal): &(crate::state::State, Vec<Move>)) -> Option<&crate::state::State> {
                (legal.len() > 1 && legal[0].action != Action::Chance).then_some(s)
            }
            // A decision followed by another of the same player with no throw between.
            let second_decision = |w: &[(crate::state::State, Vec<Move>)]| {
                let (next, legal) = &w[1];
                legal[0].action != Action::Chance
                    && next.to_move() == w[0].0.to_move()
                    && next.ply() == w[0].0.ply() + 1
            };
            let twice: Vec<_> =
                positions.windows(2).filter(|w| second_decision(w)).filter_map(|w| searched(&w[0])).take(4).collect();
            between_throws += usize::from(name == "senet") * twice.len();
            let some: Vec<_> = positions.iter().filter_map(searched).step_by(2).take(8).collect();
            for (i, s) in some.into_iter().chain(twice).enumerate() {
                // The move chosen, and the generator's next draw: the same only where the
                // searches drew the same numbers throughout (the same descents and rollouts).
                let choose = |remember: bool| {
                    // Each decision a move of the tree: whole turns need a node to be
                    // one position; so do minimax values, which a search that does not
                    // remember cannot keep.
                    let style = MctsStyle { turns: false, minimax: false, ..MctsStyle::GUIDED };
                    let mut agent = MctsAgent::with_style(&game, Budget::Iterations(300), style);
                    agent.settings.remember = remember;
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i as u64);
                    (agent.choose(&game, s, &mut rng), rand::RngCore::next_u64(&mut rng))
                };
                assert_eq!(choose(true), choose(false), "{name}, ply {}", s.ply());
                compared += 1;
            }
        }
        assert!(compared >= 40, "only {compared} positions searched");
        assert!(between_throws >= 2, "only {between_throws} Senet searches before a second decision of one throw");
    }

    /// Plays `plies` decisions of a game between `agents` (chance by its
    /// probabilities), from seed `seed`; the moves played.
    fn play(game: &crate::program::Game, agents: &mut [crate::agents::MctsAgent], seed: u64, plies: u32) -> Vec<Move> {
        use crate::agents::Agent;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = game.initial_state();
        let mut played = Vec::new();
        while !s.is_over() && s.ply() < plies {
            let legal = game.legal_moves(&s);
            let m = if legal[0].action == Action::Chance {
                crate::agents::pick(game, &s, &legal, &mut rng)
            } else {
                let p = usize::from(s.to_move()) % agents.len();
                agents[p].choose(game, &s, &mut rng)
            };
            played.push(m);
            game.play_unchecked(&mut s, m);
        }
        played
    }

    /// The tree under the moves played is kept for the next decision (in a
    /// game without chance), where the opponent's reply was searched; in a
    /// game with a throw between two decisions of a player, nothing is kept.
    #[test]
    fn the_tree_under_the_moves_played_is_kept() {
        use crate::agents::{Budget, MctsAgent};
        for (name, kept) in [("classic/breakthrough", true), ("classic/connect-four", true), ("traditional/ur", false)]
        {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let mut agents =
                [MctsAgent::new(&game, Budget::Iterations(200)), MctsAgent::new(&game, Budget::Iterations(200))];
            play(&game, &mut agents, 3, 16);
            let reused = agents[0].reused + agents[1].reused;
            assert_eq!(reused >= 5, kept, "{name}: {reused} of 16 decisions reused a tree");
            assert!(kept || reused == 0, "{name}: {reused} decisions reused a tree");
        }
    }

    /// The exploration constant is scaled to the spread of the rollouts'
    /// values: at 1000 iterations from Breakthrough's opening, the move most
    /// visited has several times the visits of the average move. Unscaled,
    /// against values that differ by hundredths, the visits were spread
    /// evenly, and mcts:1000 lost to mcts:200 and to greedy. (Measured on
    /// the rollouts' means alone, `mcts:1000:mean`, whose spread the scale
    /// reads; with the minimax values blended in, the most visited move had
    /// 2.0 times the mean here.)
    #[test]
    fn the_search_concentrates_on_the_best_moves() {
        use crate::agents::{Agent, Budget, MctsAgent, MctsStyle};
        use rand::SeedableRng;
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let s = game.initial_state();
        let most_against_mean = |scaled: bool| {
            let style = MctsStyle { minimax: false, ..MctsStyle::GUIDED };
            let mut agent = MctsAgent::with_style(&game, Budget::Iterations(1000), style);
            agent.settings.scaled = scaled;
            agent.choose(&game, &s, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
            let visits: Vec<u32> = agent.kept[0].root_visits().map(|(_, v)| v).collect();
            let most = visits.iter().copied().max().unwrap_or(0);
            f64::from(most) * visits.len() as f64 / f64::from(visits.iter().sum::<u32>())
        };
        let (scaled, unscaled) = (most_against_mean(true), most_against_mean(false));
        assert!(scaled > 3.0, "scaled: the most visits {scaled:.2} times the mean");
        assert!(unscaled < 1.5, "unscaled: the most visits {unscaled:.2} times the mean");
    }

    /// The guided search backs up minimax values (`mcts_tree/minimax.rs`)
    /// unless written `mcts:N:mean`; `mcts:N:minimax` is the default written
    /// out. With `uct` it is refused: plain UCT, whose priors are noise, has
    /// none to back up.
    #[test]
    fn minimax_backups_are_the_default_and_turned_off_by_name() {
        use crate::agents::mcts_tree::Settings;
        use crate::agents::{AgentSpec, Budget, MctsAgent, MctsStyle};
        for text in ["mcts:200:mean", "mcts:50ms:t2:mast:mean", "mcts:mean:decisions"] {
            assert_eq!(AgentSpec::parse(text).expect(text).to_string(), text);
        }
        let parse = |text: &str| AgentSpec::parse(text).expect(text);
        assert_eq!(parse("mcts:200:minimax"), parse("mcts:200"));
        assert_eq!(parse("mcts:uct:mean"), parse("mcts:uct"));
        for text in ["mcts:200:minimax:minimax", "mcts:200:mean:minimax", "mcts:mean:mean"] {
            assert!(AgentSpec::parse(text).is_err(), "{text}");
        }
        let plain = AgentSpec::parse("mcts:200:uct:minimax").expect_err("plain UCT has no values to back up");
        assert!(plain.contains("not plain UCT"), "{plain}");
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        for (style, weight) in [
            (MctsStyle::GUIDED, Settings::MINIMAX),
            (MctsStyle { minimax: false, ..MctsStyle::GUIDED }, 0.0),
            (MctsStyle { plain: true, ..MctsStyle::GUIDED }, 0.0),
        ] {
            assert_eq!(
                MctsAgent::with_style(&game, Budget::Iterations(1), style).settings.minimax,
                weight,
                "{style:?}"
            );
        }
    }

    /// `mcts:N:mast` reads and prints as written, and its rollouts draw by
    /// the move means its iterations learn: after a search the table holds
    /// moves of both players (none without `:mast`), and the search draws
    /// other random numbers than the same search without it.
    #[test]
    fn mast_rollouts_learn_and_draw_by_the_means() {
        use crate::agents::{Agent, AgentSpec, Budget, MctsAgent, MctsStyle};
        use rand::{RngCore, SeedableRng};
        for text in ["mcts:200:mast", "mcts:50ms:t2:mast", "mcts:uct:mast"] {
            assert_eq!(AgentSpec::parse(text).expect(text).to_string(), text);
        }
        assert!(AgentSpec::parse("mcts:200:mast:mast").is_err());
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let s = game.initial_state();
        let search = |mast: bool| {
            let style = MctsStyle { mast, ..MctsStyle::GUIDED };
            let mut agent = MctsAgent::with_style(&game, Budget::Iterations(300), style);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            agent.choose(&game, &s, &mut rng);
            let tree = &agent.kept[0];
            (tree.mast.learned(), tree.rng.clone().next_u64())
        };
        let ((learned, drawn), (without, plain_drawn)) = (search(true), search(false));
        assert!(learned > 40, "MAST learned {learned} moves");
        assert_eq!(without, 0);
        assert_ne!(drawn, plain_drawn, "MAST's rollouts drew as uniform ones do");
    }

    /// Where every turn is one decision, whole turns as the tree's moves
    /// change nothing: `mcts:N` (whole turns) plays the moves
    /// `mcts:N:decisions` plays (Kalah's sowing into the store that earns
    /// another turn included, a turn of its own); whole turns are the
    /// default of the guided search, not of plain UCT, and each spelling
    /// prints as written.
    #[test]
    fn whole_turns_change_nothing_where_a_turn_is_one_decision() {
        use crate::agents::{AgentSpec, Budget, MctsAgent, MctsStyle};
        for text in ["mcts:200:decisions", "mcts:50ms:t2:mast:decisions", "mcts:uct:turns", "mcts:uct", "mcts:t2"] {
            assert_eq!(AgentSpec::parse(text).expect(text).to_string(), text);
        }
        let parse = |text| AgentSpec::parse(text).expect(text);
        assert_eq!(parse("mcts:200:turns"), parse("mcts:200"));
        assert_eq!(parse("mcts:uct:decisions"), parse("mcts:uct"));
        for text in ["mcts:200:turns:turns", "mcts:200:turns:decisions", "mcts:decisions:decisions"] {
            assert!(AgentSpec::parse(text).is_err(), "{text}");
        }
        for name in ["classic/breakthrough", "classic/connect-four", "traditional/kalah"] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let games = |style: MctsStyle| {
                let mut agents = [0, 1].map(|_| MctsAgent::with_style(&game, Budget::Iterations(100), style));
                (0..2).map(|seed| play(&game, &mut agents, seed, 40)).collect::<Vec<_>>()
            };
            assert_eq!(games(MctsStyle { turns: false, ..MctsStyle::GUIDED }), games(MctsStyle::GUIDED), "{name}");
        }
    }

    /// Whole turns: the root's children are the ways the turn ends (as
    /// `turns.rs` reads them); the agent plays the first decision of one,
    /// then the rest of it without searching while the state is the one
    /// expected, the turn ending where the way ends; where the state is
    /// another, the plan is dropped and the agent searches.
    #[test]
    fn a_chosen_turn_is_played_to_its_end_and_dropped_where_the_state_differs() {
        use crate::agents::turns::{TURN_DEPTH, TurnReader};
        use crate::agents::{Agent, Budget, MctsAgent};
        use rand::SeedableRng;
        let game = shipped::game("traditional/halma", &Options::new()).expect("compiles");
        let mut positions = Vec::new();
        visit_random_games(&game, 4, 1, |s, legal| {
            if s.ply() > 30 && legal.len() > 1 && s.continuing().is_none() {
                positions.push(s.clone());
            }
        });
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let (mut followed, mut dropped) = (0, 0);
        for s in positions.iter().step_by(7).take(12) {
            let mut agent = MctsAgent::new(&game, Budget::Iterations(100));
            let first = agent.choose(&game, s, &mut rng);
            let mut ways = Vec::new();
            TurnReader::default().read(&game, s, &mut |moves, _| ways.push(moves.to_vec()));
            let children: Vec<Vec<Move>> = agent.kept[0].root_turns().map(|(m, _)| m.to_vec()).collect();
            assert_eq!(children.len(), ways.len());
            assert!(ways.iter().all(|w| children.contains(w)), "the root's children are the turn's ways");
            let mut chosen = vec![first];
            chosen.extend(agent.plan.iter().rev());
            assert!(ways.contains(&chosen), "the agent plays a way");
            let mut next = s.clone();
            game.play_unchecked(&mut next, first);
            let plies = agent.plies;
            for &planned in &chosen[1..] {
                assert_eq!(agent.choose(&game, &next, &mut rng), planned);
                game.play_unchecked(&mut next, planned);
                followed += 1;
            }
            assert_eq!(agent.plies, plies, "no search while the plan is followed");
            assert!(agent.plan.is_empty());
            assert!(next.to_move() != s.to_move() || chosen.len() == TURN_DEPTH, "the turn ends with the plan");
            // Chosen again from the start, then asked in another state: the plan is dropped.
            agent.choose(&game, s, &mut rng);
            if !agent.plan.is_empty() {
                let plies = agent.plies;
                agent.choose(&game, &next, &mut rng);
                assert!(agent.plies > plies, "a search where the state is another");
                dropped += 1;
            }
        }
        assert!(followed >= 3 && dropped >= 1, "{followed} decisions followed a plan, {dropped} plans dropped");
    }

    /// A kept tree keeps only its own nodes' turns: over a game of Halma
    /// with whole turns, the turns held are those of the nodes, one each,
    /// not every turn ever searched.
    #[test]
    fn a_kept_tree_holds_the_turns_of_its_nodes_only() {
        use crate::agents::{Budget, MctsAgent};
        let game = shipped::game("traditional/halma", &Options::new()).expect("compiles");
        let mut agents = [0, 1].map(|_| MctsAgent::new(&game, Budget::Iterations(100)));
        play(&game, &mut agents, 2, 40);
        assert!(agents.iter().map(|a| a.reused).sum::<u32>() >= 5, "trees were kept");
        for tree in agents.iter().flat_map(|a| &a.kept) {
            let with_turns = tree.nodes.iter().filter(|n| n.turn != crate::agents::mcts_tree::NONE).count();
            assert_eq!(tree.turns.len(), with_turns);
        }
    }

    /// Root-parallel trees: the same moves on one thread as on two or
    /// three (the trees spread over the threads), and other moves than one
    /// tree plays (the trees differ).
    #[test]
    fn parallel_trees_play_the_same_moves_on_any_number_of_threads() {
        use crate::agents::{Budget, MctsAgent, MctsStyle};
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let style = MctsStyle { trees: 3, ..MctsStyle::GUIDED };
        let games = |threads: usize, style: MctsStyle| {
            let mut agents = [0, 1].map(|_| MctsAgent::with_style(&game, Budget::Iterations(60), style));
            agents.iter_mut().for_each(|a| a.threads = threads);
            (0..3).map(|seed| play(&game, &mut agents, seed, 30)).collect::<Vec<_>>()
        };
        let one = games(1, style);
        assert_eq!(one, games(2, style));
        assert_eq!(one, games(3, style));
        assert_ne!(one, games(1, MctsStyle::GUIDED));
    }
}
