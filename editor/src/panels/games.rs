//! The user's own rulesets, opening a ruleset file, and the shipped games.

use super::Panel;
use crate::document::Origin;
use crate::workbench::{PathPurpose, Workbench};
use tabula::{Options, shipped};

/// The list of shipped rulesets, with their one-line descriptions.
pub struct GamesPanel {
    games: Vec<(String, String, String)>,
}

impl Default for GamesPanel {
    fn default() -> GamesPanel {
        let games = shipped::listed()
            .into_iter()
            .filter_map(|name| {
                let game = shipped::game(name, &Options::new()).ok()?;
                Some((name.to_string(), game.title().to_string(), game.about().to_string()))
            })
            .collect();
        GamesPanel { games }
    }
}

impl Panel for GamesPanel {
    fn name(&self) -> &'static str {
        "Games"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        ui.heading("Games");
        // The user's own rulesets first, where they are found at once, with
        // the way to open another; then the shipped ones (issue 47).
        own_rulesets(ui, bench);
        if ui.button("Open file…").clicked() {
            bench.ask_path(PathPurpose::OpenRuleset);
        }
        ui.add_space(6.0);
        ui.label(egui::RichText::new("Shipped with Tabula").strong());
        for (name, title, about) in &self.games {
            let open = bench.doc.origin == Origin::Shipped(name.clone());
            if ui.selectable_label(open, title).on_hover_text(about).clicked() && !open {
                bench.open(Origin::Shipped(name.clone()));
            }
        }
    }
}

/// The user's own ruleset files, saved or opened (issue 47), by title; a file
/// no longer there is shown greyed, and any can be taken off the list.
fn own_rulesets(ui: &mut egui::Ui, bench: &mut Workbench) {
    if bench.own.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Your rulesets").strong());
    let mut forget = None;
    let listed: Vec<(String, crate::variant::OwnRuleset)> =
        crate::variant::own_listed(&bench.own).into_iter().map(|(label, own)| (label, own.clone())).collect();
    for (label, own) in listed {
        let open = bench.doc.origin == Origin::File(own.path.clone());
        let there = own.path.is_file();
        let text = if there { label } else { format!("{label} (file not found)") };
        let response = ui
            .add_enabled(there, egui::Button::selectable(open, text))
            .on_hover_text(own.path.display().to_string())
            .on_disabled_hover_text(own.path.display().to_string());
        if response.clicked() && !open {
            bench.open(Origin::File(own.path.clone()));
        }
        response.context_menu(|ui| {
            if ui.button("Remove from this list").clicked() {
                forget = Some(own.path.clone());
            }
        });
    }
    if let Some(path) = forget {
        bench.own.retain(|o| o.path != path);
    }
}
