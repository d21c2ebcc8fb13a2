//! The counters of a [`State`] (issue 44): the values of the ruleset's
//! counters, a game's one slot each, a per-player counter's one slot a player
//! (`Game::counter_value` finds a counter's slot for a player).
//!
//! They are part of the game state for the rules (`==`, `Hash`, a position's
//! text; a change of one counts as a change of the pieces for [`Edition`](super::Edition)),
//! but are left out of [`State::position_hash`] and of any repetition key: a
//! move clock or a score would make no position repeat. A ruleset without
//! counters keeps none (see `state/memory.rs`: no allocation, nothing to copy).

use super::State;

impl State {
    /// The value in slot `slot` of the counters: an end result that adds a
    /// player's counter (a komi) reads it through `Game::counter_value`.
    #[inline]
    pub(crate) fn counter(&self, slot: usize) -> i32 {
        self.counters()[slot]
    }

    /// Sets the value in slot `slot` of the counters: a change of the state
    /// that what was worked out from it must see (see [`Edition`](super::Edition)).
    #[inline]
    pub(crate) fn set_counter(&mut self, slot: usize, value: i32) {
        let counter = &mut self.counters_mut()[slot];
        if *counter != value {
            *counter = value;
            self.edits = self.edits.wrapping_add(1);
        }
    }
}
