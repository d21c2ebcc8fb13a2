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

/// Colours of the players' pieces: fill, outline, letter. Light and dark
/// for players 1 and 2; then red, blue, green, yellow and more, each distinct.
pub fn player_colours(player: u8) -> (egui::Color32, egui::Color32, egui::Color32) {
    use egui::Color32;
    let rgb = |(r, g, b): (u8, u8, u8)| Color32::from_rgb(r, g, b);
    const DARK: (u8, u8, u8) = (24, 24, 24);
    const LIGHT: (u8, u8, u8) = (245, 240, 230);
    let (fill, line, letter) = match player {
        0 => ((247, 242, 230), (58, 58, 58), (34, 34, 34)),
        1 => ((91, 58, 36), (32, 20, 12), (242, 230, 208)),
        2 => ((196, 52, 44), (90, 20, 16), LIGHT),
        3 => ((46, 92, 176), (18, 36, 80), LIGHT),
        4 => ((60, 140, 70), (20, 60, 28), LIGHT),
        5 => ((232, 196, 60), (110, 88, 20), DARK),
        6 => ((130, 70, 160), (56, 26, 72), LIGHT),
        _ => ((230, 130, 40), (110, 56, 12), DARK),
    };
    (rgb(fill), rgb(line), rgb(letter))
}
