//! Errors: every mistake in user input names where it is and what was expected.
//!
//! One type per stage a user's input goes through, each a value a caller can
//! match on: [`LoadError`] (a ruleset, position or record text, with its
//! located [`Diagnostic`]s), [`OptionError`], [`MoveError`] and [`PlayError`]
//! (a refused move, the latter with the state handed back), [`RecordError`],
//! [`IoError`]. `tabula::Error` gathers them.

use std::fmt;

mod io;
mod option;
mod play;
mod record;
#[cfg(test)]
mod tests;

pub use io::IoError;
pub use option::{Expected, OptionError, OptionErrorKind};
pub use play::{MoveError, PlayError, Refusal};
pub use record::RecordError;

/// A line and column, both 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// One problem found in a text a user gave (a ruleset, a position, a record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub at: Option<Pos>,
    /// Where in the RON document, e.g. `phases[1].moves[0].pieces[0]`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.at {
            write!(f, "{}:{}: ", at.line, at.col)?;
        }
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

/// A text that could not be loaded, with every problem found in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file name (or another name for the text).
    pub source: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match d.at {
                Some(at) => write!(f, "{}:{}:{}: ", self.source, at.line, at.col)?,
                None => write!(f, "{}: ", self.source)?,
            }
            if !d.path.is_empty() {
                write!(f, "{}: ", d.path)?;
            }
            f.write_str(&d.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

/// "did you mean" for a name that is close to one of the candidates.
pub(crate) fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&name.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// `unknown piece "Pharoh"; expected one of "Pharaoh", "Priest" (did you mean "Pharaoh"?)`
pub(crate) fn unknown<'a>(what: &str, name: &str, candidates: impl IntoIterator<Item = &'a str> + Clone) -> String {
    unknown_hinted(what, name, candidates, true)
}

/// [`unknown`], with a "did you mean" only if `hint`.
pub(crate) fn unknown_hinted<'a>(
    what: &str,
    name: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
    hint: bool,
) -> String {
    // Only a short list is shown: the 13th says it is not.
    let list: Vec<String> = candidates.clone().into_iter().take(13).map(|c| format!("{c:?}")).collect();
    let mut msg = format!("unknown {what} {name:?}");
    if list.is_empty() {
        msg.push_str(&format!("; no {what} is declared"));
    } else if list.len() <= 12 {
        msg.push_str(&format!("; expected one of {}", list.join(", ")));
    }
    if let Some(close) = hint.then(|| did_you_mean(name, candidates)).flatten() {
        msg.push_str(&format!(" (did you mean {close:?}?)"));
    }
    msg
}
