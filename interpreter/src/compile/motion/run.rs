//! `Run` at compile time: its directions, its distance (a number, the throw,
//! a die's face), what it passes over; and its table, where it may pass over
//! any field: the ends of a die's runs by field and orientation
//! ([`DieRuns`]), or, for other runs, the game's [`RunEnds`](crate::program::rules::RunEnds).
//! Its play is `engine/motion/run.rs`.

use super::{dirs, field_test};
use crate::board::{Board, DirId};
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::compile::moves::{compass_only, needs_dice};
use crate::program::rules::{DieRuns, Motion, MotionPlan};
use crate::program::{Cond, Game};
use crate::ruleset::{CondDef, Distance, Motion as MotionDef};

/// A `Run` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    on: &[String],
    distance: Distance,
    pass: &CondDef,
    board: &Board,
    names: &Names,
) -> Motion {
    Motion::Run { dirs: dirs(ctx, on, board), distance, pass: field_test(ctx, "pass", pass, names) }
}

/// A run by a die's face needs dice, and a face read along the move
/// (`Face`) needs compass directions; `by` is the rule's motion as written.
pub(in crate::compile) fn check_faces(ctx: &mut Ctx, by: &MotionDef, pieces: u32, names: &Names) {
    if let MotionDef::Run { distance: d @ (Distance::Face | Distance::TopFace), .. } = by {
        needs_dice(ctx, pieces, names, "a distance read from a die");
        if *d == Distance::Face {
            compass_only(ctx, by);
        }
    }
}

/// A run's directions and distance, where it may pass over any field (its
/// ends are then the board's alone: see [`RunEnds`](crate::program::rules::RunEnds), [`DieRuns`]).
pub(in crate::compile) fn runs_over_anything(m: &Motion) -> Option<(&[DirId], Distance)> {
    let Motion::Run { dirs, distance, pass } = m else { return None };
    (*pass == Cond::True).then_some((dirs.as_slice(), *distance))
}

impl Game {
    /// The table a run `m` reads, where it may pass over any field and its
    /// die runs fit `die_run_room` (what the game's die runs may still hold).
    pub(in crate::compile) fn run_plan(&self, m: &Motion, die_run_room: &mut usize) -> Option<MotionPlan> {
        runs_over_anything(m)
            .and_then(|(dirs, distance)| DieRuns::new(&self.board, &self.compass, dirs, distance, die_run_room))
            .map(MotionPlan::DieRuns)
    }
}
