//! Counters in play: a `Counter` condition read, a `Set` or `Add` effect made.

use super::cond::who;
use crate::piece::Player;
use crate::program::Game;
use crate::program::counters::{CounterChange, CounterTest};
use crate::program::rules::CounterIf;
use crate::state::State;

impl Game {
    /// Whether the counter test holds, seen from `me` (of any or every
    /// opponent where it says so).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(crate) fn counter_holds(&self, t: &CounterTest, s: &State, me: Player) -> bool {
        self.holds(t.who, me, s, |p| t.passes(s.counter(t.slot.of(p))))
    }

    /// Makes a `Set` or `Add` of the move by `me`: an addition past the
    /// counter's bounds stops at them.
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(crate) fn change_counter(&self, c: &CounterChange, s: &mut State, me: Player) {
        let slot = c.slot.of(who(c.who, me, s));
        s.set_counter(slot, c.applied(s.counter(slot)));
    }

    /// Makes a `Set` or `Add` with an `if` (issue 48) where its condition
    /// holds after the move.
    #[inline(never)] // (out of line, as above)
    pub(crate) fn change_counter_if(&self, c: &CounterIf, s: &mut State, me: Player) {
        if self.eval(&c.cond, s, me, crate::board::NO_FIELD) {
            self.change_counter(&c.change, s, me);
        }
    }
}
