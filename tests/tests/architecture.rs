//! The house's shape, checked on its source text.
//!
//! The pipeline runs one way: ruleset (the text as written) → compile →
//! program (the compiled tables, the only thing the engine reads) → engine.
//! A module may use those before it, never those after: neither by an
//! import (`crate::engine::…`) nor by calling a method that a layer it must
//! not use defines on a type every layer shares (`Game` has `impl` blocks in
//! compile/, program/ and engine/, so a call `game.known_of_walk(…)` in an
//! engine file uses the compiler without naming it).
//!
//! And no room is long: no source file of the interpreter over 800 lines, no
//! function over 100. The rooms that still are, are named below as debts.
//!
//! The checks read the text, not a parse of it (no parser to depend on for a
//! test): comments, strings and character literals are blanked first, so a
//! brace or a name found is code.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use tabula_tests::workspace;

/// The pipeline's modules in order, each with the modules after it that it must not use.
const LAYERS: [(&str, &[&str]); 4] = [
    ("ruleset", &["compile", "program", "engine"]),
    ("compile", &["engine"]),
    ("program", &["compile", "engine"]),
    ("engine", &["compile"]),
];

/// Methods used against the flow today, as `caller uses definer's Type::name`:
/// debts to pay by moving the method (or the test calling it) to the layer
/// that owns it. A paid debt must leave this list; a new one fails.
const METHOD_DEBTS: &[&str] = &[
    // `static_value` folds a condition by the engine's reading; the compiler needs its own.
    "compile uses engine's Game::eval",
    // Sowing ends worked out by sowing in the engine.
    "compile uses engine's Game::sow",
    // Tests of walks at play that build what the compiler knows of them.
    "engine uses compile's Game::known_of_walk",
    "engine uses compile's Game::choose_rules_loops",
    // A test of line masks read against the engine's reading of lines.
    "program uses engine's Game::eval",
];

/// Names a shared type's method has in common with a method its callers may
/// use, as `name: Type in layer, also in layer`: a call `.name(…)` there
/// cannot be told apart, so the check passes over it. A new one fails: give
/// the method a name of its own, or list it here.
const SHARED_NAMES: &[&str] = &["rest: Game in engine, also in program"];

/// Source files over 800 lines today (paths under interpreter/src): debts.
const LONG_FILES: &[&str] = &[];

/// Functions over 100 lines today, as `path::name`: debts.
const LONG_FUNCTIONS: &[&str] = &[];

const MOST_FILE_LINES: usize = 800;
const MOST_FUNCTION_LINES: usize = 100;

/// One source file: its layer (or the folder or file it is in, outside the pipeline), its path, its text.
struct Source {
    layer: String,
    path: String,
    text: String,
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every source file of the interpreter, paths relative to interpreter/src.
fn interpreter_sources() -> Vec<Source> {
    let src = workspace().join("interpreter/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let path = file.strip_prefix(&src).unwrap_or(&file).to_string_lossy().replace('\\', "/");
            let layer = path.split('/').next().unwrap_or("").to_string();
            Source { layer, text: std::fs::read_to_string(&file).expect("readable"), path }
        })
        .collect()
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

fn forbidden(layer: &str) -> &'static [&'static str] {
    LAYERS.iter().find(|(l, _)| *l == layer).map_or(&[], |(_, later)| later)
}

#[test]
fn the_pipeline_has_no_import_against_its_flow() {
    let (sources, mut against) = (interpreter_sources(), Vec::new());
    for (layer, _) in LAYERS {
        let files: Vec<&Source> = sources.iter().filter(|s| s.layer == layer).collect();
        assert!(!files.is_empty(), "interpreter/src/{layer} holds no source");
        for file in files {
            for used in used_modules(&file.text).into_iter().filter(|m| forbidden(layer).contains(&m.as_str())) {
                against.push(format!("{} uses crate::{used}", file.path));
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

// ---------------------------------------------------------------------------
// Reading code out of a source text.

/// The code of a Rust source: comments, strings and character literals
/// blanked byte for byte (newlines kept), so that a brace or a name found in
/// it is code, and every byte stays on its line.
fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match not_code(b, i) {
            Some(end) => {
                out[i..end].iter_mut().filter(|c| **c != b'\n').for_each(|c| *c = b' ');
                i = end;
            }
            None => i += 1,
        }
    }
    String::from_utf8(out).expect("whole characters blanked")
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_word_char(c: char) -> bool {
    c.is_ascii() && is_word_byte(c as u8)
}

/// Where the comment or literal that starts at `i` ends, if one does.
fn not_code(b: &[u8], i: usize) -> Option<usize> {
    let rest = &b[i..];
    if rest.starts_with(b"//") {
        return Some(b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n));
    }
    if rest.starts_with(b"/*") {
        return Some(block_comment_end(b, i));
    }
    if i > 0 && is_word_byte(b[i - 1]) {
        return None; // inside a word: `br` in `abr"` is no prefix
    }
    // The prefix of a byte, C or raw literal: b"", b'', c"", r"", br#""#, …
    let prefix = match rest {
        [b'b' | b'c', b'r', b'"' | b'#', ..] => 2,
        [b'r', b'"' | b'#', ..] | [b'b' | b'c', b'"' | b'\'', ..] => 1,
        _ => 0,
    };
    let raw = prefix > 0 && b[i + prefix - 1] == b'r';
    let at = i + prefix;
    match b.get(at) {
        Some(b'"' | b'#') if raw => raw_string_end(b, at),
        Some(b'"') => Some(string_end(b, at)),
        Some(b'\'') => char_end(b, at),
        _ => None,
    }
}

fn block_comment_end(b: &[u8], start: usize) -> usize {
    let (mut depth, mut i) = (0, start);
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
}

/// `b[open]` is the opening quote.
fn string_end(b: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// `b[at..]` is `#…#"` or `"`; `None` if it is no raw string (`r#ident`).
fn raw_string_end(b: &[u8], at: usize) -> Option<usize> {
    let hashes = b[at..].iter().take_while(|&&c| c == b'#').count();
    if b.get(at + hashes) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
    let body = at + hashes + 1;
    Some(b[body..].windows(close.len()).position(|w| w == close.as_slice()).map_or(b.len(), |n| body + n + close.len()))
}

/// `b[open]` is a quote: the end of the character literal there, or `None` for a lifetime (`'a`).
fn char_end(b: &[u8], open: usize) -> Option<usize> {
    if b.get(open + 1) == Some(&b'\\') {
        return b[open + 3..].iter().position(|&c| c == b'\'').map(|n| open + 3 + n + 1);
    }
    let len = std::str::from_utf8(&b[open + 1..(open + 5).min(b.len())])
        .or_else(|e| std::str::from_utf8(&b[open + 1..open + 1 + e.valid_up_to()]))
        .ok()?
        .chars()
        .next()?
        .len_utf8();
    (b.get(open + 1 + len) == Some(&b'\'')).then_some(open + 2 + len)
}

/// The end (past its `}`) of the block whose `{` is at `open`.
fn block_end(code: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, &c) in code.iter().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Every word of the code (an identifier or keyword) with where it starts.
fn words(code: &str) -> impl Iterator<Item = (usize, &str)> {
    let b = code.as_bytes();
    let starts = (0..b.len()).filter(move |&i| is_word_byte(b[i]) && (i == 0 || !is_word_byte(b[i - 1])));
    starts.map(move |i| {
        let len = b[i..].iter().take_while(|&&c| is_word_byte(c)).count();
        (i, &code[i..i + len])
    })
}

/// Where the body of the item whose header starts at `from` opens (its `{`),
/// or `None` if the item ends first (`;`: a declaration, a `mod x;`).
/// Brackets are skipped, so `-> [u8; 3]` is no end.
fn body_open(code: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, &c) in code.iter().enumerate().skip(from) {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth == 0 => return None,
            b'{' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The 1-based line of each byte offset.
struct Lines(Vec<usize>);

impl Lines {
    fn of(text: &str) -> Lines {
        Lines(text.match_indices('\n').map(|(i, _)| i).collect())
    }
    fn line(&self, at: usize) -> usize {
        self.0.partition_point(|&nl| nl < at) + 1
    }
}

// ---------------------------------------------------------------------------
// Methods on types the layers share.

/// An inherent `impl` block: the type it is for, and its body.
struct Impl {
    ty: String,
    body: Range<usize>,
}

/// The inherent `impl` blocks of the code (`impl Trait for X` left out: a
/// trait's methods are used through the trait, which is imported).
fn impls(code: &str) -> Vec<Impl> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, word) in words(code) {
        let Some(open) = is_impl(code, at, word).then(|| body_open(b, at)).flatten() else { continue };
        let header = &code[at + "impl".len()..open];
        if words(header).any(|(_, w)| w == "for") {
            continue;
        }
        let after_generics = skip_generics(header.trim_start());
        let path: String =
            after_generics.trim_start().chars().take_while(|c| c.is_alphanumeric() || "_:".contains(*c)).collect();
        let ty = path.rsplit("::").next().unwrap_or("").to_string();
        out.push(Impl { ty, body: open + 1..block_end(b, open) - 1 });
    }
    out
}

/// Whether `word` at `at` begins an `impl` block (not `-> impl Trait`, `x: impl Trait`).
fn is_impl(code: &str, at: usize, word: &str) -> bool {
    word == "impl" && code[..at].trim_end().chars().last().is_none_or(|c| "{};]".contains(c))
}

/// The text after the generic parameters it starts with (`<'a, T: Fn() -> U>`), if any.
fn skip_generics(text: &str) -> &str {
    if !text.starts_with('<') {
        return text;
    }
    let mut depth = 0;
    let b = text.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'<' => depth += 1,
            b'>' if i > 0 && b[i - 1] == b'-' => {}
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return &text[i + 1..];
                }
            }
            _ => {}
        }
    }
    ""
}

/// The functions defined directly in `range` (not in a block nested in it):
/// name, where the name stands, and whether it is `pub` (the crate's public
/// surface, not `pub(crate)`).
fn functions_in(code: &str, range: Range<usize>) -> Vec<(String, usize, bool)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut item_start) = (0i32, range.start);
    let mut i = range.start;
    while i < range.end {
        match b[i] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b';' => {}
            _ if depth == 0 && code[i..].starts_with("fn") && is_fn_keyword(b, i) => {
                let name: String =
                    code[i + 2..].trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                let public = words(&code[item_start..i])
                    .any(|(at, w)| w == "pub" && !code[item_start + at + 3..].trim_start().starts_with('('));
                out.push((name, i, public));
            }
            _ => {}
        }
        if matches!(b[i], b'{' | b'}' | b';') && depth == 0 {
            item_start = i + 1;
        }
        i += 1;
    }
    out
}

fn is_fn_keyword(b: &[u8], i: usize) -> bool {
    (i == 0 || !is_word_byte(b[i - 1])) && b.get(i + 2).is_some_and(|c| c.is_ascii_whitespace())
}

/// The byte ranges of test code: items under `#[cfg(test)]`, or the whole
/// file if it is a `tests.rs` (a test module of its own).
fn test_code(path: &str, code: &str) -> Vec<Range<usize>> {
    if path == "tests.rs" || path.ends_with("/tests.rs") {
        return std::iter::once(0..code.len()).collect();
    }
    let b = code.as_bytes();
    code.match_indices("#[cfg(test)]")
        .filter_map(|(at, attr)| {
            let open = body_open(b, at + attr.len())?;
            Some(at..block_end(b, open))
        })
        .collect()
}

/// A method of a type the layers share, defined in one of them.
#[derive(Clone)]
struct Method {
    layer: String,
    ty: String,
    public: bool,
}

/// A method called by name: `.name(…)` (any receiver) or `Type::name`.
struct Call {
    name: String,
    at: usize,
    /// The type named before `::`, `None` after a dot.
    ty: Option<String>,
}

/// The calls in the code to a method named in `names`.
fn calls(code: &str, names: &BTreeSet<&str>) -> Vec<Call> {
    let mut out = Vec::new();
    for (at, word) in words(code) {
        if !names.contains(word) {
            continue;
        }
        let before = code[..at].trim_end();
        let after = code[at + word.len()..].trim_start();
        let ty = if let Some(path) = before.strip_suffix("::") {
            let ty: String = path.chars().rev().take_while(|&c| is_word_char(c)).collect();
            Some(ty.chars().rev().collect::<String>())
        } else if before.ends_with('.')
            && !before.ends_with("..")
            && (after.starts_with('(') || after.starts_with("::<"))
        {
            None
        } else {
            continue;
        };
        // `Self::name` stands for the type of the `impl` it is in.
        let ty = match ty.as_deref() {
            Some("Self") => impls(code).into_iter().find(|i| i.body.contains(&at)).map(|i| i.ty),
            _ => ty,
        };
        out.push(Call { name: word.to_string(), at, ty });
    }
    out
}

/// What the method check finds: each use against the flow (`caller uses
/// definer's Type::name` and where), and the names it cannot tell apart.
#[derive(Default)]
struct MethodFindings {
    against: BTreeMap<String, Vec<String>>,
    shared: BTreeSet<String>,
}

/// The methods defined on types that have `impl` blocks in two layers or
/// more, by name (a type defined once: two private types of one name in two
/// files are two types).
fn shared_methods(sources: &[Source]) -> BTreeMap<String, Vec<Method>> {
    let in_pipeline = |s: &&Source| LAYERS.iter().any(|(l, _)| *l == s.layer);
    let mut layers_of: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    let mut definitions: BTreeMap<String, usize> = BTreeMap::new();
    let mut all = Vec::new();
    for s in sources.iter().filter(in_pipeline) {
        let code = code_of(&s.text);
        for ty in defined_types(&code) {
            *definitions.entry(ty).or_default() += 1;
        }
        for imp in impls(&code) {
            layers_of.entry(imp.ty.clone()).or_default().insert(&s.layer);
            for (name, _, public) in functions_in(&code, imp.body.clone()) {
                all.push((name, Method { layer: s.layer.clone(), ty: imp.ty.clone(), public }));
            }
        }
    }
    let mut out: BTreeMap<String, Vec<Method>> = BTreeMap::new();
    for (name, m) in all {
        if layers_of[&m.ty].len() > 1 && definitions.get(&m.ty) == Some(&1) {
            out.entry(name).or_default().push(m);
        }
    }
    out
}

/// The types the code defines (`struct X`, `enum X`, `union X`).
fn defined_types(code: &str) -> Vec<String> {
    let mut words = words(code).map(|(_, w)| w).peekable();
    let mut out = Vec::new();
    while let Some(w) = words.next() {
        if matches!(w, "struct" | "enum" | "union")
            && let Some(name) = words.peek()
        {
            out.push(name.to_string());
        }
    }
    out
}

/// Every method name defined (on any type, by any `impl`) in each layer.
fn method_names(sources: &[Source]) -> BTreeMap<&str, BTreeSet<String>> {
    let mut out: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for s in sources {
        let code = code_of(&s.text);
        let b = code.as_bytes();
        for (at, word) in words(&code) {
            if is_impl(&code, at, word)
                && let Some(open) = body_open(b, at)
            {
                let names = functions_in(&code, open + 1..block_end(b, open) - 1).into_iter().map(|(n, ..)| n);
                out.entry(s.layer.as_str()).or_default().extend(names);
            }
        }
    }
    out
}

/// Calls in each layer to a method that a layer it must not use defines on a shared type.
fn methods_against_the_flow(sources: &[Source]) -> MethodFindings {
    let shared = shared_methods(sources);
    let own = method_names(sources);
    let names: BTreeSet<&str> = shared.keys().map(String::as_str).collect();
    let mut found = MethodFindings::default();
    for s in sources {
        let later = forbidden(&s.layer);
        // What a call by name in this layer may mean without breaking the flow.
        let seen: BTreeSet<&String> =
            LAYERS.iter().filter(|(l, _)| !later.contains(l)).filter_map(|(l, _)| own.get(l)).flatten().collect();
        let code = code_of(&s.text);
        let tests = test_code(&s.path, &code);
        let lines = Lines::of(&code);
        for call in calls(&code, &names) {
            let in_test = tests.iter().any(|r| r.contains(&call.at));
            for m in &shared[&call.name] {
                if !later.contains(&m.layer.as_str()) || call.ty.as_ref().is_some_and(|t| *t != m.ty) {
                    continue;
                }
                if call.ty.is_none() && seen.contains(&call.name) {
                    let also = LAYERS
                        .iter()
                        .map(|(l, _)| *l)
                        .filter(|l| !later.contains(l) && own.get(l).is_some_and(|n| n.contains(&call.name)));
                    found.shared.insert(format!(
                        "{}: {} in {}, also in {}",
                        call.name,
                        m.ty,
                        m.layer,
                        also.collect::<Vec<_>>().join(", ")
                    ));
                    continue;
                }
                // A test may build and play a game as any user of the crate does.
                if in_test && m.public {
                    continue;
                }
                let key = format!("{} uses {}'s {}::{}", s.layer, m.layer, m.ty, call.name);
                found.against.entry(key).or_default().push(format!("{}:{}", s.path, lines.line(call.at)));
            }
        }
    }
    found
}

/// `found` without the listed debts, and the listed debts not found.
fn beyond<'a>(found: impl IntoIterator<Item = &'a String>, listed: &[&str]) -> (Vec<String>, Vec<String>) {
    let found: BTreeSet<&str> = found.into_iter().map(String::as_str).collect();
    let new = found.iter().filter(|f| !listed.contains(f)).map(|f| f.to_string()).collect();
    let gone = listed.iter().filter(|l| !found.contains(*l)).map(|l| l.to_string()).collect();
    (new, gone)
}

#[test]
fn no_layer_calls_a_method_of_a_layer_it_must_not_use() {
    let sources: Vec<Source> =
        interpreter_sources().into_iter().filter(|s| LAYERS.iter().any(|(l, _)| *l == s.layer)).collect();
    let found = methods_against_the_flow(&sources);
    let (new, paid) = beyond(found.against.keys(), METHOD_DEBTS);
    let new: Vec<String> = new.iter().map(|k| format!("{k}: {}", found.against[k].join(", "))).collect();
    assert!(new.is_empty(), "methods used against the pipeline's flow:\n{}", new.join("\n"));
    assert!(paid.is_empty(), "no longer used against the flow (take them out of METHOD_DEBTS):\n{}", paid.join("\n"));
    let (new, gone) = beyond(&found.shared, SHARED_NAMES);
    assert!(new.is_empty(), "a method of a shared type named as another its callers may use:\n{}", new.join("\n"));
    assert!(gone.is_empty(), "names no longer shared (take them out of SHARED_NAMES):\n{}", gone.join("\n"));
}

fn planted(files: &[(&str, &str)]) -> Vec<Source> {
    let source = |(path, text): &(&str, &str)| Source {
        layer: path.split('/').next().unwrap_or("").to_string(),
        path: path.to_string(),
        text: text.to_string(),
    };
    files.iter().map(source).collect()
}

#[test]
fn the_check_sees_a_method_against_the_flow() {
    let sources = planted(&[
        ("program/mod.rs", "pub struct Game; impl Game { pub fn players(&self) -> u8 { 2 } }"),
        (
            "compile/mod.rs",
            "impl Game {\n pub fn from_source() -> Game { Game }\n pub(crate) fn known(&self) -> u8 { b'{'; 1 }\n}",
        ),
        (
            "engine/apply.rs",
            "impl Game {\n fn play(&self) {\n  // self.known() in a comment\n  let _ = \"self.known()\";\n  \
             self.known();\n  Game::from_source();\n }\n}\n\
             #[cfg(test)]\nmod tests {\n fn t(game: &Game) {\n  let g = Game::from_source();\n  game\n   .known();\n  g.players();\n }\n}\n",
        ),
    ]);
    let found = methods_against_the_flow(&sources);
    let against: Vec<String> = found.against.iter().map(|(k, at)| format!("{k}: {}", at.join(", "))).collect();
    // Outside tests, the compiler's entry is against the flow too; a test may call it (it is `pub`), not `known`.
    assert_eq!(
        against,
        [
            "engine uses compile's Game::from_source: engine/apply.rs:6",
            "engine uses compile's Game::known: engine/apply.rs:5, engine/apply.rs:14"
        ]
    );
    assert!(found.shared.is_empty());
}

#[test]
fn the_check_names_a_method_it_cannot_tell_apart() {
    let sources = planted(&[
        ("program/mod.rs", "pub struct Game; pub struct Line; impl Line { fn rest(&self) {} }"),
        ("engine/movegen.rs", "impl Game { fn rest(&self) {} }"),
        ("compile/mod.rs", "impl Game { fn load() {} }\nfn f(l: &Line, g: &Game) { l.rest(); Game::rest(g); }"),
    ]);
    let found = methods_against_the_flow(&sources);
    assert_eq!(found.shared.into_iter().collect::<Vec<_>>(), ["rest: Game in engine, also in program"]);
    // Named by its type, the call is one.
    assert_eq!(found.against.keys().collect::<Vec<_>>(), ["compile uses engine's Game::rest"]);
}

// ---------------------------------------------------------------------------
// Long rooms.

/// Functions over the limit in a source, as `name` and its length in lines
/// (from `fn` to its closing brace: doc comments and attributes not counted).
fn long_functions(text: &str) -> Vec<(String, usize)> {
    let code = code_of(text);
    let (b, lines) = (code.as_bytes(), Lines::of(&code));
    let mut out = Vec::new();
    for (at, word) in words(&code) {
        let Some(open) = (word == "fn" && is_fn_keyword(b, at)).then(|| body_open(b, at)).flatten() else { continue };
        let length = lines.line(block_end(b, open) - 1) - lines.line(at) + 1;
        if length > MOST_FUNCTION_LINES {
            let name = code[at + 2..].split(|c: char| !is_word_char(c)).find(|w| !w.is_empty());
            out.push((name.unwrap_or("").to_string(), length));
        }
    }
    out
}

#[test]
fn no_room_is_long() {
    let (mut files, mut functions, mut sizes) = (Vec::new(), Vec::new(), BTreeMap::new());
    for s in interpreter_sources() {
        let lines = s.text.lines().count();
        if lines > MOST_FILE_LINES {
            sizes.insert(s.path.clone(), lines);
            files.push(s.path.clone());
        }
        for (name, length) in long_functions(&s.text) {
            let key = format!("{}::{name}", s.path);
            sizes.insert(key.clone(), length);
            functions.push(key);
        }
    }
    let with_size =
        |keys: Vec<String>| keys.iter().map(|k| format!("{k} ({} lines)", sizes[k])).collect::<Vec<_>>().join("\n");
    let (new, gone) = beyond(&files, LONG_FILES);
    assert!(
        new.is_empty(),
        "source files over {MOST_FILE_LINES} lines: split them by what their parts do\n{}",
        with_size(new)
    );
    assert!(
        gone.is_empty(),
        "no longer over {MOST_FILE_LINES} lines (take them out of LONG_FILES):\n{}",
        gone.join("\n")
    );
    let (new, gone) = beyond(&functions, LONG_FUNCTIONS);
    assert!(new.is_empty(), "functions over {MOST_FUNCTION_LINES} lines:\n{}", with_size(new));
    assert!(
        gone.is_empty(),
        "no longer over {MOST_FUNCTION_LINES} lines (take them out of LONG_FUNCTIONS):\n{}",
        gone.join("\n")
    );
}

#[test]
fn the_check_sees_a_long_function() {
    let body = |n: usize| "    let x = 1;\n".repeat(n - 2);
    // Braces in comments, strings and characters are no code; lifetimes are no characters.
    let tricky =
        "    // }\n    let s = \"}\";\n    let r = r#\"}\"#;\n    let c = '}';\n    let l: &'static str = b'}';\n";
    let text = format!(
        "fn short<'a>() -> [u8; 3] {{\n{}}}\nfn long() {{\n{tricky}{}}}\n",
        body(MOST_FUNCTION_LINES),
        body(MOST_FUNCTION_LINES + 1 - 5)
    );
    assert_eq!(long_functions(&text), [("long".to_string(), MOST_FUNCTION_LINES + 1)]);
}
