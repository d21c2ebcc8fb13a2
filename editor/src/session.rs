//! A game being played in the editor: the compiled game, the moves so far,
//! undo and redo. No egui here: the editor's panels only show and call this.

use std::sync::Arc;
use tabula::{Action, FieldId, Game, Move, NO_FIELD, Record, State};

/// What the last decision did, for the board to show: where the piece came
/// from and went, and the fields that lost a piece besides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    pub from: Option<FieldId>,
    pub to: Option<FieldId>,
    /// Fields (besides `from`) where a piece of another player than the mover was taken.
    pub captured: Vec<FieldId>,
    pub text: String,
}

/// One game under one compiled ruleset.
pub struct Session {
    pub game: Arc<Game>,
    state: State,
    /// The states before each move played, the moves, and their texts (among
    /// the legal moves of the state before: worked out once, shown every frame).
    history: Vec<(State, Move, String)>,
    /// Moves undone with their texts (as told apart when played), most recent last.
    redo: Vec<(Move, String)>,
}

impl Session {
    /// A game that starts from a given position (set up by hand).
    pub fn from_position(game: Game, state: State) -> Session {
        Session { game: Arc::new(game), state, history: Vec::new(), redo: Vec::new() }
    }

    /// The last decision (throws are skipped): what moved where, and what it took.
    pub fn last_move(&self) -> Option<LastMove> {
        let i = self.history.iter().rposition(|(_, m, _)| m.action() != Action::Chance)?;
        let (before, m, text) = &self.history[i];
        let after = self.history.get(i + 1).map_or(&self.state, |(s, _, _)| s);
        let on_board = |f: FieldId| (f != NO_FIELD).then_some(f);
        let mover = before.to_move();
        let others = |s: &State, f: FieldId| s.stack(f).iter().filter(|p| p.owner != mover).count();
        let board = self.game.board();
        // An exchange moves the other piece back, it takes nothing: only a
        // loss of pieces from the board is a capture.
        let total = |s: &State| board.fields().map(|f| others(s, f)).sum::<usize>();
        let captured = if total(after) < total(before) {
            board.fields().filter(|&f| others(after, f) < others(before, f)).collect()
        } else {
            Vec::new()
        };
        Some(LastMove { from: on_board(m.from()), to: on_board(m.to()), captured, text: text.clone() })
    }

    /// The moves undone, that `redo` would play again, next first.
    pub fn future(&self) -> impl Iterator<Item = String> + '_ {
        self.redo.iter().rev().map(|(_, text)| text.clone())
    }

    /// How many moves were played before the last decision of a seat that
    /// `by` names (a throw is no decision), if any: undoing to it takes the
    /// other seats' replies back with it and keeps a throw made before it.
    pub fn before_last_decision(&self, by: impl Fn(u8) -> bool) -> Option<usize> {
        self.history.iter().rposition(|(before, m, _)| m.action() != Action::Chance && by(before.to_move()))
    }

    /// Undoes or redoes moves until `n` moves are played; returns whether the position changed.
    pub fn go_to(&mut self, n: usize) -> bool {
        let start = self.history.len();
        while self.history.len() > n && self.undo() {}
        while self.history.len() < n && self.redo() {}
        self.history.len() != start
    }
}

impl Session {
    pub fn new(game: Game) -> Session {
        let state = game.initial_state();
        Session { game: Arc::new(game), state, history: Vec::new(), redo: Vec::new() }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn legal(&self) -> Vec<Move> {
        self.game.legal_moves(&self.state)
    }

    /// Plays a legal move; a new move clears what could be redone.
    pub fn play(&mut self, m: Move) -> Result<(), tabula::MoveError> {
        // The state before stays in the history: the game plays a copy.
        let next = self.game.play(self.state.clone(), m).map_err(|refused| refused.error)?;
        let text = self.game.move_text_in(&self.state, m);
        self.history.push((std::mem::replace(&mut self.state, next), m, text));
        self.redo.clear();
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        let Some((before, m, text)) = self.history.pop() else { return false };
        self.state = before;
        self.redo.push((m, text));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some((m, _)) = self.redo.pop() else { return false };
        let redo = std::mem::take(&mut self.redo);
        let ok = self.play(m).is_ok();
        self.redo = redo;
        ok
    }

    /// The moves played, as `(mover, text)`; chance outcomes included.
    pub fn move_list(&self) -> impl Iterator<Item = (u8, String)> + '_ {
        self.history.iter().map(|(before, _, text)| (before.to_move(), text.clone()))
    }

    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// A game is in progress once a decision has been made and it is not over.
    pub fn in_progress(&self) -> bool {
        self.history.iter().any(|(_, m, _)| m.action() != Action::Chance) && !self.state.is_over()
    }

    /// The legal moves of the piece on `field` (moves, bearing off, taking back).
    pub fn moves_from(&self, field: FieldId) -> Vec<Move> {
        self.legal().into_iter().filter(|m| m.from() == field && m.action() != Action::Chance).collect()
    }

    /// The legal moves that bring a piece of `kind` from the hand onto the board.
    pub fn placements(&self, kind: u8) -> Vec<Move> {
        self.legal()
            .into_iter()
            .filter(|m| m.kind() == kind && matches!(m.action(), Action::Place | Action::PlacePending))
            .collect()
    }

    pub fn record(&self, seed: Option<u64>) -> Record {
        let moves: Vec<Move> = self.history.iter().map(|(_, m, _)| *m).collect();
        Record::new(&self.game, seed, &moves)
    }

    /// The same game, moves and moves undone, on another compile of the same
    /// rules (a variant renamed when saved): every move is played again.
    pub fn replayed_on(&self, game: Game) -> Result<Session, tabula::MoveError> {
        let start = self.history.first().map_or(&self.state, |(s, _, _)| s).clone();
        let mut session = Session::from_position(game, start);
        for (_, m, _) in &self.history {
            session.play(*m)?;
        }
        session.redo = self.redo.clone();
        Ok(session)
    }

    /// A session replayed from a record on `game` (compiled under the record's options).
    pub fn from_record(game: Game, record: &Record) -> Result<Session, String> {
        let (_, moves) = record.replay(&game).map_err(|e| e.to_string())?;
        let mut session = Session::new(game);
        for m in moves {
            session.play(m).map_err(|e| e.to_string())?;
        }
        Ok(session)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::{Options, shipped};

    fn seega() -> Session {
        Session::new(shipped::game("seega", &Options::new()).expect("compiles"))
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut s = seega();
        let first = s.placements(0)[0];
        s.play(first).expect("legal");
        assert!(s.in_progress());
        assert!(s.undo());
        assert_eq!(s.moves_played(), 0);
        assert!(s.redo());
        assert_eq!(s.move_list().next().map(|(_, t)| t), Some("S@a1".to_string()));
        assert!(!s.can_redo());
    }

    #[test]
    fn the_last_move_skips_throws_and_marks_captures_not_exchanges() {
        let mut s = seega();
        assert_eq!(s.last_move(), None);
        let first = s.placements(0)[0];
        s.play(first).expect("legal");
        let last = s.last_move().expect("a move");
        assert_eq!((last.from, last.to.map(|f| s.game.board().name(f).to_string())), (None, Some("a1".into())));
        assert!(last.captured.is_empty());
        let mut senet = Session::new(shipped::game("senet", &Options::new()).expect("compiles"));
        // Throws and moves until an exchange (a piece sent back, none taken).
        for _ in 0..400 {
            let Some(&m) = senet.legal().first() else { break };
            senet.play(m).expect("legal");
            if let Some(last) = senet.last_move() {
                assert!(last.captured.is_empty(), "Senet never takes a piece off the board");
            }
        }
    }

    #[test]
    fn going_to_a_move_undoes_or_redoes_up_to_it() {
        let mut s = seega();
        for _ in 0..4 {
            let m = s.legal()[0];
            s.play(m).expect("legal");
        }
        let after_two = {
            let mut t = seega();
            for m in s.record(None).moves.iter().take(2) {
                let m = t.game.parse_move(t.state(), m).expect("legal");
                t.play(m).expect("legal");
            }
            t.state().clone()
        };
        assert!(s.go_to(2));
        assert_eq!(s.state(), &after_two);
        assert_eq!(s.future().count(), 2);
        assert!(s.go_to(4));
        assert_eq!(s.moves_played(), 4);
        assert!(!s.go_to(9), "no move past the last");
    }

    /// Moves undone keep the texts they were played with: where two moves
    /// would read alike (two rules sow one pit, either way round a ring),
    /// the moves to redo are told apart as the move list told them.
    #[test]
    fn moves_to_redo_are_told_apart_as_when_played() {
        const RING: &str = r#"Ruleset(language: 2, name: "ring", title: "Ring", players: ["A", "B"],
            board: Graph(fields: [(name: "p1", at: (0, 0)), (name: "p2", at: (1, 0)), (name: "p3", at: (1, 1)), (name: "p4", at: (0, 1))],
                links: [(from: "p1", to: "p2", dir: "cw", back: "ccw"), (from: "p2", to: "p3", dir: "cw", back: "ccw"),
                    (from: "p3", to: "p4", dir: "cw", back: "ccw"), (from: "p4", to: "p1", dir: "cw", back: "ccw")]),
            stack_limit: 16, pieces: [(name: "Seed", letter: 'S', neutral: true)],
            setup: [On(piece: "Seed", fields: ["p1", "p2", "p3", "p4"], count: 2)],
            phases: [(name: "play", moves: [(pieces: ["Seed"], by: Sow(dirs: ["cw"]), from: Not(Empty)),
                (pieces: ["Seed"], by: Sow(dirs: ["ccw"]), from: Not(Empty))])])"#;
        let mut s = Session::new(Game::from_source(RING, "ring.ron", &tabula::Options::new()).expect("compiles"));
        for _ in 0..3 {
            let m = s.legal()[0];
            s.play(m).expect("legal");
        }
        let played: Vec<String> = s.move_list().map(|(_, text)| text).collect();
        assert!(played.iter().any(|t| t.contains('/')), "moves told apart: {played:?}");
        assert!(s.go_to(0));
        assert_eq!(s.future().collect::<Vec<_>>(), played);
    }

    #[test]
    fn a_record_round_trips() {
        let mut s = seega();
        for _ in 0..3 {
            let m = s.legal()[0];
            s.play(m).expect("legal");
        }
        let record = s.record(Some(1));
        let again = Session::from_record((*s.game).clone(), &record).expect("replays");
        assert_eq!(again.state(), s.state());
    }
}
