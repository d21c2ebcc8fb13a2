//! Random play through listed turns whose moves are steps by shifts
//! ([`StepShifts`]; issue 48): the moves counted, not listed. For each rule
//! and direction, the fields its pieces may step from that way are one word
//! (the pieces of its kinds, the fields that have a field that way, the
//! landable fields shifted back); their bits counted are the number of
//! moves, which answers the start-of-turn "no move?" and serves the draw;
//! the move drawn is found among the words in the order the loop by bits
//! lists (rule by rule, field by field, direction by direction). In Fox and
//! Hounds the list took some 500 instructions a ply. The moves drawn, the
//! random numbers used and the states reached are the listed turns'.

use super::motion::{KindsRead, Movers};
use crate::board::fields_of_word;
use crate::moves::{Action, Move};
use crate::piece::Player;
use crate::program::Game;
use crate::program::rules::{ShiftedRule, StepShifts};
use crate::ruleset::When;
use crate::state::State;

/// A player's steps by shifts, counted.
pub(super) struct Steps {
    /// For each rule and direction in order, the fields a step starts from.
    starts: [u64; StepShifts::MOST],
    /// How many steps in all.
    pub n: u32,
}

impl Game {
    /// Plays random turns from `s`, at a listed turn whose moves are steps
    /// by `shifts`, as [`Game::play_listed_turns`] does: how many.
    #[inline(always)]
    pub(super) fn play_counted_steps(
        &self,
        s: &mut State,
        shifts: &StepShifts,
        draw: &mut impl FnMut(usize) -> usize,
        plies: u32,
    ) -> u32 {
        let mut steps = Steps { starts: [0; StepShifts::MOST], n: 0 };
        count_steps(s, &shifts.by_player[usize::from(s.to_move)], s.to_move, &mut steps);
        let mut played = 0;
        // (No move: the general way passes, or ends the game.)
        while played < plies && steps.n > 0 {
            let rules = &shifts.by_player[usize::from(s.to_move)];
            let Some(m) = nth_step(s, rules, &steps, draw(steps.n as usize) as u32) else { break };
            played += 1;
            let Some(next) = self.plain_turn(s, m) else { return played };
            count_steps(s, &shifts.by_player[usize::from(next)], next, &mut steps);
            if self.check_ends_knowing(s, When::StartOfTurn, next, Some(steps.n == 0)) {
                return played;
            }
        }
        played
    }
}

/// The steps of `me` in `s` by `rules`, counted into `steps`.
#[inline(always)]
pub(super) fn count_steps(s: &State, rules: &[ShiftedRule], me: Player, steps: &mut Steps) {
    let movers = KindsRead::of(s, me, None);
    let (mut i, mut n) = (0, 0);
    for r in rules {
        let from = movers.fields(r.kinds);
        let landable = r.landing.landable(s, me);
        for shift in &r.dirs {
            let starts = from & shift.starts_onto(landable);
            steps.starts[i % StepShifts::MOST] = starts;
            n += starts.count_ones();
            i += 1;
        }
    }
    steps.n = n;
}

/// The `i`-th of `steps` in `s`, made by `rules`, in the order the loop by bits lists them.
#[inline(always)]
pub(super) fn nth_step(s: &State, rules: &[ShiftedRule], steps: &Steps, mut i: u32) -> Option<Move> {
    let mut at = 0;
    for r in rules {
        let words = steps.starts.get(at..at + r.dirs.len())?;
        at += r.dirs.len();
        let here: u32 = words.iter().map(|w| w.count_ones()).sum();
        if i >= here {
            i -= here;
            continue;
        }
        for from in fields_of_word(0, words.iter().fold(0, |all, w| all | w)) {
            for (shift, w) in r.dirs.iter().zip(words) {
                if w >> from & 1 == 0 {
                    continue;
                }
                if i == 0 {
                    let kind = s.top(from)?.kind;
                    let (rule, dir, to) = (r.rule, shift.dir, shift.to(from));
                    return Some(Move { action: Action::Board, rule, kind, dir, from, to });
                }
                i -= 1;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Steps, count_steps, nth_step};
    use crate::moves::Move;
    use crate::program::rules::StepShifts;
    use crate::shipped::testing::{variants, visit_random_games};

    /// Along random games of every shipped variant whose phases count steps
    /// by shifts, the steps counted are the legal moves listed, and the
    /// n-th step is the n-th move of the list, for every n.
    #[test]
    fn steps_counted_are_the_moves_listed_in_order() {
        let mut with = Vec::new();
        for (name, options, game) in variants() {
            if game.phases.iter().all(|p| p.plan.step_shifts.is_none()) {
                continue;
            }
            with.push(name);
            let mut positions = 0;
            visit_random_games(&game, 37, 5, |s, legal| {
                let Some(shifts) = &game.phases[usize::from(s.phase)].plan.step_shifts else { return };
                if !game.at_plain_turn(s) {
                    return;
                }
                let rules = &shifts.by_player[usize::from(s.to_move)];
                let mut steps = Steps { starts: [0; StepShifts::MOST], n: 0 };
                count_steps(s, rules, s.to_move, &mut steps);
                let listed: Vec<Move> =
                    legal.iter().copied().filter(|m| m.action != crate::moves::Action::Pass).collect();
                assert_eq!(steps.n as usize, listed.len(), "{name} {options:?}");
                for (i, m) in listed.iter().enumerate() {
                    assert_eq!(nth_step(s, rules, &steps, i as u32), Some(*m), "{name} {options:?}: move {i}");
                }
                assert_eq!(nth_step(s, rules, &steps, steps.n), None);
                positions += 1;
            });
            assert!(positions > 100, "{name} {options:?}: only {positions} positions");
        }
        for name in ["traditional/fox-and-hounds", "classic/breakthrough"] {
            assert!(with.contains(&name), "{name} does not count its steps: {with:?}");
        }
    }
}
