//! Rulesets written for an older form of the language: each construct that
//! was renamed or folded into another is listed here once, with how it is
//! written now. Compiling such a file is an error at each old construct that
//! says the new form; [`migrate`] rewrites the text (`tabula migrate FILE`),
//! and records made under an older text replay through it.
//!
//! The text is rewritten, not re-serialised, so that comments, layout and
//! everything else the author wrote stay as they were.

use crate::error::{Diagnostic, LoadError, Pos};
use crate::ruleset::scan::{pos, skip_comment_or_string};
use crate::ruleset::template;

/// The language this Tabula reads. A ruleset says which one it is written
/// for (`language: 2`); one written for a later language is refused.
pub const LANGUAGE: u32 = 2;

/// How one old construct is written now.
struct Change {
    /// The old construct's name, as it stands before its `(`.
    old: &'static str,
    /// The language that changed it.
    since: u32,
    /// The new form, for the message.
    now: &'static str,
    rewrite: Rewrite,
}

enum Rewrite {
    /// The same arguments under another name.
    Rename(&'static str),
    /// Positional arguments become named ones of `to`, each through its
    /// template (`{}` is the argument), with `extra` fields after them.
    Named { to: &'static str, fields: &'static [(&'static str, &'static str)], extra: &'static str },
}

const CHANGES: &[Change] = &[
    Change { old: "Custodian", since: 2, now: "Enclose(dirs, ...)", rewrite: Rewrite::Rename("Enclose") },
    Change {
        old: "MadeLine",
        since: 2,
        now: "Line(n: N, dirs: DIRS, through: Moved)",
        rewrite: Rewrite::Named { to: "Line", fields: &[("n", "{}"), ("dirs", "{}")], extra: "through: Moved" },
    },
    Change {
        old: "InLine",
        since: 2,
        now: "Line(n: N, dirs: [DIRS])",
        rewrite: Rewrite::Named { to: "Line", fields: &[("n", "{}"), ("dirs", "[{}]")], extra: "" },
    },
];

/// An old construct found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OldConstruct {
    pub at: Pos,
    pub old: &'static str,
    pub now: &'static str,
    pub since: u32,
}

impl OldConstruct {
    pub fn message(&self) -> String {
        format!(
            "`{}` is now written `{}` (since language {}); `tabula migrate FILE` rewrites the file",
            self.old, self.now, self.since
        )
    }
}

/// The old constructs of a text, in order.
pub fn old_constructs(text: &str) -> Vec<OldConstruct> {
    calls(text)
        .filter_map(|(start, name)| {
            let change = CHANGES.iter().find(|c| c.old == name)?;
            Some(OldConstruct { at: pos(text, start), old: change.old, now: change.now, since: change.since })
        })
        .collect()
}

/// [`migrate`] for a file a user asks to migrate (`tabula migrate`): an
/// error, not a text left as it was, where the file cannot be migrated. A
/// mistake of syntax hides what follows it from the rewriting; a ruleset
/// written for a later language than this Tabula's may use constructs it
/// does not know. `source` names the file in the error.
pub fn migrate_file(text: &str, source: &str) -> Result<(String, Vec<OldConstruct>), crate::Error> {
    let error = |diagnostics| crate::Error::Load(LoadError { source: source.to_string(), diagnostics });
    let language = declared_language(text).map_err(|d| error(vec![d]))?;
    if let Some(language) = language.filter(|&l| l > LANGUAGE) {
        return Err(error(vec![Diagnostic {
            at: None,
            path: String::new(),
            message: format!(
                "language {language}: written for a later Tabula than this one, which reads and migrates \
                 rulesets of language 1 to {LANGUAGE}; the file is left as it is"
            ),
        }]));
    }
    Ok(migrate(text))
}

/// The language a ruleset text says it is written for, reading nothing else
/// of it (old constructs and all); a mistake of syntax is an error where it is.
fn declared_language(text: &str) -> Result<Option<u32>, Diagnostic> {
    /// Only the field that says the language; every other is passed over.
    #[derive(serde::Deserialize)]
    #[serde(rename = "Ruleset")]
    struct Language {
        #[serde(default)]
        language: Option<u32>,
    }
    let syntax = |at: Option<Pos>, message: String| Diagnostic {
        at,
        path: String::new(),
        message: format!("{message}; the file is left as it is (mend it, then migrate)"),
    };
    let expansion = template::expand(text).map_err(|found| match found.into_iter().next() {
        Some(first) => syntax(first.at, first.message),
        None => syntax(None, "its templates do not expand".into()),
    })?;
    // The dialect of rulesets: `Some(x)` may be written `x`.
    let ron = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let read: Language = ron.from_str(&expansion.text).map_err(|e| {
        let at = Pos { line: e.span.start.line, col: e.span.start.col };
        expansion.relocate(text, syntax(Some(at), e.code.to_string()))
    })?;
    Ok(read.language)
}

/// The text in the current language, and the old constructs it rewrote.
/// Text that uses none comes back unchanged.
pub fn migrate(text: &str) -> (String, Vec<OldConstruct>) {
    let found = old_constructs(text);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (start, name) in calls(text).collect::<Vec<_>>() {
        let Some(change) = CHANGES.iter().find(|c| c.old == name) else { continue };
        if start < copied {
            continue; // inside a construct already rewritten, with its arguments
        }
        let open = start + name.len();
        let Some(close) = matching_paren(text, open) else { continue };
        out.push_str(&text[copied..start]);
        let args = &text[open + 1..close];
        match &change.rewrite {
            Rewrite::Rename(to) => {
                out.push_str(to);
                out.push('(');
                out.push_str(&migrate(args).0);
                out.push(')');
            }
            Rewrite::Named { to, fields, extra } => {
                let parts = top_level_args(args);
                let mut named: Vec<String> = fields
                    .iter()
                    .zip(&parts)
                    .map(|((field, template), arg)| {
                        format!("{field}: {}", template.replace("{}", &migrate(arg.trim()).0))
                    })
                    .collect();
                if !extra.is_empty() {
                    named.push((*extra).to_string());
                }
                out.push_str(&format!("{to}({})", named.join(", ")));
            }
        }
        copied = close + 1;
    }
    out.push_str(&text[copied..]);
    (with_language(out), found)
}

/// The text with `language: LANGUAGE` as the ruleset's first field, where it
/// names no language yet.
fn with_language(text: String) -> String {
    let names_language = fields(&text).any(|name| name == "language");
    let ruleset = calls(&text).find(|&(_, name)| name == "Ruleset").map(|(start, name)| start + name.len() + 1);
    match ruleset {
        Some(open) if !names_language => format!("{}\n    language: {LANGUAGE},{}", &text[..open], &text[open..]),
        _ => text,
    }
}

/// The names followed by `:` outside comments and strings (fields).
fn fields(text: &str) -> impl Iterator<Item = &str> {
    let mut i = 0;
    std::iter::from_fn(move || {
        let bytes = text.as_bytes();
        while i < bytes.len() {
            if let Some(end) = skip_comment_or_string(text, i) {
                i = end;
            } else if bytes[i].is_ascii_alphabetic() || bytes[i] == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if text[i..].trim_start().starts_with(':') {
                    return Some(&text[start..i]);
                }
            } else {
                i += 1;
            }
        }
        None
    })
}

/// Each name directly followed by `(`, outside comments and strings, with its
/// byte offset; names inside an earlier match's parentheses come too.
fn calls(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let b = bytes[i];
            if let Some(end) = skip_comment_or_string(text, i) {
                i = end;
            } else if b.is_ascii_alphabetic() || b == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                // `r"..."` and `r#"..."#` are strings, not a name `r`.
                if &text[start..i] == "r" && bytes.get(i).is_some_and(|&c| c == b'"' || c == b'#') {
                    i = skip_comment_or_string(text, start).unwrap_or(bytes.len());
                    continue;
                }
                if bytes.get(i) == Some(&b'(') {
                    return Some((start, &text[start..i]));
                }
            } else {
                i += 1;
            }
        }
        None
    })
}

/// The `)` that closes the `(` at `open`.
fn matching_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < text.len() {
        if let Some(end) = skip_comment_or_string(text, i) {
            i = end;
            continue;
        }
        match text.as_bytes()[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The arguments of a call, split at its own commas (not nested ones).
fn top_level_args(args: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut i) = (0i32, 0, 0);
    while i < args.len() {
        if let Some(end) = skip_comment_or_string(args, i) {
            i = end;
            continue;
        }
        match args.as_bytes()[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(&args[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if !args[start..].trim().is_empty() {
        parts.push(&args[start..]);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_constructs_become_their_new_form() {
        let old = r#"cond: Any([MadeLine(3, [["E", "W"], ["N", "S"]]), Not(InLine(2, ["next", "prev"]))]), then: [Custodian(dirs: ["Orthogonal"])]"#;
        let (new, found) = migrate(old);
        assert_eq!(
            new,
            r#"cond: Any([Line(n: 3, dirs: [["E", "W"], ["N", "S"]], through: Moved), Not(Line(n: 2, dirs: [["next", "prev"]]))]), then: [Enclose(dirs: ["Orthogonal"])]"#
        );
        let names: Vec<&str> = found.iter().map(|f| f.old).collect();
        assert_eq!(names, ["MadeLine", "InLine", "Custodian"]);
        assert_eq!(found[1].at, Pos { line: 1, col: 55 });
        // Migrating twice changes nothing more.
        assert_eq!(migrate(&new), (new.clone(), Vec::new()));
    }

    #[test]
    fn text_beyond_ascii_is_scanned_whole() {
        let text = "// игры в шашки\nRuleset(reason: \"Пешка\", then: [Custodian(dirs: [\"N\"])], doc: тест)";
        let (new, found) = migrate(text);
        assert!(new.contains("Enclose(dirs: [\"N\"])") && new.contains("игры в шашки"), "{new}");
        assert_eq!(found.len(), 1);
        // Every byte offset of a text with such characters, as the fuzz test tries.
        for cut in 0..text.len() {
            if let Some(part) = text.get(cut..) {
                let _ = migrate(part);
            }
        }
    }

    #[test]
    fn a_ruleset_without_a_language_gets_todays() {
        let (new, found) = migrate("// a game\nRuleset(\n    name: \"x\",\n)");
        assert_eq!(new, format!("// a game\nRuleset(\n    language: {LANGUAGE},\n    name: \"x\",\n)"));
        assert!(found.is_empty());
        assert_eq!(migrate(&new).0, new);
    }

    #[test]
    fn a_file_that_cannot_be_migrated_is_an_error_that_says_why() {
        let future = format!("Ruleset(\n    language: {},\n    name: \"x\",\n)", LANGUAGE + 1);
        let e = migrate_file(&future, "f.ron").expect_err("a later language").to_string();
        assert!(e.starts_with("f.ron: language 3: written for a later Tabula"), "{e}");
        let e = migrate_file("Ruleset(\n    name: \"x\",\n    then: [Custodian(dirs: [\"N\"]),\n)", "s.ron")
            .expect_err("a mistake of syntax")
            .to_string();
        assert!(e.starts_with("s.ron:4:1: ") && e.contains("the file is left as it is"), "{e}");
        // Old constructs, a language of today or none: migrated.
        let old = "Ruleset(\n    language: 1,\n    then: [Custodian(dirs: [\"N\"])],\n)";
        assert_eq!(migrate_file(old, "o.ron").expect("migrates"), migrate(old));
        for name in crate::shipped::names() {
            let text = crate::shipped::text(name).expect("shipped");
            assert_eq!(migrate_file(text, name).expect(name).0, migrate(text).0, "{name}");
        }
    }

    #[test]
    fn comments_and_strings_are_left_alone() {
        let text = "// MadeLine(3, x)\nreason: \"Custodian(\", doc: r#\"InLine(\"#, cond: Custodian(dirs: [\"N\"])";
        let (new, found) = migrate(text);
        assert_eq!(new, "// MadeLine(3, x)\nreason: \"Custodian(\", doc: r#\"InLine(\"#, cond: Enclose(dirs: [\"N\"])");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].at, Pos { line: 2, col: 48 });
    }
}
