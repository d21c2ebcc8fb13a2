//! The Tabula editor: pick a game, see its board, play it against a person or
//! an agent, change its options, and edit its rules with live checking.
//!
//! The editor holds no rules of its own: everything goes through the `tabula`
//! crate's public API. `session`, `document`, `files` and `setup` have no egui in them.

pub mod agents;
pub mod app;
pub mod args;
pub mod document;
pub mod files;
mod highlight;
pub mod looks;
mod panels;
pub mod session;
pub mod setup;
pub mod smoke;
pub mod variant;
pub mod workbench;

pub use app::{Tab, TabulaApp};
