//! Random play and perft through counted turns. Where every turn of a phase is one
//! placement whose moves are counted ([`Game::count_moves`]) and made the
//! plain way ([`Rule::plain`]), and the turn then passes to the next player
//! with nothing else to decide (one decision a turn, no throw, no change of
//! phase, no end by which a player finishes and the game goes on), random
//! turns run in one loop ([`Phase::counted_turns`]): the count made for the
//! start-of-turn "no move?" test is the one the next draw reads, and of a
//! turn's steps only those such a turn has are taken. The moves drawn, the
//! random numbers used and the states reached are those of the general way
//! (a [`Game::draw_counted`] draw, then [`Game::play_listing`]); a test
//! plays both side by side. Perft goes down such turns the same way, each
//! move made as a playout makes it.

use rand::Rng;

use super::count::Counted;
use super::{Cond, Phase};
use crate::moves::Move;
use crate::piece::MAX_PLAYERS;
use crate::program::Game;
use crate::ruleset::When;
use crate::state::{Reason, State};

impl Game {
    /// The phase of `s` if it is at a counted turn: an ordinary decision of
    /// a phase with counted turns, taken as such a turn is (not another turn
    /// earned, a second decision, or with a player out of the game: those the
    /// general way plays).
    #[inline]
    pub(super) fn counted_turn_phase(&self, s: &State) -> Option<&Phase> {
        let phase = &self.phases[usize::from(s.phase)];
        let plain_turn = !s.again && s.decisions_left <= 1 && s.finished.iter().all(|&f| f == 0);
        (phase.counted_turns && plain_turn && s.awaits_ordinary_decision()).then_some(phase)
    }

    /// Plays random turns from `s`, at most `plies`, while it is at a counted
    /// turn and the player has a move; how many were played (none where `s`
    /// is not at such a turn). The general way plays on from where this
    /// stops: a pass, a game over, or another kind of turn.
    #[inline(always)]
    pub(crate) fn play_counted_turns<R: rand::RngCore + ?Sized>(&self, s: &mut State, rng: &mut R, plies: u32) -> u32 {
        // (Asked before every move whose list is not known: one test where
        // the phase has no counted turns. The loop itself is made once, not
        // once per generator: it draws through `draw`.)
        match self.phases.get(usize::from(s.phase)) {
            Some(phase) if phase.counted_turns => {
                self.play_on_counted_turns(s, &mut |n| rng.random_range(0..n as usize) as u32, plies)
            }
            _ => 0,
        }
    }

    /// [`Game::play_counted_turns`] in a phase with counted turns; `draw`
    /// gives the index of the move to make among `n`.
    #[inline(never)]
    fn play_on_counted_turns(&self, s: &mut State, draw: &mut dyn FnMut(u32) -> u32, plies: u32) -> u32 {
        let Some(phase) = self.counted_turn_phase(s) else { return 0 };
        let mut counted = self.count_groups(s, phase);
        let mut played = 0;
        while played < plies && counted.n > 0 {
            let Some(m) = self.counted_move(s, phase, &counted, draw(counted.n)) else { break };
            played += 1;
            match self.counted_turn(s, phase, m) {
                Some(next) => counted = next,
                None => break,
            }
        }
        played
    }

    /// The number of legal move sequences of `depth` moves from `s` (see
    /// [`Game::perft`]), at a counted turn whose moves `counted` counted;
    /// `states` holds a state per level below. Each move is made as a random
    /// playout makes it; where the next player must pass, the general way
    /// counts on.
    pub(super) fn perft_counted(
        &self,
        s: &State,
        phase: &Phase,
        counted: &Counted,
        depth: usize,
        states: &mut [State],
    ) -> u64 {
        match depth {
            0 => return 1,
            // The last move counted without being made (a pass where there is none).
            1 => return u64::from(counted.n.max(1)),
            _ => {}
        }
        let (next, deeper) = states.split_first_mut().expect("a state per level");
        let mut total = 0;
        counted.each_move(self, s, phase, |m| {
            next.clone_from(s);
            // (A game over before the last move adds no sequence.)
            total += match self.counted_turn(next, phase, m) {
                Some(below) if below.n > 0 => self.perft_counted(next, phase, &below, depth - 1, deeper),
                Some(_) => self.perft(next, (depth - 1) as u32),
                None => 0,
            };
        });
        total
    }

    /// Makes the counted move `m` of the player to move in `s` and ends the
    /// turn, as the general way does where nothing else happens: the next
    /// player's moves, counted, unless the game ended.
    #[inline(always)]
    fn counted_turn(&self, s: &mut State, phase: &Phase, m: Move) -> Option<Counted> {
        let mover = s.to_move;
        self.put_plainly(s, m, &phase.rules[usize::from(m.rule)]);
        s.ply += 1;
        if self.check_ends(s, When::AfterMove, mover) {
            return None;
        }
        if self.max_plies > 0 && s.ply >= self.max_plies {
            self.conclude(s, Reason::TurnLimit, [0; MAX_PLAYERS]);
            return None;
        }
        // The turn passes on as `end_turn` passes it where nothing else happens.
        s.passes = 0;
        s.to_move = if mover + 1 >= s.players { 0 } else { mover + 1 };
        s.decisions_left = 1;
        s.turn += 1;
        s.throw = None;
        s.again = false;
        s.continuing = None;
        let counted = self.count_groups(s, phase);
        (!self.start_ends(s, counted.n == 0)).then_some(counted)
    }

    /// [`Game::check_ends`] at the start of a turn, "no move" read from the
    /// count made for the turn (`none`); true if the game ended.
    #[inline(always)]
    fn start_ends(&self, s: &mut State, none: bool) -> bool {
        let me = s.to_move;
        for (i, end) in self.ends.iter().enumerate() {
            if end.at != When::StartOfTurn {
                continue;
            }
            let holds = match &end.test {
                Cond::NoMoves => none,
                test => self.end_holds(test, s, me),
            };
            if holds && self.end_by(s, i, me) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::agents::random_playout;
    use crate::shipped::testing::variants;
    use crate::{Game, Options, State};

    /// `game` with its turns played the general way only.
    fn general(game: &Game) -> Game {
        let mut general = game.clone();
        general.phases.iter_mut().for_each(|p| p.counted_turns = false);
        general
    }

    /// Random games played with counted turns and the general way, from the
    /// same seeds: the same number of plies, the same states at the end, and
    /// the random generators left at the same point. How many plies were
    /// played by counted turns.
    fn same_games(name: &str, game: &Game, games: u64) -> u64 {
        let general = general(game);
        let (mut counted, mut buf) = (0, Vec::new());
        for seed in 0..games {
            let (mut fast, mut slow) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
            let (mut a, mut b) = (game.initial_state(), general.initial_state());
            counted += u64::from(game.play_counted_turns(&mut a.clone(), &mut fast.clone(), u32::MAX));
            let plies = (
                random_playout(game, &mut a, &mut fast, &mut buf),
                random_playout(&general, &mut b, &mut slow, &mut buf),
            );
            assert_eq!(plies.0, plies.1, "{name}, seed {seed}: plies");
            assert_eq!(a, b, "{name}, seed {seed}");
            assert_eq!(
                (a.position_hash(), a.turn(), a.outcome()),
                (b.position_hash(), b.turn(), b.outcome()),
                "{name}"
            );
            assert_eq!(fast.next_u64(), slow.next_u64(), "{name}, seed {seed}: random numbers used");
        }
        counted
    }

    /// Every shipped variant with counted turns plays as the general way plays.
    #[test]
    fn counted_turns_play_as_the_general_way_in_every_shipped_variant() {
        let mut with = Vec::new();
        for (name, options, game) in variants().filter(|(_, _, g)| g.phases.iter().any(|p| p.counted_turns)) {
            assert!(same_games(name, &game, 300) > 1000, "{name} {options:?}: few plies by counted turns");
            with.push(name);
        }
        assert!(with.contains(&"classic/tic-tac-toe") && with.contains(&"classic/connect-four"), "{with:?}");
    }

    /// Rulesets made to reach each way a counted turn can end or stop: three
    /// players, hands that run out, a turn limit, a fall, lines after the
    /// move, a start-of-turn end that is not "no move", and no end at all for
    /// a player without a move (who passes, the general way).
    fn made_games() -> Vec<Game> {
        let ruleset = |hands: [u32; 3], place: &str, ends: &str| {
            format!(
                r#"Ruleset(
                    name: "counted",
                    title: "Counted",
                    players: ["A", "B", "C"],
                    board: Grid(cols: 5, rows: 4, links: ["All"]),
                    pieces: [(name: "Stone", letter: 'S')],
                    setup: [
                        Hand(piece: "Stone", player: Player(1), count: {}),
                        Hand(piece: "Stone", player: Player(2), count: {}),
                        Hand(piece: "Stone", player: Player(3), count: {}),
                    ],
                    phases: [(name: "play", moves: [(pieces: ["Stone"], by: {place})])],
                    end: [{ends}],
                )"#,
                hands[0], hands[1], hands[2],
            )
        };
        let line = r#"(at: AfterMove, cond: Line(n: 3, dirs: [["E", "W"], ["N", "S"]], through: Moved), result: Win(Me), reason: "line")"#;
        let none = r#"(at: StartOfTurn, cond: NoMoves, result: Win(Previous), reason: "stuck")"#;
        let few = r#"(at: StartOfTurn, cond: OnBoard(Me, 4), result: Draw, reason: "four down")"#;
        let cases = [
            (ruleset([7, 7, 7], "Place()", &[line, none].join(", ")), "20"),
            (ruleset([3, 3, 3], "Place()", none), "0"),
            (ruleset([9, 9, 9], "Place(fall: \"S\")", &[few, line, none].join(", ")), "11"),
            // The first player runs out and passes while the others play on.
            (ruleset([2, 6, 6], "Place()", line), "0"),
            (ruleset([20, 20, 20], "Place(fall: \"S\")", none), "0"),
        ];
        let game = |(source, limit): &(String, &str)| {
            let mut options = Options::new();
            options.set("max_plies", *limit);
            let game = Game::from_source(source, "counted.ron", &options).expect("compiles");
            assert!(game.phases.iter().all(|p| p.counted_turns), "{source}");
            game
        };
        cases.iter().map(game).collect()
    }

    #[test]
    fn counted_turns_play_as_the_general_way_where_turns_end_otherwise() {
        for (i, game) in made_games().iter().enumerate() {
            assert!(same_games(&format!("case {i}"), game, 200) > 500, "case {i}");
        }
    }

    /// Perft through counted turns counts what the general way counts, from
    /// the start and from positions along random games (a pass, a turn limit
    /// and a game over within reach).
    #[test]
    fn perft_through_counted_turns_counts_as_the_general_way() {
        let shipped = ["classic/tic-tac-toe", "classic/connect-four"]
            .map(|name| crate::shipped::game(name, &Options::new()).expect("compiles"));
        for (i, game) in made_games().iter().chain(&shipped).enumerate() {
            let general = general(game);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut s = game.initial_state();
            let mut compared = 0;
            while !s.is_over() {
                for depth in 0..=3 {
                    assert_eq!(
                        game.perft(&s, depth),
                        general.perft(&s, depth),
                        "case {i} at ply {}, depth {depth}",
                        s.ply()
                    );
                }
                compared += 1;
                let moves = game.legal_moves(&s);
                game.play_unchecked(&mut s, moves[rng.next_u32() as usize % moves.len()]);
            }
            assert!(compared > 5, "case {i}");
        }
    }

    /// MCTS rollouts stop after as many plies with counted turns as without:
    /// the same seeded searches choose the same moves along whole games.
    #[test]
    fn mcts_rollouts_with_counted_turns_choose_as_without() {
        use crate::agents::{Agent, Budget, MctsAgent};
        for name in ["classic/tic-tac-toe", "classic/connect-four"] {
            let game = crate::shipped::game(name, &Options::new()).expect("compiles");
            let general = general(&game);
            let mut s = game.initial_state();
            let (mut fast, mut slow) = (ChaCha8Rng::seed_from_u64(3), ChaCha8Rng::seed_from_u64(3));
            while !s.is_over() {
                let m = MctsAgent::new(&game, Budget::Iterations(64)).choose(&game, &s, &mut fast);
                assert_eq!(
                    m,
                    MctsAgent::new(&general, Budget::Iterations(64)).choose(&general, &s, &mut slow),
                    "{name}"
                );
                game.play_unchecked(&mut s, m);
            }
        }
    }

    /// Where a turn is not a counted placement (a board move, a throw, a
    /// change of phase), no turn is played by counted turns.
    #[test]
    fn no_counted_turns_where_a_turn_can_do_more() {
        for (name, _, game) in variants().filter(|(_, _, g)| g.phases.iter().all(|p| !p.counted_turns)) {
            let mut s: State = game.initial_state();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            assert_eq!(game.play_counted_turns(&mut s, &mut rng, 100), 0, "{name}");
            assert_eq!(s, game.initial_state(), "{name}");
        }
    }
}
