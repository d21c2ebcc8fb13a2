//! `Jump` at compile time: its directions, what it may jump over, whether
//! it flies; what the rule alone says of its captures and of the fields a
//! short jump reaches. Its play is `engine/motion/jump.rs`.

use super::{dirs, field_test};
use crate::board::{Board, DirId, FieldId, NO_FIELD};
use crate::compile::Ctx;
use crate::compile::cond::Names;
use crate::program::Cond;
use crate::program::rules::{JumpLines, Motion};
use crate::ruleset::CondDef;

/// A `Jump` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    on: &[String],
    over: &CondDef,
    fly: bool,
    hop: bool,
    board: &Board,
    names: &Names,
) -> Motion {
    Motion::Jump { dirs: dirs(ctx, on, board), over: field_test(ctx, "over", over, names), fly, hop }
}

/// Whether every jump captures, where the rule alone decides it: the field
/// jumped holds `over`, an enemy, where nothing else may be jumped.
pub(in crate::compile) fn always_captures(over: &Cond) -> Option<bool> {
    over.tops_mask().filter(|&m| m != 0 && m & !Cond::ENEMY == 0).map(|_| true)
}

/// The fields a short (not flying) jump along `dirs` reaches from `from`.
pub(in crate::compile) fn reached(board: &Board, dirs: &[DirId], from: FieldId) -> Vec<FieldId> {
    dirs.iter()
        .map(|&d| board.neighbour(from, d))
        .zip(dirs)
        .filter(|&(over, _)| over != NO_FIELD)
        .map(|(over, &d)| board.neighbour(over, d))
        .collect()
}

impl crate::program::Game {
    /// The jumps of `rule` per field, where it jumps the next field (not
    /// flying) over what a mask of tops says by owner, on a board whose
    /// occupancy is one word (see [`JumpLines`]; issue 48).
    pub(in crate::compile) fn jumps_per_field(&self, rule: &crate::program::rules::Rule) -> Option<JumpLines> {
        let Motion::Jump { dirs, over, fly: false, .. } = &rule.motion else { return None };
        let over = self.landing_bits(&vec![over.tops_mask()?; self.board.len()])?;
        let board = &self.board;
        let jumps = |from: FieldId| {
            dirs.iter().filter_map(move |&d| {
                let at = board.neighbour(from, d);
                let to = if at == NO_FIELD || at == from { NO_FIELD } else { board.neighbour(at, d) };
                (to != NO_FIELD && to != from).then_some((at, to, d))
            })
        };
        Some(JumpLines::new(board.len(), over, jumps))
    }
}
