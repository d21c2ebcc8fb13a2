//! Lines through a field, worked out once from the board: on boards of up to
//! 64 fields, "the last piece made a line of n" becomes a few mask tests.

use super::Cond;
use super::Game;
use crate::board::{Board, FieldId, NO_FIELD};
use crate::state::State;

/// Per field, every line of n fields through it that a `Line` condition
/// looks for, each as a bit mask of the board's fields (boards of up to 64).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineMasks {
    /// `masks[start[f]..start[f + 1]]` are the lines through field `f`.
    start: Vec<u32>,
    masks: Vec<u64>,
}

impl LineMasks {
    /// The lines of `n` fields through each field: for each list of
    /// directions, the field itself and runs along each direction whose
    /// lengths add up to `n - 1`, all fields distinct.
    fn new(board: &Board, n: u8, dir_lists: &[Vec<u8>]) -> LineMasks {
        let mut lines = LineMasks { start: vec![0], masks: Vec::new() };
        for f in board.fields() {
            let first = lines.masks.len();
            for dirs in dir_lists {
                runs(board, f, dirs, n.saturating_sub(1), 1 << f, &mut |mask| {
                    if !lines.masks[first..].contains(&mask) {
                        lines.masks.push(mask);
                    }
                });
            }
            lines.start.push(lines.masks.len() as u32);
        }
        lines
    }

    /// Whether one of the lines through `field` lies wholly in `fields`.
    #[inline]
    pub(crate) fn any_within(&self, field: FieldId, fields: u64) -> bool {
        let f = usize::from(field);
        self.masks[self.start[f] as usize..self.start[f + 1] as usize].iter().any(|&line| line & !fields == 0)
    }
}

/// Calls `found` with `line` extended by runs along `dirs` (from the field
/// the runs start at) of `left` fields in all, each way of splitting them.
fn runs(board: &Board, origin: FieldId, dirs: &[u8], left: u8, line: u64, found: &mut impl FnMut(u64)) {
    let Some((&d, rest)) = dirs.split_first() else {
        if left == 0 {
            found(line);
        }
        return;
    };
    let (mut at, mut mask) = (origin, line);
    for taken in 0..=left {
        if taken > 0 {
            at = board.neighbour(at, d);
            if at == NO_FIELD || mask & (1 << at) != 0 {
                return;
            }
            mask |= 1 << at;
        }
        runs(board, origin, rest, left - taken, mask, found);
    }
}

impl Game {
    /// `t` with each `Line` through the last field moved to (not `exact`)
    /// read from precomputed masks, where the board
    /// is small enough for one mask word.
    pub(crate) fn with_line_masks(&self, t: &Cond) -> Cond {
        let each = |ts: &[Cond]| ts.iter().map(|t| self.with_line_masks(t)).collect();
        match t {
            Cond::Line { n, exact: false, moved: true, dirs } if self.board.len() <= 64 => {
                Cond::MovedLineMasks(Box::new(LineMasks::new(&self.board, *n, dirs)))
            }
            Cond::All(ts) => Cond::All(each(ts)),
            Cond::Any(ts) => Cond::Any(each(ts)),
            Cond::Not(t) => Cond::Not(Box::new(self.with_line_masks(t))),
            t => t.clone(),
        }
    }

    /// A line made by the last move, by masks: the piece last moved and its owner's other pieces.
    pub(crate) fn made_line_by_masks(&self, s: &State, lines: &LineMasks) -> bool {
        let at = s.last_to;
        at != NO_FIELD && s.top(at).is_some_and(|p| lines.any_within(at, s.topped_first_word(p.owner)))
    }
}

#[cfg(test)]
mod tests {
    use super::Cond;
    use crate::shipped::testing::visit_random_games;
    use crate::{Options, shipped};

    /// Along random games, a `Line` through the last move by masks says what following the lines
    /// field by field says, after every legal move of every position a game reaches.
    #[test]
    fn lines_by_masks_agree_with_lines_walked() {
        for (name, n) in [("classic/tic-tac-toe", 3), ("classic/connect-four", 4)] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let d = |name: &str| game.board.dir(name).expect("a grid direction");
            let pairs = [["E", "W"], ["N", "S"], ["NE", "SW"], ["NW", "SE"]].map(|p| p.map(d).to_vec()).to_vec();
            let walked = Cond::Line { n, exact: false, moved: true, dirs: pairs.clone() };
            let by_masks = game.with_line_masks(&walked);
            assert!(matches!(by_masks, Cond::MovedLineMasks(..)), "{name}: a small board reads lines from masks");
            let (mut lines, mut moves) = (0, 0);
            visit_random_games(&game, 7, 100, |s, legal| {
                for &m in legal {
                    let mut after = s.clone();
                    game.play_unchecked(&mut after, m);
                    let expected = game.eval(&walked, &after, 0, crate::board::NO_FIELD);
                    assert_eq!(game.eval(&by_masks, &after, 0, crate::board::NO_FIELD), expected, "{name}");
                    lines += usize::from(expected);
                    moves += 1;
                }
            });
            assert!(lines > 100 && lines < moves, "{name}: {lines} lines in {moves} moves: both answers seen");
        }
    }
}
