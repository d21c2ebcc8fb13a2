//! Rule templates: a ruleset names a value once, with parameters, and uses it
//! wherever such a value may stand (RBG's macros, Ludii's defines):
//!
//! ```ron
//! templates: {
//!     "Entry": (params: ["steps", "when"], body: (
//!         pieces: ["Stone"],
//!         by: Enter(via: Type("3-field"), steps: steps, dirs: ["Orthogonal"]),
//!         when: when,
//!     )),
//! },
//! // ...
//! moves: [Entry(steps: 5, when: Is("count", "First")), Entry(steps: 6, when: Is("count", "After"))],
//! ```
//!
//! Templates are expanded in the text before it is read, so a template may
//! stand for any value: a move rule, a condition, an effect, a setup line, a
//! chance outcome. In a body, a parameter's name where a value stands is the
//! argument's text (a name before `:` is a field and stays). A body may use
//! other templates, not itself. Every byte of the expanded text maps back to
//! where it was written, so an error in a template's body is reported there,
//! with the use it came from.

use std::collections::{HashMap, HashSet};

use super::scan::{Tok, Token, offset, pos, tokens};
use crate::error::{Diagnostic, Pos, did_you_mean};

/// Templates used within templates deeper than this are refused (a use of itself, by another way round).
const MAX_DEPTH: usize = 32;
/// The largest expanded text: uses within uses may grow exponentially.
const MAX_LEN: usize = 1 << 20;
/// Uses within the arguments of uses deeper than this are refused: each is a
/// nested call of the expander, and a megabyte of them would overflow its stack.
const MAX_NESTING: usize = 100;
/// The unknown parameters that get a "did you mean": each compares with every parameter.
const MAX_SUGGESTIONS: usize = 100;

/// A ruleset's text with its templates expanded.
#[derive(Debug, Clone)]
pub struct Expansion {
    /// The text with the `templates:` entry left out and every use replaced by its body.
    pub text: String,
    pieces: Vec<Piece>,
    uses: Vec<Use>,
}

/// A run of the expanded text copied from the original.
#[derive(Debug, Clone, Copy)]
struct Piece {
    out: usize,
    orig: usize,
    len: usize,
    /// The use (in `uses`) of the outermost template this text came from.
    used: Option<usize>,
}

#[derive(Debug, Clone)]
struct Use {
    name: String,
    /// Byte offset of the use in the original text.
    at: usize,
}

/// An expanded fragment, with its map back to the original.
#[derive(Debug, Clone, Default)]
struct Out {
    text: String,
    pieces: Vec<Piece>,
}

impl Out {
    fn copy(&mut self, original: &str, from: usize, to: usize, used: Option<usize>) {
        if to > from {
            self.pieces.push(Piece { out: self.text.len(), orig: from, len: to - from, used });
            self.text.push_str(&original[from..to]);
        }
    }

    fn append(&mut self, other: &Out) {
        let shift = self.text.len();
        self.pieces.extend(other.pieces.iter().map(|p| Piece { out: p.out + shift, ..*p }));
        self.text.push_str(&other.text);
    }
}

#[derive(Debug)]
struct Template {
    name: String,
    params: Vec<String>,
    /// `params` as a set, to check a use's arguments.
    param_set: HashSet<String>,
    /// Token indices of the body.
    body: std::ops::Range<usize>,
}

/// Expands the templates of a ruleset's text; the errors are in the original text's positions.
pub fn expand(text: &str) -> Result<Expansion, Vec<Diagnostic>> {
    let toks = tokens(text);
    let identity = || Expansion {
        text: text.to_string(),
        pieces: vec![Piece { out: 0, orig: 0, len: text.len(), used: None }],
        uses: Vec::new(),
    };
    let Some(entry) = find_entry(text, &toks) else { return Ok(identity()) };
    let mut x = Expander::new(text, &toks);
    let Some(removed) = x.definitions(entry) else { return Err(x.errors) };
    x.path = "";
    let mut out = Out::default();
    let before = 0..entry;
    let after = toks.partition_point(|t| t.start < removed.end)..toks.len();
    // Each part ends where its last token does; the blanks after it are copied too.
    let none = Args::default();
    x.emit(&mut out, before, 0, removed.start, &none, None);
    let end = text.len();
    x.emit(&mut out, after, removed.end, end, &none, None);
    if x.errors.is_empty() { Ok(Expansion { text: out.text, pieces: out.pieces, uses: x.uses }) } else { Err(x.errors) }
}

impl Expansion {
    /// A diagnostic about the expanded text, placed where its text was written in `original`.
    pub fn relocate(&self, original: &str, mut d: Diagnostic) -> Diagnostic {
        let Some(at) = d.at else { return d };
        if self.uses.is_empty() && self.pieces.len() == 1 && self.text.len() == original.len() {
            return d;
        }
        let off = offset(&self.text, at);
        let i = self.pieces.partition_point(|p| p.out <= off).saturating_sub(1);
        let Some(piece) = self.pieces.get(i) else { return d };
        d.at = Some(pos(original, piece.orig + (off - piece.out).min(piece.len)));
        if let Some(u) = piece.used.and_then(|u| self.uses.get(u)) {
            let p = pos(original, u.at);
            d.message += &format!(" (in template `{}` used at {}:{})", u.name, p.line, p.col);
        }
        d
    }
}

/// The token index of `templates` among the fields of the ruleset's outermost `( )`.
fn find_entry(text: &str, toks: &[Token]) -> Option<usize> {
    if !text.contains("templates") {
        return None;
    }
    let mut depth = 0usize;
    let mut in_main = false;
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Tok::Open(b) => {
                if depth == 0 && b == b'(' {
                    in_main = true;
                }
                depth += 1;
            }
            Tok::Close(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 && in_main {
                    return None;
                }
            }
            Tok::Ident
                if in_main
                    && depth == 1
                    && &text[t.start..t.end] == "templates"
                    && toks.get(i + 1).is_some_and(|n| n.kind == Tok::Colon) =>
            {
                return Some(i);
            }
            _ => {}
        }
    }
    None
}

/// For each token, the index of the token that closes it if it opens a bracket
/// that is closed (of any kind, as a count of depth finds it), else `usize::MAX`.
fn closes(toks: &[Token]) -> Vec<usize> {
    let mut closes = vec![usize::MAX; toks.len()];
    let mut open = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        match t.kind {
            Tok::Open(_) => open.push(k),
            Tok::Close(_) => {
                if let Some(o) = open.pop() {
                    closes[o] = k;
                }
            }
            _ => {}
        }
    }
    closes
}

/// The arguments of a use, in the order written, each name's first found by a map
/// (so that a body of many parameters is not scanned once per token).
#[derive(Default)]
struct Args {
    list: Vec<(String, Out)>,
    first: HashMap<String, usize>,
}

impl Args {
    fn push(&mut self, param: String, arg: Out) {
        self.first.entry(param.clone()).or_insert(self.list.len());
        self.list.push((param, arg));
    }

    fn get(&self, param: &str) -> Option<&Out> {
        self.first.get(param).map(|&i| &self.list[i].1)
    }
}

struct Expander<'t> {
    text: &'t str,
    toks: &'t [Token],
    /// See [`closes`].
    closes: Vec<usize>,
    templates: Vec<Template>,
    /// The first template of each name.
    by_name: HashMap<String, usize>,
    uses: Vec<Use>,
    errors: Vec<Diagnostic>,
    /// The templates being expanded, innermost last.
    stack: Vec<usize>,
    /// Uses being expanded, in bodies or in arguments.
    nesting: usize,
    /// Unknown parameters named so far: only the first few get a "did you mean".
    unknown_params: usize,
    /// A byte offset and its position, see [`Self::pos`].
    last_pos: (usize, Pos),
    /// The expansion has grown too long or too deep: nothing more is expanded.
    overflowed: bool,
    /// Where errors are: in the definitions (`templates`), or in the uses (the rest).
    path: &'static str,
}

impl<'t> Expander<'t> {
    fn new(text: &'t str, toks: &'t [Token]) -> Self {
        Expander {
            text,
            toks,
            closes: closes(toks),
            templates: Vec::new(),
            by_name: HashMap::new(),
            uses: Vec::new(),
            errors: Vec::new(),
            stack: Vec::new(),
            nesting: 0,
            last_pos: (0, Pos { line: 1, col: 1 }),
            unknown_params: 0,
            overflowed: false,
            path: "templates",
        }
    }

    fn word(&self, i: usize) -> &'t str {
        let t = self.toks[i];
        &self.text[t.start..t.end]
    }

    fn kind(&self, i: usize) -> Option<Tok> {
        self.toks.get(i).map(|t| t.kind)
    }

    fn error(&mut self, at_byte: usize, message: impl Into<String>) {
        let at = self.pos(at_byte);
        self.errors.push(Diagnostic { at: Some(at), path: self.path.into(), message: message.into() });
    }

    /// `pos(self.text, at)`, counted from the last error's position: errors come
    /// mostly in the order of the text, so thousands of them on a long line do not
    /// count it from its start each.
    fn pos(&mut self, at: usize) -> Pos {
        let at = (0..=at.min(self.text.len())).rev().find(|&o| self.text.is_char_boundary(o)).unwrap_or(0);
        let (last, p) = self.last_pos;
        let p = if at >= last {
            let gap = &self.text[last..at];
            match gap.rfind('\n') {
                Some(n) => Pos { line: p.line + gap.matches('\n').count(), col: gap[n + 1..].chars().count() + 1 },
                None => Pos { line: p.line, col: p.col + gap.chars().count() },
            }
        } else {
            let gap = &self.text[at..last];
            match gap.matches('\n').count() {
                0 => Pos { line: p.line, col: p.col - gap.chars().count() },
                lines => {
                    let col = self.text[..at].rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    Pos { line: p.line - lines, col }
                }
            }
        };
        self.last_pos = (at, p);
        p
    }

    fn error_at_token(&mut self, i: usize, message: impl Into<String>) {
        let at = self.toks.get(i).map_or(self.text.len(), |t| t.start);
        self.error(at, message);
    }

    /// The token index just past the value starting at `i`, if one does.
    fn value_end(&self, i: usize) -> Option<usize> {
        let mut j = i;
        if self.kind(j) == Some(Tok::Ident) && matches!(self.kind(j + 1), Some(Tok::Open(b'('))) {
            j += 1;
        }
        match self.kind(j)? {
            Tok::Open(_) => self.closes.get(j).filter(|&&k| k != usize::MAX).map(|k| k + 1),
            Tok::Ident | Tok::Atom => Some(j + 1),
            _ => None,
        }
    }

    /// Reads `templates: { "Name": (params: [...], body: ...), ... }` at token
    /// `entry`; the byte range of the whole entry (its comma too), or `None` after errors.
    fn definitions(&mut self, entry: usize) -> Option<std::ops::Range<usize>> {
        let open = entry + 2;
        if self.kind(open) != Some(Tok::Open(b'{')) {
            self.error_at_token(open, "templates: expected a map `{ \"Name\": (params: [...], body: ...) }`");
            return None;
        }
        let mut i = open + 1;
        loop {
            match self.kind(i) {
                Some(Tok::Close(b'}')) => break,
                Some(Tok::Atom) if self.word(i).starts_with('"') => {
                    i = self.definition(i)?;
                    match self.kind(i) {
                        Some(Tok::Comma) => i += 1,
                        Some(Tok::Close(b'}')) => {}
                        _ => {
                            self.error_at_token(i, "templates: expected `,` or `}` after a template");
                            return None;
                        }
                    }
                }
                _ => {
                    self.error_at_token(i, "templates: expected a template's name in quotes, or `}`");
                    return None;
                }
            }
        }
        let mut end = self.toks[i].end;
        if self.kind(i + 1) == Some(Tok::Comma) {
            end = self.toks[i + 1].end;
        }
        if !self.errors.is_empty() {
            return None;
        }
        Some(self.toks[entry].start..end)
    }

    /// One `"Name": (params: [...], body: ...)` at token `i`; the index past it.
    fn definition(&mut self, i: usize) -> Option<usize> {
        let quoted = self.word(i);
        let name = unquote(quoted).unwrap_or_default().to_string();
        if !is_name(&name) {
            self.error_at_token(i, format!("template name {quoted}: expected a name of letters, digits and `_`"));
        } else if self.by_name.contains_key(&name) {
            self.error_at_token(i, format!("template `{name}` is defined twice"));
        }
        if self.kind(i + 1) != Some(Tok::Colon) || self.kind(i + 2) != Some(Tok::Open(b'(')) {
            self.error_at_token(i + 1, format!("template `{name}`: expected `: (params: [...], body: ...)`"));
            return None;
        }
        let mut j = i + 3;
        let (mut params, mut body) = (Vec::new(), None);
        while self.kind(j) != Some(Tok::Close(b')')) {
            let field =
                (self.kind(j) == Some(Tok::Ident) && self.kind(j + 1) == Some(Tok::Colon)).then(|| self.word(j));
            let Some(end) = self.value_end(j + 2).filter(|_| field.is_some()) else {
                self.error_at_token(
                    j,
                    format!("template `{name}`: expected `params: [...]`, `body: ...` or `doc: \"...\"`"),
                );
                return None;
            };
            match field {
                Some("params") => params = self.params(&name, j + 2, end),
                Some("body") => body = Some(j + 2..end),
                Some("doc") => {}
                Some(other) => {
                    let hint =
                        did_you_mean(other, ["params", "body", "doc"]).map(|c| format!(" (did you mean `{c}`?)"));
                    self.error_at_token(
                        j,
                        format!("template `{name}`: unknown field `{other}`{}", hint.unwrap_or_default()),
                    );
                }
                None => {}
            }
            j = end;
            match self.kind(j) {
                Some(Tok::Comma) => j += 1,
                Some(Tok::Close(b')')) => {}
                _ => {
                    self.error_at_token(j, format!("template `{name}`: expected `,` or `)`"));
                    return None;
                }
            }
        }
        let Some(body) = body else {
            self.error_at_token(i, format!("template `{name}` has no `body`"));
            return Some(j + 1);
        };
        // The names where a value stands, gathered once for all the parameters.
        let values: HashSet<&str> = body.clone().filter(|&k| self.is_value(k)).map(|k| self.word(k)).collect();
        for p in &params {
            if !values.contains(p.as_str()) {
                self.error_at_token(
                    body.start,
                    format!("template `{name}`: its body does not use the parameter `{p}`"),
                );
            }
        }
        self.by_name.entry(name.clone()).or_insert(self.templates.len());
        let param_set = params.iter().cloned().collect();
        self.templates.push(Template { name, params, param_set, body });
        Some(j + 1)
    }

    /// The parameter names of `[...]` between tokens `from` and `to`.
    fn params(&mut self, name: &str, from: usize, to: usize) -> Vec<String> {
        let mut params: Vec<String> = Vec::new();
        let mut seen: HashSet<&str> = HashSet::new();
        if self.kind(from) != Some(Tok::Open(b'[')) {
            self.error_at_token(from, format!("template `{name}`: params: expected a list of names in quotes"));
            return params;
        }
        for k in from + 1..to - 1 {
            match self.kind(k) {
                Some(Tok::Comma) => {}
                Some(Tok::Atom) if unquote(self.word(k)).is_some_and(is_name) => {
                    let p = unquote(self.word(k)).unwrap_or_default();
                    if !seen.insert(p) {
                        self.error_at_token(k, format!("template `{name}`: parameter `{p}` is named twice"));
                    }
                    params.push(p.to_string());
                }
                _ => self.error_at_token(k, format!("template `{name}`: params: expected names in quotes")),
            }
        }
        params
    }

    /// Whether token `k` is a name where a value stands (not a field before `:`, not a call).
    fn is_value(&self, k: usize) -> bool {
        self.kind(k) == Some(Tok::Ident) && !matches!(self.kind(k + 1), Some(Tok::Colon | Tok::Open(b'(')))
    }

    /// Copies the tokens `range` (the text from byte `from` to byte `to`)
    /// into `out`, replacing parameters by their arguments and template uses by their bodies.
    fn emit(
        &mut self,
        out: &mut Out,
        range: std::ops::Range<usize>,
        from: usize,
        to: usize,
        args: &Args,
        used: Option<usize>,
    ) {
        let mut cursor = from;
        let mut i = range.start;
        while i < range.end {
            let t = self.toks[i];
            if t.kind == Tok::Ident {
                let arg = if args.list.is_empty() || !self.is_value(i) { None } else { args.get(self.word(i)) };
                if let Some(arg) = arg {
                    out.copy(self.text, cursor, t.start, used);
                    out.append(arg);
                    cursor = t.end;
                    i += 1;
                    if self.too_long(out, t.start) {
                        return;
                    }
                    continue;
                }
                let template = self.by_name.get(self.word(i)).copied();
                if let Some(k) = template.filter(|_| self.kind(i + 1) != Some(Tok::Colon)) {
                    let end = if matches!(self.kind(i + 1), Some(Tok::Open(b'('))) {
                        self.value_end(i).unwrap_or(range.end).min(range.end)
                    } else {
                        i + 1
                    };
                    out.copy(self.text, cursor, t.start, used);
                    self.use_template(out, k, i, end, args, used);
                    cursor = self.toks[end - 1].end;
                    i = end;
                    if self.too_long(out, t.start) {
                        return;
                    }
                    continue;
                }
            }
            i += 1;
        }
        out.copy(self.text, cursor, to, used);
    }

    /// Whether the expansion has grown too long (said once, at the use where it did).
    fn too_long(&mut self, out: &Out, at: usize) -> bool {
        if out.text.len() > MAX_LEN && !self.overflowed {
            self.overflowed = true;
            self.error(at, format!("the templates expand to more than {MAX_LEN} bytes"));
        }
        self.overflowed
    }

    /// Expands the use of template `k` at tokens `at..end` (its name and arguments).
    fn use_template(&mut self, out: &mut Out, k: usize, at: usize, end: usize, env: &Args, used: Option<usize>) {
        let name = self.templates[k].name.clone();
        let at_byte = self.toks[at].start;
        if self.overflowed {
            return;
        }
        if self.stack.contains(&k) {
            let chain: Vec<&str> = self.stack.iter().map(|&s| self.templates[s].name.as_str()).collect();
            self.error(at_byte, format!("template `{name}` uses itself ({} -> {name})", chain.join(" -> ")));
            return;
        }
        if self.stack.len() >= MAX_DEPTH {
            let (first, last) = (self.stack[0], self.stack[self.stack.len() - 1]);
            self.error(
                at_byte,
                format!(
                    "templates use templates more than {MAX_DEPTH} deep (`{}` -> ... -> `{}` -> `{name}`): \
                     expand some of them by hand",
                    self.templates[first].name, self.templates[last].name
                ),
            );
            return;
        }
        if self.nesting >= MAX_NESTING {
            self.error(at_byte, format!("template uses are nested more than {MAX_NESTING} deep"));
            self.overflowed = true; // nothing more is expanded: the uses within would say the same
            return;
        }
        self.nesting += 1;
        self.use_args(out, k, at, end, env, used);
        self.nesting -= 1;
    }

    /// [`Self::use_template`] past its checks of depth.
    fn use_args(&mut self, out: &mut Out, k: usize, at: usize, end: usize, env: &Args, used: Option<usize>) {
        let name = self.templates[k].name.clone();
        let at_byte = self.toks[at].start;
        // The arguments, expanded where they are written (in the caller's parameters).
        let mut args = Args::default();
        let mut j = at + 2;
        while j + 1 < end {
            let named = self.kind(j) == Some(Tok::Ident) && self.kind(j + 1) == Some(Tok::Colon);
            let Some(value_end) = self.value_end(j + 2).filter(|&e| named && e < end) else {
                self.error_at_token(
                    j,
                    format!("`{name}`: expected `parameter: value` (a template's arguments are named)"),
                );
                return;
            };
            let param = self.word(j).to_string();
            if !self.templates[k].param_set.contains(&param) {
                self.unknown_params += 1;
                let hint = (self.unknown_params <= MAX_SUGGESTIONS)
                    .then(|| did_you_mean(&param, self.templates[k].params.iter().map(String::as_str)))
                    .flatten()
                    .map(|c| format!(" (did you mean `{c}`?)"));
                self.error_at_token(
                    j,
                    format!("template `{name}` has no parameter `{param}`{}", hint.unwrap_or_default()),
                );
            } else if args.first.contains_key(&param) {
                self.error_at_token(j, format!("`{name}`: `{param}` is given twice"));
            }
            let mut arg = Out::default();
            let (from, to) = (self.toks[j + 2].start, self.toks[value_end - 1].end);
            self.emit(&mut arg, j + 2..value_end, from, to, env, used);
            args.push(param, arg);
            j = value_end;
            if self.kind(j) == Some(Tok::Comma) {
                j += 1;
            }
        }
        let missing: Vec<String> =
            self.templates[k].params.iter().filter(|p| !args.first.contains_key(*p)).cloned().collect();
        if !missing.is_empty() {
            self.error(at_byte, format!("template `{name}` needs `{}`", missing.join("`, `")));
            return;
        }
        let used = used.or_else(|| {
            self.uses.push(Use { name: name.clone(), at: at_byte });
            Some(self.uses.len() - 1)
        });
        let body = self.templates[k].body.clone();
        let (from, to) = (self.toks[body.start].start, self.toks[body.end - 1].end);
        self.stack.push(k);
        self.emit(out, body, from, to, &args, used);
        self.stack.pop();
    }
}

/// The text of a plain string `"..."` (templates and parameters are named without escapes).
fn unquote(word: &str) -> Option<&str> {
    word.strip_prefix('"')?.strip_suffix('"')
}

fn is_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests;
