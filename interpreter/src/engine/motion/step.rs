//! `Step` and `Leap`: a piece moves to a field its [`Reach`] lists from
//! where it stands (a leap passes over what lies between). General: each
//! field reached tested by [`Game::can_land`]; fast, where the rule moves
//! from any field: landing read off one word ([`LandingMasks::bits`](crate::program::rules::LandingMasks::bits)) or a
//! mask per field ([`Landing::Masks`](crate::program::rules::Landing::Masks)), in a tight loop over the pieces.

use super::super::emit::{Emit, Listed};
use super::super::movegen::Mover;
use super::super::{LandingBits, Reach, Rule};
use super::landing::lands_by_mask;
use super::movers::Movers;
use crate::board::{FieldId, fields_of_word};
use crate::moves::{Action, Move};
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// The steps of one piece, each where it can land.
    #[inline(always)]
    pub(in crate::engine) fn step_moves(&self, m: &Mover, reach: &Reach, emit: &mut impl FnMut(Move) -> bool) -> bool {
        let Mover { s, me, rule, from, .. } = *m;
        reach.from(from).iter().all(|&(to, d)| !self.can_land(rule, s, me, from, to) || emit(m.to(to, d)))
    }

    /// The steps of a rule that lands by bits alone (the commonest rule),
    /// from the fields `movers` gives, in one tight loop written out (a closure called per piece costs markedly
    /// more). The steps are listed first, as moves, in `steps`, then taken in one go
    /// ([`Emit::emit_all`]): whether a field is landable is as good as random, and a
    /// branch on it is mispredicted often.
    #[allow(clippy::too_many_arguments)] // `rule_moves`' own, and what the plan holds
    #[inline(always)]
    pub(in crate::engine) fn steps_by_bits(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        reach: &Reach,
        bits: &LandingBits,
        movers: &impl Movers,
        steps: &mut Listed,
        emit: &mut impl Emit,
    ) -> bool {
        let from_fields = movers.fields(rule.pieces);
        if from_fields == 0 {
            // (Nothing to make ready: a rule of kinds the player has none of.)
            return true;
        }
        let landable = bits.landable(s, me);
        // Rows of one width (issue 48: the end of the loop over a piece's
        // targets, one to four of them in the draughts games, was
        // mispredicted some three times a ply), where the padding, the
        // piece's own field, is never landable: a landing by bits takes no
        // own piece today (that needs room, which the owner alone does not
        // say), and the match falls back to the targets should one ever.
        let like = Move { action: Action::Board, rule: rule_id, kind: 0, dir: 0, from: 0, to: 0 };
        let list = Listing { s, rule, like, landable, movers, from_fields };
        match (bits.own, reach.width()) {
            (0, 1) => list.by_rows::<1>(reach, steps, emit),
            (0, 2) => list.by_rows::<2>(reach, steps, emit),
            (0, 3) => list.by_rows::<3>(reach, steps, emit),
            (0, 4) => list.by_rows::<4>(reach, steps, emit),
            (0, 8) => list.by_rows::<8>(reach, steps, emit),
            _ => list.by_targets(reach, steps, emit),
        }
    }

    /// The steps of a rule that lands by its masks per field, from any field.
    #[allow(clippy::too_many_arguments)] // `rule_moves`' own, and what the plan holds
    #[inline(always)]
    pub(in crate::engine) fn steps_by_masks(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        reach: &Reach,
        landing: &[u8],
        only: Option<FieldId>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        for from in s.fields_topped_by(me) {
            let Some(p) = s.top(from) else { continue };
            if only.is_some_and(|o| o != from) || rule.pieces & (1 << p.kind) == 0 {
                continue;
            }
            for &(to, dir) in reach.from(from) {
                if lands_by_mask(landing, s, me, to)
                    && !emit(Move { action: Action::Board, rule: rule_id, kind: p.kind, dir, from, to })
                {
                    return false;
                }
            }
        }
        true
    }
}

/// What the listing of a rule's steps by bits reads.
struct Listing<'a, M> {
    s: &'a State,
    rule: &'a Rule,
    /// The moves' rule, the rest written per move.
    like: Move,
    landable: u64,
    movers: &'a M,
    from_fields: u64,
}

impl<M: Movers> Listing<'_, M> {
    /// The steps, each piece's targets in a loop of their own number.
    #[inline(always)]
    fn by_targets(&self, reach: &Reach, steps: &mut Listed, emit: &mut impl Emit) -> bool {
        let mut n = 0;
        for from in fields_of_word(0, self.from_fields) {
            let Some(kind) = self.movers.kind(self.s, from, self.rule.pieces) else { continue };
            let like = Move { kind, from, ..self.like };
            for &(to, dir) in reach.from(from) {
                if n == steps.len() {
                    if !emit.emit_all(&steps[..]) {
                        return false;
                    }
                    n = 0;
                }
                steps[n] = Move { to, dir, ..like };
                n += usize::from(self.landable >> to & 1 != 0);
            }
        }
        emit.emit_all(&steps[..n])
    }

    /// The steps, each piece's row of `W` entries written out (the padding,
    /// its own field, never landable: not kept).
    #[inline(always)]
    fn by_rows<const W: usize>(&self, reach: &Reach, steps: &mut Listed, emit: &mut impl Emit) -> bool {
        let mut n = 0;
        for from in fields_of_word(0, self.from_fields) {
            let Some(kind) = self.movers.kind(self.s, from, self.rule.pieces) else { continue };
            let Some(row) = reach.row::<W>(from) else { continue };
            if n + W > steps.len() {
                if !emit.emit_all(&steps[..n]) {
                    return false;
                }
                n = 0;
            }
            let like = Move { kind, from, ..self.like };
            for &(to, dir) in row {
                steps[n] = Move { to, dir, ..like };
                n += usize::from(self.landable >> to & 1 != 0);
            }
        }
        emit.emit_all(&steps[..n])
    }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_leap_lands_past_what_lies_between() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Leap(offsets: [(2, 2)]), to: Empty)"#,
        );
        assert_eq!(moves, ["a1-c3"]);
    }

    #[test]
    fn a_step_onto_an_enemy_captures_it_where_the_rule_allows() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Step(dirs: ["All"]), to: Not(Own))"#,
        );
        assert_eq!(moves, ["a1-a2", "a1-b2", "a1-b1"]);
    }
}
