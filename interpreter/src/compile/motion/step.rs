//! `Step` and `Leap` at compile time: a step's directions and a leap's
//! offsets lowered to the fields each field reaches ([`Reach`]), worked out
//! once, per field. No table of their own beyond that (their landing is
//! planned for every motion alike); their play is `engine/motion/step.rs`.

use crate::board::{Board, FieldId, NO_FIELD};
use crate::compile::Ctx;
use crate::compile::locate::Seg;
use crate::compile::moves::dir_ids;
use crate::moves::NO_DIR;
use crate::program::rules::{Motion, Reach};

/// A `Step` lowered: each field's neighbours along `dirs`.
pub(in crate::compile) fn lower_step(ctx: &mut Ctx, dirs: &[String], board: &Board) -> Motion {
    let dirs = ctx.at(Seg::Field("dirs"), |ctx| dir_ids(ctx, dirs, board));
    Motion::Step(Reach::new(board, |f| {
        dirs.iter().map(move |&d| (board.neighbour(f, d), d)).filter(|&(to, _)| to != NO_FIELD)
    }))
}

/// A `Leap` lowered: the fields each field reaches by the offsets.
pub(in crate::compile) fn lower_leap(
    ctx: &mut Ctx,
    offsets: &[(i16, i16)],
    symmetric: bool,
    board: &Board,
) -> Option<Motion> {
    leap_table(ctx, offsets, symmetric, board).map(Motion::Leap)
}

/// The fields a step or a leap reaches from `from`, whatever the state.
pub(in crate::compile) fn reached(reach: &Reach, from: FieldId) -> Vec<FieldId> {
    reach.from(from).iter().map(|&(to, _)| to).collect()
}

/// The fields each field reaches by the offsets: computed once, per field.
fn leap_table(ctx: &mut Ctx, offsets: &[(i16, i16)], symmetric: bool, board: &Board) -> Option<Reach> {
    if offsets.is_empty() {
        ctx.at(Seg::Field("offsets"), |ctx| ctx.error("expected at least one offset"));
    }
    let mut all: Vec<(i16, i16)> = Vec::new();
    // The offsets in the order written, each once: a set finds the repeats of a long list.
    let mut seen = std::collections::HashSet::new();
    for &(dx, dy) in offsets {
        let variants: Vec<(i16, i16)> = if symmetric {
            [(dx, dy), (dy, dx)].into_iter().flat_map(|(a, b)| [(a, b), (-a, b), (a, -b), (-a, -b)]).collect()
        } else {
            vec![(dx, dy)]
        };
        for v in variants {
            if v != (0, 0) && seen.insert(v) {
                all.push(v);
            }
        }
    }
    if let Some(f) = board.fields().find(|&f| board.coord(f).is_none()) {
        ctx.error(format!("a leap needs grid coordinates, and field {:?} has none", board.name(f)));
        return None;
    }
    Some(Reach::new(board, |f| {
        let (c, r) = board.coord(f).unwrap_or_default();
        all.iter()
            .filter_map(move |(dx, dy)| board.at_coord((c + dx, r + dy)))
            .map(|to| (to, NO_DIR))
            .collect::<Vec<_>>()
    }))
}
