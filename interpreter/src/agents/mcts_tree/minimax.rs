//! Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, 2014):
//! besides the mean of its rollouts, each node keeps the minimax value of
//! the evaluations judged in its subtree, and selection reads a blend of the
//! two. The evaluations a search makes anyway (a child's prior when its node
//! opens) then tell at once what a reply threatens: a move after which the
//! opponent has a winning answer, or one that brings the answer's piece next
//! to its goal, scores as that answer, not as the average of the rollouts
//! through it.
//!
//! The values are the root player's, read paranoid as alpha-beta reads
//! three or more players (`alphabeta.rs`): a player of the root's team
//! takes the child best for it, every other the child worst for it. Only
//! nodes with no chance outcome on the way are backed up (below a throw the
//! tree is open loop, and the max of its children is no value), and a
//! position where a throw comes next has no value (see [`Backups::value`]).

use super::{NONE, Node};
use crate::agents::Evaluator;
use crate::piece::{MAX_PLAYERS, Player};
use crate::program::Game;
use crate::state::{Pending, State};

/// Unknown: a node no evaluation has judged yet.
pub(super) const UNKNOWN: f32 = f32::NAN;

/// Whose values the backups keep, and how much selection trusts them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Backups {
    /// The weight of the minimax value against the rollouts' mean (0: off).
    pub weight: f64,
    /// The player to move at the root.
    root: Player,
    /// Per player, 1 on the root's team (`Game::teams`), else -1: the
    /// root's value times this is theirs (kept here, not looked up in the
    /// game, as selection reads it for every child it weighs).
    side: [f32; MAX_PLAYERS],
    /// Two sides of one player each: one player's value is the other's negated.
    two_sides: bool,
}

impl Backups {
    pub(super) fn new(game: &Game, root: Player, weight: f64) -> Backups {
        let teams = game.teams();
        let two_sides = game.player_count() == 2 && teams[0] != teams[1];
        let mut side = [-1.0; MAX_PLAYERS];
        for (p, &team) in teams.iter().enumerate() {
            side[p] = if team == teams[usize::from(root)] { 1.0 } else { -1.0 };
        }
        Backups { weight, root, side, two_sides }
    }

    /// The root player's value of `s`, which `mover` made and which
    /// [`Evaluator::evaluate`] judged `judged` for `mover`: as a rollout's
    /// end is judged ([`Evaluator::judge`], mobility too: without it, Konane's
    /// search, where having no move loses, lost 3–17 against the one with
    /// none of these values). `UNKNOWN` where off, and where a throw comes
    /// next: the value there is an expectation over the throws, which the
    /// tree does not keep, and the evaluation alone, blended in undecayed,
    /// lost Ur 6–14 against the search without these values.
    pub(super) fn value(&self, game: &Game, eval: &Evaluator, s: &State, mover: Player, judged: f32) -> f32 {
        if self.weight == 0.0 || matches!(s.pending(), Pending::Chance(_)) {
            return UNKNOWN;
        }
        let value = match self.two_sides {
            true => {
                let own = f64::from(judged) + Evaluator::MOBILITY * eval.mobility_term(game, s, mover);
                if mover == self.root { own } else { -own }
            }
            false => eval.judge(game, s, self.root),
        };
        value.clamp(-1.0, 1.0) as f32
    }

    /// Whether `player` is on the root's side (takes the best child, not the worst).
    fn ours(&self, player: Player) -> bool {
        self.side[usize::from(player)] > 0.0
    }

    /// The mean `mean` of a child whose mover is `mover` and whose minimax
    /// value is `minimax`, blended for that mover. (A search without these
    /// values judges none: every node's value is `UNKNOWN`.)
    pub(super) fn blend(&self, mean: f64, mover: Player, minimax: f32) -> f64 {
        if minimax.is_nan() {
            return mean;
        }
        let theirs = f64::from(self.side[usize::from(mover)] * minimax);
        (1.0 - self.weight) * mean + self.weight * theirs
    }

    /// Backs the minimax values up along `path` (root first), from the
    /// children of each node but the last: the best for its player to move
    /// among the judged children with no chance outcome on their way. The
    /// node the last was chosen in reads all its children (they may be new);
    /// above it only the child on the path changed, so a node reads all its
    /// children again only where that child was its best and got worse, and
    /// the backup stops at the first node it leaves as it was.
    pub(super) fn back_up(&self, nodes: &mut [Node], path: &[u32]) {
        if self.weight == 0.0 || path.len() < 2 {
            return;
        }
        let opened = path[path.len() - 2];
        let mut changed = (UNKNOWN, UNKNOWN);
        for pair in path.windows(2).rev() {
            let (n, c) = (pair[0] as usize, pair[1] as usize);
            let before = nodes[n].minimax;
            let (was, now) = changed;
            let child = &nodes[c];
            let ours = self.ours(child.mover);
            let better = |a: f32, b: f32| if ours { a > b } else { a < b };
            let after = if pair[0] == opened {
                self.best(nodes, n, ours).unwrap_or(before)
            } else if !child.fixed || now.is_nan() {
                before
            } else if before.is_nan() || !better(before, now) {
                now
            } else if was == before {
                // The child was the best and is no longer: another may be.
                self.best(nodes, n, ours).unwrap_or(before)
            } else {
                before
            };
            if after.to_bits() == before.to_bits() && pair[0] != opened {
                return;
            }
            nodes[n].minimax = after;
            changed = (before, after);
        }
    }

    /// The best value for the player to move at `n` (of the root's side
    /// where `ours`) among its judged children with no chance on their way.
    fn best(&self, nodes: &[Node], n: usize, ours: bool) -> Option<f32> {
        let (mut best, mut c) = (None, nodes[n].first_child);
        while c != NONE {
            let child = &nodes[c as usize];
            let v = child.minimax;
            if child.fixed && !v.is_nan() && best.is_none_or(|b| if ours { v > b } else { v < b }) {
                best = Some(v);
            }
            c = child.next_sibling;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::{NONE, Settings, Tree};
    use super::Backups;
    use crate::agents::Evaluator;
    use crate::program::Game;
    use crate::state::State;
    use crate::{Options, shipped};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A tree of `iterations` from `s`, backed up with weight 0.5.
    fn grown(game: &Game, s: &State, iterations: u32) -> Tree {
        let settings = Settings { minimax: 0.5, ..Settings::guided() };
        let eval = Evaluator::for_search(game);
        let mut tree = Tree::new(game, s, None, ChaCha8Rng::seed_from_u64(7));
        (0..iterations).for_each(|_| tree.iterate(game, &eval, &settings));
        tree
    }

    /// Every node with a judged child (no chance on its way) keeps the best
    /// of its children's values for its player to move, paranoid from the
    /// root's side: in a game of two, of three and of four players, at
    /// positions along a random game.
    #[test]
    fn a_nodes_value_is_its_best_childs_for_the_player_to_move() {
        for name in ["classic/breakthrough", "traditional/halma-four", "traditional/nine-mens-morris"] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let mut s = game.initial_state();
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let mut checked = 0;
            for _ in 0..4 {
                let tree = grown(&game, &s, 300);
                let backups = Backups::new(&game, s.to_move(), 0.5);
                for (i, node) in tree.nodes.iter().enumerate() {
                    let children: Vec<_> = tree.children(i as u32).map(|c| &tree.nodes[c as usize]).collect();
                    let judged: Vec<_> = children.iter().filter(|c| c.fixed && !c.minimax.is_nan()).collect();
                    let Some(first) = judged.first() else { continue };
                    let ours = backups.ours(first.mover);
                    let values = judged.iter().map(|c| c.minimax);
                    let best = if ours { values.fold(f32::MIN, f32::max) } else { values.fold(f32::MAX, f32::min) };
                    assert_eq!(node.minimax, best, "{name}: node {i} at ply {}", s.ply());
                    checked += 1;
                }
                let m = crate::agents::pick(&game, &s, &game.legal_moves(&s), &mut rng);
                game.play_unchecked(&mut s, m);
            }
            assert!(checked > 20, "{name}: {checked} nodes checked");
        }
    }

    /// With a threat on the board (X holds a1 and a2, O to move), every
    /// move of O but a3 has X's win as its value, found from the replies'
    /// evaluations; a3 does not, and it is the root's best by the blend.
    #[test]
    fn a_reply_that_wins_is_the_value_of_the_move_that_allows_it() {
        let game = shipped::game("classic/tic-tac-toe", &Options::new()).expect("compiles");
        let mut s = game.initial_state();
        for field in ["a1", "b2", "a2"] {
            let to = game.board.field(field).expect("a field");
            let m = game.legal_moves(&s).into_iter().find(|m| m.to == to).expect("a placement");
            game.play_unchecked(&mut s, m);
        }
        let tree = grown(&game, &s, 200);
        let block = game.board.field("a3").expect("a field");
        let mut c = tree.nodes[0].first_child;
        let mut seen = 0;
        while c != NONE {
            let child = &tree.nodes[c as usize];
            assert!(!child.minimax.is_nan(), "judged");
            if child.mv.to == block {
                assert!(child.minimax > -1.0, "the block: {}", child.minimax);
            } else {
                assert_eq!(child.minimax, -1.0, "a move that leaves a3 open");
            }
            seen += 1;
            c = child.next_sibling;
        }
        assert_eq!(seen, 6);
    }
}
