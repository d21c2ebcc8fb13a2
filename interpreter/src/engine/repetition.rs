//! Repetition at play: whether the position after a move occurred before,
//! and the history kept up to date decision by decision (see
//! [`History`](crate::state::History) for what a position is).

use crate::piece::Player;
use crate::program::Game;
use crate::ruleset::Compared;
use crate::state::{Key, State};

impl Game {
    /// `Repeated`: the position `s` (after a decision by `me`) matches at
    /// least `times` of the last `within` positions of the history (0: all).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn repeated(&self, s: &State, me: Player, times: u8, within: u32, compare: Compared) -> bool {
        let key = s.repetition_key(me);
        s.history().count(key, within, compare, u32::from(times)) >= u32::from(times)
    }

    /// The key of the position a decision by `mover` just made, where the
    /// game keeps its history; remembered once the ends after the decision
    /// have compared it with the positions before it (a game that ends
    /// there does not remember it).
    #[inline(always)]
    pub(super) fn position_made(&self, s: &State, mover: Player) -> Option<Key> {
        if self.keeps_history { Some(s.repetition_key(mover)) } else { None }
    }
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
