//! Counting the legal moves without making them. Where a phase's moves are
//! all placements on empty fields kept as bits (`LandingMasks::empty_targets`), their
//! number is a sum of bit counts and the `i`th of them is found by skipping
//! whole groups: a random playout draws one move without building the list,
//! and "has the player a move?" is the first group with a free place. The
//! moves and their order are those of [`Game::legal_moves`].

use crate::board::{FieldId, NO_FIELD, fields_of_word, nth_field_of_word};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{KindId, Player};
use crate::program::Game;
use crate::program::rules::Phase;
use crate::state::State;

/// The legal moves of a position where they are counted: the first groups
/// (a rule, a kind, the fields free for it, their number) as counted, to find
/// the one drawn without asking again (most phases have one), and the total.
pub(super) struct Counted {
    groups: [(u8, KindId, u64, u32); 4],
    /// How many groups there were, kept or not.
    seen: usize,
    pub n: u32,
}

impl Counted {
    /// The groups as counted, or `None` where they were more than are kept.
    fn kept(&self) -> Option<&[(u8, KindId, u64, u32)]> {
        self.groups.get(..self.seen)
    }

    /// Calls `visit` with each move counted in `s`, in the order of the legal moves.
    pub(super) fn each_move(&self, game: &Game, s: &State, phase: &Phase, mut visit: impl FnMut(Move)) {
        let Some(groups) = self.kept() else {
            (0..self.n).filter_map(|i| game.nth_move(s, i)).for_each(visit);
            return;
        };
        for &(rule_id, kind, free, _) in groups {
            let rule = &phase.rules[usize::from(rule_id)];
            for to in fields_of_word(0, free) {
                visit(placed(rule_id, kind, game.rest(rule, s, to)));
            }
        }
    }
}

impl Game {
    /// How many legal moves `s` has, where they can be counted without being
    /// made (`Counting::Counted` or further, an ordinary decision in a game not over);
    /// `None` elsewhere. A count of 0 means the only legal move is `pass`.
    #[inline]
    pub(crate) fn count_moves(&self, s: &State) -> Option<u32> {
        let phase = self.countable(s)?;
        let mut n = 0;
        self.placements(s, phase, |_, _, free| {
            n += free.count_ones();
            true
        });
        Some(n)
    }

    /// Whether `s` has a legal move other than `pass`, where the moves are
    /// counted ([`Game::count_moves`]): the first place free for a piece in
    /// hand answers, without counting them all. `None` elsewhere.
    #[inline]
    pub(crate) fn has_counted_move(&self, s: &State) -> Option<bool> {
        let phase = self.countable(s)?;
        let mut any = false;
        self.placements(s, phase, |_, _, free| {
            any = free != 0;
            !any
        });
        Some(any)
    }

    /// The `i`th legal move of `s` (from 0, in the order of
    /// [`Game::legal_moves`]), where [`Game::count_moves`] counted more than `i`.
    pub(crate) fn nth_move(&self, s: &State, mut i: u32) -> Option<Move> {
        let phase = self.countable(s)?;
        let mut found = None;
        self.placements(s, phase, |rule_id, kind, free| {
            let n = free.count_ones();
            if i >= n {
                i -= n;
                return true;
            }
            found = Some(self.placement(s, phase, rule_id, kind, free, i));
            false
        });
        found
    }

    /// The move [`Game::nth_move`] makes for the index `draw` gives, out of
    /// the [`Game::count_moves`] legal moves, counted once: where they can be
    /// counted and are more than none; `None` elsewhere (and `draw` is not called).
    pub(crate) fn draw_counted(&self, s: &State, draw: impl FnOnce(u32) -> u32) -> Option<Move> {
        let phase = self.countable(s)?;
        let counted = self.count_groups(s, phase);
        if counted.n == 0 {
            return None;
        }
        self.counted_move(s, phase, &counted, draw(counted.n))
    }

    /// The legal moves of `s`, in a phase where they are counted, by groups.
    #[inline(always)]
    pub(super) fn count_groups(&self, s: &State, phase: &Phase) -> Counted {
        let mut c = Counted { groups: [(0, 0, 0, 0); 4], seen: 0, n: 0 };
        self.placements(s, phase, |rule_id, kind, free| {
            let here = free.count_ones();
            if let Some(g) = c.groups.get_mut(c.seen) {
                *g = (rule_id, kind, free, here);
            }
            c.seen += 1;
            c.n += here;
            true
        });
        c
    }

    /// The `i`th of the moves `counted` counted in `s`: `None` unless `i` is below their number.
    #[inline(always)]
    pub(super) fn counted_move(&self, s: &State, phase: &Phase, counted: &Counted, mut i: u32) -> Option<Move> {
        let Some(groups) = counted.kept() else { return self.nth_move(s, i) };
        for &(rule_id, kind, free, here) in groups {
            if i < here {
                return Some(self.placement(s, phase, rule_id, kind, free, i));
            }
            i -= here;
        }
        None
    }

    /// Where the moves can be counted ([`Game::count_moves`]), puts them in
    /// `out` (empty) group by group, in the order of [`Game::legal_moves`],
    /// a pass if there is none; false elsewhere, and `out` is left as it was.
    pub(crate) fn list_counted(&self, s: &State, out: &mut Vec<Move>) -> bool {
        let Some(phase) = self.countable(s) else { return false };
        self.placements(s, phase, |rule_id, kind, free| {
            let rule = &phase.rules[usize::from(rule_id)];
            out.extend(fields_of_word(0, free).map(|to| placed(rule_id, kind, self.rest(rule, s, to))));
            true
        });
        if out.is_empty() {
            out.push(Move::simple(Action::Pass));
        }
        true
    }

    /// The placement of `kind` by `rule_id` on the `i`th of the `free` fields.
    #[inline(always)]
    fn placement(&self, s: &State, phase: &Phase, rule_id: u8, kind: KindId, free: u64, i: u32) -> Move {
        let rule = &phase.rules[usize::from(rule_id)];
        placed(rule_id, kind, self.rest(rule, s, nth_field_of_word(free, i)))
    }

    /// The phase of `s` where its moves can be counted now.
    #[inline]
    pub(super) fn countable(&self, s: &State) -> Option<&Phase> {
        let phase = &self.phases[usize::from(s.phase)];
        (phase.plan.counting.placings().is_some() && s.awaits_ordinary_decision()).then_some(phase)
    }

    /// Calls `group` with each rule, kind and the fields it may be put on now,
    /// in the order the moves are generated, until it returns false.
    #[inline]
    fn placements(&self, s: &State, phase: &Phase, mut group: impl FnMut(u8, KindId, u64) -> bool) {
        let me = s.to_move;
        let occupied = s.topped_word(0);
        let Some(placings) = phase.plan.counting.placings().and_then(|p| p.get(usize::from(me))) else { return };
        for p in placings {
            if p.tested && !self.eval(&phase.rules[usize::from(p.rule)].only_if_for[usize::from(me)], s, me, NO_FIELD) {
                continue;
            }
            let free = p.targets & !occupied;
            for kind in kinds_in_hand(s, me, p.kinds) {
                if !group(p.rule, kind, free) {
                    return;
                }
            }
        }
    }
}

/// The kinds of the set `kinds` (bits) that `me` holds in hand in `s`, in order.
#[inline(always)]
fn kinds_in_hand(s: &State, me: Player, kinds: u32) -> impl Iterator<Item = KindId> + '_ {
    fields_of_word(0, u64::from(kinds)).map(|k| k as KindId).filter(move |&k| s.hand(me, k) != 0)
}

/// The placement of `kind` by rule `rule_id` that comes to rest on `to`.
#[inline(always)]
pub(super) fn placed(rule_id: u8, kind: KindId, to: FieldId) -> Move {
    Move { action: Action::Place, rule: rule_id, kind, dir: NO_DIR, from: NO_FIELD, to }
}

#[cfg(test)]
mod tests {
    use crate::moves::Action;
    use crate::shipped::testing::{games, visit_random_games};

    /// Along random games of every shipped ruleset, wherever the moves are
    /// counted, the count is the number of legal moves and the `i`th move
    /// is the `i`th legal move.
    #[test]
    fn counted_moves_are_the_legal_moves() {
        let mut counted = 0u64;
        for (name, game) in games() {
            visit_random_games(&game, 6, 20, |s, legal| {
                if let Some(n) = game.count_moves(s) {
                    assert_eq!(legal, generated(&game, s), "{name}: listed from the count as generated");
                    assert_eq!(game.has_counted_move(s), Some(n > 0), "{name}");
                    if n == 0 {
                        assert_eq!(legal.iter().map(|m| m.action).collect::<Vec<_>>(), [Action::Pass], "{name}");
                    } else {
                        let nth: Vec<_> = (0..n).map(|i| game.nth_move(s, i).expect("counted")).collect();
                        assert_eq!(nth, legal, "{name}");
                        assert_eq!(game.nth_move(s, n), None, "{name}: past the count");
                        assert_eq!(drawn(&game, s, n), nth, "{name}");
                    }
                    counted += 1;
                }
            });
        }
        assert!(counted > 1_000, "only {counted} positions counted");
    }

    /// The legal moves of `s` as the generator makes them, rule by rule (a
    /// pass where there is none): where they are counted, no filter and no
    /// repeated move changes them.
    fn generated(game: &crate::Game, s: &crate::State) -> Vec<crate::Move> {
        let mut moves = Vec::new();
        game.generate(s, s.to_move, None, &mut |m| {
            moves.push(m);
            true
        });
        if moves.is_empty() {
            moves.push(crate::Move::simple(Action::Pass));
        }
        moves
    }

    /// The moves [`Game::draw_counted`] makes for each index it may draw,
    /// checking that it offers `n` to draw from.
    fn drawn(game: &crate::Game, s: &crate::State, n: u32) -> Vec<crate::Move> {
        let draw = |i| {
            move |offered| {
                assert_eq!(offered, n, "the count offered to draw from");
                i
            }
        };
        (0..n).map(|i| game.draw_counted(s, draw(i)).expect("counted")).collect()
    }

    /// More groups of placements (a rule and a kind in hand) than a draw
    /// keeps as it counts: nine kinds. The move drawn is the `i`th legal move
    /// whether its group was kept or is found by counting again.
    #[test]
    fn a_drawn_move_is_the_nth_with_more_groups_than_are_kept() {
        use crate::{Game, Options};
        let kinds: Vec<String> = (1..=9).map(|k| format!("K{k}")).collect();
        let pieces = kinds.iter().zip('a'..).map(|(k, letter)| format!("(name: \"{k}\", letter: '{letter}')"));
        let hands =
            kinds.iter().flat_map(|k| [1, 2].map(|p| format!("Hand(piece: \"{k}\", player: Player({p}), count: 1)")));
        let source = format!(
            r#"Ruleset(
                name: "nine kinds",
                title: "Nine kinds",
                players: ["A", "B"],
                board: Grid(cols: 4, rows: 4, links: ["All"]),
                pieces: [{}],
                setup: [{}],
                phases: [(name: "play", moves: [(pieces: [{}], by: Place(), to: Empty)])],
                end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "none left")],
            )"#,
            pieces.collect::<Vec<_>>().join(", "),
            hands.collect::<Vec<_>>().join(", "),
            kinds.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(", "),
        );
        let game = Game::from_source(&source, "nine-kinds.ron", &Options::new()).expect("compiles");
        let mut positions = 0;
        visit_random_games(&game, 3, 10, |s, legal| {
            let n = game.count_moves(s).expect("placements on empty fields are counted");
            if n > 0 {
                assert_eq!(drawn(&game, s, n), legal);
                positions += 1;
            }
        });
        assert!(positions > 50, "{positions}");
    }

    /// Two groups of placements, one of which may go on `a1` only: once `a1`
    /// is taken, that group has no free place while the other has, first or
    /// last. Whether the player has a move is the count's answer at every
    /// position, and a full board ends the game.
    #[test]
    fn a_move_is_found_in_any_group_and_none_on_a_full_board() {
        use crate::{Game, Options};
        for order in ["CORNER, ANY", "ANY, CORNER"] {
            let source = r#"Ruleset(
                name: "two groups",
                title: "Two groups",
                players: ["A", "B"],
                board: Grid(cols: 4, rows: 1, links: ["All"]),
                pieces: [(name: "Stone", letter: 'S'), (name: "Disc", letter: 'D')],
                setup: [
                    Hand(piece: "Stone", player: Player(1), count: 4), Hand(piece: "Disc", player: Player(1), count: 4),
                    Hand(piece: "Stone", player: Player(2), count: 4), Hand(piece: "Disc", player: Player(2), count: 4),
                ],
                phases: [(name: "play", moves: [ORDER])],
                end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "full")],
            )"#
            .replace("ORDER", order)
            .replace("CORNER", r#"(pieces: ["Stone"], by: Place(), to: All([Empty, Field(["a1"])]))"#)
            .replace("ANY", r#"(pieces: ["Disc"], by: Place(), to: Empty)"#);
            let game = Game::from_source(&source, "two-groups.ron", &Options::new()).expect("compiles");
            let corner = game.board.field("a1").expect("a grid field");
            let (mut one_group_empty, mut ended_full) = (0, 0);
            visit_random_games(&game, 8, 30, |s, legal| {
                let n = game.count_moves(s).expect("placements on empty fields are counted");
                assert_eq!(game.has_counted_move(s), Some(n > 0), "{order}");
                assert_eq!(n as usize, legal.len(), "{order}");
                one_group_empty += usize::from(s.height(corner) > 0 && n > 0);
                let mut after = s.clone();
                game.play_unchecked(&mut after, legal[0]);
                if after.is_over() {
                    assert!(game.board.fields().all(|f| after.height(f) > 0), "{order}: ended with room left");
                    ended_full += 1;
                }
            });
            assert!(one_group_empty > 10 && ended_full > 10, "{order}: {one_group_empty}, {ended_full}");
        }
    }
}
