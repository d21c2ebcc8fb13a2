//! Go written by hand, sharing no code with the engine: an n x n array of
//! points, groups and liberties by a flood fill of its own, captures, no
//! suicide, simple ko, a pass, two passes in a row ending the game, area
//! scoring as the Tromp-Taylor rules count it, with 7 points of komi for
//! White. Along seeded random games of `traditional/go` (default options,
//! and the option `size` at 7 and 13, with 19 x 19 games too) the legal
//! moves, the board after each move and the ranking at the end must be the
//! ruleset's.

mod common;

use tabula::{Game, Options, State};
use tabula_tests::shipped_game;

/// 0 empty, 1 Black, 2 White, point `c + n * r`.
type Points = Vec<u8>;

#[derive(Clone)]
struct Go {
    /// Points on a side.
    n: usize,
    points: Points,
    /// 0 or 1: Black or White to move.
    side: u8,
    passes: u8,
    plies: u32,
    over: bool,
    /// The board at the start and after each decision: simple ko.
    boards: Vec<Points>,
}

/// White's komi at the default options.
const KOMI: u32 = 7;

/// The points next to `i` on an n x n board.
fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (c, r) = (i % n, i / n);
    let mut out = Vec::with_capacity(4);
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < n {
        out.push(i + 1);
    }
    if r > 0 {
        out.push(i - n);
    }
    if r + 1 < n {
        out.push(i + n);
    }
    out.into_iter()
}

/// The group of the stone on `i` and whether it has a liberty (a depth-first fill).
fn group(n: usize, points: &Points, i: usize) -> (Vec<usize>, bool) {
    let colour = points[i];
    let mut seen = vec![false; n * n];
    let (mut stack, mut stones, mut free) = (vec![i], Vec::new(), false);
    seen[i] = true;
    while let Some(p) = stack.pop() {
        stones.push(p);
        for q in neighbours(n, p) {
            if points[q] == 0 {
                free = true;
            } else if points[q] == colour && !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    (stones, free)
}

impl Go {
    fn start(n: usize) -> Go {
        Go { n, points: vec![0; n * n], side: 0, passes: 0, plies: 0, over: false, boards: vec![vec![0; n * n]] }
    }

    /// A stone of the side to move on `i`, with its captures; `None` if it is suicide.
    fn placed(&self, i: usize) -> Option<Points> {
        let (me, them) = (self.side + 1, 2 - self.side);
        let n = self.n;
        let mut points = self.points.clone();
        points[i] = me;
        for q in neighbours(n, i) {
            if points[q] == them {
                let (stones, free) = group(n, &points, q);
                if !free {
                    stones.into_iter().for_each(|s| points[s] = 0);
                }
            }
        }
        // Simple ko: not the board after this side's previous decision.
        let ko = self.boards.len() >= 2 && self.boards[self.boards.len() - 2] == points;
        (group(n, &points, i).1 && !ko).then_some(points)
    }

    /// The legal moves: points (as names) and "pass".
    fn moves(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let mut out: Vec<String> = (0..self.n * self.n)
            .filter(|&i| self.points[i] == 0 && self.placed(i).is_some())
            .map(|i| format!("S@{}", name(self.n, i)))
            .collect();
        out.push("pass".into());
        out
    }

    fn play(&mut self, text: &str, max_plies: u32) {
        if text == "pass" {
            self.passes += 1;
        } else {
            let i = (0..self.n * self.n).find(|&i| format!("S@{}", name(self.n, i)) == text).expect("a point");
            self.points = self.placed(i).expect("legal");
            self.passes = 0;
        }
        self.plies += 1;
        self.boards.push(self.points.clone());
        self.side = 1 - self.side;
        self.over = self.passes >= 2 || self.plies >= max_plies;
    }

    /// Tromp-Taylor: stones of one's colour plus the empty points that reach only it.
    fn scores(&self) -> [u32; 2] {
        let n = self.n;
        let mut score = [0u32; 2];
        let mut seen = vec![false; n * n];
        for i in 0..n * n {
            match self.points[i] {
                0 if !seen[i] => {
                    let (mut stack, mut size, mut borders) = (vec![i], 0, [false; 2]);
                    seen[i] = true;
                    while let Some(p) = stack.pop() {
                        size += 1;
                        for q in neighbours(n, p) {
                            match self.points[q] {
                                0 if !seen[q] => {
                                    seen[q] = true;
                                    stack.push(q);
                                }
                                0 => {}
                                c => borders[usize::from(c - 1)] = true,
                            }
                        }
                    }
                    match borders {
                        [true, false] => score[0] += size,
                        [false, true] => score[1] += size,
                        _ => {}
                    }
                }
                0 => {}
                c => score[usize::from(c - 1)] += 1,
            }
        }
        score
    }
}

fn name(n: usize, i: usize) -> String {
    format!("{}{}", (b'a' + (i % n) as u8) as char, i / n + 1)
}

/// The engine's board as points.
fn points_of(game: &Game, n: usize, s: &State) -> Points {
    (0..n * n)
        .map(|i| {
            let f = game.board().field(&name(n, i)).expect("a point of the board");
            s.top(f).map_or(0, |piece| piece.owner + 1)
        })
        .collect()
}

/// `traditional/go` on `size` x `size` points, the other options at their defaults.
fn go_of_size(size: usize) -> Game {
    let mut options = Options::new();
    options.set("size", size.to_string());
    tabula::shipped::game("traditional/go", &options).expect("compiles")
}

/// Plays `games` seeded random games both ways on `size` x `size` points;
/// returns how many positions' legal moves were compared.
fn along_random_games(size: usize, games: u64, compare_moves_every: u32) -> usize {
    let game = if size == 9 { shipped_game("traditional/go") } else { go_of_size(size) };
    let max_plies = game.max_plies();
    let mut positions = 0;
    for seed in 0..games {
        let mut by_hand = Go::start(size);
        let state = common::random_game(&game, seed, u32::MAX, |_, legal, m, after| {
            if by_hand.plies.is_multiple_of(compare_moves_every) {
                let mut texts: Vec<String> = game.move_texts(legal);
                texts.sort();
                let mut want = by_hand.moves();
                want.sort();
                assert_eq!(texts, want, "{size} x {size}, seed {seed}, ply {}", by_hand.plies);
                positions += 1;
            }
            let text = game.move_text(m);
            by_hand.play(&text, max_plies);
            let at = format!("{size} x {size}, seed {seed} after {text} at ply {}", by_hand.plies);
            assert_eq!(points_of(&game, size, after), by_hand.points, "{at}");
            // Now and then the position's text (board, counters, history) reads back as the same state.
            if by_hand.plies.is_multiple_of(97) {
                let again = game.position_from_str(&game.position_to_string(after), "again").expect("reads back");
                assert!(again == *after, "{at}: the position text reads back as another state");
            }
        });
        assert!(by_hand.over, "seed {seed}: the ruleset ended the game at ply {}, by hand not", by_hand.plies);
        let [black, white] = by_hand.scores();
        let white = white + KOMI;
        let outcome = state.outcome().expect("over");
        let at = format!("{size} x {size}, seed {seed}: {black} to {white}");
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => assert_eq!(outcome.winner(), Some(0), "{at}"),
            std::cmp::Ordering::Less => assert_eq!(outcome.winner(), Some(1), "{at}"),
            std::cmp::Ordering::Equal => assert!(outcome.is_draw(), "{at}"),
        }
    }
    positions
}

/// Group capture and liberties (no suicide) move by move along random games.
#[test]
fn go_by_hand_makes_the_same_moves_along_random_games() {
    assert!(along_random_games(9, 12, 1) > 1_000);
}

/// The area scores of 200 finished random games rank the players as the ruleset does.
#[test]
fn go_by_hand_scores_200_random_games_as_the_ruleset_ranks_them() {
    along_random_games(9, 200, 25);
}

/// The option `size`: 7 x 7 and 13 x 13 played and scored by the flood fill
/// written here, 200 games each (the moves compared now and then), and a few
/// 19 x 19 games (361 points: past any 64- or 128-field fast path).
#[test]
fn go_by_hand_plays_and_scores_other_board_sizes_as_the_ruleset() {
    assert!(along_random_games(7, 200, 5) > 2_000);
    assert!(along_random_games(13, 200, 40) > 1_000);
    assert!(along_random_games(19, 3, 10) > 60);
}
