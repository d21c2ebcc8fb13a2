//! The pipeline runs one way: ruleset (the text as written) → compile →
//! program (the compiled tables, the only thing the engine reads) → engine.
//! A module may use those before it, never those after: this test reads the
//! `crate::` paths of every file and fails on an import against the flow.

use std::path::Path;
use tabula_tests::workspace;

/// The pipeline's modules in order, each with the modules after it that it must not use.
const LAYERS: [(&str, &[&str]); 4] = [
    ("ruleset", &["compile", "program", "engine"]),
    ("compile", &["engine"]),
    ("program", &["compile", "engine"]),
    ("engine", &["compile"]),
];

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crate modules a file names (`crate::engine::...`, `use crate::{engine, ...}`).
fn used_modules(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
            None => vec![rest],
        };
        for name in names {
            let name: String = name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

#[test]
fn the_pipeline_has_no_import_against_its_flow() {
    let src = workspace().join("interpreter/src");
    let mut against = Vec::new();
    for (layer, later) in LAYERS {
        let mut files = Vec::new();
        sources(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "interpreter/src/{layer} holds no source");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            for used in used_modules(&text).into_iter().filter(|m| later.contains(&m.as_str())) {
                against.push(format!("{} uses crate::{used}", file.strip_prefix(&src).unwrap_or(&file).display()));
            }
        }
    }
    against.sort();
    against.dedup();
    assert!(against.is_empty(), "imports against the pipeline's flow:\n{}", against.join("\n"));
}

#[test]
fn the_check_sees_an_import_against_the_flow() {
    assert_eq!(used_modules("use crate::engine::Test;"), ["engine"]);
    assert_eq!(used_modules("use crate::{board::Board, compile};"), ["board", "compile"]);
    assert_eq!(used_modules("let g = crate::program::Game::load(p);"), ["program"]);
}
