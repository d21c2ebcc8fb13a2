//! Issue 48: bracketed runs by shifts of one word. Where a board has at
//! most 64 fields and each direction of a run numbers a field's neighbour a
//! fixed count from it (a grid's rows, columns and diagonals), every field
//! from which a run is closed (`Brackets`) is found for the whole board at
//! once: a few shifts per direction instead of a walk per field and
//! direction. The fields where a placement may go that must be empty and
//! bracket a run ([`PlaceRuns`]) are then one word.

use super::TopWords;
use crate::board::{Board, DirId, NO_FIELD};
use crate::program::Run;

/// A [`Run`] whose `each` and `closed_by` look only at what tops a field
/// (masks of `Cond::Tops`), along directions that are shifts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RunShifts {
    /// Per direction: how far a field's neighbour that way is numbered from
    /// it, and the fields that have a neighbour that way.
    dirs: Vec<(i8, u64)>,
    each: u8,
    closed_by: u8,
}

impl RunShifts {
    /// `run` by shifts on `board`, where it can be read so.
    pub(crate) fn new(board: &Board, run: &Run) -> Option<RunShifts> {
        if board.len() > 64 {
            return None;
        }
        let each = run.each.tops_mask()?;
        let closed_by = run.closed_by.tops_mask()?;
        let dirs = run.dirs.iter().map(|&d| shift_of(board, d)).collect::<Option<Vec<_>>>()?;
        Some(RunShifts { dirs, each, closed_by })
    }

    /// The fields from which some direction of the run is closed, what tops
    /// each field as `tops` says: `Game::brackets` of every field at once.
    /// Per direction, the runs are grown back from the closing fields (a
    /// field of `each` whose neighbour closes, then one whose neighbour is
    /// such a field, ...); a field whose neighbour starts a run brackets it.
    #[inline]
    pub(crate) fn starts(&self, tops: &TopWords) -> u64 {
        let each = tops.of(self.each);
        let closed = tops.of(self.closed_by);
        self.dirs.iter().fold(0, |all, &(delta, from)| {
            // The fields whose neighbour this way is in `x`.
            let back = |x: u64| (if delta > 0 { x >> delta } else { x << -delta }) & from;
            let mut run = back(closed) & each;
            // At most one field longer a round: the board's fields bound it.
            loop {
                let longer = run | back(run) & each;
                if longer == run {
                    break;
                }
                run = longer;
            }
            all | back(run)
        })
    }
}

/// Direction `d` as a shift: the constant `neighbour - field` of every link
/// that way and the fields that have one (none at all: a shift of 1 from no
/// field), or `None` where links that way are numbered otherwise.
fn shift_of(board: &Board, d: DirId) -> Option<(i8, u64)> {
    let mut delta = None;
    let mut from = 0u64;
    for f in board.fields() {
        let g = board.neighbour(f, d);
        if g == NO_FIELD {
            continue;
        }
        let k = i32::from(g) - i32::from(f);
        if k == 0 || *delta.get_or_insert(k) != k {
            return None;
        }
        from |= 1 << f;
    }
    Some((delta.map_or(1, |k| k as i8), from))
}

/// A placement on empty fields that must bracket a run (`to: All([Empty,
/// Brackets(run)])`), with no fall and no stacking under: its targets are
/// `targets[me] & empty & runs.starts(..)`, in field order.
#[derive(Debug, Clone)]
pub(crate) struct PlaceRuns {
    pub runs: RunShifts,
    /// Per player, the rule's targets that take a piece, as bits.
    pub targets: Vec<u64>,
}
