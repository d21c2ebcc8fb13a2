//! Counting move sequences: `perft(depth)` is the number of legal move
//! sequences of that length (a game that ends earlier adds none). Published
//! counts for classic games check the move generator and the end of the game.

use crate::game::Game;
use crate::m::Move;
use crate::state::State;

impl Game {
    /// The number of legal move sequences of `depth` moves from `state`.
    pub fn perft(&self, state: &State, depth: u32) -> u64 {
        let mut moves: Vec<Vec<Move>> = (0..depth).map(|_| Vec::new()).collect();
        let mut states: Vec<State> = (0..depth).map(|_| state.clone()).collect();
        self.perft_at(state, depth as usize, &mut moves, &mut states)
    }

    /// The counts below each legal move, for finding where two generators differ.
    pub fn perft_divide(&self, state: &State, depth: u32) -> Vec<(Move, u64)> {
        let mut next = state.clone();
        self.legal_moves(state)
            .into_iter()
            .map(|m| {
                next.clone_from(state);
                self.play_unchecked(&mut next, m);
                (m, self.perft(&next, depth.saturating_sub(1)))
            })
            .collect()
    }

    fn perft_at(&self, s: &State, depth: usize, moves: &mut [Vec<Move>], states: &mut [State]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (buf, deeper_moves) = moves.split_first_mut().expect("a buffer per level");
        self.legal_moves_into(s, buf);
        if depth == 1 {
            return buf.len() as u64;
        }
        let (next, deeper_states) = states.split_first_mut().expect("a state per level");
        let mut total = 0;
        for &m in buf.iter() {
            next.clone_from(s);
            self.play_unchecked(next, m);
            total += self.perft_at(next, depth - 1, deeper_moves, deeper_states);
        }
        total
    }
}
