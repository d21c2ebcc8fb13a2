//! Games written by hand, as yardsticks for the interpreter (benchmark-only
//! code, not part of the product). Each plays the same game as a shipped
//! ruleset; tests in `tests/tests/perft.rs` check their perft counts equal.

pub mod breakthrough;
pub mod seega;

use rand::Rng;

/// What perft and playouts need of a game written by hand.
pub trait Position: Clone {
    type Move: Copy;
    fn start() -> Self;
    /// The legal moves, into `out` (cleared first): none once the game is over.
    fn moves(&self, out: &mut Vec<Self::Move>);
    fn play(&mut self, m: Self::Move);
    /// Whether the game has capture chains at all (else perft counts the last level in bulk).
    const CHAINS: bool = false;
    /// Whether the last decision left a piece capturing on (part of one move).
    fn continuing(&self) -> bool {
        false
    }
}

/// The number of move sequences of `depth` moves from `p`; as the
/// interpreter's perft, the decisions of a capture chain are one move.
pub fn perft<P: Position>(p: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    p.moves(&mut moves);
    if depth == 1 && !P::CHAINS {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = p.clone();
            next.play(m);
            perft(&next, if next.continuing() { depth } else { depth - 1 })
        })
        .sum()
}

/// Plays uniformly random moves from the start to the end; returns how many.
pub fn random_playout<P: Position>(rng: &mut impl Rng, buf: &mut Vec<P::Move>) -> u32 {
    let mut p = P::start();
    let mut n = 0;
    loop {
        p.moves(buf);
        if buf.is_empty() {
            return n;
        }
        p.play(buf[rng.random_range(0..buf.len())]);
        n += 1;
    }
}
