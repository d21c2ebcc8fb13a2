//! The Emperor Zeno's game of AD 480 (Agathias, Anthologia Palatina ix.
//! 482), shipped as rulesets/traditional/positions/tabula-zeno-480.ron for
//! traditional/tabula: Zeno (White) threw 2, 5 and 6 "so that at once he had
//! eight single pieces". The tests check that the file is the epigram's
//! count, and that every legal turn from it leaves eight white pieces single,
//! counted here from the stacks (not by the engine), and again by a turn
//! generator written for this test that shares no code with the engine.
//!
//! The epigram numbers most points and names three: the "summus", the point
//! after it, and the "divus"; and it puts Black's last pair on "the fourth
//! from the last". R. C. Bell (1960), after R. G. Austin (1934), reads the
//! throw as breaking the pairs on 10, 19 and 20 (20-22, 19-24, 10-16). The
//! last test searches every place for the three names, with the fourth from
//! the last as 20 or 21, and finds one placement only where 2-5-6 forces
//! eight single pieces: 19, 20 and 23, with 21, which is Bell's.

use std::collections::{BTreeSet, HashSet};
use tabula::{Game, Pending, PositionDef, State};
use tabula_tests::{shipped_game, workspace};

const FILE: &str = "rulesets/traditional/positions/tabula-zeno-480.ron";

/// White's points and counts, as the epigram gives them under the reading
/// shipped: summus 19, the point after it 20, divus 23.
const WHITE: [(usize, i8); 6] = [(6, 7), (9, 1), (10, 2), (19, 2), (20, 2), (23, 1)];

/// Black's: Antigonus is 14 (between the 13th and the 15th), the fourth
/// from the last is 21 (24, 23, 22, 21).
const BLACK: [(usize, i8); 8] = [(8, 2), (11, 2), (12, 2), (13, 1), (14, 2), (15, 2), (18, 2), (21, 2)];

const THROW: [usize; 3] = [2, 5, 6];

/// A position as signed counts: `points[i]` for point i (1..=24), White's
/// pieces positive, Black's negative.
type Points = [i8; 25];

fn epigram(white: &[(usize, i8)], black: &[(usize, i8)]) -> Points {
    let mut p = [0; 25];
    for &(i, n) in white {
        p[i] += n;
    }
    for &(i, n) in black {
        p[i] -= n;
    }
    p
}

/// The pieces of White standing alone on a point.
fn white_singles(p: &Points) -> usize {
    p.iter().filter(|&&n| n == 1).count()
}

fn zeno() -> (Game, State) {
    let game = shipped_game("traditional/tabula");
    let text = std::fs::read_to_string(workspace().join(FILE)).expect("the position file");
    let state = game.position_from_str(&text, FILE).unwrap_or_else(|e| panic!("{FILE}: {e}"));
    (game, state)
}

/// The engine's position read as signed counts, from its stacks.
fn read(game: &Game, s: &State) -> Points {
    let mut p = [0; 25];
    for (f, name) in game.board().names().iter().enumerate() {
        let i: usize = name.parse().expect("points are numbered");
        for piece in s.stack(f as u16) {
            p[i] += if piece.owner == 0 { 1 } else { -1 };
        }
    }
    p
}

/// The positions the engine's legal moves reach when White's turn ends.
fn engine_ends(game: &Game, s: &State, out: &mut BTreeSet<Points>, seen: &mut HashSet<State>) {
    if !seen.insert(s.clone()) {
        return;
    }
    for m in game.legal_moves(s) {
        let mut next = s.clone();
        game.play_unchecked(&mut next, m);
        if next.is_over() || next.to_move() != 0 || next.pending() != Pending::None {
            out.insert(read(game, &next));
        } else {
            engine_ends(game, &next, out, seen);
        }
    }
}

/// White's moves of one die of value `v`, by the shipped rules at their
/// defaults (written for this test): both sides go from 1 up to 24; a point
/// with two or more Black pieces is closed; a single Black piece landed on
/// is hit (off the board); a piece bears off by the exact die from the last
/// quarter only, once all fifteen are there (none is off the board here).
fn moves(p: &Points, v: usize) -> Vec<Points> {
    let home = (1..19).all(|i| p[i] <= 0);
    let mut out = Vec::new();
    for from in 1..=24 {
        if p[from] <= 0 {
            continue;
        }
        let to = from + v;
        let mut next = *p;
        next[from] -= 1;
        if to <= 24 {
            if next[to] <= -2 {
                continue;
            }
            if next[to] == -1 {
                next[to] = 0;
            }
            next[to] += 1;
            out.push(next);
        } else if to == 25 && home {
            out.push(next);
        }
    }
    out
}

/// The positions White's whole turn with `dice` can end in: every sequence
/// of single-die moves that goes on while a die is left and a move exists,
/// kept where it uses the most dice (the rest is lost).
fn hand_ends(start: &Points, dice: &[usize]) -> BTreeSet<Points> {
    fn go(p: Points, left: &[usize], used: usize, ends: &mut Vec<(Points, usize)>) {
        let mut any = false;
        for (k, &v) in left.iter().enumerate() {
            let mut rest = left.to_vec();
            rest.remove(k);
            for next in moves(&p, v) {
                any = true;
                go(next, &rest, used + 1, ends);
            }
        }
        if !any {
            ends.push((p, used));
        }
    }
    let mut ends = Vec::new();
    go(*start, dice, 0, &mut ends);
    let most = ends.iter().map(|e| e.1).max().unwrap_or(0);
    ends.into_iter().filter(|e| e.1 == most).map(|e| e.0).collect()
}

#[test]
fn the_position_file_is_the_epigram_s_count() {
    let (game, state) = zeno();
    let p = read(&game, &state);
    assert_eq!(p, epigram(&WHITE, &BLACK), "the board of {FILE}");
    assert_eq!(p.iter().filter(|&&n| n > 0).map(|&n| i32::from(n)).sum::<i32>(), 15, "White's fifteen");
    assert_eq!(p.iter().filter(|&&n| n < 0).map(|&n| -i32::from(n)).sum::<i32>(), 15, "Black's fifteen");
    assert_eq!(white_singles(&p), 2, "before the throw, the ninth and the divus stand alone");
    assert_eq!(state.to_move(), 0, "Zeno, White, to move");
    assert_eq!(state.pending(), Pending::None, "the throw is made: no throw is due");
    let text = std::fs::read_to_string(workspace().join(FILE)).expect("the position file");
    let def: PositionDef = ron::from_str(&text).expect("a position");
    assert_eq!((def.dice, def.spent), (vec![2, 5, 6], vec![]), "the throw 2-5-6, none of it spent");
}

#[test]
fn every_turn_of_2_5_6_leaves_eight_white_pieces_single() {
    let (game, state) = zeno();
    let mut ends = BTreeSet::new();
    engine_ends(&game, &state, &mut ends, &mut HashSet::new());
    assert!(!ends.is_empty(), "White has a turn");
    let before = read(&game, &state);
    let pips = |p: &Points| (1..=24).map(|i| i * p[i].max(0) as usize).sum::<usize>();
    for end in &ends {
        assert_eq!(white_singles(end), 8, "a turn ending in {end:?} leaves other than eight single");
        assert_eq!(pips(end), pips(&before) + 13, "the whole throw (13 points) is played: {end:?}");
    }
    // The one turn: 10-16 with the 6, 19-24 with the 5, 20-22 with the 2.
    let mut only = before;
    for (from, to) in [(10, 16), (19, 24), (20, 22)] {
        only[from] -= 1;
        only[to] += 1;
    }
    assert_eq!(ends, BTreeSet::from([only]), "one turn only");
    // The first decision offers exactly those three moves, in the order
    // `tabula moves` prints them (docs/language.md, Tables).
    assert_eq!(game.move_texts(&game.legal_moves(&state)), ["20-22", "19-24", "10-16"]);
}

#[test]
fn the_hand_written_turns_are_the_engine_s() {
    let (game, state) = zeno();
    let mut engine = BTreeSet::new();
    engine_ends(&game, &state, &mut engine, &mut HashSet::new());
    let by_hand = hand_ends(&epigram(&WHITE, &BLACK), &THROW);
    assert_eq!(engine, by_hand);
    assert!(by_hand.iter().all(|p| white_singles(p) == 8));
}

/// Every place for the summus (S), the point after it (S + 1) and the divus
/// (D, after them: the last piece), beyond the tenth point (the epigram
/// lists them after it) on points Black does not hold, with the fourth from
/// the last as 20
/// (counted 24, 23, 22, 21, 20) or 21 (counted from 24 as the first): the
/// placements where every turn of 2-5-6 leaves eight white pieces single.
#[test]
fn only_one_placement_of_the_named_points_forces_eight() {
    let mut forcing = Vec::new();
    // Per reading of the fourth from the last, the most single pieces Zeno
    // could not avoid where eight are not forced.
    let mut best_elsewhere = [(20, 0), (21, 0)];
    for (last, best) in &mut best_elsewhere {
        let last = *last;
        let mut black = BLACK;
        black[7] = (last, 2);
        for s in 11..=22 {
            for d in s + 2..=24 {
                let named = [s, s + 1, d];
                if named.iter().any(|&i| black.iter().any(|b| b.0 == i) || [6, 9, 10].contains(&i)) {
                    continue;
                }
                let white = [(6, 7), (9, 1), (10, 2), (s, 2), (s + 1, 2), (d, 1)];
                let ends = hand_ends(&epigram(&white, &black), &THROW);
                let fewest = ends.iter().map(white_singles).min().expect("a turn");
                if fewest == 8 {
                    forcing.push((last, s, d));
                } else {
                    *best = (*best).max(fewest);
                }
            }
        }
    }
    assert_eq!(forcing, [(21, 19, 23)], "the placements that force eight");
    // Elsewhere Zeno could keep them to six or fewer (21), three or fewer (20).
    assert_eq!(best_elsewhere, [(20, 3), (21, 6)]);
}
