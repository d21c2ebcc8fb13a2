//! Stack moves (issue 45): a rule's `carry` (which pieces of the stack it
//! leaves move) and `on_jumped` (what its jump does to a stack jumped),
//! checked where they are written. The engine's side is
//! `engine/stack_moves.rs`.

use super::Ctx;
use super::locate::Seg;
use crate::program::rules::{Chain, Motion};
use crate::ruleset::{Carry, Motion as MotionDef, MoveDef, OnJumped};

/// Refuses, located, a `carry` on a motion that moves no piece from one
/// field to another, `Top(0)`, and an `on_jumped` other than `Capture` on a
/// rule that does not jump or whose chain removes its jumped pieces at its end.
pub(super) fn check(ctx: &mut Ctx, def: &MoveDef, motion: Option<&Motion>, continues: Option<Chain>) {
    let moves_on_board = matches!(
        def.by,
        MotionDef::Step { .. }
            | MotionDef::Leap { .. }
            | MotionDef::Slide { .. }
            | MotionDef::Fly
            | MotionDef::Run { .. }
            | MotionDef::Walk { .. }
            | MotionDef::Jump { .. }
    );
    match def.carry {
        Carry::Piece => {}
        Carry::Top(0) => ctx.at(Seg::Field("carry"), |ctx| {
            ctx.error("`carry: Top(n)` moves the top n pieces of the stack: n is at least 1");
        }),
        Carry::Stack | Carry::Top(_) if !moves_on_board => ctx.at(Seg::Field("carry"), |ctx| {
            ctx.error(
                "`carry` says which pieces of a stack move from one field to another: only a move on the board \
                 (`Step`, `Leap`, `Slide`, `Fly`, `Run`, `Walk`, `Jump`) carries a stack",
            );
        }),
        Carry::Stack | Carry::Top(_) => {}
    }
    if def.on_jumped == OnJumped::Capture {
        return;
    }
    let jumps = matches!(def.by, MotionDef::Jump { .. }) && motion.is_none_or(|m| matches!(m, Motion::Jump { .. }));
    if !jumps {
        ctx.at(Seg::Field("on_jumped"), |ctx| {
            ctx.error("`on_jumped` says what a jump does to the stack it jumps: only a `Jump` jumps a stack");
        });
    } else if continues.is_some_and(|c| c.remove_at_end) {
        ctx.at(Seg::Field("on_jumped"), |ctx| {
            ctx.error(
                "`on_jumped: Prisoner` takes the jumped piece at once, under the captor: \
                 a chain with `removal: AtEnd` would leave it on the board until the chain ends; write one of the two",
            );
        });
    }
}
