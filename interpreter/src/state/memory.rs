//! What a state remembers besides its pieces (issue 44): the counters, the
//! marked fields and the history of positions, kept together in one box
//! that a state of a game using none of them does not have.
//!
//! A state is copied at every node of a search and at the start of every
//! playout: the three live behind one pointer, so that such a copy costs one
//! word and one test where a game has no counters, no marks and no history
//! (and the state is as small as before them). A state without the box is
//! the same for the rules as one whose box holds nothing: every reader goes
//! through the accessors below, which read a missing box as empty.

use super::State;
use super::history::History;

/// The counters, marks and history of a [`State`] (see the module's comment).
#[derive(Debug, Clone, Default)]
pub(crate) struct Memory {
    /// The counters' values (see `state/counters.rs` and `Game::counter_value`).
    pub(crate) counters: Vec<i32>,
    /// The marked fields: per slot of the game's marks, `set_words` words (see `state/marks.rs`).
    pub(crate) marks: Vec<u64>,
    /// The positions of the game so far where a rule asks whether one repeats
    /// (`Repeated`); shared between copies (see [`History`]).
    pub(crate) history: History,
}

impl Memory {
    /// Makes `self` a copy of `from`, keeping its buffers.
    #[inline]
    fn copy_from(&mut self, from: &Memory) {
        let Memory { counters, marks, history } = from;
        super::copy(&mut self.counters, counters);
        super::copy(&mut self.marks, marks);
        self.history.clone_from(history);
    }
}

/// The history of a state without memory: none kept.
static NO_HISTORY: History = History::none();

/// A state's memory as a copy of another's makes it: one test where neither has one.
#[inline(always)]
pub(super) fn copy_memory(to: &mut Option<Box<Memory>>, from: &Option<Box<Memory>>) {
    match (to, from) {
        (None, None) => {}
        (Some(to), Some(from)) => to.copy_from(from),
        (to, from) => to.clone_from(from),
    }
}

impl State {
    /// The counters' values (empty where the ruleset has none).
    #[inline]
    pub(crate) fn counters(&self) -> &[i32] {
        self.memory.as_deref().map_or(&[], |m| &m.counters)
    }

    /// The marked fields' words (empty where the ruleset has no marks).
    #[inline]
    pub(crate) fn marks(&self) -> &[u64] {
        self.memory.as_deref().map_or(&[], |m| &m.marks)
    }

    /// The positions of the game so far (empty where the rules never ask).
    pub fn history(&self) -> &History {
        self.memory.as_deref().map_or(&NO_HISTORY, |m| &m.history)
    }

    /// The memory, made (empty) where the state has none yet.
    #[inline]
    fn memory_mut(&mut self) -> &mut Memory {
        self.memory.get_or_insert_with(Box::default)
    }

    /// The counters' values to change (made where the state had no memory).
    #[inline]
    pub(super) fn counters_mut(&mut self) -> &mut Vec<i32> {
        &mut self.memory_mut().counters
    }

    /// The marked fields' words to change (empty, and nothing made, where the state has no memory).
    #[inline]
    pub(super) fn marks_mut(&mut self) -> &mut [u64] {
        self.memory.as_deref_mut().map_or(&mut [], |m| &mut m.marks)
    }

    /// Gives the state these counters' values (a state without memory stays so where there are none).
    pub(crate) fn set_counters(&mut self, values: Vec<i32>) {
        if !values.is_empty() || self.memory.is_some() {
            *self.counters_mut() = values;
        }
    }

    /// Gives the state `words` words of marked fields, none marked.
    pub(super) fn set_mark_words(&mut self, words: usize) {
        if words > 0 || self.memory.is_some() {
            self.memory_mut().marks = vec![0; words];
        }
    }

    pub(crate) fn set_history(&mut self, history: History) {
        if history.is_kept() || self.memory.is_some() {
            self.memory_mut().history = history;
        }
    }

    /// The history to change (made where the state had no memory).
    #[inline]
    pub(super) fn history_mut(&mut self) -> &mut History {
        &mut self.memory_mut().history
    }
}
