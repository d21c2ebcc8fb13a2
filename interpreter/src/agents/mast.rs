//! MAST, the Move-Average Sampling Technique (`mcts:N:mast`): a tree keeps,
//! for each move a player made in its iterations (in the descent and in the
//! rollouts), the mean of the values that player got at the iterations' ends;
//! its rollouts then choose each move by Gibbs sampling over those means
//! instead of uniformly: a move of mean `q` is drawn with weight
//! `exp(q / τ)`. A move is known by its player and [`key`] (kind, rule,
//! direction, from, to), not by the position, so what a move did in one line
//! of play guides the rollouts in every other: "taking there", "dropping in
//! that column" is good or bad whatever else is on the board.
//!
//! - **Temperature**: `τ` is [`Mast::TEMPERATURE`] times the spread of the
//!   tree's rollout values (their standard deviation, as the exploration is
//!   scaled), so that values differing by hundredths still tell moves apart.
//! - **Shrunk means**: a move's mean counts one extra value of 0, so that a
//!   move seen once is not trusted as much as one seen often; a move never
//!   seen has mean 0.
//! - **Bounded**: the table is open addressing over [`Mast::SLOTS`] slots;
//!   once it is three quarters full, new moves are not added (their mean stays 0).

use super::move_keys::key;
use crate::moves::Move;
use crate::piece::Player;
use rand::Rng;

/// One tree's table of move means, and scratch space for its draws.
pub(super) struct Mast {
    /// (player and move key + 1, or 0 where empty; sum of values; count).
    slots: Vec<(u64, f64, u32)>,
    used: usize,
    weights: Vec<f64>,
    /// The (player, move) pairs of the current iteration's rollout.
    pub played: Vec<(Player, Move)>,
}

impl Mast {
    /// The table's size (a power of two).
    const SLOTS: usize = 1 << 14;
    /// The temperature, in units of the spread of the rollout values.
    pub const TEMPERATURE: f64 = 1.0;

    pub fn new() -> Mast {
        Mast { slots: Vec::new(), used: 0, weights: Vec::new(), played: Vec::new() }
    }

    /// The table's key of `m` made by `player`: never 0 (0 marks an empty slot).
    fn tag(player: Player, m: Move) -> u64 {
        // `key` uses the low 8 bits for the action and 56 above; the player goes in with a multiply-xor.
        (key(m) ^ (u64::from(player) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
    }

    /// The slot holding `tag`, or the empty slot where it would go; `None` where the table is full.
    fn slot(&self, tag: u64) -> Option<usize> {
        let mask = Self::SLOTS - 1;
        let mut i = (tag.wrapping_mul(0xff51_afd7_ed55_8ccd) >> 50) as usize & mask;
        for _ in 0..Self::SLOTS {
            let t = self.slots[i].0;
            if t == tag || t == 0 {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// How many (player, move) pairs the table holds (for the tests).
    #[cfg(test)]
    pub fn learned(&self) -> usize {
        self.used
    }

    /// The shrunk mean value of `m` for `player` (0 if never seen).
    pub fn mean(&self, player: Player, m: Move) -> f64 {
        if self.used == 0 {
            return 0.0;
        }
        match self.slot(Self::tag(player, m)).map(|i| self.slots[i]) {
            Some((t, sum, n)) if t != 0 => sum / f64::from(n + 1),
            _ => 0.0,
        }
    }

    /// Adds `value` to the mean of `m` for `player`.
    pub fn add(&mut self, player: Player, m: Move, value: f64) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0.0, 0); Self::SLOTS];
        }
        let tag = Self::tag(player, m);
        let Some(i) = self.slot(tag) else { return };
        let slot = &mut self.slots[i];
        if slot.0 == 0 {
            if self.used * 4 >= Self::SLOTS * 3 {
                return;
            }
            self.used += 1;
            slot.0 = tag;
        }
        slot.1 += value;
        slot.2 += 1;
    }

    /// Adds each iteration's values to the moves that led to its end: those
    /// of the descent (player, move) and those of the rollout ([`Mast::played`]),
    /// each for the player who made it.
    pub fn learn(&mut self, descent: impl Iterator<Item = (Player, Move)>, values: &[f64]) {
        let played = std::mem::take(&mut self.played);
        for (p, m) in descent.chain(played.iter().copied()) {
            self.add(p, m, values[usize::from(p)]);
        }
        self.played = played;
    }

    /// One of `moves` (decisions of `player`) by Gibbs sampling over their
    /// means at temperature `temperature`.
    pub fn draw<R: rand::RngCore + ?Sized>(
        &mut self,
        player: Player,
        moves: &[Move],
        temperature: f64,
        rng: &mut R,
    ) -> Move {
        let mut weights = std::mem::take(&mut self.weights);
        weights.clear();
        weights.extend(moves.iter().map(|&m| self.mean(player, m) / temperature));
        let top = weights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        for w in &mut weights {
            *w = (*w - top).exp();
            total += *w;
        }
        let mut x = rng.random::<f64>() * total;
        let mut chosen = moves[moves.len() - 1];
        for (&m, &w) in moves.iter().zip(&weights) {
            if x < w {
                chosen = m;
                break;
            }
            x -= w;
        }
        self.weights = weights;
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::Mast;
    use crate::moves::{Action, Move};
    use rand::SeedableRng;

    fn step(from: u16, to: u16) -> Move {
        Move { action: Action::Board, rule: 0, kind: 0, dir: 0, from, to }
    }

    /// Means are kept per player and move, shrunk by one value of 0; the
    /// draw prefers the move of the higher mean by `exp` of the difference
    /// over the temperature, and is uniform where nothing is known.
    #[test]
    fn mast_keeps_means_and_draws_by_them() {
        let mut mast = Mast::new();
        let (good, bad) = (step(1, 2), step(3, 4));
        assert_eq!(mast.mean(0, good), 0.0);
        for _ in 0..3 {
            mast.add(0, good, 1.0);
            mast.add(0, bad, -1.0);
        }
        assert_eq!(mast.mean(0, good), 0.75);
        assert_eq!(mast.mean(0, bad), -0.75);
        assert_eq!(mast.mean(1, good), 0.0, "another player's move");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let count = |mast: &mut Mast, player, temperature, rng: &mut rand_chacha::ChaCha8Rng| {
            (0..4000).filter(|_| mast.draw(player, &[good, bad], temperature, &mut *rng) == good).count()
        };
        // exp(1.5 / 0.5) = 20: good about 95% of the time.
        let n = count(&mut mast, 0, 0.5, &mut rng);
        assert!((3700..3900).contains(&n), "good drawn {n} of 4000");
        let n = count(&mut mast, 1, 0.5, &mut rng);
        assert!((1850..2150).contains(&n), "unknown moves drawn {n} of 4000 for the first");
    }

    /// The table stops adding moves at three quarters full and never loops.
    #[test]
    fn mast_is_bounded() {
        let mut mast = Mast::new();
        for i in 0..Mast::SLOTS as u16 {
            mast.add(0, step(i, i), 1.0);
        }
        assert_eq!(mast.used, Mast::SLOTS * 3 / 4);
        assert_eq!(mast.mean(0, step(1, 1)), 0.5);
        assert_eq!(mast.mean(0, step(Mast::SLOTS as u16 - 1, 0)), 0.0);
    }
}
