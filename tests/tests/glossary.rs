//! The glossary of the user's guide (docs/guide.md, "Glossary") explains every
//! word the reports print: the labels of `tabula analyze`'s report and of
//! `tabula compare`'s table (`tabula_analysis::terms::TERMS`), the metrics a
//! comparison tests (`metric_names`, for two players and for more), the tests
//! it uses (`terms::TESTS`) and the corrections (`Correction::name`), all
//! read from the code: a metric or label added without a glossary entry fails
//! here. Also the words a newcomer meets first (ply, perft, RON, ...).

use tabula_analysis::{Correction, metric_names, terms};
use tabula_tests::workspace;

/// Words the guide uses and a reader meets before any report.
const FIRST_WORDS: [&str; 18] = [
    "ply",
    "perft",
    "RON",
    "ruleset",
    "option",
    "Holm",
    "SPRT",
    "branching factor",
    "balance",
    "drama",
    "decisiveness",
    "interval",
    "seed",
    "agent",
    "random",
    "greedy",
    "MCTS",
    "Elo",
];

/// The glossary's section of the guide.
fn glossary() -> String {
    let path = workspace().join("docs/guide.md");
    let page = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start = page.find("\n## Glossary\n").expect("docs/guide.md has a section \"## Glossary\"");
    let rest = &page[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_string()
}

/// The phrases the glossary defines: each in bold (`**term**`), lower case.
fn defined(glossary: &str) -> Vec<String> {
    glossary
        .split("**")
        .skip(1)
        .step_by(2)
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase())
        .collect()
}

/// A printed term as the glossary writes it: lower case, a seat's number
/// (`player 2 wins`) as `k`.
fn normalised(term: &str) -> String {
    let term = term.to_lowercase();
    let mut out = String::new();
    let mut rest = term.as_str();
    while let Some(at) = rest.find("player ") {
        let (before, after) = rest.split_at(at + "player ".len());
        out.push_str(before);
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 {
            out.push('k');
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// Every term the reports print, read from the code.
fn printed_terms() -> Vec<String> {
    let mut out: Vec<String> = terms::TERMS.iter().map(|t| t.to_string()).collect();
    out.extend(terms::TESTS.iter().map(|t| t.to_string()));
    for players in [2, 4] {
        out.extend(metric_names(players));
    }
    out.extend([Correction::Holm, Correction::BenjaminiHochberg, Correction::None].map(|c| c.name().to_string()));
    out.extend([Correction::Holm, Correction::BenjaminiHochberg].map(|c| c.controls().to_string()));
    out.extend(FIRST_WORDS.iter().map(|t| t.to_string()));
    out
}

#[test]
fn the_glossary_explains_every_term_the_reports_print() {
    let glossary = glossary();
    let defined = defined(&glossary);
    assert!(defined.len() >= 20, "the glossary defines only {defined:?}");
    let mut missing: Vec<String> =
        printed_terms().into_iter().map(|t| normalised(&t)).filter(|t| !defined.contains(t)).collect();
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "docs/guide.md's glossary lacks these terms the reports print (add each in bold, `**term**`, \
         with what it means): {missing:?}"
    );
}

#[test]
fn the_metrics_of_a_comparison_are_printed_words_of_the_code() {
    // The test reads the code's own lists: if they were empty, it would check nothing.
    assert!(metric_names(2).len() >= 10, "{:?}", metric_names(2));
    assert!(metric_names(4).iter().any(|m| m.contains("place")), "{:?}", metric_names(4));
    assert!(terms::TERMS.contains(&terms::BALANCE) && terms::TESTS.len() == 4);
    assert_eq!(normalised("player 12 wins"), "player k wins");
    assert_eq!(normalised("95% interval"), "95% interval");
}
