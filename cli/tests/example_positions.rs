//! The example positions shipped beside the rulesets (`rulesets/**/positions/`),
//! opened as docs/language.md shows: they are positions, read by
//! `--position`, and never listed as rulesets.

use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("runs tabula")
}

fn workspace(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// docs/language.md, Tables: Zeno's game of AD 480 and his throw 2-5-6.
#[test]
fn zeno_s_position_lists_the_three_moves_of_his_throw() {
    let file = workspace("rulesets/traditional/positions/tabula-zeno-480.ron");
    let o = tabula(&["moves", "traditional/tabula", "--position", &file]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "20-22\n19-24\n10-16\n");
}

#[test]
fn a_positions_folder_holds_no_ruleset() {
    let o = tabula(&["list"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let listed = String::from_utf8_lossy(&o.stdout);
    assert!(listed.contains("traditional/tabula"), "{listed}");
    assert!(!listed.contains("positions"), "a position listed as a ruleset:\n{listed}");
}
