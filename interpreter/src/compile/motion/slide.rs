//! `Slide` at compile time: its directions, how far, what it passes over.
//! No table of its own; its play is `engine/motion/slide.rs`.

use super::{dirs, field_test};
use crate::board::Board;
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::program::rules::Motion;
use crate::ruleset::CondDef;

/// A `Slide` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    on: &[String],
    max: Option<u8>,
    pass: &CondDef,
    board: &Board,
    names: &Names,
) -> Motion {
    Motion::Slide {
        dirs: dirs(ctx, on, board),
        max: max.unwrap_or(u8::MAX),
        pass: field_test(ctx, "pass", pass, names),
    }
}
