//! Whole turns as the moves of a search (`mcts:N`; not `mcts:N:decisions`): where the player
//! to move decides several times in one turn with no chance outcome between
//! (a chain of hops or captures, a mill and the removal it earns, the dice
//! of one throw), the ways the turn can end, each reached by its decisions.
//!
//! The ways are found by reading the turn decision by decision, depth first,
//! in the order of the legal moves, each position met once: two ways to the
//! same position (the same chain stopped the same, two orders of two dice)
//! are one way, the first found. The reading is bounded ([`TURN_DEPTH`]
//! decisions, [`TURN_POSITIONS`] positions made); where a bound cuts a turn,
//! the position where it stands is a way too (the search goes on from it,
//! still the same player's turn). A turn is the player's decisions until
//! [`Game::turn_goes_on`] says it has passed: a move that earns another turn
//! (Kalah's last seed in the store) ends one.

use crate::moves::{Action, Move};
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;
use std::collections::HashSet;

/// The most decisions read in one turn: a chain of seven hops and its stop.
pub(super) const TURN_DEPTH: usize = 8;
/// The most positions made in reading the turns from one position (the
/// decisions still listed where it is reached are each a way).
pub(super) const TURN_POSITIONS: u32 = 1024;

/// Reads the ways a turn can end; its buffers are kept between readings.
#[derive(Default)]
pub(super) struct TurnReader {
    /// Per decision read: its legal moves and a state to make each in.
    levels: Vec<(Vec<Move>, Option<State>)>,
    /// The decisions of the turn so far.
    path: Vec<Move>,
    /// The keys of the positions met (see [`position_key`]).
    seen: HashSet<u64>,
    /// Positions made in this reading.
    made: u32,
    /// The position read from, keeping its pieces' key.
    root: Option<State>,
}

/// Whose turn is read: the player and the turn's number.
#[derive(Clone, Copy)]
struct Turn {
    mover: Player,
    number: u32,
}

impl Turn {
    /// The turn of the player to move in `s`.
    fn of(s: &State) -> Turn {
        Turn { mover: s.to_move(), number: s.turn() }
    }

    /// Whether `s` is a decision of this turn still ([`Game::turn_still`]).
    fn goes_on(self, game: &Game, s: &State) -> bool {
        game.turn_still(s, self.mover, self.number)
    }
}

impl TurnReader {
    /// Calls `way` with the decisions and the position of each distinct way
    /// the turn of the player to move in `s` can end (or is cut), and says
    /// `true`; calls nothing and says `false` where every legal move of `s`
    /// ends the turn (a turn of one decision: its ways are its moves).
    pub(super) fn read(&mut self, game: &Game, s: &State, way: &mut dyn FnMut(&[Move], &State)) -> bool {
        if s.is_over() {
            return false;
        }
        let turn = Turn::of(s);
        if self.levels.len() < TURN_DEPTH {
            self.levels.resize_with(TURN_DEPTH, || (Vec::new(), None));
        }
        let (mut moves, next) = std::mem::take(&mut self.levels[0]);
        game.legal_moves_into(s, &mut moves);
        let mut next = next.unwrap_or_else(|| s.clone());
        let decides = moves.first().is_some_and(|m| m.action != Action::Chance);
        // Most moves are told by their half (their effects, without the ends and the next
        // player's moves that a move made in full works out).
        let goes_on = decides
            && moves.iter().any(|&m| {
                next.clone_from(s);
                game.make_without_ending(&mut next, m);
                if !game.may_stay_after(&next) {
                    return false;
                }
                next.clone_from(s);
                game.play_unchecked(&mut next, m);
                turn.goes_on(game, &next)
            });
        self.levels[0] = (moves, Some(next));
        if !goes_on {
            return false;
        }
        self.seen.clear();
        self.path.clear();
        self.made = 0;
        // The positions met are told apart by their keys: read from a copy
        // that keeps its key, and so every state made from it (kept between
        // readings, so that no reading allocates one).
        let mut root = self.root.take().unwrap_or_else(|| s.clone());
        root.clone_from(s);
        if !root.keeps_keys() {
            root.keep_keys(true);
        }
        self.walk(game, &root, turn, 0, way);
        self.root = Some(root);
        true
    }

    /// Reads on from `s`, `depth` decisions into `turn` (its decisions so
    /// far in `path`).
    fn walk(&mut self, game: &Game, s: &State, turn: Turn, depth: usize, way: &mut dyn FnMut(&[Move], &State)) {
        let (mut moves, next) = std::mem::take(&mut self.levels[depth]);
        game.legal_moves_into(s, &mut moves);
        if moves.first().is_none_or(|m| m.action == Action::Chance) {
            // Nothing to decide here (not met in the shipped rulesets): the turn ends here.
            self.levels[depth] = (moves, next);
            way(&self.path, s);
            return;
        }
        let mut next = next.unwrap_or_else(|| s.clone());
        for &m in &moves {
            next.clone_from(s);
            game.play_unchecked(&mut next, m);
            self.made += 1;
            if !self.seen.insert(position_key(&next)) {
                continue;
            }
            self.path.push(m);
            let on = depth + 1 < TURN_DEPTH && self.made < TURN_POSITIONS && turn.goes_on(game, &next);
            if on {
                self.walk(game, &next, turn, depth + 1, way);
            } else {
                way(&self.path, &next);
            }
            self.path.pop();
        }
        self.levels[depth] = (moves, Some(next));
    }
}

/// A position as one number: [`State::position_hash`] and the counters (but
/// not the ply: two ways to one position that differ in their number of
/// decisions are one way).
fn position_key(s: &State) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (s.position_hash(), s.counters()).hash(&mut h);
    h.finish()
}

/// How many of a node's ways (best prior first) its descents choose from,
/// after `visits` visits: `1.5 (visits + 1)^0.4` (progressive widening), 13
/// of them after 200 visits. Without it, the hundred and more ways of a
/// Halma turn each took a visit or two of `mcts:200` and the search saw no
/// turn below them: it won neither of 2 games against greedy. Widened, it won
/// 3 to 24 of 24 by the width (docs/agents.md: 43 at the root after 200
/// visits won 3, 29 won 17, 13 won 24 and 23, 5 won 24).
pub(super) fn widened(visits: u32) -> u32 {
    (1.5 * f64::from(visits + 1).powf(0.4)).ceil() as u32
}

#[cfg(test)]
mod tests {
    use super::{TURN_DEPTH, Turn, TurnReader, position_key};
    use crate::moves::{Action, Move};
    use crate::program::Game;
    use crate::shipped::testing::visit_random_games;
    use crate::state::State;
    use crate::{Options, shipped};
    use std::collections::HashSet;

    /// Every sequence of decisions of `turn` from `s` (`depth` into it),
    /// without bounds but a depth and `plays` positions: the keys of the
    /// positions where the turn ends. `None` where a bound is reached.
    fn every_end(game: &Game, s: &State, turn: Turn, depth: usize, plays: &mut u32) -> Option<HashSet<u64>> {
        let legal = game.legal_moves(s);
        if depth > 0 && legal.first().is_none_or(|m| m.action == Action::Chance) {
            return Some(HashSet::from([position_key(s)]));
        }
        let mut ends = HashSet::new();
        for m in legal {
            *plays += 1;
            if *plays > 900 || depth + 1 >= TURN_DEPTH {
                return None;
            }
            let mut next = s.clone();
            game.play_unchecked(&mut next, m);
            if turn.goes_on(game, &next) {
                ends.extend(every_end(game, &next, turn, depth + 1, plays)?);
            } else {
                ends.insert(position_key(&next));
            }
        }
        Some(ends)
    }

    /// Where a game says no turn of it can be several decisions
    /// ([`Game::turns_can_go_on`]), no move of it leaves the turn going on:
    /// along a random game of every shipped ruleset under each option's
    /// every value (every third position read). Most say so (Breakthrough,
    /// chess, Go, the tafl games), and some do not (checked by the test below).
    #[test]
    fn a_game_whose_turns_cannot_go_on_has_no_turn_of_two_decisions() {
        let mut reader = TurnReader::default();
        let (mut single, mut several) = (0, 0);
        for (name, options, game) in crate::shipped::testing::variants() {
            if game.turns_can_go_on() {
                several += 1;
                continue;
            }
            single += 1;
            visit_random_games(&game, 1, 1, |s, _| {
                if s.ply() % 3 == 0 {
                    assert!(!reader.read(&game, s, &mut |_, _| {}), "{name} {options:?}, ply {}", s.ply());
                }
            });
        }
        assert!(single >= 20 && several >= 20, "{single} variants of one decision a turn, {several} of more");
    }

    /// The ways a turn ends that the reader finds are exactly the distinct
    /// positions where a reading of every sequence of the turn's decisions
    /// ends it, each way's decisions lead to its position, and no two ways
    /// to one position: along random games with hop chains (Halma), capture
    /// chains (draughts), mills and their removals (Nine Men's Morris) and
    /// the dice of one throw (Backgammon). Where every move ends the turn
    /// (each decision of Breakthrough, Kalah's sowing into the store that
    /// earns another turn) the reader says so and finds nothing.
    #[test]
    fn the_ways_are_the_distinct_ends_of_the_turn() {
        let games = [
            ("traditional/halma", 3, 40),
            ("traditional/english-draughts", 1, 4),
            ("traditional/nine-mens-morris", 1, 10),
            ("traditional/backgammon", 1, 20),
            ("classic/breakthrough", 1, 0),
            ("traditional/kalah", 1, 0),
        ];
        let mut reader = TurnReader::default();
        // (name, every how many plies a position is read, the least read with turns of several decisions)
        for (name, step, least) in games {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let (mut compared, mut one_decision) = (0, 0);
            visit_random_games(&game, 5, 3, |s, legal| {
                if legal[0].action == Action::Chance || s.ply() % step != 0 {
                    return;
                }
                let turn = Turn::of(s);
                let Some(every) = every_end(&game, s, turn, 0, &mut 0) else { return };
                let mut found: Vec<(Vec<Move>, u64)> = Vec::new();
                let read = reader.read(&game, s, &mut |moves, end| found.push((moves.to_vec(), position_key(end))));
                let ones = legal.iter().all(|&m| {
                    let mut next = s.clone();
                    game.play_unchecked(&mut next, m);
                    !turn.goes_on(&game, &next)
                });
                assert_eq!(read, !ones, "{name}, ply {}", s.ply());
                one_decision += usize::from(ones);
                if !read {
                    assert!(found.is_empty());
                    return;
                }
                for (moves, key) in &found {
                    let mut end = s.clone();
                    moves.iter().for_each(|&m| game.play_unchecked(&mut end, m));
                    assert_eq!(position_key(&end), *key, "{name}: a way's decisions lead to its position");
                    assert!(!turn.goes_on(&game, &end), "{name}: a way ends the turn");
                }
                let keys: HashSet<u64> = found.iter().map(|(_, k)| *k).collect();
                assert_eq!(keys.len(), found.len(), "{name}, ply {}: two ways to one position", s.ply());
                assert_eq!(keys, every, "{name}, ply {}", s.ply());
                compared += usize::from(found.iter().any(|(moves, _)| moves.len() > 1));
            });
            assert!(compared >= least, "{name}: only {compared} positions with turns of several decisions");
            assert!(least > 0 || one_decision > 100, "{name}: {one_decision} positions");
        }
    }

    /// A bound cuts a turn where it stands: the ways then hold positions
    /// still in the turn, and no way is longer than [`TURN_DEPTH`] decisions.
    #[test]
    fn a_turn_cut_by_the_bounds_is_a_way_where_it_stands() {
        let game = shipped::game("traditional/halma", &Options::new()).expect("compiles");
        let mut reader = TurnReader::default();
        let (mut cut, mut read) = (0, 0);
        visit_random_games(&game, 2, 1, |s, legal| {
            let turn = Turn::of(s);
            let mut ways = Vec::new();
            if !reader.read(&game, s, &mut |moves, end| ways.push((moves.to_vec(), turn.goes_on(&game, end)))) {
                return;
            }
            read += 1;
            assert!(ways.iter().all(|(moves, _)| moves.len() <= TURN_DEPTH));
            cut += ways.iter().filter(|(_, on)| *on).count();
            assert!(ways.iter().all(|(moves, _)| legal.contains(&moves[0])), "a way begins with a legal move");
        });
        assert!(read > 100 && cut > 0, "{read} turns read, {cut} ways cut");
    }
}
