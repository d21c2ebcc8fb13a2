//! The documentation pages as current pages: the performance page stays short
//! (its history goes to the performance log), and every link from one page
//! to another, or to a heading, leads somewhere.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tabula_tests::workspace;

/// The pages whose links are checked.
const PAGES: [&str; 10] = [
    "README.md",
    "ARCHITECTURE.md",
    "docs/language.md",
    "docs/tutorial.md",
    "docs/analysis.md",
    "docs/performance.md",
    "docs/performance-log.md",
    "rulesets/RULES.md",
    "docs/agents.md",
    "docs/guide.md",
];

/// The performance page holds the figures today; a longer one is a diary.
const MOST_PERFORMANCE_LINES: usize = 400;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a Markdown page outside its fenced code blocks.
fn prose(page: &str) -> impl Iterator<Item = &str> {
    let mut in_code = false;
    page.lines().filter(move |l| {
        if l.trim_start().starts_with("```") {
            in_code = !in_code;
            return false;
        }
        !in_code
    })
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens,
/// every other character but letters, digits, `-` and `_` left out.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(page: &str) -> BTreeSet<String> {
    prose(page)
        .filter_map(|l| {
            let text = l.trim_start_matches('#');
            (text.len() < l.len() && text.starts_with(' ')).then(|| anchor(text))
        })
        .collect()
}

/// The targets of the page's inline links `[text](target)`, but web addresses.
fn links(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose(page) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push(target.to_string());
            }
            rest = &rest[end..];
        }
    }
    out
}

/// Where each link of `page` fails to lead: a file that is not there, or a
/// heading the target page does not have.
fn broken_links(page: &Path) -> Vec<String> {
    let text = read(page);
    let dir = page.parent().unwrap_or(Path::new("."));
    let mut broken = Vec::new();
    for link in links(&text) {
        let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
        let target: PathBuf = if file.is_empty() { page.to_path_buf() } else { dir.join(file) };
        if !target.exists() {
            broken.push(format!("{link}: no file {}", target.display()));
        } else if !fragment.is_empty()
            && target.extension().is_some_and(|e| e == "md")
            && !anchors(&read(&target)).contains(fragment)
        {
            broken.push(format!("{link}: no heading with that anchor in {}", target.display()));
        }
    }
    broken
}

#[test]
fn the_performance_page_holds_the_figures_today_not_their_history() {
    let page = read(&workspace().join("docs/performance.md"));
    let lines = page.lines().count();
    assert!(
        lines < MOST_PERFORMANCE_LINES,
        "docs/performance.md has {lines} lines: keep it under {MOST_PERFORMANCE_LINES} (the figures today, how to \
         reproduce them, where the time goes), and move dated sections to docs/performance-log.md"
    );
}

#[test]
fn links_between_the_pages_lead_somewhere() {
    let broken: Vec<String> = PAGES
        .iter()
        .map(|p| workspace().join(p))
        .flat_map(|p| broken_links(&p).into_iter().map(move |b| format!("{}: {b}", p.display())))
        .collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_broken_link_is_seen() {
    // The check itself, on a page of its own: a missing heading and a missing file.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let page = dir.path().join("page.md");
    std::fs::write(&page, "# A page\n\n## Seneti's walks (2026-11-27, 0bf0e1f..0a7b1c0)\n\n[ok](#senetis-walks-2026-11-27-0bf0e1f0a7b1c0) [gone](#nowhere) [file](other.md)\n```\n[code](#not-a-link)\n```\n")
        .expect("writes");
    let broken = broken_links(&page);
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].starts_with("#nowhere"), "{broken:?}");
    assert!(broken[1].starts_with("other.md"), "{broken:?}");
}
