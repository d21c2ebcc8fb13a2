//! `Walk` at compile time: a walk lowered and its search bounded (see
//! `walking.rs`); its table, the paths a piece scans from each field, is
//! `Game::walk_lists` there, shared with `Exit`. Its play is
//! `engine/motion/walk.rs`.

use super::walking::{WalkParts, walk, walk_cost};
use crate::board::{Board, FieldId};
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::compile::locate::Seg;
use crate::program::rules::Motion;
use crate::ruleset::Distance;

/// A `Walk` of `steps` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    parts: WalkParts,
    steps: Distance,
    board: &Board,
    names: &Names,
) -> Motion {
    if matches!(steps, Distance::Const(0)) {
        ctx.at(Seg::Field("steps"), |ctx| ctx.error("a walk takes at least 1 step"));
    }
    let walk = walk(ctx, parts, board, names);
    let len = |f: FieldId| match steps {
        Distance::Const(n) => Some(n),
        Distance::Throw => Some(names.walk.longest_throw),
        Distance::FieldSteps => names.walk.steps.get(usize::from(f)).copied().flatten(),
        Distance::Face | Distance::TopFace => Some(6),
    };
    walk_cost(ctx, board, names, &walk, true, false, len);
    Motion::Walk { walk, steps }
}
