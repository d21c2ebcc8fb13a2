//! Mistakes in option values a user gave (`--option name=value`, the editor).

use super::unknown;
use std::fmt;

/// A mistake in an option value given by a user: which option and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError {
    /// The option's name as given (for [`OptionErrorKind::NoValue`], the whole text given).
    pub option: String,
    pub kind: OptionErrorKind,
}

/// What is wrong with an option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionErrorKind {
    /// `name` without `=value`.
    NoValue,
    /// The ruleset declares no option of that name; `declared` are those it does.
    Unknown { declared: Vec<String> },
    /// The value is not one the option takes.
    BadValue { value: String, expected: Expected },
    /// The value is none of the option's choices.
    UnknownChoice { value: String, choices: Vec<String> },
}

/// The values an option takes, as its declaration says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    TrueOrFalse,
    WholeNumber { min: i64, max: i64 },
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::TrueOrFalse => f.write_str("true or false"),
            Expected::WholeNumber { min, max } => write!(f, "a whole number from {min} to {max}"),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let option = &self.option;
        match &self.kind {
            OptionErrorKind::NoValue => write!(f, "option `{option}`: expected name=value"),
            OptionErrorKind::Unknown { declared } => {
                f.write_str(&unknown("option", option, declared.iter().map(String::as_str)))
            }
            OptionErrorKind::BadValue { value, expected } => {
                write!(f, "option {option}: bad value {value:?}: expected {expected}")
            }
            OptionErrorKind::UnknownChoice { value, choices } => {
                f.write_str(&unknown(&format!("value for option {option}"), value, choices.iter().map(String::as_str)))
            }
        }
    }
}

impl std::error::Error for OptionError {}
