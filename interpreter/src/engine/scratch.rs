//! Scratch space kept per thread, so that no move allocates: copies of a
//! state for the probes that play a move on a copy (turn filters, capture
//! tests, a capture run that may be undone, a walking piece lifted off),
//! move lists for the generations inside a move (and a count per move),
//! walks' pass sets and sowing's buffers. Each is taken from a per-thread
//! pool and given back when dropped; nested probes each take their own, and
//! a pool grows to the deepest nesting once.

use crate::board::{FieldId, FieldSet};
use crate::moves::Move;
use crate::state::State;
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::thread::LocalKey;

type Pool<T> = RefCell<Vec<T>>;

thread_local! {
    // Boxed: a copy moves between the pool and its holder at every probe, a pointer rather than a whole state.
    #[allow(clippy::vec_box)]
    static STATES: Pool<Box<State>> = const { RefCell::new(Vec::new()) };
    static MOVE_LISTS: Pool<Vec<Move>> = const { RefCell::new(Vec::new()) };
    static NUMBER_LISTS: Pool<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static FIELD_SETS: Pool<FieldSet> = const { RefCell::new(Vec::new()) };
    static SOWINGS: Pool<Sowing> = const { RefCell::new(Vec::new()) };
}

/// A value from a per-thread pool, given back when dropped.
pub(crate) struct Pooled<T: 'static> {
    value: Option<T>,
    pool: &'static LocalKey<Pool<T>>,
}

impl<T: 'static> Pooled<T> {
    /// One from `pool`, made ready by `reuse`, or a new one by `make`.
    fn take(pool: &'static LocalKey<Pool<T>>, make: impl FnOnce() -> T, reuse: impl FnOnce(&mut T)) -> Pooled<T> {
        let value = match pool.with(|p| p.borrow_mut().pop()) {
            Some(mut value) => {
                reuse(&mut value);
                value
            }
            None => make(),
        };
        Pooled { value: Some(value), pool }
    }
}

impl<T> Deref for Pooled<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.value.as_ref().expect("held until dropped")
    }
}

impl<T> DerefMut for Pooled<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.value.as_mut().expect("held until dropped")
    }
}

impl<T> Drop for Pooled<T> {
    fn drop(&mut self) {
        if let Some(value) = self.value.take() {
            self.pool.with(|p| p.borrow_mut().push(value));
        }
    }
}

/// A scratch copy of a state.
pub(crate) struct ScratchState(Pooled<Box<State>>);

impl ScratchState {
    /// A copy of `s`.
    pub(crate) fn of(s: &State) -> ScratchState {
        ScratchState(Pooled::take(&STATES, || Box::new(s.clone()), |copy| (**copy).clone_from(s)))
    }
}

impl Deref for ScratchState {
    type Target = State;
    fn deref(&self) -> &State {
        &self.0
    }
}

impl DerefMut for ScratchState {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.0
    }
}

/// An empty scratch move list.
pub(crate) fn scratch_moves() -> Pooled<Vec<Move>> {
    Pooled::take(&MOVE_LISTS, Vec::new, Vec::clear)
}

/// An empty scratch list of numbers (a count per move).
pub(crate) fn scratch_numbers() -> Pooled<Vec<u32>> {
    Pooled::take(&NUMBER_LISTS, Vec::new, Vec::clear)
}

/// A scratch field set, empty, for a board of `fields`.
pub(crate) fn scratch_fields(fields: usize) -> Pooled<FieldSet> {
    Pooled::take(&FIELD_SETS, || FieldSet::new(fields), |set| set.reset(fields))
}

/// Sowing's buffers: the pieces dropped so far per field, and the fields sown.
#[derive(Default)]
pub(crate) struct Sowing {
    pub added: Vec<u8>,
    pub fields: Vec<FieldId>,
}

/// Sowing's scratch buffers, the fields sown cleared.
pub(crate) fn scratch_sowing() -> Pooled<Sowing> {
    Pooled::take(&SOWINGS, Sowing::default, |sowing| sowing.fields.clear())
}
