//! Tabula: a rules interpreter for board games whose rules are data.
//!
//! A game is a RON *ruleset* (board graph, field types, pieces, moves, effects,
//! phases, end conditions, options). [`Game`] is a ruleset compiled under one
//! set of option values; it lists legal moves, plays them, and says when and
//! how the game ends. All chance is explicit and all randomness is seeded, so
//! a game replays bit for bit from its [`Record`].
//!
//! ```
//! use tabula::{Game, Options, shipped};
//!
//! let text = shipped::text("seega").unwrap();
//! let game = Game::from_source(text, "seega.ron", &Options::new()).unwrap();
//! let state = game.initial_state();
//! let moves = game.legal_moves(&state);
//! assert_eq!(moves.len(), 24); // any empty field but the centre
//! let m = game.parse_move(&state, "S@a1").unwrap();
//! let state = game.play(state, m).unwrap();
//! assert_eq!(game.move_text(m), "S@a1");
//! assert_eq!(state.to_move(), 0); // a turn is two placements
//! ```

pub mod agents;
pub mod board;
mod compile;
pub mod die;
mod engine;
mod error;
pub mod files;
pub mod migrate;
mod moves;
mod notation;
pub mod options;
mod piece;
mod position;
mod position_checks;
mod program;
mod record;
pub mod ruleset;
pub mod shipped;
mod state;

pub use board::{Board, FieldId, NO_FIELD};
pub use compile::rules::content_hash;
pub use engine::choices::MoveChoice;
pub use error::{
    Diagnostic, Expected, IoError, LoadError, MoveError, OptionError, OptionErrorKind, PlayError, Pos, RecordError,
    Refusal,
};
pub use moves::{Action, Move, NO_DIR};
pub use options::{OptionValue, Options};
pub use piece::{Kind, KindId, MAX_PLAYERS, NOBODY, Piece, Player};
pub use position::CounterValueDef;
pub use position::PositionDef;
pub use program::{FieldProps, FieldType, Game, Zone};
pub use record::Record;
pub use state::{Continuing, Outcome, Pending, Pool, Reason, State};
// Dice pools (issue 45).
pub use state::{Dice, MOST_DICE};

use std::fmt;

/// Any error Tabula gives back: one variant per stage, each holding that
/// stage's own error, which a caller can match on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A file could not be read or written (or the system refused another
    /// resource asked of it, such as threads).
    Io(IoError),
    /// The standard output was closed by its reader (`tabula ... | head`):
    /// the reader wants no more, which is not a mistake.
    OutputClosed,
    /// A ruleset, position or record text has mistakes.
    Load(LoadError),
    /// An option value is wrong.
    Option(OptionError),
    /// A move was refused.
    Move(MoveError),
    /// A record does not fit the ruleset.
    Record(RecordError),
    /// What a front end was asked to do is wrong (an argument on the
    /// command line, a ruleset name that is not shipped), in words.
    Usage(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => e.fmt(f),
            Error::Load(e) => e.fmt(f),
            Error::Option(e) => e.fmt(f),
            Error::Move(e) => e.fmt(f),
            Error::Record(e) => e.fmt(f),
            Error::Usage(m) => f.write_str(m),
            Error::OutputClosed => f.write_str("the standard output was closed by its reader"),
        }
    }
}

impl std::error::Error for Error {}

impl From<IoError> for Error {
    fn from(e: IoError) -> Error {
        Error::Io(e)
    }
}

impl From<LoadError> for Error {
    fn from(e: LoadError) -> Error {
        Error::Load(e)
    }
}

impl From<OptionError> for Error {
    fn from(e: OptionError) -> Error {
        Error::Option(e)
    }
}

impl From<MoveError> for Error {
    fn from(e: MoveError) -> Error {
        Error::Move(e)
    }
}

/// The state a refused move hands back is the caller's to keep: the
/// umbrella keeps only why the move was refused.
impl From<PlayError> for Error {
    fn from(e: PlayError) -> Error {
        Error::Move(e.error)
    }
}

impl From<RecordError> for Error {
    fn from(e: RecordError) -> Error {
        Error::Record(e)
    }
}
