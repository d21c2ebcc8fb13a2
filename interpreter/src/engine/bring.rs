//! `Bring` (issue 45): a second piece moved by the same move, such as
//! castling's rook: the first piece beyond the field the move ended on,
//! along the move's direction, goes to the last field the move passed (or
//! to the field it left).

use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Move, NO_DIR};
use crate::piece::Player;
use crate::program::Game;
use crate::program::rules::Bring;
use crate::state::State;

impl Game {
    /// Plays a `Bring` after move `m` of `me`'s, which ended on `landed`.
    pub(crate) fn bring(&self, s: &mut State, b: &Bring, m: Move, landed: FieldId, me: Player) {
        if m.dir == NO_DIR {
            return;
        }
        let steps = self.board.len();
        // The first piece beyond the landing field, along the move's direction.
        let mut at = self.board.neighbour(landed, m.dir);
        for _ in 0..steps {
            if at == NO_FIELD || s.height(at) > 0 {
                break;
            }
            at = self.board.neighbour(at, m.dir);
        }
        if at == NO_FIELD || s.height(at) == 0 || !self.eval(&b.cond, s, me, at) {
            return;
        }
        let to = if b.to_from { m.from } else { self.last_passed(m, landed) };
        if to == NO_FIELD || to == at || s.height(to) >= self.fields[usize::from(to)].limit {
            return;
        }
        if let Some(piece) = s.pop(at) {
            s.push(to, piece);
        }
    }

    /// The last field a move passed on its way to `landed`, along its direction (none: `NO_FIELD`).
    fn last_passed(&self, m: Move, landed: FieldId) -> FieldId {
        let mut before = NO_FIELD;
        let mut at = self.board.neighbour(m.from, m.dir);
        for _ in 0..self.board.len() {
            if at == NO_FIELD || at == landed {
                break;
            }
            before = at;
            at = self.board.neighbour(at, m.dir);
        }
        if at == landed { before } else { NO_FIELD }
    }
}

#[cfg(test)]
mod tests {
    /// A row of five: the king runs two east and brings the first piece
    /// beyond where it lands, where `if` holds, to the field it passed.
    fn after(setup: &str, play: &str) -> String {
        let ron = format!(
            r#"Ruleset(
                name: "bring", title: "Bring", players: ["A", "B"],
                board: Grid(cols: 5, rows: 1, links: ["Orthogonal"]),
                pieces: [(name: "King", letter: 'K'), (name: "Rook", letter: 'R')],
                setup: [{setup}],
                phases: [(name: "play", moves: [
                    (pieces: ["King"], by: Run(dirs: ["E"], distance: 2, pass: Empty),
                        then: [Bring(from: Ahead, to: Passed, if: All([Own, Top(["Rook"])]))]),
                    (pieces: ["Rook"], by: Step(dirs: ["W"])),
                ])],
                end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "stuck")],
            )"#
        );
        let game = crate::Game::from_source(&ron, "bring.ron", &crate::Options::new()).expect("compiles");
        let mut s = game.initial_state();
        let m = game.parse_move(&s, play).expect("legal");
        game.play_unchecked(&mut s, m);
        game.board_text(&s)
    }

    #[test]
    fn the_piece_ahead_comes_to_the_field_passed() {
        let board = after(
            r#"On(piece: "King", player: Player(1), fields: ["a1"]), On(piece: "Rook", player: Player(1), fields: ["e1"])"#,
            "a1-c1",
        );
        assert!(board.contains(".  R  K  .  ."), "{board}");
    }

    #[test]
    fn a_piece_where_if_fails_stays() {
        let board = after(
            r#"On(piece: "King", player: Player(1), fields: ["a1"]), On(piece: "Rook", player: Player(2), fields: ["e1"])"#,
            "a1-c1",
        );
        assert!(board.contains(".  .  K  .  r"), "{board}");
    }
}
