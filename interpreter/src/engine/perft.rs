//! Counting move sequences: `perft(depth)` is the number of legal move
//! sequences of that length (a game that ends earlier adds none). Published
//! counts for classic games check the move generator and the end of the game.
//!
//! A move is complete when it leaves no choice of the same move to make: a
//! stack to capture after a line was made (`CaptureChosen`) and the further
//! jumps of a capture chain (`Continue`: a chain of decisions in Tabula) are
//! part of the move that began them, as published counts have it; each way
//! of completing a move counts as one.

use crate::moves::Move;
use crate::program::Game;
use crate::state::{Pending, State};

impl Game {
    /// The number of legal move sequences of `depth` moves from `state`.
    pub fn perft(&self, state: &State, depth: u32) -> u64 {
        let (mut moves, mut states) = buffers(state, depth);
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
                let (mut moves, mut states) = buffers(&next, depth);
                (m, self.complete_then_count(&next, depth.saturating_sub(1) as usize, &mut moves, &mut states))
            })
            .collect()
    }

    fn perft_at(&self, s: &State, depth: usize, moves: &mut [Vec<Move>], states: &mut [State]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if s.pending == Pending::Huff {
            // A huff (or not) is part of the turn it begins: each way counts as one.
            return self.sum_over_moves(s, |next| self.perft_at(next, depth, moves, states));
        }
        let last = depth == 1 && !self.may_leave_a_choice(s);
        if let (true, Some(n)) = (last, self.count_moves(s)) {
            // Counted without being made; none is a pass.
            return u64::from(n.max(1));
        }
        let (buf, deeper_moves) = moves.split_first_mut().expect("a buffer per level");
        self.legal_moves_into(s, buf);
        if last {
            return buf.len() as u64;
        }
        let (next, deeper_states) = states.split_first_mut().expect("a state per level");
        let mut total = 0;
        for &m in buf.iter() {
            next.clone_from(s);
            self.play_unchecked(next, m);
            total += self.complete_then_count(next, depth - 1, deeper_moves, deeper_states);
        }
        total
    }

    /// `perft_at(s, depth)` once the move that led to `s` is complete: each
    /// way of completing it counts as one.
    fn complete_then_count(&self, s: &State, depth: usize, moves: &mut [Vec<Move>], states: &mut [State]) -> u64 {
        if !mid_move(s) {
            return self.perft_at(s, depth, moves, states);
        }
        self.sum_over_moves(s, |next| self.complete_then_count(next, depth, moves, states))
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

    /// Whether a move in `s` may leave a choice of the same move to make.
    fn may_leave_a_choice(&self, s: &State) -> bool {
        self.phases[usize::from(s.phase)].rules.iter().any(|r| r.choice().is_some() || r.continues.is_some())
    }
}

/// Whether the decision that led to `s` leaves its mover a choice that completes the move.
fn mid_move(s: &State) -> bool {
    matches!(s.pending, Pending::Capture { .. }) || s.continuing.is_some()
}

/// A move buffer and a state per level of a search `depth` deep.
fn buffers(state: &State, depth: u32) -> (Vec<Vec<Move>>, Vec<State>) {
    ((0..depth).map(|_| Vec::new()).collect(), (0..depth).map(|_| state.clone()).collect())
}
