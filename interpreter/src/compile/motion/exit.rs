//! `Exit` at compile time: the fields a piece may leave the board by
//! (`via`, as fields where the board and the player decide it), its steps
//! and its walk (see `walking.rs`, which also plans its paths out and the
//! paths it scans, `Game::walk_lists`, shared with `Walk`). Its play is
//! `engine/motion/exit.rs`.

use super::walking::{Edge, WalkParts, edge_walk};
use crate::board::Board;
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::program::rules::Motion;
use crate::ruleset::{CondDef, Distance};

/// An `Exit` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    via: &CondDef,
    steps: Distance,
    parts: WalkParts,
    board: &Board,
    names: &Names,
) -> Motion {
    let (via, steps, walk) = edge_walk(ctx, via, steps, parts, Edge::Exits, board, names);
    Motion::Exit { via, steps, walk }
}
