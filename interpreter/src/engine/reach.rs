//! Regions: the breadth-first search of a `Reach` (a group's liberty, a
//! connection between zones, an encirclement), a group's capture, and the
//! area a player holds. Each search visits a field once (a visited set from
//! the scratch pool) and reads each link once: O(fields + links).

use super::cond::tops;
use super::scratch::{scratch_fields, scratch_numbers};
use crate::board::{FieldId, FieldSet, NO_FIELD};
use crate::piece::{NOBODY, Player};
use crate::program::{Cond, Game, ReachSearch, ReachStart};
use crate::state::State;

/// What `Like` compares: the owner of what tops a field, or [`EMPTY`].
type Origin = u8;
/// The origin of an empty field.
const EMPTY: Origin = u8::MAX;

/// The owner of what tops `f` (`NOBODY` for a neutral piece), or [`EMPTY`].
#[inline]
fn origin(s: &State, f: FieldId) -> Origin {
    s.top(f).map_or(EMPTY, |p| p.owner)
}

impl Game {
    /// Evaluates a `Reach` for `me`; `field` is the field under test (`from: Here`).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn reach(&self, r: &ReachSearch, s: &State, me: Player, field: FieldId) -> bool {
        let start = match &r.from {
            ReachStart::Here => field,
            ReachStart::Moved => s.last_to,
            ReachStart::Where(t) => return self.reach_from_where(r, t, s, me),
        };
        if start == NO_FIELD {
            return false;
        }
        // Most searches end at once: the start or a field next to it is a goal
        // (a stone with a liberty beside it). Read those before taking a visited set.
        if self.reached_near(r, s, me, start) {
            return true;
        }
        let mut visited = scratch_fields(self.board.len());
        self.search(r, s, me, &[u32::from(start)], origin(s, start), &mut visited)
    }

    /// Whether `start` or a field next to it along the search's directions
    /// holds `to`: what [`Game::search`] from `start` alone tests first, so
    /// true here is its answer (false leaves the search to decide).
    #[inline]
    fn reached_near(&self, r: &ReachSearch, s: &State, me: Player, start: FieldId) -> bool {
        let from = origin(s, start);
        let to = |f: FieldId| self.reach_test(&r.to, r.like, s, me, from, f);
        to(start)
            || r.dirs.iter().any(|&d| {
                let g = self.board.neighbour(start, d);
                g != NO_FIELD && g != start && to(g)
            })
    }

    /// A `Reach` from every field where `t` holds: one search, or with
    /// `Like`, one for each owner topping a start field (each its own visited set).
    fn reach_from_where(&self, r: &ReachSearch, t: &Cond, s: &State, me: Player) -> bool {
        let mut starts = scratch_numbers();
        starts.extend(self.board.fields().filter(|&f| self.eval(t, s, me, f)).map(u32::from));
        let mut visited = scratch_fields(self.board.len());
        if !r.like {
            return self.search(r, s, me, &starts, EMPTY, &mut visited);
        }
        // Each origin once, in the order first met (at most the players, neutral and empty).
        let mut origins = [EMPTY; crate::piece::MAX_PLAYERS + 2];
        let mut count = 0;
        for &f in starts.iter() {
            let o = origin(s, f as FieldId);
            if !origins[..count].contains(&o) && count < origins.len() {
                origins[count] = o;
                count += 1;
            }
        }
        let mut of_origin = scratch_numbers();
        origins[..count].iter().any(|&o| {
            of_origin.clear();
            of_origin.extend(starts.iter().copied().filter(|&f| origin(s, f as FieldId) == o));
            visited.reset(self.board.len());
            self.search(r, s, me, &of_origin, o, &mut visited)
        })
    }

    /// The search itself, from `starts`, `Like` reading `from` as the origin.
    fn search(
        &self,
        r: &ReachSearch,
        s: &State,
        me: Player,
        starts: &[u32],
        from: Origin,
        visited: &mut FieldSet,
    ) -> bool {
        let test = |t: &Cond, f: FieldId| self.reach_test(t, r.like, s, me, from, f);
        let mut queue = scratch_numbers();
        for &f in starts {
            let f = f as FieldId;
            if visited.contains(f) {
                continue;
            }
            visited.insert(f);
            if test(&r.to, f) {
                return true;
            }
            queue.push(u32::from(f));
        }
        let mut next = 0;
        while let Some(&f) = queue.get(next) {
            next += 1;
            for &d in &r.dirs {
                let g = self.board.neighbour(f as FieldId, d);
                if g == NO_FIELD || visited.contains(g) {
                    continue;
                }
                if test(&r.to, g) {
                    return true;
                }
                if test(&r.through, g) {
                    visited.insert(g);
                    queue.push(u32::from(g));
                }
            }
        }
        false
    }

    /// A field test of a `Reach` (`like`: one that reads `Like`, topped as
    /// `from`): a mask of tops and `Like` itself, the usual tests, in place.
    #[inline(always)]
    fn reach_test(&self, t: &Cond, like: bool, s: &State, me: Player, from: Origin, f: FieldId) -> bool {
        match t {
            Cond::Tops(mask) => mask & tops(s, me, f) != 0,
            Cond::Empty => s.height(f) == 0,
            Cond::Like => origin(s, f) == from,
            _ if like => self.like_test(t, s, me, from, f),
            _ => self.eval(t, s, me, f),
        }
    }

    /// A field test inside a `Reach` that reads `Like` (topped as `from`).
    fn like_test(&self, t: &Cond, s: &State, me: Player, from: Origin, f: FieldId) -> bool {
        match t {
            Cond::Like => origin(s, f) == from,
            Cond::All(ts) => ts.iter().all(|t| self.like_test(t, s, me, from, f)),
            Cond::Any(ts) => ts.iter().any(|t| self.like_test(t, s, me, from, f)),
            Cond::Not(t) => !self.like_test(t, s, me, from, f),
            _ => self.eval(t, s, me, f),
        }
    }

    /// Every player still playing passed in a row, the last decision included.
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn all_passed(&self, s: &State) -> bool {
        let playing = s.finished[..usize::from(s.players)].iter().filter(|&&f| f == 0).count();
        s.passed && usize::from(s.passes) + 1 >= playing
    }

    /// The group of `owner`'s pieces on `at` (the fields topped by `owner`,
    /// joined along `dirs`) into `group`, marked in `visited` (empty at the
    /// call): whether it has a liberty (an empty field next to one of its
    /// fields). `filled` is counted as topped by another owner, whatever
    /// it holds: the landing of a piece not yet put down
    /// (`engine/foresight.rs`), or `NO_FIELD`. The search stops at the first
    /// liberty, so `group` is whole only when there is none (the only time
    /// it is read).
    pub(super) fn liberty_group(
        &self,
        s: &State,
        dirs: &[u8],
        (at, owner): (FieldId, Player),
        filled: FieldId,
        visited: &mut FieldSet,
        group: &mut Vec<u32>,
    ) -> bool {
        group.clear();
        group.push(u32::from(at));
        visited.insert(at);
        let mut next = 0;
        while let Some(&f) = group.get(next) {
            next += 1;
            for &d in dirs {
                let g = self.board.neighbour(f as FieldId, d);
                if g == NO_FIELD || g == filled {
                    continue;
                }
                if s.height(g) == 0 {
                    return true;
                }
                if !visited.contains(g) && origin(s, g) == owner {
                    visited.insert(g);
                    group.push(u32::from(g));
                }
            }
        }
        false
    }

    /// Group capture (see `EffectDef::CaptureGroups`): every enemy group next
    /// to `landed` along `dirs` with no liberty is captured; then, with
    /// `own`, the mover's group on `landed` if it has none. How many pieces
    /// it took. Each group next to `landed` is searched on its own (a group
    /// met twice is searched twice; a group taken is gone by then), at most
    /// once a direction: O(dirs x (fields + links)), and most stones have a
    /// liberty beside them, read without a search.
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(super) fn capture_groups(&self, s: &mut State, dirs: &[u8], own: bool, landed: FieldId, me: Player) -> u32 {
        // The visited set and the group's list, taken once a group needs a search.
        let mut scratch = None;
        let mut taken = 0;
        let free = |s: &State, at: FieldId| {
            dirs.iter().any(|&d| {
                let g = self.board.neighbour(at, d);
                g != NO_FIELD && s.height(g) == 0
            })
        };
        for &d in dirs {
            let g = self.board.neighbour(landed, d);
            let enemy = g != NO_FIELD && s.top(g).is_some_and(|p| p.owner != me && p.owner != NOBODY);
            if !enemy || free(s, g) {
                continue;
            }
            let (visited, group) = scratch.get_or_insert_with(|| (scratch_fields(self.board.len()), scratch_numbers()));
            visited.reset(self.board.len());
            if self.liberty_group(s, dirs, (g, origin(s, g)), NO_FIELD, visited, group) {
                continue;
            }
            for &f in group.iter() {
                taken += self.capture_stack(s, f as FieldId, me);
            }
        }
        if own && s.top(landed).is_some_and(|p| p.owner == me) && !free(s, landed) {
            let (visited, group) = scratch.get_or_insert_with(|| (scratch_fields(self.board.len()), scratch_numbers()));
            visited.reset(self.board.len());
            if !self.liberty_group(s, dirs, (landed, me), NO_FIELD, visited, group) {
                for &f in group.iter() {
                    taken += self.capture_stack(s, f as FieldId, me);
                }
            }
        }
        taken
    }

    /// Each player's score by area (`EndResult::MostArea`), the directions
    /// as a bit set, plus each player's value of the counter per player
    /// whose first slot `plus` is (komi).
    #[inline(never)] // (out of line: the engine's hot functions stay as small as without it)
    pub(crate) fn area_scores(&self, s: &State, dirs: u64, plus: Option<u16>) -> [i64; crate::piece::MAX_PLAYERS] {
        let mut list = [0u8; 64];
        let mut n = 0;
        for d in (0..64u8).filter(|&d| dirs & 1 << d != 0) {
            list[n] = d;
            n += 1;
        }
        let mut area = self.area(s, &list[..n]);
        if let Some(first) = plus {
            for p in 0..s.players {
                area[usize::from(p)] += i64::from(s.counter(usize::from(first) + usize::from(p)));
            }
        }
        area
    }

    /// Each player's area (see `EndResult::MostArea`): their pieces on the
    /// board, and each empty region (joined along `dirs`) whose bordering
    /// pieces are all theirs.
    pub(crate) fn area(&self, s: &State, dirs: &[u8]) -> [i64; crate::piece::MAX_PLAYERS] {
        let mut area = [0i64; crate::piece::MAX_PLAYERS];
        let mut visited = scratch_fields(self.board.len());
        let mut region = scratch_numbers();
        for f in self.board.fields() {
            match s.top(f) {
                Some(p) if usize::from(p.owner) < area.len() => area[usize::from(p.owner)] += 1,
                Some(_) => {}
                None if !visited.contains(f) => {
                    // The empty region of `f`, and who borders it (a bit per owner).
                    region.clear();
                    region.push(u32::from(f));
                    visited.insert(f);
                    let mut borders = 0u32;
                    let mut next = 0;
                    while let Some(&e) = region.get(next) {
                        next += 1;
                        for &d in dirs {
                            let g = self.board.neighbour(e as FieldId, d);
                            if g == NO_FIELD {
                                continue;
                            }
                            match s.top(g) {
                                Some(p) => borders |= 1 << p.owner.min(31),
                                None if !visited.contains(g) => {
                                    visited.insert(g);
                                    region.push(u32::from(g));
                                }
                                None => {}
                            }
                        }
                    }
                    if borders.count_ones() == 1 {
                        let owner = borders.trailing_zeros() as usize;
                        if owner < area.len() {
                            area[owner] += region.len() as i64;
                        }
                    }
                }
                None => {}
            }
        }
        area
    }
}

#[cfg(test)]
mod tests {
    use crate::piece::Piece;
    use crate::{Game, Options};

    /// A game of stones on a grid whose end condition is `cond` (a state condition).
    fn game(cond: &str, cols: u16, rows: u16) -> Result<Game, crate::Error> {
        let text = format!(
            r#"Ruleset(
    name: "reach", title: "Reach", players: ["A", "B"],
    board: Grid(cols: {cols}, rows: {rows}, links: ["Orthogonal"]),
    pieces: [(name: "S", letter: 'S')],
    setup: [Hand(piece: "S", player: Player(1), count: 9), Hand(piece: "S", player: Player(2), count: 9)],
    phases: [(name: "play", moves: [(pieces: ["S"], by: Place())])],
    end: [(at: AfterMove, cond: {cond}, result: Win(Me), reason: "reached")],
)"#
        );
        Game::from_source(&text, "reach.ron", &Options::new())
    }

    fn holds(game: &Game, stones: &[(&str, u8)]) -> bool {
        let mut s = game.initial_state();
        for &(name, owner) in stones {
            s.push(game.board.field(name).expect("a field"), Piece::new(0, owner));
        }
        game.eval(&game.ends[0].test, &s, 0, crate::board::NO_FIELD)
    }

    /// From every field where a test holds, one search per owner with
    /// `Like`: A's chain joins the edges, B's stones never join A's.
    #[test]
    fn a_reach_from_fields_where_a_test_holds_joins_like_pieces_only() {
        let cond = r#"Reach(dirs: ["Orthogonal"], from: Where(All([Not(Empty), Field(["a1", "b1", "c1", "d1", "e1"])])), through: Like, to: All([Like, Field(["a5", "b5", "c5", "d5", "e5"])]))"#;
        let game = game(cond, 5, 5).expect("compiles");
        let column = [("c1", 0), ("c2", 0), ("c3", 0), ("c4", 0), ("c5", 0)];
        assert!(holds(&game, &column));
        // Broken by B's stone: B's own start on a1 does not join A's pieces.
        let broken = [("c1", 0), ("c2", 0), ("c3", 1), ("c4", 0), ("c5", 0), ("a1", 1)];
        assert!(!holds(&game, &broken));
        // B's column joins too (its own search).
        assert!(holds(&game, &[("a1", 1), ("a2", 1), ("a3", 1), ("a4", 1), ("a5", 1), ("c1", 0)]));
        assert!(holds(&game, &[("c1", 0), ("c2", 0), ("d2", 0), ("d3", 0), ("d4", 0), ("d5", 0)]));
    }

    /// An encirclement: the stone on c3 cannot reach the edge through fields free of the enemy.
    #[test]
    fn an_encirclement_is_a_reach_that_fails() {
        let cond = r#"Not(Reach(dirs: ["Orthogonal"], from: Where(Own), through: Not(Enemy), to: Field(["a1", "a2", "a3", "a4", "a5", "e1", "e2", "e3", "e4", "e5", "b1", "c1", "d1", "b5", "c5", "d5"])))"#;
        let game = game(cond, 5, 5).expect("compiles");
        let ring = [("c3", 0), ("b2", 1), ("c2", 1), ("d2", 1), ("b3", 1), ("d3", 1), ("b4", 1), ("c4", 1), ("d4", 1)];
        assert!(holds(&game, &ring));
        let open = [("c3", 0), ("b2", 1), ("c2", 1), ("d2", 1), ("b3", 1), ("d3", 1), ("b4", 1), ("d4", 1)];
        assert!(!holds(&game, &open));
    }

    /// `Like` stands only in a `Reach`; a `Reach` is counted against the bound on one test.
    #[test]
    fn like_outside_a_reach_and_a_reach_past_the_bound_are_refused_where_written() {
        let err = game("Beside([\"N\"], Like)", 5, 5).expect_err("refused").to_string();
        assert!(err.contains("`Like`") && err.contains("end[0].cond"), "{err}");
        // 26 x 60 fields, 4 directions, two tests: 12,480 atoms a test.
        let err = game(r#"Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty)"#, 26, 60)
            .expect_err("refused")
            .to_string();
        assert!(err.contains("more than 10000"), "{err}");
        assert!(game(r#"Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty)"#, 19, 19).is_ok());
        let err =
            game(r#"Reach(dirs: ["Orthogonal"], through: Own, to: Empty)"#, 5, 5).expect_err("refused").to_string();
        assert!(err.contains("Reach(from: Here)"), "{err}");
        let text = r#"Ruleset(name: "p", title: "P", players: ["A", "B"], board: Grid(cols: 2, rows: 1, links: ["E"]),
    pieces: [(name: "S", letter: 'S')], setup: [Hand(piece: "S", player: Player(1), count: 1)],
    phases: [(name: "play", moves: [(pieces: [], by: Pass)])],
    end: [(at: StartOfTurn, cond: AllPassed, result: Draw, reason: "passed")])"#;
        let err = Game::from_source(text, "p.ron", &Options::new()).expect_err("refused").to_string();
        assert!(err.contains("`AllPassed` is read after a move"), "{err}");
    }
}
