//! FEN, the chess notation of a position, as classic/chess's position
//! text: for the tests that start from published positions.

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
