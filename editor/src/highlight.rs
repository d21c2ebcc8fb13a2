//! Syntax colouring of RON text for the rules editor, with the lines that
//! have errors marked.

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId};

/// Token colours for a dark or a light theme.
struct Palette {
    comment: Color32,
    string: Color32,
    number: Color32,
    name: Color32,
    plain: Color32,
    punct: Color32,
    error_line: Color32,
}

const DARK: Palette = Palette {
    comment: Color32::from_rgb(130, 170, 110),
    string: Color32::from_rgb(225, 160, 100),
    number: Color32::from_rgb(200, 150, 235),
    name: Color32::from_rgb(120, 175, 245),
    plain: Color32::from_rgb(215, 215, 215),
    punct: Color32::from_rgb(150, 150, 150),
    error_line: Color32::from_rgb(95, 30, 30),
};

const LIGHT: Palette = Palette {
    comment: Color32::from_rgb(90, 125, 70),
    string: Color32::from_rgb(170, 90, 30),
    number: Color32::from_rgb(128, 64, 160),
    name: Color32::from_rgb(32, 96, 176),
    plain: Color32::from_rgb(40, 40, 40),
    punct: Color32::from_rgb(120, 120, 120),
    error_line: Color32::from_rgb(255, 215, 215),
};

#[derive(Clone, Copy)]
enum Token {
    Comment,
    Str,
    Number,
    Name,
    Plain,
    Punct,
}

impl Palette {
    fn colour(&self, t: Token) -> Color32 {
        match t {
            Token::Comment => self.comment,
            Token::Str => self.string,
            Token::Number => self.number,
            Token::Name => self.name,
            Token::Plain => self.plain,
            Token::Punct => self.punct,
        }
    }
}

/// The text as a layout job: comments, strings, numbers and variant names in
/// colours; lines listed in `error_lines` (1-based) on a red background.
pub fn highlight(text: &str, error_lines: &[usize], font: &FontId, dark: bool) -> LayoutJob {
    let palette = if dark { &DARK } else { &LIGHT };
    let mut job = LayoutJob::default();
    let mut line = 1;
    let mut rest = text;
    while !rest.is_empty() {
        let (len, kind) = token(rest);
        let colour = palette.colour(kind);
        let len = len.max(rest.chars().next().map_or(1, char::len_utf8));
        let (piece, tail) = rest.split_at(len);
        // Split at line ends, so each line gets its own background.
        for part in piece.split_inclusive('\n') {
            let background = if error_lines.contains(&line) { palette.error_line } else { Color32::TRANSPARENT };
            job.append(
                part,
                0.0,
                TextFormat { font_id: font.clone(), color: colour, background, ..Default::default() },
            );
            if part.ends_with('\n') {
                line += 1;
            }
        }
        rest = tail;
    }
    job
}

/// The length in bytes and the colour of the token at the start of `s`.
fn token(s: &str) -> (usize, Token) {
    let bytes = s.as_bytes();
    let first = s.chars().next().unwrap_or(' ');
    if s.starts_with("//") {
        return (s.find('\n').unwrap_or(s.len()), Token::Comment);
    }
    if s.starts_with("/*") {
        return (s.find("*/").map_or(s.len(), |i| i + 2), Token::Comment);
    }
    if first == '"' {
        let mut escaped = false;
        for (i, c) in s.char_indices().skip(1) {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => return (i + 1, Token::Str),
                '\n' => return (i, Token::Str),
                _ => escaped = false,
            }
        }
        return (s.len(), Token::Str);
    }
    if first == '\'' && bytes.len() >= 3 {
        return (s.char_indices().skip(1).find(|&(_, c)| c == '\'').map_or(1, |(i, _)| i + 1), Token::Str);
    }
    let word = s.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '-')).unwrap_or(s.len());
    if first.is_ascii_digit() || (first == '-' && bytes.get(1).is_some_and(u8::is_ascii_digit)) {
        return (word.max(1), Token::Number);
    }
    if first.is_alphabetic() || first == '_' {
        let kind = if first.is_uppercase() || s[..word].eq("true") || s[..word].eq("false") {
            Token::Name
        } else {
            Token::Plain
        };
        return (word, kind);
    }
    if first.is_whitespace() {
        return (s.find(|c: char| !c.is_whitespace() || c == '\n').map_or(s.len(), |i| i.max(1)), Token::Plain);
    }
    (first.len_utf8(), Token::Punct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_is_laid_out_once_and_errors_are_on_their_lines() {
        let text = "// c\nRuleset(\n  name: \"x\", n: -3, b: Step,\n)";
        let job = highlight(text, &[3], &FontId::monospace(12.0), false);
        assert_eq!(job.text, text);
        let marked: String = job
            .sections
            .iter()
            .filter(|s| s.format.background == LIGHT.error_line)
            .map(|s| &job.text[s.byte_range.start.0..s.byte_range.end.0])
            .collect();
        assert_eq!(marked, "  name: \"x\", n: -3, b: Step,\n");
    }
}
