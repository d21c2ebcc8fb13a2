//! Reversi written by hand, sharing no code with the engine: two bitboards,
//! the eight shifts, outflanked rows found by walking out from the square,
//! a pass when the player to move has no placement, the end when neither
//! has one. Its perft from the start and seeded random games must agree
//! with the ruleset move by move: the legal moves, the board after each,
//! who moves, the passes, the end and the result.

mod common;

use tabula::{Game, State};
use tabula_tests::shipped_game;

/// Square `c + 8 * r`: column a..h, row 1..8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    /// Discs of each player: 0 Black, 1 White.
    discs: [u64; 2],
    side: usize,
    over: bool,
}

const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

fn square(c: i32, r: i32) -> Option<u32> {
    ((0..8).contains(&c) && (0..8).contains(&r)).then_some((c + 8 * r) as u32)
}

fn name(sq: u32) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl Board {
    fn start() -> Board {
        let at = |n: &str| 1u64 << ((n.as_bytes()[0] - b'a') as u32 + 8 * (n.as_bytes()[1] - b'1') as u32);
        Board { discs: [at("d5") | at("e4"), at("d4") | at("e5")], side: 0, over: false }
    }

    fn empty(&self) -> u64 {
        !(self.discs[0] | self.discs[1])
    }

    /// The opponent's discs that a disc of `side` on `sq` turns over.
    fn flips(&self, side: usize, sq: u32) -> u64 {
        let (mine, theirs) = (self.discs[side], self.discs[1 - side]);
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut all = 0;
        for (dc, dr) in DIRS {
            let mut row = 0u64;
            let mut at = square(c + dc, r + dr);
            let mut k = 1;
            while let Some(t) = at.filter(|&t| theirs & 1 << t != 0) {
                row |= 1 << t;
                k += 1;
                at = square(c + k * dc, r + k * dr);
            }
            if row != 0 && at.is_some_and(|t| mine & 1 << t != 0) {
                all |= row;
            }
        }
        all
    }

    fn placements(&self, side: usize) -> Vec<u32> {
        (0..64).filter(|&sq| self.empty() & 1 << sq != 0 && self.flips(side, sq) != 0).collect()
    }

    /// The legal moves: placements, or `None` (a pass) when there are none.
    fn moves(&self) -> Vec<Option<u32>> {
        if self.over {
            return Vec::new();
        }
        let p = self.placements(self.side);
        if p.is_empty() { vec![None] } else { p.into_iter().map(Some).collect() }
    }

    fn play(&mut self, m: Option<u32>) {
        if let Some(sq) = m {
            let f = self.flips(self.side, sq);
            self.discs[self.side] |= f | 1 << sq;
            self.discs[1 - self.side] &= !f;
        }
        self.side = 1 - self.side;
        // Over when neither player can place.
        self.over = self.placements(self.side).is_empty() && self.placements(1 - self.side).is_empty();
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
                let mut b = *self;
                b.play(m);
                b.perft(depth - 1)
            })
            .sum()
    }
}

/// The engine's state agrees with the board by hand: every square, who moves, over.
fn agrees(game: &Game, s: &State, b: &Board, at: &str) {
    for sq in 0..64 {
        let f = game.board().field(&name(sq)).unwrap();
        let want = (0..2).find(|&p| b.discs[p] & 1 << sq != 0);
        assert_eq!(s.top(f).map(|p| usize::from(p.owner)), want, "{} {at}", name(sq));
    }
    assert_eq!(s.is_over(), b.over, "over, {at}");
    if !b.over {
        assert_eq!(usize::from(s.to_move()), b.side, "to move, {at}");
    }
}

#[test]
fn reversi_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    let game = shipped_game("traditional/reversi");
    let start = Board::start();
    for (d, published) in [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200)] {
        assert_eq!(start.perft(d), published, "by hand, depth {d}");
        assert_eq!(game.perft(&game.initial_state(), d), published, "ruleset, depth {d}");
    }
}

/// Seeded random games played on both, compared at every ply (and two plies
/// deep at every seventh), to the end; some pass on the way, and all end.
#[test]
fn reversi_random_games_agree_with_the_game_by_hand() {
    let game = shipped_game("traditional/reversi");
    let (mut passes, mut early_ends, mut draws) = (0, 0, 0);
    for seed in 0..60 {
        let mut by_hand = Board::start();
        let state = common::random_game(&game, seed, 200, |state, legal, m, _| {
            let at = format!("seed {seed}, ply {}", state.ply());
            agrees(&game, state, &by_hand, &at);
            if state.ply().is_multiple_of(7) {
                assert_eq!(game.perft(state, 2), by_hand.perft(2), "perft 2, {at}");
            }
            let text = |m: Option<u32>| m.map_or_else(|| "pass".to_string(), |sq| format!("D@{}", name(sq)));
            let mut texts: Vec<String> = legal.iter().map(|&m| game.move_text(m)).collect();
            let mut expected: Vec<String> = by_hand.moves().into_iter().map(text).collect();
            texts.sort();
            expected.sort();
            assert_eq!(texts, expected, "legal moves, {at}");
            let chosen = by_hand.moves().into_iter().find(|&h| text(h) == game.move_text(m)).unwrap();
            passes += usize::from(chosen.is_none());
            by_hand.play(chosen);
        });
        agrees(&game, &state, &by_hand, &format!("seed {seed}, the end"));
        assert!(state.is_over(), "seed {seed}: not over after {} plies", state.ply());
        early_ends += usize::from(by_hand.empty() != 0);
        let o = state.outcome().unwrap();
        let (black, white) = (by_hand.discs[0].count_ones(), by_hand.discs[1].count_ones());
        draws += usize::from(black == white);
        // A lower place is better: Black ahead has place 1, White 2.
        assert_eq!(o.places[1].cmp(&o.places[0]), black.cmp(&white), "seed {seed}: result {black}-{white}");
    }
    assert!(passes > 0, "no random game passed");
    assert!(early_ends > 0 || draws > 0 || passes > 3, "the games tested little beyond a full board");
}
