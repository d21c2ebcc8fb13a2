//! Random play through listed turns: where every turn of a phase is one plain
//! decision ([`PhasePlan::listed_turns`](crate::program::rules::PhasePlan)),
//! the turns whose moves are listed, not counted (the step and hunt games),
//! run in one loop, as counted turns do (`engine/counted_turns.rs`): the
//! move drawn from the list, put down the plain way, the ends after it, the
//! turn handed on, the next player's moves listed once, and that list both
//! answers the start-of-turn "no move?" and serves the next draw. The general
//! way (a draw, then [`Game::play_listing`]) does the same through every
//! check a turn may need and hands the list over through a thread's cell
//! (issue 48: in Fox and Hounds some 400 instructions a ply). The moves
//! drawn, the random numbers used and the states reached are the general
//! way's; a test plays both side by side.

use crate::moves::{Move, only_a_pass};
use crate::piece::Player;
use crate::program::Game;
use crate::ruleset::When;
use crate::state::State;

impl Game {
    /// Plays random turns from `s`, at most `plies`, while `s` is at a
    /// listed turn and the player has a move other than a pass; `draw(n)`
    /// gives the index of the move to make among `n`, as a random move's
    /// draw does. `known` says whether `moves` holds the legal moves of `s`,
    /// before (else they are listed here, where `s` is at such a turn) and
    /// after (not where the game ended). How many turns were played: none
    /// where `s` is not at such a turn, or its player must pass; the general
    /// way plays on.
    #[inline]
    pub(crate) fn play_listed_turns(
        &self,
        s: &mut State,
        moves: &mut Vec<Move>,
        known: &mut bool,
        draw: &mut impl FnMut(usize) -> usize,
        plies: u32,
    ) -> u32 {
        // (Asked before every random move: one test where the phase has no
        // listed turns, the loop out of line.)
        match self.phases.get(usize::from(s.phase)) {
            Some(phase) if phase.plan.listed_turns => self.play_on_listed_turns(s, moves, known, draw, plies),
            _ => 0,
        }
    }

    /// [`Game::play_listed_turns`] in a phase with listed turns.
    #[inline(never)]
    fn play_on_listed_turns(
        &self,
        s: &mut State,
        moves: &mut Vec<Move>,
        known: &mut bool,
        draw: &mut impl FnMut(usize) -> usize,
        plies: u32,
    ) -> u32 {
        if !self.at_plain_turn(s) {
            return 0;
        }
        if let Some(shifts) = &self.phases[usize::from(s.phase)].plan.step_shifts {
            // (The list, if known, is not read: the moves are counted.)
            *known = false;
            return self.play_counted_steps(s, shifts, draw, plies);
        }
        if !*known {
            self.legal_moves_into(s, moves);
            *known = true;
        }
        let mut played = 0;
        while played < plies {
            if moves.is_empty() || only_a_pass(moves) {
                // (A pass is the general way's: it counts the passes in a row.)
                break;
            }
            let m = moves[draw(moves.len())];
            played += 1;
            *known = false;
            let Some(next) = self.plain_turn(s, m) else { return played };
            moves.clear();
            self.list_ordinary(s, moves);
            let no_move = only_a_pass(moves);
            if self.check_ends_knowing(s, When::StartOfTurn, next, Some(no_move)) {
                return played;
            }
            *known = true;
        }
        played
    }

    /// Makes `m`, drawn at a listed turn, as the general way does: put down
    /// the plain way, the ends after it, the turn handed on. The next
    /// player, or `None` where the game ended (or `m` was not plain: then
    /// made the general way, in full, and the loop stops).
    #[inline(always)]
    pub(super) fn plain_turn(&self, s: &mut State, m: Move) -> Option<Player> {
        let mover = s.to_move;
        let Some(rule) = self.plain_rule(s, m) else {
            // (Not reached where every rule is plain.)
            self.play_counting(s, m);
            return None;
        };
        self.put_plainly(s, m, rule);
        s.ply += 1;
        if self.ended_after_move(s, mover) {
            return None;
        }
        let next = self.next_playing(s, mover);
        self.pass_turn(s, next);
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::Game;
    use crate::agents::{PLY_CAP, random_move};
    use crate::shipped::testing::{random_game_as_the_general_way, variants};

    /// Random games played with listed turns and the general way, from the
    /// same seeds, alike; then each played again with the list made anew
    /// after each run of listed turns, to the same end. Returns the plies
    /// played by listed turns.
    fn same_games(name: &str, game: &Game, games: u64) -> u32 {
        let general = game.with_general_plans();
        let (mut listed, mut buf) = (0, Vec::new());
        for seed in 0..games {
            let a = random_game_as_the_general_way(name, game, &general, seed);
            let (mut s, mut rng) = (game.initial_state(), ChaCha8Rng::seed_from_u64(seed));
            while !s.is_over() && s.ply() < PLY_CAP {
                let mut known = false;
                let turns = game.play_listed_turns(&mut s, &mut buf, &mut known, &mut |n| rng.random_range(0..n), 9);
                listed += turns;
                if turns == 0 {
                    let m = random_move(game, &s, &mut buf, known, &mut rng).expect("the game is not over");
                    game.play_unchecked(&mut s, m);
                }
            }
            assert_eq!(s, a, "{name}, seed {seed}: with the list made anew after each run");
        }
        listed
    }
    /// Every shipped variant with listed turns plays as the general way
    /// plays, and most of its plies by listed turns; the hunt and race-to-
    /// the-end games among them.
    #[test]
    fn listed_turns_play_as_the_general_way_in_every_shipped_variant() {
        let mut with = Vec::new();
        for (name, options, game) in variants().filter(|(_, _, g)| g.phases.iter().any(|p| p.plan.listed_turns)) {
            let listed = same_games(name, &game, 40);
            assert!(listed > 200, "{name} {options:?}: {listed} plies by listed turns");
            with.push(name);
        }
        for name in ["traditional/fox-and-hounds", "classic/breakthrough"] {
            assert!(with.contains(&name), "{name} is not planned with listed turns: {with:?}");
        }
    }
}
