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
use crate::program::rules::{PlayerShifts, StepShifts};
use crate::ruleset::When;
use crate::state::State;

/// A player's steps by shifts, counted.
pub(super) struct Steps {
    /// For each of the player's directions, the fields a step starts from.
    starts: [u64; StepShifts::MOST],
    /// For each of the player's rules, how many steps.
    by_rule: [u32; StepShifts::MOST],
    /// How many steps in all.
    pub n: u32,
}

impl Steps {
    pub(super) const NONE: Steps = Steps { starts: [0; StepShifts::MOST], by_rule: [0; StepShifts::MOST], n: 0 };
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
        let mut steps = Steps::NONE;
        count_steps(s, &shifts.by_player[usize::from(s.to_move)], s.to_move, &mut steps);
        let mut played = 0;
        // (No move: the general way passes, or ends the game.)
        while played < plies && steps.n > 0 {
            let player = &shifts.by_player[usize::from(s.to_move)];
            let Some(m) = nth_step(s, player, &steps, draw(steps.n as usize) as u32) else { break };
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

/// The steps of `me` in `s` by `player`'s rules, counted into `steps`.
#[inline(always)]
pub(super) fn count_steps(s: &State, player: &PlayerShifts, me: Player, steps: &mut Steps) {
    let movers = KindsRead::of(s, me, None);
    let mut n = 0;
    for (k, r) in player.rules.iter().enumerate() {
        let from = movers.fields(r.kinds);
        let mut here = 0;
        // (A rule none of whose pieces the player has: its words are not read.)
        if from != 0 {
            let landable = r.landing.landable(s, me);
            for j in r.dir_range() {
                let j = j % StepShifts::MOST;
                let starts = from & player.shifts[j].starts_onto(landable);
                steps.starts[j] = starts;
                here += starts.count_ones();
            }
        }
        steps.by_rule[k % StepShifts::MOST] = here;
        n += here;
    }
    steps.n = n;
}

/// The `i`-th of `steps` in `s`, made by `player`'s rules, in the order the loop by bits lists them.
#[inline(always)]
pub(super) fn nth_step(s: &State, player: &PlayerShifts, steps: &Steps, mut i: u32) -> Option<Move> {
    for (k, r) in player.rules.iter().enumerate() {
        let here = steps.by_rule[k % StepShifts::MOST];
        if i >= here {
            i -= here;
            continue;
        }
        let all = r.dir_range().fold(0, |all, j| all | steps.starts[j % StepShifts::MOST]);
        for from in fields_of_word(0, all) {
            for j in r.dir_range() {
                let j = j % StepShifts::MOST;
                if steps.starts[j] >> from & 1 == 0 {
                    continue;
                }
                if i == 0 {
                    let kind = s.top_kind(from)?;
                    let shift = &player.shifts[j];
                    let (rule, dir, to) = (r.rule, shift.dir, shift.to(from));
                    return Some(Move { action: Action::Board, rule, kind, dir, from, to });
                }
                i -= 1;
            }
        }
        return None;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Steps, count_steps, nth_step};
    use crate::moves::Move;
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
                let mut steps = Steps::NONE;
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
