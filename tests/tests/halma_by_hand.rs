//! Halma written by hand, sharing no code with the engine: a 16 x 16 array,
//! steps in eight directions, chains of hops over any piece found by a
//! depth-first search that never lands twice on a square in one chain (the
//! start included), each chain and each point where it may stop one move,
//! and the win by all of a player's pieces in the opposite camp (the
//! rulesets' default, `win: AllIn`); for two players (traditional/halma) and
//! four (traditional/halma-four). Its move counts from the start and along
//! random games must equal the engine's.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula_tests::shipped_game;

const N: usize = 16;

/// A square, as (column, row) from a1.
type Square = (usize, usize);
/// A complete move: where the piece starts and where it ends.
type Move = (Square, Square);
const DIRS: [(isize, isize); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The two games: the number of players and player 1's camp, by its rows
/// from the corner.
#[derive(Clone, Copy)]
struct Rules {
    players: u8,
    rows: &'static [usize],
}

const TWO: Rules = Rules { players: 2, rows: &[5, 5, 4, 3, 2] };
const FOUR: Rules = Rules { players: 4, rows: &[4, 4, 3, 2] };

/// A square turned a quarter clockwise (as drawn) about the board's centre.
fn quarter((c, r): (usize, usize)) -> (usize, usize) {
    (r, N - 1 - c)
}

impl Rules {
    /// Player `p`'s camp (1-based), as (column, row) from a1: player 1's in
    /// the corner a1, the others' turned half a turn (two players) or a
    /// quarter more for each next player (four).
    fn camp(self, p: u8) -> Vec<(usize, usize)> {
        let turns = usize::from(p - 1) * 4 / usize::from(self.players);
        let corner = self.rows.iter().enumerate().flat_map(|(r, &len)| (0..len).map(move |c| (c, r)));
        corner
            .map(|mut f| {
                for _ in 0..turns {
                    f = quarter(f);
                }
                f
            })
            .collect()
    }

    /// The camp player `p` races to: the one across the board.
    fn goal(self, p: u8) -> Vec<(usize, usize)> {
        self.camp((p - 1 + self.players / 2) % self.players + 1)
    }
}

/// `board[col][row]`: 0 empty, else the player (1-based).
#[derive(Clone)]
struct Position {
    rules: Rules,
    board: [[u8; N]; N],
    side: u8,
    over: bool,
}

impl Position {
    fn start(rules: Rules) -> Position {
        let mut board = [[0; N]; N];
        for p in 1..=rules.players {
            for (c, r) in rules.camp(p) {
                board[c][r] = p;
            }
        }
        Position { rules, board, side: 1, over: false }
    }

    fn next_side(&self) -> u8 {
        self.side % self.rules.players + 1
    }

    fn step(&self, (c, r): (usize, usize), (dc, dr): (isize, isize)) -> Option<(usize, usize)> {
        let (c, r) = (c.checked_add_signed(dc)?, r.checked_add_signed(dr)?);
        (c < N && r < N).then_some((c, r))
    }

    fn at(&self, (c, r): (usize, usize)) -> u8 {
        self.board[c][r]
    }

    /// Every complete move of the side to move, as (from, to): a step, or
    /// each chain of hops (a move for every square a chain may stop on, once
    /// for each way of getting there).
    fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for c in 0..N {
            for r in 0..N {
                if self.board[c][r] != self.side {
                    continue;
                }
                let from = (c, r);
                for d in DIRS {
                    if let Some(to) = self.step(from, d).filter(|&to| self.at(to) == 0) {
                        out.push((from, to));
                    }
                }
                let mut lifted = self.clone();
                lifted.board[c][r] = 0;
                let mut visited = vec![from];
                lifted.hops(from, from, &mut visited, &mut out);
            }
        }
        out
    }

    /// The chains of hops on from `at` (the piece lifted off the board).
    fn hops(&self, from: (usize, usize), at: (usize, usize), visited: &mut Vec<(usize, usize)>, out: &mut Vec<Move>) {
        for d in DIRS {
            let Some(over) = self.step(at, d).filter(|&o| self.at(o) != 0) else { continue };
            let Some(to) = self.step(over, d).filter(|&t| self.at(t) == 0 && !visited.contains(&t)) else {
                continue;
            };
            out.push((from, to));
            // A hop that fills the camp ends the game, and the chain with it.
            let mut there = self.clone();
            there.board[to.0][to.1] = self.side;
            if there.won() {
                continue;
            }
            visited.push(to);
            self.hops(from, to, visited, out);
            visited.pop();
        }
    }

    /// All of the side's pieces stand in the opposite camp.
    fn won(&self) -> bool {
        self.rules.goal(self.side).into_iter().all(|f| self.at(f) == self.side)
    }

    fn play(&mut self, from: (usize, usize), to: (usize, usize)) {
        self.board[from.0][from.1] = 0;
        self.board[to.0][to.1] = self.side;
        self.over = self.won();
        self.side = self.next_side();
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
        }
        let moves = self.moves();
        if moves.is_empty() {
            // A player with no move passes.
            let mut next = self.clone();
            next.side = next.next_side();
            return next.perft(depth - 1);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(from, to)| {
                let mut next = self.clone();
                next.play(from, to);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn from_the_start(name: &str, rules: Rules) {
    let game = shipped_game(name);
    let start = Position::start(rules);
    for depth in 1..=3 {
        assert_eq!(start.perft(depth), game.perft(&game.initial_state(), depth), "{name} depth {depth}");
    }
}

/// Along seeded random games, at every twentieth decision where no chain is
/// going on: the same counts two moves deep (chains among crowds of pieces).
fn along_random_games(name: &str, rules: Rules) {
    let game = shipped_game(name);
    let mut compared = 0;
    for seed in 0..4 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        while !state.is_over() && state.ply() < 200 {
            if state.ply().is_multiple_of(20) && state.continuing().is_none() {
                let mut board = [[0; N]; N];
                for f in game.board().fields() {
                    let name = game.board().name(f).as_bytes();
                    let c = usize::from(name[0] - b'a');
                    let r: usize = std::str::from_utf8(&name[1..]).expect("a row").parse().expect("a row");
                    board[c][r - 1] = state.top(f).map_or(0, |p| p.owner + 1);
                }
                let by_hand = Position { rules, board, side: state.to_move() + 1, over: false };
                assert_eq!(by_hand.perft(2), game.perft(&state, 2), "{name} seed {seed}, ply {}", state.ply());
                compared += 1;
            }
            let legal = game.legal_moves(&state);
            let m = *legal.choose(&mut rng).expect("a move");
            state = game.play(state, m).expect("legal");
        }
    }
    assert!(compared >= 12, "{name}: compared only {compared} positions");
}

#[test]
fn halma_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    from_the_start("traditional/halma", TWO);
}

#[test]
fn halma_by_hand_counts_the_same_as_the_ruleset_along_random_games() {
    along_random_games("traditional/halma", TWO);
}

#[test]
fn halma_for_four_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    from_the_start("traditional/halma-four", FOUR);
}

#[test]
fn halma_for_four_by_hand_counts_the_same_as_the_ruleset_along_random_games() {
    along_random_games("traditional/halma-four", FOUR);
}
