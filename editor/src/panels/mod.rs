//! The editor's panels, one file each, behind one small trait.

mod analysis;
mod board;
mod board_geometry;
mod games;
mod help;
mod options;
// the picker for a choice inside a move (issue 45)
mod picker;
mod play;
mod rules;
// the side picker: a person, a strength by name, any agent (issue 46)
mod side_picker;

pub use analysis::AnalysisPanel;
pub use board::BoardPanel;
pub use games::GamesPanel;
pub use help::HelpPanel;
pub use options::OptionsPanel;
pub use play::PlayPanel;
pub use rules::RulesPanel;

use crate::workbench::Workbench;

/// A part of the editor's window.
pub trait Panel {
    fn name(&self) -> &'static str;
    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench);
}

/// Colours of a player's pieces: fill, outline, letter. The ruleset's
/// colour where it gives one; else the colour a player's name says ("Black"
/// dark, "White" light, "Red", ...); else light and dark for players 1 and 2,
/// then red, blue, green, yellow and more, each distinct.
pub fn player_colours(game: &tabula::Game, player: u8) -> (egui::Color32, egui::Color32, egui::Color32) {
    use egui::Color32;
    if player == tabula::NOBODY {
        // Nobody's pieces (a mancala's seeds): the colour of dried beans.
        return (Color32::from_rgb(196, 164, 112), Color32::from_rgb(96, 72, 40), Color32::from_rgb(48, 36, 20));
    }
    let named = || game.players().get(usize::from(player)).and_then(|name| named_colour(name));
    if let Some([r, g, b]) = game.player_colour(player).or_else(named) {
        let fill = Color32::from_rgb(r, g, b);
        // Dark letters on light pieces, light letters on dark ones.
        let light = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b) > 140.0;
        return if light {
            (fill, Color32::from_rgb(58, 58, 58), Color32::from_rgb(34, 34, 34))
        } else {
            (fill, Color32::from_rgb(32, 20, 12), Color32::from_rgb(242, 230, 208))
        };
    }
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

/// The colour a player's name says, where it is a colour word: "Black"
/// plays dark pieces whatever the player's place in the turn order.
fn named_colour(name: &str) -> Option<[u8; 3]> {
    let colour = match name.trim().to_lowercase().as_str() {
        "black" | "dark" => [43, 43, 43],
        "white" | "light" => [244, 239, 228],
        "red" => [208, 60, 50],
        "blue" => [46, 100, 180],
        "green" => [60, 154, 72],
        "yellow" => [232, 194, 50],
        "brown" => [138, 90, 54],
        _ => return None,
    };
    Some(colour)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn light(c: egui::Color32) -> bool {
        0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b()) > 140.0
    }

    #[test]
    fn black_plays_dark_pieces_and_white_light_ones_in_every_shipped_game() {
        for name in tabula::shipped::names() {
            let game = tabula::shipped::game(name, &tabula::Options::new()).expect("compiles");
            for (p, player) in game.players().iter().enumerate() {
                let (fill, _, _) = player_colours(&game, p as u8);
                match player.as_str() {
                    "Black" => assert!(!light(fill), "{name}: Black's pieces are light"),
                    "White" => assert!(light(fill), "{name}: White's pieces are dark"),
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn where_a_ruleset_gives_no_colours_the_names_decide() {
        let text = tabula::shipped::text("traditional/english-draughts").expect("shipped");
        let plain: String =
            text.lines().filter(|l| !l.trim_start().starts_with("colours:")).collect::<Vec<_>>().join("\n");
        let game = tabula::Game::from_source(&plain, "plain.ron", &tabula::Options::new()).expect("compiles");
        assert_eq!(game.player_colour(0), None, "the colours are gone");
        assert!(!light(player_colours(&game, 0).0), "Black, who moves first, plays dark pieces");
        assert!(light(player_colours(&game, 1).0), "White plays light ones");
        assert_eq!(named_colour("Attackers"), None);
    }
}
