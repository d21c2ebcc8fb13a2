//! The in-app file dialog's state: a folder, its sub-folders and `.ron`
//! files, and the name being typed. No egui here (the window draws it).
//!
//! An in-app dialog rather than the desktop's: it needs no system package or
//! portal, works the same everywhere, and tests drive it like any window
//! (`egui-file-dialog` has no release for egui 0.37 yet).

use std::path::{Path, PathBuf};

/// What the chosen path is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathPurpose {
    SaveVariant,
    OpenRuleset,
    SaveRecord,
    LoadRecord,
    ExportPlots,
    // --- position files (issue 45): a position for the game open ---
    OpenPosition,
    SavePosition,
}

impl PathPurpose {
    /// The dialog's title and the label of its button.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            PathPurpose::SaveVariant => ("Save the rules as a variant", "Save variant"),
            PathPurpose::OpenRuleset => ("Open a ruleset file", "Open ruleset"),
            PathPurpose::SaveRecord => ("Save the game", "Save game"),
            PathPurpose::LoadRecord => ("Load a game", "Load game"),
            PathPurpose::ExportPlots => ("Export the analysis plots (name.svg or name.png)", "Export plots"),
            PathPurpose::OpenPosition => ("Open a position of this game", "Open position"),
            PathPurpose::SavePosition => ("Save the position shown", "Save position"),
        }
    }

    /// Saving writes a file (and asks before replacing one); the others read one.
    pub fn saves(self) -> bool {
        matches!(
            self,
            PathPurpose::SaveVariant | PathPurpose::SaveRecord | PathPurpose::ExportPlots | PathPurpose::SavePosition
        )
    }
}

/// One entry of the folder shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub is_dir: bool,
}

/// A file dialog: the folder shown and the file name typed or picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDialog {
    pub purpose: PathPurpose,
    pub dir: PathBuf,
    /// A name in `dir`, or a whole path.
    pub name: String,
    pub entries: Vec<Entry>,
    /// The folder could not be read, or the chosen file is not there.
    pub problem: Option<String>,
    /// A file of this name exists: saving asks before replacing it.
    pub confirm_replace: bool,
    /// Saving a variant: the title it gets, proposed from the file name (issue 47).
    pub variant: Option<crate::variant::VariantTitle>,
}

impl FileDialog {
    /// A dialog on `dir` with a suggested file name.
    pub fn new(purpose: PathPurpose, dir: &Path, name: &str) -> FileDialog {
        let mut d = FileDialog {
            purpose,
            dir: PathBuf::new(),
            name: name.to_string(),
            entries: Vec::new(),
            problem: None,
            confirm_replace: false,
            variant: None,
        };
        d.enter(dir);
        d
    }

    /// Shows another folder.
    pub fn enter(&mut self, dir: &Path) {
        self.dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        self.confirm_replace = false;
        match list(&self.dir) {
            Ok(entries) => {
                self.entries = entries;
                self.problem = None;
            }
            Err(e) => {
                self.entries.clear();
                self.problem = Some(format!("{}: {e}", self.dir.display()));
            }
        }
    }

    /// The folder above, if any.
    pub fn up(&mut self) {
        if let Some(parent) = self.dir.parent().map(Path::to_path_buf) {
            self.enter(&parent);
        }
    }

    /// A click on an entry: a folder opens, a file's name is taken.
    pub fn pick(&mut self, entry: &Entry) {
        if entry.is_dir {
            let dir = self.dir.join(&entry.name);
            self.enter(&dir);
        } else {
            self.name = entry.name.clone();
            self.confirm_replace = false;
        }
    }

    /// The file type the name says, by its extension (`"png"`), lower case.
    pub fn extension(&self) -> String {
        Path::new(self.name.trim()).extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default()
    }

    /// Gives the name this extension, in place of the one it has (a file
    /// type chosen in the dialog).
    pub fn set_extension(&mut self, extension: &str) {
        let name = self.name.trim();
        let name = if name.is_empty() { "plots" } else { name };
        self.name = Path::new(name).with_extension(extension).to_string_lossy().into_owned();
        self.confirm_replace = false;
    }

    /// The path chosen: the name typed, in the folder shown (a typed path is taken as it is).
    pub fn path(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        (!name.is_empty()).then(|| self.dir.join(name))
    }

    /// The path to act on, or why not yet: a file to read must exist; a file
    /// to write that exists must be confirmed first (then `confirm_replace` is set).
    pub fn accept(&mut self) -> Option<PathBuf> {
        let path = self.path()?;
        if path.is_dir() {
            self.enter(&path);
            self.name.clear();
            return None;
        }
        if self.purpose.saves() {
            if path.exists() && !self.confirm_replace {
                self.confirm_replace = true;
                return None;
            }
        } else if !path.is_file() {
            self.problem = Some(format!("{}: no such file", path.display()));
            return None;
        }
        Some(path)
    }
}

/// Sub-folders, then `.ron`, `.svg` and `.png` files, each by name; hidden entries left out.
fn list(dir: &Path) -> std::io::Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = std::fs::read_dir(dir)?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.path().is_dir();
            let shown = !name.starts_with('.')
                && (is_dir || name.ends_with(".ron") || name.ends_with(".svg") || name.ends_with(".png"));
            shown.then_some(Entry { name, is_dir })
        })
        .collect();
    entries.sort_by(|a, b| b.is_dir.cmp(&a.is_dir).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_type_chosen_changes_the_name_s_extension_and_the_name_says_the_type() {
        let tmp = tempfile::Builder::new().prefix("tabula-files-").tempdir().expect("temp dir");
        let mut d = FileDialog::new(PathPurpose::ExportPlots, tmp.path(), "kalah-analysis.svg");
        assert_eq!(d.extension(), "svg");
        d.set_extension("png");
        assert_eq!((d.name.as_str(), d.extension().as_str()), ("kalah-analysis.png", "png"));
        d.name = "figure.PNG".into();
        assert_eq!(d.extension(), "png", "the type follows the name typed");
        d.name = "  ".into();
        d.set_extension("svg");
        assert_eq!(d.name, "plots.svg");
    }

    #[test]
    fn folders_come_first_and_only_ron_files_are_listed() {
        let tmp = tempfile::Builder::new().prefix("tabula-files-").tempdir().expect("temp dir");
        let dir = tmp.path();
        std::fs::create_dir(dir.join("sub")).expect("sub dir");
        for name in ["b.ron", "notes.txt"] {
            tabula_files::write(&dir.join(name), b"x", tabula_files::Overwrite::Refuse).expect("write");
        }
        let mut d = FileDialog::new(PathPurpose::SaveRecord, dir, "b.ron");
        let names: Vec<&str> = d.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["sub", "b.ron"]);
        assert_eq!(d.accept(), None, "b.ron exists: saving asks first");
        assert!(d.confirm_replace);
        assert_eq!(d.accept(), Some(d.dir.join("b.ron")), "asked once, it may replace");
        d.pick(&Entry { name: "sub".into(), is_dir: true });
        assert!(d.dir.ends_with("sub") && d.entries.is_empty());
        d.up();
        let mut open = FileDialog::new(PathPurpose::OpenRuleset, dir, "missing.ron");
        assert_eq!(open.accept(), None);
        assert!(open.problem.as_deref().is_some_and(|p| p.contains("no such file")));
    }
}
