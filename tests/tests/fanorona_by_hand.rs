//! Fanorona written by hand, sharing no code with the engine: a 9 x 5 array
//! of points, steps along the rows, the columns and the diagonals of the
//! strong points, capture by approach and by withdrawal of the unbroken line
//! of enemy stones (the player choosing where one step could do both),
//! compulsory capture, and the capturing chain that may stop at will, never
//! comes back to a point of its turn and never moves twice running in one
//! direction. Its perft from the start (a whole turn one move, each way of
//! completing a chain one) and seeded random games (the legal decisions at
//! every ply, the board after each) must agree with the ruleset
//! traditional/fanorona at its default options.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, State};
use tabula_tests::shipped_game;

const COLS: i32 = 9;
const ROWS: i32 = 5;
const EMPTY: u8 = 0;

/// A point, as (column, row) from a1.
type Pt = (i32, i32);

/// The eight directions, (columns, rows).
const DIRS: [Pt; 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

fn name((c, r): Pt) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

fn on_board((c, r): Pt) -> bool {
    (0..COLS).contains(&c) && (0..ROWS).contains(&r)
}

/// The point next to `p` along `d`, if a line joins them: rows and columns
/// everywhere, diagonals only through the strong points (column + row even).
fn next(p: Pt, d: Pt) -> Option<Pt> {
    let q = (p.0 + d.0, p.1 + d.1);
    let diagonal = d.0 != 0 && d.1 != 0;
    (on_board(q) && (!diagonal || (p.0 + p.1) % 2 == 0)).then_some(q)
}

fn back(d: Pt) -> Pt {
    (-d.0, -d.1)
}

/// One decision: a step (with the capture it makes: 'A', 'W' or none), or a stop.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Decision {
    Step { from: Pt, to: Pt, d: Pt, how: Option<char> },
    Stop,
}

impl Decision {
    fn text(self) -> String {
        match self {
            Decision::Step { from, to, how: None, .. } => format!("{}-{}", name(from), name(to)),
            Decision::Step { from, to, how: Some(h), .. } => format!("{}-{}/{h}", name(from), name(to)),
            Decision::Stop => "stop".into(),
        }
    }
}

/// A chain going on: its stone, the direction it last moved in, the points of its turn.
#[derive(Clone)]
struct Chain {
    at: Pt,
    d: Pt,
    visited: Vec<Pt>,
}

#[derive(Clone)]
struct Position {
    /// `board[col][row]`: 0 empty, 1 White, 2 Black.
    board: [[u8; ROWS as usize]; COLS as usize],
    side: u8,
    chain: Option<Chain>,
    winner: Option<u8>,
}

impl Position {
    fn start() -> Position {
        // Rows 1 and 2 White's, 4 and 5 Black's.
        let mut board = [[1, 1, EMPTY, 2, 2]; COLS as usize];
        // The middle row: Black, White, Black, White, empty, Black, White, Black, White.
        for (c, &p) in [2, 1, 2, 1, 0, 2, 1, 2, 1].iter().enumerate() {
            board[c][2] = p;
        }
        Position { board, side: 1, chain: None, winner: None }
    }

    fn at(&self, (c, r): Pt) -> u8 {
        self.board[c as usize][r as usize]
    }

    fn set(&mut self, (c, r): Pt, v: u8) {
        self.board[c as usize][r as usize] = v;
    }

    fn enemy(&self, p: Option<Pt>) -> bool {
        p.is_some_and(|p| self.at(p) != EMPTY && self.at(p) != self.side)
    }

    /// The enemy stones an approach ('A') or a withdrawal ('W') of the step
    /// `from` -> `to` along `d` takes: the unbroken line from the first.
    fn taken(&self, from: Pt, to: Pt, d: Pt, how: char) -> Vec<Pt> {
        let (mut at, way) = match how {
            'A' => (next(to, d), d),
            _ => (next(from, back(d)), back(d)),
        };
        let mut line = Vec::new();
        while self.enemy(at) {
            let p = at.unwrap();
            line.push(p);
            at = next(p, way);
        }
        line
    }

    /// The steps of the stone on `from` (not along `not_dir`, not onto `avoid`)
    /// that capture, one per way of capturing.
    fn captures_from(&self, from: Pt, not_dir: Option<Pt>, avoid: &[Pt]) -> Vec<Decision> {
        let mut out = Vec::new();
        for d in DIRS {
            let Some(to) = next(from, d) else { continue };
            if Some(d) == not_dir || self.at(to) != EMPTY || avoid.contains(&to) {
                continue;
            }
            for how in ['A', 'W'] {
                if !self.taken(from, to, d, how).is_empty() {
                    out.push(Decision::Step { from, to, d, how: Some(how) });
                }
            }
        }
        out
    }

    fn own_stones(&self) -> Vec<Pt> {
        let mut out = Vec::new();
        for c in 0..COLS {
            for r in 0..ROWS {
                if self.at((c, r)) == self.side {
                    out.push((c, r));
                }
            }
        }
        out
    }

    /// The legal decisions: in a chain, its captures and `stop`; else every
    /// capture, or where there is none, every step (a paika).
    fn decisions(&self) -> Vec<Decision> {
        if self.winner.is_some() {
            return Vec::new();
        }
        if let Some(chain) = &self.chain {
            let mut out = self.captures_from(chain.at, Some(chain.d), &chain.visited);
            out.push(Decision::Stop);
            return out;
        }
        let captures: Vec<Decision> =
            self.own_stones().into_iter().flat_map(|p| self.captures_from(p, None, &[])).collect();
        if !captures.is_empty() {
            return captures;
        }
        let mut paika = Vec::new();
        for from in self.own_stones() {
            for d in DIRS {
                if let Some(to) = next(from, d).filter(|&to| self.at(to) == EMPTY) {
                    paika.push(Decision::Step { from, to, d, how: None });
                }
            }
        }
        paika
    }

    fn end_turn(&mut self) {
        self.chain = None;
        self.side = 3 - self.side;
        if self.decisions().is_empty() {
            self.winner = Some(3 - self.side);
        }
    }

    fn play(&mut self, dec: Decision) {
        let Decision::Step { from, to, d, how } = dec else {
            return self.end_turn();
        };
        let taken = how.map(|h| self.taken(from, to, d, h)).unwrap_or_default();
        self.set(to, self.side);
        self.set(from, EMPTY);
        taken.iter().for_each(|&p| self.set(p, EMPTY));
        if taken.is_empty() {
            return self.end_turn();
        }
        let enemy = 3 - self.side;
        if !(0..COLS).any(|c| (0..ROWS).any(|r| self.at((c, r)) == enemy)) {
            self.winner = Some(self.side);
            return;
        }
        let mut visited = self.chain.take().map_or_else(|| vec![from], |c| c.visited);
        visited.push(to);
        if self.captures_from(to, Some(d), &visited).is_empty() {
            return self.end_turn();
        }
        self.chain = Some(Chain { at: to, d, visited });
    }

    /// Each way a turn begun here can end, as the position it leaves.
    fn turn_ends(&self, out: &mut Vec<Position>) {
        for dec in self.decisions() {
            let mut next = self.clone();
            next.play(dec);
            if next.chain.is_some() && next.winner.is_none() {
                next.turn_ends(out);
            } else {
                out.push(next);
            }
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut ends = Vec::new();
        self.turn_ends(&mut ends);
        if depth == 1 {
            return ends.len() as u64;
        }
        ends.iter().map(|p| p.perft(depth - 1)).sum()
    }
}

/// The engine's board and end agree with the board by hand, point by point.
fn agrees(game: &Game, s: &State, p: &Position, at: &str) {
    for c in 0..COLS {
        for r in 0..ROWS {
            let f = game.board().field(&name((c, r))).unwrap();
            let want = s.top(f).map_or(EMPTY, |piece| piece.owner + 1);
            assert_eq!(p.at((c, r)), want, "{} {at}", name((c, r)));
        }
    }
    assert_eq!(s.is_over(), p.winner.is_some(), "over, {at}");
    if let (Some(w), Some(o)) = (p.winner, s.outcome()) {
        assert_eq!(o.winner(), Some(w - 1), "winner, {at}");
    }
}

#[test]
fn fanorona_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    let game = shipped_game("traditional/fanorona");
    let start = Position::start();
    agrees(&game, &game.initial_state(), &start, "the start");
    for depth in 1..=4 {
        assert_eq!(start.perft(depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
}

/// Seeded random games on both, compared at every ply (the legal decisions
/// and the board) and two turns deep at every 20th, to the end or 300 plies.
#[test]
fn fanorona_random_games_agree_with_the_game_by_hand() {
    let game = shipped_game("traditional/fanorona");
    let (mut withdrawals, mut approaches, mut both, mut stops, mut ended) = (0, 0, 0, 0, 0);
    for seed in 0..16 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let mut by_hand = Position::start();
        while !state.is_over() && state.ply() < 300 {
            let at = format!("seed {seed}, ply {}", state.ply());
            agrees(&game, &state, &by_hand, &at);
            if state.ply().is_multiple_of(20) && by_hand.chain.is_none() {
                assert_eq!(game.perft(&state, 2), by_hand.perft(2), "perft 2, {at}");
            }
            let legal = game.legal_moves(&state);
            let mut texts = game.move_texts(&legal);
            let decisions = by_hand.decisions();
            let mut expected: Vec<String> = decisions.iter().map(|d| d.text()).collect();
            texts.sort();
            expected.sort();
            assert_eq!(texts, expected, "legal decisions, {at}");
            withdrawals += expected.iter().filter(|t| t.ends_with("/W")).count();
            approaches += expected.iter().filter(|t| t.ends_with("/A")).count();
            both += expected.iter().filter(|t| t.ends_with("/A") && expected.contains(&t.replace("/A", "/W"))).count();
            stops += usize::from(expected.iter().any(|t| t == "stop"));
            let m = *legal.choose(&mut rng).expect("a move");
            let text = game.move_text(m);
            let dec = decisions.into_iter().find(|d| d.text() == text).expect("the same decision by hand");
            state = game.play(state, m).expect("legal");
            by_hand.play(dec);
        }
        agrees(&game, &state, &by_hand, &format!("seed {seed}, the end"));
        ended += usize::from(by_hand.winner.is_some());
    }
    assert!(withdrawals > 0 && approaches > 0 && both > 0 && stops > 0, "{withdrawals} {approaches} {both} {stops}");
    assert!(ended > 0, "no random game ended");
}
