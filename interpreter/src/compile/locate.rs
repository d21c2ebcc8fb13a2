//! Finds where a value stands in RON text, by its path (`phases[1].moves[0].to`).
//!
//! ron reports positions for syntax and type errors but keeps no spans on the
//! values it produces; the compiler's own errors (an unknown name, a number
//! out of range) are found again in the text by this small span tree.

use crate::error::Pos;

/// One step of a path into a RON document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    Field(&'static str),
    Index(usize),
    Key(String),
}

pub fn path_text(path: &[Seg]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Field(f) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(f);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
            Seg::Key(k) => out.push_str(&format!("[{k:?}]")),
        }
    }
    out
}

#[derive(Debug)]
pub struct Node {
    pub at: Pos,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    Leaf,
    /// `(a, b)`, `[a, b]`, `Name(a)`.
    Seq(Vec<Node>),
    /// `(x: a)`, `Name(x: a)`, `{"k": a}`: keys with their values.
    Named(Vec<(String, Node)>),
}

impl Node {
    /// The position of the value at `path`, or of the deepest part of it found.
    pub fn find(&self, path: &[Seg]) -> Pos {
        let Some((seg, rest)) = path.split_first() else { return self.at };
        match (&self.kind, seg) {
            (Kind::Named(entries), Seg::Field(name)) => match entries.iter().find(|(k, _)| k == name) {
                Some((_, v)) => v.find(rest),
                None => self.at,
            },
            (Kind::Named(entries), Seg::Key(key)) => match entries.iter().find(|(k, _)| k == key) {
                Some((_, v)) => v.find(rest),
                None => self.at,
            },
            (Kind::Seq(items), Seg::Index(i)) => items.get(*i).map_or(self.at, |v| v.find(rest)),
            // A newtype variant such as `Not(x)` or `Some(x)`: look inside.
            (Kind::Seq(items), _) if items.len() == 1 => items[0].find(path),
            _ => self.at,
        }
    }
}

/// Parses RON text into a span tree; `None` if it is not well-formed RON.
pub fn parse(text: &str) -> Option<Node> {
    let mut p = Parser { chars: text.char_indices().collect(), i: 0, line: 1, col: 1 };
    p.skip_ws();
    // Inner attributes such as `#![enable(implicit_some)]`.
    while p.peek() == Some('#') {
        while !matches!(p.peek(), Some(']') | None) {
            p.bump();
        }
        p.bump();
        p.skip_ws();
    }
    p.value(0)
}

struct Parser {
    chars: Vec<(usize, char)>,
    i: usize,
    line: usize,
    col: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }

    fn peek2(&self) -> Option<char> {
        self.chars.get(self.i + 1).map(|&(_, c)| c)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn pos(&self) -> Pos {
        Pos { line: self.line, col: self.col }
    }

    fn skip_ws(&mut self) {
        loop {
            match (self.peek(), self.peek2()) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while !matches!(self.peek(), Some('\n') | None) {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    while !(self.peek() == Some('*') && self.peek2() == Some('/')) && self.peek().is_some() {
                        self.bump();
                    }
                    self.bump();
                    self.bump();
                }
                _ => return,
            }
        }
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        if depth > 200 {
            return None;
        }
        self.skip_ws();
        let at = self.pos();
        let c = self.peek()?;
        let kind = match c {
            '(' => self.group(')', depth)?,
            '[' => self.group(']', depth)?,
            '{' => self.group('}', depth)?,
            '"' => {
                self.string();
                Kind::Leaf
            }
            '\'' => {
                self.bump();
                if self.bump()? == '\\' {
                    self.bump();
                }
                self.bump();
                Kind::Leaf
            }
            'r' if matches!(self.peek2(), Some('#' | '"')) => {
                self.raw_string();
                Kind::Leaf
            }
            c if c.is_alphanumeric() || c == '_' || c == '-' || c == '+' || c == '.' => {
                while matches!(self.peek(), Some(c) if c.is_alphanumeric() || "_-+.".contains(c)) {
                    self.bump();
                }
                self.skip_ws();
                if self.peek() == Some('(') { self.group(')', depth)? } else { Kind::Leaf }
            }
            _ => return None,
        };
        Some(Node { at, kind })
    }

    fn string(&mut self) -> String {
        let mut s = String::new();
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => {
                    if let Some(e) = self.bump() {
                        s.push(e);
                    }
                }
                c => s.push(c),
            }
        }
        s
    }

    fn raw_string(&mut self) {
        self.bump();
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump();
        loop {
            match self.bump() {
                None => return,
                Some('"') => {
                    let mut n = 0;
                    while n < hashes && self.peek() == Some('#') {
                        self.bump();
                        n += 1;
                    }
                    if n == hashes {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// The inside of `( )`, `[ ]` or `{ }`: values, or `key: value` entries.
    fn group(&mut self, close: char, depth: usize) -> Option<Kind> {
        self.bump();
        let mut items = Vec::new();
        let mut named = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(close) {
                self.bump();
                break;
            }
            let start = self.i;
            let key_text = if self.peek() == Some('"') { Some(self.string()) } else { None };
            let key = match key_text {
                Some(k) => Some(k),
                None => {
                    let mut ident = String::new();
                    while matches!(self.peek(), Some(c) if c.is_alphanumeric() || c == '_') {
                        ident.push(self.bump()?);
                    }
                    Some(ident).filter(|s| !s.is_empty())
                }
            };
            self.skip_ws();
            if key.is_some() && self.peek() == Some(':') {
                self.bump();
                let v = self.value(depth + 1)?;
                named.push((key.unwrap_or_default(), v));
            } else {
                // Not a key: go back and read a whole value.
                self.rewind(start);
                items.push(self.value(depth + 1)?);
            }
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(c) if c == close => {}
                _ => return None,
            }
        }
        Some(if named.is_empty() { Kind::Seq(items) } else { Kind::Named(named) })
    }

    fn rewind(&mut self, to: usize) {
        while self.i > to {
            self.i -= 1;
            if self.chars[self.i].1 == '\n' {
                self.line -= 1;
                // Recount the column from the start of that line.
                let line_start = self.chars[..self.i].iter().rposition(|&(_, c)| c == '\n').map_or(0, |p| p + 1);
                self.col = self.i - line_start + 1;
            } else {
                self.col -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, path: &[Seg]) -> (usize, usize) {
        let p = parse(text).expect("parses").find(path);
        (p.line, p.col)
    }

    #[test]
    fn finds_fields_indices_and_newtypes() {
        let text = "// c\nR(\n  a: [1, X(b: \"q\")],\n  m: {\"k\": Not(Y(z: 3))},\n)";
        assert_eq!(at(text, &[Seg::Field("a"), Seg::Index(1), Seg::Field("b")]), (3, 15));
        assert_eq!(at(text, &[Seg::Field("m"), Seg::Key("k".into()), Seg::Field("z")]), (4, 21));
    }

    #[test]
    fn falls_back_to_the_deepest_part_found() {
        assert_eq!(at("R(a: [1])", &[Seg::Field("a"), Seg::Index(5)]), (1, 6));
    }
}
