//! `Sow`: a stack is lifted and dropped one piece a field along the track.
//! General: [`Game::sow`] walks the track; fast: the end looked up by field,
//! height and player ([`SowEnds`](super::super::SowEnds)) while no field on
//! the way can fill up.

use super::super::scratch::{Sowing, scratch_sowing};
use super::super::{Cond, Rule};
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{NOBODY, Player};
use crate::program::Game;
use crate::state::State;

impl Game {
    /// The sowings of `rule` from `fields`; false if `emit` asked to stop.
    #[allow(clippy::too_many_arguments)] // the motion's parts, and where it sows from
    #[inline(always)]
    pub(in crate::engine) fn sowings(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        (dirs, skip, skip_origin): (&[u8], &Cond, bool),
        mut fields: std::ops::Range<FieldId>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        // Looked up while no field on the way can fill up (see `SowEnds`);
        // the scratch space of a sowing is taken only where one is walked.
        let ends = rule.plan.motion.sow_ends().filter(|ends| s.pieces_on_board() <= ends.room);
        let mut sowing = None;
        fields.all(|from| {
            let Some(p) = s.top(from) else { return true };
            if (p.owner != me && p.owner != NOBODY)
                || rule.pieces & (1 << p.kind) == 0
                || !self.eval(&rule.from, s, me, from)
            {
                return true;
            }
            let to = match ends.and_then(|ends| ends.end(me, from, s.height(from))) {
                Some(to) => to,
                None => {
                    let added = &mut sowing.get_or_insert_with(scratch_sowing).added;
                    self.sow(s, me, from, dirs, skip, skip_origin, added, |_| {})
                }
            };
            to == NO_FIELD || emit(Move { action: Action::Sow, rule: rule_id, kind: p.kind, dir: NO_DIR, from, to })
        })
    }

    /// The sowing of the stack on `from` for `me` made: its pieces dropped
    /// one a field along the track; where the last fell, or `NO_FIELD` (and
    /// nothing moved) where they cannot all be dropped.
    #[inline(always)]
    pub(in crate::engine) fn sow_stack(
        &self,
        s: &mut State,
        me: Player,
        from: FieldId,
        (dirs, skip, skip_origin): (&[u8], &Cond, bool),
    ) -> FieldId {
        let mut sowing = scratch_sowing();
        let Sowing { added, fields } = &mut *sowing;
        let landed = self.sow(s, me, from, dirs, skip, skip_origin, added, |f| fields.push(f));
        if landed != NO_FIELD {
            for &f in fields.iter() {
                let piece = s.pop(from).expect("one piece for each field sown");
                s.push(f, piece);
            }
        }
        landed
    }

    /// Sowing the stack on `from` for `me` (see `Motion::Sow`): calls `drop`
    /// with each field that gets a piece, in order, and returns the last one,
    /// or `NO_FIELD` where the pieces cannot all be dropped (the track ends,
    /// or a whole round of it passes every field over). `added` is scratch
    /// space: the pieces dropped so far per field, so that a field filled on
    /// an earlier round is passed over on the next.
    #[allow(clippy::too_many_arguments)] // the motion's parts, and the scratch its callers keep
    pub(crate) fn sow(
        &self,
        s: &State,
        me: Player,
        from: FieldId,
        dirs: &[u8],
        skip: &Cond,
        skip_origin: bool,
        added: &mut Vec<u8>,
        mut drop: impl FnMut(FieldId),
    ) -> FieldId {
        added.clear();
        added.resize(self.board.len(), 0);
        let (mut at, mut last, mut left, mut passed) = (from, NO_FIELD, s.height(from), 0);
        while left > 0 {
            at = dirs.iter().map(|&d| self.board.neighbour(at, d)).find(|&f| f != NO_FIELD).unwrap_or(NO_FIELD);
            if at == NO_FIELD {
                return NO_FIELD;
            }
            let i = usize::from(at);
            let height = if at == from { 0 } else { s.height(at) } + added[i];
            if height >= self.fields[i].limit || (at == from && skip_origin) || self.eval(skip, s, me, at) {
                passed += 1;
                if passed > self.board.len() {
                    return NO_FIELD;
                }
                continue;
            }
            passed = 0;
            added[i] += 1;
            left -= 1;
            drop(at);
            last = at;
        }
        last
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_sowing_is_a_move_only_where_the_track_holds_its_pieces() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1", "c1"]), On(piece: "Stone", player: Player(2), fields: ["c3"])"#,
            r#"(pieces: ["Stone"], by: Sow(dirs: ["E"]))"#,
        );
        // From a1 the stone drops on b1; from c1 the track ends at once.
        assert_eq!(moves, ["a1"]);
    }
}
