//! Repetition at play: whether the position after a move occurred before,
//! and the history kept up to date decision by decision (see
//! [`History`](crate::state::History) for what a position is).
//!
//! **Memory that lasts one turn counts only where it changes a move** (issue
//! 45, FIDE 9.2.3: positions are the same when the same pieces stand on the
//! same fields, the same player moves and the possible moves are the same).
//! The marks that last until the next turn (`lasts: NextTurn`: en passant's
//! square) and the fields of the last move that a `LastMove` reads are in a
//! position's identity only if the legal moves of the player to move differ
//! with them and without them: a pawn that stepped two past no enemy pawn
//! able to take it (or only a pinned one) leaves the same position as a
//! pawn that stepped one. Marks that last longer (`Turn`, `Cleared`:
//! castling's "moved") are rights the rules keep for later moves, and always
//! count. Where the turn goes on after the decision (a chain, a placement
//! due, more decisions), or the next player throws first, the memory counts.

use super::scratch::{ScratchState, scratch_moves};
use crate::board::FieldId;
use crate::moves::Move;
use crate::piece::Player;
use crate::program::Game;
use crate::ruleset::Compared;
use crate::state::{Key, Pending, State};
use std::cell::Cell;

thread_local! {
    /// Set while the moves of a position are listed to tell whether its
    /// one-turn memory counts: a `Repeated` read while listing them (a turn
    /// filter's) keeps the memory in, so that the test never nests.
    static TELLING: Cell<bool> = const { Cell::new(false) };
}

impl Game {
    /// `Repeated`: the position `s` (after a decision by `me`) matches at
    /// least `times` of the last `within` positions of the history (0: all).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn repeated(&self, s: &State, me: Player, times: u8, within: u32, compare: Compared) -> bool {
        let key = self.position_key(s, me);
        s.history().count(key, within, compare, u32::from(times)) >= u32::from(times)
    }

    /// The key of the position a decision by `mover` just made, where the
    /// game keeps its history; remembered once the ends after the decision
    /// have compared it with the positions before it (a game that ends
    /// there does not remember it).
    #[inline(always)]
    pub(super) fn position_made(&self, s: &State, mover: Player) -> Option<Key> {
        if self.keeps_history { Some(self.position_key(s, mover)) } else { None }
    }

    /// The key of position `s` (a decision by `mover` just made, or the start
    /// with the player before the one to move) for the repetition rules: the
    /// state's [`State::repetition_key`], its one-turn memory left out where
    /// it changes no legal move (see the module).
    pub(crate) fn position_key(&self, s: &State, mover: Player) -> Key {
        let key = s.repetition_key(mover);
        let momentary = s.marks_key_where(|slot| self.marks.momentary(slot));
        if momentary == 0 {
            return key;
        }
        let board = key.board ^ momentary;
        match self.momentary_counts(s, mover) {
            Counts::No => Key { board, mover },
            Counts::Yes(next) => Key { board: board ^ next, mover },
        }
    }

    /// Whether the one-turn memory of `s` counts, and if so its key once the
    /// next turn has begun (the marks that expire then gone).
    #[inline(never)]
    fn momentary_counts(&self, s: &State, mover: Player) -> Counts {
        let goes_on = s.pending != Pending::None || s.continuing.is_some() || s.decisions_left > 1 || s.again;
        if goes_on || s.is_over() || TELLING.get() {
            return Counts::Yes(s.marks_key_where(|slot| self.marks.momentary(slot)));
        }
        // Scratch copies and lists from the per-thread pools (no allocation
        // once they have grown): a nested test (the ends `end_turn` checks)
        // takes its own.
        let mut next = ScratchState::of(s);
        self.end_turn(&mut next, mover);
        let memory = next.marks_key_where(|slot| self.marks.momentary(slot));
        if memory == 0 || next.is_over() {
            return Counts::No;
        }
        if next.pending != Pending::None {
            return Counts::Yes(memory);
        }
        let mut without = ScratchState::of(&next);
        for slot in (0..self.marks.slots).filter(|&slot| self.marks.momentary(slot)) {
            without.clear_mark_slot(slot);
        }
        let (mut with, mut plain) = (scratch_moves(), scratch_moves());
        TELLING.set(true);
        sorted_moves(self, &next, &mut with);
        sorted_moves(self, &without, &mut plain);
        TELLING.set(false);
        let same = with.len() == plain.len() && with.iter().map(|&m| key_of(m)).eq(plain.iter().map(|&m| key_of(m)));
        if same { Counts::No } else { Counts::Yes(memory) }
    }
}

/// Whether one-turn memory counts in a position's key (with its key then).
enum Counts {
    No,
    Yes(u64),
}

/// The legal moves of `s` into `out`, sorted by what they do, to compare as sets.
fn sorted_moves(game: &Game, s: &State, out: &mut Vec<Move>) {
    game.legal_moves_into(s, out);
    out.sort_unstable_by_key(|&m| key_of(m));
}

fn key_of(m: Move) -> (u8, u8, u8, FieldId, FieldId, u8) {
    (m.action as u8, m.rule, m.kind, m.from, m.to, m.dir)
}

#[cfg(test)]
mod tests {
    use crate::program::Game;

    const SHUFFLE: &str = r#"Ruleset(
        language: 2, name: "shuffle", title: "Shuffle", players: ["A", "B"],
        board: Track(length: 4, cols: 4),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [On(piece: "Stone", player: Player(1), fields: ["1"]), On(piece: "Stone", player: Player(2), fields: ["4"])],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["next", "prev"]), to: Empty)])],
        end: [(at: AfterMove, cond: Repeated(times: 2), result: Draw, reason: "threefold repetition")],
    )"#;

    fn play(game: &Game, s: &mut crate::state::State, text: &str) {
        let m = game.legal_moves(s).into_iter().find(|&m| game.move_text(m) == text).expect(text);
        game.play_unchecked(s, m);
    }

    #[test]
    fn the_third_time_a_position_comes_round_ends_the_game() {
        let game = Game::from_source(SHUFFLE, "shuffle", &Default::default()).unwrap();
        let mut s = game.initial_state();
        assert_eq!(s.history().len(), 1);
        for _ in 0..2 {
            for text in ["1-2", "4-3", "2-1", "3-4"] {
                assert!(!s.is_over());
                play(&game, &mut s, text);
            }
        }
        // The start came round twice after it, the third time: the last position, which ended the game, is not kept.
        assert_eq!(s.history().len(), 8);
        assert!(s.outcome().is_some_and(|o| o.is_draw()), "{:?}", s.outcome());
    }

    #[test]
    fn a_game_that_never_asks_keeps_nothing() {
        let text = SHUFFLE.replace("Repeated(times: 2)", "False");
        let game = Game::from_source(&text, "shuffle", &Default::default()).unwrap();
        let mut s = game.initial_state();
        let m = game.legal_moves(&s)[0];
        game.play_unchecked(&mut s, m);
        assert!(!s.history().is_kept());
    }
}
