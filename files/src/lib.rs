//! Every file Tabula writes or reads, by one rule.
//!
//! Writing, a path names one of three destinations ([`destination`]):
//! - `-` is the standard output, for every output;
//! - a device or a fifo (`/dev/null`, a terminal, a named pipe) is written
//!   in place, never replaced by a file;
//! - anything else is a file. It is written to a temporary file in the same
//!   folder and renamed into place, so a killed process leaves the old file
//!   or the new one, never half of one. A link is followed: the file it leads
//!   to is replaced, the link stays. An existing file is replaced only when
//!   the user said so, and a path can be checked before the work that fills
//!   it starts. A file written again and again by one run (a checkpoint,
//!   [`Checkpoint`]) replaces only what the run itself wrote there.
//!
//! A temporary file is named `.NAME.tabula-PID-XXXXXX.tmp` (whose it is, for
//! whoever finds one) and is locked while its writer lives; one left by a
//! killed writer is removed the next time NAME is written, one whose writer
//! still runs is left alone.
//!
//! Reading, a text is read up to a bound ([`MAX_TEXT`] unless said) and must
//! be UTF-8 without NUL bytes: `/dev/zero` or a file far too large given by
//! mistake is an error at once, not gigabytes of memory. The reading is the
//! interpreter's (it compiles files), re-exported here so that the
//! application finds both sides in one place.
//!
//! This is a crate of its own, not part of `tabula`: the interpreter writes
//! no file, and the command line and the editor write files without the
//! analysis (a saved ruleset, a record).

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
pub use tabula::files::{MAX_TEXT, read_text, read_text_within, text_from_bytes};
use tabula::{Error, IoError};

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

/// The name that stands for the standard output, for every output.
pub const STDOUT: &str = "-";

/// Where what is written to a path goes (the rule at the top of this module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// `-`: the standard output.
    Stdout,
    /// A device or a fifo, written in place (the path as given).
    InPlace(PathBuf),
    /// A file, replaced whole: the path itself, or the file its links lead to.
    File(PathBuf),
}

/// Where `path` sends what is written to it.
pub fn destination(path: &Path) -> Result<Destination, Error> {
    if path.as_os_str() == STDOUT {
        return Ok(Destination::Stdout);
    }
    if path.as_os_str().is_empty() {
        return Err(IoError::new("an empty file name").into());
    }
    // The system follows the links here: `/dev/stdout` leads to a pipe or a
    // terminal through names that only it can follow.
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(io(path, "is a folder, not a file")),
        Ok(m) if m.is_file() => Ok(Destination::File(follow_links(path)?)),
        Ok(m) if written_in_place(&m) => Ok(Destination::InPlace(path.to_path_buf())),
        Ok(_) => Err(io(path, "is not a file, a fifo or a device of characters; refusing to write to it")),
        // Nothing there yet (or a link to nothing yet): a new file, where the links lead.
        Err(_) => Ok(Destination::File(follow_links(path)?)),
    }
}

/// A device of characters (a terminal, `/dev/null`) or a fifo takes what is
/// written as it comes; a disk (a device of blocks) is not for Tabula to write.
#[cfg(unix)]
fn written_in_place(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt as _;
    m.file_type().is_char_device() || m.file_type().is_fifo()
}

#[cfg(not(unix))]
fn written_in_place(_: &std::fs::Metadata) -> bool {
    false
}

/// More links than this, one leading to the next, are taken for a loop (the
/// system's own bound is 40).
const MAX_LINKS: usize = 40;

/// The path a chain of links leads to (the path itself where it is no link);
/// the last one need not exist yet.
fn follow_links(path: &Path) -> Result<PathBuf, Error> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::read_link(&at) {
            // A relative link is relative to its own folder; an absolute one replaces the path.
            Ok(target) => at = folder(&at).join(target),
            Err(_) => return Ok(at),
        }
    }
    Err(io(path, "too many links, each leading to another (a loop?)"))
}

/// The folder a file is written in (`.` for a bare file name).
fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn io(path: &Path, message: impl std::fmt::Display) -> Error {
    IoError::at_path(path, message).into()
}

/// The same file, however it is spelled (`./a.ron`, `a.ron`, a link to it).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Whether two outputs end in the same place (both `-`, or the same file,
/// however spelled, existing or not): one would overwrite the other.
pub fn same_output(a: &Path, b: &Path) -> bool {
    let place = |p: &Path| match destination(p) {
        Ok(Destination::File(target)) => {
            // The folder is where links and `.` are resolved; the file may not exist yet.
            let dir = folder(&target).canonicalize().unwrap_or_else(|_| folder(&target));
            Some(dir.join(target.file_name().unwrap_or_default()))
        }
        Ok(Destination::InPlace(device)) => Some(device.canonicalize().unwrap_or(device)),
        Ok(Destination::Stdout) => Some(PathBuf::from(STDOUT)),
        Err(_) => None,
    };
    a == b || place(a).is_some_and(|pa| Some(pa) == place(b))
}

/// Checks, before any work, that `path` can be written: it is not a folder,
/// not one of `inputs` (not even with `Allow`), it does not exist unless
/// `overwrite` allows it, and its folder exists and takes new files (a
/// temporary file is made there and removed). The standard output and
/// devices are written in place: there is nothing to check or to lose.
pub fn check(path: &Path, overwrite: Overwrite, inputs: &[&Path]) -> Result<(), Error> {
    let Destination::File(target) = destination(path)? else { return Ok(()) };
    if let Some(input) = inputs.iter().find(|input| same_file(&target, input)) {
        return Err(io(path, format!("is the input {}; refusing to write over it", input.display())));
    }
    refuse_existing(path, &target, overwrite)?;
    let dir = folder(&target);
    if !dir.is_dir() {
        return Err(io(path, format!("the folder {} does not exist", dir.display())));
    }
    tempfile::Builder::new()
        .prefix(".tabula-check-")
        .tempfile_in(&dir)
        .map(drop)
        .map_err(|e| io(path, format!("cannot write in the folder {}: {e}", dir.display())))
}

fn refuse_existing(path: &Path, target: &Path, overwrite: Overwrite) -> Result<(), Error> {
    if overwrite == Overwrite::Refuse && target.symlink_metadata().is_ok() {
        return Err(io(path, "already exists (give --force to replace it)"));
    }
    Ok(())
}

/// Writes `bytes` to `path` by the rule of this module: `-` to the standard
/// output, a device or a fifo in place, a file atomically (to a temporary
/// file in the same folder, flushed to disk, then renamed into place). With
/// `Refuse`, a file that exists (even one made while the work ran) is left
/// alone and is an error. A file that is replaced keeps its permissions.
pub fn write(path: &Path, bytes: &[u8], overwrite: Overwrite) -> Result<(), Error> {
    match destination(path)? {
        Destination::Stdout => write_stdout(bytes),
        Destination::InPlace(device) => write_in_place(&device, bytes),
        Destination::File(target) => replace(path, &target, bytes, overwrite).map(drop),
    }
}

/// Writes `bytes` to the standard output, flushed.
pub fn write_stdout(bytes: &[u8]) -> Result<(), Error> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(|e| stdout_error(&e))
}

/// An error writing the standard output: [`Error::OutputClosed`] where its
/// reader went away (`tabula ... | head`), any other (a full disk) an error.
pub fn stdout_error(e: &std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Error::OutputClosed
    } else {
        IoError { kind: Some(e.kind()), ..IoError::new(format!("cannot write to the standard output: {e}")) }.into()
    }
}

fn write_in_place(device: &Path, bytes: &[u8]) -> Result<(), Error> {
    let mut file = OpenOptions::new().write(true).open(device).map_err(|e| io(device, e))?;
    file.write_all(bytes).and_then(|()| file.flush()).map_err(|e| io(device, e))
}

/// Writes `target` (what `path` leads to) whole or not at all.
/// Returns the stamp of the file written, read from its own handle: a stamp
/// read from the path after the rename could be another file's, put there
/// in between.
fn replace(path: &Path, target: &Path, bytes: &[u8], overwrite: Overwrite) -> Result<Option<Stamp>, Error> {
    refuse_existing(path, target, overwrite)?;
    let dir = folder(target);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    remove_stale_temporaries(&dir, &name);
    let prefix = temporary_prefix(&name, std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A temporary file is private (0600); the file it becomes is not: a new
    // file gets the permissions any new file gets here (0666 less the umask).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(&dir).map_err(|e| io(path, format!("cannot write in its folder: {e}")))?;
    // Held until the file is renamed and closed: while it is, the file is not stale.
    lock(tmp.as_file());
    if let Ok(old) = std::fs::metadata(target) {
        // Best effort: a file the user made read-only for others stays so.
        let _ = tmp.as_file().set_permissions(old.permissions());
    }
    tmp.write_all(bytes).and_then(|()| tmp.as_file().sync_all()).map_err(|e| io(path, e))?;
    let persisted = match overwrite {
        Overwrite::Allow => tmp.persist(target),
        Overwrite::Refuse => tmp.persist_noclobber(target),
    };
    persisted.map(|file| file.metadata().ok().map(|m| Stamp::from_metadata(&m))).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            io(path, "already exists (give --force to replace it)")
        } else {
            io(path, e.error)
        }
    })
}

/// How the temporary files of `name` written by process `pid` begin: the
/// file's own name and Tabula's, so that whoever finds one sees whose it is.
fn temporary_prefix(name: &str, pid: u32) -> String {
    format!(".{name}.tabula-{pid}-")
}

/// Removes the temporary files of `name` in `dir` whose writer is gone (a
/// killed run's): a writer holds a lock on its own as long as it lives, so
/// that of a run still going (a concurrent shard's) is left alone.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    let prefix = format!(".{name}.tabula-");
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let ours = entry.file_name().to_str().is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".tmp"));
        if ours && File::open(entry.path()).is_ok_and(|f| lock(&f)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Takes the lock on a file without waiting; whether it was free.
#[cfg(unix)]
fn lock(file: &File) -> bool {
    rustix::fs::flock(file, rustix::fs::FlockOperation::NonBlockingLockExclusive).is_ok()
}

/// Without the locks of Unix a writer's life cannot be told: no temporary
/// file is taken for stale.
#[cfg(not(unix))]
fn lock(_: &File) -> bool {
    false
}

/// A file one run writes again and again (`--save`'s checkpoints). The
/// first write replaces an existing file only as `overwrite` allows; each
/// later one replaces only the file the run wrote before, so that a file
/// put at the path while the run went on is never lost. The standard output
/// and devices cannot be replaced: they get the finished run only.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    overwrite: Overwrite,
    /// The file the run wrote (or went on with) last.
    own: Option<Stamp>,
}

impl Checkpoint {
    /// A checkpoint at `path`, of a run that has written nothing there yet.
    pub fn new(path: &Path, overwrite: Overwrite) -> Checkpoint {
        Checkpoint { path: path.to_path_buf(), overwrite, own: None }
    }

    /// A checkpoint of a run that goes on with the file now at `path` (read
    /// just before): that file is the run's own.
    pub fn going_on(path: &Path, overwrite: Overwrite) -> Checkpoint {
        let own = match destination(path) {
            Ok(Destination::File(target)) => Stamp::of(&target),
            _ => None,
        };
        Checkpoint { path: path.to_path_buf(), overwrite, own }
    }

    /// Writes the run so far (`finished`: the whole run).
    pub fn write(&mut self, bytes: &[u8], finished: bool) -> Result<(), Error> {
        let Destination::File(target) = destination(&self.path)? else {
            return if finished { write(&self.path, bytes, self.overwrite) } else { Ok(()) };
        };
        let overwrite = match &self.own {
            None => self.overwrite,
            Some(own) if Stamp::of(&target).as_ref() == Some(own) => Overwrite::Allow,
            Some(_) => {
                return Err(io(
                    &self.path,
                    "was changed, replaced or removed by something else while the run went on; it is left as it is",
                ));
            }
        };
        self.own = replace(&self.path, &target, bytes, overwrite)?;
        Ok(())
    }
}

/// What tells one file from another at a path: where it is on the disk
/// (on Unix), its size and when it was changed last.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    inode: (u64, u64),
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        std::fs::symlink_metadata(path).ok().map(|m| Stamp::from_metadata(&m))
    }

    fn from_metadata(m: &std::fs::Metadata) -> Stamp {
        Stamp {
            len: m.len(),
            modified: m.modified().ok(),
            #[cfg(unix)]
            inode: {
                use std::os::unix::fs::MetadataExt as _;
                (m.dev(), m.ino())
            },
        }
    }
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

    #[test]
    fn temporary_files_of_killed_writers_go_and_those_of_living_ones_stay() {
        let tmp = scratch("stale");
        let dir = tmp.path();
        // A writer killed before its rename left this; nobody holds it.
        let stale = dir.join(format!("{}abcdef.tmp", temporary_prefix("out.json", 4_000_000)));
        std::fs::write(&stale, "half a run").expect("writes");
        // A writer still at work (a concurrent run's) holds its own.
        let living = dir.join(format!("{}ghijkl.tmp", temporary_prefix("out.json", std::process::id())));
        std::fs::write(&living, "a run going on").expect("writes");
        let held = File::open(&living).expect("opens");
        assert!(lock(&held), "the living writer's lock");
        // Another output's temporary file is not this one's to clean.
        let other = dir.join(format!("{}mnopqr.tmp", temporary_prefix("other.json", 4_000_000)));
        std::fs::write(&other, "another output's").expect("writes");
        write(&dir.join("out.json"), b"new", Overwrite::Refuse).expect("writes");
        let names = leftovers(dir);
        assert!(!names.contains(&".out.json.tabula-4000000-abcdef.tmp".to_string()), "{names:?}");
        let kept = format!(".out.json.tabula-{}-ghijkl.tmp", std::process::id());
        assert_eq!(names, [".other.json.tabula-4000000-mnopqr.tmp", &kept, "out.json"]);
        drop(held);
    }

    #[test]
    fn only_a_closed_pipe_is_a_quiet_end_of_the_standard_output() {
        use std::io::{Error as IoError, ErrorKind};
        assert!(matches!(stdout_error(&IoError::from(ErrorKind::BrokenPipe)), Error::OutputClosed));
        // An injected failure of another kind (a full disk) is an error that says so.
        let e = stdout_error(&IoError::from(ErrorKind::StorageFull));
        assert!(matches!(&e, Error::Io(m) if m.what.starts_with("cannot write to the standard output")), "{e}");
    }
}
