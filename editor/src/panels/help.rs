//! The rules in words beside the board: the ruleset's description, its
//! rules' `doc` text, how the game ends, the players by name and colour, and
//! a legend of the pieces and field types, all generated from the ruleset;
//! and a short first-run hint.

use super::Panel;
use super::board::{FIELD_FILL, FIELD_LINE, draw_piece};
use crate::workbench::Workbench;
use egui::{Color32, RichText, Sense, Stroke, StrokeKind, Vec2};
use tabula::{Game, Piece};

#[derive(Default)]
pub struct HelpPanel;

impl Panel for HelpPanel {
    fn name(&self) -> &'static str {
        "How to play"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        if !bench.hint_closed {
            hint(ui, &mut bench.hint_closed);
        }
        let game = bench.session.game.clone();
        let state = bench.session.state();
        let turned = game.kinds().iter().any(|k| k.enters_flipped)
            || game.board().fields().any(|f| state.stack(f).iter().any(|p| p.flipped));
        ui.columns(2, |cols| {
            egui::ScrollArea::vertical().id_salt("help-words").auto_shrink([false, false]).show(&mut cols[0], |ui| {
                words(ui, &game);
            });
            egui::ScrollArea::vertical().id_salt("help-legend").auto_shrink([false, false]).show(&mut cols[1], |ui| {
                legend(ui, &game, turned);
            });
        });
    }
}

/// What a first-time user needs to know, until they close it.
fn hint(ui: &mut egui::Ui, closed: &mut bool) {
    egui::Frame::group(ui.style()).fill(Color32::from_rgb(255, 248, 214)).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("First time here?").strong().color(Color32::from_rgb(60, 50, 20)));
            ui.label(
                RichText::new(
                    "Play: click a piece, then a lit field (or a move in the list at right); \
                     the Left and Right arrow keys step through the moves, Ctrl+Z undoes. \
                     Options (left) are the open questions of a reconstruction: changing one starts a new game. \
                     Analysis (right) plays hundreds of games between agents and compares variants. \
                     Rules (right) is the ruleset's text, checked as you type.",
                )
                .color(Color32::from_rgb(60, 50, 20)),
            );
            if ui.button("Got it").clicked() {
                *closed = true;
            }
        });
    });
}

/// The description, the rules in force and how the game ends.
fn words(ui: &mut egui::Ui, game: &Game) {
    ui.heading(format!("{}: the rules", game.title()));
    if !game.about().is_empty() {
        ui.label(RichText::new(game.about()).italics());
    }
    if !game.description().is_empty() {
        for paragraph in game.description().split("\n\n") {
            ui.label(paragraph.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    // The description is written for the default rules: the options set
    // otherwise are said next to it (issue 47: it spoke of sticks with a die).
    let changed = changed_options(game);
    if !changed.is_empty() {
        ui.label(RichText::new("Played with these options (the text above is for the defaults)").strong());
        for line in changed {
            ui.label(format!("• {line}"));
        }
    }
    for (phase, docs) in game.rule_docs().filter(|(_, d)| !d.is_empty()) {
        ui.label(RichText::new(format!("Moves ({phase})")).strong());
        for doc in docs {
            ui.label(format!("• {doc}"));
        }
    }
    let reasons: Vec<&str> = game.end_reasons().collect();
    if !reasons.is_empty() {
        ui.label(RichText::new("The game ends when").strong());
        for r in reasons {
            ui.label(format!("• {r}"));
        }
    }
    if game.description().is_empty() && game.rule_docs().all(|(_, d)| d.is_empty()) {
        ui.label(RichText::new("This ruleset has no description: see its text in the Rules tab.").weak());
    }
}

/// The options whose value is not the ruleset's default, by their labels
/// ("Chance device: a die"); the turn limit is left out.
pub fn changed_options(game: &Game) -> Vec<String> {
    use tabula::OptionValue as V;
    use tabula::ruleset::OptionDef as D;
    game.option_defs()
        .iter()
        .filter(|def| def.name() != "max_plies")
        .filter_map(|def| {
            let value = game.options().get(def.name())?;
            let shown = match (def, value) {
                (D::Bool { default, .. }, V::Bool(on)) if on != default => (if *on { "yes" } else { "no" }).to_string(),
                (D::Int { default, .. }, V::Int(n)) if n != default => n.to_string(),
                (D::Choice { default, .. }, V::Name(v)) if v != default => def.value_label(v).to_string(),
                _ => return None,
            };
            Some(format!("{}: {shown}", def.label()))
        })
        .collect()
}

/// The players with their pieces, each kind by name, and the field types.
fn legend(ui: &mut egui::Ui, game: &Game, turned: bool) {
    ui.label(RichText::new("Players and pieces").strong());
    let owned = game.kinds().iter().enumerate().filter(|(_, k)| !k.neutral);
    for (p, name) in game.players().iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let player = p as u8;
            ui.label(RichText::new(name).strong());
            for (k, kind) in owned.clone() {
                piece_icon(ui, game, Piece::new(k as u8, player), 22.0);
                ui.label(&kind.name);
            }
        });
    }
    // Pieces of nobody's (a mancala's seeds): once, not per player.
    for (k, kind) in game.kinds().iter().enumerate().filter(|(_, k)| k.neutral) {
        ui.horizontal_wrapped(|ui| {
            piece_icon(ui, game, Piece::new(k as u8, tabula::NOBODY), 22.0);
            ui.label(format!("{}: nobody's; any player moves them by the rules", kind.name));
        });
    }
    if turned {
        ui.horizontal_wrapped(|ui| {
            let mut closed = Piece::new(0, 0);
            closed.flipped = true;
            piece_icon(ui, game, closed, 22.0);
            ui.label(RichText::new("a piece turned over (closed: no letter)").weak());
        });
    }
    let types: Vec<_> = game.field_types().iter().filter(|t| !t.fields.is_empty()).collect();
    if !types.is_empty() {
        ui.label(RichText::new("Fields").strong());
        for t in types {
            ui.horizontal_wrapped(|ui| {
                let (rect, _) = ui.allocate_exact_size(Vec2::splat(16.0), Sense::hover());
                let fill = t.colour.map_or(FIELD_FILL, |[r, g, b]| Color32::from_rgb(r, g, b));
                ui.painter().rect_filled(rect, 2.0, fill);
                ui.painter().rect_stroke(rect, 2.0, Stroke::new(1.0, FIELD_LINE), StrokeKind::Inside);
                let symbol = t.symbol.as_deref().map(|s| format!(" ({s})")).unwrap_or_default();
                let names: Vec<&str> = t.fields.iter().map(|&f| game.board().name(f)).take(6).collect();
                ui.label(format!("{}{symbol}: {}", t.name, names.join(", ")));
            });
        }
    }
}

/// A piece drawn as on the board, in a line of text.
fn piece_icon(ui: &mut egui::Ui, game: &Game, piece: Piece, size: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let ground = ui.visuals().panel_fill;
    draw_piece(ui.painter(), game, &piece, rect.center(), size * 0.95, ground);
}

#[cfg(test)]
mod tests {
    use tabula::{Options, shipped};

    /// Senet with a die: the rules in words say so beside the description of the sticks (issue 47).
    #[test]
    fn options_set_otherwise_than_the_default_are_said_with_the_rules() {
        let plain = shipped::game("senet", &Options::new()).expect("compiles");
        assert!(super::changed_options(&plain).is_empty());
        let mut given = Options::new();
        given.set("chance", "Die");
        given.set("max_plies", "500");
        let die = shipped::game("senet", &given).expect("compiles");
        assert_eq!(super::changed_options(&die), ["Chance device: a die"]);
    }
}
