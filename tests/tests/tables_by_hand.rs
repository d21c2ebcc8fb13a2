//! The tables games' turns written by hand, sharing no code with the
//! engine: 24 points as signed counts, the bar and the borne-off checkers
//! per side, and one turn generator whose rules are parameters (`Rules`).
//! For positions reached by seeded random play, and for every throw, the
//! set of distinct positions a whole turn can end in must be the engine's
//! (issue 45: dice pools, `MostValues` and `HighestValues` judged over
//! whole turns).
//!
//! Backgammon (the shipped ruleset at its default options): White (side 0)
//! moves from 24 down to 1, Black (side 1) up; a checker on the bar enters
//! first (on 25 minus the die for White, on the die for Black); a point
//! held by two or more enemy checkers is closed; a blot landed on goes to
//! the bar; with all fifteen home a checker bears off by the exact die, or
//! by a higher die from the highest point; doubles are four moves; as many
//! dice as possible are used, then the highest total.
//!
//! Tabula (the shipped ruleset at its default options): three dice, no
//! doubles; all fifteen start off the board and both sides enter on the
//! point of the die counted from 1 and travel up to 24; a hit piece goes
//! off the board and must enter again before its owner moves anything else
//! (a piece never entered does not hold the others back); a piece bears off
//! from the last quarter by the exact die only, once all fifteen are there;
//! as many dice as possible are used (no "the larger").

use rand::{Rng, SeedableRng, seq::IndexedRandom};
use std::collections::{BTreeSet, HashSet};
use tabula::{Game, Pending, Pool, State};
use tabula_tests::shipped_game;

/// A game's rules, as parameters of the one generator.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// Dice a throw.
    dice: usize,
    /// A double gives each value twice.
    doubles: bool,
    /// Sides travel opposite ways (Backgammon, White from 24 down to 1);
    /// else both the same way, from 1 up to 24 (Tabula).
    opposite: bool,
    /// Only the checkers hit wait to enter before any other move (Tabula);
    /// else every checker off the board does (Backgammon's bar).
    only_hit_enter_first: bool,
    /// A checker bears off by the exact die only.
    exact: bool,
    /// After the most dice, the highest total ("if only one, the larger").
    highest: bool,
}

const BACKGAMMON: Rules =
    Rules { dice: 2, doubles: true, opposite: true, only_hit_enter_first: false, exact: false, highest: true };

const TABULA: Rules =
    Rules { dice: 3, doubles: false, opposite: false, only_hit_enter_first: true, exact: true, highest: false };

/// A position: `points[i]` for point i (1..=24) holds White's checkers as
/// a positive count, Black's as a negative one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct Pos {
    points: [i8; 25],
    bar: [u8; 2],
    off: [u8; 2],
    /// Of the checkers off the board, those hit (and not entered again).
    hit: [u8; 2],
}

impl Pos {
    fn own(&self, side: usize, i: usize) -> u8 {
        let n = self.points[i];
        (if side == 0 { n.max(0) } else { (-n).max(0) }) as u8
    }

    fn enemy(&self, side: usize, i: usize) -> u8 {
        self.own(1 - side, i)
    }

    fn add(&mut self, side: usize, i: usize, n: i8) {
        self.points[i] += if side == 0 { n } else { -n };
    }

    /// Point i as steps along side's way (1..=24; 0 the bar, 25 off).
    fn steps_of(rules: Rules, side: usize, i: usize) -> usize {
        if side == 0 && rules.opposite { 25 - i } else { i }
    }

    /// The point `steps` along side's way.
    fn point_at(rules: Rules, side: usize, steps: usize) -> usize {
        if side == 0 && rules.opposite { 25 - steps } else { steps }
    }

    fn all_home(&self, rules: Rules, side: usize) -> bool {
        self.bar[side] == 0 && (1..=24).all(|i| self.own(side, i) == 0 || Self::steps_of(rules, side, i) >= 19)
    }

    /// Every position one die of value `v` can make for `side`.
    fn moves(&self, rules: Rules, side: usize, v: usize) -> Vec<Pos> {
        let mut out = Vec::new();
        let land = |p: &mut Pos, to: usize| -> bool {
            if p.enemy(side, to) >= 2 {
                return false;
            }
            if p.enemy(side, to) == 1 {
                p.add(1 - side, to, -1);
                p.bar[1 - side] += 1;
                if rules.only_hit_enter_first {
                    p.hit[1 - side] += 1;
                }
            }
            p.add(side, to, 1);
            true
        };
        if self.bar[side] > 0 {
            let mut p = *self;
            p.bar[side] -= 1;
            p.hit[side] = p.hit[side].saturating_sub(1);
            if land(&mut p, Self::point_at(rules, side, v)) {
                out.push(p);
            }
            let waiting = if rules.only_hit_enter_first { self.hit[side] } else { self.bar[side] };
            if waiting > 0 {
                return out;
            }
        }
        let home = self.all_home(rules, side);
        for i in 1..=24 {
            if self.own(side, i) == 0 {
                continue;
            }
            let from = Self::steps_of(rules, side, i);
            let to = from + v;
            let mut p = *self;
            p.add(side, i, -1);
            if to <= 24 {
                if land(&mut p, Self::point_at(rules, side, to)) {
                    out.push(p);
                }
            } else if home {
                // Off: exactly, or by a higher die from the farthest checker back.
                let farthest =
                    (1..=24).filter(|&j| self.own(side, j) > 0).map(|j| Self::steps_of(rules, side, j)).min();
                if to == 25 || (!rules.exact && farthest == Some(from)) {
                    p.off[side] += 1;
                    out.push(p);
                }
            }
        }
        out
    }
}

/// The positions a whole turn of `side` with `dice` can end in: every
/// sequence of single-die moves that goes on while a die is left and a move
/// exists, kept where it uses the most dice, then the highest total.
fn turn_ends(rules: Rules, start: Pos, side: usize, dice: &[usize]) -> BTreeSet<Pos> {
    let mut pool: Vec<usize> = dice.to_vec();
    if rules.doubles && dice.iter().all(|&d| d == dice[0]) {
        pool.extend_from_slice(dice);
    }
    pool.sort_unstable();
    let mut ends: Vec<(Pos, usize, usize)> = Vec::new();
    let mut seen = HashSet::new();
    explore(rules, start, side, &pool, 0, 0, &mut ends, &mut seen);
    let key = |n: usize, t: usize| (n, if rules.highest { t } else { 0 });
    let best = ends.iter().map(|&(_, n, t)| key(n, t)).max().unwrap_or((0, 0));
    ends.into_iter().filter(|&(_, n, t)| key(n, t) == best).map(|(p, _, _)| p).collect()
}

#[allow(clippy::too_many_arguments)]
fn explore(
    rules: Rules,
    pos: Pos,
    side: usize,
    left: &[usize],
    used: usize,
    total: usize,
    ends: &mut Vec<(Pos, usize, usize)>,
    seen: &mut HashSet<(Pos, Vec<usize>)>,
) {
    if !seen.insert((pos, left.to_vec())) {
        return;
    }
    let mut any = false;
    let mut values: Vec<usize> = left.to_vec();
    values.dedup();
    // The game is over once a side has borne off all fifteen.
    if pos.off[side] < 15 {
        for &v in &values {
            let i = left.iter().position(|&d| d == v).expect("a value left");
            let rest: Vec<usize> = left[..i].iter().chain(&left[i + 1..]).copied().collect();
            for next in pos.moves(rules, side, v) {
                any = true;
                explore(rules, next, side, &rest, used + 1, total + v, ends, seen);
            }
        }
    }
    if !any {
        ends.push((pos, used, total));
    }
}

/// The engine's position read as the hand-written one.
fn read(game: &Game, s: &State) -> Pos {
    let mut p = Pos { points: [0; 25], bar: [0; 2], off: [0; 2], hit: [0; 2] };
    for (f, name) in game.board().names().iter().enumerate() {
        let i: usize = name.parse().expect("points are numbered");
        for piece in s.stack(f as u16) {
            p.add(usize::from(piece.owner), i, 1);
        }
    }
    for side in 0..2u8 {
        p.bar[usize::from(side)] = s.pool_total(Pool::Hand, side) as u8;
        p.off[usize::from(side)] = s.pool_total(Pool::Off, side) as u8;
        if let Some(hit) = game.counter_index("hit") {
            p.hit[usize::from(side)] = game.counter_value(s, hit, side) as u8;
        }
    }
    p
}

/// The positions the engine's legal moves reach at the end of the turn
/// that begins in `s` (a throw just made).
fn engine_ends(game: &Game, s: &State, out: &mut BTreeSet<Pos>, seen: &mut HashSet<State>) {
    if !seen.insert(s.clone()) {
        return;
    }
    let me = s.to_move();
    for m in game.legal_moves(s) {
        let mut next = s.clone();
        game.play_unchecked(&mut next, m);
        if next.is_over() || next.to_move() != me || next.pending() != Pending::None {
            out.insert(read(game, &next));
        } else {
            engine_ends(game, &next, out, seen);
        }
    }
}

/// Positions at the start of a turn (a throw due), by seeded random play.
fn sample_positions(game: &Game, n: usize, seed: u64) -> Vec<State> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = game.initial_state();
        while !s.is_over() && out.len() < n {
            if matches!(s.pending(), Pending::Chance(_)) && rng.random_bool(0.5) {
                out.push(s.clone());
            }
            let moves = game.legal_moves(&s);
            let m = *moves.choose(&mut rng).expect("a move");
            game.play_unchecked(&mut s, m);
        }
    }
    out
}

fn agree_on_random_positions(name: &str, rules: Rules, n: usize) {
    let game = shipped_game(name);
    let mut checked = 0;
    for s in sample_positions(&game, n, 45) {
        let side = usize::from(s.to_move());
        let start = read(&game, &s);
        for throw in game.legal_moves(&s) {
            let text = game.move_text(throw);
            let dice: Vec<usize> =
                text.trim_start_matches("throw:").split('-').map(|d| d.parse().expect("a die")).collect();
            let mut thrown = s.clone();
            game.play_unchecked(&mut thrown, throw);
            let mut engine = BTreeSet::new();
            engine_ends(&game, &thrown, &mut engine, &mut HashSet::new());
            let by_hand = turn_ends(rules, start, side, &dice);
            assert_eq!(
                engine,
                by_hand,
                "{name}: {text} for side {side} from\n{}\nengine only: {:?}\nby hand only: {:?}",
                game.position_to_string(&s),
                engine.difference(&by_hand).collect::<Vec<_>>(),
                by_hand.difference(&engine).collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    let throws = if rules.dice == 3 { 56 } else { 21 };
    assert!(checked >= n * throws, "{checked} throws checked");
}

#[test]
fn backgammon_turns_end_where_the_hand_written_turns_end() {
    agree_on_random_positions("traditional/backgammon", BACKGAMMON, 1000);
}

#[test]
fn the_hand_written_generator_keeps_the_larger_die() {
    // White's checker on 12 with 3-5 and Black holding 4: only the 5 is played.
    let mut p = Pos { points: [0; 25], bar: [0; 2], off: [0; 2], hit: [0; 2] };
    p.points[12] = 1;
    p.points[1] = 1;
    p.points[4] = -2;
    let ends = turn_ends(BACKGAMMON, p, 0, &[3, 5]);
    assert_eq!(ends.len(), 1);
    assert_eq!(ends.iter().next().expect("one").points[7], 1);
}

/// The best (dice used, total) the rest of a turn reaches from `pos` with `left`.
fn best_rest(rules: Rules, pos: Pos, side: usize, left: &[usize]) -> (usize, usize) {
    let mut ends = Vec::new();
    explore(rules, pos, side, left, 0, 0, &mut ends, &mut HashSet::new());
    ends.iter().map(|&(_, n, t)| (n, if rules.highest { t } else { 0 })).max().unwrap_or((0, 0))
}

/// The legal decisions with `left` to spend: each single-die move (one per
/// position it makes, by the smallest die that makes it) that begins a turn
/// using the most dice, then the highest total; with the dice it leaves.
fn decisions(rules: Rules, pos: Pos, side: usize, left: &[usize]) -> Vec<(Pos, Vec<usize>)> {
    if pos.off[side] >= 15 {
        return Vec::new();
    }
    let best = best_rest(rules, pos, side, left);
    let mut out: Vec<(Pos, Vec<usize>)> = Vec::new();
    let mut values = left.to_vec();
    values.dedup();
    for &v in &values {
        let i = left.iter().position(|&d| d == v).expect("a value left");
        let rest: Vec<usize> = left[..i].iter().chain(&left[i + 1..]).copied().collect();
        for next in pos.moves(rules, side, v) {
            let (n, t) = best_rest(rules, next, side, &rest);
            let total = if rules.highest { t + v } else { 0 };
            if (n + 1, total) == best && !out.iter().any(|(p, _)| *p == next) {
                out.push((next, rest.clone()));
            }
        }
    }
    out
}

/// Perft by hand: each throw a ply, each die spent a ply, a forced pass a ply.
fn perft_by_hand(rules: Rules, pos: Pos, side: usize, left: Option<Vec<usize>>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(left) = left else {
        return throws(rules)
            .into_iter()
            .map(|mut pool| {
                if rules.doubles && pool.iter().all(|&d| d == pool[0]) {
                    pool.extend(pool.clone());
                }
                perft_by_hand(rules, pos, side, Some(pool), depth - 1)
            })
            .sum();
    };
    let moves = decisions(rules, pos, side, &left);
    if moves.is_empty() {
        return perft_by_hand(rules, pos, 1 - side, None, depth - 1);
    }
    moves
        .into_iter()
        .map(|(next, rest)| {
            let goes_on = next.off[side] < 15 && !rest.is_empty() && !decisions(rules, next, side, &rest).is_empty();
            if next.off[side] >= 15 {
                u64::from(depth == 1)
            } else if goes_on {
                perft_by_hand(rules, next, side, Some(rest), depth - 1)
            } else {
                perft_by_hand(rules, next, 1 - side, None, depth - 1)
            }
        })
        .sum()
}

/// Every throw of `rules.dice` dice, as sorted values.
fn throws(rules: Rules) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..rules.dice {
        out = out
            .into_iter()
            .flat_map(|t| {
                let low = t.last().copied().unwrap_or(1);
                (low..=6).map(move |d| t.iter().copied().chain([d]).collect())
            })
            .collect();
    }
    out
}

#[test]
fn tabula_turns_end_where_the_hand_written_turns_end() {
    agree_on_random_positions("traditional/tabula", TABULA, 1000);
}

#[test]
fn tabula_perft_is_the_hand_written_count() {
    let game = shipped_game("traditional/tabula");
    let start = game.initial_state();
    let pos = read(&game, &start);
    for depth in 1..=4 {
        assert_eq!(game.perft(&start, depth), perft_by_hand(TABULA, pos, 0, None, depth), "depth {depth}");
    }
}

#[test]
fn backgammon_perft_is_the_hand_written_count() {
    let game = shipped_game("traditional/backgammon");
    let start = game.initial_state();
    let pos = read(&game, &start);
    for depth in 1..=4 {
        assert_eq!(game.perft(&start, depth), perft_by_hand(BACKGAMMON, pos, 0, None, depth), "depth {depth}");
    }
}

#[test]
fn a_pool_half_spent_is_part_of_the_position_and_its_text() {
    let game = shipped_game("traditional/backgammon");
    let mut s = game.initial_state();
    for text in ["throw:5-5", "13-8", "13-8"] {
        let m = game.parse_move(&s, text).expect("legal");
        game.play_unchecked(&mut s, m);
    }
    assert_eq!(s.dice().left().collect::<Vec<_>>(), [5, 5]);
    let text = game.position_to_string(&s);
    assert!(text.contains("dice:") && text.contains("spent:"), "{text}");
    let back = game.position_from_str(&text, "pool").expect("reads back");
    assert_eq!(back, s);
    assert_eq!(game.legal_moves(&back), game.legal_moves(&s));
    // The same board with another value left is another state.
    let other = game.position_from_str(&text.replacen("dice: [", "dice: [6, ", 1), "pool").expect("reads");
    assert_ne!(other, s);
    // A value no die shows is refused, where it is written.
    let error = game.position_from_str(&text.replacen("spent: [", "spent: [7, ", 1), "pool").expect_err("refused");
    assert!(error.to_string().contains("no die shows 7"), "{error}");
}

#[test]
fn pools_are_refused_where_written_wrong() {
    let game = shipped_game("traditional/backgammon");
    let text = tabula::shipped::text("traditional/backgammon").expect("shipped");
    for (from, to, says) in [
        ("dice: 2,", "dice: 5,", "a throw is of 1 to 4 dice"),
        (
            "(label: \"1\", value: 1, weight: 1),",
            "(label: \"1\", value: 1, weight: 1, rethrow: true),",
            "no `again`, `rethrow` or `set`",
        ),
    ] {
        let broken = text.replacen(from, to, 1);
        let error = tabula::Game::from_source(&broken, "backgammon", &tabula::Options::new()).expect_err("refused");
        assert!(error.to_string().contains(says), "{error}");
        assert!(error.to_string().contains("chance[0]"), "located: {error}");
    }
    let _ = game;
}
