//! Hostile inputs that once panicked, hung or were misread: each is now an
//! error that says where, or a stated bound.

use tabula::agents::{AgentSpec, PLY_CAP};
use tabula::{Game, Options};
use tabula_analysis::{Config, run, simulate};

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

/// A throw whose `rethrow` outcome weighs `rethrow` against 1 for the one that counts.
fn rethrowing(rethrow: u32) -> String {
    format!(
        r#"Ruleset(
    name: "rethrow", title: "Rethrow", players: ["X", "O"],
    board: Track(length: 10, cols: 10),
    pieces: [(name: "X", letter: 'X')],
    chance: [(name: "die", outcomes: [(label: "1", value: 1, weight: 1), (label: "r", value: 0, weight: {rethrow}, rethrow: true)])],
    setup: [On(piece: "X", player: Player(1), fields: ["1"]), On(piece: "X", player: Player(2), fields: ["2"])],
    phases: [(name: "play", throw: "die", moves: [(pieces: ["X"], by: Run(dirs: ["next", "prev"], distance: Throw))])],
)"#
    )
}

#[test]
fn a_throw_thrown_again_without_end_is_refused_where_it_is_written() {
    // Weights 1 and 2^32 - 2 threw about 4 billion times a turn: a random game never ended.
    let err = Game::from_source(&rethrowing(u32::MAX - 1), "rethrow.ron", &Options::new()).expect_err("refused");
    let text = err.to_string();
    assert!(text.contains("chance[0].outcomes") && text.contains("at most 1000"), "{text}");
    assert!(Game::from_source(&rethrowing(1001), "rethrow.ron", &Options::new()).is_err());
    let game = compile(&rethrowing(1000), &[("max_plies", "20")]);
    assert_eq!(simulate(&game, 5, 1).games, 5);
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
    assert!(e.reason.to_string().contains("letter case matters"), "{e}");
    // Where one move fits, another case is still understood.
    assert_eq!(game.move_text(game.parse_move(&s, "s@B").expect("one fits")), "S@b");
}

/// A ruleset whose pieces walk `steps` steps over `links`, on `board`.
fn walker(board: &str, dirs: &str, steps: u8) -> String {
    format!(
        r#"Ruleset(
    name: "walkers", title: "Walkers", players: ["A", "B"],
    board: {board},
    pieces: [(name: "Stone", letter: 'S')],
    setup: [On(piece: "Stone", player: Player(1), fields: ["f0"]), On(piece: "Stone", player: Player(2), fields: ["f1"])],
    phases: [(name: "play", moves: [(pieces: ["Stone"], by: Walk(dirs: [{dirs}], steps: Const({steps})), to: Empty)])],
    end: [(at: AfterMove, cond: NoPieces(Opponent), result: Win(Me), reason: "all captured")],
)"#
    )
}

/// A board of `n` fields where every field links to every other, each link
/// with its own direction (`to3` leads to field `f3`).
fn complete_graph(n: usize) -> (String, String) {
    let fields: Vec<String> = (0..n).map(|i| format!(r#"(name: "f{i}", at: ({i}, 0))"#)).collect();
    let mut links = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            links.push(format!(r#"(from: "f{i}", to: "f{j}", dir: "to{j}", back: "to{i}")"#));
        }
    }
    let dirs: Vec<String> = (0..n).map(|i| format!(r#""to{i}""#)).collect();
    (format!("Graph(fields: [{}], links: [{}])", fields.join(", "), links.join(", ")), dirs.join(", "))
}

#[test]
fn a_walk_that_would_explode_on_a_dense_board_is_refused_where_it_is_written() {
    let (board, dirs) = complete_graph(16);
    let err = Game::from_source(&walker(&board, &dirs, 12), "dense.ron", &Options::new()).expect_err("refused");
    let text = err.to_string();
    assert!(text.contains("dense.ron:") && text.contains("may try more than 1000000 paths"), "{text}");
    assert!(text.contains("phases[0].moves[0]"), "says which rule: {text}");
    // Without the bound this ruleset compiled and its first move list never came.
}

#[test]
fn a_line_along_more_than_two_directions_is_refused_where_it_is_written() {
    // A line lies in as many ways as the splits of its length between its directions: with
    // 16 directions that cross on this board, working them out took longer than a user waits.
    let (board, dirs) = complete_graph(16);
    let text = walker(&board, &dirs, 1).replace(
        "cond: NoPieces(Opponent)",
        &format!("cond: Line(n: 12, dirs: [[\"to1\", \"to2\"], [{dirs}]], through: Moved)"),
    );
    let err = Game::from_source(&text, "dense.ron", &Options::new()).expect_err("refused");
    let text = err.to_string();
    assert!(text.contains("end[0].cond.dirs[1]: expected one direction or two"), "{text}");
    assert!(text.contains("found 16"), "{text}");
}

#[test]
fn a_walk_from_too_many_pieces_for_one_list_of_moves_is_refused_where_it_is_written() {
    // Within the bound from one field, but a list of moves walks from every piece:
    // from 200 pieces such a walk took a second a move.
    let with_hand = |count: u16| {
        walker(r#"Grid(cols: 8, rows: 8, links: ["Orthogonal"])"#, r#""Orthogonal""#, 8)
            .replace(r#"fields: ["f0"]"#, r#"fields: ["a1"]"#)
            .replace(
                r#"fields: ["f1"])"#,
                &format!(r#"fields: ["h8"]), Hand(piece: "Stone", player: Player(2), count: {count})"#),
            )
    };
    let err = Game::from_source(&with_hand(5000), "many.ron", &Options::new()).expect_err("refused").to_string();
    assert!(err.contains("phases[0].moves[0].by: this walk of up to 8 steps, from each of 5002 pieces"), "{err}");
    Game::from_source(&with_hand(100), "many.ron", &Options::new()).expect("100 pieces walk");
}

#[test]
fn short_walks_on_the_same_dense_board_are_allowed() {
    let (board, dirs) = complete_graph(16);
    let game = Game::from_source(&walker(&board, &dirs, 3), "dense.ron", &Options::new()).expect("compiles");
    // From f0, 3 steps without a link twice reach every other field and f0 itself.
    assert_eq!(game.legal_moves(&game.initial_state()).len(), 15);
}

/// Discs dropped on a ring of three fields whose `down` links form a cycle
/// that never comes back to the field a disc is put on.
const RING_DROP: &str = r#"Ruleset(
    name: "ring-drop", title: "Ring drop", players: ["A", "B"],
    board: Graph(
        fields: [(name: "top", at: (0, 0)), (name: "a", at: (0, 1)), (name: "b", at: (1, 1)), (name: "c", at: (1, 2))],
        links: [
            (from: "top", to: "a", dir: "down"),
            (from: "a", to: "b", dir: "down"),
            (from: "b", to: "c", dir: "down"),
            (from: "c", to: "a", dir: "down"),
        ],
    ),
    zones: [(name: "drop", fields: ["top"])],
    pieces: [(name: "Disc", letter: 'D')],
    setup: [Hand(piece: "Disc", player: Player(1), count: 2), Hand(piece: "Disc", player: Player(2), count: 2)],
    phases: [(name: "play", moves: [(pieces: ["Disc"], by: Place(fall: "down"), to: All([Empty, InZone("drop")]))])],
    end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "full")],
)"#;

#[test]
fn a_piece_falling_along_a_cycle_of_links_comes_to_rest() {
    let game = compile(RING_DROP, &[]);
    let mut state = game.initial_state();
    // A disc falls at most once round the board (as many steps as it has
    // fields: a, b, c, a) and rests there; the next one finds `a` taken and
    // rests on the drop field, which ends the game. Before the bound the first
    // drop never came to rest.
    let mut rests = Vec::new();
    while let [m] = game.legal_moves(&state)[..] {
        rests.push(game.move_text(m));
        game.play_unchecked(&mut state, m);
    }
    assert_eq!(rests, ["D@a", "D@top"]);
}

/// A move allowed only while the player has a move (or can move) asked the
/// question it decides: generating the moves recursed until the stack
/// overflowed. Refused where it is written, for both questions.
#[test]
fn a_move_whose_only_if_asks_for_moves_is_refused_where_it_is_written() {
    for ask in ["Not(NoMoves)", "CanMove(Me)", "Any([Passed, CanMove(Opponent)])"] {
        let text = WANDERERS.replace("to: Empty)", &format!("to: Empty, only_if: {ask})"));
        let error = Game::from_source(&text, "hostile.ron", &Options::new()).expect_err(ask).to_string();
        assert!(
            error.contains("phases[0].moves[0].only_if: a move's `only_if` cannot ask whether a player has a move"),
            "{ask}: {error}"
        );
    }
    // Asked elsewhere, the same questions are fine.
    let ends = WANDERERS.replace("NoPieces(Opponent)", "Any([NoPieces(Opponent), Not(CanMove(Opponent))])");
    Game::from_source(&ends, "hostile.ron", &Options::new()).expect("an end may ask");
}

/// A man on a line of six jumps, captures a piece of its choice, and may (or
/// must) jump on. After a1xb1-c1 the next jump is over d1; choosing d1 as the
/// capture leaves the chain nothing to jump.
fn line_with_a_chosen_capture(chain: &str, filters: &str) -> String {
    format!(
        r#"Ruleset(language: 2, name: "line", title: "Line", players: ["White", "Black"],
        board: Grid(cols: 6, rows: 1, links: ["Orthogonal"]), pieces: [(name: "Man", letter: 'M')],
        setup: [On(piece: "Man", player: Player(1), fields: ["a1"]), On(piece: "Man", player: Player(2), fields: ["b1", "d1", "f1"])],
        phases: [(name: "play", filters: [{filters}], moves: [(pieces: ["Man"], by: Jump(dirs: ["Orthogonal"]),
            then: [Continue(mode: {chain}), CaptureChosen(among: Enemy)]),
            (pieces: ["Man"], by: Step(dirs: ["Orthogonal"]), to: Empty)])],
        end: [(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "stuck")])"#
    )
}

/// A chain that must go on (or that the most captures bind, with no `stop`)
/// whose chosen capture took the piece it was to jump next: the chain is
/// over and the turn passes, rather than leaving the player with no move in
/// the middle of it.
#[test]
fn a_chain_whose_chosen_capture_leaves_nothing_to_jump_ends_there() {
    for (chain, filters) in [("Must", ""), ("May", "MostCaptures()"), ("Must", "MostCaptures()")] {
        let game = compile(&line_with_a_chosen_capture(chain, filters), &[]);
        let s = game.initial_state();
        let jump = game.parse_move(&s, "a1-c1").expect("the jump");
        let s = game.play(s, jump).expect("legal");
        let capture = game.parse_move(&s, "xd1").expect("d1 may be chosen");
        let s = game.play(s, capture).expect("legal");
        assert_eq!(s.to_move(), 1, "{chain} {filters}: Black moves next, in\n{s:?}");
        assert_eq!(game.legal_moves(&s).iter().map(|&m| game.move_text(m)).collect::<Vec<_>>(), ["f1-e1"]);
        let summary = simulate(&game, 50, 7);
        assert_eq!(summary.games, 50);
    }
}

/// Plays `moves` (texts) from the start; every state on the way that is not
/// over has a legal move.
fn play_texts(game: &Game, moves: &[&str]) -> tabula::State {
    let mut s = game.initial_state();
    for text in moves {
        let m = game.parse_move(&s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        s = game.play(s, m).expect("legal");
        assert!(s.is_over() || !game.legal_moves(&s).is_empty(), "no move after {text}:\n{s:?}");
    }
    s
}

/// A capture to choose whose only candidate a later effect of the same move
/// took (an enclosure) is no choice: the turn passes.
#[test]
fn a_capture_to_choose_whose_candidates_went_later_in_the_move_is_none() {
    let text = r#"Ruleset(language: 2, name: "h", title: "h", players: ["A", "B"],
        board: Grid(cols: 3, rows: 1, links: ["Orthogonal"]), pieces: [(name: "S", letter: 'S')],
        setup: [On(piece: "S", player: Player(1), fields: ["a1"]), On(piece: "S", player: Player(2), fields: ["b1"]),
            Hand(piece: "S", player: Player(1), count: 1), Hand(piece: "S", player: Player(2), count: 1)],
        phases: [(name: "play", moves: [(pieces: ["S"], by: Place(), then: [CaptureChosen(among: Enemy), Enclose(dirs: ["W"])])])])"#;
    let game = compile(text, &[]);
    let s = play_texts(&game, &["S@c1"]);
    assert_eq!((s.to_move(), game.position_to_string(&s).contains("choose_capture")), (1, false));
}

/// A chain that removes what it jumped at its end, and a capture chosen
/// among the pieces it jumped: once the chain ends they are gone, and so is
/// the choice.
#[test]
fn a_capture_to_choose_among_pieces_a_chain_removes_at_its_end_is_none() {
    let text = r#"Ruleset(language: 2, name: "h", title: "h", players: ["A", "B"],
        board: Grid(cols: 3, rows: 1, links: ["Orthogonal"]), pieces: [(name: "M", letter: 'M')],
        setup: [On(piece: "M", player: Player(1), fields: ["a1"]), On(piece: "M", player: Player(2), fields: ["b1"])],
        phases: [(name: "play", moves: [(pieces: ["M"], by: Jump(dirs: ["Orthogonal"]),
            then: [CaptureChosen(among: Enemy), Continue(mode: Must, removal: AtEnd)])])])"#;
    let game = compile(text, &[]);
    let s = play_texts(&game, &["a1-c1"]);
    assert!(!game.position_to_string(&s).contains("choose_capture"), "{s:?}");
    let legal: Vec<String> = game.legal_moves(&s).iter().map(|&m| game.move_text(m)).collect();
    assert_eq!((s.to_move(), legal), (1, vec!["pass".to_string()]), "B, with nothing left, passes");
}

/// A captive converted and placed in the middle of a chain on the field the
/// chain was to land on next: the chain is over.
#[test]
fn a_chain_whose_next_landing_a_placement_took_ends_there() {
    let text = r#"Ruleset(language: 2, name: "h", title: "h", players: ["A", "B"],
        board: Grid(cols: 5, rows: 2, links: ["Orthogonal"]), zones: [(name: "home", groups: [["e1", "a2"]])],
        pieces: [(name: "M", letter: 'M', captured: [(to: Convert(zone: "home", choose: Captor))])],
        setup: [On(piece: "M", player: Player(1), fields: ["a1"]), On(piece: "M", player: Player(2), fields: ["b1", "d1"])],
        phases: [(name: "play", moves: [(pieces: ["M"], by: Jump(dirs: ["Orthogonal"]), then: [Continue(mode: Must)]),
            (pieces: ["M"], by: Step(dirs: ["Orthogonal"]), to: Empty)])])"#;
    let game = compile(text, &[]);
    let s = play_texts(&game, &["a1-c1", "M@e1"]);
    assert_eq!(s.to_move(), 1, "the chain is over, the turn passes\n{s:?}");
}

/// A man of A's on a1 against B's men on `enemies`: it jumps orthogonally
/// going on as `orthogonal_chain` says, or diagonally, going on if it may
/// (both capture: capturing is a must), or steps.
fn two_jump_rules(orthogonal_chain: &str, enemies: &str) -> String {
    format!(
        r#"Ruleset(language: 2, name: "h", title: "h", players: ["A", "B"],
        board: Grid(cols: 5, rows: 5, links: ["All"]), pieces: [(name: "M", letter: 'M')],
        setup: [On(piece: "M", player: Player(1), fields: ["a1"]), On(piece: "M", player: Player(2), fields: [{enemies}])],
        phases: [(name: "play", moves: [
            (pieces: ["M"], by: Jump(dirs: ["Orthogonal"]), then: [{orthogonal_chain}]),
            (pieces: ["M"], by: Jump(dirs: ["Diagonal"]), then: [Continue(mode: May)]),
            (pieces: ["M"], by: Step(dirs: ["All"]))], filters: [Capture()])],
        end: [(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no legal move")])"#
    )
}

/// A chain of jumps by two rules, one that removes what it jumped at the
/// end and one that captures at once: the pieces the first jumped go when
/// the chain ends, whichever rule made its last jump.
#[test]
fn pieces_jumped_to_go_at_a_chains_end_go_whichever_rule_ends_it() {
    let game = compile(&two_jump_rules("Continue(mode: Must, removal: AtEnd)", r#""a2", "b4", "e5""#), &[]);
    let s = play_texts(&game, &["a1-a3", "a3-c5"]);
    let position = game.position_to_string(&s);
    assert_eq!(s.to_move(), 1, "the chain is over\n{position}");
    assert!(!position.contains("\"a2\"") && !position.contains("\"b4\""), "both pieces jumped are gone\n{position}");
}

/// A position whose chain goes on by a rule other than the piece's first
/// that goes on (here: may stop where the first must go on) reads back as
/// it was written.
#[test]
fn a_chain_by_another_rule_than_the_first_reads_back_as_written() {
    let game = compile(&two_jump_rules("Continue(mode: Must)", r#""b2", "c4", "e5""#), &[]);
    let s = play_texts(&game, &["a1-c3"]);
    let written = game.position_to_string(&s);
    let read = game.position_from_str(&written, "p.ron").expect("reads back");
    assert_eq!(read, s, "{written}");
    assert_eq!(game.legal_moves(&read), game.legal_moves(&s));
    assert!(game.legal_moves(&s).iter().any(|&m| game.move_text(m) == "stop"), "the chain may stop");
}

/// A position with the player to move finished, or nobody left to play
/// against, is refused (a move from it passed the turn on for ever).
#[test]
fn positions_with_nobody_left_to_play_are_refused() {
    let game = tabula::shipped::game("traditional/ludo", &Options::new()).expect("shipped");
    for (finished, expected) in [("[1, 0, 0, 0]", "is to move but has finished"), ("[0, 1, 2, 3]", "two teams")] {
        let text = format!("Position(to_move: 1, finished: {finished})");
        let e = game.position_from_str(&text, "p.ron").expect_err(finished);
        assert!(e.to_string().contains(expected), "{finished}: {e}");
    }
}

/// Moves that would read alike are told apart: on a ring, a jump either way
/// round to the same field (each captures another piece), and two rules that
/// sow the same pit either way. Along random games, every legal move has a
/// text of its own that reads back as that move, and a record replays the
/// game played.
#[test]
fn moves_that_would_read_alike_are_told_apart_and_replay() {
    let ring = |moves: &str, pieces: &str, setup: &str| {
        format!(
            r#"Ruleset(language: 2, name: "ring", title: "Ring", players: ["A", "B"],
            board: Graph(fields: [(name: "p1", at: (0, 0)), (name: "p2", at: (1, 0)), (name: "p3", at: (1, 1)), (name: "p4", at: (0, 1))],
                links: [(from: "p1", to: "p2", dir: "cw", back: "ccw"), (from: "p2", to: "p3", dir: "cw", back: "ccw"),
                    (from: "p3", to: "p4", dir: "cw", back: "ccw"), (from: "p4", to: "p1", dir: "cw", back: "ccw")]),
            stack_limit: 16, pieces: [{pieces}], setup: [{setup}], phases: [(name: "play", moves: [{moves}])],
            options: [Int(name: "max_plies", default: 12, min: 0, max: 100, doc: "the turn limit")])"#
        )
    };
    let jumps = ring(
        r#"(pieces: ["M", "K"], by: Jump(dirs: ["cw", "ccw"])), (pieces: ["M", "K"], by: Step(dirs: ["cw", "ccw"]))"#,
        r#"(name: "M", letter: 'M'), (name: "K", letter: 'K')"#,
        r#"On(piece: "M", player: Player(1), fields: ["p1"]), On(piece: "M", player: Player(2), fields: ["p2"]), On(piece: "K", player: Player(2), fields: ["p4"])"#,
    );
    let sowing = ring(
        r#"(pieces: ["Seed"], by: Sow(dirs: ["cw"]), from: Not(Empty)), (pieces: ["Seed"], by: Sow(dirs: ["ccw"]), from: Not(Empty))"#,
        r#"(name: "Seed", letter: 'S', neutral: true)"#,
        r#"On(piece: "Seed", fields: ["p1", "p2", "p3", "p4"], count: 2)"#,
    );
    for text in [jumps, sowing] {
        let game = compile(&text, &[]);
        let (mut rng, mut told_apart) = (7u64, 0);
        for _ in 0..20 {
            let (mut s, mut played) = (game.initial_state(), Vec::new());
            while !s.is_over() {
                let legal = game.legal_moves(&s);
                let texts = game.move_texts(&legal);
                told_apart += texts.iter().filter(|t| t.contains('/')).count();
                for (&m, t) in legal.iter().zip(&texts) {
                    assert_eq!(game.parse_move(&s, t).expect("reads back"), m, "{t} among {texts:?}");
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let m = legal[(rng >> 33) as usize % legal.len()];
                played.push(m);
                game.play_unchecked(&mut s, m);
            }
            let (replayed, moves) = tabula::Record::new(&game, None, &played).replay(&game).expect("replays");
            assert_eq!((replayed, moves), (s, played));
        }
        assert!(told_apart > 20, "only {told_apart} moves told apart");
    }
}

/// A player whose extra turn begins with their finishing (a field that
/// earns another turn, on the goal) does not keep the turn: it passes on,
/// and the position reads back.
#[test]
fn a_player_finished_as_an_extra_turn_begins_passes_the_turn() {
    let text = r#"Ruleset(language: 2, name: "fin", title: "fin", players: ["A", "B", "C"],
        board: Grid(cols: 5, rows: 1, links: ["Orthogonal"]),
        field_types: [(name: "ft", fields: ["e1"], again: true)], zones: [(name: "goal", fields: ["e1"])],
        pieces: [(name: "M", letter: 'M')],
        setup: [On(piece: "M", player: Player(1), fields: ["d1"]), On(piece: "M", player: Player(2), fields: ["a1"]),
            On(piece: "M", player: Player(3), fields: ["b1"])],
        phases: [(name: "play", moves: [(pieces: ["M"], by: Step(dirs: ["Orthogonal"]), to: Empty)])],
        end: [(at: StartOfTurn, cond: PieceIn(Me, ["M"], "goal"), result: Finish(Me), reason: "home")])"#;
    let game = compile(text, &[]);
    let s = play_texts(&game, &["d1-e1"]);
    assert_eq!(s.to_move(), 1, "player 1 has finished: B moves\n{s:?}");
    let written = game.position_to_string(&s);
    assert_eq!(game.position_from_str(&written, "p.ron").expect("reads back"), s, "{written}");
}

/// Field names with a `/` and direction names of digits alone are refused:
/// in a move's text a `/` tells moves apart by their direction or rule number.
#[test]
fn names_that_would_read_as_a_move_told_apart_are_refused() {
    let graph = |field: &str, dir: &str| {
        format!(
            r#"Ruleset(language: 2, name: "g", title: "g", players: ["A", "B"],
            board: Graph(fields: [(name: "{field}", at: (0, 0)), (name: "q", at: (1, 0))], links: [(from: "{field}", to: "q", dir: "{dir}", back: "w")]),
            pieces: [(name: "M", letter: 'M')], setup: [On(piece: "M", player: Player(1), fields: ["q"])],
            phases: [(name: "play", moves: [(pieces: ["M"], by: Step(dirs: ["w"]), to: Empty)])])"#
        )
    };
    let error = |text: String| match Game::from_source(&text, "g.ron", &Options::new()) {
        Ok(_) => panic!("compiles: {text}"),
        Err(e) => e.to_string(),
    };
    assert!(error(graph("p1/2", "e")).contains("field \"p1/2\": a field name has no `/`"));
    assert!(error(graph("p", "2")).contains("direction \"2\": a direction name has a letter and no `/`"));
    assert!(Game::from_source(&graph("p", "e2"), "g.ron", &Options::new()).is_ok());
}

/// A chain by two rules: one removes what it jumped at the chain's end, the
/// other captures at once. Begun by the first, gone on by the second, and
/// stopped there: the piece the first jumped goes at the stop.
#[test]
fn a_chain_stopped_after_a_step_that_captures_at_once_removes_what_it_jumped_before() {
    let text = r#"Ruleset(language: 2, name: "h", title: "h", players: ["A", "B"],
        board: Grid(cols: 5, rows: 7, links: ["All"]), pieces: [(name: "M", letter: 'M')],
        setup: [On(piece: "M", player: Player(1), fields: ["a1"]), On(piece: "M", player: Player(2), fields: ["a2", "b4", "d6"])],
        phases: [(name: "play", moves: [
            (pieces: ["M"], by: Jump(dirs: ["Orthogonal"]), then: [Continue(mode: Must, removal: AtEnd)]),
            (pieces: ["M"], by: Jump(dirs: ["Diagonal"]), then: [Continue(mode: May)]),
            (pieces: ["M"], by: Step(dirs: ["All"]))], filters: [Capture()])],
        end: [(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no legal move")])"#;
    let game = compile(text, &[]);
    let s = play_texts(&game, &["a1-a3", "a3-c5", "stop"]);
    let position = game.position_to_string(&s);
    assert_eq!(s.to_move(), 1, "the chain stopped\n{position}");
    assert!(!position.contains("\"a2\"") && !position.contains("\"b4\""), "both pieces jumped are gone\n{position}");
}

/// A ruleset of one move rule, moving by `by`, capturing as a chain that
/// goes on (`same_dir` as given): what is refused of a chain where written.
fn chain_by(by: &str, same_dir: bool) -> Result<Game, String> {
    let text = format!(
        r#"Ruleset(language: 2, name: "g", title: "g", players: ["A", "B"],
        board: Grid(cols: 5, rows: 5, links: ["All"]), pieces: [(name: "M", letter: 'M')],
        setup: [On(piece: "M", player: Player(1), fields: ["a1"]), Hand(piece: "M", player: Player(1), count: 2),
            On(piece: "M", player: Player(2), fields: ["b3", "c5"])],
        phases: [(name: "play", moves: [(pieces: ["M"], by: {by}, to: Any([Empty, Enemy]),
            then: [Continue(mode: May, same_dir: {same_dir})])])])"#,
        same_dir = if same_dir { "True" } else { "False" }
    );
    Game::from_source(&text, "g.ron", &Options::new()).map_err(|e| e.to_string())
}

/// A chain that keeps its direction needs moves that have one: a leap, a
/// flight or a walk has none, so `same_dir` there is refused where written
/// (before, the chain went on any way, and its position, written without a
/// direction, was refused when read back).
#[test]
fn a_chain_that_keeps_its_direction_needs_a_motion_with_directions() {
    for by in ["Leap(offsets: [(1, 2)])", "Fly", "Walk(dirs: [\"All\"], steps: Const(2))"] {
        let error = chain_by(by, true).err().unwrap_or_else(|| panic!("compiles: {by}"));
        assert!(error.contains("same_dir"), "{by}: {error}");
        assert!(chain_by(by, false).is_ok(), "{by}");
    }
    assert!(chain_by("Step(dirs: [\"All\"])", true).is_ok());
}

/// A chain goes on with the piece that moved on the board: `Continue` on a
/// move from or to the hand, off the board or sowing a stack did nothing,
/// and is refused where written.
#[test]
fn a_chain_goes_on_only_after_a_move_on_the_board() {
    for by in ["Place()", "Lift", "Sow(dirs: [\"E\"])", "RunOff(dirs: [\"E\"], distance: Const(5), count: Exact)"] {
        let error = chain_by(by, false).err().unwrap_or_else(|| panic!("compiles: {by}"));
        assert!(error.contains("a chain goes on after a move on the board"), "{by}: {error}");
    }
}

/// A piece whose only move is to sow its stack is not stuck: where stuck
/// pieces are replaced, B's piece that can sow stays B's (it was replaced:
/// a piece was asked for its moves by steps and the like only). And a piece
/// that can sow has an ordinary move, so a fallback rule asked piece by
/// piece is not offered to it.
#[test]
fn a_piece_that_can_sow_has_a_move() {
    let sowing = |phase: &str| {
        format!(
            r#"Ruleset(language: 2, name: "sow", title: "Sow", players: ["A", "B"],
            board: Grid(cols: 6, rows: 1, links: ["E", "W"]), stack_limit: 8, pieces: [(name: "M", letter: 'M')],
            setup: [On(piece: "M", player: Player(1), fields: ["a1"], count: 2), On(piece: "M", player: Player(2), fields: ["e1"]),
                Hand(piece: "M", player: Player(1), count: 3), Hand(piece: "M", player: Player(2), count: 3)],
            phases: [(name: "play", moves: [(pieces: ["M"], by: Sow(dirs: ["E"]))], {phase})])"#
        )
    };
    let game = compile(&sowing("replace_stuck: (grace: False)"), &[]);
    let s = play_texts(&game, &["a1"]);
    assert_eq!(game.move_texts(&game.legal_moves(&s)), ["e1"], "B sows from e1\n{}", game.position_to_string(&s));
    let game = compile(
        &sowing(r#"fallback: [(pieces: ["M"], by: Step(dirs: ["W"]), to: Empty)], fallback_per_piece: True"#),
        &[],
    );
    let s = play_texts(&game, &["a1"]);
    assert_eq!(game.move_texts(&game.legal_moves(&s)), ["e1"], "B sows, and steps back with no piece");
}

/// A ruleset of stones placed on a 3 x 3 board with `conditions` named and
/// the given `end` rules.
fn with_conditions(conditions: &str, ends: &str) -> String {
    format!(
        r#"Ruleset(language: 2, name: "c", title: "c", players: ["A", "B"],
        board: Grid(cols: 3, rows: 3, links: ["All"]), conditions: {{ {conditions} }},
        pieces: [(name: "S", letter: 'S')],
        setup: [Hand(piece: "S", player: Player(1), count: 5), Hand(piece: "S", player: Player(2), count: 4)],
        phases: [(name: "play", moves: [(pieces: ["S"], by: Place())])],
        end: [{ends}])"#
    )
}

/// A tower of named conditions, each using the one below twice: `B{levels}`
/// expands to 3 * 2^levels - 2 tests.
fn tower(levels: usize) -> String {
    let mut conds = vec![r#""B0": OnBoard(Me, 2)"#.to_string()];
    conds.extend((1..=levels).map(|k| format!(r#""B{k}": Any([Ref("B{}"), Not(Ref("B{}"))])"#, k - 1, k - 1)));
    conds.join(", ")
}

/// Each use of a named condition is a copy of it: one under the bound per
/// name, used a thousand times, took 20 s and 4.6 GB to compile. All the
/// conditions of a ruleset together are bounded, and the use that passes
/// the bound is where the error is.
#[test]
fn named_conditions_used_too_often_are_refused_where_the_bound_is_passed() {
    // 6142 tests a use (and 2 of its own): the 163rd use passes 1,000,000.
    let ends: Vec<String> = (0..200)
        .map(|_| r#"(at: AfterMove, cond: All([Ref("B11"), NoPieces(Me)]), result: Draw, reason: "x")"#.into())
        .collect();
    let error = Game::from_source(&with_conditions(&tower(11), &ends.join(", ")), "uses.ron", &Options::new())
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("end[162].cond: the conditions up to here expand to more than 1000000 tests in all"),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1, "said once: {error}");
    // Fewer uses are fine.
    compile(&with_conditions(&tower(11), &ends[..10].join(", ")), &[]);
}

/// The condition inside a `Beside` is copied like any other: a tower of
/// named conditions through `Beside`s was not counted, and expanded without bound.
#[test]
fn named_conditions_inside_a_beside_count_towards_their_size() {
    let mut conds = vec![r#""B0": Empty"#.to_string()];
    conds.extend((1..=16).map(|k| format!(r#""B{k}": Beside(["N"], Any([Ref("B{}"), Ref("B{}")]))"#, k - 1, k - 1)));
    let text = with_conditions(&conds.join(", "), "").replace("by: Place())", r#"by: Place(), to: Ref("B16"))"#);
    let error = Game::from_source(&text, "beside.ron", &Options::new()).expect_err("refused").to_string();
    assert!(error.contains(r#"conditions["B16"]: condition "B16" expands to more than 100000 tests"#), "{error}");
}

/// A `Beside` tests its condition on each neighbour: nested ones multiply,
/// and 20 deep on a grid with 8 directions a move's target was never
/// decided. A condition is bounded in what one test of it may read.
#[test]
fn nested_besides_that_would_read_too_many_fields_are_refused_where_written() {
    let nested = |depth: usize| {
        let to = (0..depth).fold("Has([\"S\"])".to_string(), |t, _| format!(r#"Beside(["All"], {t})"#));
        with_conditions("", "").replace("by: Place())", &format!("by: Place(), to: All([Empty, Not({to})]))"))
    };
    // 8^5 neighbours' tests are too many; 8^4 are not.
    let error = Game::from_source(&nested(5), "beside.ron", &Options::new()).expect_err("refused").to_string();
    assert!(error.contains("phases[0].moves[0].to: this condition may read 32771 atoms"), "{error}");
    assert!(error.contains("more than 10000"), "{error}");
    compile(&nested(4), &[]);
}

/// Unknown names each get a "did you mean" from comparing them with every
/// candidate: 50,000 unknown fields on a board of 4,082 took 19 s. Only the
/// first hundred get one (the board's a1 to z100 are candidates).
#[test]
fn only_the_first_hundred_unknown_names_get_a_did_you_mean() {
    let list: Vec<&str> = vec![r#""a101""#; 150];
    let text = with_conditions("", "").replace("cols: 3, rows: 3", "cols: 26, rows: 100").replace(
        r#"setup: ["#,
        &format!(r#"setup: [On(piece: "S", player: Player(1), fields: [{}]), "#, list.join(", ")),
    );
    let error = Game::from_source(&text, "names.ron", &Options::new()).expect_err("refused").to_string();
    let unknown: Vec<&str> = error.lines().filter(|l| l.contains(r#"unknown field "a101""#)).collect();
    assert_eq!(unknown.len(), 150, "{error}");
    assert!(unknown[..100].iter().all(|l| l.contains("did you mean")), "{error}");
    assert!(unknown[100..].iter().all(|l| !l.contains("did you mean")), "{error}");
}

/// The offsets of a leap are kept once each, through a set (a list of
/// 60,000 offsets was checked against itself and took 30 s to compile;
/// times are for benchmarks, not tests: here, what it makes).
#[test]
fn a_leap_with_a_long_list_of_offsets_keeps_each_once() {
    let offsets: Vec<String> = (1..=25_000).map(|k| format!("(200, {k})")).collect();
    let text = with_conditions("", "")
        .replace("by: Place())", &format!("by: Leap(offsets: [(1, 2), (2, 1), {}]))", offsets.join(", ")))
        .replace(
            r#"Hand(piece: "S", player: Player(1), count: 5)"#,
            r#"On(piece: "S", player: Player(1), fields: ["a1"])"#,
        );
    let game = compile(&text, &[]);
    // (1, 2) and (2, 1) with their mirrors, from a1: b3 and c2.
    assert_eq!(game.move_texts(&game.legal_moves(&game.initial_state())), ["a1-b3", "a1-c2"]);
}

/// Link ids are 16 bits: a graph of more than 65,535 links (a link and its
/// way back counted once) wrapped them, and walks read one link as another.
/// Refused where the link past the bound is written (each new link was
/// checked against every link before it; now through a map).
#[test]
fn a_board_of_more_than_65535_links_is_refused_where_written() {
    // 520 fields, each linked both ways to the next 127 round a ring: no two links between the same fields.
    let ring = |links: usize| {
        let n = 520;
        let fields: Vec<String> = (0..n).map(|i| format!(r#"(name: "f{i}", at: ({i}, 0))"#)).collect();
        let links: Vec<String> = (0..n)
            .flat_map(|i| {
                (1..=127).map(move |k| format!(r#"(from: "f{i}", to: "f{}", dir: "d{k}", back: "b{k}")"#, (i + k) % n))
            })
            .take(links)
            .collect();
        walker(&format!("Graph(fields: [{}], links: [{}])", fields.join(", "), links.join(", ")), r#""d1""#, 1)
    };
    let error = Game::from_source(&ring(65_536), "links.ron", &Options::new()).expect_err("refused").to_string();
    assert!(error.contains("board.links[65535]: a board has at most 65535 links"), "{error}");
    assert_eq!(error.lines().count(), 1, "{error}");
    // One link fewer is a board.
    compile(&ring(65_535), &[]);
}

/// Each field of a graph was looked for among those before it to find one
/// listed twice (60,000 fields took 3 s to be refused as too many; now
/// through a set): refused.
#[test]
fn a_graph_of_too_many_fields_is_refused() {
    let fields: Vec<String> = (0..60_000).map(|i| format!(r#"(name: "f{i}", at: (0, 0))"#)).collect();
    let board = format!("Graph(fields: [{}], links: [])", fields.join(", "));
    let error = Game::from_source(&walker(&board, r#""d1""#, 1), "fields.ron", &Options::new())
        .expect_err("refused")
        .to_string();
    assert!(error.contains("board.fields: a board needs 1 to 4096 fields"), "{error}");
}

/// A long list of names is looked up through a map (50,000 unknown fields
/// among 4,082 were each compared with every field): each name stands for
/// the same field as before, and an unknown one is said where it stands.
#[test]
fn a_long_list_of_fields_is_read_as_written() {
    let placed = ["e5", "a1", "c3", "b2", "d4", "e1", "a5", "b4", "d2", "c1", "c5"];
    let list: Vec<String> = placed.iter().map(|f| format!("{f:?}")).collect();
    let text = with_conditions("", "").replace("cols: 3, rows: 3", "cols: 5, rows: 5").replace(
        r#"setup: ["#,
        &format!(r#"setup: [On(piece: "S", player: Player(1), fields: [{}]), "#, list.join(", ")),
    );
    let game = compile(&text, &[]);
    let empty: Vec<String> = (1..=5)
        .flat_map(|row| ('a'..='e').map(move |col| format!("{col}{row}")))
        .filter(|f| !placed.contains(&f.as_str()))
        .collect();
    let mut placements = game.move_texts(&game.legal_moves(&game.initial_state()));
    placements.sort();
    let mut expected = empty.iter().map(|f| format!("S@{f}")).collect::<Vec<_>>();
    expected.sort();
    assert_eq!(placements, expected);
    let error = Game::from_source(&text.replace(r#""b4""#, r#""b6""#), "names.ron", &Options::new())
        .expect_err("refused")
        .to_string();
    assert_eq!(error, r#"names.ron:4:102: setup[0].fields[7]: unknown field "b6""#);
}

/// A fresh folder of its own for a test, removed when dropped, pass or fail.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("tabula-hostile-{name}-")).tempdir().expect("a scratch folder")
}

#[cfg(unix)]
#[test]
fn an_output_through_a_link_replaces_the_file_it_leads_to_and_keeps_the_link() {
    use tabula_files::{self as files, Overwrite};
    let tmp = scratch("link");
    let dir = tmp.path();
    let (real, link) = (dir.join("real.json"), dir.join("link.json"));
    std::fs::write(&real, "old").expect("writes");
    std::os::unix::fs::symlink("real.json", &link).expect("a link");
    assert!(files::check(&link, Overwrite::Refuse, &[]).is_err(), "the file it leads to exists");
    files::write(&link, b"new", Overwrite::Allow).expect("writes through the link");
    assert!(link.symlink_metadata().expect("there").file_type().is_symlink(), "the link is kept");
    assert_eq!(std::fs::read_to_string(&real).expect("reads"), "new");
    // A link to a file not made yet: the file is made where it leads.
    let pending = dir.join("pending.json");
    std::os::unix::fs::symlink(dir.join("later.json"), &pending).expect("a link");
    files::write(&pending, b"made", Overwrite::Refuse).expect("writes");
    assert!(pending.symlink_metadata().expect("there").file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(dir.join("later.json")).expect("reads"), "made");
    // A loop of links is an error, not a hang.
    std::os::unix::fs::symlink("loop-b", dir.join("loop-a")).expect("a link");
    std::os::unix::fs::symlink("loop-a", dir.join("loop-b")).expect("a link");
    let e = files::write(&dir.join("loop-a"), b"x", Overwrite::Allow).expect_err("a loop");
    assert!(e.to_string().contains("too many links"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_device_is_written_in_place_and_never_replaced_by_a_file() {
    use std::os::unix::fs::FileTypeExt;
    use std::path::Path;
    use tabula_files::{self as files, Destination, Overwrite};
    let null = Path::new("/dev/null");
    for overwrite in [Overwrite::Refuse, Overwrite::Allow] {
        files::check(null, overwrite, &[]).expect("a device takes output: nothing is lost");
        files::write(null, b"a report", overwrite).expect("written in place");
        assert!(null.metadata().expect("there").file_type().is_char_device(), "still a device");
    }
    assert_eq!(files::destination(null).expect("a device"), Destination::InPlace(null.to_path_buf()));
    assert_eq!(files::destination(Path::new("-")).expect("stdout"), Destination::Stdout);
    assert!(files::same_output(Path::new("-"), Path::new("-")));
    assert!(files::same_output(Path::new("./a.json"), Path::new("a.json")));
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_that_says_so() {
    use tabula_files::{self as files, Overwrite};
    let e = files::write(std::path::Path::new("/dev/full"), b"a report", Overwrite::Allow).expect_err("full");
    assert!(e.to_string().starts_with("/dev/full: No space left"), "{e}");
}

#[test]
fn a_file_made_at_a_checkpoints_path_while_the_run_goes_on_is_never_replaced() {
    use tabula_files::{Checkpoint, Overwrite};
    let tmp = scratch("race");
    let dir = tmp.path();
    let path = dir.join("run.json");
    let mut run = Checkpoint::new(&path, Overwrite::Refuse);
    run.write(b"100 games", false).expect("the first checkpoint");
    run.write(b"200 games", false).expect("replaces the run's own");
    // The user puts another file there while the run goes on.
    std::fs::remove_file(&path).expect("removes");
    std::fs::write(&path, "precious").expect("writes");
    let e = run.write(b"300 games", true).expect_err("not the run's own");
    assert!(e.to_string().contains("by something else while the run went on"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), "precious");
    // A file made there before the first checkpoint is kept too.
    let other = dir.join("other.json");
    let mut run = Checkpoint::new(&other, Overwrite::Refuse);
    std::fs::write(&other, "made meanwhile").expect("writes");
    let e = run.write(b"100 games", false).expect_err("exists");
    assert!(e.to_string().contains("already exists"), "{e}");
    assert_eq!(std::fs::read_to_string(&other).expect("reads"), "made meanwhile");
    // Going on with a saved run (--resume), the file read is the run's own.
    let mut run = Checkpoint::going_on(&path, Overwrite::Refuse);
    run.write(b"400 games", false).expect("the run's own");
    run.write(b"500 games", true).expect("the run's own");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), "500 games");
}

#[cfg(unix)]
#[test]
fn endless_devices_given_as_inputs_are_refused_at_once() {
    use std::path::Path;
    let zero = Path::new("/dev/zero");
    let e = Game::load(zero, &Options::new()).expect_err("a ruleset");
    assert!(e.to_string().contains("/dev/zero:1:1: a NUL byte: not a text file"), "{e}");
    // A record's `ruleset` and the command line's name a file the same way.
    let e = tabula::shipped::resolve("/dev/zero").expect_err("a ruleset named");
    assert!(e.to_string().contains("not a text file"), "{e}");
    let e = tabula_files::read_text(Path::new("/dev/urandom")).expect_err("a position, a record");
    assert!(e.to_string().starts_with("/dev/urandom:"), "{e}");
}

/// `analyze -o max_plies=0` said "ended by the turn limit 100%" of games that
/// have no limit: they were cut unfinished, and the report says so.
#[test]
fn games_cut_without_a_turn_limit_are_reported_as_cut_not_as_ended_by_a_limit() {
    let game = compile(WANDERERS, &[("max_plies", "0")]);
    let config =
        Config { agents: ["random".into(), "random".into()], games: 2, seed: 1, swap_sides: false, shard: None };
    let report = tabula_analysis::Report::new(&run(&game, &config, &|_| {}).expect("runs"));
    assert_eq!((report.timeouts.count, report.unfinished.map(|p| p.count)), (0, Some(2)));
    assert_eq!(report.completion.count, 0);
    let text = report.to_string();
    let line = |label: &str| text.lines().find(|l| l.contains(label)).unwrap_or_else(|| panic!("{label}: {text}"));
    assert!(line("ended by the turn limit").contains(" 0.0%"), "{text}");
    assert!(line("cut unfinished (no limit)").contains("100.0%"), "{text}");
}

/// A UTF-8 byte order mark (which some editors write) was read as a stray
/// character, "Expected opening `(`"; it is passed over, in rulesets,
/// positions and records alike, and errors stand where an editor shows them.
#[test]
fn a_byte_order_mark_is_passed_over() {
    let bom = |text: &str| format!("\u{feff}{text}");
    let game = Game::from_source(&bom(WANDERERS), "bom.ron", &Options::new()).expect("compiles");
    let broken = bom(&WANDERERS.replace("title: \"Wanderers\"", "title: 7"));
    let e = Game::from_source(&broken, "bom.ron", &Options::new()).expect_err("a title is text").to_string();
    assert!(e.contains("bom.ron:2:"), "{e}");
    let s = game.position_from_str(&bom("Position(to_move: 2)"), "p.ron").expect("reads");
    assert_eq!(s.to_move(), 1);
    let record = tabula::Record::new(&game, Some(1), &[]).to_ron();
    assert!(tabula::Record::from_ron(&bom(&record), "r.ron").is_ok());
}

/// `stack_limit: 300` gave a bare "Integer is out of bounds": it names the field and its range.
#[test]
fn a_stack_limit_out_of_range_names_the_field_and_the_range() {
    let text = WANDERERS.replace("players: [\"A\", \"B\"],", "players: [\"A\", \"B\"],\n    stack_limit: 300,");
    let e = Game::from_source(&text, "big.ron", &Options::new()).expect_err("300 is too many").to_string();
    assert!(e.contains("big.ron:3:") && e.contains("stack_limit 300: a stack limit is 1 to 64"), "{e}");
}
