//! `Slide`: a piece moves along each of its directions over empty fields
//! its `pass` holds on, up to `max` steps. General: each field tested by
//! [`Game::can_land`]; fast: one word of landable fields ([`LandingMasks::bits`](crate::program::rules::LandingMasks::bits)).

use super::super::Cond;
use super::super::movegen::Mover;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::Move;
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// The slides of one piece.
    #[inline(always)]
    pub(in crate::engine) fn slide_moves(
        &self,
        m: &Mover,
        dirs: &[u8],
        max: u8,
        pass: &Cond,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let Mover { s, me, rule, from, .. } = *m;
        let slide = Slide { dirs, max, pass, from, me };
        let slid = |to, d| emit(m.to(to, d));
        // Where the rule lands by bits, one word for every field its slides reach.
        match rule.plan.landing.bits_for(me).map(|b| b.landable(s, me)) {
            Some(landable) => self.slides(s, &slide, |at| landable >> at & 1 != 0, slid),
            None => self.slides(s, &slide, |at| self.can_land(rule, s, me, from, at), slid),
        }
    }

    /// The slides of a piece: along each direction over empty fields where
    /// the slide's `pass` holds, each field it `lands` on a move (`emit`,
    /// false to stop; then false). Generic over `lands`, so that a rule that
    /// lands by bits tests one bit per field.
    fn slides(
        &self,
        s: &State,
        slide: &Slide,
        lands: impl Fn(FieldId) -> bool,
        mut emit: impl FnMut(FieldId, u8) -> bool,
    ) -> bool {
        let Slide { dirs, max, pass, from, me } = *slide;
        dirs.iter().all(|&d| {
            let mut at = from;
            for _ in 0..max {
                at = self.board.neighbour(at, d);
                if at == NO_FIELD || at == from {
                    break;
                }
                if lands(at) && !emit(at, d) {
                    return false;
                }
                if s.height(at) > 0 || !self.eval(pass, s, me, at) {
                    break;
                }
            }
            true
        })
    }
}

/// A piece's slides (see [`Game::slides`]): the motion's directions, most
/// steps and `pass`, the field it starts from and its owner.
struct Slide<'r> {
    dirs: &'r [u8],
    max: u8,
    pass: &'r Cond,
    from: FieldId,
    me: Player,
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_slide_stops_before_a_piece_or_on_an_enemy() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Slide(dirs: ["All"]), to: Not(Own))"#,
        );
        assert_eq!(moves, ["a1-a2", "a1-a3", "a1-b2", "a1-b1", "a1-c1"]);
    }

    #[test]
    fn a_slide_goes_no_further_than_its_most_steps() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Slide(dirs: ["Orthogonal"], max: 1), to: Empty)"#,
        );
        assert_eq!(moves, ["a1-a2", "a1-b1"]);
    }
}
