//! The moves of the next decision, worked out while a move is played and kept
//! for the caller. Most games end when the player to move has no move
//! (`NoMoves` at the start of a turn): playing a move asks that question of the
//! next player, and a random playout then works out the same player's moves in
//! the same state. [`Game::play_listing`] answers the question from the whole
//! list of legal moves and hands that list back, so that it is made once.
//!
//! The list is kept only for the very state being played (the same object,
//! not a copy a probe plays on) and handed back only if that state is at the
//! same [`Edition`] at the end of the move as when the list was made: its
//! pieces, pools and every other field the rules read are unchanged since.

use crate::moves::{Action, Move};
use crate::program::Game;
use crate::state::{Edition, Pending, State};
use std::cell::Cell;

thread_local! {
    /// The address of the state [`Game::play_listing`] plays (0: none).
    static PLAYING: Cell<usize> = const { Cell::new(0) };
    /// Whether its legal moves were worked out while it was played: then
    /// they are `MOVES`, worked out at `EDITION`.
    static KNOWN: Cell<bool> = const { Cell::new(false) };
    static EDITION: Cell<Option<Edition>> = const { Cell::new(None) };
    static MOVES: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

fn address(s: &State) -> usize {
    std::ptr::from_ref(s) as usize
}

impl Game {
    /// Plays `m` in `s`, as [`Game::play_unchecked`]; true if the legal moves
    /// of the state it leaves were worked out on the way, and are now in `out`
    /// (exactly as [`Game::legal_moves_into`] makes them). Else `out` is unchanged.
    #[inline]
    pub(crate) fn play_listing(&self, s: &mut State, m: Move, out: &mut Vec<Move>) -> bool {
        if !self.asks_for_moves {
            self.play_counting(s, m);
            return false;
        }
        self.play_keeping_moves(s, m, out)
    }

    /// [`Game::play_listing`] where an end asks for the moves.
    fn play_keeping_moves(&self, s: &mut State, m: Move, out: &mut Vec<Move>) -> bool {
        PLAYING.set(address(s));
        KNOWN.set(false);
        self.play_counting(s, m);
        PLAYING.set(0);
        if !KNOWN.get() || EDITION.get() != Some(s.edition()) {
            return false;
        }
        let mut moves = MOVES.take();
        std::mem::swap(out, &mut moves);
        MOVES.set(moves);
        true
    }

    /// Whether the player to move in `s` has a move other than `pass`, where
    /// `s` is the state [`Game::play_listing`] plays and an ordinary decision
    /// is due: from their legal moves, worked out in full and kept. `None` elsewhere.
    pub(crate) fn has_move_listing(&self, s: &State) -> Option<bool> {
        if !self.asks_for_moves {
            return None;
        }
        let playing = PLAYING.get();
        let ordinary = s.pending == Pending::None && s.continuing.is_none() && s.outcome.is_none();
        // (Counted moves are drawn without a list.)
        if playing != address(s) || !ordinary || self.phases[usize::from(s.phase)].countable {
            return None;
        }
        // Probes inside (turn filters that look ahead) ask as usual.
        PLAYING.set(0);
        let mut moves = MOVES.take();
        // Through a pointer the compiler cannot see through: a direct call from
        // here moved its inlining of the whole generator (Ur +6.6% instructions).
        let legal_moves_into: fn(&Game, &State, &mut Vec<Move>) = std::hint::black_box(Game::legal_moves_into);
        legal_moves_into(self, s, &mut moves);
        let any = !matches!(moves.as_slice(), [only] if only.action == Action::Pass);
        MOVES.set(moves);
        KNOWN.set(true);
        EDITION.set(Some(s.edition()));
        PLAYING.set(playing);
        Some(any)
    }
}

#[cfg(test)]
mod tests {
    use super::{PLAYING, address};
    use crate::agents::random_move;
    use crate::shipped::testing::games;
    use crate::{Options, shipped};
    use rand::SeedableRng;

    /// The moves are worked out in full, and kept, only for the state being
    /// played: not for a copy of it (a probe may play on a copy, at the same
    /// edition), nor when no move is being played.
    #[test]
    fn moves_are_kept_for_the_state_played_only() {
        let game = shipped::game("seneti", &Options::new()).expect("compiles");
        assert!(game.asks_for_moves);
        let s = game.initial_state();
        let copy = s.clone();
        assert_eq!(game.has_move_listing(&s), None, "nothing is being played");
        PLAYING.set(address(&s));
        assert_eq!(game.has_move_listing(&copy), None, "a copy");
        assert_eq!(game.has_move_listing(&s), Some(true));
        PLAYING.set(0);
    }

    /// Along random games of every shipped ruleset, the moves kept while a
    /// move was played are the legal moves of the state it left, move for
    /// move; they are kept in the games whose ends ask for them (where the
    /// moves are not counted), and only there.
    #[test]
    fn moves_kept_while_playing_are_the_legal_moves() {
        for (name, game) in games() {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
            let (mut kept, mut plies) = (0, 0);
            for _ in 0..4 {
                let (mut s, mut buf, mut known) = (game.initial_state(), Vec::new(), false);
                while let Some(m) = random_move(&game, &s, &mut buf, known, &mut rng) {
                    known = game.play_listing(&mut s, m, &mut buf);
                    if known {
                        assert_eq!(buf, game.legal_moves(&s), "{name} at ply {}", s.ply());
                        kept += 1;
                    }
                    plies += 1;
                }
            }
            if game.asks_for_moves {
                assert!(kept * 2 > plies, "{name}: moves kept after {kept} of {plies} plies");
            } else {
                assert_eq!(kept, 0, "{name}");
            }
        }
    }
}
