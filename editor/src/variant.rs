//! A variant saved under a new file gets a name and a title of its own
//! (issue 47): the name from the file's name, the title proposed from the
//! original's ("English draughts (flying kings)") and editable before saving.
//! The ruleset's text is changed only in the strings of its top-level `name`
//! and `title`, every other byte (comments, layout) kept. No egui here.

use std::path::{Path, PathBuf};

/// A ruleset file of the user's, saved or opened in the editor: the games
/// list shows it under "Your rulesets" by its title (remembered, so that the
/// list needs no file read to be drawn).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OwnRuleset {
    pub path: PathBuf,
    pub title: String,
}

/// How many of the user's rulesets the games list keeps.
const OWN: usize = 100;

/// Puts `path` with its title first in the user's rulesets (once).
pub fn remember_own(own: &mut Vec<OwnRuleset>, path: &Path, title: &str) {
    own.retain(|r| r.path != path);
    own.insert(0, OwnRuleset { path: path.to_path_buf(), title: title.to_string() });
    own.truncate(OWN);
}

/// The user's rulesets as the games list shows them: by title, then path; a
/// title that two files share gets the file's name after it.
pub fn own_listed(own: &[OwnRuleset]) -> Vec<(String, &OwnRuleset)> {
    let mut listed: Vec<(String, &OwnRuleset)> = own
        .iter()
        .map(|r| {
            let shared = own.iter().filter(|o| o.title == r.title).count() > 1;
            let file = r.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            (if shared { format!("{} — {file}", r.title) } else { r.title.clone() }, r)
        })
        .collect();
    listed.sort_by(|a, b| a.0.to_lowercase().cmp(&b.0.to_lowercase()).then_with(|| a.1.path.cmp(&b.1.path)));
    listed
}

/// What the file dialog shows and the user may change when saving a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantTitle {
    /// The original's title ("English draughts").
    pub original_title: String,
    /// The original's name, whose last part the file name is compared with.
    pub original_name: String,
    /// The title to give the variant.
    pub title: String,
    /// The user typed the title: it no longer follows the file name.
    pub typed: bool,
}

impl VariantTitle {
    pub fn new(original_name: &str, original_title: &str, file_name: &str) -> VariantTitle {
        let mut v = VariantTitle {
            original_title: original_title.to_string(),
            original_name: original_name.to_string(),
            title: String::new(),
            typed: false,
        };
        v.follow(file_name);
        v
    }

    /// The title proposed for this file name, unless the user typed one.
    pub fn follow(&mut self, file_name: &str) {
        if !self.typed {
            self.title = proposed_title(&self.original_name, &self.original_title, file_name);
        }
    }
}

/// The file's name without its folder and extension.
fn stem(file_name: &str) -> String {
    Path::new(file_name.trim()).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

/// A title for a variant saved as `file_name`: the original's title with what
/// the file name adds to the original's name in brackets
/// (`english-draughts-flying-kings.ron` → "English draughts (flying
/// kings)"); a file name of its own, in words ("my-game.ron" → "My game").
pub fn proposed_title(original_name: &str, original_title: &str, file_name: &str) -> String {
    let stem = stem(file_name);
    let base = original_name.rsplit('/').next().unwrap_or(original_name);
    let words = |s: &str| s.split(['-', '_', ' ', '.']).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
    let lower = stem.to_lowercase();
    let added = lower.strip_prefix(&base.to_lowercase()).map(|rest| words(&stem[stem.len() - rest.len()..]));
    match added {
        Some(added) if added.is_empty() => format!("{original_title} (variant)"),
        Some(added) => format!("{original_title} ({added})"),
        None if words(&stem).is_empty() => format!("{original_title} (variant)"),
        None => {
            let w = words(&stem);
            let mut chars = w.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or(w)
        }
    }
}

/// The name of a ruleset saved as `path`: the file's name in lower case,
/// letters, digits and dashes; never `taken` (the original's name, a shipped
/// ruleset's), which gets "-variant" added.
pub fn name_for_file(path: &Path, taken: impl Fn(&str) -> bool) -> String {
    let stem = stem(&path.to_string_lossy());
    let mut name: String = stem
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .collect::<String>()
        .trim_matches('-')
        .to_string();
    if name.is_empty() {
        name = "variant".into();
    }
    while taken(&name) {
        name.push_str("-variant");
    }
    name
}

/// The text with the strings of its top-level `name` and `title` replaced,
/// or why not (they are not found as plain strings in the outermost brackets).
pub fn renamed(text: &str, name: &str, title: &str) -> Result<String, String> {
    let fields = top_level_strings(text);
    let find = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, span)| span.clone())
            .ok_or_else(|| format!("no `{key}: \"...\"` found in the ruleset"))
    };
    let (n, t) = (find("name")?, find("title")?);
    let mut edits = [(n, quoted(name)), (t, quoted(title))];
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut out = text.to_string();
    for (span, with) in edits {
        out.replace_range(span, &with);
    }
    Ok(out)
}

/// A RON string literal for `s`.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The fields `key: "string"` of the outermost brackets, with the byte
/// range of each string (quotes included). One pass over the text: comments
/// (`//`, nested `/* */`), strings and raw strings are skipped.
fn top_level_strings(text: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut depth) = (0usize, 0usize);
    // The last identifier at depth 1 and whether a `:` followed it.
    let mut key: Option<String> = None;
    let mut colon = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut nest = 0usize;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        nest += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        nest -= 1;
                        i += 2;
                        if nest == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                if depth == 1 && colon {
                    if let Some(k) = key.take() {
                        out.push((k, start..i));
                    }
                }
                colon = false;
                key = None;
                continue;
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) && (i == 0 || !is_ident(b[i - 1])) => {
                let hashes = b[i + 1..].iter().take_while(|&&h| h == b'#').count();
                if b.get(i + 1 + hashes) == Some(&b'"') {
                    let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                    let body = i + 2 + hashes;
                    i = b[body..]
                        .windows(close.len())
                        .position(|w| w == close)
                        .map_or(b.len(), |p| body + p + close.len());
                    key = None;
                    colon = false;
                    continue;
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                key = None;
                colon = false;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                key = None;
                colon = false;
            }
            b':' => colon = key.is_some(),
            c if c.is_ascii_whitespace() => {}
            c if is_ident(c) => {
                let start = i;
                while i < b.len() && is_ident(b[i]) {
                    i += 1;
                }
                key = (depth == 1).then(|| text[start..i].to_string());
                colon = false;
                continue;
            }
            _ => {
                key = None;
                colon = false;
            }
        }
        i += 1;
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_is_proposed_from_the_file_name() {
        let p = |file| proposed_title("traditional/english-draughts", "English draughts", file);
        assert_eq!(p("english-draughts-flying-kings.ron"), "English draughts (flying kings)");
        assert_eq!(p("/home/me/English-Draughts_flying.ron"), "English draughts (flying)");
        assert_eq!(p("english-draughts.ron"), "English draughts (variant)");
        assert_eq!(p("my-own-game.ron"), "My own game");
        assert_eq!(p(""), "English draughts (variant)");
        let mut v = VariantTitle::new("seega", "Seega", "seega-variant.ron");
        assert_eq!(v.title, "Seega (variant)");
        v.follow("seega-ten.ron");
        assert_eq!(v.title, "Seega (ten)");
        v.typed = true;
        v.title = "Seega with ten".into();
        v.follow("seega-eight.ron");
        assert_eq!(v.title, "Seega with ten", "a typed title stays");
    }

    #[test]
    fn the_user_s_rulesets_are_listed_by_title_once_each() {
        let mut own = Vec::new();
        remember_own(&mut own, Path::new("/a/x.ron"), "Seega (ten)");
        remember_own(&mut own, Path::new("/b/x.ron"), "Seega (ten)");
        remember_own(&mut own, Path::new("/a/y.ron"), "ashtapada");
        remember_own(&mut own, Path::new("/a/x.ron"), "Seega (ten)");
        assert_eq!(own.len(), 3);
        let labels: Vec<String> = own_listed(&own).into_iter().map(|(l, _)| l).collect();
        assert_eq!(labels, ["ashtapada", "Seega (ten) — x.ron", "Seega (ten) — x.ron"]);
    }

    #[test]
    fn the_name_comes_from_the_file_and_is_never_taken() {
        let taken = |n: &str| n == "senet" || n == "senet-variant";
        assert_eq!(name_for_file(Path::new("/x/Senet Fast.ron"), taken), "senet-fast");
        assert_eq!(name_for_file(Path::new("senet.ron"), taken), "senet-variant-variant");
        assert_eq!(name_for_file(Path::new("/x/--- .ron"), |_| false), "variant");
    }

    #[test]
    fn only_the_top_level_name_and_title_strings_change() {
        let text = "// name: \"comment\"\nRuleset(\n    language: 2,\n    name: \"seega\", /* title: \"x\" */\n    \
                    title: \"Seega\",\n    options: [Int(name: \"count\", doc: r#\"title: \"y\"\"#)],\n)\n";
        let out = renamed(text, "seega-ten", "Seega \"ten\"").expect("renamed");
        assert_eq!(out, text.replace("\"seega\",", "\"seega-ten\",").replace("\"Seega\"", "\"Seega \\\"ten\\\"\""));
        assert!(renamed("Ruleset(name: \"a\")", "b", "c").is_err(), "no title");
        assert!(renamed("Ruleset(title: \"a\", inner: (name: \"x\"))", "b", "c").is_err(), "a nested name is not it");
    }

    #[test]
    fn every_shipped_ruleset_can_be_renamed_and_still_compiles_under_its_new_name() {
        for name in tabula::shipped::listed() {
            let text = tabula::shipped::text(name).expect("shipped");
            let out = renamed(text, "my-variant", "My variant (\"quoted\")").expect(name);
            let game = tabula::Game::from_source(&out, "v.ron", &tabula::Options::new()).expect(name);
            assert_eq!((game.name(), game.title()), ("my-variant", "My variant (\"quoted\")"), "{name}");
        }
    }
}
