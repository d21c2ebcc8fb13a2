//! Breakthrough written by hand, as a yardstick for the interpreter: the same
//! rules as `rulesets/classic/breakthrough.ron` (8 x 8, pawns step forward to
//! an empty field or diagonally forward to an empty or enemy field; reaching
//! the far row or taking every enemy pawn wins; a player who cannot move
//! passes, and two passes in a row draw). Its perft counts are tested equal to
//! the interpreter's, so the two do the same work.

const EMPTY: u8 = 0;

/// A position: `board[row * 8 + col]` is 0 (empty), 1 (White) or 2 (Black).
#[derive(Clone)]
pub struct Position {
    board: [u8; 64],
    to_move: u8,
    passes: u8,
    /// The winner (1 or 2), 3 for a draw, 0 while the game goes on.
    pub result: u8,
}

/// A move from one field to another; `from == to` is a pass.
#[derive(Clone, Copy)]
pub struct Step {
    from: u8,
    to: u8,
}

impl super::Position for Position {
    type Move = Step;

    fn start() -> Position {
        let mut board = [EMPTY; 64];
        board[..16].fill(1);
        board[48..].fill(2);
        Position { board, to_move: 1, passes: 0, result: 0 }
    }

    /// The legal moves, into `out` (cleared first): none once the game is over.
    fn moves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.result != 0 {
            return;
        }
        let (me, forward): (u8, i32) = if self.to_move == 1 { (1, 1) } else { (2, -1) };
        for from in 0..64i32 {
            if self.board[from as usize] != me {
                continue;
            }
            let (row, col) = (from / 8, from % 8);
            let next = row + forward;
            if !(0..8).contains(&next) {
                continue;
            }
            for dc in [0, 1, -1] {
                let c = col + dc;
                if !(0..8).contains(&c) {
                    continue;
                }
                let to = next * 8 + c;
                let there = self.board[to as usize];
                if there == EMPTY || (dc != 0 && there != me) {
                    out.push(Step { from: from as u8, to: to as u8 });
                }
            }
        }
        if out.is_empty() {
            out.push(Step { from: 0, to: 0 });
        }
    }

    fn play(&mut self, m: Step) {
        let me = self.to_move;
        self.to_move = 3 - me;
        if m.from == m.to {
            self.passes += 1;
            if self.passes == 2 {
                self.result = 3;
            }
            return;
        }
        self.passes = 0;
        self.board[usize::from(m.from)] = EMPTY;
        self.board[usize::from(m.to)] = me;
        let far_row = if me == 1 { 7 } else { 0 };
        if m.to / 8 == far_row || !self.board.contains(&(3 - me)) {
            self.result = me;
        }
    }
}
