//! `Place`: a piece from the hand onto a target field (on top, or at the
//! bottom), falling along a direction where the rule says so. General: each
//! target tested ([`Game::place_targets`]); fast: the targets that must be
//! empty read off one word ([`LandingMasks::empty_targets`](crate::program::rules::LandingMasks::empty_targets)), and where a piece comes
//! to rest off the fall lines ([`Rule::rest_by_bits`]).

use super::super::Rule;
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{KindId, NOBODY, Player};
use crate::program::rules::PlaceRuns;
use crate::program::{Cond, Game};
use crate::state::State;

impl Game {
    /// The fields a placement of `rule` puts a piece of `me` on, each where
    /// it comes to rest, to `emit` (false to stop; then false).
    #[inline(always)]
    pub(in crate::engine) fn place_moves(
        &self,
        rule: &Rule,
        s: &State,
        me: Player,
        emit: &mut impl FnMut(FieldId) -> bool,
    ) -> bool {
        match rule.plan.landing.empty_targets() {
            Some(targets) => {
                targets.of(me).iter().enumerate().all(|(w, &bits)| {
                    fields_of_word(w, bits & !s.topped_word(w)).all(|to| emit(self.rest(rule, s, to)))
                })
            }
            None => self.place_targets(rule, s, me, emit),
        }
    }

    /// A placement's moves where its targets are tested one by one: each
    /// target with room where `to` holds (a guard by what tops the field
    /// decides most), with the field where the piece comes to rest. Apart
    /// from `rule_moves`, so that reading the guard in place there does not
    /// move the compiler's inlining of the generator.
    #[inline(never)]
    pub(in crate::engine) fn place_targets(
        &self,
        rule: &Rule,
        s: &State,
        me: Player,
        emit: &mut impl FnMut(FieldId) -> bool,
    ) -> bool {
        // A piece put on top arrives as a move does: onto an enemy stack it
        // captures (room counted once the stack has gone; not on a safe
        // field) or stacks, as `on_enemy` says. Under a stack, or falling
        // from where it is put, it needs room where it is put.
        if let Some(runs) = rule.plan.motion.place_runs() {
            return self.place_by_runs(runs, s, me, emit);
        }
        let arrives = rule.motion.puts_down_where_put();
        rule.targets[usize::from(me)].iter().all(|&to| {
            let fits = if arrives && s.top(to).is_some_and(|t| t.owner != me && t.owner != NOBODY) {
                self.can_land(rule, s, me, NO_FIELD, to)
            } else {
                s.height(to) < self.fields[usize::from(to)].limit
                    && self.eval_on_field(&rule.to_on_targets[usize::from(me)], s, me, to)
            };
            !fits || emit(self.rest(rule, s, to))
        })
    }

    /// A placement's moves by [`PlaceRuns`] (issue 48): the targets that are
    /// empty and bracket a run, one word for the board, in field order.
    fn place_by_runs(&self, runs: &PlaceRuns, s: &State, me: Player, emit: &mut impl FnMut(FieldId) -> bool) -> bool {
        let tops = self.top_words(s, me);
        let targets = runs.targets[usize::from(me)] & tops.of(Cond::EMPTY) & runs.runs.starts(&tops);
        fields_of_word(0, targets).all(emit)
    }

    /// Where a piece put on `to` by a placement of `rule` comes to rest.
    /// (Always inlined: most placements do not fall, and then it is `to`.)
    #[inline(always)]
    pub(in crate::engine) fn rest(&self, rule: &Rule, s: &State, to: FieldId) -> FieldId {
        match (rule.plan.motion.fall_lines(), rule.motion.facts().falls) {
            (Some(lines), _) => lines.rest(s.topped_word(0), to),
            (None, Some(d)) => self.fall(s, to, d),
            (None, None) => to,
        }
    }

    /// Where a piece put on `from` comes to rest, falling along `dir` while the next field is empty.
    pub(crate) fn fall(&self, s: &State, from: FieldId, dir: u8) -> FieldId {
        let mut at = from;
        // Links in `dir` may form a cycle that does not pass `from`: a piece
        // falls at most once round the board, then rests where it is.
        for _ in 0..self.board.len() {
            let next = self.board.neighbour(at, dir);
            if next == NO_FIELD || next == from || !self.is_free(s, next) {
                return at;
            }
            at = next;
        }
        at
    }

    /// Whether a piece can be put on `f`: empty, and a field that takes pieces.
    pub(crate) fn is_free(&self, s: &State, f: FieldId) -> bool {
        s.height(f) == 0 && self.fields[usize::from(f)].limit > 0
    }

    /// The first group of `player`'s version of a zone that has a free field.
    pub(crate) fn first_free_group(&self, s: &State, zone: u8, player: Player) -> Option<&[FieldId]> {
        let groups = &self.zones[usize::from(zone)].groups[usize::from(player)];
        groups.iter().find(|g| g.iter().any(|&f| self.is_free(s, f))).map(Vec::as_slice)
    }
}

/// The move that places (or enters) a piece of `kind` from the hand on `to` by rule `rule`.
#[inline(always)]
pub(crate) fn placing(rule: u8, kind: KindId, to: FieldId) -> Move {
    Move { action: Action::Place, rule, kind, dir: NO_DIR, from: NO_FIELD, to }
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;

    #[test]
    fn a_placement_puts_a_piece_from_the_hand_on_each_target() {
        let moves = first_moves(
            r#"Hand(piece: "Stone", player: Player(1), count: 1), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Place(), to: Empty)"#,
        );
        assert_eq!(moves, ["S@a1", "S@b1", "S@c1", "S@a2", "S@c2", "S@a3", "S@b3", "S@c3"]);
    }

    #[test]
    fn a_placed_piece_falls_until_the_next_field_is_taken() {
        let moves = first_moves(
            r#"Hand(piece: "Stone", player: Player(1), count: 1), On(piece: "Stone", player: Player(2), fields: ["b1"])"#,
            r#"(pieces: ["Stone"], by: Place(fall: "S"), to: All([Empty, Field(["a3", "b3", "c3"])]))"#,
        );
        assert_eq!(moves, ["S@a1", "S@b2", "S@c1"]);
    }

    /// Issue 48: a placement that must bracket a run reads its targets by
    /// shifts where the board allows (`PlaceRuns`), and lists the same moves,
    /// in the same order, as the general path, position after position.
    #[test]
    fn a_placement_that_brackets_lists_by_shifts_what_the_general_path_lists() {
        use crate::program::rules::MotionPlan;
        let text = r#"Ruleset(
    name: "brackets", title: "Brackets", players: ["A", "B"],
    board: Grid(cols: 6, rows: 5, links: ["All"]),
    pieces: [(name: "D", letter: 'D')],
    setup: [On(piece: "D", player: Player(2), fields: ["c3", "d2"]), On(piece: "D", player: Player(1), fields: ["c2", "d3"]),
        Hand(piece: "D", player: Player(1), count: 30), Hand(piece: "D", player: Player(2), count: 30)],
    phases: [(name: "play", moves: [(pieces: ["D"], by: Place(),
        to: All([Empty, Brackets(Run(dirs: ["All"], each: Enemy, closed_by: Own))]),
        then: [Claim(run: Run(dirs: ["All"], each: Enemy, closed_by: Own))])])],
    end: [(at: StartOfTurn, cond: All([NoMoves, Not(CanMove(Opponent))]), result: MorePieces, reason: "stuck")],
)"#;
        let game = crate::Game::from_source(text, "brackets.ron", &crate::Options::new()).expect("compiles");
        assert!(matches!(game.phases[0].rules[0].plan.motion, MotionPlan::PlaceRuns(_)));
        let mut general = game.clone();
        general.phases[0].rules[0].plan.motion = MotionPlan::General;
        let mut s = game.initial_state();
        let mut seed = 7u64;
        let mut placed = 0;
        while !s.is_over() {
            let moves = game.legal_moves(&s);
            assert_eq!(moves, general.legal_moves(&s), "after {placed} moves");
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            placed += usize::from(m.action == crate::moves::Action::Place);
            s = game.play(s, m).expect("legal");
        }
        assert!(placed > 10, "{placed}");
    }
}
