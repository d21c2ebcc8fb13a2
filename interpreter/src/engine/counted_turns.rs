//! Random play and perft through counted turns. Where every turn of a phase is one
//! placement whose moves are counted ([`Game::count_moves`]) and made the
//! plain way ([`Applying::Plain`](crate::program::rules::Applying::Plain)), and the turn then passes to the next player
//! with nothing else to decide (one decision a turn, no throw, no change of
//! phase, no end by which a player finishes and the game goes on), random
//! turns run in one loop (`Counting::Turns`): the count made for the
//! start-of-turn "no move?" test is the one the next draw reads, and of a
//! turn's steps only those such a turn has are taken. The moves drawn, the
//! random numbers used and the states reached are those of the general way
//! (a [`Game::draw_counted`] draw, then [`Game::play_listing`]); a test
//! plays both side by side. Perft goes down such turns the same way, each
//! move made as a playout makes it. Where the game's ends and the rules can
//! be read from an outline of the state, both go faster (`engine/outline.rs`).

use rand::Rng;

use super::Phase;
use super::count::Counted;
use crate::moves::{Action, Move};
use crate::program::Game;
use crate::ruleset::When;
use crate::state::State;

impl Game {
    /// The phase of `s` if it is at a counted turn: an ordinary decision of
    /// a phase with counted turns, taken as such a turn is (not another turn
    /// earned, a second decision, or with a player out of the game: those the
    /// general way plays).
    #[inline]
    pub(super) fn counted_turn_phase(&self, s: &State) -> Option<&Phase> {
        let phase = &self.phases[usize::from(s.phase)];
        (phase.plan.counting.turns() && self.at_plain_turn(s)).then_some(phase)
    }

    /// Whether `s` is at a turn as a loop of plain turns takes it (counted
    /// or listed): an ordinary decision, not another turn earned, nor a
    /// second decision, with every player in the game.
    #[inline(always)]
    pub(super) fn at_plain_turn(&self, s: &State) -> bool {
        !s.again && s.decisions_left <= 1 && s.finished.iter().all(|&f| f == 0) && s.awaits_ordinary_decision()
    }

    /// Plays random turns from `s`, at most `plies`, while it is at a counted
    /// turn and the player has a move; how many were played (none where `s`
    /// is not at such a turn). The general way plays on from where this
    /// stops: a pass, a game over, or another kind of turn.
    #[inline(always)]
    pub(crate) fn play_counted_turns<R: rand::RngCore + ?Sized>(&self, s: &mut State, rng: &mut R, plies: u32) -> u32 {
        // (Asked before every move whose list is not known: one test where
        // the phase has no counted turns. The loop is made once per
        // generator, so that a draw is a few instructions inline, not a call.)
        match self.phases.get(usize::from(s.phase)) {
            Some(phase) if phase.plan.counting.turns() => {
                self.play_on_counted_turns(s, &mut |n: u32| rng.random_range(0..n), plies)
            }
            _ => 0,
        }
    }

    /// [`Game::play_counted_turns`] in a phase with counted turns; `draw`
    /// gives the index of the move to make among `n`.
    #[inline(never)]
    fn play_on_counted_turns(&self, s: &mut State, draw: &mut impl FnMut(u32) -> u32, plies: u32) -> u32 {
        let Some(phase) = self.counted_turn_phase(s) else { return 0 };
        if let Some(played) = self.play_outlined(s, phase, draw, plies) {
            return played;
        }
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

    /// Plays `m`, a legal move of `s` that a search chose, as
    /// [`Game::play_unchecked`] plays it: as a counted turn where `s` is at
    /// one and `m` is not a pass. A search's descent makes moves it chose,
    /// not drawn ones, and so pays a counted turn's price for them (in
    /// Connect Four about 400 instructions a ply instead of 1,000: the
    /// general way's start-of-turn "no move?" test makes a generation).
    #[inline]
    pub(crate) fn play_chosen(&self, s: &mut State, m: Move) {
        if m.action != Action::Pass {
            if let Some(phase) = self.counted_turn_phase(s) {
                self.counted_turn(s, phase, m);
                return;
            }
        }
        self.play_counting(s, m);
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
        if let Some(total) = self.perft_unmade(s, phase, depth) {
            return total;
        }
        let (next, deeper) = states.split_first_mut().expect("a state per level");
        let mut total = 0;
        counted.each_move(self, s, phase, |m| {
            next.clone_from(s);
            // (A game over before the last move adds no sequence.)
            total += match self.counted_turn(next, phase, m) {
                // (At the last move a pass counts one: no need to go the general way.)
                Some(below) if below.n > 0 || depth == 2 => self.perft_counted(next, phase, &below, depth - 1, deeper),
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
        if self.ended_after_move(s, mover) {
            return None;
        }
        let next = self.next_playing(s, mover);
        debug_assert!(!self.marks.expire, "counted turns are planned where no mark expires");
        self.pass_turn(s, next);
        // The count answers the start-of-turn "no move" and serves the next draw.
        let counted = self.count_groups(s, phase);
        (!self.check_ends_knowing(s, When::StartOfTurn, next, Some(counted.n == 0))).then_some(counted)
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::agents::{PLY_CAP, random_move};
    use crate::moves::Action;
    use crate::shipped::testing::{random_game_as_the_general_way, variants};
    use crate::{Game, Options, State};

    /// `game` with its turns played the general way only.
    fn general(game: &Game) -> Game {
        game.with_general_plans()
    }

    /// Random games played with counted turns and the general way, from the
    /// same seeds: the same number of plies, the same states at the end, and
    /// the random generators left at the same point. Returns the plies played
    /// by counted turns, and of them those after a pass (the general way
    /// played the pass, then counted turns went on).
    fn same_games(name: &str, game: &Game, games: u64) -> (u64, u64) {
        let general = general(game);
        let (mut counted, mut after_pass, mut buf) = (0, 0, Vec::new());
        for seed in 0..games {
            let a = random_game_as_the_general_way(name, game, &general, seed);
            // The same game again, one step at a time, to see which way each went.
            let (mut s, mut rng, mut passed) = (game.initial_state(), ChaCha8Rng::seed_from_u64(seed), false);
            while !s.is_over() && s.ply() < PLY_CAP {
                let turns = game.play_counted_turns(&mut s, &mut rng, u32::MAX);
                counted += u64::from(turns);
                after_pass += u64::from(turns) * u64::from(passed);
                if turns == 0 {
                    let m = random_move(game, &s, &mut buf, false, &mut rng).expect("the game is not over");
                    passed |= m.action == Action::Pass;
                    game.play_unchecked(&mut s, m);
                }
            }
            assert_eq!(s, a, "{name}, seed {seed}: step by step");
        }
        (counted, after_pass)
    }

    /// Every shipped variant with counted turns plays as the general way plays.
    #[test]
    fn counted_turns_play_as_the_general_way_in_every_shipped_variant() {
        let mut with = Vec::new();
        for (name, options, game) in variants().filter(|(_, _, g)| g.phases.iter().any(|p| p.plan.counting.turns())) {
            assert!(same_games(name, &game, 300).0 > 1000, "{name} {options:?}: few plies by counted turns");
            with.push(name);
        }
        assert!(with.contains(&"classic/tic-tac-toe") && with.contains(&"classic/connect-four"), "{with:?}");
    }

    /// A move a search chose, made by [`Game::play_chosen`], leaves the state
    /// [`Game::play_unchecked`] leaves: every legal move along random games
    /// of every shipped variant with counted turns (and of one without).
    #[test]
    fn a_chosen_move_plays_as_the_general_way_plays() {
        let mut counted = 0;
        let with = variants().filter(|(n, _, g)| g.phases.iter().any(|p| p.plan.counting.turns()) || *n == "senet");
        for (name, options, game) in with {
            crate::shipped::testing::visit_random_games(&game, 4, 6, |s, legal| {
                counted += usize::from(game.counted_turn_phase(s).is_some());
                for &m in legal {
                    let (mut chosen, mut general) = (s.clone(), s.clone());
                    game.play_chosen(&mut chosen, m);
                    game.play_unchecked(&mut general, m);
                    assert_eq!(chosen, general, "{name} {options:?}, ply {}: {m:?}", s.ply());
                    assert_eq!(chosen.position_hash(), general.position_hash(), "{name}");
                }
            });
        }
        assert!(counted > 100, "{counted} positions at a counted turn");
    }

    /// A ruleset of placements on a 5 by 4 grid for the players `hands` has
    /// (their pieces in hand), with `phases`, `ends` and more at the top.
    fn ruleset(hands: &[u32], phases: &str, ends: &str, more: &str) -> String {
        let players: Vec<String> = (1..=hands.len()).map(|p| format!("\"P{p}\"")).collect();
        let setup: Vec<String> = (hands.iter().enumerate())
            .map(|(p, n)| format!("Hand(piece: \"Stone\", player: Player({}), count: {n})", p + 1))
            .collect();
        format!(
            r#"Ruleset(
                name: "counted",
                title: "Counted",
                players: [{}],
                board: Grid(cols: 5, rows: 4, links: ["All"]),
                pieces: [(name: "Stone", letter: 'S')],
                setup: [{}],
                phases: [{phases}],
                end: [{ends}],
                {more}
            )"#,
            players.join(", "),
            setup.join(", "),
        )
    }

    const LINE: &str = r#"(at: AfterMove, cond: Line(n: 3, dirs: [["E", "W"], ["N", "S"]], through: Moved), result: Win(Me), reason: "line")"#;
    const DIAGONALS: &str = r#"["NE", "SW"], ["NW", "SE"]"#;
    const NONE: &str = r#"(at: StartOfTurn, cond: NoMoves, result: Win(Previous), reason: "stuck")"#;

    /// A phase of placements `by` the given motion.
    fn placing(by: &str, more: &str) -> String {
        format!(r#"(name: "play", moves: [(pieces: ["Stone"], by: {by})], {more})"#)
    }

    /// `source` compiled with the turn limit `limit`.
    fn compiled(source: &str, limit: &str) -> Game {
        let mut options = Options::new();
        options.set("max_plies", limit);
        Game::from_source(source, "counted.ron", &options).expect("compiles")
    }

    /// Rulesets made to reach each way a counted turn can end or stop: three
    /// players, hands that run out, a turn limit, a fall, lines after the
    /// move, a start-of-turn end that is not "no move", and no end at all for
    /// a player without a move (who passes, the general way); and four
    /// players in two teams placing six kinds (or nine, more than an outline
    /// counts) by two rules, one of them only while the player has fewer
    /// than three pieces down; and two ends by lines.
    fn made_games() -> Vec<Game> {
        let few = r#"(at: StartOfTurn, cond: OnBoard(Me, 4), result: Draw, reason: "four down")"#;
        let either =
            r#"(at: StartOfTurn, cond: Any([NoMoves, OnBoard(Me, 5)]), result: Win(Previous), reason: "either")"#;
        let place = placing("Place()", "");
        // Put on the top row, as a piece dropped in a column (from anywhere else it
        // would rest where one put higher does: one move made twice, not counted).
        let fall = placing(r#"Place(fall: "S"), to: All([Empty, Field(["a4", "b4", "c4", "d4", "e4"])])"#, "");
        const TEAMS: &str = r#"(
            name: "groups", title: "Groups", players: ["A", "B", "C", "D"],
            teams: [(name: "A and C", players: [1, 3]), (name: "B and D", players: [2, 4])],
            board: Grid(cols: 5, rows: 4, links: ["All"]),
            pieces: [KINDS], setup: [HANDS],
            phases: [(name: "play", moves: [
                (pieces: [FIRST], by: Place(), to: All([Empty, InZone("low")])),
                (pieces: [ALL], by: Place(), to: All([Empty, Not(InZone("low"))]), only_if: Not(OnBoard(Me, 3))),
            ])],
            zones: [(name: "low", fields: ["a1", "b1", "c1", "d1", "e1", "a2", "b2"])],
            end: [LINE, EITHER],
        )"#;
        // Four players placing `n` kinds.
        let teams_of = |n: usize| {
            let kinds: Vec<String> =
                (1..=n).zip('a'..).map(|(k, letter)| format!("(name: \"K{k}\", letter: '{letter}')")).collect();
            let hands: Vec<String> = (1..=4)
                .flat_map(|p| {
                    (1..=n).map(move |k| format!("Hand(piece: \"K{k}\", player: Player({p}), count: {})", (p + k) % 3))
                })
                .collect();
            let named: Vec<String> = (1..=n).map(|k| format!("\"K{k}\"")).collect();
            TEAMS
                .replace("KINDS", &kinds.join(", "))
                .replace("HANDS", &hands.join(", "))
                .replace("FIRST", &named[..3].join(", "))
                .replace("ALL", &named.join(", "))
                .replace("LINE", LINE)
                .replace("EITHER", either)
        };
        let teams = teams_of(6);
        let cases = [
            (ruleset(&[7, 7, 7], &place, &[LINE, NONE].join(", "), ""), "20"),
            (ruleset(&[3, 3, 3], &place, NONE, ""), "0"),
            (ruleset(&[9, 9, 9], &fall, &[few, LINE, NONE].join(", "), ""), "11"),
            // The first player runs out and passes while the others play on.
            (ruleset(&[2, 6, 6], &place, LINE, ""), "0"),
            (ruleset(&[20, 20, 20], &fall, NONE, ""), "0"),
            // A turn limit reached within a perft of depth 2 or 3.
            (ruleset(&[7, 7, 7], &place, NONE, ""), "6"),
            (format!("Ruleset{teams}"), "30"),
            // The same with "no move" alone at the start of a turn: perft
            // would count the levels below unmade, but for the rule whose
            // `only_if` asks about the state.
            (format!("Ruleset{}", teams.replace(either, NONE)), "30"),
            // And without that `only_if`: counted unmade, six kinds in hand running out.
            (format!("Ruleset{}", teams.replace(either, NONE).replace(", only_if: Not(OnBoard(Me, 3))", "")), "30"),
            // The same with more kinds than an outline counts: the counted
            // turns the general way.
            (
                format!("Ruleset{}", teams_of(9).replace(either, NONE).replace(", only_if: Not(OnBoard(Me, 3))", "")),
                "30",
            ),
            // Two ends by lines: counted turns, not read from an outline (which reads one).
            (
                ruleset(
                    &[7, 7, 7],
                    &place,
                    &[LINE, &LINE.replace(r#"["E", "W"], ["N", "S"]"#, DIAGONALS), NONE].join(", "),
                    "",
                ),
                "20",
            ),
        ];
        let game = |(source, limit): &(String, &str)| {
            let game = compiled(source, limit);
            assert!(game.phases.iter().all(|p| p.plan.counting.turns()), "{source}");
            game
        };
        cases.iter().map(game).collect()
    }

    #[test]
    fn counted_turns_play_as_the_general_way_where_turns_end_otherwise() {
        let mut after_pass = 0;
        for (i, game) in made_games().iter().enumerate() {
            let (counted, after) = same_games(&format!("case {i}"), game, 200);
            assert!(counted > 500, "case {i}: {counted}");
            after_pass += after;
        }
        assert!(after_pass > 100, "counted turns after a pass: {after_pass}");
    }

    /// A turn that can do more than one counted placement is no counted
    /// turn: two decisions, a throw, a change of phase, or an end by which a
    /// player finishes while the others play on.
    #[test]
    fn no_counted_turns_where_a_turn_can_do_more() {
        let finish = r#"(at: AfterMove, cond: OnBoard(Me, 2), result: Finish(Me), reason: "two down")"#;
        let coin = r#"chance: [(name: "coin", outcomes: [(label: "1", value: 1, weight: 1), (label: "2", value: 2, weight: 1)])],"#;
        let place = placing("Place()", "");
        let two_phases = format!(
            "{}, {}",
            placing("Place()", r#"until: OnBoard(Me, 2), next: "more""#),
            place.replace("\"play\"", "\"more\"")
        );
        assert!(
            compiled(&ruleset(&[4, 4, 4], &place, NONE, ""), "0").phases[0].plan.counting.turns(),
            "the plain case"
        );
        for (what, source) in [
            ("two decisions", ruleset(&[4, 4, 4], &placing("Place()", "decisions: 2"), NONE, "")),
            ("a throw", ruleset(&[4, 4, 4], &placing("Place()", r#"throw: "coin""#), NONE, coin)),
            ("a change of phase", ruleset(&[4, 4, 4], &two_phases, NONE, "")),
            ("a player who finishes", ruleset(&[4, 4, 4], &place, &[finish, NONE].join(", "), "")),
        ] {
            let game = compiled(&source, "0");
            assert!(!game.phases[0].plan.counting.turns(), "{what}");
            // (After the change of phase, the second phase's turns are counted ones.)
            let counted = same_games(what, &game, 20).0;
            assert_eq!(counted > 0, game.phases.iter().any(|p| p.plan.counting.turns()), "{what}");
        }
        for (name, _, game) in variants().filter(|(_, _, g)| g.phases.iter().all(|p| !p.plan.counting.turns())) {
            let mut s: State = game.initial_state();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            assert_eq!(game.play_counted_turns(&mut s, &mut rng, 100), 0, "{name}");
            assert_eq!(s, game.initial_state(), "{name}");
        }
    }

    /// Perft through counted turns counts what the general way counts, from
    /// the start and from positions along random games (a pass, a turn limit
    /// and a game over within reach), and counts the levels below unmade in
    /// the games made for it (see `perft_unmade`).
    #[test]
    fn perft_through_counted_turns_counts_as_the_general_way() {
        let shipped = ["classic/tic-tac-toe", "classic/connect-four"]
            .map(|name| crate::shipped::game(name, &Options::new()).expect("compiles"));
        // The made games whose ends and rules let perft count unmade (at a depth of 2, 3 or more):
        // not case 9, of more kinds than an outline holds, nor 10, of two line ends; 11 and 12 are the shipped games.
        let (unmade_at_2, unmade_deeper) = ([0, 1, 3, 4, 5, 8, 11, 12], [0, 1, 4, 5, 8, 11, 12]);
        for (i, game) in made_games().iter().chain(&shipped).enumerate() {
            let general = general(game);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut s = game.initial_state();
            let mut compared = 0;
            while !s.is_over() {
                if let Some(phase) = game.counted_turn_phase(&s) {
                    let unmade = |depth| game.perft_unmade(&s, phase, depth).is_some();
                    assert_eq!(unmade(2), unmade_at_2.contains(&i), "case {i} at ply {}", s.ply());
                    assert_eq!(unmade(4), unmade_deeper.contains(&i), "case {i} at ply {}", s.ply());
                }
                for depth in 0..=4 {
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
}
