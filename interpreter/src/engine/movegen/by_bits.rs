//! The moves of a phase whose every rule steps, leaps or jumps by bits
//! ([`RulesLoop::ByBits`], issue 48): a loop of its own over the rules,
//! each going straight to its tight loop (`steps_by_bits`,
//! `jumps_by_masks`). The generic loop (`Game::each_rule`) is ready for
//! every motion on every call: it tests each rule's `only_if`, its choices
//! and its motion's plans, and keeps in its frame what the other motions
//! need; in the draughts and hunt games that was much of the next player's
//! moves. The moves, and their order, are those of the generic loop.

use super::super::emit::{Counted, Emit, IntoList, listed};
use super::super::motion::KindsRead;
use super::super::{Motion, RulesLoop};
use crate::board::FieldId;
use crate::moves::Move;
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// [`Game::moves_of_rules`] in a phase planned [`RulesLoop::ByBits`], in
    /// a capture chain too (issue 48: the piece's next jumps, where a chain
    /// may go on, took the generic loop over every rule).
    #[inline(never)]
    pub(super) fn moves_by_bits(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        // Read once for all the rules: the kind on each of the player's fields.
        self.rules_by_bits(s, me, rules, only, &KindsRead::of(s, me, only), emit)
    }

    /// The moves of a mandatory capture planned by the rules
    /// ([`CaptureFilter::ByRules`](super::super::CaptureFilter::ByRules)) in a phase planned
    /// [`RulesLoop::ByBits`], outside a capture chain, into `out`: those of
    /// the rules `capturing`, or where they make none those of `quiet`, as
    /// [`Game::moves_by_bits`] makes them, the pieces read once for both.
    #[inline(never)]
    pub(in crate::engine) fn capturing_by_bits(
        &self,
        s: &State,
        me: Player,
        [capturing, quiet]: &[Vec<u8>; 2],
        out: &mut Vec<Move>,
    ) {
        let movers = &KindsRead::of(s, me, None);
        for rules in [capturing, quiet] {
            if self.rules_by_bits(s, me, rules, None, movers, &mut IntoList(out)).0 {
                return;
            }
        }
    }

    /// The loop of [`Game::moves_by_bits`] over `rules`, the player's pieces read as `movers`.
    #[inline(always)]
    fn rules_by_bits(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        movers: &KindsRead,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        debug_assert!(self.phases[usize::from(s.phase)].plan.rules_loop == RulesLoop::ByBits);
        let phase = &self.phases[usize::from(s.phase)];
        // A list the tight loops of the steps lend each other, made ready
        // where the first needs it (in a capture chain, or where the
        // capturing rules come first, none may).
        let mut listed_once = None;
        let mut counted = Counted { found: false, emit };
        for &ri in rules {
            let rule = &phase.rules[usize::from(ri)];
            debug_assert_eq!(rule.only_if_for[usize::from(me)], crate::program::Cond::True, "a rule planned by bits");
            let go_on = match (&rule.motion, rule.plan.landing.bits(), rule.jump_by_masks()) {
                (Motion::Step(reach) | Motion::Leap(reach), Some(bits), _) => {
                    let listed = listed_once.get_or_insert_with(listed);
                    self.steps_by_bits(s, me, rule, ri, reach, bits, movers, listed, &mut counted)
                }
                (_, _, Some((dirs, over, bits))) => {
                    self.jumps_by_masks(s, me, rule, ri, dirs, over, bits.landable(s, me), movers, &mut counted)
                }
                // (Not planned so: the generic loop, for this rule alone.)
                _ => self.moves_of_rule_generally(s, me, ri, only, &mut counted),
            };
            if !go_on {
                return (counted.found, false);
            }
        }
        (counted.found, true)
    }

    /// The moves of rule `ri` by the generic loop: false if `emit` asked to
    /// stop. Out of line, so that [`Game::moves_by_bits`] stays small.
    #[cold]
    #[inline(never)]
    fn moves_of_rule_generally(
        &self,
        s: &State,
        me: Player,
        ri: u8,
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> bool {
        self.each_rule::<false>(s, me, &[ri], only, emit).1
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::generated_for;
    use crate::engine::RulesLoop;
    use crate::moves::Move;
    use crate::shipped::testing::{variants, visit_random_games};
    use crate::{Options, shipped};

    /// The step-and-jump games' phases are planned [`RulesLoop::ByBits`];
    /// along random games of every shipped variant that has such a phase,
    /// the legal moves, each player's moves (all, a piece's, and whether
    /// there is one: a generation stopped at its first move) are those of
    /// the generic loop over the rules.
    #[test]
    fn phases_by_bits_make_the_moves_the_generic_loop_makes() {
        let planned = ["traditional/fox-and-hounds", "traditional/english-draughts", "traditional/alquerque"];
        for name in planned.into_iter().chain(["classic/breakthrough"]) {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            assert!(game.phases.iter().any(|p| p.plan.rules_loop == RulesLoop::ByBits), "{name}");
        }
        let general = shipped::game("traditional/fox-and-hounds", &Options::new()).expect("compiles");
        let general = general.with_general_plans();
        assert!(general.phases.iter().all(|p| p.plan.rules_loop == RulesLoop::General), "the general plans");
        let mut positions = 0;
        for (name, options, game) in variants() {
            if !game.phases.iter().any(|p| p.plan.rules_loop == RulesLoop::ByBits) {
                continue;
            }
            let mut generic = game.clone();
            generic.phases.iter_mut().for_each(|p| p.plan.rules_loop = RulesLoop::General);
            let of_piece = |g: &crate::Game, s: &crate::State, player, f| {
                let mut moves: Vec<Move> = Vec::new();
                g.generate(s, player, Some(f), &mut |m| {
                    moves.push(m);
                    true
                });
                moves
            };
            visit_random_games(&game, 23, 3, |s, legal| {
                assert_eq!(legal, generic.legal_moves(s), "{name} {options:?}");
                for player in 0..s.players {
                    let moves = generated_for(&game, s, player);
                    assert_eq!(moves, generated_for(&generic, s, player), "{name} {options:?}: player {player}");
                    assert_eq!(game.has_move_for(s, player), !moves.is_empty(), "{name} {options:?}");
                    for f in s.fields_topped_by(player) {
                        assert_eq!(of_piece(&game, s, player, f), of_piece(&generic, s, player, f), "{name}: {f}");
                    }
                }
                positions += 1;
            });
        }
        assert!(positions > 1_000, "only {positions} positions in phases by bits");
    }

    /// In a capture chain whose jumped pieces stay until it ends (marked),
    /// the loop by bits jumps none of them again, as the generic loop: the
    /// Russian draughts with kings that step and jump short (a phase by
    /// bits), each state's legal moves and, in a chain, whether it goes on.
    #[test]
    fn chains_by_bits_do_not_jump_a_piece_twice() {
        let text = shipped::text("traditional/russian-draughts").expect("shipped");
        let text = text.replace("fly: true", "fly: false").replace("Slide(dirs", "Step(dirs");
        let game = crate::Game::from_source(&text, "russian-draughts.ron", &Options::new()).expect("compiles");
        assert!(game.phases.iter().all(|p| p.plan.rules_loop == RulesLoop::ByBits));
        let mut generic = game.clone();
        generic.phases.iter_mut().for_each(|p| p.plan.rules_loop = RulesLoop::General);
        let mut marked = 0;
        visit_random_games(&game, 29, 40, |s, legal| {
            assert_eq!(legal, generic.legal_moves(s));
            if let Some(c) = s.continuing {
                assert_eq!(game.can_continue(s, c), generic.can_continue(s, c));
                marked += usize::from(s.fields_topped_by(1 - s.to_move).any(|f| s.top(f).is_some_and(|p| p.mark)));
            }
        });
        assert!(marked > 100, "only {marked} chains with pieces marked");
    }
}
