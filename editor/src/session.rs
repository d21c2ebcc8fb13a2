//! A game being played in the editor: the compiled game, the moves so far,
//! undo and redo. No egui here: the editor's panels only show and call this.

use std::sync::Arc;
use tabula::{Action, FieldId, Game, Move, Record, State};

/// One game under one compiled ruleset.
pub struct Session {
    pub game: Arc<Game>,
    state: State,
    /// The states before each move played, and the moves.
    history: Vec<(State, Move)>,
    /// Moves undone, most recent last.
    redo: Vec<Move>,
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
    pub fn play(&mut self, m: Move) -> Result<(), tabula::PlayError> {
        let next = self.game.play(&self.state, m)?;
        self.history.push((std::mem::replace(&mut self.state, next), m));
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
        let Some((before, m)) = self.history.pop() else { return false };
        self.state = before;
        self.redo.push(m);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else { return false };
        let redo = std::mem::take(&mut self.redo);
        let ok = self.play(m).is_ok();
        self.redo = redo;
        ok
    }

    /// The moves played, as `(mover, text)`; chance outcomes included.
    pub fn move_list(&self) -> impl Iterator<Item = (u8, String)> + '_ {
        self.history.iter().map(|(before, m)| (before.to_move(), self.game.move_text(*m)))
    }

    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// A game is in progress once a decision has been made and it is not over.
    pub fn in_progress(&self) -> bool {
        self.history.iter().any(|(_, m)| m.action != Action::Chance) && !self.state.is_over()
    }

    /// The legal moves of the piece on `field` (moves, bearing off, taking back).
    pub fn moves_from(&self, field: FieldId) -> Vec<Move> {
        self.legal().into_iter().filter(|m| m.from == field && m.action != Action::Chance).collect()
    }

    /// The legal moves that bring a piece of `kind` from the hand onto the board.
    pub fn placements(&self, kind: u8) -> Vec<Move> {
        self.legal()
            .into_iter()
            .filter(|m| m.kind == kind && matches!(m.action, Action::Place | Action::PlacePending))
            .collect()
    }

    pub fn record(&self, seed: Option<u64>) -> Record {
        let moves: Vec<Move> = self.history.iter().map(|(_, m)| *m).collect();
        Record::new(&self.game, seed, &moves)
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
