//! Brandubh and Tablut written by hand, sharing no code with the engine: a
//! square array, rook moves, custodian capture against the empty throne (and
//! in Brandubh the hostile corners), the king captured by four (Tablut
//! everywhere; Brandubh on or next to the throne, by two elsewhere), the king
//! escaping to a corner (Brandubh) or to the edge (Tablut): the rulesets'
//! default options. Their move counts from the start and along random games
//! must equal the engine's.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula_tests::shipped_game;

const MAX: usize = 9;
const EMPTY: u8 = 0;
const ATTACKER: u8 = 1;
const DEFENDER: u8 = 2;
const KING: u8 = 3;
const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// Fields as (column, row), 0-based from a1.
type Fields = &'static [(usize, usize)];

/// What differs between the two games.
#[derive(Clone, Copy)]
struct Rules {
    n: usize,
    /// Brandubh: corners are hostile, only the king stops there, and he
    /// escapes to them; otherwise (Tablut) he escapes to any edge point.
    corners: bool,
    /// Tablut: the king is captured by four wherever he stands.
    four_everywhere: bool,
}

const BRANDUBH: Rules = Rules { n: 7, corners: true, four_everywhere: false };
const TABLUT: Rules = Rules { n: 9, corners: false, four_everywhere: true };

/// `board[col][row]`, row 0 at the bottom (a1 is `[0][0]`); side 0 attacks.
#[derive(Clone)]
struct Position {
    rules: Rules,
    board: [[u8; MAX]; MAX],
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

impl Position {
    /// The start: the king on the throne, defenders around him, attackers
    /// in the middle of each edge (fields as in the rulesets).
    fn start(rules: Rules) -> Position {
        let (attackers, defenders): (Fields, Fields) = if rules.n == 7 {
            (&[(3, 0), (3, 1), (3, 5), (3, 6), (0, 3), (1, 3), (5, 3), (6, 3)], &[(3, 2), (3, 4), (2, 3), (4, 3)])
        } else {
            (
                &[
                    (0, 3),
                    (0, 4),
                    (0, 5),
                    (1, 4),
                    (8, 3),
                    (8, 4),
                    (8, 5),
                    (7, 4),
                    (3, 0),
                    (4, 0),
                    (5, 0),
                    (4, 1),
                    (3, 8),
                    (4, 8),
                    (5, 8),
                    (4, 7),
                ],
                &[(4, 2), (4, 3), (4, 5), (4, 6), (2, 4), (3, 4), (5, 4), (6, 4)],
            )
        };
        let mut board = [[EMPTY; MAX]; MAX];
        for &(c, r) in attackers {
            board[c][r] = ATTACKER;
        }
        for &(c, r) in defenders {
            board[c][r] = DEFENDER;
        }
        let t = rules.n / 2;
        board[t][t] = KING;
        Position { rules, board, side: 0, over: false }
    }

    fn throne(&self) -> (usize, usize) {
        (self.rules.n / 2, self.rules.n / 2)
    }

    fn is_corner(&self, (c, r): (usize, usize)) -> bool {
        let last = self.rules.n - 1;
        self.rules.corners && (c == 0 || c == last) && (r == 0 || r == last)
    }

    fn on_edge(&self, (c, r): (usize, usize)) -> bool {
        let last = self.rules.n - 1;
        c == 0 || c == last || r == 0 || r == last
    }

    fn near_throne(&self, (c, r): (usize, usize)) -> bool {
        let t = self.throne();
        c.abs_diff(t.0) + r.abs_diff(t.1) <= 1
    }

    fn step(&self, (c, r): (usize, usize), (dc, dr): (isize, isize)) -> Option<(usize, usize)> {
        let n = self.rules.n as isize;
        let (c, r) = (c as isize + dc, r as isize + dr);
        ((0..n).contains(&c) && (0..n).contains(&r)).then_some((c as usize, r as usize))
    }

    fn at(&self, (c, r): (usize, usize)) -> u8 {
        self.board[c][r]
    }

    /// Whether `sq` closes an enclosure of a piece of `victim_side`: a piece of
    /// the other side, or an empty corner or throne.
    fn hostile(&self, sq: (usize, usize), victim_side: u8) -> bool {
        match side_of(self.at(sq)) {
            Some(s) => s != victim_side,
            None => self.is_corner(sq) || sq == self.throne(),
        }
    }

    fn moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        let n = self.rules.n;
        for c in 0..n {
            for r in 0..n {
                let piece = self.board[c][r];
                if side_of(piece) != Some(self.side) {
                    continue;
                }
                for d in DIRS {
                    let mut at = (c, r);
                    while let Some(next) = self.step(at, d) {
                        if self.at(next) != EMPTY {
                            break;
                        }
                        at = next;
                        if piece == KING || (!self.is_corner(at) && at != self.throne()) {
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
            let Some(victim) = self.step(to, d) else { continue };
            let v = self.at(victim);
            if side_of(v) != Some(1 - me) {
                continue;
            }
            let captured = if v == KING && (self.rules.four_everywhere || self.near_throne(victim)) {
                DIRS.iter().all(|&e| self.step(victim, e).is_some_and(|sq| self.hostile(sq, 1)))
            } else {
                self.step(victim, d).is_some_and(|far| self.hostile(far, 1 - me))
            };
            if captured {
                self.board[victim.0][victim.1] = EMPTY;
                if v == KING {
                    self.over = true;
                }
            }
        }
        let escaped = if self.rules.corners { self.is_corner(to) } else { self.on_edge(to) };
        if piece == KING && escaped {
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

fn from_the_start(name: &str, rules: Rules) {
    let game = shipped_game(name);
    let start = Position::start(rules);
    for depth in 1..=3 {
        assert_eq!(start.perft(depth), game.perft(&game.initial_state(), depth), "{name} depth {depth}");
    }
}

/// Along seeded random games in which the defenders do not win while they
/// can help it, at every tenth ply: the same counts two plies deep (captures
/// against corners and the throne, the king's capture, the end).
fn along_random_games(name: &str, rules: Rules) {
    let game = shipped_game(name);
    let mut compared = 0;
    let mut king_gone = 0;
    for seed in 0..30 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        while !state.is_over() && state.ply() < 300 {
            if state.ply().is_multiple_of(10) {
                let mut board = [[EMPTY; MAX]; MAX];
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
                let by_hand = Position { rules, board, side: state.to_move(), over: false };
                assert_eq!(by_hand.perft(2), game.perft(&state, 2), "{name} seed {seed}, ply {}", state.ply());
                compared += 1;
            }
            // The king does not escape while he can help it (random play lets
            // him out within a few moves in Tablut, so he would never be taken).
            let legal = game.legal_moves(&state);
            let stays: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    let after = game.play(state.clone(), m).expect("legal");
                    after.outcome().is_none_or(|o| o.winner() != Some(1))
                })
                .collect();
            let m = *stays.choose(&mut rng).or_else(|| legal.choose(&mut rng)).expect("a move");
            state = game.play(state, m).expect("legal");
        }
        king_gone += u32::from(state.outcome().is_some_and(|o| o.winner() == Some(0)));
    }
    assert!(compared >= 60, "{name}: compared only {compared} positions");
    assert!(king_gone > 0, "{name}: no random game ended with the king captured");
}

#[test]
fn brandubh_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    from_the_start("traditional/brandubh", BRANDUBH);
}

#[test]
fn brandubh_by_hand_counts_the_same_as_the_ruleset_along_random_games() {
    along_random_games("traditional/brandubh", BRANDUBH);
}

#[test]
fn tablut_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    from_the_start("traditional/tablut", TABLUT);
}

#[test]
fn tablut_by_hand_counts_the_same_as_the_ruleset_along_random_games() {
    along_random_games("traditional/tablut", TABLUT);
}
