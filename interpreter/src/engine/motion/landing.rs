//! Where a moving piece may land, shared by the motions: the rule's
//! condition, captures and room, read off masks where the compiler made them.

use super::super::{Landing, Rule};
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::piece::Player;
use crate::program::Game;
use crate::program::rules::TopWords;
use crate::ruleset::Arrive;
use crate::ruleset::{Carry, OnJumped};
use crate::state::State;

impl Game {
    /// Whether a piece may end its move on `to`: the rule's condition; not a
    /// capture on a safe field; room on the field once an enemy stack it
    /// captures or exchanges has gone, and room for that stack on `from`.
    #[inline]
    pub(crate) fn can_land(&self, rule: &Rule, s: &State, me: Player, from: FieldId, to: FieldId) -> bool {
        match &rule.plan.landing {
            Landing::Masks(m) => lands_by_mask(&m.masks, s, me, to),
            Landing::Players { .. } | Landing::Stacks { .. } | Landing::General => {
                self.can_land_apart(rule, s, me, from, to)
            }
        }
    }

    /// [`Game::can_land`] but by one set of masks: by each player's
    /// ([`Landing::Players`]), by [`Landing::Stacks`] where stacks grow, else
    /// in full. (Apart, so that `can_land` stays small enough to be inlined.)
    pub(in crate::engine) fn can_land_apart(
        &self,
        rule: &Rule,
        s: &State,
        me: Player,
        from: FieldId,
        to: FieldId,
    ) -> bool {
        match &rule.plan.landing {
            Landing::Players { masks, fields, .. } => lands_by_mask(&masks[usize::from(me) * fields..], s, me, to),
            Landing::Stacks { masks, .. } => self.lands_on_stack_by_mask(masks, s, me, to),
            Landing::Masks(_) | Landing::General => self.can_land_in_full(rule, s, me, from, to),
        }
    }

    /// What tops each field of `s`, seen from `me`, and where there is room:
    /// the [`TopWords`] of a board of up to 64 fields (its first 64 elsewhere).
    pub(in crate::engine) fn top_words(&self, s: &State, me: Player) -> TopWords {
        if let Some(empty) = &self.plan.empty_tops {
            // The empty board, and a look at each occupied field.
            let occupied = s.topped_word(0);
            let mut tops = TopWords { room: empty.room & !occupied, ..TopWords::default() };
            tops.by_class[0] = empty.by_class[0] & !occupied;
            for f in fields_of_word(0, occupied) {
                tops.by_class[usize::from(s.top_class(f, me) & 7)] |= 1 << f;
                tops.room |= u64::from(s.height(f) < self.fields[usize::from(f)].limit) << f;
            }
            return tops;
        }
        let mut tops = TopWords::default();
        for (f, ((height, class), props)) in s.heights_and_classes(me).zip(&self.fields).take(64).enumerate() {
            let bit = 1 << f;
            tops.by_class[usize::from(class & 7)] |= bit;
            tops.room |= if height < props.limit { bit } else { 0 };
        }
        tops
    }

    /// [`Game::can_land`] with the stack masks tested in place: walks end on
    /// many fields, and the games that walk mostly stack (no call per end).
    #[inline(always)]
    pub(in crate::engine) fn can_land_at_walk_end(
        &self,
        rule: &Rule,
        s: &State,
        me: Player,
        from: FieldId,
        to: FieldId,
    ) -> bool {
        match &rule.plan.landing {
            Landing::Stacks { masks, .. } => self.lands_on_stack_by_mask(masks, s, me, to),
            Landing::Masks(_) | Landing::Players { .. } | Landing::General => self.can_land(rule, s, me, from, to),
        }
    }

    /// Whether a piece of `me` can land on `to` by a rule's stack landing
    /// masks ([`Landing::Stacks`]): what tops the field, and room on it.
    #[inline(always)]
    pub(in crate::engine) fn lands_on_stack_by_mask(&self, masks: &[u8], s: &State, me: Player, to: FieldId) -> bool {
        // Both read, without a branch between them: landing words test every field.
        lands_by_mask(masks, s, me, to) & (s.height(to) < self.fields[usize::from(to)].limit)
    }

    /// [`Game::can_land`] in full, for stacks and conditions beyond what tops a field.
    pub(in crate::engine) fn can_land_in_full(
        &self,
        rule: &Rule,
        s: &State,
        me: Player,
        from: FieldId,
        to: FieldId,
    ) -> bool {
        let props = self.fields[usize::from(to)];
        let enemy = s.top(to).is_some_and(|t| t.owner != me);
        let displaces = enemy && rule.arrive != Arrive::Stack;
        if displaces && props.safe {
            return false;
        }
        if enemy && rule.arrive == Arrive::Exchange {
            let left = |from| s.height(from).saturating_sub(self.carried(rule, s, from));
            let room = from != NO_FIELD && left(from) + s.height(to) <= self.fields[usize::from(from)].limit;
            if !room {
                return false;
            }
        }
        let height = if displaces { 0 } else { s.height(to) };
        // A stack move brings more than one piece (engine/stack_moves.rs).
        let arriving = if rule.carry == Carry::Piece && rule.on_jumped == OnJumped::Capture {
            1
        } else {
            self.arriving(rule, s, from)
        };
        u16::from(height) + u16::from(arriving) <= u16::from(props.limit) && self.eval_on_field(&rule.to, s, me, to)
    }
}

/// Whether a piece of `me` can land on `to` by a rule's landing masks ([`Landing::Masks`]).
#[inline(always)]
pub(super) fn lands_by_mask(landing: &[u8], s: &State, me: Player, to: FieldId) -> bool {
    landing[usize::from(to)] & super::super::cond::tops(s, me, to) != 0
}
