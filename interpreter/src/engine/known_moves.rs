//! The moves of the next decision, worked out while a move is played and kept
//! for the caller. Most games end when the player to move has no move
//! (`NoMoves` at the start of a turn): playing a move asks that question of the
//! next player, and a random playout then works out the same player's moves in
//! the same state. [`Game::play_listing`] answers the question from the whole
//! list of legal moves and hands that list back, so that it is made once.
//!
//! The list is kept only for the very state being played (the same object,
//! not a copy a probe plays on) and handed back only if that state is at the
//! same [generation](State::generation) at the end of the move as when the
//! list was made: its pieces and pools have not changed since, nor has the
//! engine changed anything else (it moves the generation on wherever it
//! changes the state after a decision's ends: `State::touch`). One number is
//! compared (issue 48: comparing the whole [`Edition`] cost some 150
//! instructions a ply); builds with debug assertions, as the tests run,
//! compare the whole edition too, and fail where the generation alone would
//! have handed back a list of another state.

use crate::moves::{Move, only_a_pass};
use crate::program::Game;
use crate::state::{Edition, State};
use std::cell::Cell;

thread_local! {
    /// The address of the state [`Game::play_listing`] plays (0: none). Left
    /// set by a panic, it is harmless: a state at that address later has its
    /// moves worked out in full where it is asked whether it has one (the same
    /// answer), and nothing is handed back outside `play_listing`.
    static PLAYING: Cell<usize> = const { Cell::new(0) };
    /// The generation of that state when its legal moves, `MOVES`, were worked out (`None`: not yet).
    static GENERATION: Cell<Option<u64>> = const { Cell::new(None) };
    /// Its edition then, to check the generation by (debug assertions only).
    static EDITION: Cell<Option<Edition>> = const { Cell::new(None) };
    static MOVES: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

fn address(s: &State) -> usize {
    std::ptr::from_ref(s) as usize
}

/// Whether the moves kept are `s`'s: it is at the generation it was at when
/// they were worked out (with debug assertions, checked against its edition).
#[inline(always)]
fn kept_for(s: &State) -> bool {
    let kept = GENERATION.with(Cell::get) == Some(s.generation());
    if cfg!(debug_assertions) && kept {
        assert_eq!(EDITION.with(Cell::get), Some(s.edition()), "the state changed, its generation did not");
    }
    kept
}

impl Game {
    /// Plays `m` in `s`, as [`Game::play_unchecked`]; true if the legal moves
    /// of the state it leaves were worked out on the way, and are now in `out`
    /// (exactly as [`Game::legal_moves_into`] makes them). Else `out` is unchanged.
    #[inline]
    pub(crate) fn play_listing(&self, s: &mut State, m: Move, out: &mut Vec<Move>) -> bool {
        if !self.plan.lists_next_moves {
            self.play_counting(s, m);
            return false;
        }
        self.play_keeping_moves(s, m, out)
    }

    /// [`Game::play_listing`] where an end asks for the moves.
    fn play_keeping_moves(&self, s: &mut State, m: Move, out: &mut Vec<Move>) -> bool {
        PLAYING.with(|c| c.set(address(s)));
        GENERATION.with(|c| c.set(None));
        self.play_counting(s, m);
        PLAYING.with(|c| c.set(0));
        if !kept_for(s) {
            return false;
        }
        // (One access of the thread's cell for both ways: each costs a call.)
        MOVES.with(|kept| {
            let mut moves = kept.take();
            std::mem::swap(out, &mut moves);
            kept.set(moves);
        });
        true
    }

    /// Whether the player to move in `s` has a move other than `pass`, where
    /// `s` is the state [`Game::play_listing`] plays and an ordinary decision
    /// is due: from their legal moves, worked out in full and kept. `None` elsewhere.
    pub(crate) fn has_move_listing(&self, s: &State) -> Option<bool> {
        if !self.plan.lists_next_moves {
            return None;
        }
        let playing = PLAYING.with(Cell::get);
        // (Counted moves are drawn without a list; at a throw or a pending
        // choice the legal moves are not the player's ordinary moves.)
        if playing != address(s)
            || !s.awaits_ordinary_decision()
            || self.phases[usize::from(s.phase)].plan.counting.placings().is_some()
        {
            return None;
        }
        // While the list is made, conditions on `s` itself (a filter's
        // `only_if`) may ask again: they are answered as usual, not by a list.
        PLAYING.with(|c| c.set(0));
        // Through a pointer the compiler cannot see through: a direct call from
        // here moved its inlining of the whole generator.
        let legal_moves_into: fn(&Game, &State, &mut Vec<Move>) = std::hint::black_box(Game::legal_moves_into);
        let any = MOVES.with(|kept| {
            // (A list asked for inside this one finds the cell empty: `PLAYING` is 0 meanwhile.)
            let mut moves = kept.take();
            legal_moves_into(self, s, &mut moves);
            let any = !only_a_pass(&moves);
            kept.set(moves);
            any
        });
        GENERATION.with(|c| c.set(Some(s.generation())));
        if cfg!(debug_assertions) {
            EDITION.with(|c| c.set(Some(s.edition())));
        }
        PLAYING.with(|c| c.set(playing));
        Some(any)
    }
}

#[cfg(test)]
mod tests {
    use super::{PLAYING, address};
    use crate::agents::random_move;
    use crate::shipped::testing::games;
    use crate::{Game, Options, shipped};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The moves are worked out in full, and kept, only for the state being
    /// played: not for a copy of it (a probe may play on a copy, at the same
    /// edition), nor when no move is being played.
    #[test]
    fn moves_are_kept_for_the_state_played_only() {
        let game = shipped::game("seneti", &Options::new()).expect("compiles");
        assert!(game.plan.lists_next_moves);
        let s = game.initial_state();
        let copy = s.clone();
        assert_eq!(game.has_move_listing(&s), None, "nothing is being played");
        PLAYING.with(|c| c.set(address(&s)));
        assert_eq!(game.has_move_listing(&copy), None, "a copy");
        assert_eq!(game.has_move_listing(&s), Some(true));
        PLAYING.with(|c| c.set(0));
    }

    /// A list kept for a state is not handed back once the state changed,
    /// however it changed: its pieces, a counter, the turn handed on, the
    /// game ended, a choice made due; and is while nothing changed.
    #[test]
    fn a_kept_list_is_not_used_once_the_state_changed() {
        use super::kept_for;
        use crate::piece::Piece;
        use crate::state::{Pending, Reason};
        let game = shipped::game("traditional/english-draughts", &Options::new()).expect("compiles");
        let start = game.initial_state();
        type Change<'a> = (&'a str, &'a dyn Fn(&mut crate::State));
        let changes: [Change; 6] = [
            ("nothing", &|_| {}),
            ("a piece put on", &|s| {
                let empty = (0..).find(|&f| s.height(f) == 0).expect("an empty field");
                s.push(empty, Piece::new(0, 0));
            }),
            ("the turn handed on", &|s| {
                let mover = s.to_move;
                game.end_turn(s, mover);
            }),
            ("the game ended", &|s| game.conclude(s, Reason::Blocked, [0; crate::piece::MAX_PLAYERS])),
            ("a counter set", &|s| s.set_counter(0, 5)),
            ("a huff due", &|s| {
                let other = 1 - s.to_move;
                game.offer_huff(s, other);
            }),
        ];
        for (what, change) in changes {
            let mut s = start.clone();
            s.pending = Pending::None;
            PLAYING.with(|c| c.set(address(&s)));
            assert_eq!(game.has_move_listing(&s), Some(true), "{what}");
            PLAYING.with(|c| c.set(0));
            let before = s.clone();
            change(&mut s);
            assert_eq!(s == before, what == "nothing", "{what} changes the state");
            assert_eq!(kept_for(&s), what == "nothing", "{what}");
        }
    }

    /// Plays `games` random games of `game` twice in lock step, from one
    /// seed: through [`Game::play_listing`], drawing from the moves it keeps,
    /// and move by move as the random agent does. The same moves are drawn
    /// and the states stay the same (their editions too); every list kept is
    /// the legal moves. Returns how many plies were played and after how many
    /// a list was kept.
    fn play_both_ways(name: &str, game: &Game, seed: u64, games: usize) -> (usize, usize) {
        let (mut listing, mut stepping) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
        let (mut kept, mut plies) = (0, 0);
        for _ in 0..games {
            let (mut s, mut buf, mut known) = (game.initial_state(), Vec::new(), false);
            let (mut t, mut scratch) = (game.initial_state(), Vec::new());
            while s.ply() < 2_000 {
                let m = random_move(game, &s, &mut buf, known, &mut listing);
                assert_eq!(m, random_move(game, &t, &mut scratch, false, &mut stepping), "{name} at ply {}", s.ply());
                let Some(m) = m else { break };
                known = game.play_listing(&mut s, m, &mut buf);
                game.play_unchecked(&mut t, m);
                assert!(s == t && s.edition() == t.edition(), "{name} at ply {}", s.ply());
                if known {
                    assert_eq!(buf, game.legal_moves(&s), "{name} at ply {}", s.ply());
                    kept += 1;
                }
                plies += 1;
            }
        }
        (plies, kept)
    }

    /// Every shipped ruleset: lists are kept in the games whose ends ask for
    /// them (where the moves are not counted), after most moves, and only there.
    #[test]
    fn playing_with_the_moves_kept_plays_the_same_games() {
        for (name, game) in games() {
            let (plies, kept) = play_both_ways(name, &game, 11, 4);
            if game.plan.lists_next_moves {
                assert!(kept * 2 > plies, "{name}: moves kept after {kept} of {plies} plies");
            } else {
                assert_eq!(kept, 0, "{name}");
            }
        }
    }

    /// Where no list may be kept or none must be made while one is: a race of
    /// three whose ends ask for moves while a throw is due (the legal moves
    /// are then the throw's outcomes, not the player's moves), and a game
    /// whose filter asks for moves in its `only_if` while the list is made.
    #[test]
    fn moves_asked_for_at_a_throw_or_inside_a_filter_are_not_kept() {
        for (name, source) in [("dice race", DICE_RACE), ("asking filter", ASKING_FILTER)] {
            let game = Game::from_source(source, name, &Options::new()).expect("compiles");
            assert!(game.plan.lists_next_moves, "{name}");
            let (plies, _) = play_both_ways(name, &game, 5, 20);
            assert!(plies > 200, "{name}: {plies}");
        }
    }

    const DICE_RACE: &str = r#"Ruleset(
        name: "dice race", title: "Dice race",
        players: ["Red", "Green", "Yellow"],
        board: Track(length: 8, cols: 8),
        pieces: [(name: "Runner", letter: 'R')],
        setup: [
            On(piece: "Runner", player: Player(1), fields: ["1"]),
            On(piece: "Runner", player: Player(2), fields: ["2"]),
            On(piece: "Runner", player: Player(3), fields: ["5"]),
        ],
        chance: [(name: "throw", outcomes: [
            (label: "0", value: 0, weight: 1),
            (label: "1", value: 1, weight: 1, again: True),
            (label: "2", value: 2, weight: 1),
        ])],
        phases: [(name: "race", throw: "throw", moves: [
            (pieces: ["Runner"], by: Run(dirs: ["next"], distance: Throw), to: Empty),
            (pieces: ["Runner"], by: RunOff(dirs: ["next"], distance: Throw, count: Over)),
        ])],
        end: [
            (at: AfterMove, cond: NoPieces(Me), result: Finish(Me), reason: "home"),
            (at: StartOfTurn, cond: All([NoMoves, PlayerIs(2)]), result: Finish(Me), reason: "stuck"),
        ],
    )"#;

    const ASKING_FILTER: &str = r#"Ruleset(
        name: "asking filter", title: "Asking filter",
        players: ["White", "Black"],
        board: Grid(cols: 4, rows: 4, links: ["All"]),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [Hand(piece: "Stone", player: Player(1), count: 6), Hand(piece: "Stone", player: Player(2), count: 6)],
        phases: [(
            name: "play",
            moves: [
                (pieces: ["Stone"], by: Place(), to: Empty),
                (pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty),
            ],
            filters: [RequireAfter(cond: CanMove(Opponent), only_if: Not(NoMoves))],
        )],
        end: [(at: StartOfTurn, cond: Any([NoMoves, Passed]), result: Draw, reason: "no move")],
    )"#;
}
