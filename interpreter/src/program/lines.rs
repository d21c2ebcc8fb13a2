//! Lines through a field, worked out once from the board: on boards of up to
//! 64 fields, "the last piece made a line of n" becomes a few mask tests.

use super::Cond;
use super::Game;
use crate::board::{Board, FieldId, NO_FIELD};
use crate::state::State;

/// Per field, every line of n fields through it that a `Line` condition
/// looks for, each as a bit mask of the board's fields (boards of up to 64).
/// Every field has a row of the same width, 4, 8, 16 or 32: its lines, then
/// its first again (a line asked twice answers alike). The test of any field
/// then takes the same steps, unrolled, and none ends early (where the test
/// stopped at the field's own count or at the first line found, its end was
/// mispredicted about once a move: issue 48).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineMasks {
    rows: Rows,
    /// The fields no line goes through (their rows are zeros, which the test ignores).
    none: u64,
}

/// Each field's row of lines, all of one width.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Rows {
    Four(Vec<[u64; 4]>),
    Eight(Vec<[u64; 8]>),
    Sixteen(Vec<[u64; 16]>),
    ThirtyTwo(Vec<[u64; 32]>),
}

/// Steps of the search for the ways lines may lie, at most, for all the
/// `Line`s of a game together (a `Line` may stand in many conditions, and in
/// each player's copy of one): rows that come round a wrapping board and
/// many lists of directions make the ways to split a long line many. Beyond,
/// the lines are followed field by field at play (the same reading).
pub(crate) const MOST_STEPS: usize = 1 << 22;

impl LineMasks {
    /// The lines of `n` fields through each field: for each list of
    /// directions, the field itself and runs along each direction whose
    /// lengths add up to `n - 1`, all fields distinct. `None` where the
    /// search would take more than the `steps` left (which it counts down),
    /// or more than 32 lines go through a field.
    fn new(board: &Board, n: u8, dir_lists: &[Vec<u8>], steps: &mut usize) -> Option<LineMasks> {
        let rows = Self::through_each(board, n, dir_lists, steps)?;
        let none = (rows.iter().enumerate()).fold(0, |none, (f, row)| none | u64::from(row.is_empty()) << (f % 64));
        // (More than 32 lines through a field: followed field by field at play.)
        let rows = match rows.iter().map(Vec::len).max().unwrap_or(0) {
            ..=4 => Rows::Four(padded(&rows)),
            5..=8 => Rows::Eight(padded(&rows)),
            9..=16 => Rows::Sixteen(padded(&rows)),
            17..=32 => Rows::ThirtyTwo(padded(&rows)),
            _ => return None,
        };
        Some(LineMasks { rows, none })
    }

    /// The lines through each field, as [`LineMasks::new`] finds them.
    fn through_each(board: &Board, n: u8, dir_lists: &[Vec<u8>], steps: &mut usize) -> Option<Vec<Vec<u64>>> {
        let mut rows = Vec::new();
        for f in board.fields() {
            let mut through = Vec::new();
            for dirs in dir_lists {
                let mut search = Runs { board, origin: f, steps_left: &mut *steps, found: &mut through };
                search.go(dirs, n.saturating_sub(1), 1 << f).then_some(())?;
            }
            // The same fields split another way are the same line (sorted: their order is free).
            through.sort_unstable();
            through.dedup();
            rows.push(through);
        }
        Some(rows)
    }

    /// Every line, once, as a mask of its fields (issue 46: the alpha-beta
    /// evaluation counts the pieces on each).
    pub(crate) fn all_lines(&self) -> Vec<u64> {
        let mut all: Vec<u64> = match &self.rows {
            Rows::Four(rows) => rows.iter().flatten().copied().collect(),
            Rows::Eight(rows) => rows.iter().flatten().copied().collect(),
            Rows::Sixteen(rows) => rows.iter().flatten().copied().collect(),
            Rows::ThirtyTwo(rows) => rows.iter().flatten().copied().collect(),
        };
        all.retain(|&line| line != 0);
        all.sort_unstable();
        all.dedup();
        all
    }

    /// Whether one of the lines through `field` lies wholly in `fields`.
    #[inline]
    pub(crate) fn any_within(&self, field: FieldId, fields: u64) -> bool {
        let f = usize::from(field);
        let within = match &self.rows {
            Rows::Four(rows) => any_line_within(rows, f, fields),
            Rows::Eight(rows) => any_line_within(rows, f, fields),
            Rows::Sixteen(rows) => any_line_within(rows, f, fields),
            Rows::ThirtyTwo(rows) => any_line_within(rows, f, fields),
        };
        within && self.none >> (f % 64) & 1 == 0
    }
}

/// Each row of `rows` of `W` lines: a field's lines, then its first again (zeros where it has none).
fn padded<const W: usize>(rows: &[Vec<u64>]) -> Vec<[u64; W]> {
    let row = |lines: &Vec<u64>| {
        let first = lines.first().copied().unwrap_or(0);
        std::array::from_fn(|i| lines.get(i).copied().unwrap_or(first))
    };
    rows.iter().map(row).collect()
}

/// Whether one of the lines in row `f` lies wholly in `fields`.
#[inline(always)]
fn any_line_within<const W: usize>(rows: &[[u64; W]], f: usize, fields: u64) -> bool {
    let Some(row) = rows.get(f) else { return false };
    // The top bit of `(x - 1) & !x` is set where x is 0 alone (no field of
    // the line outside `fields`): two lines at a time in SSE2, which has no
    // comparison of 64-bit numbers.
    let within = row.iter().fold(0u64, |any, &line| {
        let outside = line & !fields;
        any | (outside.wrapping_sub(1) & !outside)
    });
    within >> 63 != 0
}

/// The search for the ways a line through `origin` may lie.
struct Runs<'a> {
    board: &'a Board,
    origin: FieldId,
    /// Steps the search may still take.
    steps_left: &'a mut usize,
    found: &'a mut Vec<u64>,
}

impl Runs<'_> {
    /// Adds `line` extended by runs along `dirs` (from the origin) of `left`
    /// fields in all, each way of splitting them; false once it has no steps left.
    fn go(&mut self, dirs: &[u8], left: u8, line: u64) -> bool {
        let Some(left_after) = self.steps_left.checked_sub(1) else { return false };
        *self.steps_left = left_after;
        let Some((&d, rest)) = dirs.split_first() else {
            if left == 0 {
                self.found.push(line);
            }
            return true;
        };
        let (mut at, mut mask) = (self.origin, line);
        for taken in 0..=left {
            if taken > 0 {
                at = self.board.neighbour(at, d);
                if at == NO_FIELD || mask & (1 << at) != 0 {
                    return true;
                }
                mask |= 1 << at;
            }
            if !self.go(rest, left - taken, mask) {
                return false;
            }
        }
        true
    }
}

impl Game {
    /// `t` with each `Line` through the last field moved to (not `exact`)
    /// read from precomputed masks, where the board is small enough for one
    /// mask word and the search for them has `steps` left (counted down).
    pub(crate) fn with_line_masks(&self, t: &Cond, steps: &mut usize) -> Cond {
        let mut each = |ts: &[Cond]| ts.iter().map(|t| self.with_line_masks(t, steps)).collect();
        match t {
            Cond::Line { n, exact: false, moved: true, dirs } if self.board.len() <= 64 => {
                match LineMasks::new(&self.board, *n, dirs, steps) {
                    Some(lines) => Cond::MovedLineMasks(Box::new(lines)),
                    None => t.clone(),
                }
            }
            Cond::All(ts) => Cond::All(each(ts)),
            Cond::Any(ts) => Cond::Any(each(ts)),
            Cond::Not(t) => Cond::Not(Box::new(self.with_line_masks(t, steps))),
            t => t.clone(),
        }
    }

    /// A line made by the last move, by masks: the piece last moved and its owner's other pieces.
    #[inline]
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
            let by_masks = game.with_line_masks(&walked, &mut super::MOST_STEPS.clone());
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

    /// Rows of each width say, for every field and many sets of fields, what
    /// the lines through the field say one by one; more than 32 lines through
    /// a field are not kept as masks.
    #[test]
    fn every_width_of_rows_answers_as_the_lines_one_by_one() {
        use rand::{Rng, SeedableRng};
        let chess = shipped::game("classic/chess", &Options::new()).expect("compiles");
        let tic = shipped::game("classic/tic-tac-toe", &Options::new()).expect("compiles");
        let four = shipped::game("classic/connect-four", &Options::new()).expect("compiles");
        let pairs = |game: &crate::Game| -> Vec<Vec<u8>> {
            let d = |name: &str| game.board.dir(name).expect("a grid direction");
            [["E", "W"], ["N", "S"], ["NE", "SW"], ["NW", "SE"]].map(|p| p.map(d).to_vec()).to_vec()
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut widths = Vec::new();
        let d = |name: &str| chess.board.dir(name).expect("a grid direction");
        // Lines of three bent any way among six directions: 21 through a middle field.
        let six_ways = vec![["E", "W", "N", "S", "NE", "SW"].map(d).to_vec()];
        for (game, n, dirs, width) in [
            (&tic, 3, pairs(&tic), 4),
            (&tic, 2, pairs(&tic), 8),
            (&four, 4, pairs(&four), 16),
            (&chess, 3, six_ways, 32),
        ] {
            let lines = super::LineMasks::new(&game.board, n, &dirs, &mut super::MOST_STEPS.clone());
            let lines = lines.expect("kept as masks");
            let rows = super::LineMasks::through_each(&game.board, n, &dirs, &mut super::MOST_STEPS.clone());
            let rows = rows.expect("found");
            widths.push(match &lines.rows {
                super::Rows::Four(_) => 4,
                super::Rows::Eight(_) => 8,
                super::Rows::Sixteen(_) => 16,
                super::Rows::ThirtyTwo(_) => 32,
            });
            for f in game.board.fields() {
                for _ in 0..200 {
                    let fields: u64 = rng.random::<u64>() | rng.random::<u64>() | rng.random::<u64>();
                    let through = |fields: u64| rows[usize::from(f)].iter().any(|l| l & !fields == 0);
                    for fields in [fields, fields | 1 << f, u64::MAX, 0] {
                        assert_eq!(lines.any_within(f, fields), through(fields), "n {n}, field {f}, {fields:#x}");
                    }
                }
            }
            assert_eq!(widths.last(), Some(&width), "n {n}");
        }
        // Among the eight: 36.
        let all_ways = vec![["E", "W", "N", "S", "NE", "SW", "NW", "SE"].map(d).to_vec()];
        assert!(super::LineMasks::new(&chess.board, 3, &all_ways, &mut super::MOST_STEPS.clone()).is_none());
    }
}

#[cfg(test)]
mod graph_tests {
    use super::Cond;
    use crate::board::{FieldId, NO_FIELD};
    use crate::piece::Piece;
    use crate::{Game, Options};
    use rand::{Rng, SeedableRng};

    /// A game on a board of `fields` fields whose links in directions `a`
    /// and `b` are `links` (`(from, to, dir)`), with `extra` fields linked to
    /// nothing (a board over 64 fields reads its lines field by field).
    fn graph_game(fields: usize, links: &[(usize, usize, &str)], extra: usize) -> Game {
        let all = fields + extra;
        let fields: Vec<String> = (0..all).map(|i| format!(r#"(name: "f{i}", at: ({i}, 0))"#)).collect();
        let links: Vec<String> =
            links.iter().map(|(f, t, d)| format!(r#"(from: "f{f}", to: "f{t}", dir: "{d}")"#)).collect();
        let text = format!(
            r#"Ruleset(
    name: "lines", title: "Lines", players: ["A", "B"],
    board: Graph(fields: [{}], links: [{}, (from: "f0", to: "f0", dir: "a"), (from: "f0", to: "f0", dir: "b")]),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [Hand(piece: "Stone", player: Player(1), count: 9), Hand(piece: "Stone", player: Player(2), count: 9)],
    phases: [(name: "play", moves: [(pieces: ["Stone"], by: Place(), to: Empty)])],
    end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "full")],
)"#,
            fields.join(", "),
            links.join(", ")
        );
        Game::from_source(&text, "lines.ron", &Options::new()).unwrap_or_else(|e| panic!("compiles: {e}"))
    }

    /// Whether `walked` (a `Line` through the last field) holds with `owner`'s pieces on `mine` and the last on `at`.
    fn holds(game: &Game, line: &Cond, mine: &[FieldId], at: FieldId) -> bool {
        let mut s = game.initial_state();
        for &f in mine {
            s.push(f, Piece::new(0, 0));
        }
        s.last_to = at;
        game.eval(line, &s, 0, NO_FIELD)
    }

    /// On random graphs whose rows cross each other and come round short
    /// cycles (each field links on in `a` and in `b` to a random field, or to
    /// none), a `Line` followed field by field says what the masks say (the
    /// field and distinct runs, any split between the directions), on a
    /// board of up to 64 fields and on the same board grown past 64; and
    /// "exactly n" is, along one of the lists, a line of n and none of n + 1.
    #[test]
    fn lines_followed_field_by_field_count_each_field_once_on_any_graph() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut lines, mut crossing) = (0, 0);
        for _ in 0..60 {
            let size = rng.random_range(3..9);
            let mut links = Vec::new();
            for f in 1..size {
                for d in ["a", "b"] {
                    if rng.random_bool(0.8) {
                        links.push((f, rng.random_range(0..size), d));
                    }
                }
            }
            let (small, large) = (graph_game(size, &links, 0), graph_game(size, &links, 70 - size));
            let (a, b) = (small.board.dir("a").expect("a"), small.board.dir("b").expect("b"));
            for dirs in [vec![vec![a, b]], vec![vec![a]], vec![vec![b, a], vec![a]]] {
                for n in 1..=7 {
                    let line = |n, exact| Cond::Line { n, exact, moved: true, dirs: dirs.clone() };
                    let by_masks = |n| small.with_line_masks(&line(n, false), &mut super::MOST_STEPS.clone());
                    assert!(matches!(by_masks(n), Cond::MovedLineMasks(..)));
                    for _ in 0..30 {
                        // Field 0 links to itself: never on a row, it stays empty.
                        let mine: Vec<FieldId> = (1..size as FieldId).filter(|_| rng.random_bool(0.7)).collect();
                        let Some(&at) = mine.first() else { continue };
                        let expected = holds(&small, &by_masks(n), &mine, at);
                        let context = format!("links {links:?}, dirs {dirs:?}, n {n}, mine {mine:?}");
                        assert_eq!(holds(&small, &line(n, false), &mine, at), expected, "{context}");
                        assert_eq!(holds(&large, &line(n, false), &mine, at), expected, "over 64 fields: {context}");
                        // Exactly n along one of the lists: its longest line.
                        let exactly = dirs.iter().any(|list| {
                            let one = |n| {
                                let one = Cond::Line { n, exact: false, moved: true, dirs: vec![list.clone()] };
                                small.with_line_masks(&one, &mut super::MOST_STEPS.clone())
                            };
                            holds(&small, &one(n), &mine, at) && !holds(&small, &one(n + 1), &mine, at)
                        });
                        assert_eq!(holds(&small, &line(n, true), &mine, at), exactly, "exact: {context}");
                        lines += usize::from(expected);
                        let greedy: usize = dirs[0].iter().map(|&d| run(&small, at, d, &mine)).sum();
                        crossing += usize::from(greedy + 1 >= usize::from(n) && !expected);
                    }
                }
            }
        }
        assert!(lines > 1000 && crossing > 100, "{lines} lines, {crossing} that a count of each row alone would see");
    }

    /// Lines that may lie in more ways than the search for them takes are
    /// not kept as masks (the condition stays, read field by field), and
    /// the search has one budget for all the lines of a game: a `Line` in
    /// many conditions cannot spend it again and again.
    #[test]
    fn lines_are_kept_as_masks_within_one_budget() {
        let game = graph_game(8, &[(1, 2, "a"), (2, 1, "b")], 0);
        let (a, b) = (game.board.dir("a").expect("a"), game.board.dir("b").expect("b"));
        let mut steps = 1000;
        assert!(super::LineMasks::new(&game.board, 3, &[vec![a, b]], &mut steps).is_some());
        let spent = 1000 - steps;
        assert!(spent > 0 && super::LineMasks::new(&game.board, 3, &[vec![a, b]], &mut (spent - 1)).is_none());
        let line = Cond::Line { n: 3, exact: false, moved: true, dirs: vec![vec![a, b]] };
        let mut steps = 10 * spent;
        match game.with_line_masks(&Cond::Any(vec![line; 20]), &mut steps) {
            Cond::Any(lines) => {
                let masked = lines.iter().filter(|t| matches!(t, Cond::MovedLineMasks(..))).count();
                assert_eq!(masked, 10, "the first ten, while steps were left");
                assert!(lines[10..].iter().all(|t| matches!(t, Cond::Line { .. })));
            }
            other => panic!("{other:?}"),
        }
    }

    /// The pieces in `mine` along `d` from `at`, as a count that does not look back (at most 8).
    fn run(game: &Game, at: FieldId, d: u8, mine: &[FieldId]) -> usize {
        let mut f = game.board.neighbour(at, d);
        let mut count = 0;
        while count < 8 && f != NO_FIELD && mine.contains(&f) {
            count += 1;
            f = game.board.neighbour(f, d);
        }
        count
    }
}
