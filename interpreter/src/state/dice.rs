//! A pool of thrown values to spend (issue 45, dice pools): the dice of a
//! throw of several, kept in the state while the turn spends them one move
//! at a time. A game without pools keeps an empty pool, which costs a few
//! bytes copied with the state and nothing else.
//!
//! The pool is part of the game state for the rules (`==`, `Hash`,
//! [`State::position_hash`], a position's text): which values are left
//! decides the moves. The values are kept sorted, and a spent value marks
//! the first unspent die of that value, so that two orders of spending the
//! same values leave equal pools.

use super::State;

/// The most values a pool holds (four dice, each counted twice on a double).
pub const MOST_DICE: usize = 8;

/// The values of a throw of several dice, and which of them are spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dice {
    /// The values thrown, smallest first; only the first `len` count.
    values: [u8; MOST_DICE],
    len: u8,
    /// Bit i: the value at `values[i]` is spent.
    spent: u8,
}

impl Dice {
    /// No pool: a game without one, or a turn whose pool is used up or lost.
    pub const NONE: Dice = Dice { values: [0; MOST_DICE], len: 0, spent: 0 };

    /// A pool of these values, none spent (at most [`MOST_DICE`]; more are left out).
    pub fn of(values: &[u8]) -> Dice {
        let mut d = Dice::NONE;
        let n = values.len().min(MOST_DICE);
        d.values[..n].copy_from_slice(&values[..n]);
        d.values[..n].sort_unstable();
        d.len = n as u8;
        d
    }

    /// Whether a pool was thrown this turn (its values may all be spent).
    #[inline(always)]
    pub fn is_thrown(&self) -> bool {
        self.len != 0
    }

    /// Whether some value is left to spend.
    #[inline(always)]
    pub fn is_active(&self) -> bool {
        self.len != 0 && self.spent.count_ones() < u32::from(self.len)
    }

    /// Every value thrown, smallest first, with whether it is spent.
    pub fn thrown(&self) -> impl Iterator<Item = (u8, bool)> + '_ {
        (0..usize::from(self.len)).map(|i| (self.values[i], self.spent & (1 << i) != 0))
    }

    /// The values left to spend, smallest first.
    pub fn left(&self) -> impl Iterator<Item = u8> + '_ {
        self.thrown().filter(|&(_, spent)| !spent).map(|(v, _)| v)
    }

    /// How many values are left.
    pub fn count_left(&self) -> u8 {
        self.len - self.spent.count_ones() as u8
    }

    /// The distinct values left, smallest first.
    pub fn distinct_left(&self) -> impl Iterator<Item = u8> + '_ {
        let mut last = None;
        self.left().filter(move |&v| {
            let new = last != Some(v);
            last = Some(v);
            new
        })
    }

    /// Spends one die of value `v` (the first unspent one): false if none is left.
    pub fn spend(&mut self, v: u8) -> bool {
        for i in 0..usize::from(self.len) {
            if self.values[i] == v && self.spent & (1 << i) == 0 {
                self.spent |= 1 << i;
                return true;
            }
        }
        false
    }
}

impl State {
    /// The pool of thrown values this turn spends (empty where the game
    /// throws no pool, or the turn has spent or lost it).
    pub fn dice(&self) -> Dice {
        self.dice
    }
}

#[cfg(test)]
mod tests {
    use super::Dice;

    #[test]
    fn spending_in_either_order_leaves_equal_pools() {
        let (mut a, mut b) = (Dice::of(&[5, 3]), Dice::of(&[3, 5]));
        assert_eq!(a, b);
        assert!(a.spend(3) && a.spend(5) && !a.spend(5));
        assert!(b.spend(5) && b.spend(3));
        assert_eq!(a, b);
        assert!(!a.is_active());
        let mut d = Dice::of(&[4, 4, 4, 4]);
        assert_eq!(d.distinct_left().collect::<Vec<_>>(), [4]);
        assert!(d.spend(4));
        assert_eq!(d.count_left(), 3);
        assert_eq!(d.thrown().filter(|t| t.1).count(), 1);
    }
}
