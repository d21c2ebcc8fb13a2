//! The turn after a decision: whether the game ended, who moves next,
//! and what the next player must do first.

use crate::board::NO_FIELD;
use crate::piece::{MAX_PLAYERS, Player};
use crate::program::Game;
use crate::ruleset::When;
use crate::state::{Pending, Reason, State};

impl Game {
    /// Whether the decision due in `s` goes on the turn of the move that led
    /// to it: a chain's next jump, a removal or placement the move earned, a
    /// second placement, a value of a throw or pool left to spend. Not where
    /// a turn begins, nor where a move earned the same player another turn
    /// (Kalah's last seed in the store), which keeps the turn's number.
    /// A new cause read here is a new case of [`Game::turns_can_go_on`] too.
    pub fn turn_goes_on(&self, s: &State) -> bool {
        let phase = &self.phases[usize::from(s.phase)];
        s.continuing.is_some()
            || !matches!(s.pending, Pending::None | Pending::Chance(_) | Pending::Huff)
            || s.throw.is_some()
            || s.dice.is_active()
            || s.decisions_left < phase.decisions
    }

    /// Whether a turn of this game can be several decisions: whether a move
    /// can set anything [`Game::turn_goes_on`] reads: a phase of several
    /// decisions, a chain that goes on, a capture or a placement chosen after
    /// the move (`CaptureChosen`, `Spawn`, a captive converted), the rest of
    /// a longer throw left to spend (`RunOff`'s `remainder`), a pool of dice.
    /// `false` only where no move can (checked along random games of every
    /// shipped ruleset, `agents/turns.rs`), so a search need not ask.
    pub(crate) fn turns_can_go_on(&self) -> bool {
        use crate::piece::Captured;
        use crate::program::rules::{Effect, Motion, Rule};
        let chosen_after = |e: &Effect| matches!(e, Effect::CaptureChosen(_) | Effect::Spawn { .. });
        let rule_goes_on = |r: &Rule| {
            r.continues.is_some()
                || r.effects.iter().any(chosen_after)
                || matches!(r.motion, Motion::RunOff { remainder: true, .. })
        };
        self.phases.iter().any(|p| p.decisions > 1 || p.rules.iter().any(rule_goes_on))
            || self.kinds.iter().any(|k| matches!(k.captured, Captured::Convert { .. }))
            || self.chance.iter().any(|c| !c.pools.is_empty())
    }

    /// Whether `s` is a decision of the turn numbered `turn` of `mover`
    /// still: not over, that player's, that turn, no throw due, and the
    /// turn going on ([`Game::turn_goes_on`]), not begun again.
    pub(crate) fn turn_still(&self, s: &State, mover: Player, turn: u32) -> bool {
        !s.is_over()
            && (s.to_move(), s.turn()) == (mover, turn)
            && !matches!(s.pending, Pending::Chance(_))
            && self.turn_goes_on(s)
    }

    /// Whether a move that left `half` ([`Game::make_without_ending`]) can
    /// leave its player's turn going on once made in full: what
    /// [`Game::after_decision`] keeps the turn for (a decision pending, a
    /// chain going on, decisions left in the turn). `false` is sure, and
    /// spares a search the rest of the move (the ends, the next player's
    /// moves); `true` is to be checked by making the move in full.
    pub(crate) fn may_stay_after(&self, half: &State) -> bool {
        half.pending != Pending::None || half.continuing.is_some() || half.decisions_left > 1
    }

    /// After a decision: end conditions, the turn limit, and whose decision is next.
    #[inline(always)]
    pub(super) fn after_decision(&self, s: &mut State, mover: Player) {
        // The position made, remembered once the ends after the move have
        // compared it with those before it, and before anything else asks.
        let made = self.position_made(s, mover);
        if self.ended_after_move(s, mover) {
            return;
        }
        // What was worked out during the move and its ends no longer holds
        // (the turn goes on below without another change of the pieces).
        s.touch();
        if let Some(key) = made {
            s.remember(key);
        }
        if s.finished[usize::from(mover)] != 0 {
            // The mover has finished: their turn ends here.
            s.pending = Pending::None;
            s.continuing = None;
            self.end_turn(s, mover);
            return;
        }
        // (What keeps the turn here is what `may_stay_after` reads: keep the two together.)
        if s.pending != Pending::None || s.continuing.is_some() {
            return;
        }
        s.decisions_left = s.decisions_left.saturating_sub(1);
        if s.decisions_left > 0 && self.has_move(s) {
            return;
        }
        let phase = &self.phases[usize::from(s.phase)];
        if s.again && !s.passed {
            // The move earned another turn: the same player throws again (or, without throws, moves again).
            s.again = false;
            s.throw = None;
            s.dice = crate::state::Dice::NONE;
            s.decisions_left = phase.decisions;
            if let Some(c) = phase.throw {
                s.pending = Pending::Chance(c);
            }
            if self.marks.expire {
                self.expire_marks(s, mover);
            }
            // Another turn begins, unless its start finished the player (as in `end_turn`).
            if !self.check_ends(s, When::StartOfTurn, mover) && s.finished[usize::from(mover)] != 0 {
                s.pending = Pending::None;
                self.end_turn(s, mover);
            }
            return;
        }
        self.end_turn(s, mover);
    }

    /// The ends after `mover`'s move, then the turn limit: true if the game
    /// ended. (The ends' loop inline: a call, and the choice of the moment
    /// made at run time, were some 40 instructions a move.)
    #[inline(always)]
    pub(super) fn ended_after_move(&self, s: &mut State, mover: Player) -> bool {
        if self.check_ends_knowing(s, When::AfterMove, mover, None) {
            return true;
        }
        if self.max_plies > 0 && s.ply >= self.max_plies {
            self.conclude(s, Reason::TurnLimit, [0; MAX_PLAYERS]);
            return true;
        }
        false
    }

    pub(super) fn end_turn(&self, s: &mut State, mover: Player) {
        let phase = &self.phases[usize::from(s.phase)];
        let mut next = self.next_playing(s, mover);
        if let (Some(until), Some(to)) = (&phase.until, phase.next) {
            if self.eval(until, s, mover, NO_FIELD) {
                s.phase = to;
                if let Some(p) = phase.starts {
                    next = p;
                }
            }
        }
        // (Worked out before, as for the phase's `until`, no longer holds.)
        s.touch();
        self.hand_over(s, next);
        if self.check_ends(s, When::StartOfTurn, next) {
            return;
        }
        if s.finished[usize::from(next)] != 0 {
            // Finished as their turn began: the turn goes on to the next player,
            // if anyone is left to play (a game reaches no such state, but a hand-made one must end).
            s.pending = Pending::None;
            if self.next_playing(s, next) == next {
                self.conclude(s, Reason::Blocked, [0; MAX_PLAYERS]);
            } else {
                self.end_turn(s, next);
            }
            return;
        }
        if s.passed && s.pending == Pending::None {
            // Blocked when every player still playing has passed in a row and the next cannot move either.
            let playing = s.finished[..usize::from(s.players)].iter().filter(|&&f| f == 0).count() as u8;
            if s.passes + 1 >= playing && !self.has_move(s) {
                self.conclude(s, Reason::Blocked, [0; MAX_PLAYERS]);
            }
        }
    }

    /// The turn passes to `next`, in the phase `s` is in now: a new turn's
    /// decisions and throw, nothing carried over but the passes in a row;
    /// the marks whose time is up go.
    #[inline(always)]
    pub(super) fn hand_over(&self, s: &mut State, next: Player) {
        self.pass_turn(s, next);
        // Marks whose time is up go (issue 44): nothing to do where none expires.
        if self.marks.expire {
            self.expire_marks(s, next);
        }
    }

    /// [`Game::hand_over`] but the marks: all of it in a game where no mark
    /// expires by itself, as in the counted turns (which are planned only there).
    #[inline(always)]
    pub(super) fn pass_turn(&self, s: &mut State, next: Player) {
        // Counted up to one fewer than the players, all the blocked rule below
        // reads: states it cannot tell apart stay equal.
        s.passes = if s.passed { (s.passes + 1).min(s.players - 1) } else { 0 };
        let phase = &self.phases[usize::from(s.phase)];
        s.to_move = next;
        s.decisions_left = phase.decisions;
        s.turn += 1;
        s.throw = None;
        s.dice = crate::state::Dice::NONE;
        s.again = false;
        s.continuing = None;
        if let Some(c) = phase.throw {
            s.pending = Pending::Chance(c);
        }
    }

    /// The player after `p` in the turn order who has not finished (`p` itself if nobody else is left).
    pub(super) fn next_playing(&self, s: &State, p: Player) -> Player {
        let mut q = p;
        for _ in 0..s.players {
            q = if q + 1 >= s.players { 0 } else { q + 1 };
            if s.finished[usize::from(q)] == 0 {
                return q;
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use crate::shipped::{self, testing::visit_random_games};
    use crate::{Action, Options};

    /// After each move of random games: where another player is to move, a
    /// turn begins; where the same player is, the turn goes on (a chain's next
    /// jump, the removal a mill earns, a die of the throw left) except where
    /// the move earned another turn (Kalah's last seed in the store).
    #[test]
    fn a_turn_goes_on_until_its_last_decision() {
        let games = [
            ("traditional/kalah", false),
            ("traditional/english-draughts", true),
            ("traditional/nine-mens-morris", true),
            ("traditional/backgammon", true),
        ];
        for (name, same_player_goes_on) in games {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let mut same_player = 0;
            visit_random_games(&game, 11, 3, |s, legal| {
                for &m in legal.iter().filter(|m| m.action != Action::Chance) {
                    let mut next = s.clone();
                    game.play_unchecked(&mut next, m);
                    if next.is_over() {
                        continue;
                    }
                    if next.to_move() != s.to_move() {
                        assert!(!game.turn_goes_on(&next), "{name}: another player's turn");
                    } else {
                        assert_eq!(game.turn_goes_on(&next), same_player_goes_on, "{name}");
                        same_player += 1;
                    }
                }
            });
            assert!(same_player > 0, "{name}: the same player never moved twice");
        }
    }

    /// A move's half tells where its turn cannot go on
    /// ([`Game::may_stay_after`]): after each decision of a random game of
    /// every shipped ruleset at each option's every value, where the move made
    /// in full leaves the same player's turn going on, its half says it may.
    /// The half also rules out most moves where turns can go on at all.
    #[test]
    fn a_turn_that_goes_on_is_told_by_the_moves_half() {
        let (mut stayed, mut told) = (0, 0);
        for (name, options, game) in shipped::testing::variants().filter(|(_, _, g)| g.turns_can_go_on()) {
            visit_random_games(&game, 5, 1, |s, legal| {
                for &m in legal.iter().filter(|m| m.action != Action::Chance) {
                    let (mut full, mut half) = (s.clone(), s.clone());
                    game.play_unchecked(&mut full, m);
                    game.make_without_ending(&mut half, m);
                    let goes_on = game.turn_still(&full, s.to_move(), s.turn());
                    let may = game.may_stay_after(&half);
                    assert!(may || !goes_on, "{name} {options:?}, ply {}: {m:?}", s.ply());
                    stayed += usize::from(goes_on);
                    told += usize::from(!may);
                }
            });
        }
        assert!(
            stayed > 10_000 && told > 5 * stayed,
            "{stayed} moves the turn went on after, {told} told by their half"
        );
    }
}
