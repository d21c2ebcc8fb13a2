//! Monte Carlo tree search (UCT). The tree is "open loop": a node is a
//! sequence of decisions, and chance outcomes on the way are sampled anew each
//! iteration with their real probabilities (in a game without chance a node
//! is one position, and its legal moves are worked out once). Rollouts are random and short;
//! where they stop, the generic evaluation judges the position. Each node
//! keeps the value for the player who moved into it, from a vector of values
//! (one per player) backed up along the path: no two-player negamax.

use super::{Agent, Budget, Evaluator, pick, play_randomly};
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
    /// Whether a node that is one position keeps its moves (see [`Remembered`]);
    /// off only to test that it changes no choice.
    remember: bool,
}

struct Node {
    /// The player who made the move into this node (whose values it keeps).
    mover: Player,
    visits: u32,
    value: f64,
    children: Vec<(Move, usize)>,
    /// Where the node's legal moves are kept (see [`Remembered`]), once worked out.
    moves: Option<(u32, u32)>,
}

/// The legal moves of the nodes a search has been through, in one buffer.
/// A node no chance outcome lies on the way to (from the root, whose state
/// is given) is always the same position, so its moves need working out once,
/// not at every visit: in games without chance, every node; in the others,
/// those before the first throw. Below a throw the tree is open loop, and the
/// moves are worked out anew.
struct Remembered {
    moves: Vec<Move>,
}

impl Remembered {
    /// The legal moves in `s`, the state of `node`; where `fixed` (no chance
    /// on the way to it), remembered. A throw's outcomes are not kept: the
    /// node's decision comes after them.
    fn legal<'a>(
        &'a mut self,
        game: &Game,
        s: &State,
        node: &mut Node,
        fixed: bool,
        scratch: &'a mut Vec<Move>,
    ) -> &'a [Move] {
        if let (true, Some((start, len))) = (fixed, node.moves) {
            return &self.moves[start as usize..][..len as usize];
        }
        game.legal_moves_into(s, scratch);
        if fixed && scratch.first().is_some_and(|m| m.action != Action::Chance) {
            node.moves = Some((self.moves.len() as u32, scratch.len() as u32));
            self.moves.extend_from_slice(scratch);
        }
        scratch
    }
}

impl Node {
    /// A node not yet visited, whose decision is `mover`'s.
    fn new(mover: Player) -> Node {
        Node { mover, visits: 0, value: 0.0, children: Vec::new(), moves: None }
    }
}

impl MctsAgent {
    pub fn new(game: &Game, budget: Budget) -> MctsAgent {
        MctsAgent {
            budget,
            eval: Evaluator::new(game),
            rollout_depth: 24,
            exploration: 0.9,
            buf: Vec::new(),
            remember: true,
        }
    }

    /// Plays random moves, then scores the position for every player.
    fn rollout(&mut self, game: &Game, s: &mut State, rng: &mut dyn rand::RngCore) -> [f64; MAX_PLAYERS] {
        let (mut known, mut played) = (false, 0);
        while played < self.rollout_depth {
            let most = self.rollout_depth - played;
            let Some(plies) = play_randomly(game, s, rng, &mut self.buf, &mut known, most) else { break };
            played += plies;
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
        let mut tree = vec![Node::new(state.to_move())];
        let mut remembered = Remembered { moves: Vec::new() };
        let mut scratch: Vec<Move> = Vec::new();
        // Sorted keys of long move lists, for `Members`.
        let (mut legal_keys, mut tried_keys) = (Vec::new(), Vec::new());
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
            // No chance outcome on the way yet: the node is one position (see `Remembered`).
            let mut fixed = self.remember;
            // Selection and expansion.
            loop {
                if s.is_over() {
                    break;
                }
                let legal = remembered.legal(game, &s, &mut tree[node], fixed, &mut scratch);
                if legal[0].action == Action::Chance {
                    let m = pick(game, &s, legal, rng);
                    game.play_unchecked(&mut s, m);
                    fixed = false;
                    continue;
                }
                // Where a node is one position, its children are distinct legal moves: as many as
                // those, and it has them all, every one legal (no membership tests).
                let expanded = fixed && tree[node].children.len() == legal.len();
                if !expanded {
                    // The legal moves without a child yet, counted and then one picked: no list is built.
                    let tried = Members::of(tree[node].children.iter().map(|&(m, _)| m), &mut tried_keys);
                    let mut untried = legal.iter().copied().filter(|&m| !tried.contains(m));
                    let count = untried.clone().count();
                    if count > 0 {
                        let m = untried.nth(rng.random_range(0..count)).expect("counted");
                        tree.push(Node::new(s.to_move()));
                        let child = tree.len() - 1;
                        tree[node].children.push((m, child));
                        game.play_unchecked(&mut s, m);
                        path.push(child);
                        break;
                    }
                }
                let ln = f64::from(tree[node].visits.max(1)).ln();
                let legal_here = (!expanded).then(|| Members::of(legal.iter().copied(), &mut legal_keys));
                let (m, child) = tree[node]
                    .children
                    .iter()
                    .filter(|&&(m, _)| legal_here.as_ref().is_none_or(|l| l.contains(m)))
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
        let at_root = Members::of(root_moves.iter().copied(), &mut legal_keys);
        tree[0]
            .children
            .iter()
            .filter(|&&(m, _)| at_root.contains(m))
            .max_by_key(|(_, c)| tree[*c].visits)
            .map_or_else(|| pick(game, state, &root_moves, rng), |(m, _)| *m)
    }
}

/// A list of moves to test membership in, by their keys. A node's legal
/// moves and the moves tried from it are compared at every visit: in games
/// with a hundred moves a position (tafl) comparing each with each cost a
/// sixth of the search, so a long list's keys are sorted and searched by
/// halves. The lists keep their order, and so the search its choices.
struct Members<'k> {
    /// The moves' keys: in the list's order where it is short, else sorted.
    keys: &'k [u64],
}

impl<'k> Members<'k> {
    /// Up to this many moves, a scan is quicker than sorting.
    const SCANNED: usize = 16;

    /// The members of `moves`; `keys` is scratch space.
    fn of(moves: impl Iterator<Item = Move>, keys: &'k mut Vec<u64>) -> Members<'k> {
        keys.clear();
        keys.extend(moves.map(key));
        if keys.len() > Self::SCANNED {
            keys.sort_unstable();
        }
        Members { keys }
    }

    fn contains(&self, m: Move) -> bool {
        if self.keys.len() > Self::SCANNED {
            self.keys.binary_search(&key(m)).is_ok()
        } else {
            self.keys.contains(&key(m))
        }
    }
}

/// A move as one number: equal moves have equal keys, and different moves different keys.
fn key(m: Move) -> u64 {
    u64::from(m.action as u8)
        | u64::from(m.rule) << 8
        | u64::from(m.kind) << 16
        | u64::from(m.dir) << 24
        | u64::from(m.from) << 32
        | u64::from(m.to) << 48
}

#[cfg(test)]
mod tests {
    use super::{Members, Node, Remembered, key};
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
        use crate::agents::{Agent, Budget, MctsAgent};
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
                    let mut agent = MctsAgent { remember, ..MctsAgent::new(&game, Budget::Iterations(300)) };
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

    /// A node's moves, remembered or not, are the legal moves of its state,
    /// at the first visit and at every later one, with other nodes' moves
    /// remembered in between; a throw's outcomes are never kept: along random
    /// games of a placement game, a movement game and a race game.
    #[test]
    fn a_nodes_remembered_moves_are_its_legal_moves() {
        for name in ["classic/tic-tac-toe", "traditional/tablut", "traditional/ur"] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let mut remembered = Remembered { moves: Vec::new() };
            let mut scratch = Vec::new();
            let (mut nodes, mut kept) = (Vec::new(), [0; 2]);
            visit_random_games(&game, 11, 8, |s, legal| {
                for fixed in [false, true] {
                    let mut node = Node::new(0);
                    let first = remembered.legal(&game, s, &mut node, fixed, &mut scratch);
                    assert_eq!(first, legal, "{name}: first visit");
                    let throw = legal[0].action == Action::Chance;
                    assert_eq!(node.moves.is_some(), fixed && !throw, "{name}: kept where fixed, but a throw");
                    kept[usize::from(throw)] += usize::from(fixed);
                    nodes.push((s.clone(), node, fixed));
                }
            });
            for (s, node, fixed) in nodes.iter_mut().rev() {
                let later = remembered.legal(&game, s, node, *fixed, &mut scratch);
                assert_eq!(later, game.legal_moves(s), "{name}: a later visit");
            }
            assert!(kept[0] > 50 && (kept[1] > 50) == (name == "traditional/ur"), "{name}: {kept:?}");
        }
    }

    /// Short lists are scanned and long ones searched by halves: either way a
    /// move is a member exactly when the list holds it, and moves differing in
    /// any one part have different keys.
    #[test]
    fn members_are_the_moves_of_the_list() {
        let all: Vec<Move> = (0..40u16)
            .map(|i| Move {
                action: Action::Board,
                rule: (i % 3) as u8,
                kind: 0,
                dir: (i % 5) as u8,
                from: i,
                to: 40 - i,
            })
            .chain([Move { action: Action::Place, ..Move::simple(Action::Pass) }, Move::simple(Action::Pass)])
            .collect();
        let keys: std::collections::HashSet<u64> = all.iter().map(|&m| key(m)).collect();
        assert_eq!(keys.len(), all.len(), "one key per move");
        for len in [0, 1, 5, Members::SCANNED, Members::SCANNED + 1, 30] {
            let list: Vec<Move> = all.iter().copied().rev().step_by(2).take(len).collect();
            let mut scratch = Vec::new();
            let members = Members::of(list.iter().copied(), &mut scratch);
            for &m in &all {
                assert_eq!(members.contains(m), list.contains(&m), "{m:?} in a list of {len}");
            }
        }
    }
}
