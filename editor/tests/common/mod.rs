//! What the editor's kittests share: a window on a shipped game, clicks by
//! label, and the session's record of moves.
// Each test file uses its own part of these.
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tabula_editor::TabulaApp;
use tabula_editor::agents::Side;
use tabula_editor::document::Origin;
use tabula_editor::workbench::Persisted;

/// A 1280x800 window on the shipped game `game`, two people playing.
pub fn harness(game: &str) -> Harness<'static, TabulaApp> {
    harness_with_sides(game, [Side::Human, Side::Human])
}

/// A 1280x800 window on the shipped game `game`, with these players.
pub fn harness_with_sides(game: &str, sides: [Side; 2]) -> Harness<'static, TabulaApp> {
    let persisted = Persisted { origin: Origin::Shipped(game.into()), sides: sides.to_vec(), ..Persisted::default() };
    Harness::builder().with_size(egui::vec2(1280.0, 800.0)).build_eframe(move |_cc| TabulaApp::with(&persisted))
}

/// Clicks the control with this label and lets the window answer.
pub fn click(h: &mut Harness<'_, TabulaApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

pub fn moves_played(h: &Harness<'_, TabulaApp>) -> usize {
    h.state().bench.session.moves_played()
}

/// The text of the last move played ("" before the first).
pub fn last_text(h: &Harness<'_, TabulaApp>) -> String {
    h.state().bench.session.last_move().map(|l| l.text).unwrap_or_default()
}
