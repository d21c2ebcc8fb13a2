//! Records that do not replay: what is wrong and which field of the record says so.

use super::MoveError;
use std::fmt;

/// A record that does not fit the ruleset it is replayed on, or whose
/// fields do not fit one another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The ruleset text the record carries (`rules`) does not have the record's `hash`: it was edited.
    Edited { hash: String },
    /// The record carries no ruleset text (`rules`) and none was given.
    NoRules { ruleset: String },
    /// The record's `ruleset` is not the one it is replayed on.
    OtherRuleset { recorded: String, given: String },
    /// The ruleset's text has changed since the record was made: its `hash` is not the ruleset's now.
    Changed { ruleset: String, then: String, now: String, carries_rules: bool },
    /// A move of the record (`moves`, numbered from 1) was refused.
    Move { number: usize, error: MoveError },
}

impl RecordError {
    /// The field of the record the mistake is in.
    pub fn field(&self) -> &'static str {
        match self {
            RecordError::Edited { .. } | RecordError::NoRules { .. } => "rules",
            RecordError::OtherRuleset { .. } => "ruleset",
            RecordError::Changed { .. } => "hash",
            RecordError::Move { .. } => "moves",
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Edited { hash } => write!(
                f,
                "the ruleset text in the record does not have the record's hash {hash}: the record has been edited"
            ),
            RecordError::NoRules { ruleset } => write!(
                f,
                "the record carries no copy of its ruleset (it is older than that): give the ruleset {ruleset:?} it was played with"
            ),
            RecordError::OtherRuleset { recorded, given } => {
                write!(f, "the record is of ruleset {recorded:?}, not {given:?}")
            }
            RecordError::Changed { ruleset, then, now, carries_rules } => {
                let hint = if *carries_rules {
                    "replay it under the copy of the ruleset it carries (leave out --ruleset)"
                } else {
                    "the record is older than records that carry their ruleset: give the ruleset file it was played with (--ruleset FILE)"
                };
                write!(
                    f,
                    "ruleset {ruleset:?} has changed since the record was made (hash {then} then, {now} now); it may not replay the same game: {hint}"
                )
            }
            RecordError::Move { number, error } => write!(f, "move {number} of the record: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}
