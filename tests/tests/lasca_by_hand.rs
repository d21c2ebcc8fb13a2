//! Lasca written by hand, sharing no code with the engine: a 7 x 7 array of
//! columns (bottom first), soldiers stepping and jumping diagonally forward,
//! officers both ways, the jumped column's top piece put under the captor,
//! compulsory capture, a chain going on while it can and never over one
//! column twice, a soldier crowned on the far row (by a capture: the move
//! ends), a player without a move losing. A whole chain is one move, as the
//! engine's perft counts it. Its counts from the start and along random games
//! must equal the engine's (the ruleset's default options).

use rand::{SeedableRng, seq::IndexedRandom};
use tabula_tests::shipped_game;

const N: usize = 7;
const ALL: [(isize, isize); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A piece: its owner (0 White, 1 Black) and whether it is an officer.
type Piece = (u8, bool);

/// `board[col][row]`, row 0 at the bottom (a1 is `[0][0]`); each a column, bottom first.
#[derive(Clone, PartialEq)]
struct Position {
    board: Vec<Vec<Vec<Piece>>>,
    side: u8,
}

type Square = (usize, usize);

impl Position {
    fn start() -> Position {
        let mut board = vec![vec![Vec::new(); N]; N];
        for (c, column) in board.iter_mut().enumerate() {
            for (r, square) in column.iter_mut().enumerate() {
                if (c + r) % 2 == 0 && r != 3 {
                    square.push((u8::from(r > 3), false));
                }
            }
        }
        Position { board, side: 0 }
    }

    fn top(&self, (c, r): Square) -> Option<Piece> {
        self.board[c][r].last().copied()
    }

    fn step(&self, (c, r): Square, (dc, dr): (isize, isize)) -> Option<Square> {
        let (c, r) = (c.checked_add_signed(dc)?, r.checked_add_signed(dr)?);
        (c < N && r < N).then_some((c, r))
    }

    /// The directions the column on `sq` moves in: forward for a soldier on top.
    fn dirs(&self, sq: Square) -> Vec<(isize, isize)> {
        let (owner, officer) = self.top(sq).expect("a column");
        let forward = if owner == 0 { 1 } else { -1 };
        ALL.into_iter().filter(|&(_, dr)| officer || dr == forward).collect()
    }

    /// The jumps of the column on `from`, over columns not in `jumped`.
    fn jumps(&self, from: Square, jumped: &[Square]) -> Vec<(Square, Square)> {
        let mut out = Vec::new();
        for d in self.dirs(from) {
            let Some(over) = self.step(from, d) else { continue };
            let Some(to) = self.step(over, d) else { continue };
            let enemy = self.top(over).is_some_and(|p| p.0 != self.side);
            if enemy && !jumped.contains(&over) && self.board[to.0][to.1].is_empty() {
                out.push((over, to));
            }
        }
        out
    }

    fn far_row(&self, (_, r): Square) -> bool {
        r == if self.side == 0 { N - 1 } else { 0 }
    }

    /// The column on `from` to `to`: crowned where a soldier on top reaches
    /// the far row. Whether it was crowned.
    fn carry(&mut self, from: Square, to: Square) -> bool {
        let column = std::mem::take(&mut self.board[from.0][from.1]);
        self.board[to.0][to.1] = column;
        let far = self.far_row(to);
        let top = self.board[to.0][to.1].last_mut().expect("a column");
        let crowned = far && !top.1;
        top.1 |= far;
        crowned
    }

    /// Every whole move (a step, or a whole chain of jumps), as the positions
    /// it ends in, one per way of making it; the side to move changed.
    fn moves(&self) -> Vec<Position> {
        let mut out = Vec::new();
        let mut any_jump = false;
        for c in 0..N {
            for r in 0..N {
                if self.top((c, r)).is_some_and(|p| p.0 == self.side) && !self.jumps((c, r), &[]).is_empty() {
                    any_jump = true;
                    self.chains(&mut out, (c, r), &mut Vec::new());
                }
            }
        }
        if !any_jump {
            for c in 0..N {
                for r in 0..N {
                    if self.top((c, r)).is_none_or(|p| p.0 != self.side) {
                        continue;
                    }
                    for d in self.dirs((c, r)) {
                        if let Some(to) = self.step((c, r), d).filter(|t| self.board[t.0][t.1].is_empty()) {
                            let mut next = self.clone();
                            next.carry((c, r), to);
                            next.side = 1 - next.side;
                            out.push(next);
                        }
                    }
                }
            }
        }
        out
    }

    /// The chains of the column on `from`, having jumped `jumped` this move.
    fn chains(&self, out: &mut Vec<Position>, from: Square, jumped: &mut Vec<Square>) {
        for (over, to) in self.jumps(from, jumped) {
            let mut next = self.clone();
            let prisoner = next.board[over.0][over.1].pop().expect("a column jumped");
            let crowned = next.carry(from, to);
            next.board[to.0][to.1].insert(0, prisoner);
            jumped.push(over);
            if !crowned && !next.jumps(to, jumped).is_empty() {
                next.chains(out, to, jumped);
            } else {
                next.side = 1 - next.side;
                out.push(next);
            }
            jumped.pop();
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| m.perft(depth - 1)).sum()
    }

    /// The position of an engine state, between whole moves.
    fn of(game: &tabula::Game, state: &tabula::State) -> Position {
        let mut board = vec![vec![Vec::new(); N]; N];
        for f in game.board().fields() {
            let name = game.board().name(f).as_bytes();
            let (c, r) = (usize::from(name[0] - b'a'), usize::from(name[1] - b'1'));
            board[c][r] =
                state.stack(f).iter().map(|p| (p.owner, game.kinds()[usize::from(p.kind)].name == "Officer")).collect();
        }
        Position { board, side: state.to_move() }
    }
}

#[test]
fn lasca_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    let game = shipped_game("traditional/lasca");
    let start = Position::start();
    assert!(Position::of(&game, &game.initial_state()) == start, "the same start");
    for depth in 1..=8 {
        assert_eq!(start.perft(depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
}

/// Along seeded random games, at every fifth ply between whole moves: the
/// same counts two plies deep (columns, prisoners freed, officers, chains).
#[test]
fn lasca_by_hand_counts_the_same_as_the_ruleset_along_random_games() {
    let game = shipped_game("traditional/lasca");
    let (mut compared, mut tall, mut freed) = (0, 0, 0);
    for seed in 0..20 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        while !state.is_over() && state.ply() < 200 {
            if state.ply().is_multiple_of(5) && state.continuing().is_none() {
                let by_hand = Position::of(&game, &state);
                assert_eq!(by_hand.perft(2), game.perft(&state, 2), "seed {seed}, ply {}", state.ply());
                compared += 1;
                // Columns of three or more, and columns whose top is not their bottom's owner's.
                let columns = by_hand.board.iter().flatten();
                tall += columns.clone().filter(|c| c.len() >= 3).count();
                freed += columns.filter(|c| c.len() >= 2 && c[0].0 != c[c.len() - 1].0).count();
            }
            let legal = game.legal_moves(&state);
            let m = *legal.choose(&mut rng).expect("a move");
            state = game.play(state, m).expect("legal");
        }
    }
    assert!(compared >= 100, "compared only {compared} positions");
    assert!(tall > 0 && freed > 0, "random games made no tall or mixed columns ({tall}, {freed})");
}
