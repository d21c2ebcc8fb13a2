//! The rulesets that ship with Tabula, embedded at build time.

use crate::Error;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The names of the shipped rulesets, e.g. `seega`, `classic/tic-tac-toe`.
pub fn names() -> impl Iterator<Item = &'static str> + Clone {
    SHIPPED.iter().map(|(name, _)| *name)
}

/// The text of a shipped ruleset.
pub fn text(name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Compiles a shipped ruleset under the given option values.
pub fn game(name: &str, options: &crate::Options) -> Result<crate::Game, Error> {
    let text = text(name).ok_or_else(|| Error::Io(crate::error::unknown("ruleset", name, names())))?;
    crate::Game::from_source(text, name, options)
}

/// A ruleset named on the command line: a shipped name, or a path to a `.ron`
/// file. Returns the name to show in messages and the text.
pub fn resolve(arg: &str) -> Result<(String, String), Error> {
    if let Some(text) = text(arg) {
        return Ok((format!("{arg}.ron"), text.to_string()));
    }
    let path = std::path::Path::new(arg);
    if path.exists() || arg.ends_with(".ron") {
        let text = crate::files::read_text(path)?;
        return Ok((arg.to_string(), text));
    }
    let mut msg = crate::error::unknown("ruleset", arg, names());
    msg.push_str("; or give the path of a .ron file");
    Err(Error::Io(msg))
}
