//! Counting move sequences: `perft(depth)` is the number of legal move
//! sequences of that length (a game that ends earlier adds none). Published
//! counts for classic games check the move generator and the end of the game.
//!
//! A move is complete when it leaves no choice of the same move to make: a
//! stack to capture after a line was made (`CaptureChosen`) and the further
//! jumps of a capture chain (`Continue`: a chain of decisions in Tabula) are
//! part of the move that began them, as published counts have it; each way
//! of completing a move counts as one.
//!
//! The last move of a sequence is counted without being made where it is
//! complete whatever it does (bulk counting): where the moves are counted
//! ([`Game::count_moves`]), else each move whose rule can leave no choice;
//! where no turn filter or repeated move changes what the generator makes,
//! the moves are counted as it makes them, without a list. Through counted
//! turns (`engine/counted_turns.rs`) every level below is counted without
//! a move made where the game's ends can be read for a move not made
//! (`engine/outline.rs`).

use crate::moves::Move;
use crate::program::Game;
use crate::state::{Pending, State};

impl Game {
    /// The number of legal move sequences of `depth` moves from `state`.
    pub fn perft(&self, state: &State, depth: u32) -> u64 {
        let (mut moves, mut states) = buffers(state, depth);
        self.perft_at(state, depth as usize, &mut moves, &mut states, false)
    }

    /// The counts below each legal move, for finding where two generators
    /// differ: they add up to [`Game::perft`].
    pub fn perft_divide(&self, state: &State, depth: u32) -> Vec<(Move, u64)> {
        // A huff (or not) is part of the turn it begins: the move after it counts.
        let below = if state.pending == Pending::Huff { depth } else { depth.saturating_sub(1) } as usize;
        let mut next = state.clone();
        self.legal_moves(state)
            .into_iter()
            .map(|m| {
                next.clone_from(state);
                self.play_unchecked(&mut next, m);
                let (mut moves, mut states) = buffers(&next, depth);
                (m, self.complete_then_count(&next, below, &mut moves, &mut states, false))
            })
            .collect()
    }

    /// `perft(s, depth)` with a move buffer and a state per level below;
    /// `listed`: the first buffer holds the legal moves of `s` already.
    fn perft_at(&self, s: &State, depth: usize, moves: &mut [Vec<Move>], states: &mut [State], listed: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if s.pending == Pending::Huff {
            // A huff (or not) is part of the turn it begins: each way counts as one.
            return self.sum_over_moves(s, |next| self.perft_at(next, depth, moves, states, false));
        }
        if let Some(phase) = self.counted_turn_phase(s) {
            let counted = self.count_groups(s, phase);
            if counted.n > 0 || depth == 1 {
                return self.perft_counted(s, phase, &counted, depth, states);
            }
        }
        let last = depth == 1 && !self.may_leave_a_choice(s);
        let (buf, deeper_moves) = moves.split_first_mut().expect("a buffer per level");
        if !listed {
            if let (true, Some(n)) = (last, self.count_moves(s).or_else(|| self.count_generated(s))) {
                // Counted without being made, or without being listed; none is a pass.
                return u64::from(n.max(1));
            }
            self.legal_moves_into(s, buf);
        }
        if last {
            return buf.len() as u64;
        }
        let (next, deeper_states) = states.split_first_mut().expect("a state per level");
        let mut total = 0;
        for &m in buf.iter() {
            if depth == 1
                && !mid_move(s)
                && (!self.move_may_leave_a_choice(s, m) || self.makes_no_line_to_capture(s, m))
            {
                // A leaf whatever the move does: counted without being made.
                // (Not in the middle of a move: a capture chosen inside a chain leaves it going on.)
                total += 1;
                continue;
            }
            next.clone_from(s);
            // Where the end of the game asks whether the next player has a
            // move, their moves are worked out as the move is played: kept
            // for the level below, which then need not work them out again.
            let listed = match deeper_moves.first_mut() {
                Some(below) if depth > 1 => self.play_listing(next, m, below),
                _ => {
                    self.play_unchecked(next, m);
                    false
                }
            };
            total += self.complete_then_count(next, depth - 1, deeper_moves, deeper_states, listed);
        }
        total
    }

    /// `perft_at(s, depth)` once the move that led to `s` is complete: each
    /// way of completing it counts as one.
    fn complete_then_count(
        &self,
        s: &State,
        depth: usize,
        moves: &mut [Vec<Move>],
        states: &mut [State],
        listed: bool,
    ) -> u64 {
        if !mid_move(s) {
            return self.perft_at(s, depth, moves, states, listed);
        }
        self.sum_over_moves(s, |next| self.complete_then_count(next, depth, moves, states, false))
    }

    /// The sum of `count` over the states after each legal move in `s`.
    /// Rarer than moves (a line was made, a capture chain goes on, a huff is
    /// offered): buffers of its own.
    fn sum_over_moves(&self, s: &State, mut count: impl FnMut(&State) -> u64) -> u64 {
        let mut next = s.clone();
        let mut total = 0;
        for m in self.legal_moves(s) {
            next.clone_from(s);
            self.play_unchecked(&mut next, m);
            total += count(&next);
        }
        total
    }

    /// How many moves the generator makes in `s`, where they are the legal
    /// moves as they are (an ordinary decision, no turn filter, no move two
    /// rules make): counted as made, not listed. `None` elsewhere.
    fn count_generated(&self, s: &State) -> Option<u32> {
        if !s.awaits_ordinary_decision() || !self.phases[usize::from(s.phase)].keeps_generated_moves() {
            return None;
        }
        let mut n = 0;
        self.generate(s, s.to_move, None, &mut |_| {
            n += 1;
            true
        });
        Some(n)
    }

    /// Whether a move in `s` may leave a choice of the same move to make.
    fn may_leave_a_choice(&self, s: &State) -> bool {
        self.phases[usize::from(s.phase)].rules.iter().any(|r| r.may_leave_a_choice())
    }

    /// Whether the move `m` in `s` may leave a choice of the same move to
    /// make ([`mid_move`]): only a move made by its rule (not a pass, a stop,
    /// a throw or a chosen capture) whose rule captures by choice or goes on
    /// in a chain. Where it cannot, the move is complete once made.
    fn move_may_leave_a_choice(&self, s: &State, m: Move) -> bool {
        use crate::moves::Action;
        matches!(m.action, Action::Board | Action::Place | Action::Lift | Action::Exit | Action::Sow)
            && self.phases[usize::from(s.phase)].rules[usize::from(m.rule)].may_leave_a_choice()
    }

    /// Whether the move `m` in `s`, of a rule whose only choice is a capture
    /// after a line made through the piece moved (a mill), makes no such
    /// line: then it completes with no choice, known without making it.
    /// Answered for a plain move only: a piece put on top, or moved off a
    /// field it leaves empty, onto an empty field that sends nothing on, by a
    /// rule whose other effects change no piece's owner; else false.
    fn makes_no_line_to_capture(&self, s: &State, m: Move) -> bool {
        use super::{Cond, Effect};
        use crate::moves::Action;
        let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
        let Some(Cond::MovedLineMasks(lines)) = rule.choice().map(|c| &c.cond) else { return false };
        let owners_stay = rule.effects.iter().all(Effect::keeps_owners);
        let motion = rule.motion.facts();
        let leaves = match m.action {
            Action::Place if motion.places && !motion.puts_under => 0,
            Action::Board if !motion.jumps && s.height(m.from) == 1 => 1 << m.from,
            _ => return false,
        };
        if rule.continues.is_some()
            || !owners_stay
            || s.height(m.to) != 0
            || self.fields[usize::from(m.to)].send_to.is_some()
        {
            return false;
        }
        let mine_after = (s.topped_first_word(s.to_move) & !leaves) | 1 << m.to;
        !lines.any_within(m.to, mine_after)
    }
}

/// Whether the decision that led to `s` leaves its mover a choice that completes the move.
pub(super) fn mid_move(s: &State) -> bool {
    // A game that ended in the middle of a move (a hop that wins, issue 45) leaves nothing to complete.
    (matches!(s.pending, Pending::Capture { .. }) || s.continuing.is_some()) && !s.is_over()
}

/// A move buffer and a state per level of a search `depth` deep.
fn buffers(state: &State, depth: u32) -> (Vec<Vec<Move>>, Vec<State>) {
    ((0..depth).map(|_| Vec::new()).collect(), (0..depth).map(|_| state.clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::mid_move;
    use crate::shipped::testing::visit_random_games;
    use crate::state::{Pending, State};
    use crate::{Game, Options, shipped};

    /// Perft as its definition says, every move made: the reference for
    /// the counting that [`Game::perft`] does without making every move.
    fn perft_by_making_every_move(game: &Game, s: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if s.pending == Pending::Huff {
            return sum_after_each_move(game, s, |next| perft_by_making_every_move(game, next, depth));
        }
        sum_after_each_move(game, s, |next| completed_by_making_every_move(game, next, depth - 1))
    }

    fn completed_by_making_every_move(game: &Game, s: &State, depth: u32) -> u64 {
        if mid_move(s) {
            return sum_after_each_move(game, s, |next| completed_by_making_every_move(game, next, depth));
        }
        perft_by_making_every_move(game, s, depth)
    }

    fn sum_after_each_move(game: &Game, s: &State, count: impl Fn(&State) -> u64) -> u64 {
        game.legal_moves(s)
            .into_iter()
            .map(|m| {
                let mut next = s.clone();
                game.play_unchecked(&mut next, m);
                count(&next)
            })
            .sum()
    }

    /// A capture chosen in the middle of a chain that may go on: from there,
    /// perft 1 counts each way of completing the move, the chain's further
    /// jumps included (counting the chosen capture as one leaf gives 2, not 3).
    #[test]
    fn perft_from_a_capture_chosen_inside_a_chain_completes_the_chain() {
        const LINE: &str = r#"Ruleset(language: 2, name: "line", title: "Line", players: ["White", "Black"],
            board: Grid(cols: 6, rows: 1, links: ["Orthogonal"]), pieces: [(name: "Man", letter: 'M')],
            setup: [On(piece: "Man", player: Player(1), fields: ["a1"]), On(piece: "Man", player: Player(2), fields: ["b1", "d1", "f1"])],
            phases: [(name: "play", moves: [(pieces: ["Man"], by: Jump(dirs: ["Orthogonal"]),
                then: [Continue(mode: May), CaptureChosen(among: Enemy)])])],
            end: [(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "stuck")])"#;
        let game = Game::from_source(LINE, "line.ron", &Options::new()).expect("compiles");
        let mut s = game.initial_state();
        let first = game.legal_moves(&s)[0];
        game.play_unchecked(&mut s, first);
        assert!(mid_move(&s), "a capture to choose, the chain going on");
        assert_eq!(perft_by_making_every_move(&game, &s, 1), 3);
        assert_eq!(game.perft(&s, 1), 3);
    }

    /// From positions along random games of every shipped ruleset (and its
    /// capture options), perft 1 and 2 count what making every move counts.
    /// Divided, perft 2 adds up to the same, from a huff too.
    /// Among them are positions where a last move leaves a choice that
    /// completes it in other than one way (a chain that branches, a line
    /// that captures one of several pieces): counting such moves as one
    /// leaf each would be caught.
    #[test]
    fn perft_counts_what_making_every_move_counts() {
        let (mut positions, mut choices, mut huffs) = (0, 0, 0);
        for name in shipped::names() {
            for capture in [None, Some("Huff"), Some("Most")] {
                let mut options = Options::new();
                capture.map(|v| options.set("capture", v));
                let Ok(game) = shipped::game(name, &options) else { continue };
                let mut visited = 0;
                visit_random_games(&game, 11, 2, |s, legal| {
                    visited += 1;
                    if visited % 5 != 0 {
                        return;
                    }
                    let one = perft_by_making_every_move(&game, s, 1);
                    assert_eq!(game.perft(s, 1), one, "{name} {capture:?} perft 1 from\n{s:?}");
                    let two = game.perft(s, 2);
                    assert_eq!(two, perft_by_making_every_move(&game, s, 2), "{name} {capture:?} perft 2");
                    let divided: u64 = game.perft_divide(s, 2).iter().map(|&(_, n)| n).sum();
                    assert_eq!(divided, two, "{name} {capture:?} perft 2 divided, from\n{s:?}");
                    huffs += usize::from(s.pending == Pending::Huff);
                    positions += 1;
                    choices += usize::from(s.pending != Pending::Huff && one != legal.len() as u64);
                });
            }
        }
        assert!(
            positions > 1_000 && choices > 20 && huffs > 0,
            "{positions} positions, {choices} with a choice at the last move, {huffs} offering a huff"
        );
    }

    /// Where a move is told to make no line to capture by, making it makes
    /// none (no capture to choose); for a plain move told otherwise, it makes
    /// one: along random games of every mill game at hand (Nine Men's Morris
    /// under each option value, and the test block with drops and flying),
    /// every legal move.
    #[test]
    fn a_move_told_to_make_no_line_makes_none_and_a_plain_move_told_otherwise_makes_one() {
        use crate::program::Cond;
        let block = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/blocks/drop-and-fly.ron"))
            .expect("the test block");
        let mut games = vec![Game::from_source(&block, "drop-and-fly.ron", &Options::new()).expect("compiles")];
        for (flying, removal) in [("true", "MillsLast"), ("false", "Any"), ("true", "NeverFromMill")] {
            let mut options = Options::new();
            options.set("flying", flying);
            options.set("removal", removal);
            games.push(shipped::game("traditional/nine-mens-morris", &options).expect("compiles"));
        }
        let (mut told_none, mut lines) = (0, 0);
        for game in &games {
            visit_random_games(game, 3, 30, |s, legal| {
                for &m in legal.iter().filter(|&&m| game.move_may_leave_a_choice(s, m)) {
                    let mut after = s.clone();
                    game.play_unchecked(&mut after, m);
                    let rule = &game.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
                    let cond = &rule.choice().expect("a capture chosen").cond;
                    assert!(matches!(cond, Cond::MovedLineMasks(..)), "the line test by masks");
                    let line = game.eval(cond, &after, s.to_move, crate::board::NO_FIELD);
                    let plain = s.height(m.to) == 0 && (m.from == crate::board::NO_FIELD || s.height(m.from) == 1);
                    if game.makes_no_line_to_capture(s, m) {
                        assert!(!line && !mid_move(&after), "{m:?} in\n{s:?}");
                        told_none += 1;
                    } else {
                        assert!(line || !plain, "{m:?} makes no line, in\n{s:?}");
                        lines += 1;
                    }
                }
            });
        }
        assert!(told_none > 1_000 && lines > 100, "{told_none} moves told to make no line, {lines} others");
    }
}
