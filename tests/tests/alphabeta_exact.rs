//! Alpha-beta checked against exact solvers written here, sharing no code
//! with the engine: Tic-Tac-Toe as nine cells and its eight lines, Connect
//! Four as a 7 x 6 array with its own drop and four-in-a-row test.
//!
//! - Tic-Tac-Toe: from every reachable position not over, the move
//!   alpha-beta chooses at full depth keeps the game-theoretic value (a won
//!   position stays won, a drawn one drawn), by a plain minimax over all
//!   positions; and the value it finds is that value.
//! - Connect Four: on positions a few moves from the end, alpha-beta's value
//!   (won, drawn or lost for the side to move) equals a negamax solver's:
//!   boards filled by seeded random play without a four until few cells are
//!   empty (searched to the end), and positions a few plies before the end
//!   of seeded random games (searched to a horizon: won within it, lost
//!   within it, or neither).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use tabula::agents::AlphaBetaAgent;
use tabula::{Game, Move, State};
use tabula_tests::shipped_game;

/// The cells of a board as (column, row) per field, and the engine's move that puts a piece on each.
fn coords(game: &Game) -> Vec<(usize, usize)> {
    let b = game.board();
    b.fields()
        .map(|f| {
            let (c, r) = b.coord(f).expect("a grid");
            (c as usize, r as usize)
        })
        .collect()
}

/// The engine's state as a grid `cells[col][row]`: 0 empty, 1 first player, 2 second.
fn grid(game: &Game, s: &State, cols: usize, rows: usize) -> Vec<Vec<u8>> {
    let mut cells = vec![vec![0u8; rows]; cols];
    for (f, (c, r)) in game.board().fields().zip(coords(game)) {
        if let Some(p) = s.top(f) {
            cells[c][r] = p.owner + 1;
        }
    }
    cells
}

// ---------- Tic-Tac-Toe ----------

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn ttt_cells(game: &Game, s: &State) -> [u8; 9] {
    let g = grid(game, s, 3, 3);
    std::array::from_fn(|i| g[i % 3][i / 3])
}

fn ttt_winner(b: &[u8; 9]) -> u8 {
    LINES.iter().find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]).map_or(0, |l| b[l[0]])
}

/// The value for the player to move (1 won, 0 drawn, -1 lost), by plain minimax, memoised.
fn ttt_value(b: &[u8; 9], memo: &mut HashMap<[u8; 9], i32>) -> i32 {
    if let Some(&v) = memo.get(b) {
        return v;
    }
    let filled = b.iter().filter(|&&c| c != 0).count();
    let me = if filled % 2 == 0 { 1 } else { 2 };
    let v = if ttt_winner(b) != 0 {
        -1 // the player who just moved made a line
    } else if filled == 9 {
        0
    } else {
        (0..9)
            .filter(|&i| b[i] == 0)
            .map(|i| {
                let mut next = *b;
                next[i] = me;
                -ttt_value(&next, memo)
            })
            .max()
            .expect("an empty cell")
    };
    memo.insert(*b, v);
    v
}

#[test]
fn tic_tac_toe_alphabeta_keeps_the_value_from_every_position() {
    let game = shipped_game("classic/tic-tac-toe");
    let mut memo = HashMap::new();
    let mut agent = AlphaBetaAgent::new(&game, tabula::agents::Limit::Depth(9));
    // Every reachable position not over, once each.
    let mut seen = HashMap::new();
    let mut todo = vec![game.initial_state()];
    let mut checked = 0;
    while let Some(s) = todo.pop() {
        let cells = ttt_cells(&game, &s);
        if s.is_over() || seen.insert(cells, ()).is_some() {
            continue;
        }
        assert!(ttt_winner(&cells) == 0 && cells.contains(&0), "the engine goes on after the end");
        let value = ttt_value(&cells, &mut memo);
        let (found, chosen) = agent.search_to(&game, &s, 9);
        assert_eq!(AlphaBetaAgent::outcome_value(found, true), Some(value), "value of {cells:?}");
        let chosen: Move = chosen.expect("a move");
        let after = game.play(s.clone(), chosen).expect("legal");
        let kept = -ttt_value(&ttt_cells(&game, &after), &mut memo);
        assert_eq!(kept, value, "{cells:?}: the move chosen gives the value away");
        checked += 1;
        for m in game.legal_moves(&s) {
            todo.push(game.play(s.clone(), m).expect("legal"));
        }
    }
    // 5478 positions, of which 958 are over.
    assert_eq!(checked, 4520);
}

// ---------- Connect Four ----------

const COLS: usize = 7;
const ROWS: usize = 6;

/// A Connect Four board: `cells[col]` bottom up, 1 or 2, and whose turn (1 or 2).
#[derive(Clone)]
struct Four {
    cells: [[u8; ROWS]; COLS],
    heights: [usize; COLS],
    to_move: u8,
}

impl Four {
    fn new() -> Four {
        Four { cells: [[0; ROWS]; COLS], heights: [0; COLS], to_move: 1 }
    }

    fn drop(&mut self, col: usize) {
        self.cells[col][self.heights[col]] = self.to_move;
        self.heights[col] += 1;
        self.to_move = 3 - self.to_move;
    }

    fn undo(&mut self, col: usize) {
        self.heights[col] -= 1;
        self.cells[col][self.heights[col]] = 0;
        self.to_move = 3 - self.to_move;
    }

    /// Whether the disc on top of `col` makes four in a row.
    fn four_through(&self, col: usize) -> bool {
        let row = self.heights[col] - 1;
        let who = self.cells[col][row];
        [(1i32, 0i32), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let run = |sign: i32| {
                (1..4)
                    .take_while(|k| {
                        let (c, r) = (col as i32 + sign * k * dc, row as i32 + sign * k * dr);
                        (0..COLS as i32).contains(&c)
                            && (0..ROWS as i32).contains(&r)
                            && self.cells[c as usize][r as usize] == who
                    })
                    .count()
            };
            1 + run(1) + run(-1) >= 4
        })
    }

    fn empty(&self) -> usize {
        COLS * ROWS - self.heights.iter().sum::<usize>()
    }

    /// Negamax for the player to move, `depth` drops deep: 1 a win, -1 a
    /// loss, 0 a draw (the board full), `None` undecided within the depth.
    /// The caller has checked that the last drop made no four.
    fn solve(&mut self, depth: usize) -> Option<i32> {
        if self.empty() == 0 {
            return Some(0);
        }
        if depth == 0 {
            return None;
        }
        let open: Vec<usize> = (0..COLS).filter(|&c| self.heights[c] < ROWS).collect();
        for &c in &open {
            self.drop(c);
            let won = self.four_through(c);
            self.undo(c);
            if won {
                return Some(1);
            }
        }
        // No win at once: the best of the replies' values, undecided if any is.
        let mut best = Some(-1);
        for &c in &open {
            self.drop(c);
            let v = self.solve(depth - 1).map(|v| -v);
            self.undo(c);
            match v {
                Some(1) => return Some(1),
                Some(v) => best = best.map(|b| b.max(v)),
                None => best = None,
            }
        }
        best
    }
}

/// Plays a drop in `col` in the engine: the legal move whose disc lands in that column.
fn play_column(game: &Game, s: &State, col: usize) -> State {
    let before = grid(game, s, COLS, ROWS);
    game.legal_moves(s)
        .into_iter()
        .map(|m| game.play(s.clone(), m).expect("legal"))
        .find(|next| {
            let after = grid(game, next, COLS, ROWS);
            (0..COLS).find(|&c| after[c] != before[c]) == Some(col)
        })
        .expect("a drop in the column")
}

/// The engine's board as a [`Four`], with rows counted from where discs fall.
fn four_of(game: &Game, s: &State, bottom_is_zero: bool) -> Four {
    let g = grid(game, s, COLS, ROWS);
    let mut f = Four::new();
    for (c, col) in g.iter().enumerate() {
        for r in 0..ROWS {
            let cell = if bottom_is_zero { col[r] } else { col[ROWS - 1 - r] };
            f.cells[c][r] = cell;
            if cell != 0 {
                f.heights[c] = r + 1;
            }
        }
    }
    let filled = COLS * ROWS - f.empty();
    f.to_move = if filled.is_multiple_of(2) { 1 } else { 2 };
    assert_eq!(s.to_move() + 1, f.to_move, "whose turn");
    f
}

/// Compares alpha-beta's value of `s` searched `depth` plies with the
/// solver's (`to_end`: the depth reaches the full board).
fn compare(game: &Game, agent: &mut AlphaBetaAgent, s: &State, four: &mut Four, depth: usize, to_end: bool) -> i32 {
    let want = four.solve(depth);
    let (value, _) = agent.search_to(game, s, depth as u8);
    let got = AlphaBetaAgent::outcome_value(value, to_end);
    assert_eq!(got, want, "depth {depth}, board {:?}", four.cells);
    want.unwrap_or(2)
}

#[test]
fn connect_four_alphabeta_values_agree_with_a_solver() {
    let game = shipped_game("classic/connect-four");
    let mut agent = AlphaBetaAgent::new(&game, tabula::agents::Limit::Depth(1));
    let start = game.initial_state();
    let probe = play_column(&game, &start, 0);
    let bottom_is_zero = grid(&game, &probe, COLS, ROWS)[0][0] != 0;
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let mut kinds = HashMap::new();
    // Boards filled without a four until 8 to 11 cells are empty, searched to the end.
    let mut near_full = 0;
    while near_full < 100 {
        let (mut s, mut four) = (start.clone(), Four::new());
        let target = rng.random_range(8..=11);
        let mut stuck = false;
        while four.empty() > target && !stuck {
            let open: Vec<usize> = (0..COLS).filter(|&c| four.heights[c] < ROWS).collect();
            let safe: Vec<usize> = open
                .into_iter()
                .filter(|&c| {
                    four.drop(c);
                    let won = four.four_through(c);
                    four.undo(c);
                    !won
                })
                .collect();
            if safe.is_empty() {
                stuck = true;
                continue;
            }
            let c = safe[rng.random_range(0..safe.len())];
            four.drop(c);
            s = play_column(&game, &s, c);
        }
        if stuck || s.is_over() {
            continue;
        }
        let mut mine = four_of(&game, &s, bottom_is_zero);
        assert_eq!(mine.cells, four.cells, "the engine's board");
        let empty = mine.empty();
        *kinds.entry(("full", compare(&game, &mut agent, &s, &mut mine, empty, true))).or_insert(0) += 1;
        near_full += 1;
    }
    // Positions 2 to 5 plies before the end of random games, to a horizon of 6.
    let mut before_end = 0;
    while before_end < 100 {
        let (mut s, mut four, mut line) = (start.clone(), Four::new(), Vec::new());
        while !s.is_over() {
            let open: Vec<usize> = (0..COLS).filter(|&c| four.heights[c] < ROWS).collect();
            let c = open[rng.random_range(0..open.len())];
            line.push(s.clone());
            four.drop(c);
            s = play_column(&game, &s, c);
        }
        let back = rng.random_range(2..=5).min(line.len());
        let s = &line[line.len() - back];
        let mut mine = four_of(&game, s, bottom_is_zero);
        let horizon = 6.min(mine.empty());
        let to_end = horizon == mine.empty();
        *kinds.entry(("horizon", compare(&game, &mut agent, s, &mut mine, horizon, to_end))).or_insert(0) += 1;
        before_end += 1;
    }
    // The sets hold wins, losses and (near the full board) draws.
    for kind in [("full", 1), ("full", 0), ("full", -1), ("horizon", 1), ("horizon", 2)] {
        assert!(kinds.get(&kind).copied().unwrap_or(0) > 0, "no {kind:?} among {kinds:?}");
    }
}
