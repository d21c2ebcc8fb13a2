//! Go written by hand, sharing no code with the engine: a 9 x 9 array of
//! points, groups and liberties by a flood fill of its own, captures, no
//! suicide, simple ko, a pass, two passes in a row ending the game, area
//! scoring as the Tromp-Taylor rules count it, with 7 points of komi for
//! White. Along seeded random games of `traditional/go` (default options)
//! the legal moves, the board after each move and the ranking at the end
//! must be the ruleset's.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, State};
use tabula_tests::shipped_game;

const N: usize = 9;
/// 0 empty, 1 Black, 2 White.
type Points = [u8; N * N];

#[derive(Clone)]
struct Go {
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

fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (c, r) = (i % N, i / N);
    let mut out = Vec::with_capacity(4);
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < N {
        out.push(i + 1);
    }
    if r > 0 {
        out.push(i - N);
    }
    if r + 1 < N {
        out.push(i + N);
    }
    out.into_iter()
}

/// The group of the stone on `i` and whether it has a liberty (a depth-first fill).
fn group(points: &Points, i: usize) -> (Vec<usize>, bool) {
    let colour = points[i];
    let mut seen = [false; N * N];
    let (mut stack, mut stones, mut free) = (vec![i], Vec::new(), false);
    seen[i] = true;
    while let Some(p) = stack.pop() {
        stones.push(p);
        for q in neighbours(p) {
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
    fn start() -> Go {
        Go { points: [0; N * N], side: 0, passes: 0, plies: 0, over: false, boards: vec![[0; N * N]] }
    }

    /// A stone of the side to move on `i`, with its captures; `None` if it is suicide.
    fn placed(&self, i: usize) -> Option<Points> {
        let (me, them) = (self.side + 1, 2 - self.side);
        let mut points = self.points;
        points[i] = me;
        for q in neighbours(i) {
            if points[q] == them {
                let (stones, free) = group(&points, q);
                if !free {
                    stones.into_iter().for_each(|s| points[s] = 0);
                }
            }
        }
        // Simple ko: not the board after this side's previous decision.
        let ko = self.boards.len() >= 2 && self.boards[self.boards.len() - 2] == points;
        (group(&points, i).1 && !ko).then_some(points)
    }

    /// The legal moves: points (as names) and "pass".
    fn moves(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let mut out: Vec<String> = (0..N * N)
            .filter(|&i| self.points[i] == 0 && self.placed(i).is_some())
            .map(|i| format!("S@{}", name(i)))
            .collect();
        out.push("pass".into());
        out
    }

    fn play(&mut self, text: &str, max_plies: u32) {
        if text == "pass" {
            self.passes += 1;
        } else {
            let i = (0..N * N).find(|&i| format!("S@{}", name(i)) == text).expect("a point");
            self.points = self.placed(i).expect("legal");
            self.passes = 0;
        }
        self.plies += 1;
        self.boards.push(self.points);
        self.side = 1 - self.side;
        self.over = self.passes >= 2 || self.plies >= max_plies;
    }

    /// Tromp-Taylor: stones of one's colour plus the empty points that reach only it.
    fn scores(&self) -> [u32; 2] {
        let mut score = [0u32; 2];
        let mut seen = [false; N * N];
        for i in 0..N * N {
            match self.points[i] {
                0 if !seen[i] => {
                    let (mut stack, mut size, mut borders) = (vec![i], 0, [false; 2]);
                    seen[i] = true;
                    while let Some(p) = stack.pop() {
                        size += 1;
                        for q in neighbours(p) {
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

fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % N) as u8) as char, i / N + 1)
}

/// The engine's board as points.
fn points_of(game: &Game, s: &State) -> Points {
    let mut points = [0; N * N];
    for (i, p) in points.iter_mut().enumerate() {
        let f = game.board().field(&name(i)).expect("a point of the board");
        *p = s.top(f).map_or(0, |piece| piece.owner + 1);
    }
    points
}

/// Plays `games` seeded random games both ways; returns how many positions were compared.
fn along_random_games(games: u64, compare_moves_every: u32) -> usize {
    let game = shipped_game("traditional/go");
    let max_plies = game.max_plies();
    let mut positions = 0;
    for seed in 0..games {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut state, mut by_hand) = (game.initial_state(), Go::start());
        while !state.is_over() {
            let legal = game.legal_moves(&state);
            if by_hand.plies % compare_moves_every == 0 {
                let mut texts: Vec<String> = game.move_texts(&legal);
                texts.sort();
                let mut want = by_hand.moves();
                want.sort();
                assert_eq!(texts, want, "seed {seed}, ply {}", by_hand.plies);
                positions += 1;
            }
            let &m = legal.choose(&mut rng).expect("a move while the game goes on");
            let text = game.move_text(m);
            by_hand.play(&text, max_plies);
            state = game.play(state, m).expect("a legal move");
            assert_eq!(points_of(&game, &state), by_hand.points, "seed {seed} after {text} at ply {}", by_hand.plies);
        }
        assert!(by_hand.over, "seed {seed}: the ruleset ended the game at ply {}, by hand not", by_hand.plies);
        let [black, white] = by_hand.scores();
        let white = white + KOMI;
        let outcome = state.outcome().expect("over");
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => assert_eq!(outcome.winner(), Some(0), "seed {seed}: {black} to {white}"),
            std::cmp::Ordering::Less => assert_eq!(outcome.winner(), Some(1), "seed {seed}: {black} to {white}"),
            std::cmp::Ordering::Equal => assert!(outcome.is_draw(), "seed {seed}: {black} to {white}"),
        }
    }
    positions
}

/// Group capture and liberties (no suicide) move by move along random games.
#[test]
fn go_by_hand_makes_the_same_moves_along_random_games() {
    assert!(along_random_games(12, 1) > 1_000);
}

/// The area scores of 200 finished random games rank the players as the ruleset does.
#[test]
fn go_by_hand_scores_200_random_games_as_the_ruleset_ranks_them() {
    along_random_games(200, 25);
}
