//! Hostile inputs that once panicked, hung or were misread: each is now an
//! error that says where, or a stated bound.

use tabula::agents::{AgentSpec, PLY_CAP};
use tabula::analysis::{Config, run, simulate};
use tabula::{Game, Options};

/// Two stones that wander a 3x3 board for ever: the only end, a capture, never comes.
const WANDERERS: &str = r#"Ruleset(
    name: "wanderers", title: "Wanderers", players: ["A", "B"],
    board: Grid(cols: 3, rows: 3, links: ["Orthogonal"]),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["c3"])],
    phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty)])],
    end: [(at: AfterMove, cond: NoPieces(Opponent), result: Win(Me), reason: "all captured")],
)"#;

fn compile(text: &str, options: &[(&str, &str)]) -> Game {
    let mut given = Options::new();
    for (k, v) in options {
        given.set(k.to_string(), v.to_string());
    }
    Game::from_source(text, "hostile.ron", &given).unwrap_or_else(|e| panic!("compiles: {e}"))
}

#[test]
fn batch_play_cuts_a_game_without_a_turn_limit_and_says_so() {
    let game = compile(WANDERERS, &[("max_plies", "0")]);
    let s = simulate(&game, 2, 1);
    assert_eq!((s.unfinished, s.wins.iter().sum::<u32>(), s.draws), (2, 0, 0));
    assert_eq!(s.total_plies, 2 * u64::from(PLY_CAP));
    let config =
        Config { agents: ["random".into(), "random".into()], games: 2, seed: 1, swap_sides: false, shard: None };
    let results = run(&game, &config, &|_| {}).expect("runs");
    assert!(results.games.iter().all(|g| g.unfinished && g.plies == PLY_CAP), "{:?}", results.games);
    assert!(results.games[0].reason.starts_with("unfinished: cut at 200000 plies"), "{}", results.games[0].reason);
}

#[test]
fn pool_counts_beyond_the_pieces_of_a_game_are_refused_in_positions() {
    let game = tabula::shipped::game("seega", &Options::new()).expect("shipped");
    for hand in ["65535S1S", "70000S", "9999S9999S"] {
        let text = format!("Position(to_move: 1, hand: [\"{hand}\", \"\"])");
        let e = game.position_from_str(&text, "p.ron").expect_err(hand);
        assert!(e.to_string().contains("p.ron:1:") && e.to_string().contains("at most 10000 pieces"), "{hand}: {e}");
    }
}

#[test]
fn huge_agent_budgets_are_refused() {
    for spec in ["mcts:18446744073709551615ms", "mcts:4000000000", "mcts:99999999"] {
        let e = AgentSpec::parse(spec).expect_err(spec);
        assert!(e.contains("at most"), "{spec}: {e}");
    }
    assert!(AgentSpec::parse("mcts:50ms").is_ok() && AgentSpec::parse("mcts:800").is_ok());
}

/// Fields `a` and `A`: a move's letter case is part of it.
#[test]
fn moves_are_matched_with_their_letter_case() {
    let text = r#"Ruleset(
        name: "cases", title: "Cases", players: ["A", "B"],
        board: Graph(fields: [(name: "a", at: (0, 0)), (name: "A", at: (1, 0)), (name: "b", at: (2, 0))], links: []),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [Hand(piece: "Stone", player: Player(1), count: 3), Hand(piece: "Stone", player: Player(2), count: 3)],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Place(at: Top), to: Empty)])],
        end: [(at: AfterMove, cond: NoPieces(Opponent), result: Win(Me), reason: "never")],
    )"#;
    let game = compile(text, &[]);
    let s = game.initial_state();
    for field in ["a", "A"] {
        let m = game.parse_move(&s, &format!("S@{field}")).expect("legal");
        assert_eq!(game.move_text(m), format!("S@{field}"));
    }
    let e = game.parse_move(&s, "s@a").expect_err("ambiguous");
    assert!(e.reason.contains("letter case matters"), "{e}");
    // Where one move fits, another case is still understood.
    assert_eq!(game.move_text(game.parse_move(&s, "s@B").expect("one fits")), "S@b");
}
