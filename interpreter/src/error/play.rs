//! Refused moves: why a move text or a move was refused ([`Refusal`]), with
//! the legal moves' texts ([`MoveError`]); and [`PlayError`], which also
//! hands back the state the move was offered to.

use crate::state::State;
use std::fmt;

/// Why a move was refused. Names (of fields, pieces, players, chance
/// devices) are kept as the game spells them, so that the refusal reads
/// without the game at hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A move offered to [`Game::play`](crate::Game::play) that is not among the legal ones.
    NotLegal,
    /// The game is over: no move is legal.
    GameOver,
    /// The text fits two legal moves that differ only in letter case (`s@a`: `S@a` or `S@A`).
    LetterCase { could_be: [String; 2] },
    /// The text is that of several moves told apart by a suffix (`p1-p3`: `p1-p3/cw` or `p1-p3/ccw`).
    WriteWhich { could_be: Vec<String> },
    /// `throw:VALUE` where VALUE is no outcome of the device to be thrown.
    NotAnOutcome { value: String, device: String, outcomes: Vec<String> },
    /// A chance device is to be thrown before anything else.
    ThrowFirst { device: String, outcomes: Vec<String> },
    /// A throw where none is due.
    NoThrowDue,
    /// A marked piece that could have captured is to be huffed first.
    HuffFirst,
    /// The move goes on with the choice of a piece to capture.
    ChooseCapture,
    /// A piece is to be placed first.
    PlaceFirst,
    /// The text names a field the board does not have.
    UnknownField { field: String, close: Option<String> },
    /// No piece is on the field a move starts from.
    NoPiece { field: String },
    /// The piece on the field belongs to another player than the one to move.
    NotYours { field: String, mover: String },
    /// The turn goes on with the piece that just captured, not this one.
    CapturerGoesOn,
    /// The piece cannot make this move here.
    CannotMove { piece: String, from: String, to: String },
    /// No piece has the letter written.
    UnknownLetter { letter: String },
    /// The player to move has no such piece in hand.
    NotInHand { player: String, piece: String },
    /// The piece cannot be placed on the field now.
    CannotPlace { piece: String, field: String },
    /// The piece cannot be taken back from the field now.
    CannotLift { piece: String, field: String },
    /// `pass` or `stop` where it is not legal.
    PassOrStop { text: String },
    /// A text that reads as no move.
    Unreadable,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotLegal => f.write_str("not a legal move here"),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::LetterCase { could_be: [a, b] } => write!(f, "it could be {a} or {b}: letter case matters"),
            Refusal::WriteWhich { could_be } => write!(f, "it could be {}: write which", could_be.join(" or ")),
            Refusal::NotAnOutcome { value, device, outcomes } => write!(
                f,
                "{value:?} is not something the chance device {device:?} gives: expected one of {}",
                outcomes.join(", ")
            ),
            Refusal::ThrowFirst { device, outcomes } => {
                write!(f, "the chance device {device:?} is to be thrown first: {}", outcomes.join(", "))
            }
            Refusal::NoThrowDue => f.write_str("no throw is due now"),
            Refusal::HuffFirst => {
                f.write_str("first huff a marked piece that could have captured (x and its field) or `skip`")
            }
            Refusal::ChooseCapture => {
                f.write_str("the move is complete once a piece to capture is chosen (x and its field: xd7)")
            }
            Refusal::PlaceFirst => f.write_str("a piece must be placed first (or `skip`, where that is allowed)"),
            Refusal::UnknownField { field, close } => {
                write!(f, "there is no field {field:?}")?;
                match close {
                    Some(c) => write!(f, " (did you mean {c:?}?)"),
                    None => Ok(()),
                }
            }
            Refusal::NoPiece { field } => write!(f, "there is no piece on {field}"),
            Refusal::NotYours { field, mover } => write!(f, "the piece on {field} is not yours ({mover} moves)"),
            Refusal::CapturerGoesOn => f.write_str("this turn goes on with the piece that just captured"),
            Refusal::CannotMove { piece, from, to } => write!(f, "the {piece} on {from} cannot move to {to} here"),
            Refusal::UnknownLetter { letter } => write!(f, "no piece has the letter {letter:?}"),
            Refusal::NotInHand { player, piece } => write!(f, "{player} has no {piece} in hand"),
            Refusal::CannotPlace { piece, field } => write!(f, "a {piece} cannot be placed on {field} now"),
            Refusal::CannotLift { piece, field } => write!(f, "a {piece} cannot be taken back from {field} now"),
            Refusal::PassOrStop { text } => {
                write!(f, "`{text}` is only legal when no other move is (pass) or a capturing piece may go on (stop)")
            }
            Refusal::Unreadable => {
                f.write_str("not a legal move here (moves look like b1-b2, S@c3, S^a4, c3-off, pass, stop, throw:4)")
            }
        }
    }
}

/// A move (or a move's text) that was refused, with the reason and the
/// texts of the moves that were legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// The text refused (or the refused move's text).
    pub text: String,
    /// Boxed: a refusal's names would make every `Result` that may carry it large.
    pub reason: Box<Refusal>,
    /// The legal moves' texts.
    pub legal: Vec<String>,
}

impl MoveError {
    pub fn new(text: impl Into<String>, reason: Refusal, legal: Vec<String>) -> MoveError {
        MoveError { text: text.into(), reason: Box::new(reason), legal }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move `{}`: {}", self.text, self.reason)?;
        if !self.legal.is_empty() {
            write!(f, "; legal moves: {}", self.legal.join(" "))?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

/// A move [`Game::play`](crate::Game::play) refused: the state it was
/// given, unchanged, comes back with the reason (as shakmaty's `PlayError`
/// hands its position back), so that a caller who gave the state away loses
/// nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// The state the move was offered to, as it was. Boxed: a refusal is
    /// rare, and a `Result` of play stays the size of a state.
    pub state: Box<State>,
    pub error: MoveError,
}

impl PlayError {
    /// The state the move was offered to, unchanged.
    pub fn into_state(self) -> State {
        *self.state
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

// No `source`: the display is already the move error's.
impl std::error::Error for PlayError {}
