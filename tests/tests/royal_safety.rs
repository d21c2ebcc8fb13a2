//! The royal filter's fast path (issue 48, `engine/royal_safety.rs`) keeps
//! exactly the moves that playing each move and testing the royal pieces
//! keeps: every shipped and test ruleset with a `RoyalAttacked` filter, under
//! every combination of its option values, along seeded random games and in
//! every position of small trees from the published perft positions of chess
//! (pins, en passant along a rank, castling, promotion), against the same
//! game with every plan general (`Game::with_general_plans`), which plays and
//! tests every move. The lists are compared in order.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula::{Game, Options, State, shipped};
use tabula_tests::fen::fen_position;
use tabula_tests::{all_variants, block_rulesets, compile};

/// The names of the rulesets whose turns are filtered by `RoyalAttacked`.
fn royal_rulesets() -> Vec<String> {
    let shipped = shipped::names().map(|n| (n.to_string(), shipped::text(n).expect("shipped").to_string()));
    shipped.chain(block_rulesets()).filter(|(_, text)| text.contains("RoyalAttacked")).map(|(name, _)| name).collect()
}

/// The same legal moves, in the same order, both ways.
fn same_moves(what: &str, game: &Game, general: &Game, s: &State) -> Vec<tabula::Move> {
    let legal = game.legal_moves(s);
    assert_eq!(legal, general.legal_moves(s), "{what}: ply {}", s.ply());
    legal
}

#[test]
fn the_fast_royal_filter_keeps_what_playing_and_testing_keeps() {
    let names = royal_rulesets();
    assert!(names.iter().any(|n| n == "classic/chess") && names.len() >= 2, "{names:?}");
    let mut positions = 0;
    for (name, options, game) in all_variants(200).into_iter().filter(|(n, _, _)| names.contains(n)) {
        positions += same_random_games(&format!("{name} {options:?}"), &game, 0..3);
    }
    assert!(positions >= 3_000, "{positions} positions");
}

/// The seeded random games of `game`, compared move list by move list with
/// the general plans; the positions compared.
fn same_random_games(what: &str, game: &Game, seeds: std::ops::Range<u64>) -> u64 {
    let general = game.with_general_plans();
    let mut positions = 0;
    for seed in seeds {
        let what = format!("{what} seed {seed}");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = game.initial_state();
        while !s.is_over() {
            let legal = same_moves(&what, game, &general, &s);
            game.play_unchecked(&mut s, legal[rng.random_range(0..legal.len())]);
            positions += 1;
        }
    }
    positions
}

/// Every position of the tree `depth` plies deep from `s`, both ways.
fn same_tree(what: &str, game: &Game, general: &Game, s: &State, depth: u32) -> u64 {
    if depth == 0 || s.is_over() {
        return 1;
    }
    let mut count = 0;
    for m in same_moves(what, game, general, s) {
        let mut next = s.clone();
        game.play_unchecked(&mut next, m);
        count += same_tree(what, game, general, &next, depth - 1);
    }
    count
}

/// Chess positions where pins, checks, en passant and castling meet: the
/// published perft positions and a few of our own.
const POSITIONS: [(&str, u32); 10] = [
    // Kiwipete: castling both ways, pins, en passant, promotions near.
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 2),
    // Position 3: en passant that would expose the king along the rank.
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 4),
    // Position 4: in check at once, promotions, castling rights.
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2),
    // Position 5: promotion with capture, a checking knight.
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2),
    // A pinned pawn that may take its pinner en passant, or not.
    ("8/8/8/2k5/3Pp3/8/8/4KB2 b - d3 0 1", 3),
    // The en passant capture that opens the rank to a rook.
    ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 3),
    // Double check: only the king may move (the bishop's capture of one checker is no answer).
    ("4k3/8/8/8/8/2B2n2/8/r3K3 w - - 0 1", 3),
    // A pinned pawn that would promote by capturing off its line.
    ("3nr2k/4P3/8/8/8/8/8/4K3 w - - 0 1", 3),
    // A pinned pawn that promotes by capturing its pinner, along the line, or not at all.
    ("k6b/6P1/8/8/8/8/8/K7 w - - 0 1", 3),
    // Castling through an attacked square, and a bishop pinned on a diagonal.
    ("r3k2r/8/5q2/8/1b6/8/3B4/R3K2R w KQkq - 0 1", 2),
];

#[test]
fn the_fast_royal_filter_keeps_what_playing_and_testing_keeps_in_chess_positions() {
    let text = shipped::text("classic/chess").expect("shipped chess");
    let mut options = Options::new();
    options.set_pair("threefold_repetition=false").expect("option");
    let game = compile(text, "classic/chess", &options);
    let general = game.with_general_plans();
    for (fen, depth) in POSITIONS {
        let s = game.position_from_str(&fen_position(fen), "fen").unwrap_or_else(|e| panic!("{fen}: {e}"));
        let n = same_tree(fen, &game, &general, &s, depth);
        assert!(n > 1, "{fen}");
    }
}

/// Three-player positions of blocks/royal-guard where a player has two
/// royal pieces: a king's own move may open a line to the other, or stand
/// between it and its checker; a king pinned to the other.
const TWO_KINGS: [&str; 4] = [
    // White's kings on a1 and c1, Red's rook on e1 checking c1: White has no answer here
    // (only a pass), so Black's and Red's trees are the ones compared.
    r#""a1": "K1", "c1": "K1", "e1": "R3", "e5": "K2", "c5": "K3", "d5": "R2""#,
    // White's king on a1 in check from Black's rook on a5: the king on b3 may step between.
    r#""a1": "K1", "b3": "K1", "a5": "R2", "e5": "K2", "e3": "K3", "d4": "R3""#,
    // Each player has two kings; rooks and a pawn about.
    r#""a1": "K1", "e1": "K1", "c3": "P1", "a5": "K2", "e5": "K2", "c5": "R2", "b3": "K3", "d3": "K3", "c2": "R3""#,
    // White's kings on one rank, the nearer in check: only White's rook may answer, by standing between.
    r#""b2": "K1", "c2": "K1", "e2": "R2", "d4": "R1", "e5": "K2", "a5": "K3""#,
];

#[test]
fn the_fast_royal_filter_keeps_what_playing_and_testing_keeps_with_two_royal_pieces() {
    let (name, text) = block_rulesets().into_iter().find(|(n, _)| n == "blocks/royal-guard").expect("royal-guard");
    let game = compile(&text, &name, &Options::new());
    let general = game.with_general_plans();
    for board in TWO_KINGS {
        // (A player may have no move there, or be mated already: the three trees together are compared.)
        let mut compared = 0;
        for to_move in 1..=3 {
            let text = format!("Position(to_move: {to_move}, board: {{{board}}})");
            let s = game.position_from_str(&text, "p").unwrap_or_else(|e| panic!("{board}: {e}"));
            compared += same_tree(board, &game, &general, &s, 3);
        }
        assert!(compared > 3, "{board}: {compared} positions compared");
    }
}

/// The switch to the general plans turns the fast path off: the general
/// game differs from the compiled one inside (and `every_plan_plays_as_the_general_plan`
/// in tests/tests/plans.rs then plays both alike).
#[test]
fn the_general_plans_turn_the_fast_royal_filter_off() {
    let game = compile(shipped::text("classic/chess").expect("chess"), "classic/chess", &Options::new());
    let general = game.with_general_plans();
    assert!(format!("{game:?}").contains("RoyalSafety"), "chess has the fast path");
    assert!(!format!("{general:?}").contains("RoyalSafety"), "the general plans have none");
}

/// Three players whose rooks may not take inside their own camp (a zone
/// each player has its own of): where a rook attacks depends on whose rook
/// it is, so the fast path reads each player's landing masks
/// (`RoyalSafety::lands`, `Landing::Players`); a king is safe from a rook in
/// that rook's owner's camp.
const CAMPS: &str = r#"Ruleset(
    language: 2,
    name: "camps-test",
    title: "Camps",
    players: ["White", "Black", "Red"],
    options: [Int(name: "max_plies", default: 80, min: 0, max: 1000, doc: "Turn limit.")],
    board: Grid(cols: 5, rows: 5, links: ["All"]),
    zones: [(name: "camp", each: [["a1", "b1", "a2", "c3"], ["e5", "d5", "e4", "c3"], ["a5", "b5", "a4"]])],
    pieces: [(name: "King", letter: 'K', royal: true), (name: "Rook", letter: 'R')],
    setup: [
        On(piece: "King", player: Player(1), fields: ["a1"]),
        On(piece: "Rook", player: Player(1), fields: ["c1", "e1"]),
        On(piece: "King", player: Player(2), fields: ["e5"]),
        On(piece: "Rook", player: Player(2), fields: ["c5", "e3"]),
        On(piece: "King", player: Player(3), fields: ["a5"]),
        On(piece: "Rook", player: Player(3), fields: ["a3", "b4"]),
    ],
    phases: [(
        name: "play",
        moves: [
            (pieces: ["King"], by: Step(dirs: ["All"]), to: Not(Own)),
            (pieces: ["Rook"], by: Slide(dirs: ["Orthogonal"]), to: Any([Empty, All([Enemy, Not(InZone("camp"))])])),
        ],
        filters: [RequireAfter(cond: Not(RoyalAttacked), otherwise: KeepNone)],
    )],
    end: [
        (at: StartOfTurn, cond: All([NoMoves, RoyalAttacked]), result: Win(Previous), reason: "checkmate"),
        (at: StartOfTurn, cond: NoMoves, result: Draw, reason: "stalemate"),
    ],
)"#;

#[test]
fn the_fast_royal_filter_reads_each_attackers_own_zone() {
    let game = compile(CAMPS, "camps-test", &Options::new());
    assert!(format!("{game:?}").contains("Players {"), "the rooks land by each player's masks");
    let mut positions = same_random_games("camps", &game, 0..40);
    let general = game.with_general_plans();
    // A king beside another's camp, where only that player's rook may not take it.
    for board in [
        r#""b2": "K1", "b5": "R2", "d4": "R3", "e5": "K2", "e3": "K3""#,
        r#""d4": "K1", "d1": "R3", "a4": "R2", "e1": "K2", "a5": "K3""#,
    ] {
        for to_move in 1..=3 {
            let text = format!("Position(to_move: {to_move}, board: {{{board}}})");
            let s = game.position_from_str(&text, "p").unwrap_or_else(|e| panic!("{board}: {e}"));
            positions += same_tree(board, &game, &general, &s, 3);
        }
    }
    assert!(positions >= 1_000, "{positions} positions");
}
