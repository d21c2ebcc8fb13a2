//! Counters (issue 44): English draughts' count of moves without a capture or
//! a man moving, checked along random games against a count kept by hand
//! (whole turns: a capture chain is one move); positions carry counters and
//! round-trip, and refuse unknown or impossible ones where they are written;
//! records replay to equal states; rulesets that misuse counters are refused,
//! located.

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::{Game, Options, Record};
use tabula_tests::{compile, shipped_game, workspace};

fn points() -> Game {
    let text = std::fs::read_to_string(workspace().join("tests/blocks/points.ron")).expect("points.ron");
    compile(&text, "blocks/points", &Options::new())
}

/// Along seeded random games of English draughts, the counter `quiet` is the
/// number of turns since the last turn that captured or moved a man, counted
/// here from the board alone: a turn ends when the player to move changes.
#[test]
fn the_quiet_count_of_english_draughts_is_whole_turns_without_a_capture_or_a_man_moving() {
    // A short draw (random play rarely goes 80 moves without a capture).
    let options: Options = [("draw_moves".to_string(), "12".to_string())].into_iter().collect();
    let game = tabula::shipped::game("traditional/english-draughts", &options).expect("compiles");
    let quiet = game.counter_index("quiet").expect("a counter `quiet`");
    let man = game.kinds().iter().position(|k| k.name == "Man").expect("men") as u8;
    let (mut draws, mut long) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let (mut by_hand, mut turn_resets) = (0i32, false);
        while !state.is_over() {
            let legal = game.legal_moves(&state);
            let m = *legal.choose(&mut rng).expect("a move");
            let mover = state.to_move();
            let pieces = |s: &tabula::State| (0..2).map(|p| s.on_board(p)).sum::<u32>();
            turn_resets |= state.top(m.from()).is_some_and(|p| p.kind == man);
            let before = pieces(&state);
            state = game.play(state, m).expect("legal");
            turn_resets |= pieces(&state) < before;
            if state.to_move() != mover || state.is_over() {
                by_hand = if turn_resets { 0 } else { by_hand + 1 };
                turn_resets = false;
                long = long.max(by_hand);
            }
            if state.to_move() != mover || state.is_over() {
                assert_eq!(game.counter_value(&state, quiet, 0), by_hand, "seed {seed}, ply {}", state.ply());
            }
        }
        let drawn = state.outcome().is_some_and(|o| o.is_draw());
        draws += u32::from(drawn);
        assert_eq!(drawn, by_hand >= 12, "seed {seed}: a draw exactly when 12 quiet moves were made");
    }
    assert!(draws > 0 && long >= 12, "no random game reached the draw ({draws} draws)");
}

#[test]
fn positions_carry_counters_and_round_trip() {
    let game = points();
    let s = game
        .position_from_str(
            "Position(to_move: 2, board: {\"a1\": \"S\", \"d4\": \"s\"}, counters: {\"points\": [2, 5]})",
            "p",
        )
        .expect("a position");
    assert_eq!((game.counter_value(&s, 0, 0), game.counter_value(&s, 0, 1)), (2, 5));
    let text = game.position_to_string(&s);
    assert!(text.contains("counters"), "{text}");
    assert_eq!(game.position_from_str(&text, "again").expect("reads back"), s);
    // Left out, a counter has its start value (Black's head start).
    let start = game.position_from_str("Position(to_move: 1, board: {\"a1\": \"S\"})", "p").expect("a position");
    assert_eq!(game.counter_value(&start, 0, 1), 1);
    let draughts = shipped_game("traditional/english-draughts");
    let s = draughts.position_from_str("Position(to_move: 1, board: {\"a1\": \"K\"}, counters: {\"quiet\": 12})", "p");
    let s = s.expect("a position");
    let again = draughts.position_from_str(&draughts.position_to_string(&s), "p").expect("reads back");
    assert_eq!(again, s);
    assert_eq!(draughts.counter_value(&s, 0, 0), 12);
}

/// The error for the position `text`, checked to be located on `line` and to say `says`.
fn refused(game: &Game, text: &str, line: usize, says: &str) {
    let e = game.position_from_str(text, "p.ron").expect_err(text);
    let d = &e.diagnostics[0];
    assert_eq!(d.at.map(|p| p.line), Some(line), "{text}: {e}");
    assert!(d.message.contains(says), "{text}: expected {says:?} in {e}");
}

#[test]
fn positions_with_unknown_or_impossible_counters_are_refused_where_they_are_written() {
    let game = points();
    refused(&game, "Position(to_move: 1,\n counters: {\"score\": [1, 2]})", 2, "unknown counter \"score\"");
    refused(&game, "Position(to_move: 1,\n counters: {\"points\": 3})", 2, "a list of 2 values");
    refused(&game, "Position(to_move: 1,\n counters: {\"points\": [1, 2, 3]})", 2, "a list of 2 values");
    refused(&game, "Position(to_move: 1,\n counters: {\"points\": [1,\n 101]})", 3, "holds 0 to 100");
    refused(&game, "Position(to_move: 1,\n counters: {\"points\": [-1, 0]})", 2, "holds 0 to 100");
    let draughts = shipped_game("traditional/english-draughts");
    refused(&draughts, "Position(to_move: 1,\n counters: {\"quiet\": [1, 2]})", 2, "expected one value");
    refused(&draughts, "Position(to_move: 1,\n counters: {\"quiet\": -3})", 2, "holds 0 to 1000000000");
    let twice = draughts.position_from_str("Position(to_move: 1, counters: {\"quiet\": 1, \"quiet\": 2})", "p.ron");
    assert!(twice.expect_err("twice").to_string().contains("given twice"));
}

#[test]
fn records_replay_to_the_states_played_counters_and_all() {
    let game = shipped_game("traditional/english-draughts");
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut state = game.initial_state();
    let mut moves = Vec::new();
    while !state.is_over() {
        let m = *game.legal_moves(&state).choose(&mut rng).expect("a move");
        moves.push(m);
        state = game.play(state, m).expect("legal");
    }
    let record = Record::new(&game, Some(7), &moves);
    let read = Record::from_ron(&record.to_ron(), "r.ron").expect("reads");
    let (replayed, _) = read.replay(&game).expect("replays");
    assert_eq!(replayed, state);
    assert_eq!(game.counter_value(&replayed, 0, 0), game.counter_value(&state, 0, 0));
}

/// The first error of compiling `text`, checked to say `says` at `path`.
fn refused_ruleset(text: &str, path: &str, says: &str) {
    let Err(tabula::Error::Load(e)) = Game::from_source(text, "t.ron", &Options::new()) else {
        panic!("expected a ruleset error saying {says:?}")
    };
    let d = e.diagnostics.iter().find(|d| d.message.contains(says)).unwrap_or_else(|| panic!("{says:?} in {e}"));
    assert_eq!(d.path, path, "{e}");
    assert!(d.at.is_some(), "located: {e}");
}

#[test]
fn rulesets_that_misuse_counters_are_refused_located() {
    let text = std::fs::read_to_string(workspace().join("tests/blocks/points.ron")).expect("points.ron");
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replace(from, to)
    };
    refused_ruleset(
        &with("Add(counter: \"points\", n: 1)", "Add(counter: \"pionts\", n: 1)"),
        "phases[0].moves[2].then[0].counter",
        "unknown counter \"pionts\"",
    );
    refused_ruleset(
        &with("is: AtLeast(Opt(\"target\"))", "is: AtLeast(Opt(\"tagret\"))"),
        "end[0].cond.is",
        "unknown option \"tagret\"",
    );
    refused_ruleset(
        &with("is: AtLeast(Opt(\"target\"))", "is: AtLeast(5_000_000_000)"),
        "end[0].cond.is",
        "a counter is compared with",
    );
    refused_ruleset(
        &with("start: [0, Opt(\"head_start\")]", "start: [0, 200]"),
        "counters[0].start[1]",
        "outside the counter's bounds",
    );
    refused_ruleset(
        &with("start: [0, Opt(\"head_start\")]", "start: [0]"),
        "counters[0].start",
        "one start value per player",
    );
    refused_ruleset(&with("max: 100", "max: 2_000_000_000"), "counters[0].max", "bounds are");
    refused_ruleset(&with("min: 0, max: 100", "min: 10, max: 5"), "counters[0].max", "below min");
    refused_ruleset(
        &with("n: 0, who: Opponent", "n: 101, who: Opponent"),
        "phases[0].moves[1].then[0].n",
        "set to 0 to 100",
    );
    refused_ruleset(
        &with("n: -1, who: Opponent", "n: -1, who: EveryOpponent"),
        "phases[0].moves[2].then[1].who",
        "one player is meant",
    );
    refused_ruleset(
        &with("        (name: \"calm\"", "(name: \"x\", per: Game), (name: \"x\", per: Game), (name: \"calm\""),
        "counters[2].name",
        "a second counter named",
    );
    let draughts = tabula::shipped::text("traditional/english-draughts").expect("shipped");
    refused_ruleset(
        &draughts.replace("Add(counter: \"quiet\", n: 1)", "Add(counter: \"quiet\", n: 1, who: Me)"),
        "phases[0].moves[1].then[0].who",
        "leave `who` out",
    );
    refused_ruleset(
        &draughts.replace("AtLeast(Opt(\"draw_moves\"))", "AtLeast(Opt(\"capture\"))"),
        // The first of the two ends that read it: `at_draw`'s win (Q-ED-3), then the draw.
        "end[1].cond[0].is",
        "not an integer option",
    );
    // A counter tested where only the target field is read.
    refused_ruleset(
        &with("to: Enemy,", "to: All([Enemy, Counter(name: \"points\", is: AtLeast(1))]),"),
        "phases[0].moves[2].to[1]",
        "`Counter` cannot be used in a condition on a move's target field",
    );
}

#[test]
fn an_addition_past_a_counters_bounds_stops_there() {
    let game = points();
    // White at 99 of 100 captures twice: 100, then still 100; Black's 0 stays 0.
    let s = game
        .position_from_str(
            "Position(to_move: 1, board: {\"a1\": \"S\", \"a2\": \"s\", \"d4\": \"s\", \"d1\": \"S\"}, counters: {\"points\": [99, 0]})",
            "p",
        )
        .expect("a position");
    let m = game.legal_moves(&s).into_iter().find(|&m| game.move_text(m) == "a1-a2").expect("a1-a2");
    let after = game.play(s, m).expect("legal");
    assert_eq!((game.counter_value(&after, 0, 0), game.counter_value(&after, 0, 1)), (100, 0));
}
