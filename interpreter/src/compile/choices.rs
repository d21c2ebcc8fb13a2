//! Choices inside a move (issue 45): where a rule's `Promote` offers kinds to
//! choose from, the rule keeps them and where they are offered, so that the
//! generator makes one move per kind (see `engine/choices.rs`).

use super::Ctx;
use super::cond::{Names, Place, test};
use super::locate::Seg;
use crate::piece::KindId;
use crate::program::Cond;
use crate::program::rules::{Effect, Motion};
use crate::ruleset::{CondDef, Motion as MotionDef, MoveDef, MoveField};

/// The kinds a rule's moves offer and where (the first `Promote` with a choice).
pub(crate) fn offered(effects: &[Effect]) -> Option<Box<(Vec<KindId>, Cond)>> {
    effects.iter().find_map(|e| match e {
        Effect::Promote { choices, on, .. } if *choices != 0 => {
            let kinds = (0..32).filter(|k| choices >> k & 1 != 0).map(|k| k as KindId).collect();
            Some(Box::new((kinds, on.clone())))
        }
        _ => None,
    })
}

/// The kinds a `Promote` offers (a bit set, `to` among them; 0: no choice),
/// `or` found, and refused where the move does not land where it is made.
pub(crate) fn promotion(
    ctx: &mut Ctx,
    def: &MoveDef,
    motion: Option<&Motion>,
    kind: Option<usize>,
    or: &[String],
    at_end: bool,
    names: &Names,
) -> u32 {
    let others = ctx.at(Seg::Field("or"), |ctx| ctx.find_all("piece", or, &names.kinds));
    let choices = match (&kind, others.is_empty()) {
        (Some(k), false) => others.iter().fold(1u32 << k, |m, &o| m | 1 << o),
        _ => 0,
    };
    if choices != 0
        && (at_end || motion.is_some_and(|m| m.walk().is_some()) || matches!(def.by, MotionDef::Place { .. }))
    {
        ctx.at(Seg::Field("or"), |ctx| {
            ctx.error("a choice of kinds is made by a move that lands where it is made: not at a chain's end, nor by a walk or a placement");
        });
    }
    choices
}

/// `Bring` (compound moves, issue 45): a motion with a direction, a field
/// to bring to other than where the moved piece stands, `if` a field's test.
pub(crate) fn bring(ctx: &mut Ctx, def: &MoveDef, to: MoveField, if_: &CondDef, names: &Names) -> Effect {
    if !matches!(
        def.by,
        MotionDef::Step { .. } | MotionDef::Slide { .. } | MotionDef::Run { .. } | MotionDef::Jump { .. }
    ) {
        ctx.error("`Bring` finds its piece along the move's direction: the motion must have one (`Step`, `Slide`, `Run`, `Jump`)");
    }
    if to == MoveField::To {
        ctx.at(Seg::Field("to"), |ctx| {
            ctx.error("the moved piece stands on the move's `To`: bring the other piece to `Passed` or `From`");
        });
    }
    let cond = ctx.at(Seg::Field("if"), |ctx| test(ctx, if_, Place::Field, names));
    Effect::Bring(Box::new(crate::program::rules::Bring { cond, to_from: to == MoveField::From }))
}
