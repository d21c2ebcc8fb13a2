//! The search's evaluation of lines (where a line of n wins): per player,
//! the lines with pieces of theirs and no other piece on them, by how near
//! they are to whole.
//!
//! Lines are read by masks against the players' top sets, not field by field
//! (in Connect Four the field-by-field count was most of an MCTS iteration).
//! On boards of up to 64 fields, the lines whose fields are evenly spaced in
//! the board's numbering (a grid's rows, columns and diagonals) are read a
//! whole family at once: the lines of n fields spaced `step` apart are a
//! word of their first fields, and shifting a player's set by `step`, `2 step`
//! and so on lays each line's fields over its first, so that a few word
//! operations count the pieces in every line of the family (a quarter of the
//! instructions line by line took in Connect Four). The other lines (a mill
//! board's, a hexagonal board's) are read one by one.

use crate::board::{FieldId, NO_FIELD};
use crate::piece::{MAX_PLAYERS, NOBODY, Player};
use crate::program::Game;
use crate::state::State;

/// The longest lines read as a family; longer ones are read one by one.
const LONGEST_RUN: usize = 8;

/// The lines of n fields whose pieces the search's evaluation counts.
#[derive(Debug, Clone, Default)]
pub(super) struct Lines {
    /// Line j is `words[j * per..][..per]`: the words of a field set (see
    /// [`FieldSet`](crate::board::FieldSet)).
    words: Vec<u64>,
    per: usize,
    /// Per line, its fields.
    pub(super) fields: Vec<Vec<FieldId>>,
    /// Boards of up to 64 fields: the families of evenly spaced lines ...
    runs: Vec<Run>,
    /// ... and the words of the lines in none.
    rest: Vec<u64>,
}

/// The lines of `n` fields whose fields are `step` apart, by their first fields.
#[derive(Debug, Clone, Copy)]
struct Run {
    n: usize,
    step: u32,
    firsts: u64,
}

impl Run {
    /// The lines of the run with pieces of the player whose set is `mine`
    /// and none of `others`: one piece short or whole, two short, more;
    /// `N` the run's length (0: `self.n`).
    #[inline(always)]
    fn count<const N: usize>(&self, mine: u64, others: u64) -> (u32, u32, u32) {
        let n = if N == 0 { self.n } else { N };
        // at_least[k]: the first fields of the lines with at least k of the player's pieces.
        let mut at_least = [0u64; LONGEST_RUN + 1];
        at_least[0] = !0;
        let mut blocked = 0;
        for i in 0..n {
            let shift = i as u32 * self.step;
            blocked |= others >> shift;
            let x = mine >> shift;
            for k in (1..=i + 1).rev() {
                at_least[k] |= at_least[k - 1] & x;
            }
        }
        let owned = self.firsts & !blocked & at_least[1];
        (
            (owned & at_least[n - 1]).count_ones(),
            (owned & at_least[n - 2] & !at_least[n - 1]).count_ones(),
            (owned & !at_least[n - 2]).count_ones(),
        )
    }
}

impl Lines {
    pub(super) fn new(game: &Game, mut lines: Vec<Vec<FieldId>>) -> Lines {
        lines.iter_mut().for_each(|l| l.sort_unstable());
        lines.sort_unstable();
        lines.dedup();
        let per = game.board.len().div_ceil(64);
        let mut words = vec![0; lines.len() * per];
        for (j, line) in lines.iter().enumerate() {
            for &f in line {
                words[j * per + usize::from(f) / 64] |= 1 << (f % 64);
            }
        }
        let (mut runs, mut rest) = (Vec::<Run>::new(), Vec::new());
        if per == 1 {
            for (line, &word) in lines.iter().zip(&words) {
                match evenly_spaced(line) {
                    Some((n, step)) => match runs.iter_mut().find(|r| (r.n, r.step) == (n, step)) {
                        Some(run) => run.firsts |= 1 << line[0],
                        None => runs.push(Run { n, step, firsts: 1 << line[0] }),
                    },
                    None => rest.push(word),
                }
            }
        }
        Lines { words, per, fields: lines, runs, rest }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// Per player, the lines with pieces of theirs and no other piece on
    /// them, by how near they are to whole: one piece short 1, two short
    /// 0.25, more 0.05.
    pub(super) fn open(&self, s: &State) -> [f64; MAX_PLAYERS] {
        // Per player, the lines one piece short or whole, two short, more.
        let mut counts = [[0u32; 3]; MAX_PLAYERS];
        // A neutral piece (no player's set has it) closes a line too: the
        // families read the players' sets only, so then every line is read alone.
        let neutral = s.on_board(NOBODY) > 0;
        // One word (a board of up to 64 fields) is the common case: with the
        // count of words a constant, the compiler makes the loops straight code.
        match self.per {
            1 if !neutral => {
                self.add_runs(s, &mut counts);
                self.add_by_lines::<1>(s, &self.rest, false, &mut counts);
            }
            1 => self.add_by_lines::<1>(s, &self.words, neutral, &mut counts),
            _ => self.add_by_lines::<0>(s, &self.words, neutral, &mut counts),
        }
        // One piece short (or none, where the game goes on) 1, two short 0.25, more 0.05.
        counts.map(|[near, two, more]| f64::from(near) + 0.25 * f64::from(two) + 0.05 * f64::from(more))
    }

    /// [`Lines::open`] for the families of lines, on a board of up to 64 fields.
    fn add_runs(&self, s: &State, counts: &mut [[u32; 3]; MAX_PLAYERS]) {
        let all = s.topped_word(0);
        for (p, [near, two, more]) in counts.iter_mut().enumerate().take(usize::from(s.players)) {
            let mine = s.topped_first_word(p as Player);
            let others = all & !mine;
            for run in &self.runs {
                // (The length a constant: the loops become straight code.)
                let (a, b, c) = match run.n {
                    3 => run.count::<3>(mine, others),
                    4 => run.count::<4>(mine, others),
                    5 => run.count::<5>(mine, others),
                    _ => run.count::<0>(mine, others),
                };
                (*near, *two, *more) = (*near + a, *two + b, *more + c);
            }
        }
    }

    /// [`Lines::open`] for the lines of `words`, one by one, with `WORDS`
    /// words a line (0: as many as the board has); with `neutral`, `words`
    /// are all the lines (for their fields).
    fn add_by_lines<const WORDS: usize>(
        &self,
        s: &State,
        words: &[u64],
        neutral: bool,
        counts: &mut [[u32; 3]; MAX_PLAYERS],
    ) {
        let per = if WORDS == 0 { self.per } else { WORDS };
        let players = usize::from(s.players);
        // Every player's top set, one after the other (`State::topped_by`'s
        // layout), sliced once so that the loops below read it unchecked.
        let top = &s.topped[..players * per];
        // The fields any player's piece tops, worked out once (boards of up to
        // 512 fields; on larger ones the words past those, line by line).
        let tops = |i: usize| s.topped_word(i);
        let mut all = [0u64; 8];
        (0..per.min(8)).for_each(|i| all[i] = tops(i));
        for (j, line) in words.chunks_exact(per).enumerate() {
            let occupied = |i: usize| all.get(i).copied().unwrap_or_else(|| tops(i)) & line[i];
            if (0..per).all(|i| occupied(i) == 0) {
                continue;
            }
            // The one player whose pieces are all those on the line, if any.
            let Some(owner) = (0..players).find(|&p| (0..per).all(|i| occupied(i) & !top[p * per + i] == 0)) else {
                continue;
            };
            if neutral && self.fields[j].iter().any(|&f| s.top(f).is_some_and(|x| x.owner == NOBODY)) {
                continue;
            }
            let empty: u32 = (0..per).map(|i| up_to_three(line[i] & !occupied(i))).sum();
            counts[owner][empty.clamp(1, 3) as usize - 1] += 1;
        }
    }
}

/// The length and spacing of a line (its fields sorted) whose fields are
/// evenly spaced in the board's numbering, if it is read with a family.
fn evenly_spaced(line: &[FieldId]) -> Option<(usize, u32)> {
    let n = line.len();
    if !(2..=LONGEST_RUN).contains(&n) {
        return None;
    }
    let step = line[1].checked_sub(line[0]).filter(|&d| d > 0)?;
    line.windows(2).all(|w| w[1].checked_sub(w[0]) == Some(step)).then_some((n, u32::from(step)))
}

/// The fields of `w`, counted up to three (the open lines' scale ends there).
fn up_to_three(w: u64) -> u32 {
    let one_less = w & w.wrapping_sub(1);
    let two_less = one_less & one_less.wrapping_sub(1);
    u32::from(w != 0) + u32::from(one_less != 0) + u32::from(two_less != 0)
}

/// Every straight line of `n` fields along one of the directions of the lists.
pub(super) fn straight_lines(game: &Game, n: u8, dirs: &[Vec<u8>]) -> Vec<Vec<FieldId>> {
    let mut lines = Vec::new();
    for f in game.board.fields() {
        for &d in dirs.iter().flatten() {
            let mut line = vec![f];
            while line.len() < usize::from(n) {
                let next = game.board.neighbour(*line.last().expect("a field"), d);
                if next == NO_FIELD || line.contains(&next) {
                    break;
                }
                line.push(next);
            }
            if line.len() == usize::from(n) && n > 1 {
                lines.push(line);
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::Lines;
    use crate::shipped::testing::visit_random_games;
    use crate::{Options, shipped};

    /// The families of evenly spaced lines count what the same lines read
    /// one by one count, along random games of the shipped games a line
    /// wins and of Tic-Tac-Toe for three on 5 x 5 (every player's lines
    /// counted); a grid's lines are all in families.
    #[test]
    fn families_of_lines_count_what_the_lines_one_by_one_count() {
        let three = shipped::text("classic/tic-tac-toe")
            .expect("shipped")
            .replace(r#"players: ["X", "O"]"#, r#"players: ["X", "O", "Z"]"#)
            .replace("cols: 3, rows: 3", "cols: 5, rows: 5")
            .replace("(name: \"O\", letter: 'O')]", "(name: \"O\", letter: 'O'), (name: \"Z\", letter: 'Z')]")
            .replace(
                r#"Hand(piece: "O", player: Player(2), count: 4),"#,
                r#"Hand(piece: "O", player: Player(2), count: 9), Hand(piece: "Z", player: Player(3), count: 9),"#,
            )
            .replace("count: 5),", "count: 9),")
            .replace(r#"pieces: ["X", "O"], by"#, r#"pieces: ["X", "O", "Z"], by"#);
        for (name, in_runs) in [("classic/tic-tac-toe", 8), ("classic/connect-four", 69), ("three", 48)] {
            let game = match name {
                "three" => crate::compile::compile(&three, name, &Options::new()).expect("compiles"),
                _ => shipped::game(name, &Options::new()).expect("compiles"),
            };
            let lines = crate::agents::Evaluator::for_search(&game).lines;
            assert_eq!(lines.fields.len(), in_runs, "{name}: lines");
            assert!(lines.rest.is_empty(), "{name}: {} lines in no family", lines.rest.len());
            let one_by_one = Lines { runs: Vec::new(), rest: lines.words.clone(), ..lines.clone() };
            let mut seen = [0; 3];
            visit_random_games(&game, 5, 20, |s, _| {
                let (a, b) = (lines.open(s), one_by_one.open(s));
                assert_eq!(a, b, "{name}, ply {}", s.ply());
                (0..3).for_each(|p| seen[p] += usize::from(a[p] > 0.0));
            });
            let players = usize::from(game.player_count());
            assert!(seen[..players].iter().all(|&n| n > 50), "{name}: positions with a player's open line {seen:?}");
        }
    }
}
