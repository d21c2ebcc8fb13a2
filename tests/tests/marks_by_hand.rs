//! The two test rulesets of marks (issue 44) written by hand, sharing no code
//! with the engine: tests/blocks/passing-pawns.ron (pawns that step two from
//! home and are taken in passing) and tests/blocks/chain-points.ron (capture
//! chains that never land on a point visited in the turn nor go on in the
//! direction just jumped). Their move counts from the start and along random
//! games must equal the engine's.

mod common;

use tabula::{Game, Options};
use tabula_tests::workspace;

fn block(name: &str, options: &[(&str, &str)]) -> Game {
    let path = workspace().join(format!("tests/blocks/{name}.ron"));
    let text = std::fs::read_to_string(&path).expect("a test ruleset");
    let mut o = Options::new();
    for (k, v) in options {
        o.set(*k, *v);
    }
    Game::from_source(&text, name, &o).expect("compiles")
}

/// A pawn's move: from, to, and the pawn taken in passing, if any.
type PawnMove = ((usize, usize), (usize, usize), Option<(usize, usize)>);

/// Passing pawns: 4 columns, 5 rows; `board[c][r]`: 0 empty, 1 White, 2 Black.
#[derive(Clone)]
struct Pawns {
    board: [[u8; 5]; 4],
    /// 0 White, 1 Black.
    to_move: u8,
    /// The field the last move passed stepping two, and where that pawn stands.
    passed: Option<((usize, usize), (usize, usize))>,
    over: bool,
}

impl Pawns {
    fn start() -> Pawns {
        let mut board = [[0; 5]; 4];
        for col in &mut board {
            col[0] = 1;
            col[4] = 2;
        }
        Pawns { board, to_move: 0, passed: None, over: false }
    }

    /// Each move as (from, to, taken in passing).
    fn moves(&self) -> Vec<PawnMove> {
        if self.over {
            return Vec::new();
        }
        let me = self.to_move + 1;
        let (fwd, home): (isize, usize) = if me == 1 { (1, 0) } else { (-1, 4) };
        let mut out = Vec::new();
        for c in 0..4 {
            for r in 0..5 {
                if self.board[c][r] != me {
                    continue;
                }
                let r1 = r as isize + fwd;
                if !(0..5).contains(&r1) {
                    continue;
                }
                let r1 = r1 as usize;
                if self.board[c][r1] == 0 {
                    out.push(((c, r), (c, r1), None));
                    let r2 = r1 as isize + fwd;
                    if r == home && (0..5).contains(&r2) && self.board[c][r2 as usize] == 0 {
                        out.push(((c, r), (c, r2 as usize), None));
                    }
                }
                for dc in [-1isize, 1] {
                    let c1 = c as isize + dc;
                    if !(0..4).contains(&c1) {
                        continue;
                    }
                    let to = (c1 as usize, r1);
                    let there = self.board[to.0][to.1];
                    if there != 0 && there != me {
                        out.push(((c, r), to, None));
                    } else if there == 0 && self.passed.is_some_and(|(p, _)| p == to) {
                        out.push(((c, r), to, self.passed.map(|(_, pawn)| pawn)));
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, (from, to, taken): PawnMove) {
        let me = self.board[from.0][from.1];
        self.board[from.0][from.1] = 0;
        self.board[to.0][to.1] = me;
        if let Some(t) = taken {
            self.board[t.0][t.1] = 0;
        }
        self.passed = (from.1.abs_diff(to.1) == 2).then(|| ((from.0, (from.1 + to.1) / 2), to));
        let goal = if me == 1 { 4 } else { 0 };
        self.to_move = 1 - self.to_move;
        self.over = to.1 == goal || self.moves().is_empty();
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn passing_pawns_by_hand_count_the_same_as_the_ruleset_both_ways() {
    for passing in ["Marks", "LastMove"] {
        let game = block("passing-pawns", &[("passing", passing)]);
        for depth in 1..=6 {
            let by_hand = Pawns::start().perft(depth);
            assert_eq!(by_hand, game.perft(&game.initial_state(), depth), "{passing}: depth {depth}");
        }
    }
}

#[test]
fn passing_pawns_by_hand_count_the_same_along_random_games() {
    let game = block("passing-pawns", &[]);
    for seed in 0..30 {
        let mut by_hand = Pawns::start();
        common::random_game(&game, seed, u32::MAX, |state, _, m, _| {
            assert_eq!(by_hand.perft(2), game.perft(state, 2), "seed {seed}, ply {}", state.ply());
            let text = game.move_text(m);
            let (from, to) = text.split_once(['-', 'x']).expect("a board move");
            let field = |t: &str| ((t.as_bytes()[0] - b'a') as usize, t[1..].parse::<usize>().expect("a row") - 1);
            let mine = by_hand.moves().into_iter().find(|&(f, t, _)| f == field(from) && t == field(to));
            by_hand.play(mine.expect("the same move by hand"));
        });
        assert!(by_hand.over, "seed {seed}");
    }
}

const DIRS: [(isize, isize); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Chain points: 5 x 5 with diagonals; `board[c][r]`: 0 empty, 1 White, 2 Black.
#[derive(Clone)]
struct Chains {
    board: [[u8; 5]; 5],
    to_move: u8,
    /// The stone going on with a chain, the direction of its last jump, and
    /// the points the chain visited (bits `c * 5 + r`).
    chain: Option<((usize, usize), usize, u32)>,
    over: bool,
}

/// A move: a step or a jump from a point in a direction, or stopping a chain.
#[derive(Clone, Copy, Debug)]
enum ChainMove {
    Step((usize, usize), usize),
    Jump((usize, usize), usize),
    Stop,
}

impl Chains {
    fn start() -> Chains {
        let mut board = [[0; 5]; 5];
        for col in &mut board {
            (col[0], col[1], col[3], col[4]) = (1, 1, 2, 2);
        }
        Chains { board, to_move: 0, chain: None, over: false }
    }

    fn at(&self, (c, r): (usize, usize), d: usize, n: isize) -> Option<(usize, usize)> {
        let (c, r) = (c as isize + DIRS[d].0 * n, r as isize + DIRS[d].1 * n);
        ((0..5).contains(&c) && (0..5).contains(&r)).then_some((c as usize, r as usize))
    }

    fn jumps_from(&self, from: (usize, usize), visited: u32, not_dir: Option<usize>) -> Vec<ChainMove> {
        let me = self.to_move + 1;
        (0..8)
            .filter(|&d| Some(d) != not_dir)
            .filter(|&d| {
                let (Some(over), Some(to)) = (self.at(from, d, 1), self.at(from, d, 2)) else { return false };
                let enemy = self.board[over.0][over.1];
                enemy != 0 && enemy != me && self.board[to.0][to.1] == 0 && visited & 1 << (to.0 * 5 + to.1) == 0
            })
            .map(|d| ChainMove::Jump(from, d))
            .collect()
    }

    fn moves(&self) -> Vec<ChainMove> {
        if self.over {
            return Vec::new();
        }
        if let Some((from, dir, visited)) = self.chain {
            let mut out = self.jumps_from(from, visited, Some(dir));
            out.push(ChainMove::Stop);
            return out;
        }
        let me = self.to_move + 1;
        let mut out = Vec::new();
        for c in 0..5 {
            for r in 0..5 {
                if self.board[c][r] != me {
                    continue;
                }
                for d in 0..8 {
                    if self.at((c, r), d, 1).is_some_and(|to| self.board[to.0][to.1] == 0) {
                        out.push(ChainMove::Step((c, r), d));
                    }
                }
                out.extend(self.jumps_from((c, r), 0, None));
            }
        }
        out
    }

    fn end_turn(&mut self) {
        self.chain = None;
        self.to_move = 1 - self.to_move;
        self.over = self.moves().is_empty();
    }

    fn play(&mut self, m: ChainMove) {
        match m {
            ChainMove::Stop => self.end_turn(),
            ChainMove::Step(from, d) => {
                let to = self.at(from, d, 1).expect("on the board");
                self.board[to.0][to.1] = self.board[from.0][from.1];
                self.board[from.0][from.1] = 0;
                self.end_turn();
            }
            ChainMove::Jump(from, d) => {
                let (over, to) = (self.at(from, d, 1).expect("over"), self.at(from, d, 2).expect("to"));
                self.board[to.0][to.1] = self.board[from.0][from.1];
                self.board[from.0][from.1] = 0;
                self.board[over.0][over.1] = 0;
                let visited = self.chain.map_or(0, |c| c.2) | 1 << (from.0 * 5 + from.1) | 1 << (to.0 * 5 + to.1);
                if self.jumps_from(to, visited, Some(d)).is_empty() {
                    self.end_turn();
                } else {
                    self.chain = Some((to, d, visited));
                }
            }
        }
    }

    /// The positions after each way of completing the turn in progress (a
    /// chain's jumps and its stop are one move, as perft counts them).
    fn turns(&self, out: &mut Vec<Chains>) {
        for m in self.moves() {
            let mut next = self.clone();
            next.play(m);
            if next.chain.is_some() {
                next.turns(out);
            } else {
                out.push(next);
            }
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut after = Vec::new();
        self.turns(&mut after);
        after.iter().map(|next| next.perft(depth - 1)).sum()
    }
}

#[test]
fn chain_points_by_hand_count_the_same_as_the_ruleset() {
    let game = block("chain-points", &[]);
    for depth in 1..=4 {
        assert_eq!(Chains::start().perft(depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
}

#[test]
fn chain_points_by_hand_count_the_same_along_random_games() {
    let game = block("chain-points", &[]);
    let mut chains_seen = 0;
    for seed in 0..12 {
        let mut by_hand = Chains::start();
        common::random_game(&game, seed, 80, |state, legal, m, _| {
            if by_hand.chain.is_none() {
                assert_eq!(by_hand.perft(2), game.perft(state, 2), "seed {seed}, ply {}", state.ply());
            }
            assert_eq!(by_hand.moves().len(), legal.len(), "seed {seed}, ply {}", state.ply());
            chains_seen += usize::from(by_hand.chain.is_some());
            // The engine's and the hand's moves, in the same order of kinds: pick by text.
            let text = game.move_text(m);
            let mine = by_hand.moves().into_iter().find(|&c| chain_text(c, &by_hand) == text);
            by_hand.play(mine.unwrap_or_else(|| panic!("seed {seed}: {text} by hand")));
        });
    }
    assert!(chains_seen > 20, "chains seen along the games: {chains_seen}");
}

/// A move's text as the engine writes it (`a2-a3`, a jump `a2-a4`, `stop`).
fn chain_text(m: ChainMove, p: &Chains) -> String {
    let name = |(c, r): (usize, usize)| format!("{}{}", (b'a' + c as u8) as char, r + 1);
    match m {
        ChainMove::Stop => "stop".to_string(),
        ChainMove::Step(from, d) => format!("{}-{}", name(from), name(p.at(from, d, 1).expect("to"))),
        ChainMove::Jump(from, d) => format!("{}-{}", name(from), name(p.at(from, d, 2).expect("to"))),
    }
}
