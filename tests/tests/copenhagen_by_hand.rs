//! Copenhagen Hnefatafl written by hand, sharing no code with the engine: an
//! 11 x 11 array, rook moves, the custodian capture against hostile corners
//! and the throne, the shield wall along the edge (the king spared), the king
//! taken on four sides or three and the empty throne, and the ends: a corner,
//! the king taken, the exit fort (the ruleset's default reading, `Sealed`),
//! the ring, the third repetition of a position, no move. Its perft from the
//! start and seeded random games must agree with the ruleset: the legal moves
//! at every ply, the board after each move, the end and its winner.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, State};
use tabula_tests::shipped_game;

const N: usize = 11;
const EMPTY: u8 = 0;
const ATTACKER: u8 = 1;
const DEFENDER: u8 = 2;
const KING: u8 = 3;
const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const THRONE: (usize, usize) = (5, 5);

type Sq = (usize, usize);

/// How a game by hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Corner,
    KingTaken,
    Fort,
    Ring,
    Repetition,
    NoMove,
}

impl End {
    /// The winner, 0 the attackers.
    fn winner(self, side_to_move: u8) -> u8 {
        match self {
            End::Corner | End::Fort => 1,
            End::KingTaken | End::Ring | End::Repetition => 0,
            End::NoMove => 1 - side_to_move,
        }
    }
}

#[derive(Clone)]
struct Position {
    /// `board[col][row]`, a1 is `[0][0]`.
    board: [[u8; N]; N],
    /// 0: the attackers to move.
    side: u8,
    end: Option<End>,
    /// Every position so far with the side that made it (the start: made by the defenders).
    history: Vec<([[u8; N]; N], u8)>,
}

fn side_of(piece: u8) -> Option<u8> {
    match piece {
        ATTACKER => Some(0),
        DEFENDER | KING => Some(1),
        _ => None,
    }
}

fn is_corner((c, r): Sq) -> bool {
    (c == 0 || c == N - 1) && (r == 0 || r == N - 1)
}

fn on_edge((c, r): Sq) -> bool {
    c == 0 || c == N - 1 || r == 0 || r == N - 1
}

fn step((c, r): Sq, (dc, dr): (isize, isize)) -> Option<Sq> {
    let (c, r) = (c as isize + dc, r as isize + dr);
    ((0..N as isize).contains(&c) && (0..N as isize).contains(&r)).then_some((c as usize, r as usize))
}

/// The direction into the board from an edge field that is not a corner.
fn inward((c, r): Sq) -> (isize, isize) {
    if r == 0 {
        (0, 1)
    } else if r == N - 1 {
        (0, -1)
    } else if c == 0 {
        (1, 0)
    } else {
        (-1, 0)
    }
}

fn name((c, r): Sq) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Position {
    fn start() -> Position {
        let mut board = [[EMPTY; N]; N];
        for i in 3..=7 {
            for sq in [(i, 0), (i, 10), (0, i), (10, i)] {
                board[sq.0][sq.1] = ATTACKER;
            }
        }
        for sq in [(5, 1), (5, 9), (1, 5), (9, 5)] {
            board[sq.0][sq.1] = ATTACKER;
        }
        for sq in [(5, 3), (4, 4), (5, 4), (6, 4), (3, 5), (4, 5), (6, 5), (7, 5), (4, 6), (5, 6), (6, 6), (5, 7)] {
            board[sq.0][sq.1] = DEFENDER;
        }
        board[5][5] = KING;
        Position { board, side: 0, end: None, history: vec![(board, 1)] }
    }

    fn at(&self, (c, r): Sq) -> u8 {
        self.board[c][r]
    }

    fn set(&mut self, (c, r): Sq, piece: u8) {
        self.board[c][r] = piece;
    }

    /// Whether `sq` closes a trap on a piece of `victim`'s side: a piece of
    /// the other side, an empty corner, or the empty throne.
    fn hostile(&self, sq: Sq, victim: u8) -> bool {
        match side_of(self.at(sq)) {
            Some(s) => s != victim,
            None => is_corner(sq) || sq == THRONE,
        }
    }

    fn moves(&self) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        if self.end.is_some() {
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

    /// The pieces a shield wall from `to` along `d` takes (the king stays).
    fn shield_wall(&self, to: Sq, d: (isize, isize), me: u8) -> Vec<Sq> {
        let mut row = Vec::new();
        let mut at = step(to, d);
        while let Some(sq) = at {
            let fronted = !is_corner(sq)
                && on_edge(sq)
                && side_of(self.at(sq)) == Some(1 - me)
                && step(sq, inward(sq)).is_some_and(|f| side_of(self.at(f)) == Some(me));
            if !fronted {
                break;
            }
            row.push(sq);
            at = step(sq, d);
        }
        let closed = at.is_some_and(|sq| is_corner(sq) || side_of(self.at(sq)) == Some(me));
        if row.is_empty() || !closed {
            return Vec::new();
        }
        row.retain(|&sq| self.at(sq) != KING);
        row
    }

    fn play(&mut self, from: Sq, to: Sq) {
        let piece = self.at(from);
        self.set(from, EMPTY);
        self.set(to, piece);
        let me = self.side;
        // Custodian captures of soldiers.
        for d in DIRS {
            let Some(victim) = step(to, d) else { continue };
            if self.at(victim) == EMPTY || self.at(victim) == KING || side_of(self.at(victim)) == Some(me) {
                continue;
            }
            if step(victim, d).is_some_and(|far| self.hostile(far, 1 - me)) {
                self.set(victim, EMPTY);
            }
        }
        // Shield walls, from a move to the edge.
        if on_edge(to) {
            for d in DIRS {
                for sq in self.shield_wall(to, d, me) {
                    self.set(sq, EMPTY);
                }
            }
        }
        // The king, by a soldier of the attackers: four sides, the empty throne counting.
        if me == 0 {
            for d in DIRS {
                let Some(victim) = step(to, d) else { continue };
                if self.at(victim) == KING
                    && DIRS.iter().all(|&e| step(victim, e).is_some_and(|sq| self.hostile(sq, 1)))
                {
                    self.set(victim, EMPTY);
                }
            }
        }
        let king = self.king();
        let repeated = self.history.iter().filter(|&&(b, s)| b == self.board && s == me).count() >= 2;
        self.end = if king.is_some_and(is_corner) {
            Some(End::Corner)
        } else if king.is_none() {
            Some(End::KingTaken)
        } else if me == 1 && self.fort() {
            Some(End::Fort)
        } else if me == 0 && self.ringed() {
            Some(End::Ring)
        } else if repeated {
            Some(End::Repetition)
        } else {
            None
        };
        if self.end.is_none() {
            self.history.push((self.board, me));
        }
        self.side = 1 - me;
        if self.end.is_none() && self.moves().is_empty() {
            self.end = Some(End::NoMove);
        }
    }

    fn king(&self) -> Option<Sq> {
        (0..N).flat_map(|c| (0..N).map(move |r| (c, r))).find(|&sq| self.at(sq) == KING)
    }

    /// The fields reachable from `starts` through fields where `pass` holds (the starts included).
    fn flood(&self, starts: Vec<Sq>, pass: impl Fn(Sq) -> bool) -> Vec<Sq> {
        let mut seen = [[false; N]; N];
        for &(c, r) in &starts {
            seen[c][r] = true;
        }
        let mut todo = starts;
        let mut out = Vec::new();
        while let Some(sq) = todo.pop() {
            out.push(sq);
            for d in DIRS {
                if let Some(n) = step(sq, d)
                    && !seen[n.0][n.1]
                    && pass(n)
                {
                    seen[n.0][n.1] = true;
                    todo.push(n);
                }
            }
        }
        out
    }

    /// No defender and not the king can reach the edge through fields without an attacker.
    fn ringed(&self) -> bool {
        let defenders: Vec<Sq> =
            (0..N).flat_map(|c| (0..N).map(move |r| (c, r))).filter(|&sq| side_of(self.at(sq)) == Some(1)).collect();
        !self.flood(defenders, |sq| self.at(sq) != ATTACKER).into_iter().any(on_edge)
    }

    /// The exit fort as the option `Sealed` reads it: the king on the edge,
    /// able to move, and no attacker next to the fields he reaches through empty ones.
    fn fort(&self) -> bool {
        let Some(king) = self.king() else { return false };
        if !on_edge(king) {
            return false;
        }
        let inside = self.flood(vec![king], |sq| self.at(sq) == EMPTY);
        inside.len() > 1
            && !inside.iter().any(|&y| DIRS.iter().any(|&d| step(y, d).is_some_and(|x| self.at(x) == ATTACKER)))
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

/// The engine's board agrees with the board by hand, square by square.
fn agrees(game: &Game, s: &State, p: &Position, at: &str) {
    for c in 0..N {
        for r in 0..N {
            let f = game.board().field(&name((c, r))).unwrap();
            let want = match s.top(f) {
                None => EMPTY,
                Some(piece) if piece.owner == 0 => ATTACKER,
                Some(piece) if game.kinds()[usize::from(piece.kind)].name == "King" => KING,
                Some(_) => DEFENDER,
            };
            assert_eq!(p.at((c, r)), want, "{} {at}", name((c, r)));
        }
    }
    assert_eq!(s.is_over(), p.end.is_some(), "over, {at}");
    if let (Some(end), Some(o)) = (p.end, s.outcome()) {
        assert_eq!(o.winner(), Some(end.winner(p.side)), "winner ({end:?}), {at}");
    }
}

#[test]
fn copenhagen_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    let game = shipped_game("traditional/copenhagen-hnefatafl");
    let start = Position::start();
    for depth in 1..=3 {
        assert_eq!(start.perft(depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
}

/// Seeded random games on both, compared at every ply (the legal moves and
/// the board) and two plies deep at every 25th, to the end or 400 plies. Half
/// the games keep the king from winning while he can help it. The ends random
/// play seldom reaches (the king taken, the ring, the fort, no move) are set
/// up by hand below.
#[test]
fn copenhagen_random_games_agree_with_the_game_by_hand() {
    let game = shipped_game("traditional/copenhagen-hnefatafl");
    let mut ends = Vec::new();
    let mut walls = 0;
    for seed in 0..24 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let mut by_hand = Position::start();
        while !state.is_over() && state.ply() < 400 {
            let at = format!("seed {seed}, ply {}", state.ply());
            agrees(&game, &state, &by_hand, &at);
            if state.ply().is_multiple_of(25) {
                assert_eq!(game.perft(&state, 2), by_hand.perft(2), "perft 2, {at}");
            }
            let legal = game.legal_moves(&state);
            let text = |(from, to): (Sq, Sq)| format!("{}-{}", name(from), name(to));
            let mut texts: Vec<String> = legal.iter().map(|&m| game.move_text(m)).collect();
            let mut expected: Vec<String> = by_hand.moves().into_iter().map(text).collect();
            texts.sort();
            expected.sort();
            assert_eq!(texts, expected, "legal moves, {at}");
            let stays: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    seed % 2 == 0
                        || game.play(state.clone(), m).expect("legal").outcome().is_none_or(|o| o.winner() != Some(1))
                })
                .collect();
            let m = *stays.choose(&mut rng).or_else(|| legal.choose(&mut rng)).expect("a move");
            let (from, to) = by_hand.moves().into_iter().find(|&h| text(h) == game.move_text(m)).unwrap();
            let mut plain = by_hand.clone();
            plain.set(from, EMPTY);
            plain.set(to, by_hand.at(from));
            let wall = on_edge(to) && DIRS.iter().any(|&d| by_hand_wall(&plain, to, d, by_hand.side) >= 2);
            walls += usize::from(wall);
            state = game.play(state, m).expect("legal");
            by_hand.play(from, to);
        }
        agrees(&game, &state, &by_hand, &format!("seed {seed}, the end"));
        ends.push(by_hand.end);
    }
    assert!(ends.contains(&Some(End::Corner)), "no random game ended on a corner: {ends:?}");
    assert!(walls > 0, "no random move took a shield wall of two");
}

/// How many pieces a shield wall from `to` along `d` takes on `p` (the piece already moved).
fn by_hand_wall(p: &Position, to: Sq, d: (isize, isize), me: u8) -> usize {
    p.shield_wall(to, d, me).len()
}

/// A position set up by hand (its pieces), the side to move, a move and the end it makes by hand.
type Case = (&'static [(&'static str, u8)], u8, &'static str, Option<End>);

/// Positions set up by hand for the ends random games seldom reach: the
/// same end, and the same legal moves, on both.
#[test]
fn copenhagen_ends_agree_with_the_game_by_hand() {
    let game = shipped_game("traditional/copenhagen-hnefatafl");
    // (position text's board, side to move, the move, the end by hand)
    let cases: [Case; 7] = [
        // The king next to the throne, taken on the three other sides.
        (
            &[("f5", KING), ("e5", ATTACKER), ("g5", ATTACKER), ("f2", ATTACKER), ("j9", DEFENDER)],
            0,
            "f2-f4",
            Some(End::KingTaken),
        ),
        // A ring: the attackers close the last gap round the king and his two men.
        (
            &[
                ("f6", KING),
                ("f7", DEFENDER),
                ("g6", DEFENDER),
                ("e6", ATTACKER),
                ("e7", ATTACKER),
                ("f8", ATTACKER),
                ("g7", ATTACKER),
                ("h6", ATTACKER),
                ("g5", ATTACKER),
                ("f2", ATTACKER),
            ],
            0,
            "f2-f5",
            Some(End::Ring),
        ),
        // The same ring with a gap left: play goes on.
        (
            &[
                ("f6", KING),
                ("f7", DEFENDER),
                ("g6", DEFENDER),
                ("e6", ATTACKER),
                ("e7", ATTACKER),
                ("f8", ATTACKER),
                ("g7", ATTACKER),
                ("h6", ATTACKER),
                ("g5", ATTACKER),
                ("f2", ATTACKER),
            ],
            0,
            "f2-f4",
            None,
        ),
        // An exit fort on the south edge (the rules' first example).
        (
            &[
                ("e1", KING),
                ("d1", DEFENDER),
                ("e2", DEFENDER),
                ("g1", DEFENDER),
                ("f3", DEFENDER),
                ("a6", ATTACKER),
                ("j9", ATTACKER),
            ],
            1,
            "f3-f2",
            Some(End::Fort),
        ),
        // The same with an attacker next to the king's inside: no fort.
        (
            &[
                ("e1", KING),
                ("d1", DEFENDER),
                ("e2", DEFENDER),
                ("h1", ATTACKER),
                ("f3", DEFENDER),
                ("a6", ATTACKER),
                ("j9", ATTACKER),
            ],
            1,
            "f3-f2",
            None,
        ),
        // No move left for the defenders after the attackers' move.
        (&[("c1", KING), ("b1", ATTACKER), ("d1", ATTACKER), ("c5", ATTACKER)], 0, "c5-c2", Some(End::NoMove)),
        // A shield wall of two on the west edge, the king spared.
        (
            &[
                ("a4", DEFENDER),
                ("a5", KING),
                ("a6", DEFENDER),
                ("b4", ATTACKER),
                ("b5", ATTACKER),
                ("b6", ATTACKER),
                ("a3", ATTACKER),
                ("c7", ATTACKER),
                ("j9", DEFENDER),
            ],
            0,
            "c7-a7",
            None,
        ),
    ];
    for (i, (pieces, side, mv, end)) in cases.into_iter().enumerate() {
        let mut by_hand = Position { board: [[EMPTY; N]; N], side, end: None, history: Vec::new() };
        let mut text = String::from("Position(to_move: ");
        text.push_str(&format!("{}, board: {{", side + 1));
        for &(sq, piece) in pieces {
            let b = sq.as_bytes();
            let at = (usize::from(b[0] - b'a'), sq[1..].parse::<usize>().unwrap() - 1);
            by_hand.set(at, piece);
            let letter = match piece {
                ATTACKER => "S",
                DEFENDER => "s",
                _ => "k",
            };
            text.push_str(&format!("\"{sq}\": \"{letter}\", "));
        }
        text.push_str("})");
        by_hand.history.push((by_hand.board, 1 - side));
        let state = game.position_from_str(&text, "case").unwrap_or_else(|e| panic!("case {i}: {e}"));
        let at = format!("case {i}");
        agrees(&game, &state, &by_hand, &at);
        let m = *game.legal_moves(&state).iter().find(|&&m| game.move_text(m) == mv).expect("the move is legal");
        let (from, to) = by_hand.moves().into_iter().find(|&(f, t)| format!("{}-{}", name(f), name(t)) == mv).unwrap();
        let state = game.play(state, m).expect("legal");
        by_hand.play(from, to);
        agrees(&game, &state, &by_hand, &at);
        assert_eq!(by_hand.end, end, "{at}");
    }
}
