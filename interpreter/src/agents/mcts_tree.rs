//! One MCTS search tree (see `mcts.rs` for the agent): the nodes, one
//! iteration (descent, expansion, rollout, backup), and the part of the tree
//! kept for the next decision.
//!
//! The tree is "open loop": a node is a sequence of decisions, and chance
//! outcomes on the way are sampled anew each iteration with their real
//! probabilities (in a game without chance a node is one position, and its
//! legal moves are worked out once). A node's children are kept as a list
//! (first child, next sibling) in the one vector of nodes, so growing the tree
//! allocates nothing per node.

use super::mast::Mast;
use super::mcts::random_plies;
use super::move_keys::Members;
use super::turns::{TurnReader, widened};
use super::{Evaluator, pick};
use crate::moves::{Action, Move};
use crate::piece::{MAX_PLAYERS, Player};
use crate::program::Game;
use crate::state::State;
use minimax::{Backups, UNKNOWN};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

mod minimax;

/// No node (the end of a list of children).
pub(super) const NONE: u32 = u32::MAX;

/// How a tree searches: shared by the trees of one agent.
#[derive(Debug, Clone, Copy)]
pub(super) struct Settings {
    /// Random moves played from a new node before the evaluation judges.
    pub rollout_depth: u32,
    /// The exploration constant of UCT.
    pub exploration: f64,
    /// The weight of a move's prior (the evaluation of the position it makes,
    /// for its mover), decaying as 1 / (visits + 1): progressive bias. Zero:
    /// plain UCT, where untried moves are tried in a random order.
    pub bias: f64,
    /// Whether a node that is one position keeps its moves (see [`Remembered`]);
    /// off only to test that it changes no choice.
    pub remember: bool,
    /// Whether the exploration constant is scaled by the spread of the values
    /// the rollouts return (their standard deviation, see [`Spread`]): an
    /// evaluation's values differ by hundredths (a pawn in Breakthrough is
    /// 0.12), and against them an unscaled constant made the search spread
    /// its visits evenly, so that more iterations averaged each move over the
    /// opponent's every reply, as if the opponent played at random.
    pub scaled: bool,
    /// Nodes less deep than this (the root at 0) give every child its prior
    /// when they open; deeper, a child's prior is the evaluation of its
    /// position when the descent first reaches it (a lazy prior: no move
    /// made and judged for a prior that selection never needs), and untried
    /// children are tried in a random order. `u32::MAX`: every prior when
    /// its node opens.
    pub eager_depth: u32,
    /// Whether rollouts draw their moves by the tree's move means ([`Mast`])
    /// instead of uniformly.
    pub mast: bool,
    /// Whether a node one position whose player's turn may go on after a
    /// decision has the ways the turn can end as its children (`turns.rs`),
    /// each with the evaluation of its end as its prior, instead of the
    /// turn's first decisions.
    pub turns: bool,
    /// The weight of a node's implicit minimax value against its rollouts'
    /// mean in selection (`minimax.rs`); 0: rollouts' means only.
    pub minimax: f64,
}

impl Settings {
    /// The weight of the minimax values in the guided search (its default;
    /// `mcts:N:mean` is without). Tuned head to head against the search
    /// without at 200 iterations (docs/agents.md): 0.5 was as good or better in every game
    /// but Reversi; 0.8 lost the draughts games and Fanorona, and 0.2 and 0.3
    /// gained less in Breakthrough, Konane and Halma.
    pub const MINIMAX: f64 = 0.5;

    /// The guided search's settings.
    pub fn guided() -> Settings {
        // Tuned by short ladders against greedy and plain UCT (docs/agents.md): rollouts
        // of 4..8 plies were best in Seti-Aleph, Breakthrough and Kalah; 24 (plain UCT's) worst.
        // The exploration constant is scaled to the values' spread (docs/agents.md, "MCTS").
        // Priors are made when a node opens at the root and the node below it (the replies
        // to each move), lazily deeper: an opening's priors cost a move and an evaluation a
        // child, which made an iteration in Connect Four 2.4 random playouts of its length.
        Settings {
            rollout_depth: 6,
            exploration: 0.9,
            bias: 1.0,
            remember: true,
            scaled: true,
            eager_depth: 2,
            mast: false,
            turns: false,
            minimax: 0.0,
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct Node {
    /// The move into this node (nothing for the root).
    pub mv: Move,
    /// The player who made the move into this node (whose values it keeps).
    mover: Player,
    /// No chance outcome lies between the root and this node: it is one position.
    fixed: bool,
    /// Whether the node has a child for each of its legal moves (kept only where `fixed`).
    opened: bool,
    /// Whether the node's children are the ways its turn ends (best prior
    /// first), of which only the first [`widened`] by its visits are tried.
    ways: bool,
    pub visits: u32,
    value: f64,
    /// The evaluation of the node's position for its mover (when it was made,
    /// or lazily when first reached: see `judged`), plus a little noise that
    /// breaks ties among equal moves at random.
    prior: f32,
    /// Whether `prior` holds the evaluation yet (else only the noise).
    judged: bool,
    /// The implicit minimax value, for the root player (`minimax.rs`):
    /// the evaluation of the node's position once judged, then the best of
    /// its children's for the player to move; `UNKNOWN` before.
    minimax: f32,
    first_child: u32,
    next_sibling: u32,
    /// Where the node's legal moves are kept (see [`Remembered`]), once worked out.
    moves: Option<(u32, u32)>,
    /// Where the node's position is kept (see [`Tree::positions`]), or `NONE`.
    position: u32,
    /// Where the decisions into the node are kept, where it is a way a turn
    /// ends (see [`Tree::turns`]), or `NONE` (`mv` is the move into it).
    pub(super) turn: u32,
}

impl Node {
    fn new(mv: Move, mover: Player, fixed: bool, prior: f32, judged: bool) -> Node {
        Node {
            mv,
            mover,
            fixed,
            opened: false,
            ways: false,
            visits: 0,
            value: 0.0,
            prior,
            judged,
            minimax: UNKNOWN,
            first_child: NONE,
            next_sibling: NONE,
            moves: None,
            position: NONE,
            turn: NONE,
        }
    }
}

/// Where a descent stands while its state is not yet made: the root, or a
/// kept position ([`Tree::positions`]).
#[derive(Debug, Clone, Copy)]
enum Unmade {
    Root,
    Kept(u32),
}

/// The legal moves of the nodes a search has been through, in one buffer.
/// A node no chance outcome lies on the way to (from the root, whose state
/// is given) is always the same position, so its moves need working out once,
/// not at every visit: in games without chance, every node; in the others,
/// those before the first throw. Below a throw the tree is open loop, and the
/// moves are worked out anew.
#[derive(Default)]
pub(super) struct Remembered {
    moves: Vec<Move>,
}

impl Remembered {
    /// The legal moves in `s`, the state of `node`; where `fixed` (no chance
    /// on the way to it), remembered. A throw's outcomes are not kept: the
    /// node's decision comes after them.
    pub(super) fn legal<'a>(
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

/// One search tree, and the position at its root.
pub(super) struct Tree {
    pub root: State,
    /// The compiled game the tree was grown in ([`Game::identity`]).
    identity: u64,
    pub nodes: Vec<Node>,
    remembered: Remembered,
    pub rng: ChaCha8Rng,
    scratch: Vec<Move>,
    buf: Vec<Move>,
    /// The state of the current descent, and a state to try a move in (kept to reuse their buffers).
    next: Option<State>,
    probe: Option<State>,
    /// The legal moves of the node passed through, and moves without a child there.
    legal: Vec<Move>,
    new: Vec<Move>,
    path: Vec<u32>,
    /// Sorted keys of long move lists, for `Members`.
    legal_keys: Vec<u64>,
    tried_keys: Vec<u64>,
    /// The spread of the values the rollouts of this tree returned.
    spread: Spread,
    /// The positions of the nodes at most [`Tree::KEPT_DEPTH`] moves below
    /// the root with no chance outcome on the way, the first
    /// [`Tree::KEPT_POSITIONS`] made: a descent starts from the deepest kept
    /// position on its way instead of making the moves to it again (in
    /// Connect Four a move made and the turn handed on cost about 550
    /// instructions, a position copied about 220).
    positions: Vec<State>,
    /// Plies made by the iterations (descents and rollouts, throws included;
    /// a descent's moves to a kept position counted as made).
    pub plies: u64,
    /// The moves' mean values, for rollouts under MAST (`Settings::mast`).
    pub mast: Mast,
    /// The decisions into the nodes that are ways a turn ends (`Settings::turns`):
    /// where each node's start in `turn_moves`, and how many.
    pub(super) turns: Vec<(u32, u32)>,
    turn_moves: Vec<Move>,
    reader: TurnReader,
    /// The minimax backups' sides, made at the first iteration (the root's player is the tree's).
    backups: Option<Backups>,
}

impl Tree {
    /// A tree for a search from `state`: the part under `state` of `old`
    /// where `old` reached it with no chance outcome on the way, else a new one.
    pub fn new(game: &Game, state: &State, old: Option<Tree>, rng: ChaCha8Rng) -> Tree {
        let root = Node::new(Move::simple(Action::Pass), state.to_move(), true, 0.0, true);
        let mut tree = Tree {
            root: state.clone(),
            identity: game.identity,
            nodes: vec![root],
            remembered: Remembered::default(),
            rng,
            scratch: Vec::new(),
            buf: Vec::new(),
            next: None,
            probe: None,
            legal: Vec::new(),
            new: Vec::new(),
            path: Vec::new(),
            legal_keys: Vec::new(),
            tried_keys: Vec::new(),
            spread: Spread::default(),
            positions: Vec::new(),
            plies: 0,
            mast: Mast::new(),
            turns: Vec::new(),
            turn_moves: Vec::new(),
            reader: TurnReader::default(),
            backups: None,
        };
        if let Some(old) = old.filter(|t| t.identity == game.identity) {
            if let Some(at) = old.find(game, state) {
                tree.nodes = old.subtree(at);
                // Only the kept nodes' turns are copied, so they do not pile up over a game.
                for node in tree.nodes.iter_mut().filter(|n| n.turn != NONE) {
                    let moves = old.moves_into_turn(node.turn);
                    node.turn = tree.turns.len() as u32;
                    tree.turns.push((tree.turn_moves.len() as u32, moves.len() as u32));
                    tree.turn_moves.extend_from_slice(moves);
                }
            }
        }
        tree
    }

    /// The decisions into `node`: its way's, or its move.
    pub(super) fn moves_into(&self, node: u32) -> &[Move] {
        let n = &self.nodes[node as usize];
        match n.turn {
            NONE => std::slice::from_ref(&n.mv),
            t => self.moves_into_turn(t),
        }
    }

    fn moves_into_turn(&self, t: u32) -> &[Move] {
        let (start, len) = self.turns[t as usize];
        &self.turn_moves[start as usize..][..len as usize]
    }

    /// The node whose position is `state`, searched among the visited nodes
    /// with no chance outcome on the way, `state.ply() - root.ply()` moves
    /// down; at most [`Tree::LOOKED_AT`] positions are made.
    fn find(&self, game: &Game, state: &State) -> Option<u32> {
        let depth = state.ply().checked_sub(self.root.ply())?;
        if depth == 0 || depth > 16 {
            return None;
        }
        let mut stack = vec![(0u32, self.root.clone(), 0u32)];
        let mut made = 0;
        while let Some((node, s, d)) = stack.pop() {
            if d == depth {
                if s == *state {
                    return Some(node);
                }
                continue;
            }
            let mut c = self.nodes[node as usize].first_child;
            while c != NONE {
                let child = &self.nodes[c as usize];
                let moves = self.moves_into(c);
                let within = d + moves.len() as u32 <= depth;
                if child.fixed && child.visits > 0 && !s.is_over() && within {
                    made += 1;
                    if made > Self::LOOKED_AT {
                        return None;
                    }
                    let mut next = s.clone();
                    moves.iter().for_each(|&m| game.play_unchecked(&mut next, m));
                    stack.push((c, next, d + moves.len() as u32));
                }
                c = child.next_sibling;
            }
        }
        None
    }

    /// The most positions [`Tree::find`] makes.
    const LOOKED_AT: u32 = 20_000;
    /// The deepest nodes whose positions are kept, and the most kept (see [`Tree::positions`]).
    const KEPT_DEPTH: usize = 2;
    const KEPT_POSITIONS: usize = 1024;

    /// Makes `s` the position the descent stands at, where it is `unmade`.
    fn make(&self, s: &mut State, unmade: &mut Option<Unmade>) {
        match unmade.take() {
            Some(Unmade::Root) => s.clone_from(&self.root),
            Some(Unmade::Kept(k)) => s.clone_from(&self.positions[k as usize]),
            None => {}
        }
    }

    /// The nodes under `at` (itself the new root), in the same order of siblings.
    fn subtree(&self, at: u32) -> Vec<Node> {
        let mut out = vec![Node { next_sibling: NONE, moves: None, position: NONE, ..self.nodes[at as usize].clone() }];
        let mut i = 0;
        while i < out.len() {
            let mut c = out[i].first_child;
            let mut last = NONE;
            while c != NONE {
                let old = &self.nodes[c as usize];
                let index = out.len() as u32;
                out.push(Node { next_sibling: NONE, moves: None, position: NONE, ..old.clone() });
                if last == NONE {
                    out[i].first_child = index;
                } else {
                    out[last as usize].next_sibling = index;
                }
                last = index;
                c = old.next_sibling;
            }
            i += 1;
        }
        out
    }

    /// The root's children: (the decisions into each, visits), in the order they were made.
    pub fn root_turns(&self) -> impl Iterator<Item = (&[Move], u32)> + '_ {
        self.children(0).map(|c| (self.moves_into(c), self.nodes[c as usize].visits))
    }

    /// The root's children: (move, visits), in the order they were made.
    pub fn root_visits(&self) -> impl Iterator<Item = (Move, u32)> + '_ {
        let mut c = self.nodes[0].first_child;
        std::iter::from_fn(move || {
            let node = self.nodes.get(c as usize)?;
            c = node.next_sibling;
            Some((node.mv, node.visits))
        })
    }

    /// One iteration: a descent from the root to a node not yet judged,
    /// adding a node's children (each with its prior) as it is first passed
    /// through, a rollout, and the values backed up along the path.
    pub fn iterate(&mut self, game: &Game, eval: &Evaluator, settings: &Settings) {
        let mut s = self.next.take().unwrap_or_else(|| self.root.clone());
        // Where the descent stands while `s` is not yet made its position.
        let mut unmade = Some(Unmade::Root);
        let mut legal = std::mem::take(&mut self.legal);
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        // No chance outcome on the way yet: the node is one position (see `Remembered`).
        let mut fixed = settings.remember;
        let backups = *self.backups.get_or_insert_with(|| Backups::new(game, self.root.to_move(), settings.minimax));
        debug_assert!(backups.weight == settings.minimax, "one tree, one search");
        loop {
            let over = match unmade {
                Some(Unmade::Root) => self.root.is_over(),
                Some(Unmade::Kept(k)) => self.positions[k as usize].is_over(),
                None => s.is_over(),
            };
            if over || (node != 0 && self.nodes[node as usize].visits == 0) {
                break;
            }
            legal.clear();
            // A node that is one position and has its children: they are its moves.
            let opened = fixed && self.nodes[node as usize].opened;
            if !opened {
                self.make(&mut s, &mut unmade);
                let here = &mut self.nodes[node as usize];
                legal.extend_from_slice(self.remembered.legal(game, &s, here, fixed, &mut self.scratch));
            }
            if legal.first().is_some_and(|m| m.action == Action::Chance) {
                let m = pick(game, &s, &legal, &mut self.rng);
                game.play_unchecked(&mut s, m);
                self.plies += 1;
                fixed = false;
                continue;
            }
            let eager = (self.path.len() as u32) <= settings.eager_depth;
            let child = self.choose_child(game, eval, (settings, &backups), &s, node, &legal, fixed, eager);
            match self.nodes[child as usize].position {
                NONE => {
                    self.make(&mut s, &mut unmade);
                    match self.nodes[child as usize].turn {
                        NONE => game.play_chosen(&mut s, self.nodes[child as usize].mv),
                        _ => {
                            let moves = self.moves_into(child);
                            moves.iter().for_each(|&m| game.play_chosen(&mut s, m));
                            let more = moves.len() as u64 - 1;
                            self.plies += more;
                        }
                    }
                    if fixed && self.path.len() <= Self::KEPT_DEPTH && self.positions.len() < Self::KEPT_POSITIONS {
                        self.nodes[child as usize].position = self.positions.len() as u32;
                        self.positions.push(s.clone());
                    }
                }
                k => {
                    unmade = Some(Unmade::Kept(k));
                    let more = self.moves_into(child).len() as u64 - 1;
                    self.plies += more;
                }
            }
            self.plies += 1;
            self.path.push(child);
            node = child;
        }
        self.make(&mut s, &mut unmade);
        // A lazy prior: the evaluation of the position the descent has reached, for its mover.
        let leaf = &mut self.nodes[node as usize];
        if !leaf.judged && settings.bias != 0.0 {
            let judged = eval.evaluate(game, &s, leaf.mover) as f32;
            leaf.prior += judged;
            leaf.judged = true;
            leaf.minimax = backups.value(game, eval, &s, leaf.mover, judged);
        }
        let values = self.rollout(game, eval, settings, &mut s);
        self.spread.add(values[usize::from(self.root.to_move())]);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.value += values[usize::from(node.mover)];
        }
        backups.back_up(&mut self.nodes, &self.path);
        if settings.mast {
            let descent = self.path[1..].iter().map(|&n| (self.nodes[n as usize].mover, self.nodes[n as usize].mv));
            self.mast.learn(descent, &values);
        }
        self.next = Some(s);
        self.legal = legal;
    }

    /// The child of `node` (in `s`, with these legal moves; none given where
    /// the node is one position and opened, its children being its moves) to go down to:
    /// one not yet tried, the best prior first, else the best by UCT plus
    /// the decaying prior. Children are added first for the legal moves that
    /// have none, with their priors where `eager` (else only the noise: see
    /// [`Settings::eager_depth`]).
    #[allow(clippy::too_many_arguments)]
    fn choose_child(
        &mut self,
        game: &Game,
        eval: &Evaluator,
        (settings, backups): (&Settings, &Backups),
        s: &State,
        node: u32,
        legal: &[Move],
        fixed: bool,
        eager: bool,
    ) -> u32 {
        let here = &self.nodes[node as usize];
        // Where a node is one position, its children are its legal moves once opened.
        let complete = fixed && here.opened;
        if settings.turns && fixed && !complete && self.add_turns(game, eval, backups, s, node) {
            self.nodes[node as usize].opened = true;
        } else if !complete {
            let mut keys = std::mem::take(&mut self.tried_keys);
            let mut new = std::mem::take(&mut self.new);
            new.clear();
            let tried = Members::of(self.children(node).map(|c| self.nodes[c as usize].mv), &mut keys);
            new.extend(legal.iter().copied().filter(|&m| !tried.contains(m)));
            self.tried_keys = keys;
            let mut last = self.children(node).last().unwrap_or(NONE);
            for &m in &new {
                let (prior, minimax) =
                    if eager { self.prior(game, eval, (settings, backups), s, m) } else { (self.noise(), UNKNOWN) };
                let index = self.nodes.len() as u32;
                self.nodes.push(Node { minimax, ..Node::new(m, s.to_move(), fixed, prior, eager) });
                match last {
                    NONE => self.nodes[node as usize].first_child = index,
                    _ => self.nodes[last as usize].next_sibling = index,
                }
                last = index;
            }
            self.nodes[node as usize].opened = fixed;
            self.new = new;
        }
        let mut keys = std::mem::take(&mut self.legal_keys);
        let legal_here = (!fixed).then(|| Members::of(legal.iter().copied(), &mut keys));
        let ln = ln_visits(self.nodes[node as usize].visits.max(1));
        let exploration =
            if settings.scaled { settings.exploration * self.spread.scale() } else { settings.exploration };
        let mut best = (f64::NEG_INFINITY, NONE);
        let mut c = self.nodes[node as usize].first_child;
        let mut eligible = match self.nodes[node as usize].ways {
            true => widened(self.nodes[node as usize].visits),
            false => u32::MAX,
        };
        // (`NONE` is past the end: one test ends the list and checks the bounds.)
        while let Some(n) = self.nodes.get(c as usize).filter(|_| eligible > 0) {
            eligible -= 1;
            if legal_here.as_ref().is_none_or(|l| l.contains(n.mv)) {
                let score = if n.visits == 0 {
                    1e9 + f64::from(n.prior)
                } else {
                    let visits = f64::from(n.visits);
                    backups.blend(n.value / visits, n.mover, n.minimax)
                        + exploration * (ln / visits).sqrt()
                        + settings.bias * f64::from(n.prior) / (visits + 1.0)
                };
                if score > best.0 {
                    best = (score, c);
                }
            }
            c = n.next_sibling;
        }
        debug_assert!(best.1 != NONE, "every legal move has a child");
        self.legal_keys = keys;
        best.1
    }

    /// Adds to `node` (one position, in `s`, not yet opened) a child for
    /// each way the turn of the player to move can end (`turns.rs`), with
    /// the evaluation of its end as its prior, where that turn may go on
    /// after a decision; else nothing (`false`).
    fn add_turns(&mut self, game: &Game, eval: &Evaluator, backups: &Backups, s: &State, node: u32) -> bool {
        debug_assert!(self.nodes[node as usize].first_child == NONE, "a node not opened has no children");
        let mut reader = std::mem::take(&mut self.reader);
        let mover = s.to_move();
        let mut ways = Vec::new();
        let read = reader.read(game, s, &mut |moves, end| {
            let judged = eval.evaluate(game, end, mover) as f32;
            let minimax = backups.value(game, eval, end, mover, judged);
            let mut child = Node { minimax, ..Node::new(moves[0], mover, true, judged + self.noise(), true) };
            if moves.len() > 1 {
                child.turn = self.turns.len() as u32;
                self.turns.push((self.turn_moves.len() as u32, moves.len() as u32));
                self.turn_moves.extend_from_slice(moves);
            }
            ways.push(child);
        });
        self.reader = reader;
        // The best prior first (the order found among equal ones).
        ways.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        let first = self.nodes.len() as u32;
        for (i, mut child) in ways.into_iter().enumerate() {
            child.next_sibling = first + i as u32 + 1;
            self.nodes.push(child);
        }
        if self.nodes.len() as u32 > first {
            self.nodes.last_mut().expect("a way").next_sibling = NONE;
            self.nodes[node as usize].first_child = first;
        }
        self.nodes[node as usize].ways = read;
        read
    }

    /// The children of `node`, in order.
    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut c = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            (c != NONE).then(|| {
                let this = c;
                c = self.nodes[c as usize].next_sibling;
                this
            })
        })
    }

    /// The prior of `m` in `s`: the evaluation, for its mover, of the
    /// position it makes (where the search is guided), plus noise that orders
    /// equal moves at random; and the position's minimax value (`minimax.rs`).
    fn prior(
        &mut self,
        game: &Game,
        eval: &Evaluator,
        (settings, backups): (&Settings, &Backups),
        s: &State,
        m: Move,
    ) -> (f32, f32) {
        let noise = self.noise();
        if settings.bias == 0.0 {
            return (noise, UNKNOWN);
        }
        let mut next = self.probe.take().unwrap_or_else(|| s.clone());
        next.clone_from(s);
        game.play_unchecked(&mut next, m);
        let value = eval.evaluate(game, &next, s.to_move()) as f32;
        let minimax = backups.value(game, eval, &next, s.to_move(), value);
        self.probe = Some(next);
        (value + noise, minimax)
    }

    /// A little noise that orders equal moves at random.
    fn noise(&mut self) -> f32 {
        self.rng.random::<f32>() * 1e-3
    }

    /// Plays at most `most` plies from `s` as a rollout under MAST: each
    /// decision drawn by [`Mast::draw`] (and kept for [`Mast::learn`]), each
    /// throw by its probabilities. The plies made.
    fn mast_plies(&mut self, game: &Game, s: &mut State, most: u32) -> u32 {
        let temperature = Mast::TEMPERATURE * self.spread.scale();
        self.mast.played.clear();
        let mut played = 0;
        while played < most && !s.is_over() {
            game.legal_moves_into(s, &mut self.buf);
            let Some(first) = self.buf.first() else { break };
            let m = if first.action == Action::Chance {
                pick(game, s, &self.buf, &mut self.rng)
            } else {
                let m = self.mast.draw(s.to_move(), &self.buf, temperature, &mut self.rng);
                self.mast.played.push((s.to_move(), m));
                m
            };
            game.play_unchecked(s, m);
            played += 1;
        }
        played
    }

    /// Plays random moves, then scores the position for every player.
    fn rollout(&mut self, game: &Game, eval: &Evaluator, settings: &Settings, s: &mut State) -> [f64; MAX_PLAYERS] {
        let played = if settings.mast {
            self.mast_plies(game, s, settings.rollout_depth)
        } else {
            random_plies(game, s, &mut self.rng, &mut self.buf, settings.rollout_depth)
        };
        self.plies += u64::from(played);
        let value = |p: Player| eval.judge(game, s, p).clamp(-1.0, 1.0);
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

/// `ln(n)`, from a table for the visits of most nodes: a logarithm from the
/// library costs about 250 instructions, and a descent takes one a level.
fn ln_visits(n: u32) -> f64 {
    const TABLED: usize = 4096;
    static LN: std::sync::LazyLock<Vec<f64>> =
        std::sync::LazyLock::new(|| (0..TABLED).map(|n| (n as f64).ln()).collect());
    LN.get(n as usize).copied().unwrap_or_else(|| f64::from(n).ln())
}

/// The count, sum and sum of squares of the values the rollouts returned
/// (for the player to move at the root), for their standard deviation.
#[derive(Debug, Clone, Copy)]
struct Spread {
    n: f64,
    sum: f64,
    squares: f64,
    /// [`Spread::scale`], worked out as each value is added: a descent reads
    /// it at every level, and a square root costs about 20 instructions.
    scale: f64,
}

impl Default for Spread {
    fn default() -> Spread {
        Spread { n: 0.0, sum: 0.0, squares: 0.0, scale: 1.0 }
    }
}

impl Spread {
    /// Values seen before the spread is trusted.
    const FIRST: f64 = 10.0;
    /// The smallest scale: the search explores a little where every value is the same.
    const LEAST: f64 = 0.02;

    fn add(&mut self, v: f64) {
        self.n += 1.0;
        self.sum += v;
        self.squares += v * v;
        if self.n >= Self::FIRST {
            let mean = self.sum / self.n;
            self.scale = (self.squares / self.n - mean * mean).max(0.0).sqrt().clamp(Self::LEAST, 1.0);
        }
    }

    /// The factor of the exploration constant: the values' standard deviation
    /// (at most 1 for values in -1..1; 1 until [`Spread::FIRST`] values).
    fn scale(&self) -> f64 {
        self.scale
    }
}

#[cfg(test)]
mod tests {
    use super::{Node, Remembered};
    use crate::moves::{Action, Move};
    use crate::shipped::testing::visit_random_games;
    use crate::{Options, shipped};

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
                    let mut node = Node::new(Move::simple(Action::Pass), 0, true, 0.0, true);
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
}
