//! Validation and lowering: `RulesetDef` + option values -> [`Game`].
//!
//! One pass per file: `board` (fields, links, field types, zones), `cond`
//! (conditions to tests), `rules` (pieces, setup, phases, moves, end). Every
//! pass reports into one [`Ctx`], which knows where in the text it stands, so
//! that all problems come back at once, each with its line and column.

// attack and royal pieces (issue 45)
mod attacks;
mod board;
mod capture_filter; // a mandatory capture by the rules that capture (issue 48)
// choices inside a move (issue 45)
mod choices;
mod cond;
mod counters;
mod dice;
mod dirs;
mod flat; // state conditions lowered flat (issue 48)
mod foresight; // a turn filter's test decided before the move (issue 48)
mod limits;
pub(crate) mod locate;
mod marks;
mod motion;
mod moves;
// field patterns (issue 47)
mod pattern;
mod repeats;
mod repetition;
pub(crate) mod rules;
mod run_choices; // approach and withdrawal (issue 45)
mod specialise;
mod stack_moves;
mod start;
pub(crate) mod statics;
mod step_shifts; // steps counted by shifts of the numbering (issue 48)
mod walk_cost;
mod walk_paths;
// rules in words where no doc is written (issue 47)
mod words;

pub(crate) use limits::MAX_PIECES;

use crate::error::{Diagnostic, LoadError, Pos};
use crate::options::{self, OptionValue, Options};
use crate::program::Game;
use crate::ruleset::RulesetDef;
use crate::{Error, ruleset::OptionDef};
use locate::{Node, Seg};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

impl Game {
    /// Reads and compiles a ruleset file under the given option values.
    pub fn load(path: impl AsRef<Path>, options: &Options) -> Result<Game, Error> {
        let path = path.as_ref();
        let text = crate::files::read_text(path)?;
        compile(&text, &path.display().to_string(), options)
    }

    /// Compiles ruleset text; `source` names it in error messages.
    pub fn from_source(text: &str, source: &str, options: &Options) -> Result<Game, Error> {
        compile(text, source, options)
    }
}

/// The RON dialect of rulesets, positions and records: `Some(x)` may be written `x`.
pub(crate) fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// How positions and records are written: struct names, `Some` left implicit.
pub(crate) fn ron_pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new().struct_names(true).extensions(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// The text without the byte order mark some editors put before UTF-8 text
/// (ron reads it as a stray character: "Expected opening `(`"). Editors do
/// not show it, so lines and columns are the same without it.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads a RON document, turning ron's error into a located diagnostic that
/// also names the value it is about (`phases[0].moves[0].by.distance`): ron
/// gives the line and column, `serde_path_to_error` the path.
pub(crate) fn read_ron<T: serde::de::DeserializeOwned>(text: &str, source: &str) -> Result<T, LoadError> {
    let fail = |e: &ron::error::SpannedError, path: String| LoadError {
        source: source.to_string(),
        diagnostics: vec![Diagnostic { path, ..ron_diagnostic(e, text) }],
    };
    let mut de = ron::Deserializer::from_str_with_options(text, &ron_options()).map_err(|e| fail(&e, String::new()))?;
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = serde_path(e.path());
        fail(&de.span_error(e.into_inner()), path)
    })?;
    de.end().map_err(|e| fail(&de.span_error(e), String::new()))?;
    Ok(value)
}

/// A path as the compiler writes it (see `locate::path_text`): fields by
/// name, list items by index, an enum's variant left out (`by.distance`,
/// not `by.Run.distance`), as are the steps serde cannot name.
fn serde_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for seg in path {
        match seg {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    out
}

fn ron_diagnostic(e: &ron::error::SpannedError, text: &str) -> Diagnostic {
    use ron::Error as R;
    let hint = match &e.code {
        // The turn limit is an option every ruleset has, declared among the options to change its default.
        R::NoSuchStructField { found, .. } if found == crate::options::MAX_PLIES => Some(format!(
            " (the turn limit is an option: declare it in `options` to change its default, \
             `Int(name: \"{0}\", default: 200, min: 0, max: 1000000)`)",
            crate::options::MAX_PLIES
        )),
        R::NoSuchStructField { expected, found, .. } | R::NoSuchEnumVariant { expected, found, .. } => {
            crate::error::did_you_mean(found, expected.iter().copied()).map(|c| format!(" (did you mean `{c}`?)"))
        }
        _ => None,
    };
    let message = e.code.to_string();
    Diagnostic {
        at: Some(past_blanks(text, Pos { line: e.span.start.line, col: e.span.start.col })),
        path: String::new(),
        message: message + hint.as_deref().unwrap_or(""),
    }
}

/// The first position at or after `at` that is not white space: ron places
/// some errors (an expected value) before the blanks in front of the value.
fn past_blanks(text: &str, at: Pos) -> Pos {
    let lines = text.split_inclusive('\n').skip(at.line.saturating_sub(1));
    for (i, line) in lines.enumerate() {
        let skip = if i == 0 { at.col.saturating_sub(1) } else { 0 };
        if let Some(n) = line.chars().skip(skip).position(|c| !c.is_whitespace()) {
            return Pos { line: at.line + i, col: skip + n + 1 };
        }
    }
    at // only blanks follow
}

/// Compiles ruleset text under the given option values.
pub fn compile(text: &str, source: &str, given: &Options) -> Result<Game, Error> {
    let text = without_bom(text);
    // An older form of the language: say what each old construct is now, where it stands.
    let old = crate::migrate::old_constructs(text);
    if !old.is_empty() {
        let diagnostics =
            old.iter().map(|o| Diagnostic { at: Some(o.at), path: String::new(), message: o.message() }).collect();
        return Err(Error::Load(LoadError { source: source.to_string(), diagnostics }));
    }
    let load_error = |diagnostics| Error::Load(LoadError { source: source.to_string(), diagnostics });
    let expansion = crate::ruleset::template::expand(text).map_err(load_error)?;
    // Errors are found in the expanded text and reported where their text was written.
    let relocate = |e: Error| match e {
        Error::Load(mut e) => {
            e.diagnostics = e.diagnostics.into_iter().map(|d| expansion.relocate(text, d)).collect();
            e.diagnostics.sort_by_key(|d| d.at);
            Error::Load(e)
        }
        other => other,
    };
    let def: RulesetDef = read_ron(&expansion.text, source).map_err(|e| relocate(Error::Load(e)))?;
    compile_def(&def, text, &expansion.text, source, given).map_err(relocate)
}

/// Compiles a ruleset already read from `text`; `expanded` (the text with its
/// templates expanded) locates errors.
fn compile_def(def: &RulesetDef, text: &str, expanded: &str, source: &str, given: &Options) -> Result<Game, Error> {
    let declared = options::declarations(&def.options);
    let values = options::resolve(&declared, given)?;
    let mut ctx = Ctx::new(expanded, &values, &declared);
    if let Some(language) = def.language.filter(|&l| l == 0 || l > crate::migrate::LANGUAGE) {
        ctx.at(Seg::Field("language"), |ctx| {
            ctx.error(format!(
                "language {language}: this Tabula reads rulesets of language 1 to {}",
                crate::migrate::LANGUAGE
            ));
        });
    }
    ctx.at(Seg::Field("options"), |ctx| check_option_defs(ctx, &def.options));
    // Named conditions that would never finish expanding stop the compile here.
    let game = if cond::check_named(&mut ctx, &def.conditions) {
        // (Approach and withdrawal, issue 45: the labels of the capture runs chosen numbered.)
        rules::lower(&mut ctx, def, text).map(|mut g| {
            run_choices::number(&mut ctx, &mut g.phases);
            g
        })
    } else {
        None
    };
    match game {
        Some(mut game) if ctx.diags.is_empty() => {
            game.start_history();
            game.specialise_rules();
            Ok(game)
        }
        _ => {
            ctx.diags.sort_by_key(|d| d.at);
            ctx.diags.dedup();
            Err(Error::Load(LoadError { source: source.to_string(), diagnostics: ctx.diags }))
        }
    }
}

fn check_option_defs(ctx: &mut Ctx, defs: &[OptionDef]) {
    let mut seen = Vec::new();
    for (i, def) in defs.iter().enumerate() {
        ctx.at(Seg::Index(i), |ctx| {
            if seen.contains(&def.name()) {
                ctx.error(format!("option {:?} is declared twice", def.name()));
            }
            seen.push(def.name());
            match def {
                OptionDef::Choice { values, default, .. } if !values.contains(default) => {
                    ctx.at(Seg::Field("default"), |ctx| {
                        let message = ctx.unknown("choice", default, values.iter().map(String::as_str));
                        ctx.error(message);
                    });
                }
                OptionDef::Choice { values, labels, .. } if !labels.is_empty() && labels.len() != values.len() => {
                    ctx.at(Seg::Field("labels"), |ctx| {
                        ctx.error(format!(
                            "{} labels for {} values: give one label per value, in the order of `values`",
                            labels.len(),
                            values.len()
                        ));
                    });
                }
                OptionDef::Int { default, min, max, .. } if !(min..=max).contains(&default) => {
                    ctx.at(Seg::Field("default"), |ctx| {
                        ctx.error(format!("default {default} is outside {min}..={max}"));
                    });
                }
                _ => {}
            }
        });
    }
}

/// The unknown names of a ruleset that get a "did you mean".
const MAX_SUGGESTIONS: usize = 100;

/// Where the compiler stands in the document, and what it has found wrong.
pub(crate) struct Ctx<'a> {
    tree: Option<Node>,
    path: Vec<Seg>,
    pub diags: Vec<Diagnostic>,
    pub options: &'a BTreeMap<String, OptionValue>,
    pub declared: &'a [OptionDef],
    /// The tests each named condition expands to, from `cond::check_named`.
    pub named_sizes: BTreeMap<String, u64>,
    /// Tests lowered so far over all the ruleset's conditions (see `cond::MAX_TESTS`).
    pub tests: u64,
    /// Unknown names reported so far: only the first few get a "did you mean".
    unknowns: usize,
    /// Lowering a `Reach`'s `through` or `to`, where `Like` means something.
    pub in_reach: bool,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(text: &str, options: &'a BTreeMap<String, OptionValue>, declared: &'a [OptionDef]) -> Ctx<'a> {
        Ctx {
            tree: locate::parse(text),
            path: Vec::new(),
            diags: Vec::new(),
            options,
            declared,
            named_sizes: BTreeMap::new(),
            tests: 0,
            unknowns: 0,
            in_reach: false,
        }
    }

    /// Runs `f` one step deeper in the document.
    pub fn at<R>(&mut self, seg: Seg, f: impl FnOnce(&mut Self) -> R) -> R {
        self.path.push(seg);
        let r = f(self);
        self.path.pop();
        r
    }

    /// Runs `f` at another place in the document (a named condition, say).
    pub fn elsewhere<R>(&mut self, path: Vec<Seg>, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.path, path);
        let r = f(self);
        self.path = saved;
        r
    }

    pub fn error(&mut self, message: impl Into<String>) {
        let at = self.tree.as_ref().map(|t| t.find(&self.path));
        self.diags.push(Diagnostic { at, path: locate::path_text(&self.path), message: message.into() });
    }

    /// The index of `name` among `names`, or an error naming what was expected.
    pub fn find(&mut self, what: &str, name: &str, names: &[String]) -> Option<usize> {
        let found = names.iter().position(|n| n == name);
        self.found(what, name, names, found)
    }

    /// `found`, the index of `name` among `names`, or an error if there is none.
    fn found(&mut self, what: &str, name: &str, names: &[String], found: Option<usize>) -> Option<usize> {
        if found.is_none() {
            let message = self.unknown(what, name, names.iter().map(String::as_str));
            self.error(message);
        }
        found
    }

    /// The message for an unknown name. A "did you mean" compares the name
    /// with every candidate: only the first [`MAX_SUGGESTIONS`] unknown names
    /// get one, so that thousands of them against thousands of fields stay quick.
    pub fn unknown<'n>(
        &mut self,
        what: &str,
        name: &str,
        candidates: impl IntoIterator<Item = &'n str> + Clone,
    ) -> String {
        self.unknowns += 1;
        crate::error::unknown_hinted(what, name, candidates, self.unknowns <= MAX_SUGGESTIONS)
    }

    /// Like `find` for a list, each at its own index.
    pub fn find_all(&mut self, what: &str, list: &[String], names: &[String]) -> Vec<usize> {
        // A long list among many names is looked up in a map, not scanned name by name
        // (a repeated name is found first where `find` finds it).
        let index: Option<HashMap<&str, usize>> = (list.len() > 8 && names.len() > 8).then(|| {
            let mut index = HashMap::with_capacity(names.len());
            for (i, n) in names.iter().enumerate() {
                index.entry(n.as_str()).or_insert(i);
            }
            index
        });
        let mut ids = Vec::with_capacity(list.len());
        for (i, n) in list.iter().enumerate() {
            let found = self.at(Seg::Index(i), |ctx| match &index {
                Some(index) => ctx.found(what, n, names, index.get(n.as_str()).copied()),
                None => ctx.find(what, n, names),
            });
            ids.extend(found);
        }
        ids
    }
}
