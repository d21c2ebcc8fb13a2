//! `RunOff` at compile time: a run that may leave the board, and how the
//! pieces it leaves with are counted. No table of its own; its play is
//! `engine/motion/run_off.rs`.

use super::{dirs, field_test};
use crate::board::Board;
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::program::rules::Motion;
use crate::ruleset::{CondDef, Distance, OffCount};

/// A `RunOff` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    on: &[String],
    distance: Distance,
    pass: &CondDef,
    count: OffCount,
    board: &Board,
    names: &Names,
) -> Motion {
    Motion::RunOff {
        dirs: dirs(ctx, on, board),
        distance,
        pass: field_test(ctx, "pass", pass, names),
        over: count != OffCount::Exact,
        remainder: count == OffCount::Remainder,
    }
}
