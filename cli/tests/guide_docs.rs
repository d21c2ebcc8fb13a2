//! docs/guide.md, checked: every command of its ```` ```text guide-run ````
//! blocks is run in an empty folder and prints what the page shows (`...`
//! stands for lines left out). The one block with MCTS players is left out
//! (minutes in a test build); the glossary is checked by tests/tests/glossary.rs.

use std::process::Command;

#[test]
fn the_guides_commands_print_what_it_shows() {
    let path = format!("{}/../docs/guide.md", env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(path).expect("docs/guide.md");
    let blocks: Vec<&str> =
        page.split("```text guide-run\n").skip(1).map(|rest| rest.split("```").next().expect("a block")).collect();
    assert!(blocks.len() >= 4, "list, analyze, compare and plan");
    let tmp = tempfile::tempdir().expect("a folder");
    for block in blocks {
        let mut steps: Vec<(String, Vec<String>)> = Vec::new();
        for line in block.lines() {
            match line.strip_prefix("$ ") {
                Some(command) => steps.push((command.to_string(), Vec::new())),
                None => steps.last_mut().expect("a block starts with a command").1.push(line.to_string()),
            }
        }
        for (command, shown) in steps {
            let words: Vec<&str> = command.split_whitespace().collect();
            assert_eq!(words[0], "tabula", "{command}");
            let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
                .args(&words[1..])
                .arg("--quiet")
                .current_dir(tmp.path())
                .output()
                .expect("runs tabula");
            // `--quiet` is for the commands that play games; the others refuse it.
            let o = if o.status.success() {
                o
            } else {
                Command::new(env!("CARGO_BIN_EXE_tabula"))
                    .args(&words[1..])
                    .current_dir(tmp.path())
                    .output()
                    .expect("runs tabula")
            };
            let printed = String::from_utf8_lossy(&o.stdout).into_owned();
            assert!(o.status.success(), "{command}: {}", String::from_utf8_lossy(&o.stderr));
            let mut lines = printed.lines();
            for want in shown.iter().filter(|l| l.trim() != "...") {
                assert!(
                    lines.any(|l| l == want),
                    "docs/guide.md shows, after `{command}`:\n{want}\nbut it printed:\n{printed}"
                );
            }
            if !shown.iter().any(|l| l.trim() == "...") {
                assert_eq!(printed.lines().count(), shown.len(), "{command} printed:\n{printed}");
            }
        }
    }
}
