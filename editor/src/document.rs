//! The ruleset being edited: where it comes from, its text, whether that text
//! is saved. No egui here.

use std::path::{Path, PathBuf};
use tabula::shipped;
use tabula_files::{self as files, Overwrite};

/// Where a ruleset comes from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// A ruleset shipped with Tabula, by name.
    Shipped(String),
    /// A file on disk.
    File(PathBuf),
}

impl Origin {
    /// A short name for titles and messages.
    pub fn label(&self) -> String {
        match self {
            Origin::Shipped(name) => format!("{name} (shipped)"),
            Origin::File(path) => path.display().to_string(),
        }
    }

    /// The name errors are reported under.
    pub fn source_name(&self) -> String {
        match self {
            Origin::Shipped(name) => format!("{name}.ron"),
            Origin::File(path) => path.display().to_string(),
        }
    }
}

/// The text of a ruleset and what is known about saving it.
#[derive(Debug, Clone)]
pub struct Document {
    pub origin: Origin,
    pub text: String,
    /// The text as last loaded or saved.
    saved: String,
}

impl Document {
    pub fn shipped(name: &str) -> Option<Document> {
        let text = shipped::text(name)?.to_string();
        Some(Document { origin: Origin::Shipped(name.to_string()), saved: text.clone(), text })
    }

    pub fn open(path: &Path) -> Result<Document, String> {
        let text = files::read_text(path).map_err(|e| e.to_string())?;
        Ok(Document { origin: Origin::File(path.to_path_buf()), saved: text.clone(), text })
    }

    pub fn load(origin: &Origin) -> Result<Document, String> {
        match origin {
            Origin::Shipped(name) => Document::shipped(name).ok_or_else(|| format!("no shipped ruleset {name:?}")),
            Origin::File(path) => Document::open(path),
        }
    }

    /// The text differs from what was loaded or saved.
    pub fn is_dirty(&self) -> bool {
        self.text != self.saved
    }

    /// The file that "Save" writes, if the document has one (shipped rulesets do not).
    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            Origin::File(path) => Some(path),
            Origin::Shipped(_) => None,
        }
    }

    /// Writes the text to `path` (atomically; an existing file only with
    /// `Allow`) and makes it the document's file.
    pub fn save_as(&mut self, path: &Path, overwrite: Overwrite) -> Result<(), String> {
        files::write(path, self.text.as_bytes(), overwrite).map_err(|e| e.to_string())?;
        self.origin = Origin::File(path.to_path_buf());
        self.saved = self.text.clone();
        Ok(())
    }

    /// A path for a variant of this ruleset, beside it (or in the working folder).
    pub fn variant_path(&self) -> PathBuf {
        match &self.origin {
            Origin::File(path) => {
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                path.with_file_name(format!("{stem}-variant.ron"))
            }
            Origin::Shipped(name) => PathBuf::from(format!("{}-variant.ron", name.replace('/', "-"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_as_a_variant_makes_it_the_documents_file() {
        let tmp = tempfile::Builder::new().prefix("tabula-doc-").tempdir().expect("temp dir");
        let dir = tmp.path();
        let mut doc = Document::shipped("seega").expect("shipped");
        doc.text.push_str("\n// a change\n");
        assert!(doc.is_dirty());
        let path = dir.join("seega-variant.ron");
        doc.save_as(&path, Overwrite::Refuse).expect("saves");
        assert!(doc.save_as(&path, Overwrite::Refuse).is_err(), "an existing file is not replaced unasked");
        doc.save_as(&path, Overwrite::Allow).expect("replaces when asked");
        assert!(!doc.is_dirty());
        assert_eq!(Document::open(&path).expect("opens").text, doc.text);
        assert_eq!(doc.variant_path(), dir.join("seega-variant-variant.ron"));
    }

    /// `/dev/zero` opened by mistake: an error at once, not gigabytes read.
    #[cfg(unix)]
    #[test]
    fn an_endless_device_opened_is_refused_at_once() {
        let e = Document::open(Path::new("/dev/zero")).expect_err("not a ruleset");
        assert!(e.contains("a NUL byte: not a text file"), "{e}");
    }
}
