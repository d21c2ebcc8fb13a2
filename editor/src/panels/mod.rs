//! The editor's panels, one file each, behind one small trait.

mod analysis;
mod board;
mod games;
mod options;
mod play;
mod rules;

pub use analysis::AnalysisPanel;
pub use board::BoardPanel;
pub use games::GamesPanel;
pub use options::OptionsPanel;
pub use play::PlayPanel;
pub use rules::RulesPanel;

use crate::workbench::Workbench;

/// A part of the editor's window.
pub trait Panel {
    fn name(&self) -> &'static str;
    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench);
}

/// Colours of the players' pieces: fill, outline, letter.
pub fn player_colours(player: u8) -> (egui::Color32, egui::Color32, egui::Color32) {
    use egui::Color32;
    if player == 0 {
        (Color32::from_rgb(247, 242, 230), Color32::from_rgb(58, 58, 58), Color32::from_rgb(34, 34, 34))
    } else {
        (Color32::from_rgb(91, 58, 36), Color32::from_rgb(32, 20, 12), Color32::from_rgb(242, 230, 208))
    }
}
