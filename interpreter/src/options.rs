//! Option values: what a user sets with `--option name=value` or in the editor.

use crate::error::{Expected, OptionError, OptionErrorKind};
use crate::ruleset::OptionDef;
use std::collections::BTreeMap;
use std::fmt;

/// The turn limit every ruleset has.
pub const MAX_PLIES: &str = "max_plies";

/// The value of one option.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Name(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Name(n) => f.write_str(n),
        }
    }
}

/// Option values as a user gives them (text), before they are checked against
/// a ruleset's declarations. Unset options take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options(BTreeMap<String, String>);

impl Options {
    pub fn new() -> Options {
        Options::default()
    }

    /// Sets `name` to `value` (as text: `true`, `12`, `Mandatory`).
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) -> &mut Options {
        self.0.insert(name.into(), value.into());
        self
    }

    /// Reads `name=value`.
    pub fn set_pair(&mut self, pair: &str) -> Result<&mut Options, OptionError> {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| OptionError { option: pair.to_string(), kind: OptionErrorKind::NoValue })?;
        Ok(self.set(name.trim(), value.trim()))
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for Options {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Options {
        Options(iter.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

/// The option declarations of a ruleset, `max_plies` included.
pub(crate) fn declarations(defs: &[OptionDef]) -> Vec<OptionDef> {
    let mut all = defs.to_vec();
    if !all.iter().any(|d| d.name() == MAX_PLIES) {
        all.push(OptionDef::Int {
            name: MAX_PLIES.into(),
            default: 1000,
            min: 0,
            max: 1_000_000,
            label: "Turn limit (plies)".into(),
            doc: "Turn limit in plies (decisions); 0 means no limit.".into(),
        });
    }
    all
}

/// Every declared option's value: the user's where given, else the default.
pub(crate) fn resolve(defs: &[OptionDef], given: &Options) -> Result<BTreeMap<String, OptionValue>, OptionError> {
    for (name, _) in given.iter() {
        if !defs.iter().any(|d| d.name() == name) {
            let declared = defs.iter().map(|d| d.name().to_string()).collect();
            return Err(OptionError { option: name.to_string(), kind: OptionErrorKind::Unknown { declared } });
        }
    }
    let mut values = BTreeMap::new();
    for def in defs {
        let value = match given.0.get(def.name()) {
            Some(text) => parse_value(def, text)?,
            None => default_value(def),
        };
        values.insert(def.name().to_string(), value);
    }
    Ok(values)
}

pub(crate) fn default_value(def: &OptionDef) -> OptionValue {
    match def {
        OptionDef::Bool { default, .. } => OptionValue::Bool(*default),
        OptionDef::Int { default, .. } => OptionValue::Int(*default),
        OptionDef::Choice { default, .. } => OptionValue::Name(default.clone()),
    }
}

/// Reads an option's value from text, checked against its declaration.
pub fn parse_value(def: &OptionDef, text: &str) -> Result<OptionValue, OptionError> {
    let error = |kind| OptionError { option: def.name().to_string(), kind };
    let bad = |expected| error(OptionErrorKind::BadValue { value: text.to_string(), expected });
    match def {
        OptionDef::Bool { .. } => match text {
            "true" | "on" | "yes" => Ok(OptionValue::Bool(true)),
            "false" | "off" | "no" => Ok(OptionValue::Bool(false)),
            _ => Err(bad(Expected::TrueOrFalse)),
        },
        OptionDef::Int { min, max, .. } => match text.parse::<i64>() {
            Ok(n) if (*min..=*max).contains(&n) => Ok(OptionValue::Int(n)),
            _ => Err(bad(Expected::WholeNumber { min: *min, max: *max })),
        },
        OptionDef::Choice { values, .. } => match values.iter().find(|v| v.eq_ignore_ascii_case(text)) {
            Some(v) => Ok(OptionValue::Name(v.clone())),
            None => Err(error(OptionErrorKind::UnknownChoice { value: text.to_string(), choices: values.clone() })),
        },
    }
}

/// Every value an option can take, for sweeping all of them in tests.
pub fn all_values(def: &OptionDef) -> Vec<OptionValue> {
    match def {
        OptionDef::Bool { .. } => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
        OptionDef::Int { min, max, default, .. } => {
            if max - min <= 8 {
                (*min..=*max).map(OptionValue::Int).collect()
            } else {
                vec![OptionValue::Int(*default)]
            }
        }
        OptionDef::Choice { values, .. } => values.iter().cloned().map(OptionValue::Name).collect(),
    }
}
