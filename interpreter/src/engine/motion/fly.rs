//! `Fly`: a piece moves to any of the rule's targets it can land on.

use super::super::movegen::Mover;
use crate::moves::{Move, NO_DIR};
use crate::program::Game;

impl Game {
    /// The flights of one piece.
    #[inline(always)]
    pub(in crate::engine) fn fly_moves(&self, m: &Mover, emit: &mut impl FnMut(Move) -> bool) -> bool {
        let Mover { s, me, rule, from, .. } = *m;
        rule.targets[usize::from(me)]
            .iter()
            .all(|&to| to == from || !self.can_land(rule, s, me, from, to) || emit(m.to(to, NO_DIR)))
    }
}
