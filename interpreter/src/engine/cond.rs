//! Evaluating compiled conditions.

use super::scratch::scratch_numbers;
use crate::board::{FieldId, fields_of_word};
use crate::piece::{NOBODY, Player};
pub(crate) use crate::program::Cond;
use crate::program::Game;
use crate::ruleset::Who;
use crate::state::{Pool, State};

/// What tops `field`, seen from `me`, as a one-bit [`Cond::Tops`] mask.
#[inline(always)]
pub(crate) fn tops(s: &State, me: Player, field: FieldId) -> u8 {
    1 << s.top_class(field, me)
}

/// The player `w` names, seen from `me`, in state `s`. (`Opponent` and
/// `NotStarter` stand only in games of two, where the next player is the
/// other; the quantifiers are read by [`Game::holds`], and name `me` here.)
pub(crate) fn who(w: Who, me: Player, s: &State) -> Player {
    // Turn order wraps round; no division on this path, which end conditions take every move.
    let after = |p: Player| if p + 1 >= s.players { 0 } else { p + 1 };
    match w {
        Who::Me | Who::AnyOpponent | Who::EveryOpponent => me,
        Who::Opponent | Who::Next => after(me),
        Who::Previous => {
            if me == 0 {
                s.players.saturating_sub(1)
            } else {
                me - 1
            }
        }
        Who::Player(p) => p - 1,
        Who::Starter => s.first,
        Who::NotStarter => after(s.first),
    }
}

impl Game {
    /// Whether `holds` is true of the player `w` names (seen from `me`), or
    /// of any or every player not on `me`'s team.
    pub(crate) fn holds(&self, w: Who, me: Player, s: &State, holds: impl Fn(Player) -> bool) -> bool {
        match w {
            Who::AnyOpponent => self.opponents(me).any(holds),
            Who::EveryOpponent => self.opponents(me).all(holds),
            _ => holds(who(w, me, s)),
        }
    }

    /// The players not on `me`'s team.
    pub(crate) fn opponents(&self, me: Player) -> impl Iterator<Item = Player> + '_ {
        let team = self.teams[usize::from(me)];
        (0..self.player_count()).filter(move |&p| self.teams[usize::from(p)] != team)
    }

    /// The pieces, of any owner, on `player`'s version of the zone.
    pub(crate) fn count_in(&self, s: &State, zone: u8, player: Player) -> u32 {
        let members = &self.zones[usize::from(zone)].members[usize::from(player)];
        members.iter().map(|f| u32::from(s.height(f))).sum()
    }

    /// Evaluates `t` for player `me`; `field` is the field under test (any for state tests).
    #[inline(always)]
    pub(crate) fn eval(&self, t: &Cond, s: &State, me: Player, field: FieldId) -> bool {
        // Most rules leave `from` and `only_if` at `True`, and most `to` are a
        // `Tops` mask: no call for those.
        match t {
            Cond::True => true,
            Cond::Tops(mask) => mask & tops(s, me, field) != 0,
            _ => self.eval_node(t, s, me, field),
        }
    }

    /// [`Game::eval`] where a move tests its target or a field it passes:
    /// a test guarded by what tops the field ([`Cond::ByTops`]) is decided
    /// here on most fields, without a call. (Only here, not in `eval`:
    /// `eval` is inlined into every caller, so the guard would grow all of
    /// them and change what the compiler inlines in rulesets that have no
    /// guard at all, which then pay for a test they never use.)
    #[inline(always)]
    pub(crate) fn eval_on_field(&self, t: &Cond, s: &State, me: Player, field: FieldId) -> bool {
        match t {
            Cond::ByTops { yes, no, rest } => self.by_tops(*yes, *no, rest, s, me, field),
            _ => self.eval(t, s, me, field),
        }
    }

    /// A [`Cond::ByTops`]: what tops the field decides, else the test in full.
    #[inline(always)]
    fn by_tops(&self, yes: u8, no: u8, rest: &Cond, s: &State, me: Player, field: FieldId) -> bool {
        let top = tops(s, me, field);
        yes & top != 0 || (no & top == 0 && self.eval_node(rest, s, me, field))
    }

    fn eval_node(&self, t: &Cond, s: &State, me: Player, field: FieldId) -> bool {
        let top = || s.top(field);
        match t {
            Cond::True => true,
            Cond::False => false,
            Cond::All(ts) => ts.iter().all(|t| self.eval(t, s, me, field)),
            Cond::Any(ts) => ts.iter().any(|t| self.eval(t, s, me, field)),
            Cond::Not(t) => !self.eval(t, s, me, field),
            Cond::Empty => s.height(field) == 0,
            Cond::Own => top().is_some_and(|p| p.owner == me),
            Cond::Enemy => top().is_some_and(|p| p.owner != me && p.owner != NOBODY),
            Cond::Tops(mask) => mask & tops(s, me, field) != 0,
            Cond::Top(mask) => top().is_some_and(|p| mask & (1 << p.kind) != 0),
            Cond::Has(mask) => s.stack(field).iter().any(|p| mask & (1 << p.kind) != 0),
            Cond::Height(h) => s.height(field) == *h,
            Cond::Full => s.height(field) >= self.fields[usize::from(field)].limit,
            Cond::InZone(z) => self.zones[usize::from(*z)].contains(me, field),
            Cond::Type(mask) => self.fields[usize::from(field)].ftype.is_some_and(|t| mask & (1 << t) != 0),
            Cond::Fields(set) => set.contains(field),
            Cond::FieldsFor(sets) => sets.get(usize::from(me)).is_some_and(|set| set.contains(field)),
            Cond::Beside(dirs, t) => dirs.iter().any(|&d| {
                let next = self.board.neighbour(field, d);
                next != crate::board::NO_FIELD && self.eval(t, s, me, next)
            }),
            Cond::Open => top().is_some_and(|p| !p.flipped),
            Cond::Closed => top().is_some_and(|p| p.flipped),
            Cond::Line { n, exact, moved, dirs } => {
                let at = if *moved { s.last_to } else { field };
                at != crate::board::NO_FIELD
                    && s.top(at).is_some_and(|p| dirs.iter().any(|d| self.has_line(s, at, p.owner, d, *n, *exact)))
            }
            Cond::OnBoard(w, n) => self.holds(*w, me, s, |p| s.on_board(p) >= u32::from(*n)),
            Cond::CountIn(w, z, n) => self.holds(*w, me, s, |p| self.count_in(s, *z, p) >= u32::from(*n)),
            Cond::MovedLineMasks(lines) => self.made_line_by_masks(s, lines),
            Cond::ByTops { yes, no, rest } => self.by_tops(*yes, *no, rest, s, me, field),
            Cond::Thrown(mask) => s.throw.is_some_and(|t| t < 64 && mask & (1 << t) != 0),
            Cond::PieceOnBoard(w, mask) => self.holds(*w, me, s, |p| piece_on_board(s, p, *mask)),
            Cond::PlayerIs(n) => me + 1 == *n,
            Cond::Lead(w, n) => self.holds(*w, me, s, |p| {
                // Ahead of every other player by n.
                let most_other = (0..s.players).filter(|&o| o != p).map(|o| s.on_board(o)).max().unwrap_or(0);
                s.on_board(p) >= most_other + u32::from(*n)
            }),
            Cond::TopFace(n) => top().is_some_and(|p| {
                self.kinds[usize::from(p.kind)].die.is_some() && crate::die::face(p.orient, crate::die::Face::Top) == *n
            }),
            Cond::Phase(p) => s.phase == *p,
            Cond::NoPieces(w) => self.holds(*w, me, s, |p| no_pieces(s, p)),
            Cond::HandEmpty(w) => self.holds(*w, me, s, |p| hand_empty(s, p)),
            Cond::PieceIn(w, mask, z) => self.holds(*w, me, s, |p| self.piece_in(s, p, *mask, *z)),
            Cond::NoMoves => self.no_moves(s),
            Cond::CanMove(w) => self.holds(*w, me, s, |p| self.has_move_for(s, p)),
            Cond::Passed => s.passed,
            Cond::LimitReached => self.max_plies > 0 && s.ply >= self.max_plies,
            Cond::Repeated { times, within, compare } => self.repeated(s, me, *times, *within, *compare),
            Cond::Brackets(run) => self.brackets(s, me, field, run),
            Cond::Counter(c) => self.counter_holds(c, s, me),
            Cond::Marked(mark) => self.is_marked(s, *mark, field),
            Cond::LastMove(f) => self.on_last_move(s, *f, field),
            Cond::Reach(r) => self.reach(r, s, me, field),
            // Read by the search of the `Reach` it stands in (refused elsewhere).
            Cond::Like => false,
            Cond::AllPassed => self.all_passed(s),
            Cond::Attacked(own) => self.attacked(s, me, field, *own),
            Cond::RoyalAttacked => self.royal_attacked(s, me),
        }
    }
}

// The atoms the tree and the flat tests (engine/flat.rs) both read: one home each.

/// `p` has no piece on the board nor in hand (`NoPieces`).
#[inline]
pub(crate) fn no_pieces(s: &State, p: Player) -> bool {
    s.on_board(p) == 0 && (0..s.kinds).all(|k| s.pool(Pool::Hand, p, k, p) == 0)
}

/// `p`'s hand is empty (`HandEmpty`).
#[inline]
pub(crate) fn hand_empty(s: &State, p: Player) -> bool {
    s.pool_total(Pool::Hand, p) == 0
}

/// A piece of `p` of one of the kinds (a bit set) tops a field (`PieceOnBoard`).
#[inline]
pub(crate) fn piece_on_board(s: &State, p: Player, kinds: u32) -> bool {
    s.fields_topped_by(p).any(|f| s.top_kind(f).is_some_and(|k| kinds & (1 << k) != 0))
}

impl Game {
    /// A piece of `p` of one of the kinds tops a field of `p`'s version of zone `z` (`PieceIn`).
    #[inline]
    pub(crate) fn piece_in(&self, s: &State, p: Player, kinds: u32, z: u8) -> bool {
        let zone = &self.zones[usize::from(z)].members[usize::from(p)];
        if s.set_words == 1 {
            // A board of up to 64 fields: one word of each, without the walk over the words.
            return tops_of_kinds(s, zone.first_word() & s.topped_first_word(p), kinds);
        }
        zone.common_words(s.topped_by(p)).any(|f| s.top_kind(f).is_some_and(|k| kinds & (1 << k) != 0))
    }

    /// The player to move has no move (`NoMoves`): from the list kept for
    /// the next decision where one is being made (`engine/known_moves.rs`).
    #[inline]
    pub(crate) fn no_moves(&self, s: &State) -> bool {
        !self.has_move_listing(s).unwrap_or_else(|| self.has_move(s))
    }
}

/// Whether a piece of one of `kinds` (bits) tops one of the fields 0 to 63 in `word`.
pub(super) fn tops_of_kinds(s: &State, word: u64, kinds: u32) -> bool {
    fields_of_word(0, word).any(|f| s.top_kind(f).is_some_and(|k| kinds & (1 << k) != 0))
}

impl Game {
    /// Whether `n` pieces of `owner` stand in a line through `field` (itself
    /// included): the field and runs of their pieces along the directions
    /// (one or two), no field counted twice; with `exact`, no more than `n`.
    /// The reading of [`LineMasks`](crate::program::lines::LineMasks), on any board.
    fn has_line(&self, s: &State, field: FieldId, owner: Player, dirs: &[u8], n: u8, exact: bool) -> bool {
        // Counting one past `n` tells "exactly n" from "more" (past 255 too).
        let cap = usize::from(n) + usize::from(exact);
        // The fields counted so far, while few: a field met again (the rows
        // cross, or a row comes round a cycle) sends to the full count.
        let mut counted = [field; 8];
        let mut count = 1;
        for &d in dirs {
            let mut at = self.board.neighbour(field, d);
            while count < cap && at != crate::board::NO_FIELD && s.is_topped_by(at, owner) {
                if count >= counted.len() || counted[..count].contains(&at) {
                    return self.has_line_crossing(s, field, owner, dirs, cap, n, exact);
                }
                counted[count] = at;
                count += 1;
                at = self.board.neighbour(at, d);
            }
        }
        if exact { count == usize::from(n) } else { count >= usize::from(n) }
    }

    /// [`Game::has_line`] where its rows meet a field twice or are long: the
    /// longest line of distinct fields, over every split between the two
    /// directions (bounded: each row holds fewer than `cap` fields). Rare:
    /// no shipped ruleset comes here.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn has_line_crossing(
        &self,
        s: &State,
        field: FieldId,
        owner: Player,
        dirs: &[u8],
        cap: usize,
        n: u8,
        exact: bool,
    ) -> bool {
        let want = cap.saturating_sub(1);
        let row = |d: u8, row: &mut Vec<u32>| {
            let mut at = self.board.neighbour(field, d);
            while row.len() < want
                && at != crate::board::NO_FIELD
                && at != field
                && !row.contains(&u32::from(at))
                && s.is_topped_by(at, owner)
            {
                row.push(u32::from(at));
                at = self.board.neighbour(at, d);
            }
        };
        // Pooled rows: a long line may be read after every move.
        let (mut a, mut b) = (scratch_numbers(), scratch_numbers());
        let longest = match *dirs {
            [d] => {
                row(d, &mut a);
                a.len()
            }
            [d, e] => {
                row(d, &mut a);
                row(e, &mut b);
                // Where each field of the second row stands in the first: the
                // second stops before a field the first took.
                let mut in_a = scratch_numbers();
                in_a.extend(b.iter().map(|f| a.iter().position(|g| g == f).map_or(u32::MAX, |k| k as u32)));
                let first_taken = |i: usize| in_a.iter().position(|&k| (k as usize) < i).unwrap_or(b.len());
                (0..=a.len()).map(|i| i + first_taken(i)).max().unwrap_or(0)
            }
            // More directions are refused where the ruleset is compiled.
            _ => 0,
        };
        let count = 1 + longest.min(want);
        if exact { count == usize::from(n) } else { count >= usize::from(n) }
    }
}

#[cfg(test)]
mod tests {
    use super::Cond;
    use crate::piece::Piece;
    use crate::{Options, shipped};

    /// `PieceIn` (read a word at a time, and in one word on boards of up to
    /// 64 fields) says what the stacks say, field by field: along random
    /// games of every shipped ruleset and option value (boards of one word
    /// and of several), for every zone, player and kind.
    #[test]
    fn a_piece_in_a_zone_is_found_as_the_stacks_show_it() {
        let (mut tested, mut held, mut wide) = (0, 0, 0);
        for (name, options, game) in shipped::testing::variants() {
            wide += usize::from(game.board.len() > 64);
            shipped::testing::visit_random_games(&game, 3, 1, |s, _| {
                for (z, zone) in game.zones.iter().enumerate() {
                    for p in 0..game.player_count() {
                        for kinds in (0..game.kinds.len()).map(|k| 1u32 << k).chain([!0]) {
                            let stacks = game.board.fields().any(|f| {
                                zone.contains(p, f)
                                    && s.top(f).is_some_and(|t| t.owner == p && kinds & (1 << t.kind) != 0)
                            });
                            assert_eq!(
                                game.piece_in(s, p, kinds, z as u8),
                                stacks,
                                "{name} {options:?} zone {z} player {p}"
                            );
                            (tested, held) = (tested + 1, held + usize::from(stacks));
                        }
                    }
                }
            });
        }
        assert!(tested > 100_000 && held > 1_000 && wide > 0, "{tested} tested, {held} held, {wide} wide boards");
    }

    /// "Exactly 255" is no longer line: a row of 258 counts one past 255,
    /// not 255 (a count kept in a byte stopped there).
    #[test]
    fn an_exact_line_of_255_is_not_a_longer_one() {
        let text = r#"Ruleset(
    name: "long", title: "Long", players: ["A", "B"],
    board: Track(length: 300, cols: 20),
    pieces: [(name: "S", letter: 'S')],
    setup: [Hand(piece: "S", player: Player(1), count: 1)],
    phases: [(name: "play", moves: [(pieces: ["S"], by: Place(), to: Empty)])],
)"#;
        let game = crate::Game::from_source(text, "long.ron", &Options::new()).expect("compiles");
        let dirs = vec![["next", "prev"].map(|d| game.board.dir(d).expect("a track direction")).to_vec()];
        let line = |n, exact| Cond::Line { n, exact, moved: false, dirs: dirs.clone() };
        for (stones, n, exact, holds) in [
            (258, 255, true, false),
            (255, 255, true, true),
            (256, 255, true, false),
            (258, 255, false, true),
            (254, 255, false, false),
        ] {
            let mut s = game.initial_state();
            (0..stones).for_each(|f| s.push(f, Piece::new(0, 0)));
            assert_eq!(game.eval(&line(n, exact), &s, 0, 10), holds, "{stones} stones, n {n}, exact {exact}");
        }
    }

    /// Conditions on what tops a field, up to two levels deep.
    fn tops_conditions() -> Vec<Cond> {
        let atoms = [Cond::True, Cond::False, Cond::Empty, Cond::Own, Cond::Enemy, Cond::Open, Cond::Closed];
        let mut one: Vec<Cond> = atoms.to_vec();
        one.extend(atoms.iter().map(|a| Cond::Not(Box::new(a.clone()))));
        let mut all = one.clone();
        for a in &one {
            for b in &one {
                all.push(Cond::All(vec![a.clone(), b.clone()]));
                all.push(Cond::Any(vec![a.clone(), b.clone()]));
                all.push(Cond::Not(Box::new(Cond::Any(vec![a.clone(), Cond::All(vec![b.clone(), a.clone()])]))));
            }
        }
        all
    }

    #[test]
    fn a_compacted_condition_says_what_the_original_says_on_every_kind_of_top() {
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let field = 30; // empty at the start
        let tops = [None, Some((0, false)), Some((1, false)), Some((0, true)), Some((1, true))];
        let conditions = tops_conditions();
        for top in tops {
            let mut s = game.initial_state();
            if let Some((owner, flipped)) = top {
                s.push(field, Piece { flipped, ..Piece::new(0, owner) });
            }
            for me in 0..2 {
                for t in &conditions {
                    let compact = t.clone().compact();
                    assert_eq!(
                        game.eval(&compact, &s, me, field),
                        game.eval(t, &s, me, field),
                        "{t:?} as {compact:?}, for player {me} with {top:?} on top"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod guard_tests {
    use super::Cond;
    use crate::piece::Piece;
    use crate::shipped::testing::variants;
    use crate::{Options, shipped};

    /// Tests of a field mixing what tops it with what they read beyond it
    /// (the stack's height, kinds and a line through the field), compacted
    /// as the compiler leaves them, up to two levels deep.
    fn mixed_conditions(line_dirs: Vec<Vec<u8>>) -> Vec<Cond> {
        let line = Cond::Line { n: 2, exact: false, moved: false, dirs: line_dirs };
        let atoms = [Cond::Empty, Cond::Own, Cond::Enemy, Cond::Closed, Cond::Height(0), Cond::Height(2)];
        let atoms = atoms.into_iter().chain([Cond::Top(1), Cond::Has(2), line]);
        let one: Vec<Cond> = atoms.flat_map(|a| [Cond::Not(Box::new(a.clone())), a]).collect();
        let mut all = Vec::new();
        for a in &one {
            for b in &one {
                all.push(Cond::All(vec![a.clone(), b.clone()]));
                all.push(Cond::Any(vec![a.clone(), Cond::Not(Box::new(b.clone()))]));
                all.push(Cond::Any(vec![a.clone(), Cond::All(vec![b.clone(), Cond::Not(Box::new(a.clone()))])]));
            }
        }
        all.into_iter().map(Cond::compact).collect()
    }

    /// A test guarded by what tops the field says what the test says, for
    /// each player, on fields with nothing, one piece or two of either
    /// player, open or turned over, in a line with a piece beside or not:
    /// in `eval` and where moves test their targets.
    #[test]
    fn a_test_guarded_by_what_tops_the_field_says_what_the_test_says() {
        // A board where two pieces stack, of three kinds.
        let game = shipped::game("seti-aleph", &Options::new()).expect("compiles");
        let field = |name| game.board.field(name).expect("a field of the board");
        let (field, beside) = (field("b5"), field("c5")); // empty at the start, side by side
        let east_west = vec![vec![game.board.dir("E").expect("a grid"), game.board.dir("W").expect("a grid")]];
        let conditions = mixed_conditions(east_west);
        let mut guarded = 0;
        let piece = |owner, kind, flipped| Piece { flipped, ..Piece::new(kind, owner) };
        let stacks: Vec<Vec<Piece>> = vec![
            vec![],
            vec![piece(0, 0, false)],
            vec![piece(1, 1, false)],
            vec![piece(0, 1, true)],
            vec![piece(1, 0, true)],
            vec![piece(1, 1, false), piece(0, 0, false)],
            vec![piece(0, 1, false), piece(1, 0, true)],
        ];
        for stack in &stacks {
            for neighbour in [None, Some(0), Some(1)] {
                let mut s = game.initial_state();
                stack.iter().for_each(|&p| s.push(field, p));
                if let Some(owner) = neighbour {
                    s.push(beside, piece(owner, 0, false));
                }
                for t in &conditions {
                    let guard = t.clone().guard_by_tops();
                    guarded += usize::from(matches!(guard, Cond::ByTops { .. }));
                    for me in 0..2 {
                        let expected = game.eval(t, &s, me, field);
                        let at = format!("{t:?} as {guard:?}, player {me}, stack {stack:?}, beside {neighbour:?}");
                        assert_eq!(game.eval(&guard, &s, me, field), expected, "{at}");
                        assert_eq!(game.eval_on_field(&guard, &s, me, field), expected, "{at}");
                    }
                }
            }
        }
        assert!(guarded > 1_000, "only {guarded} tests guarded");
    }

    /// Along random games of every shipped variant, the moves are the same
    /// with the rules' field tests guarded and as written.
    #[test]
    fn guarded_field_tests_make_the_same_moves() {
        let mut positions = 0;
        for (name, options, game) in variants() {
            let mut unguarded = game.clone();
            let mut guards = 0;
            for rule in unguarded.phases.iter_mut().flat_map(|p| &mut p.rules) {
                for test in rule.field_tests_mut() {
                    if let Cond::ByTops { rest, .. } = test {
                        *test = std::mem::replace(rest, Cond::True);
                        guards += 1;
                    }
                }
            }
            if guards == 0 {
                continue;
            }
            crate::shipped::testing::visit_random_games(&game, 19, 3, |s, legal| {
                assert_eq!(legal, unguarded.legal_moves(s), "{name} {options:?}");
                positions += 1;
            });
        }
        assert!(positions > 1_000, "only {positions} positions with guarded tests");
    }
}
