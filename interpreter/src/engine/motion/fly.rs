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

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_flight_goes_to_every_field_it_may_land_on() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Fly, to: Empty)"#,
        );
        assert_eq!(moves, ["a1-b1", "a1-c1", "a1-a2", "a1-c2", "a1-a3", "a1-b3", "a1-c3"]);
    }
}
