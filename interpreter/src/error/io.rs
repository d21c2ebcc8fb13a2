//! Files that could not be read or written.

use super::Pos;
use std::fmt;
use std::path::{Path, PathBuf};

/// A file that could not be read or written: which, where in it (for a
/// text that is not text), what went wrong, and the system's kind of error
/// where the system gave one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IoError {
    /// The file, where one is concerned (none for the standard output or an empty name).
    pub path: Option<PathBuf>,
    /// Where in the file, for bytes that are not text (a NUL byte, not UTF-8).
    pub at: Option<Pos>,
    /// What went wrong, in words.
    pub what: String,
    /// The system's kind of error, where it came from the system.
    pub kind: Option<std::io::ErrorKind>,
}

impl IoError {
    /// A mistake with no file to name.
    pub fn new(what: impl fmt::Display) -> IoError {
        IoError { path: None, at: None, what: what.to_string(), kind: None }
    }

    /// A mistake about the file `path`.
    pub fn at_path(path: impl AsRef<Path>, what: impl fmt::Display) -> IoError {
        IoError { path: Some(path.as_ref().to_path_buf()), ..IoError::new(what) }
    }

    /// The system's error `e` on the file `path`, its kind kept.
    pub fn os(path: impl AsRef<Path>, e: &std::io::Error) -> IoError {
        IoError { kind: Some(e.kind()), ..IoError::at_path(path, e) }
    }

    /// The same, at a line and column of the file.
    pub fn located(self, at: Pos) -> IoError {
        IoError { at: Some(at), ..self }
    }
}

impl fmt::Display for IoError {
    /// `file:line:col: what`, each part where it is known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place: Vec<String> = self.path.iter().map(|p| p.display().to_string()).collect();
        if let Some(at) = self.at {
            place.push(format!("{}:{}", at.line, at.col));
        }
        if !place.is_empty() {
            write!(f, "{}: ", place.join(":"))?;
        }
        f.write_str(&self.what)
    }
}

impl std::error::Error for IoError {}
