//! Each motion's compile-time part, one file per motion beside its play in
//! `engine/motion/` (the same file names): how its `MotionDef` is lowered to
//! a [`Motion`](crate::program::rules::Motion), with a located diagnostic for
//! each mistake, and the table its fast path reads, if it has one (a
//! [`MotionPlan`](crate::program::rules::MotionPlan) variant). `walking.rs`
//! is what the motions that walk (`Walk`, `Enter`, `Exit`) share, as
//! `engine/motion/walking.rs` is at play.
//!
//! The two halves of a motion live in two layers because the data flows one
//! way (ruleset → compile → program → engine): the engine never sees the
//! text or the compiler's `Ctx`, and the compiler never calls play. The
//! dispatch stays where the compiler's passes are (`motion` in
//! `compile/moves.rs`, `motion_plan`, `via_deciding` and `captures_by_rule`
//! in `compile/specialise.rs`, `reached` and `move_dirs` in
//! `compile/repeats.rs`), each an exhaustive `match` whose arm for a motion
//! is one line, or a call into the motion's file here. A motion whose
//! lowering is its name alone (`Lift`, `Fly`, `Pass`) and that has no table
//! has no file here.

pub(super) mod enter;
pub(super) mod exit;
pub(super) mod jump;
pub(super) mod place;
pub(super) mod run;
pub(super) mod run_off;
pub(super) mod slide;
pub(super) mod sow;
pub(super) mod step;
pub(super) mod walk;
pub(super) mod walking;

use super::Ctx;
use super::cond::{Names, Place, test};
use super::locate::Seg;
use crate::program::Cond;
use crate::ruleset::CondDef;

/// A motion's field test `c`, written as its part `name`.
fn field_test(ctx: &mut Ctx, name: &'static str, c: &CondDef, names: &Names) -> Cond {
    ctx.at(Seg::Field(name), |ctx| test(ctx, c, Place::Field, names))
}

/// A motion's directions, written as its part `dirs`.
fn dirs(ctx: &mut Ctx, dirs: &[String], board: &crate::board::Board) -> Vec<u8> {
    ctx.at(Seg::Field("dirs"), |ctx| super::moves::dir_ids(ctx, dirs, board))
}
