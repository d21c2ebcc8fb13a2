//! Rules in words where the ruleset writes none (issue 47): a short sentence
//! per move rule from its pieces, motion, directions, target and effects,
//! for the editor's rules panel ("Man: steps forward diagonally to an empty
//! field"). Made once at compile time, from the rule as written.

use crate::ruleset::{CondDef, EffectDef, Motion, MoveDef};

/// A rule's words: its `doc`, or else a sentence made from it.
pub(super) fn rule_words(m: &MoveDef) -> String {
    if !m.doc.trim().is_empty() {
        return m.doc.clone();
    }
    let pieces = if m.pieces.is_empty() { "A piece".to_string() } else { m.pieces.join(" or ") };
    let mut out = format!("{pieces}: {}", motion(&m.by));
    if let Some(to) = target(&m.to) {
        out.push(' ');
        out.push_str(&to);
    }
    let effects: Vec<String> = m.then.iter().filter_map(effect).collect();
    if !effects.is_empty() {
        out.push_str(&format!("; then {}", effects.join(", ")));
    }
    out.push('.');
    out
}

/// Directions as words: `["forward", "Diagonal"]` -> "forward, diagonally".
fn dirs(dirs: &[String]) -> String {
    let word = |d: &String| match d.as_str() {
        "Orthogonal" => "orthogonally".to_string(),
        "Diagonal" => "diagonally".to_string(),
        "All" => "in any direction".to_string(),
        other => other.to_string(),
    };
    dirs.iter().map(word).collect::<Vec<_>>().join(" or ")
}

/// What the motion does, as a verb phrase.
fn motion(by: &Motion) -> String {
    match by {
        Motion::Step { dirs: d } => format!("steps {}", dirs(d)),
        Motion::Slide { dirs: d, max: Some(n), .. } => format!("slides up to {n} {}", dirs(d)),
        Motion::Slide { dirs: d, .. } => format!("slides any distance {}", dirs(d)),
        Motion::Leap { .. } => "leaps".to_string(),
        Motion::Place { .. } => "is placed from the hand".to_string(),
        Motion::Lift => "is lifted off the board".to_string(),
        Motion::Fly => "flies to any field".to_string(),
        Motion::Run { dirs: d, .. } => format!("runs {}", dirs(d)),
        Motion::RunOff { dirs: d, .. } => format!("runs off the board {}", dirs(d)),
        Motion::Walk { dirs: d, .. } => format!("walks {} by the throw", dirs(d)),
        Motion::Enter { dirs: d, .. } => format!("enters the board {}", dirs(d)),
        Motion::Jump { dirs: d, hop: true, .. } => format!("hops over a piece {}", dirs(d)),
        Motion::Jump { dirs: d, .. } => format!("jumps over an enemy piece {}", dirs(d)),
        Motion::Sow { dirs: d, .. } => format!("is sown {}", dirs(d)),
        Motion::Exit { dirs: d, .. } => format!("leaves the board {}", dirs(d)),
        Motion::Pass => "may pass".to_string(),
    }
}

/// Where the move may end, where it is a plain condition; else nothing.
fn target(to: &CondDef) -> Option<String> {
    let one = |c: &CondDef| match c {
        CondDef::Empty => Some("an empty field"),
        CondDef::Enemy => Some("an enemy piece"),
        CondDef::Own => Some("an own piece"),
        _ => None,
    };
    match to {
        CondDef::True => None,
        CondDef::Any(list) => {
            let words: Option<Vec<&str>> = list.iter().map(one).collect();
            words.map(|w| format!("to {}", w.join(" or ")))
        }
        c => one(c).map(|w| format!("to {w}")),
    }
}

/// An effect by its name in words ("CaptureRun" -> "capture run"); the
/// bookkeeping of counters and marks says nothing to a player and is left out.
fn effect(e: &EffectDef) -> Option<String> {
    let text = ron::to_string(e).unwrap_or_default();
    let name: String = text.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    match name.as_str() {
        "Add" | "Set" | "Mark" | "Unmark" => return None,
        "Continue" => return Some("goes on with another move of the same piece".to_string()),
        _ => {}
    }
    // CamelCase to words: "CaptureRun" -> "capture run".
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_without_words_is_said_from_its_motion_target_and_effects() {
        let m: MoveDef = ron::from_str(
            r#"(pieces: ["Man"], by: Step(dirs: ["forward"]), to: Empty, then: [Promote(to: "King", on: True)])"#,
        )
        .expect("a rule");
        assert_eq!(rule_words(&m), "Man: steps forward to an empty field; then promote.");
        let m: MoveDef =
            ron::from_str(r#"(pieces: ["Rook", "Queen"], by: Slide(dirs: ["Orthogonal"]), to: Any([Empty, Enemy]))"#)
                .expect("a rule");
        assert_eq!(
            rule_words(&m),
            "Rook or Queen: slides any distance orthogonally to an empty field or an enemy piece."
        );
        let m: MoveDef =
            ron::from_str(r#"(pieces: ["Man"], by: Step(dirs: ["N"]), doc: "My words.")"#).expect("a rule");
        assert_eq!(rule_words(&m), "My words.", "a written doc wins");
    }
}
