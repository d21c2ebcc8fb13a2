//! Chess (rulesets/classic/chess.ron, issue 45): perft against the published
//! counts from FEN positions, read by a converter written here, apart from
//! the engine (FEN → the position text `tabula moves --position` reads).

use tabula_tests::shipped_game;

/// A FEN's first four fields as a position of classic/chess: the pieces,
/// the side to move, the castling rights (the first square of a rook that
/// has lost its right is marked `moved`) and the en passant square (marked
/// `passed_over` by the player who just moved, the pawn's square `passer`).
pub fn fen_position(fen: &str) -> String {
    let parts: Vec<&str> = fen.split_whitespace().collect();
    let mut board = Vec::new();
    for (r, row) in parts[0].split('/').enumerate() {
        let rank = 8 - r;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u8;
            } else {
                board.push(format!("\"{}{rank}\": \"{c}\"", (b'a' + file) as char));
                file += 1;
            }
        }
    }
    let white = parts[1] == "w";
    let mut marks = Vec::new();
    let castling = parts.get(2).copied().unwrap_or("-");
    // The castling rights are the rooks' first squares left unmarked: every
    // other one is marked as moved, whatever stands on it.
    let rights = [("a1", 'Q'), ("h1", 'K'), ("a8", 'q'), ("h8", 'k')];
    let moved: Vec<String> =
        rights.iter().filter(|(_, right)| !castling.contains(*right)).map(|(square, _)| square.to_string()).collect();
    if !moved.is_empty() {
        let list: Vec<String> = moved.iter().map(|s| format!("\"{s}\"")).collect();
        marks.push(format!("\"moved\": [{}]", list.join(", ")));
    }
    if let Some(ep) = parts.get(3).filter(|&&e| e != "-") {
        // The player who stepped two is the one not to move.
        let (mover, pawn_rank) = if white { (2, '5') } else { (1, '4') };
        let file = &ep[..1];
        marks.push(format!("\"passed_over@{mover}\": [\"{ep}\"]"));
        marks.push(format!("\"passer@{mover}\": [\"{file}{pawn_rank}\"]"));
    }
    let quiet = parts.get(4).unwrap_or(&"0");
    format!(
        "Position(to_move: {}, phase: \"play\", board: {{{}}}, marks: {{{}}}, counters: {{\"quiet\": {quiet}}})",
        if white { 1 } else { 2 },
        board.join(", "),
        marks.join(", ")
    )
}

/// Perft of classic/chess (no repetition: a perft counts sequences, not games) from a FEN.
fn perft(fen: &str, depth: u32) -> u64 {
    let mut options = tabula::Options::new();
    options.set_pair("threefold_repetition=false").expect("option");
    let text = tabula::shipped::text("classic/chess").expect("shipped chess");
    let game = tabula_tests::compile(text, "classic/chess", &options);
    let state = game.position_from_str(&fen_position(fen), "fen").unwrap_or_else(|e| panic!("{fen}: {e}"));
    game.perft(&state, depth)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

#[test]
fn the_start_position_as_a_fen_is_the_initial_state() {
    let game = shipped_game("classic/chess");
    let state = game.position_from_str(&fen_position(START), "fen").expect("start");
    assert_eq!(game.position_to_string(&state), game.position_to_string(&game.initial_state()));
}

#[test]
fn perft_of_the_start_position() {
    let counts = [20, 400, 8902, 197281];
    for (depth, &want) in (1..).zip(&counts) {
        assert_eq!(perft(START, depth), want, "start perft({depth})");
    }
}

#[test]
fn perft_of_position_3_en_passant_and_pins() {
    let counts = [14, 191, 2812, 43238];
    for (depth, &want) in (1..).zip(&counts) {
        assert_eq!(perft(POSITION_3, depth), want, "position 3 perft({depth})");
    }
}

/// The deeper counts (release build: `cargo test -p tabula-tests --release --test chess -- --ignored`).
#[test]
#[ignore = "slow: deep perft counts"]
fn deep_perft_counts() {
    assert_eq!(perft(START, 5), 4865609);
    assert_eq!(perft(KIWIPETE, 4), 4085603);
    assert_eq!(perft(POSITION_4, 4), 422333);
}

#[test]
fn perft_of_kiwipete_castling_and_pins() {
    let counts = [48, 2039, 97862];
    for (depth, &want) in (1..).zip(&counts) {
        assert_eq!(perft(KIWIPETE, depth), want, "Kiwipete perft({depth})");
    }
}

#[test]
fn perft_of_position_5() {
    assert_eq!(perft(POSITION_5, 1), 44);
    assert_eq!(perft(POSITION_5, 2), 1486);
    assert_eq!(perft(POSITION_5, 3), 62379);
}

#[test]
fn perft_of_position_4() {
    assert_eq!(perft(POSITION_4, 1), 6);
    assert_eq!(perft(POSITION_4, 2), 264);
    assert_eq!(perft(POSITION_4, 3), 9467);
}

// The rest of the chess programming wiki's perft positions (its "Perft
// Results" page): position 6, and position 4 mirrored (Black to move, the
// same counts); the deeper counts of positions 3, 5 and 6 behind the slow flag.
const POSITION_4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn perft_of_position_6() {
    let counts = [46, 2079, 89890];
    for (depth, &want) in (1..).zip(&counts) {
        assert_eq!(perft(POSITION_6, depth), want, "position 6 perft({depth})");
    }
}

#[test]
fn perft_of_position_4_mirrored_black_to_move() {
    let counts = [6, 264, 9467];
    for (depth, &want) in (1..).zip(&counts) {
        assert_eq!(perft(POSITION_4_MIRRORED, depth), want, "position 4 mirrored perft({depth})");
    }
}

/// More deep counts (release build: `cargo test -p tabula-tests --release --test chess -- --ignored`).
#[test]
#[ignore = "slow: deep perft counts"]
fn deep_perft_counts_of_positions_3_5_and_6() {
    assert_eq!(perft(POSITION_3, 5), 674624);
    assert_eq!(perft(POSITION_5, 4), 2103487);
    assert_eq!(perft(POSITION_6, 4), 3894594);
    assert_eq!(perft(POSITION_4_MIRRORED, 4), 422333);
}

/// Issue 45's acceptance: "a chess ruleset written with the new blocks is
/// under 300 lines and generated by nothing" (the file is written by hand;
/// docs/language.md's Chess family note says so).
#[test]
fn the_chess_ruleset_is_under_300_lines() {
    let text = tabula::shipped::text("classic/chess").expect("shipped chess");
    let lines = text.lines().count();
    assert!(lines < 300, "classic/chess has {lines} lines");
}
