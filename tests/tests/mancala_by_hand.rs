//! Kalah and Oware written by hand, sharing no code with the engine: an
//! array of 14 counts, the sowing loop, the captures, the end. Their move
//! counts from the start (perft, an extra turn counting as a ply of its
//! own) and along random games must equal the rulesets' (default options).
//! Oware's game ends when a position comes round again (the same seeds in
//! every pit and store, the same player having just moved), each player
//! taking the seeds on their side.
//!
//! Kalah from the start, 6 pits of 4 seeds: 6, 35, 185, 942, 4690, 23233,
//! 114430 for depths 1 to 7. Oware (abapa): 6, 36, 190, 1014, 5219, 27332.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, State};
use tabula_tests::shipped_game;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rules {
    Kalah,
    Oware,
}

/// `pits[0..6]` are South's a1..f1, `pits[6..12]` North's: in Kalah
/// f2..a2 (sowing order, a pit across from `i` is `11 - i`), in Oware
/// a2..f2. `store[p]` is player p's store.
#[derive(Clone, Debug)]
struct Board {
    rules: Rules,
    pits: [u32; 12],
    store: [u32; 2],
    side: usize,
    over: bool,
    /// Oware: the positions so far, each with the player who made it (the
    /// start: as if North had just moved).
    seen: Vec<([u32; 12], [u32; 2], usize)>,
}

/// The sowing order in Kalah: South's pits, South's store (12), North's pits, North's store (13).
const KALAH_TRACK: [usize; 14] = [0, 1, 2, 3, 4, 5, 12, 6, 7, 8, 9, 10, 11, 13];

impl Board {
    fn start(rules: Rules) -> Board {
        let seen = if rules == Rules::Oware { vec![([4; 12], [0; 2], 1)] } else { Vec::new() };
        Board { rules, pits: [4; 12], store: [0; 2], side: 0, over: false, seen }
    }

    fn own(&self, side: usize) -> std::ops::Range<usize> {
        side * 6..side * 6 + 6
    }

    fn seeds_of(&self, side: usize) -> u32 {
        self.pits[self.own(side)].iter().sum()
    }

    /// The pits that may be sown, before Oware's feeding rule.
    fn sowable(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        self.own(self.side).filter(|&i| self.pits[i] > 0).collect()
    }

    fn moves(&self) -> Vec<usize> {
        let sowable = self.sowable();
        if self.rules == Rules::Kalah || self.seeds_of(1 - self.side) > 0 {
            return sowable;
        }
        // Oware: an opponent without seeds must be fed.
        sowable
            .into_iter()
            .filter(|&i| {
                let mut next = self.clone();
                next.sow(i);
                next.seeds_of(1 - self.side) > 0
            })
            .collect()
    }

    /// Sows pit `i` and captures; returns whether the mover goes again.
    fn sow(&mut self, i: usize) -> bool {
        let me = self.side;
        let mut seeds = std::mem::take(&mut self.pits[i]);
        match self.rules {
            Rules::Kalah => {
                let mut at = KALAH_TRACK.iter().position(|&x| x == i).unwrap();
                let opponent_store = 13 - me;
                let mut last = i;
                while seeds > 0 {
                    at = (at + 1) % 14;
                    let x = KALAH_TRACK[at];
                    if x == opponent_store {
                        continue;
                    }
                    if x >= 12 {
                        self.store[x - 12] += 1;
                    } else {
                        self.pits[x] += 1;
                    }
                    seeds -= 1;
                    last = x;
                }
                if last == 12 + me {
                    return true;
                }
                if self.own(me).contains(&last) && self.pits[last] == 1 && self.pits[11 - last] > 0 {
                    self.store[me] += 1 + self.pits[11 - last];
                    self.pits[last] = 0;
                    self.pits[11 - last] = 0;
                }
                false
            }
            Rules::Oware => {
                let mut at = i;
                while seeds > 0 {
                    at = (at + 1) % 12;
                    if at != i {
                        self.pits[at] += 1;
                        seeds -= 1;
                    }
                }
                let theirs = self.own(1 - me);
                let before = self.clone();
                let mut taken = 0;
                while theirs.contains(&at) && (2..=3).contains(&self.pits[at]) {
                    taken += std::mem::take(&mut self.pits[at]);
                    if at == 0 {
                        break;
                    }
                    at -= 1;
                }
                self.store[me] += taken;
                if self.seeds_of(1 - me) == 0 && taken > 0 {
                    // A grand slam captures nothing.
                    *self = before;
                }
                false
            }
        }
    }

    fn play(&mut self, i: usize) {
        let mover = self.side;
        let again = self.sow(i);
        if !again {
            self.side = 1 - self.side;
        }
        match self.rules {
            Rules::Kalah => {
                if self.seeds_of(0) == 0 || self.seeds_of(1) == 0 {
                    self.gather();
                }
            }
            Rules::Oware => {
                let position = (self.pits, self.store, mover);
                if self.store[1 - self.side] >= 25 {
                    self.over = true;
                } else if self.seen.contains(&position) {
                    self.gather();
                } else {
                    self.seen.push(position);
                    if self.moves().is_empty() {
                        self.gather();
                    }
                }
            }
        }
    }

    /// The end: each side's seeds to its own store.
    fn gather(&mut self) {
        for side in 0..2 {
            self.store[side] += self.seeds_of(side);
            self.own(side).for_each(|i| self.pits[i] = 0);
        }
        self.over = true;
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
            .map(|i| {
                let mut next = self.clone();
                next.play(i);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The field names of the pits, in `pits` order.
    fn names(&self) -> [&'static str; 12] {
        match self.rules {
            Rules::Kalah => ["a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2"],
            Rules::Oware => ["a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2"],
        }
    }
}

const STORES: [&str; 2] = ["store", "store"];

/// The engine's state agrees with the board by hand: pits, stores, who moves, over.
fn agrees(game: &Game, s: &State, b: &Board) {
    let height = |name: &str| u32::from(s.height(game.board().field(name).unwrap()));
    for (i, name) in b.names().iter().enumerate() {
        assert_eq!(height(name), b.pits[i], "pit {name} in {b:?}");
    }
    let stores = match b.rules {
        Rules::Kalah => ["k1", "k2"],
        Rules::Oware => ["s1", "s2"],
    };
    for (p, name) in stores.iter().enumerate() {
        assert_eq!(height(name), b.store[p], "{} {name} in {b:?}", STORES[p]);
    }
    assert_eq!(s.is_over(), b.over, "over, in {b:?}");
    if !b.over {
        assert_eq!(usize::from(s.to_move()), b.side, "to move, in {b:?}");
    }
}

fn from_the_start(name: &str, rules: Rules, depth: u32) {
    let game = shipped_game(name);
    let start = Board::start(rules);
    for d in 1..=depth {
        assert_eq!(game.perft(&game.initial_state(), d), start.perft(d), "{name} depth {d}");
    }
}

/// Seeded random games played on both, compared at every ply (and two plies
/// deep at every fifth), to the end.
fn along_random_games(name: &str, rules: Rules) {
    let game = shipped_game(name);
    let mut ended = 0;
    for seed in 0..40 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let mut by_hand = Board::start(rules);
        while !state.is_over() && state.ply() < 400 {
            agrees(&game, &state, &by_hand);
            if state.ply().is_multiple_of(5) {
                assert_eq!(game.perft(&state, 2), by_hand.perft(2), "{name} seed {seed}, ply {}", state.ply());
            }
            let legal = game.legal_moves(&state);
            let mut texts: Vec<String> = legal.iter().map(|&m| game.move_text(m)).collect();
            let mut expected: Vec<String> = by_hand.moves().iter().map(|&i| by_hand.names()[i].to_string()).collect();
            texts.sort();
            expected.sort();
            assert_eq!(texts, expected, "{name} seed {seed}, ply {}", state.ply());
            let &m = legal.choose(&mut rng).unwrap();
            let pit = by_hand.names().iter().position(|&n| n == game.move_text(m)).unwrap();
            state = game.play(state, m).unwrap();
            by_hand.play(pit);
        }
        agrees(&game, &state, &by_hand);
        if state.is_over() {
            ended += 1;
            let o = state.outcome().unwrap();
            let expected = by_hand.store[0].cmp(&by_hand.store[1]);
            let got = o.places[0].cmp(&o.places[1]).reverse();
            assert_eq!(got, expected, "{name} seed {seed}: result");
        }
    }
    assert!(ended >= 30, "{name}: only {ended} of 40 random games ended");
}

#[test]
fn kalah_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    from_the_start("traditional/kalah", Rules::Kalah, 7);
}

#[test]
fn kalah_by_hand_plays_the_same_as_the_ruleset_along_random_games() {
    along_random_games("traditional/kalah", Rules::Kalah);
}

#[test]
fn oware_by_hand_counts_the_same_as_the_ruleset_from_the_start() {
    from_the_start("traditional/oware", Rules::Oware, 6);
}

#[test]
fn oware_by_hand_plays_the_same_as_the_ruleset_along_random_games() {
    along_random_games("traditional/oware", Rules::Oware);
}

#[test]
fn the_kalah_counts_stated_above_are_the_engines() {
    let game = shipped_game("traditional/kalah");
    let counts: Vec<u64> = (1..=7).map(|d| game.perft(&game.initial_state(), d)).collect();
    assert_eq!(counts, [6, 35, 185, 942, 4690, 23233, 114430]);
}
