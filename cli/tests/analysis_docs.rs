//! docs/analysis.md, checked: its `tabula plan` examples print what the page
//! shows (```` ```text analysis-run ```` blocks are run, command by command, in
//! an empty folder), and the sizes of the families of tests it states are
//! those `tabula compare` tests. Also what `compare` and `plan` say about the
//! family and about comparing a ruleset with itself.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn tabula_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).current_dir(dir).output().expect("runs tabula")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn page() -> String {
    let path = format!("{}/../docs/analysis.md", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("docs/analysis.md")
}

/// The bodies of the page's code blocks whose info string is `info`.
fn blocks(page: &str, info: &str) -> Vec<String> {
    let open = format!("```{info}\n");
    page.split(&open).skip(1).map(|rest| rest.split("```").next().expect("a block").to_string()).collect()
}

/// The size of the family of tests `tabula compare` prints for `sweeps` (its `--json`).
fn family(dir: &Path, sweeps: &[&str]) -> u64 {
    let json = dir.join(format!("family-{}.json", sweeps.len()));
    let mut args = vec!["compare", "senet", "--games", "4", "--quiet", "--json", json.to_str().expect("a path")];
    for s in sweeps {
        args.extend(["--sweep", s]);
    }
    let o = tabula_in(dir, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("reads")).expect("JSON");
    value["tests"].as_u64().expect("the JSON gives the number of tests")
}

/// Each `$ tabula ...` line of the page's ```` ```text analysis-run ```` blocks
/// is run; what follows it up to the next command is what it prints, where
/// `...` stands for lines left out.
#[test]
fn the_pages_plan_examples_print_what_it_shows() {
    let page = page();
    let runs = blocks(&page, "text analysis-run");
    assert!(runs.len() >= 2, "the plan and the pilot");
    let tmp = tempfile::tempdir().expect("a folder");
    for block in runs {
        common::check_block("docs/analysis.md", &block, tmp.path(), tabula_in);
    }
}

/// The page's sentences on the size of a family of tests say what `compare` tests.
#[test]
fn the_pages_family_sizes_are_those_compare_tests() {
    let page = page().split_whitespace().collect::<Vec<_>>().join(" ");
    let tmp = tempfile::tempdir().expect("a folder");
    let one = family(tmp.path(), &["chance=Sticks,Die"]);
    let seven = family(tmp.path(), &["chance=Sticks,Die", "bear_off=Remainder,Exact", "safe_house_of_life=true,false"]);
    assert_eq!(seven, 7 * one);
    for claim in [
        format!(
            "{one} metrics for each variant against the base, so {one} tests for two variants and {seven} for an eight-value sweep"
        ),
        format!("({one} per variant against the base"),
        format!("{:.4} per test", 0.05 / one as f64),
        format!("over the {one} tests"),
    ] {
        assert!(page.contains(&claim), "docs/analysis.md does not say: {claim}");
    }
    // Every family a shown output states.
    for (at, _) in page.match_indices(" metrics x ") {
        let digits: Vec<char> = page[..at].chars().rev().take_while(char::is_ascii_digit).collect();
        let size: u64 = digits.iter().rev().collect::<String>().parse().expect("a number of metrics");
        assert_eq!(size, one, "docs/analysis.md shows a family of {size} metrics per variant");
    }
}

/// `plan --base` plans for the family `compare A B` tests.
#[test]
fn plan_holds_each_test_to_the_level_shared_over_the_family_compare_tests() {
    let tmp = tempfile::tempdir().expect("a folder");
    let tests = family(tmp.path(), &["chance=Sticks,Die"]);
    let o = tabula_in(tmp.path(), &["plan", "--base", "0.5", "--difference", "0.05"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains(&format!("with {tests} test(s)")), "compare tests {tests}:\n{out}");
}

/// A ruleset compared with itself on the same seeds plays the same games: the
/// command says so, and what to do for an A/A check.
#[test]
fn compare_says_a_paired_comparison_of_a_ruleset_with_itself_plays_identical_games() {
    let tmp = tempfile::tempdir().expect("a folder");
    let same = ["compare", "classic/tic-tac-toe", "classic/tic-tac-toe", "--games", "20", "--quiet"];
    let o = tabula_in(tmp.path(), &same);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let note = text(&o.stderr);
    assert!(note.contains("identical games") && note.contains("--independent"), "{note}");
    let o = tabula_in(tmp.path(), &[&same[..], &["--independent"]].concat());
    assert!(o.status.success() && !text(&o.stderr).contains("identical games"), "{}", text(&o.stderr));
    let other = ["compare", "senet", "--sweep", "chance=Sticks,Die", "--games", "4", "--quiet"];
    let o = tabula_in(tmp.path(), &other);
    assert!(o.status.success() && !text(&o.stderr).contains("identical games"), "{}", text(&o.stderr));
}
