//! Brandubh written by hand, sharing no code with the engine: a 7 x 7 array,
//! rook moves, custodian capture against hostile corners and the empty
//! throne, the king captured by two away from the throne and by four on or
//! next to it (the ruleset's default options). Its move counts from the start
//! and along random games must equal the engine's.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula_tests::shipped_game;

const N: usize = 7;
const EMPTY: u8 = 0;
const ATTACKER: u8 = 1;
const DEFENDER: u8 = 2;
const KING: u8 = 3;
const THRONE: (usize, usize) = (3, 3);
const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// `board[col][row]`, row 0 at the bottom (a1 is `[0][0]`); side 0 attacks.
#[derive(Clone)]
struct Position {
    board: [[u8; N]; N],
    side: u8,
    over: bool,
}

fn side_of(piece: u8) -> Option<u8> {
    match piece {
        ATTACKER => Some(0),
        DEFENDER | KING => Some(1),
        _ => None,
    }
}

fn is_corner((c, r): (usize, usize)) -> bool {
    (c == 0 || c == N - 1) && (r == 0 || r == N - 1)
}

fn step((c, r): (usize, usize), (dc, dr): (isize, isize)) -> Option<(usize, usize)> {
    let (c, r) = (c as isize + dc, r as isize + dr);
    ((0..N as isize).contains(&c) && (0..N as isize).contains(&r)).then_some((c as usize, r as usize))
}

fn near_throne((c, r): (usize, usize)) -> bool {
    c.abs_diff(THRONE.0) + r.abs_diff(THRONE.1) <= 1
}

impl Position {
    fn start() -> Position {
        let mut board = [[EMPTY; N]; N];
        for (c, r) in [(3, 0), (3, 1), (3, 5), (3, 6), (0, 3), (1, 3), (5, 3), (6, 3)] {
            board[c][r] = ATTACKER;
        }
        for (c, r) in [(3, 2), (3, 4), (2, 3), (4, 3)] {
            board[c][r] = DEFENDER;
        }
        board[3][3] = KING;
        Position { board, side: 0, over: false }
    }

    fn at(&self, (c, r): (usize, usize)) -> u8 {
        self.board[c][r]
    }

    /// Whether `sq` closes an enclosure of a piece of `victim_side`: a piece of
    /// the other side, or an empty corner or throne.
    fn hostile(&self, sq: (usize, usize), victim_side: u8) -> bool {
        match side_of(self.at(sq)) {
            Some(s) => s != victim_side,
            None => is_corner(sq) || sq == THRONE,
        }
    }

    fn moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        for c in 0..N {
            for r in 0..N {
                let piece = self.board[c][r];
                if side_of(piece) != Some(self.side) {
                    continue;
                }
                for d in DIRS {
                    let mut at = (c, r);
                    while let Some(next) = step(at, d) {
                        if self.at(next) != EMPTY {
                            break;
                        }
                        at = next;
                        if piece == KING || (!is_corner(at) && at != THRONE) {
                            out.push(((c, r), at));
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, from: (usize, usize), to: (usize, usize)) {
        let piece = self.at(from);
        self.board[from.0][from.1] = EMPTY;
        self.board[to.0][to.1] = piece;
        let me = self.side;
        for d in DIRS {
            let Some(victim) = step(to, d) else { continue };
            let v = self.at(victim);
            if side_of(v) != Some(1 - me) {
                continue;
            }
            let captured = if v == KING && near_throne(victim) {
                DIRS.iter().all(|&e| step(victim, e).is_some_and(|sq| self.hostile(sq, 1)))
            } else {
                step(victim, d).is_some_and(|far| self.hostile(far, 1 - me))
            };
            if captured {
                self.board[victim.0][victim.1] = EMPTY;
                if v == KING {
                    self.over = true;
                }
            }
        }
        if piece == KING && is_corner(to) {
            self.over = true;
        }
        self.side = 1 - me;
        if !self.over && self.moves().is_empty() {
            self.over = true; // no legal move: the player to move loses
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

#[test]
fn brandubh_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    let game = shipped_game("traditional/brandubh");
    let start = Position::start();
    for depth in 1..=3 {
        assert_eq!(start.perft(depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
}

/// Along seeded random games, at every tenth ply: the same counts two plies
/// deep (captures against corners and the throne, the king's capture, the end).
#[test]
fn brandubh_by_hand_counts_the_same_as_the_ruleset_along_random_games() {
    let game = shipped_game("traditional/brandubh");
    let mut compared = 0;
    let mut king_gone = 0;
    for seed in 0..30 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        while !state.is_over() && state.ply() < 300 {
            if state.ply().is_multiple_of(10) {
                let mut board = [[EMPTY; N]; N];
                for f in game.board().fields() {
                    let name = game.board().name(f).as_bytes();
                    let (c, r) = (usize::from(name[0] - b'a'), usize::from(name[1] - b'1'));
                    board[c][r] = match state.top(f) {
                        None => EMPTY,
                        Some(p) if p.owner == 0 => ATTACKER,
                        Some(p) if game.kinds()[usize::from(p.kind)].name == "King" => KING,
                        Some(_) => DEFENDER,
                    };
                }
                let by_hand = Position { board, side: state.to_move(), over: false };
                assert_eq!(by_hand.perft(2), game.perft(&state, 2), "seed {seed}, ply {}", state.ply());
                compared += 1;
            }
            let m = *game.legal_moves(&state).choose(&mut rng).expect("a move");
            state = game.play(&state, m).expect("legal");
        }
        king_gone += u32::from(state.outcome().is_some_and(|o| o.winner() == Some(0)));
    }
    assert!(compared >= 100, "compared only {compared} positions");
    assert!(king_gone > 0, "no random game ended with the king captured");
}
