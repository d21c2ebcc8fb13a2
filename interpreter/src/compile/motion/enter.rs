//! `Enter` at compile time: the fields a piece may enter by (`via`, as
//! fields where the board and the player decide it: `via_deciding` in
//! `compile/specialise.rs`), its steps and its walk (see `walking.rs`,
//! which also plans its paths in). Its play is `engine/motion/enter.rs`.

use super::walking::{Edge, WalkParts, edge_walk};
use crate::board::Board;
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::program::rules::Motion;
use crate::ruleset::{CondDef, Distance};

/// An `Enter` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    via: &CondDef,
    steps: Distance,
    parts: WalkParts,
    board: &Board,
    names: &Names,
) -> Motion {
    let (via, steps, walk) = edge_walk(ctx, via, steps, parts, Edge::Enters, board, names);
    Motion::Enter { via, steps, walk }
}
