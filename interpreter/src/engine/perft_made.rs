//! Perft that makes every move, the last level's too (issue 48): what an
//! engine does that counts no level without playing it (RBG's perft driver
//! plays each leaf). The same count as [`Game::perft`], which counts the last
//! level without making its moves where it can; this one times move
//! generation and making alike, for a like-for-like comparison.

use super::perft::mid_move;
use crate::moves::Move;
use crate::program::Game;
use crate::state::{Pending, State};

/// A move buffer and a state for one level of the search, made when first needed.
type Level = Option<(Vec<Move>, State)>;

impl Game {
    /// The number of legal move sequences of `depth` moves from `state`,
    /// each made to its end (see [`Game::perft`] for what a move is).
    pub fn perft_making_every_move(&self, state: &State, depth: u32) -> u64 {
        let mut levels: Vec<Level> = Vec::new();
        self.made_at(state, depth, false, 0, &mut levels)
    }

    /// The count below `s`, `depth` moves deep; `completing`: `s` follows a
    /// decision whose move may not be complete yet (its further choices
    /// count as part of it).
    fn made_at(&self, s: &State, depth: u32, completing: bool, level: usize, levels: &mut Vec<Level>) -> u64 {
        let completing = completing && mid_move(s);
        if !completing && depth == 0 {
            return 1;
        }
        // A huff (or not) is part of the turn it begins, as a move's further choices are.
        let (below, below_completing) = match (completing, s.pending == Pending::Huff) {
            (true, _) => (depth, true),
            (false, true) => (depth, false),
            (false, false) => (depth - 1, true),
        };
        if levels.len() <= level {
            levels.resize_with(level + 1, || None);
        }
        let (mut moves, mut next) = levels[level].take().unwrap_or_else(|| (Vec::new(), s.clone()));
        self.legal_moves_into(s, &mut moves);
        let mut total = 0;
        for &m in &moves {
            next.clone_from(s);
            self.play_unchecked(&mut next, m);
            total += self.made_at(&next, below, below_completing, level + 1, levels);
        }
        levels[level] = Some((moves, next));
        total
    }
}

#[cfg(test)]
mod tests {
    use crate::{Options, shipped};

    /// The count made move by move equals the one counted (published counts).
    #[test]
    fn making_every_move_counts_what_perft_counts() {
        for (name, depth) in [
            ("classic/tic-tac-toe", 4),
            ("traditional/english-draughts", 5),
            ("traditional/nine-mens-morris", 4),
            ("traditional/fanorona", 2),
        ] {
            let game = shipped::game(name, &Options::new()).expect(name);
            let s = game.initial_state();
            assert_eq!(game.perft_making_every_move(&s, depth), game.perft(&s, depth), "{name} {depth}");
        }
    }
}
