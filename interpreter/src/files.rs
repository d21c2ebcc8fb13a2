//! Reading the texts Tabula compiles (rulesets, records, positions): a
//! text is read up to a bound ([`MAX_TEXT`] unless said) and must be UTF-8
//! without NUL bytes, so that `/dev/zero` or a file far too large given by
//! mistake is an error at once, not gigabytes of memory.
//!
//! Writing files is the application's, not the interpreter's: the crate
//! `tabula-files` writes every file a user asks for, by one rule.

use crate::Error;
use crate::error::{IoError, Pos};
use std::fs::File;
use std::io::Read as _;
use std::path::Path;

fn io(path: &Path, message: impl std::fmt::Display) -> Error {
    IoError::at_path(path, message).into()
}

/// The most bytes Tabula reads from a ruleset, a record, a position or a
/// pilot comparison (the shipped rulesets are under 12 KB, a record of the
/// longest game a few MB).
pub const MAX_TEXT: u64 = 64 << 20;

/// Reads a text file of at most [`MAX_TEXT`] bytes; see [`read_text_within`].
pub fn read_text(path: &Path) -> Result<String, Error> {
    read_text_within(path, MAX_TEXT)
}

/// Reads a text file of at most `limit` bytes: a larger one, a NUL byte (no
/// text has one: `/dev/zero`, a binary file) or bytes that are not UTF-8 are
/// an error that says where (`file:line:col`), found as soon as it is read.
pub fn read_text_within(path: &Path, limit: u64) -> Result<String, Error> {
    let file = File::open(path).map_err(|e| IoError::os(path, &e))?;
    let too_large = || {
        io(
            path,
            format!("larger than {}, more than Tabula reads from such a file (is it the right file?)", size(limit)),
        )
    };
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > limit) {
        return Err(too_large());
    }
    // Read a piece at a time, so that a device that never ends stops at the bound.
    let mut reader = file.take(limit.saturating_add(1));
    let mut bytes = Vec::new();
    let mut piece = vec![0; 1 << 16];
    loop {
        let n = match reader.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(IoError::os(path, &e).into()),
        };
        if let Some(nul) = piece[..n].iter().position(|&b| b == 0) {
            bytes.extend_from_slice(&piece[..nul]);
            let (line, col) = line_col(&String::from_utf8_lossy(&bytes));
            return Err(IoError::at_path(path, "a NUL byte: not a text file").located(Pos { line, col }).into());
        }
        bytes.extend_from_slice(&piece[..n]);
        if bytes.len() as u64 > limit {
            return Err(too_large());
        }
    }
    text_from_bytes(bytes, &path.display().to_string())
}

/// "64 MiB", "10 GiB", "1000 bytes".
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}

/// The line and column (in characters) just past `before`.
fn line_col(before: &str) -> (usize, usize) {
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Bytes as text, or an error at the first byte that is not UTF-8.
pub fn text_from_bytes(bytes: Vec<u8>, source: &str) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Valid up to here, so this cannot fail.
        let (line, col) = line_col(std::str::from_utf8(good).unwrap_or_default());
        IoError::at_path(source, "not UTF-8 text (save the file as UTF-8)").located(Pos { line, col }).into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::OpenOptions;
    use std::io::Write as _;

    /// A fresh folder of its own for a test, removed when dropped, pass or fail.
    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("tabula-files-{name}-")).tempdir().expect("scratch folder")
    }

    #[test]
    fn bytes_that_are_not_utf8_are_located() {
        let e = text_from_bytes(b"Ruleset(\n  name: \"caf\xe9\"".to_vec(), "r.ron").expect_err("not UTF-8");
        assert_eq!(e.to_string(), "r.ron:2:13: not UTF-8 text (save the file as UTF-8)");
        assert_eq!(text_from_bytes("é\n".as_bytes().to_vec(), "r.ron").expect("UTF-8"), "é\n");
    }

    #[test]
    fn a_text_read_is_bounded_and_a_nul_byte_stops_it_at_once() {
        let tmp = scratch("bounded");
        let dir = tmp.path();
        let big = dir.join("big.ron");
        std::fs::write(&big, "x".repeat(2000)).expect("writes");
        let e = read_text_within(&big, 1000).expect_err("too large");
        assert!(e.to_string().contains("big.ron: larger than 1000 bytes"), "{e}");
        assert_eq!(read_text_within(&big, 2000).expect("at the bound").len(), 2000);
        let nul = dir.join("nul.ron");
        std::fs::write(&nul, b"Ruleset(\n  name\0").expect("writes");
        let e = read_text(&nul).expect_err("a NUL byte");
        assert!(e.to_string().ends_with("nul.ron:2:7: a NUL byte: not a text file"), "{e}");
        // A stream that never ends (a fifo fed for ever) stops at the bound.
        let fifo = dir.join("fifo.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            let feeder = fifo.clone();
            std::thread::spawn(move || {
                let mut f = OpenOptions::new().write(true).open(feeder).expect("opens the fifo");
                while f.write_all(&[b'a'; 4096]).is_ok() {}
            });
            let e = read_text_within(&fifo, 100_000).expect_err("too large");
            assert!(e.to_string().contains("larger than 100000 bytes"), "{e}");
        }
    }
}
