//! The shipped games, and opening a ruleset file.

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
        for (name, title, about) in &self.games {
            let open = bench.doc.origin == Origin::Shipped(name.clone());
            if ui.selectable_label(open, title).on_hover_text(about).clicked() && !open {
                bench.open(Origin::Shipped(name.clone()));
            }
        }
        if ui.button("Open file…").clicked() {
            bench.ask_path(PathPurpose::OpenRuleset);
        }
    }
}
