//! docs/guide.md, checked: every command of its ```` ```text guide-run ````
//! blocks is run in an empty folder and prints what the page shows (`...`
//! stands for lines left out). The one block with MCTS players is left out
//! (minutes in a test build); the glossary is checked by tests/tests/glossary.rs.

mod common;

use std::path::Path;
use std::process::{Command, Output};

/// `tabula ARGS --quiet` in `dir`: `--quiet` is for the commands that play
/// games; where a command refuses it, it is run without.
fn tabula_quiet_in(dir: &Path, args: &[&str]) -> Output {
    let run = |quiet: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_tabula"));
        c.args(args).current_dir(dir);
        if quiet {
            c.arg("--quiet");
        }
        c.output().expect("runs tabula")
    };
    let o = run(true);
    if o.status.success() { o } else { run(false) }
}

#[test]
fn the_guides_commands_print_what_it_shows() {
    let path = format!("{}/../docs/guide.md", env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(path).expect("docs/guide.md");
    let blocks: Vec<&str> =
        page.split("```text guide-run\n").skip(1).map(|rest| rest.split("```").next().expect("a block")).collect();
    assert!(blocks.len() >= 4, "list, analyze, compare and plan");
    let tmp = tempfile::tempdir().expect("a folder");
    for block in blocks {
        common::check_block("docs/guide.md", block, tmp.path(), tabula_quiet_in);
    }
}
