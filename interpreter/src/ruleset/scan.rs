//! A RON text as tokens, for the tools that work on the text a person wrote
//! rather than on the values it stands for: rule templates and migration
//! both rewrite the text and keep comments and layout as they were.

use crate::error::Pos;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A name: `Step`, `dirs`, `true`.
    Ident,
    /// A string, character or number.
    Atom,
    /// `(`, `[` or `{`.
    Open(u8),
    /// `)`, `]` or `}`.
    Close(u8),
    Comma,
    Colon,
    /// Anything else (`#`, `!` of an attribute, or a stray character).
    Other,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    pub kind: Tok,
    /// Byte offsets in the text.
    pub start: usize,
    pub end: usize,
}

/// The tokens of a text, comments and blanks left out.
pub(crate) fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        let kind = if b.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if b.is_ascii_alphabetic() || b == b'_' {
            let is_raw_string = b == b'r' && matches!(bytes.get(i + 1), Some(b'"' | b'#'));
            if is_raw_string {
                i = skip_comment_or_string(text, i).unwrap_or(bytes.len());
                Tok::Atom
            } else {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                Tok::Ident
            }
        } else if let Some(end) = skip_comment_or_string(text, i) {
            i = end;
            if b == b'/' {
                continue; // a comment
            }
            Tok::Atom
        } else if b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.') {
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'.' | b'+' | b'-'))
            {
                i += 1;
            }
            Tok::Atom
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            match b {
                b'(' | b'[' | b'{' => Tok::Open(b),
                b')' | b']' | b'}' => Tok::Close(b),
                b',' => Tok::Comma,
                b':' => Tok::Colon,
                _ => Tok::Other,
            }
        };
        out.push(Token { kind, start, end: i });
    }
    out
}

/// Where a comment or string starting at `i` ends, or `None` if none starts there.
pub(crate) fn skip_comment_or_string(text: &str, i: usize) -> Option<usize> {
    // The scanners step byte by byte: inside a character of several bytes nothing starts.
    let rest = text.get(i..)?;
    if rest.starts_with("//") {
        return Some(rest.find('\n').map_or(text.len(), |n| i + n));
    }
    if let Some(body) = rest.strip_prefix("/*") {
        return Some(body.find("*/").map_or(text.len(), |n| i + 2 + n + 2));
    }
    if let Some(raw) = rest.strip_prefix('r').filter(|r| r.starts_with(['"', '#'])) {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let close = format!("\"{}", "#".repeat(hashes));
        let body = i + 1 + hashes + 1;
        return Some(text.get(body..)?.find(&close).map_or(text.len(), |n| body + n + close.len()));
    }
    let quote = rest.chars().next()?;
    if quote != '"' && quote != '\'' {
        return None;
    }
    let mut chars = rest.char_indices().skip(1);
    while let Some((n, c)) = chars.next() {
        if c == '\\' {
            chars.next();
        } else if c == quote {
            return Some(i + n + 1);
        }
    }
    Some(text.len())
}

/// The line and column (1-based, in characters) of a byte offset.
pub(crate) fn pos(text: &str, offset: usize) -> Pos {
    let offset = (0..=offset.min(text.len())).rev().find(|&o| text.is_char_boundary(o)).unwrap_or(0);
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Pos { line, col }
}

/// The byte offset of a line and column (1-based, in characters); the end of
/// the text or of the line where the position lies beyond it.
pub(crate) fn offset(text: &str, at: Pos) -> usize {
    let mut start = 0;
    for _ in 1..at.line {
        match text[start..].find('\n') {
            Some(n) => start += n + 1,
            None => return text.len(),
        }
    }
    let line = text[start..].split('\n').next().unwrap_or("");
    start + line.char_indices().nth(at.col.saturating_sub(1)).map_or(line.len(), |(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Tok, &str)> {
        tokens(text).iter().map(|t| (t.kind, &text[t.start..t.end])).collect()
    }

    #[test]
    fn comments_and_blanks_are_left_out_strings_are_whole() {
        let text = "R( // a (comment\n a: \"x, )\", b: r#\"q\"#, c: -1.5 /* ) */, d: 'y')";
        let names: Vec<&str> = kinds(text).into_iter().map(|(_, s)| s).collect();
        assert_eq!(
            names,
            [
                "R", "(", "a", ":", "\"x, )\"", ",", "b", ":", "r#\"q\"#", ",", "c", ":", "-1.5", ",", "d", ":", "'y'",
                ")"
            ]
        );
        assert_eq!(kinds(text)[0].0, Tok::Ident);
        assert_eq!(kinds(text)[1].0, Tok::Open(b'('));
    }

    #[test]
    fn positions_and_offsets_agree() {
        let text = "ab\nçd e\n";
        for o in [0, 1, 3, 5, 6, 7] {
            assert_eq!(offset(text, pos(text, o)), o);
        }
        assert_eq!(pos(text, 6), Pos { line: 2, col: 3 });
        assert_eq!(offset(text, Pos { line: 9, col: 1 }), text.len());
    }
}
