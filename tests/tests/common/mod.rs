//! Code shared by the tests that play a game written by hand beside the
//! engine (`mod common;`): the seeded random games they play.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, Move, State};

/// Plays a random game of `game` from its start, each move chosen by a
/// ChaCha8 generator seeded with `seed`, until the game is over or has
/// `max_plies` plies. `each(before, legal, chosen, after)` sees every move:
/// the state before it, the legal moves there, the one chosen and the state
/// after it. Returns the last state.
pub fn random_game(
    game: &Game,
    seed: u64,
    max_plies: u32,
    mut each: impl FnMut(&State, &[Move], Move, &State),
) -> State {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    while !state.is_over() && state.ply() < max_plies {
        let legal = game.legal_moves(&state);
        let &m = legal.choose(&mut rng).expect("a move while the game goes on");
        let next = game.play(state.clone(), m).expect("a legal move");
        each(&state, &legal, m, &next);
        state = next;
    }
    state
}
