//! What the pages' runnable examples share: a block of `$ tabula ...` lines,
//! each followed by what it prints (`...` stands for lines left out), is run
//! and compared with what the page shows.

use std::path::Path;
use std::process::Output;

/// Runs each command of `block` with `run` (given the words after `tabula`)
/// and checks that it prints the lines the page shows, in order; without a
/// `...`, nothing else.
pub fn check_block(page_name: &str, block: &str, dir: &Path, run: impl Fn(&Path, &[&str]) -> Output) {
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
        let o = run(dir, &words[1..]);
        assert!(o.status.success(), "{command}: {}", String::from_utf8_lossy(&o.stderr));
        let printed = String::from_utf8_lossy(&o.stdout).into_owned();
        let mut lines = printed.lines();
        for want in shown.iter().filter(|l| l.trim() != "...") {
            assert!(
                lines.any(|l| l == want),
                "{page_name} shows, after `{command}`:\n{want}\nbut it printed:\n{printed}"
            );
        }
        if !shown.iter().any(|l| l.trim() == "...") {
            assert_eq!(printed.lines().count(), shown.len(), "{command} printed:\n{printed}");
        }
    }
}
