//! Writing the files a user asked for without ever losing one: every file is
//! written to a temporary file in the same folder and renamed into place, so
//! a killed process leaves the old file or the new one, never half of one;
//! an existing file is replaced only when the user said so; and a path can be
//! checked before the work that fills it starts.

use crate::Error;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Whether an existing file may be replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overwrite {
    /// An existing file is an error (the default everywhere).
    Refuse,
    /// The user asked to replace it (`--force`, or "Save" of the open file).
    Allow,
}

impl Overwrite {
    /// `Allow` when `force` is set.
    pub fn from_force(force: bool) -> Overwrite {
        if force { Overwrite::Allow } else { Overwrite::Refuse }
    }
}

/// The folder a file is written in (`.` for a bare file name).
fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn io(path: &Path, message: impl std::fmt::Display) -> Error {
    Error::Io(format!("{}: {message}", path.display()))
}

/// The same file, however it is spelled (`./a.ron`, `a.ron`, a link to it).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Checks, before any work, that `path` can be written: it is not a folder,
/// not one of `inputs` (not even with `Allow`), it does not exist unless
/// `overwrite` allows it, and its folder exists and takes new files (a
/// temporary file is made there and removed).
pub fn check(path: &Path, overwrite: Overwrite, inputs: &[&Path]) -> Result<(), Error> {
    if let Some(input) = inputs.iter().find(|input| same_file(path, input)) {
        return Err(io(path, format!("is the input {}; refusing to write over it", input.display())));
    }
    check_target(path, overwrite)?;
    let dir = folder(path);
    if !dir.is_dir() {
        return Err(io(path, format!("the folder {} does not exist", dir.display())));
    }
    tempfile::Builder::new()
        .prefix(".tabula-check-")
        .tempfile_in(&dir)
        .map(drop)
        .map_err(|e| io(path, format!("cannot write in the folder {}: {e}", dir.display())))
}

fn check_target(path: &Path, overwrite: Overwrite) -> Result<(), Error> {
    if path.as_os_str().is_empty() {
        return Err(Error::Io("an empty file name".into()));
    }
    if path.is_dir() {
        return Err(io(path, "is a folder, not a file"));
    }
    if overwrite == Overwrite::Refuse && path.symlink_metadata().is_ok() {
        return Err(io(path, "already exists (give --force to replace it)"));
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: to a temporary file in the same
/// folder, flushed to disk, then renamed into place. With `Refuse`, a file
/// that exists (even one made while the work ran) is left alone and is an
/// error. A file that is replaced keeps its permissions.
pub fn write(path: &Path, bytes: &[u8], overwrite: Overwrite) -> Result<(), Error> {
    check_target(path, overwrite)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A temporary file is private (0600); the file it becomes is not: a new
    // file gets the permissions any new file gets here (0666 less the umask).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp =
        builder.tempfile_in(folder(path)).map_err(|e| io(path, format!("cannot write in its folder: {e}")))?;
    if let Ok(old) = std::fs::metadata(path) {
        // Best effort: a file the user made read-only for others stays so.
        let _ = tmp.as_file().set_permissions(old.permissions());
    }
    tmp.write_all(bytes).and_then(|()| tmp.as_file().sync_all()).map_err(|e| io(path, e))?;
    let persisted = match overwrite {
        Overwrite::Allow => tmp.persist(path),
        Overwrite::Refuse => tmp.persist_noclobber(path),
    };
    persisted.map(drop).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            io(path, "already exists (give --force to replace it)")
        } else {
            io(path, e.error)
        }
    })
}

/// Reads a text file; bytes that are not UTF-8 are an error that says
/// where (`file:line:col`), as any other mistake in a file is.
pub fn read_text(path: &Path) -> Result<String, Error> {
    let bytes = std::fs::read(path).map_err(|e| io(path, e))?;
    text_from_bytes(bytes, &path.display().to_string())
}

/// Bytes as text, or an error at the first byte that is not UTF-8.
pub fn text_from_bytes(bytes: Vec<u8>, source: &str) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Valid up to here, so this cannot fail; the column counts characters.
        let before = std::str::from_utf8(good).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Error::Io(format!("{source}:{line}:{col}: not UTF-8 text (save the file as UTF-8)"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder of its own for a test (`tabula-files-<name>-…`),
    /// removed when the returned `TempDir` is dropped, pass or fail.
    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("tabula-files-{name}-")).tempdir().expect("scratch folder")
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("reads")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn bytes_that_are_not_utf8_are_located() {
        let e = text_from_bytes(b"Ruleset(\n  name: \"caf\xe9\"".to_vec(), "r.ron").expect_err("not UTF-8");
        assert_eq!(e.to_string(), "r.ron:2:13: not UTF-8 text (save the file as UTF-8)");
        assert_eq!(text_from_bytes("é\n".as_bytes().to_vec(), "r.ron").expect("UTF-8"), "é\n");
    }

    #[test]
    fn a_new_file_is_written_and_no_temporary_file_stays() {
        let tmp = scratch("new");
        let dir = tmp.path();
        let path = dir.join("out.json");
        write(&path, b"new", Overwrite::Refuse).expect("writes");
        assert_eq!(std::fs::read(&path).expect("reads"), b"new");
        assert_eq!(leftovers(dir), ["out.json"]);
    }

    #[test]
    fn an_existing_file_is_replaced_only_when_asked() {
        let tmp = scratch("exists");
        let dir = tmp.path();
        let path = dir.join("out.json");
        // The file that is there before (written new, as any file is).
        write(&path, b"old", Overwrite::Refuse).expect("writes");
        let e = write(&path, b"new", Overwrite::Refuse).expect_err("refuses");
        assert!(e.to_string().contains("already exists (give --force"), "{e}");
        assert!(check(&path, Overwrite::Refuse, &[]).is_err());
        assert_eq!(std::fs::read(&path).expect("reads"), b"old");
        check(&path, Overwrite::Allow, &[]).expect("may replace");
        write(&path, b"new", Overwrite::Allow).expect("replaces");
        assert_eq!(std::fs::read(&path).expect("reads"), b"new");
        assert_eq!(leftovers(dir), ["out.json"]);
    }

    #[test]
    fn bad_paths_are_refused_before_any_work() {
        let tmp = scratch("bad");
        let dir = tmp.path();
        let input = dir.join("rules.ron");
        write(&input, b"rules", Overwrite::Refuse).expect("writes");
        let e = check(dir, Overwrite::Allow, &[]).expect_err("a folder");
        assert!(e.to_string().contains("is a folder"), "{e}");
        let e = check(&dir.join("no/such/out.json"), Overwrite::Refuse, &[]).expect_err("no folder");
        assert!(e.to_string().contains("does not exist"), "{e}");
        let spelled_otherwise = dir.join(".").join("rules.ron");
        let e = check(&spelled_otherwise, Overwrite::Allow, &[&input]).expect_err("the input");
        assert!(e.to_string().contains("is the input"), "{e}");
        assert!(check(Path::new(""), Overwrite::Refuse, &[]).is_err());
        check(&dir.join("fine.json"), Overwrite::Refuse, &[&input]).expect("fine");
        assert_eq!(leftovers(dir), ["rules.ron"]);
    }
}
