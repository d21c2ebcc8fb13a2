//! A per-turn cache for dice pools (issue 45). The turn filters `MostValues`
//! and `HighestValues` judge a decision by searching the rest of the turn
//! from each of its moves ([`Game::keep_best_turns`]); a turn of three
//! values has three decisions, and each searched the positions the first had
//! searched already. The positions of a turn and what the rest of the turn
//! spends from each are kept now for the whole turn, so that its first
//! decision works them out and the later ones look them up.
//!
//! What is kept is sound to reuse: the most the rest of a turn spends from a
//! position depends on the position alone (its `position_hash`, which holds
//! everything the rules read, the pool left included), on the rules (the
//! game's [`Game::identity`]: a ruleset compiled under other options is
//! another game) and on how far the game has gone where a turn limit can end
//! it (the ply, which within one turn follows from the ply at its first
//! decision and the values spent, in the hash). So the cache is kept while
//! the game, the turn number, the player and the ply of the turn's first
//! decision stay the same, and cleared when any of them changes. A search
//! that ran out of room (past `MOST_TURN_POSITIONS`) counts a turn as far as
//! it followed it, with or without the cache.

use crate::program::Game;
use crate::state::State;
use std::cell::Cell;

/// The turn the cache holds positions of: the game, the turn number, the
/// player, and the ply at the turn's first decision.
type TurnKey = (u64, u32, u8, u32);

thread_local! {
    static TURN: Cell<Option<TurnKey>> = const { Cell::new(None) };
    /// Off in the tests that compare the engine with and without the cache.
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

impl Game {
    /// Whether the positions the turn filters on pools searched so far are
    /// those of `s`'s turn, still good to use: true once the cache is kept for
    /// `s`'s turn, false where it must be cleared first (and from now on is
    /// `s`'s turn's).
    pub(super) fn turn_cache_holds(&self, s: &State) -> bool {
        let spent = s.dice.thrown().filter(|&(_, spent)| spent).count() as u32;
        let key = (self.identity, s.turn, s.to_move, s.ply.wrapping_sub(spent));
        // (Off, the positions are cleared, and what the search then leaves
        // is this turn's.)
        TURN.with(|t| t.replace(Some(key))) == Some(key) && ENABLED.with(Cell::get)
    }
}

/// Turns the per-turn cache on or off on this thread (tests compare the two).
#[cfg(test)]
pub(crate) fn set_turn_cache(on: bool) {
    ENABLED.with(|e| e.set(on));
}

#[cfg(test)]
mod tests {
    use super::set_turn_cache;
    use crate::state::{Pending, State};
    use crate::{Game, Options, shipped};
    use rand::{Rng, SeedableRng, seq::IndexedRandom};

    /// The legal moves of every decision of seeded random games, with the
    /// cache and without: the same lists, in the same order.
    fn cached_is_uncached(name: &str, games: usize, seed: u64) {
        let game: Game = shipped::game(name, &Options::new()).expect("compiles");
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut decisions = 0;
        for _ in 0..games {
            let mut s: State = game.initial_state();
            let mut plies = 0;
            while !s.is_over() && plies < 300 {
                set_turn_cache(true);
                let cached = game.legal_moves(&s);
                set_turn_cache(false);
                let uncached = game.legal_moves(&s);
                set_turn_cache(true);
                // Asked again within the turn, from the cache.
                let again = game.legal_moves(&s);
                assert_eq!(cached, uncached, "{name}: {}", game.position_to_string(&s));
                assert_eq!(again, uncached, "{name}: {}", game.position_to_string(&s));
                if s.pending() == Pending::None {
                    decisions += 1;
                }
                // Now and then another branch of the same turn is looked at
                // first (as a search does), filling the cache from there.
                if rng.random_bool(0.3) {
                    let mut probe = s.clone();
                    game.play_unchecked(&mut probe, *cached.choose(&mut rng).expect("a move"));
                    if !probe.is_over() {
                        let _ = game.legal_moves(&probe);
                    }
                }
                let m = *cached.choose(&mut rng).expect("a move");
                game.play_unchecked(&mut s, m);
                plies += 1;
            }
        }
        assert!(decisions > games * 20, "{decisions} decisions");
        set_turn_cache(true);
    }

    #[test]
    fn backgammon_moves_are_the_same_with_the_turn_cache() {
        cached_is_uncached("traditional/backgammon", 20, 45);
    }

    #[test]
    fn tabula_moves_are_the_same_with_the_turn_cache() {
        cached_is_uncached("traditional/tabula", 20, 46);
    }
}
