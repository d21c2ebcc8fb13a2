//! A writer killed mid-write leaves the old file, never half of a new one.
//! The test runs itself again as the writer (a child process), waits until
//! the child is writing, and kills it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use tabula_files::{self as files, Overwrite};

const CHILD: &str = "TABULA_KILLED_WRITER_TARGET";
/// Large enough that the write takes a while.
const SIZE: usize = 64 << 20;

/// As the child: replaces the file named by the environment with a large one.
#[test]
fn killed_writer_child() {
    let Some(target) = std::env::var_os(CHILD) else { return };
    let text = vec![b'n'; SIZE];
    files::write(Path::new(&target), &text, Overwrite::Allow).expect("writes");
}

fn temporaries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .expect("reads")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.ends_with(".tmp") || p.extension().is_some_and(|e| e == "tmp"))
        .collect()
}

/// The writer, killed and waited for when dropped: declared after the
/// folder it writes in, it ends before that folder is removed, pass or fail.
struct Writer(Child);

impl Drop for Writer {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

#[test]
fn a_writer_killed_mid_write_leaves_the_old_file() {
    let tmp = tempfile::Builder::new().prefix("tabula-killed-writer-").tempdir().expect("dir");
    let dir = tmp.path();
    let target = dir.join("results.json");
    std::fs::write(&target, "the old results").expect("writes");
    let mut child = Writer(
        Command::new(std::env::current_exe().expect("this test"))
            .args(["--exact", "killed_writer_child", "--nocapture"])
            .env(CHILD, &target)
            .spawn()
            .expect("runs the writer"),
    );
    // Kill it as soon as its temporary file has some bytes: mid-write.
    let start = Instant::now();
    let mut caught_writing = false;
    while start.elapsed() < Duration::from_secs(60) {
        if temporaries(dir).iter().any(|t| std::fs::metadata(t).is_ok_and(|m| m.len() > 0)) {
            caught_writing = true;
            break;
        }
        if child.0.try_wait().expect("waits").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    child.0.kill().ok();
    child.0.wait().expect("ends");
    let now = std::fs::read(&target).expect("the file is there");
    eprintln!("caught writing: {caught_writing}; after {:?}", start.elapsed());
    if caught_writing {
        assert_eq!(now, b"the old results", "a killed writer left the old file");
    } else {
        // The writer was too quick to catch: then the whole new file is there.
        assert!(now == b"the old results" || now.len() == SIZE, "{} bytes: half a file", now.len());
    }
    assert!(caught_writing || now.len() == SIZE, "the child neither wrote nor was caught writing");
}

/// A new file gets the permissions any new file gets in its folder, not the
/// private ones of the temporary file it was written through.
#[cfg(unix)]
#[test]
fn a_new_file_has_the_permissions_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::Builder::new().prefix("tabula-files-mode-").tempdir().expect("folder");
    let (ours, plain) = (tmp.path().join("ours.txt"), tmp.path().join("plain.txt"));
    files::write(&ours, b"x", Overwrite::Refuse).expect("writes");
    std::fs::write(&plain, b"x").expect("writes");
    let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&ours), mode(&plain));
}
