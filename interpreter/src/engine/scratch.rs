//! Scratch space kept per thread, so that no move allocates: copies of a
//! state for the probes that play a move on a copy (turn filters, capture
//! tests, a capture run that may be undone), and move lists for the
//! generations inside a move (a filter that may leave no move). Taken from
//! a per-thread pool and given back when dropped; nested probes each take
//! their own, and the pool grows to the deepest nesting once.

use crate::moves::Move;
use crate::state::State;
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

thread_local! {
    // Boxed: a copy moves between the pool and its holder at every probe, a pointer rather than a whole state.
    #[allow(clippy::vec_box)]
    static STATES: RefCell<Vec<Box<State>>> = const { RefCell::new(Vec::new()) };
    static MOVE_LISTS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
}

/// A scratch copy of a state (see the module).
pub(crate) struct ScratchState(Option<Box<State>>);

impl ScratchState {
    /// A copy of `s`.
    pub(crate) fn of(s: &State) -> ScratchState {
        let spare = STATES.with(|pool| pool.borrow_mut().pop());
        ScratchState(Some(match spare {
            Some(mut copy) => {
                (*copy).clone_from(s);
                copy
            }
            None => Box::new(s.clone()),
        }))
    }
}

impl Deref for ScratchState {
    type Target = State;
    fn deref(&self) -> &State {
        self.0.as_deref().expect("held until dropped")
    }
}

impl DerefMut for ScratchState {
    fn deref_mut(&mut self) -> &mut State {
        self.0.as_deref_mut().expect("held until dropped")
    }
}

impl Drop for ScratchState {
    fn drop(&mut self) {
        if let Some(copy) = self.0.take() {
            STATES.with(|pool| pool.borrow_mut().push(copy));
        }
    }
}

/// An empty scratch move list (see the module).
pub(crate) struct ScratchMoves(Vec<Move>);

impl ScratchMoves {
    pub(crate) fn new() -> ScratchMoves {
        ScratchMoves(MOVE_LISTS.with(|pool| pool.borrow_mut().pop()).unwrap_or_default())
    }
}

impl Deref for ScratchMoves {
    type Target = Vec<Move>;
    fn deref(&self) -> &Vec<Move> {
        &self.0
    }
}

impl DerefMut for ScratchMoves {
    fn deref_mut(&mut self) -> &mut Vec<Move> {
        &mut self.0
    }
}

impl Drop for ScratchMoves {
    fn drop(&mut self) {
        let mut list = std::mem::take(&mut self.0);
        list.clear();
        MOVE_LISTS.with(|pool| pool.borrow_mut().push(list));
    }
}
