//! Position files (issue 45): a position of the game open, read to play on
//! from it, and the position shown written as one. The file does not name
//! its ruleset: it is read against the game open, and refused, located and
//! in words, where it does not fit it; nothing changes then.

use super::{Ask, Then, Workbench};
use crate::session::Session;
use std::path::Path;
use tabula_files::{self as files, Overwrite};

impl Workbench {
    /// Plays on from the position in a file, asking first if a game is in
    /// progress (it would be lost).
    pub fn open_position(&mut self, path: &Path) {
        if self.session.in_progress() {
            self.ask = Some(Ask::Unsaved { then: Then::OpenPosition(path.to_path_buf()) });
            return;
        }
        self.open_position_now(path);
    }

    /// Reads a position file against the game open: a new game starts from
    /// it, or, where it is wrong, its problems are listed and the game stays.
    pub fn open_position_now(&mut self, path: &Path) {
        let source = path.display().to_string();
        let read = files::read_text(path).map_err(|e| vec![e.to_string()]).and_then(|text| {
            self.session.game.position_from_str(&text, &source).map_err(|e| {
                // One line per problem, each with where it is (file:line:col: path: what).
                e.to_string().lines().map(str::to_string).collect()
            })
        });
        match read {
            Ok(state) => {
                let game = (*self.session.game).clone();
                self.start(Session::from_position(game, state));
                self.position_problems.clear();
                self.message = format!("playing from the position in {source}");
            }
            Err(problems) => {
                self.message = format!("{source} is not a position of {}: see Play", self.session.game.title());
                self.position_problems = problems;
            }
        }
    }

    /// Writes the position shown to a file (temporary file, then renamed
    /// into place); an existing file only once the user agreed.
    pub(super) fn write_position(&mut self, path: &Path, overwrite: Overwrite) {
        let text = self.session.game.position_to_string(self.session.state());
        self.message = match files::write(path, text.as_bytes(), overwrite) {
            Ok(()) => format!("position saved to {}", path.display()),
            Err(e) => e.to_string(),
        };
    }
}
