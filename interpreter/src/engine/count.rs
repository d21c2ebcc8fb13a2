//! Counting the legal moves without making them. Where a phase's moves are
//! all placements on empty fields kept as bits (`Rule::empty_targets`), their
//! number is a sum of bit counts and the `i`th of them is found by skipping
//! whole groups: a random playout draws one move without building the list,
//! and "has the player a move?" is the first group with a free place. The
//! moves and their order are those of [`Game::legal_moves`].

use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::KindId;
use crate::program::Game;
use crate::program::rules::Phase;
use crate::state::{Pending, State};

impl Game {
    /// How many legal moves `s` has, where they can be counted without being
    /// made ([`Phase::countable`], an ordinary decision in a game not over);
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
            let mut bits = free;
            (0..i).for_each(|_| bits &= bits - 1);
            let rule = &phase.rules[usize::from(rule_id)];
            let to = self.rest(rule, s, bits.trailing_zeros() as FieldId);
            found = Some(Move { action: Action::Place, rule: rule_id, kind, dir: NO_DIR, from: NO_FIELD, to });
            false
        });
        found
    }

    /// The phase of `s` where its moves can be counted now.
    #[inline]
    fn countable(&self, s: &State) -> Option<&Phase> {
        let phase = &self.phases[usize::from(s.phase)];
        let ordinary = s.outcome.is_none() && s.pending == Pending::None && s.continuing.is_none();
        (phase.countable && ordinary).then_some(phase)
    }

    /// Calls `group` with each rule, kind and the fields it may be put on now,
    /// in the order the moves are generated, until it returns false.
    #[inline]
    fn placements(&self, s: &State, phase: &Phase, mut group: impl FnMut(u8, KindId, u64) -> bool) {
        let me = s.to_move;
        let occupied = s.topped_word(0);
        for &ri in &phase.playable[usize::from(me)][0] {
            let rule = &phase.rules[usize::from(ri)];
            let Some(targets) = &rule.empty_targets else { continue };
            if !self.eval(&rule.only_if_for[usize::from(me)], s, me, NO_FIELD) {
                continue;
            }
            let free = targets[usize::from(me)] & !occupied;
            for kind in 0..self.kinds.len() as KindId {
                if rule.pieces & (1 << kind) != 0 && s.hand(me, kind) != 0 && !group(ri, kind, free) {
                    return;
                }
            }
        }
    }
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
                    assert_eq!(game.has_counted_move(s), Some(n > 0), "{name}");
                    if n == 0 {
                        assert_eq!(legal.iter().map(|m| m.action).collect::<Vec<_>>(), [Action::Pass], "{name}");
                    } else {
                        let nth: Vec<_> = (0..n).map(|i| game.nth_move(s, i).expect("counted")).collect();
                        assert_eq!(nth, legal, "{name}");
                        assert_eq!(game.nth_move(s, n), None, "{name}: past the count");
                    }
                    counted += 1;
                }
            });
        }
        assert!(counted > 1_000, "only {counted} positions counted");
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
