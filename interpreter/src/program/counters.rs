//! Counters as compiled: each a slot (per game) or a run of slots, one a
//! player, in [`State`]'s counters; the tests and changes that read and
//! write them carry their slots, so the engine looks up no name.

use crate::piece::Player;
use crate::ruleset::Who;
use crate::state::State;

/// The most counters a ruleset declares (their ids are bytes).
pub(crate) const MAX_COUNTERS: usize = 255;
/// The widest bound of a counter's value: every sum of a value and an `n`
/// within it fits in an `i64`, and every value in an `i32`.
pub(crate) const MAX_COUNTER_VALUE: i64 = 1_000_000_000;

/// A counter declared by the ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Counter {
    pub name: String,
    /// One value a player (else one for the game).
    pub per_player: bool,
    /// Its first slot in [`State`]'s counters.
    pub slot: u16,
    pub min: i32,
    pub max: i32,
}

/// Where a counter stands: its first slot, whether it has one a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slot {
    pub first: u16,
    pub per_player: bool,
}

impl Slot {
    /// The slot of `player`'s value (a counter per game: its one slot).
    #[inline]
    pub(crate) fn of(self, player: Player) -> usize {
        usize::from(self.first) + if self.per_player { usize::from(player) } else { 0 }
    }
}

/// How a value is compared (see `Compare`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cmp {
    AtLeast,
    AtMost,
    Exactly,
}

/// A `Counter` condition: the value of the player `who` names compared with `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CounterTest {
    pub slot: Slot,
    pub who: Who,
    pub cmp: Cmp,
    pub n: i32,
}

impl CounterTest {
    /// Whether `value` passes the comparison.
    #[inline]
    pub(crate) fn passes(&self, value: i32) -> bool {
        match self.cmp {
            Cmp::AtLeast => value >= self.n,
            Cmp::AtMost => value <= self.n,
            Cmp::Exactly => value == self.n,
        }
    }
}

/// A `Set` or `Add` effect: the value of the player `who` names (the mover
/// by default) becomes `n`, or `n` more, within `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CounterChange {
    pub slot: Slot,
    pub who: Who,
    pub add: bool,
    pub n: i32,
    pub min: i32,
    pub max: i32,
}

impl CounterChange {
    /// The value after the change of `value`: an addition past a bound stops there.
    #[inline]
    pub(crate) fn applied(&self, value: i32) -> i32 {
        let wide = if self.add { i64::from(value) + i64::from(self.n) } else { i64::from(self.n) };
        // Within the bounds, which are within i32: the conversion cannot fail.
        wide.clamp(i64::from(self.min), i64::from(self.max)) as i32
    }
}

impl super::Game {
    /// The counters the ruleset declares, in order: each one's name and
    /// whether it has a value a player (else one for the game).
    pub fn counters(&self) -> impl Iterator<Item = (&str, bool)> + '_ {
        self.counters.iter().map(|c| (c.name.as_str(), c.per_player))
    }

    /// The value of counter `counter` (its index in [`Game::counters`]) in
    /// `s`: `player`'s where it has one a player (a counter per game ignores
    /// `player`). An end result that adds a player's counter (a komi) reads it here.
    pub fn counter_value(&self, s: &State, counter: usize, player: Player) -> i32 {
        let c = &self.counters[counter];
        s.counter(Slot { first: c.slot, per_player: c.per_player }.of(player))
    }

    /// The index of the counter named `name`, if the ruleset declares one.
    pub fn counter_index(&self, name: &str) -> Option<usize> {
        self.counters.iter().position(|c| c.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_and_changes_within_bounds() {
        let slot = Slot { first: 0, per_player: false };
        let test = |cmp, n| CounterTest { slot, who: Who::Me, cmp, n };
        assert!(test(Cmp::AtLeast, 3).passes(3) && !test(Cmp::AtLeast, 3).passes(2));
        assert!(test(Cmp::AtMost, 3).passes(3) && !test(Cmp::AtMost, 3).passes(4));
        assert!(test(Cmp::Exactly, -2).passes(-2) && !test(Cmp::Exactly, -2).passes(2));
        let change = |add, n| CounterChange { slot, who: Who::Me, add, n, min: -5, max: 5 };
        assert_eq!(change(true, 3).applied(4), 5, "an addition stops at max");
        assert_eq!(change(true, -10).applied(0), -5, "and at min");
        assert_eq!(change(false, 2).applied(-4), 2);
        let wide =
            CounterChange { slot, who: Who::Me, add: true, n: 1_000_000_000, min: -1_000_000_000, max: 1_000_000_000 };
        assert_eq!(wide.applied(1_000_000_000), 1_000_000_000, "no overflow at the widest bounds");
        assert_eq!(Slot { first: 3, per_player: true }.of(2), 5);
    }
}
