//! Rule scenarios: every file in `tests/scenarios/` is one test, named by the
//! rule id in its file name. Also checks that every rule id and open question of
//! the briefs of the shipped games has a scenario, and that the scenarios of a
//! rule fail when the rule is taken out of its ruleset (`tests/mutations.ron`).

use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use tabula::shipped;
use tabula_tests::{Scenario, run, workspace};

fn scenario_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let root = workspace().join("tests/scenarios");
    for dir in std::fs::read_dir(&root).expect("tests/scenarios").flatten() {
        for f in std::fs::read_dir(dir.path()).into_iter().flatten().flatten() {
            if f.path().extension().is_some_and(|e| e == "ron") {
                files.push(f.path());
            }
        }
    }
    files.sort();
    files
}

fn load(path: &Path) -> Result<Scenario, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// A shipped ruleset's text, or a test ruleset's: `blocks/NAME` is tests/blocks/NAME.ron.
fn ruleset_text(name: &str) -> Result<String, String> {
    match name.strip_prefix("blocks/") {
        Some(block) => std::fs::read_to_string(workspace().join(format!("tests/blocks/{block}.ron")))
            .map_err(|e| format!("test ruleset {name:?}: {e}")),
        None => shipped::text(name).map(str::to_string).ok_or_else(|| format!("no shipped ruleset {name:?}")),
    }
}

fn test_name(path: &Path) -> String {
    path.file_stem().unwrap_or_default().to_string_lossy().into_owned()
}

#[derive(Deserialize)]
struct Mutation {
    rule: String,
    ruleset: String,
    replace: String,
    with: String,
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for path in scenario_files() {
        let name = test_name(&path);
        trials.push(Trial::test(name, move || {
            let s = load(&path)?;
            let text = ruleset_text(&s.ruleset)?;
            if !test_name(&path).starts_with(&s.rule) {
                return Err(format!("the file name should start with the rule id {:?}", s.rule).into());
            }
            run(&s, &text).map_err(Failed::from)
        }));
    }
    trials.push(Trial::test("every rule id has a scenario", every_rule_has_a_scenario));
    trials.push(Trial::test("scenarios fail when their rule is taken out", mutations_are_caught));
    libtest_mimic::run(&args, trials).exit();
}

/// The rule ids (`SEEGA-7`, `Q-SETI-3`) that a brief defines, in its list items.
fn brief_ids(brief: &str) -> Vec<String> {
    brief
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("- **"))
        .filter_map(|l| l.split_whitespace().next())
        .map(|id| id.trim_end_matches(['.', '*']).to_string())
        .filter(|id| id.contains('-') && id.chars().any(|c| c.is_ascii_digit()))
        .collect()
}

fn every_rule_has_a_scenario() -> Result<(), Failed> {
    let listed = std::fs::read_to_string(workspace().join("tests/rule-ids.txt")).map_err(|e| e.to_string())?;
    let listed: Vec<(String, String)> = listed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [ruleset, id] => Ok((ruleset.to_string(), id.to_string())),
            _ => Err(format!("tests/rule-ids.txt: expected `ruleset ID`, got {l:?}")),
        })
        .collect::<Result<_, _>>()?;
    if listed.len() < 100 {
        return Err(format!("tests/rule-ids.txt lists {} rule ids; the briefs have at least 100", listed.len()).into());
    }
    // The briefs live beside the repository (shared/rules); where they are, the list must match them.
    let rules = workspace().join("../shared/rules");
    let briefs = [
        ("seega.md", "seega"),
        ("seti.md", "seti-aleph"),
        ("senet.md", "senet"),
        ("seneti.md", "seneti"),
        ("setron.md", "setron"),
    ];
    for (brief, ruleset) in briefs {
        let Ok(text) = std::fs::read_to_string(rules.join(brief)) else { continue };
        let in_brief: Vec<String> = brief_ids(&text);
        let in_list: Vec<String> = listed.iter().filter(|(r, _)| r == ruleset).map(|(_, id)| id.clone()).collect();
        if in_brief != in_list {
            return Err(format!(
                "tests/rule-ids.txt is out of date for {brief}: the brief has {in_brief:?}, the list {in_list:?}"
            )
            .into());
        }
    }
    let names: Vec<String> = scenario_files().iter().map(|p| test_name(p)).collect();
    let missing: Vec<&String> = listed
        .iter()
        .map(|(_, id)| id)
        .filter(|id| !names.iter().any(|n| n == *id || n.starts_with(&format!("{id}."))))
        .collect();
    if missing.is_empty() { Ok(()) } else { Err(format!("rule ids without a scenario: {missing:?}").into()) }
}

fn mutations_are_caught() -> Result<(), Failed> {
    let text = std::fs::read_to_string(workspace().join("tests/mutations.ron")).map_err(|e| e.to_string())?;
    let mutations: Vec<Mutation> = ron::from_str(&text).map_err(|e| format!("mutations.ron: {e}"))?;
    let scenarios: Vec<Scenario> = scenario_files().iter().map(|p| load(p)).collect::<Result<_, _>>()?;
    let mut survivors = Vec::new();
    for m in &mutations {
        let original = ruleset_text(&m.ruleset)?;
        if !original.contains(&m.replace) {
            return Err(format!("{}: the text to replace is not in {}: {:?}", m.rule, m.ruleset, m.replace).into());
        }
        let mutated = original.replace(&m.replace, &m.with);
        // A mutation must leave a ruleset that compiles: a broken file would fail every scenario.
        if let Err(e) = tabula::Game::from_source(&mutated, &m.ruleset, &tabula::Options::new()) {
            return Err(format!("{}: the mutated ruleset does not compile:\n{e}", m.rule).into());
        }
        let of_rule: Vec<&Scenario> = scenarios.iter().filter(|s| s.rule == m.rule && s.ruleset == m.ruleset).collect();
        if of_rule.is_empty() {
            return Err(format!("{}: no scenario of this rule on {}", m.rule, m.ruleset).into());
        }
        if of_rule.iter().all(|s| run(s, &mutated).is_ok()) {
            survivors.push(format!("{} (replace {:?})", m.rule, m.replace));
        }
    }
    if survivors.is_empty() {
        Ok(())
    } else {
        Err(format!("these rules were taken out and all their scenarios still passed: {survivors:?}").into())
    }
}
