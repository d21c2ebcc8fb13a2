//! `Sow` at compile time: its directions and the fields it skips; its
//! table, where the board and the player decide what it passes over: where
//! each sowing ends, by player, pit and seeds ([`SowEnds`]). Its play is
//! `engine/motion/sow.rs`.

use super::{dirs, field_test};
use crate::board::{Board, DirId, NO_FIELD};
use crate::compile::Ctx;
use crate::compile::cond::{Names, constant};
use crate::compile::locate::Seg;
use crate::piece::{Piece, Player};
use crate::program::rules::{Motion, SowEnds};
use crate::program::{Cond, Game};
use crate::ruleset::CondDef;

/// A `Sow` lowered.
pub(in crate::compile) fn lower(
    ctx: &mut Ctx,
    on: &[String],
    skip: &CondDef,
    skip_origin: &CondDef,
    board: &Board,
    names: &Names,
) -> Motion {
    Motion::Sow {
        dirs: dirs(ctx, on, board),
        skip: field_test(ctx, "skip", skip, names),
        skip_origin: ctx.at(Seg::Field("skip_origin"), |ctx| constant(ctx, skip_origin, names)),
    }
}

impl Game {
    /// Where each sowing of `rule` ends (see [`SowEnds`]), where the fields
    /// it passes over are the board's and the player's to decide: worked
    /// out by the engine's own sowing, of each number of pieces from each
    /// field of an otherwise empty board.
    pub(in crate::compile) fn sowings_ended(&self, dirs: &[DirId], skip: &Cond, skip_origin: bool) -> Option<SowEnds> {
        let players = self.player_count();
        let decided = |me: Player| self.board.fields().all(|f| self.static_value(skip, me, f).is_some());
        if !(0..players).all(decided) {
            return None;
        }
        let room = self.fields.iter().map(|f| f.limit).filter(|&limit| limit > 0).min()?;
        let most = room.min(self.initial.capacity());
        let mut s = self.initial.clone();
        self.board.fields().for_each(|f| s.clear(f));
        let (mut sown_from, mut added) = (NO_FIELD, Vec::new());
        SowEnds::new(usize::from(players), self.board.len(), usize::from(most), u32::from(room), |me, from, n| {
            // `n` pieces on `from`, none elsewhere.
            if sown_from != from {
                if sown_from != NO_FIELD {
                    s.clear(sown_from);
                }
                sown_from = from;
            }
            while usize::from(s.height(from)) < n {
                s.push(from, Piece::new(0, me));
            }
            while usize::from(s.height(from)) > n {
                s.pop(from);
            }
            self.sow(&s, me, from, dirs, skip, skip_origin, &mut added, |_| {})
        })
    }
}
