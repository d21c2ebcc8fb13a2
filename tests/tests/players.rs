//! Games of more than two players, on small rulesets made for the test: the
//! turn order, players who finish one by one (a ranking), teams, zones turned
//! for each player, and positions that name four players' pieces.

use tabula::{Game, Options};

/// Four lanes of different lengths; each player walks their own piece off
/// the end of their lane, one step a turn. Finishing is `Finish(Me)` (the
/// others play on) or, with `first_out`, `Win(Me)`; with `partners`, players
/// 1 and 3 play against 2 and 4.
const LANES: &str = r#"Ruleset(
    name: "lanes",
    title: "Lanes",
    players: ["North", "East", "South", "West"],
    options: [Bool(name: "first_out", default: false), Bool(name: "partners", default: false)],
    teams: [
        (name: "Red", players: [1, 3], when: Opt("partners")),
        (name: "Blue", players: [2, 4], when: Opt("partners")),
    ],
    board: Graph(
        fields: [
            (name: "a1", at: (0, 0)), (name: "a2", at: (1, 0)),
            (name: "b1", at: (0, 1)), (name: "b2", at: (1, 1)), (name: "b3", at: (2, 1)),
            (name: "c1", at: (0, 2)), (name: "c2", at: (1, 2)),
            (name: "d1", at: (0, 3)), (name: "d2", at: (1, 3)), (name: "d3", at: (2, 3)), (name: "d4", at: (3, 3)),
        ],
        links: [
            (from: "a1", to: "a2", dir: "next"),
            (from: "b1", to: "b2", dir: "next"), (from: "b2", to: "b3", dir: "next"),
            (from: "c1", to: "c2", dir: "next"),
            (from: "d1", to: "d2", dir: "next"), (from: "d2", to: "d3", dir: "next"), (from: "d3", to: "d4", dir: "next"),
        ],
    ),
    pieces: [(name: "Runner", letter: 'R')],
    setup: [
        On(piece: "Runner", player: Player(1), fields: ["a1"]),
        On(piece: "Runner", player: Player(2), fields: ["b1"]),
        On(piece: "Runner", player: Player(3), fields: ["c1"]),
        On(piece: "Runner", player: Player(4), fields: ["d1"]),
    ],
    phases: [(name: "race", moves: [
        (pieces: ["Runner"], by: Step(dirs: ["next"])),
        (pieces: ["Runner"], by: RunOff(dirs: ["next"], distance: Const(1), count: Exact)),
    ])],
    end: [
        (at: AfterMove, cond: NoPieces(Me), result: Finish(Me), reason: "all home", when: Not(Opt("first_out"))),
        (at: AfterMove, cond: NoPieces(Me), result: Win(Me), reason: "first home", when: Opt("first_out")),
    ],
)"#;

fn lanes(options: &[(&str, &str)]) -> Game {
    let options: Options = options.iter().map(|&(k, v)| (k, v)).collect();
    Game::from_source(LANES, "lanes.ron", &options).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the only move of each turn, checking who is to move before each.
fn play_in_order(game: &Game, order: &[(u8, &str)]) -> tabula::State {
    let mut s = game.initial_state();
    for (i, &(player, text)) in order.iter().enumerate() {
        assert!(!s.is_over(), "move {} ({text}): the game is over", i + 1);
        assert_eq!(s.to_move() + 1, player, "move {} ({text}): player {} is to move", i + 1, s.to_move() + 1);
        let m = game.parse_move(&s, text).unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
        s = game.play(s, m).expect("legal");
    }
    s
}

/// Lanes of 2, 3, 2 and 4 fields: players finish in the order 1, 3, 2.
const RACE: [(u8, &str); 9] = [
    (1, "a1-a2"),
    (2, "b1-b2"),
    (3, "c1-c2"),
    (4, "d1-d2"),
    (1, "a2-off"),
    (2, "b2-b3"),
    (3, "c2-off"),
    // Players 1 and 3 have finished: the turn passes from 4 to 2 and back to 4.
    (4, "d2-d3"),
    (2, "b3-off"),
];

#[test]
fn turns_go_round_the_players_in_order_skipping_those_who_have_finished() {
    let game = lanes(&[]);
    let s = play_in_order(&game, &RACE[..8]);
    assert_eq!(s.finished(0), Some(1));
    assert_eq!(s.finished(2), Some(2));
    assert_eq!(s.finished(1), None);
    assert!(!s.is_over());
}

#[test]
fn players_finish_one_by_one_and_the_last_one_left_takes_the_last_place() {
    let game = lanes(&[]);
    let s = play_in_order(&game, &RACE);
    let o = s.outcome().expect("over when one player is left");
    assert_eq!(o.places[..4], [1, 3, 2, 4]);
    assert_eq!(o.winner(), Some(0));
    assert!(o.won(0) && !o.won(2));
    assert_eq!(game.describe_outcome(o), "North wins: all home (1. North, 2. South, 3. East, 4. West)");
}

#[test]
fn where_the_first_out_wins_the_game_ends_there() {
    let game = lanes(&[("first_out", "true")]);
    let s = play_in_order(&game, &RACE[..5]);
    let o = s.outcome().expect("over");
    assert_eq!(o.places[..4], [1, 2, 2, 2]);
    assert_eq!(o.winner(), Some(0));
}

#[test]
fn partners_finish_together_and_share_their_place() {
    let game = lanes(&[("partners", "true")]);
    assert_eq!(game.teams(), [0, 1, 0, 1]);
    // Player 1 is home but their partner is not: no place yet, and no more turns.
    let s = play_in_order(&game, &RACE[..6]);
    assert_eq!(s.finished(0), None);
    assert!(s.is_out(0));
    assert_eq!(s.to_move(), 2);
    // Player 3 brings the team home: it is first, the other team second.
    let s = play_in_order(&game, &RACE[..7]);
    let o = s.outcome().expect("over when one team is left");
    assert_eq!(o.places[..4], [1, 2, 1, 2]);
    assert!(o.won(0) && o.won(2) && !o.won(1));
    assert_eq!(o.winner(), None, "two players won");
    assert!(!o.is_draw());
    assert_eq!(game.describe_outcome(o), "North and South win: all home");
}

#[test]
fn positions_name_each_players_pieces_by_number_and_read_back_the_same() {
    let game = lanes(&[]);
    let s = play_in_order(&game, &RACE[..6]);
    let text = game.position_to_string(&s);
    assert!(text.contains("\"c2\": \"R3\""), "{text}");
    assert!(text.contains("to_move: 3"), "{text}");
    let back = game.position_from_str(&text, "position").expect("reads back");
    assert_eq!(back.finished(0), Some(1), "{text}");
    assert_eq!(back.position_hash(), s.position_hash());
    assert_eq!(game.position_to_string(&back), text);
    let bad = text.replace("\"R3\"", "\"R\"");
    let e = game.position_from_str(&bad, "position").expect_err("a piece without its player");
    assert!(e.to_string().contains("followed by its player's number"), "{e}");
}

#[test]
fn the_board_as_text_shows_each_players_pieces() {
    let game = lanes(&[]);
    let text = game.board_text(&game.initial_state());
    for piece in ["R1", "R2", "R3", "R4"] {
        assert!(text.contains(piece), "{piece} missing:\n{text}");
    }
}

/// A 3 x 3 board: each player places on their version of a zone, turned a
/// quarter turn clockwise per player. The game ends when the mover and every
/// opponent have nothing in hand (the mover wins), or when the mover has
/// nothing in hand and the next player has a piece on the board (the
/// previous player wins).
const CORNERS: &str = r#"Ruleset(
    name: "corners",
    title: "Corners",
    players: ["A", "B", "C", "D"],
    board: Grid(cols: 3, rows: 3, links: ["Orthogonal"]),
    zones: [(name: "home", fields: ["a1", "b1"], mirror: true)],
    pieces: [(name: "Stone", letter: 'S')],
    setup: [
        Hand(piece: "Stone", player: Player(1), count: 1),
        Hand(piece: "Stone", player: Player(2), count: 1),
        Hand(piece: "Stone", player: Player(3), count: 1),
        Hand(piece: "Stone", player: Player(4), count: 2),
    ],
    phases: [(name: "place", moves: [(pieces: ["Stone"], by: Place(), to: All([Empty, InZone("home")]))])],
    end: [
        (at: AfterMove, cond: All([HandEmpty(Me), HandEmpty(EveryOpponent)]), result: Win(Me), reason: "all placed"),
        (at: AfterMove, cond: All([HandEmpty(Me), OnBoard(Next, 1)]), result: Win(Previous), reason: "previous"),
    ],
)"#;

fn corners(text: &str, moves: &[&str]) -> tabula::Outcome {
    let game = Game::from_source(text, "corners.ron", &Options::new()).unwrap_or_else(|e| panic!("{e}"));
    let mut s = game.initial_state();
    for text in moves {
        assert!(!s.is_over(), "over before {text}");
        let m = game.parse_move(&s, text).unwrap_or_else(|e| panic!("{e}"));
        s = game.play(s, m).expect("legal");
    }
    s.outcome().expect("over")
}

#[test]
fn conditions_name_the_next_and_previous_player_and_every_opponent() {
    // Player 4 keeps a piece: player 1, with nothing to place, passes; the next
    // player (2) has a piece on the board, so the previous one (4) wins.
    let o = corners(CORNERS, &["S@a1", "S@a2", "S@b3", "S@c1", "pass"]);
    assert_eq!(o.winner(), Some(3));
    assert_eq!(o.reason, tabula::Reason::End(1));
    // With one piece each, player 4 places the last: every opponent's hand is empty.
    let o = corners(&CORNERS.replace("count: 2", "count: 1"), &["S@a1", "S@a2", "S@b3", "S@c1"]);
    assert_eq!(o.winner(), Some(3));
    assert_eq!(o.reason, tabula::Reason::End(0));
}

#[test]
fn a_mirrored_zone_is_turned_a_quarter_turn_for_each_player_of_four() {
    let game = Game::from_source(CORNERS, "corners.ron", &Options::new()).unwrap_or_else(|e| panic!("{e}"));
    let mut s = game.initial_state();
    let mut seen = Vec::new();
    for _ in 0..4 {
        let mut moves: Vec<String> = game.legal_moves(&s).into_iter().map(|m| game.move_text(m)).collect();
        moves.sort();
        seen.push(moves);
        let m = game.legal_moves(&s)[0];
        s = game.play(s, m).expect("legal");
    }
    // a1 b1 (bottom row) -> a3 a2 (left column) -> c3 b3 (top row) -> c1 c2 (right column).
    assert_eq!(seen[0], ["S@a1", "S@b1"]);
    assert_eq!(seen[1], ["S@a2", "S@a3"]);
    assert_eq!(seen[2], ["S@b3", "S@c3"]);
    assert_eq!(seen[3], ["S@c1", "S@c2"]);
}

#[test]
fn opponent_is_refused_where_it_is_ambiguous() {
    let text = CORNERS.replace("HandEmpty(EveryOpponent)", "HandEmpty(Opponent)");
    let e = Game::from_source(&text, "corners.ron", &Options::new()).expect_err("ambiguous");
    assert!(e.to_string().contains("`Opponent` names the other player of two"), "{e}");
    let text = CORNERS.replace("result: Win(Previous)", "result: Win(AnyOpponent)");
    let e = Game::from_source(&text, "corners.ron", &Options::new()).expect_err("a quantifier as a result");
    assert!(e.to_string().contains("one player is meant"), "{e}");
}

#[test]
fn analysis_reports_every_seat_and_compare_sets_variants_of_four_players_side_by_side() {
    use tabula_analysis::{Config, Report, compare, run};
    let config =
        |games| Config { agents: ["random".into(), "mcts:20".into()], games, seed: 1, swap_sides: true, shard: None };
    let results = run(&lanes(&[]), &config(8), &|_| {}).expect("runs");
    // Agent A sits in seat i mod 4 in game i; B in the three others.
    assert_eq!(results.games[1].seats, [1, 0, 1, 1]);
    let report = Report::new(&results);
    assert_eq!(report.player_wins.len(), 4);
    // Every game is the same race: player 1 first, 3 second, 2 third, 4 last.
    assert_eq!(report.player_wins[0].count, 8);
    assert_eq!(report.places.iter().map(|p| p.mean).collect::<Vec<_>>(), [1.0, 3.0, 2.0, 4.0]);
    assert_eq!(report.agent_wins[0].count, 2, "A sat in seat 1 in games 0 and 4");
    let text = report.to_string();
    assert!(text.contains("player 4 (West) wins") && text.contains("an even share is 25.0%"), "{text}");
    let partners = run(&lanes(&[("partners", "true")]), &config(8), &|_| {}).expect("runs");
    let c = compare(vec!["alone".into(), "partners".into()], &[results, partners], Default::default());
    let p3 = c.changes[0].iter().find(|m| m.metric == "player 3 wins").expect("a row per seat");
    assert_eq!((p3.base, p3.variant), (0.0, 1.0));
    assert!(c.to_string().contains("player 4 wins %"), "{c}");
    // With more than two seats, each seat's mean place is compared too: player 3 was second, now first with 1.
    let place = c.changes[0].iter().find(|m| m.metric == "player 3 place").expect("a place row per seat");
    assert_eq!((place.base, place.variant), (2.0, 1.0));
    assert!(c.to_string().contains("player 4 place (mean)"), "{c}");
}

/// While the others play on, a player who has taken a place is rated by it,
/// and those still racing rate below it, in the range of the places left.
#[test]
fn the_evaluation_rates_a_placed_player_by_the_place_and_the_others_below() {
    let game = lanes(&[]);
    let eval = tabula::agents::Evaluator::new(&game);
    let s = play_in_order(&game, &RACE[..8]);
    // Players 1 and 3 have places 1 and 2 of 4: worth 1 and 1/3.
    assert_eq!(eval.evaluate(&game, &s, 0), 1.0);
    assert!((eval.evaluate(&game, &s, 2) - 1.0 / 3.0).abs() < 1e-12);
    // Players 2 and 4 race for places 3 and 4: between -1 and -1/3, player 2 (a step from home) ahead.
    let (p2, p4) = (eval.evaluate(&game, &s, 1), eval.evaluate(&game, &s, 3));
    assert!((-1.0..=-1.0 / 3.0).contains(&p2) && (-1.0..=-1.0 / 3.0).contains(&p4), "{p2} {p4}");
    assert!(p2 > p4, "{p2} {p4}");
}

/// Three players with a stone each and four places: once the stones are
/// down, everyone must pass, and when all three have passed in a row the game
/// is blocked. How many have passed is part of the position: read back after
/// the first pass, the second pass still blocks the game, as in play.
#[test]
fn passes_in_a_row_are_kept_in_positions_and_end_a_blocked_game_alike() {
    let text = r#"Ruleset(
        name: "three stones", title: "Three stones", players: ["A", "B", "C"],
        board: Grid(cols: 4, rows: 1, links: ["Orthogonal"]),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [
            Hand(piece: "Stone", player: Player(1), count: 1),
            Hand(piece: "Stone", player: Player(2), count: 1),
            Hand(piece: "Stone", player: Player(3), count: 1),
        ],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Place(), to: Empty)])],
        end: [],
    )"#;
    let game = Game::from_source(text, "three-stones.ron", &Options::new()).unwrap_or_else(|e| panic!("{e}"));
    let s = play_in_order(&game, &[(1, "S@a1"), (2, "S@b1"), (3, "S@c1"), (1, "pass")]);
    let written = game.position_to_string(&s);
    assert!(written.contains("passes: 1"), "{written}");
    let back = game.position_from_str(&written, "position").expect("reads back");
    assert_eq!(back, s);
    for from in [s, back] {
        let m = game.parse_move(&from, "pass").expect("B passes");
        let after = game.play(from.clone(), m).expect("legal");
        assert!(after.is_over(), "all three passed in a row: blocked");
    }
    let bad = written.replace("passes: 1", "passes: 3");
    let e = game.position_from_str(&bad, "position").expect_err("more passes than players after the first");
    assert!(e.to_string().contains("passes: expected 0 to 2"), "{e}");
}
