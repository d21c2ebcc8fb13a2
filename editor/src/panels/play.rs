//! Who plays, whose turn it is, throws, undo and redo, the legal moves and
//! the moves so far.

use super::Panel;
use crate::agents::Side;
use crate::workbench::{PathPurpose, Workbench};
use tabula::{Action, Pending};

#[derive(Default)]
pub struct PlayPanel;

impl Panel for PlayPanel {
    fn name(&self) -> &'static str {
        "Play"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        let game = bench.session.game.clone();
        egui::Grid::new("sides").num_columns(2).show(ui, |ui| {
            for (p, name) in game.players().iter().enumerate() {
                let label = ui.label(name);
                let p = p as u8;
                let combo =
                    egui::ComboBox::from_id_salt(("side", p)).selected_text(bench.side(p).label()).show_ui(ui, |ui| {
                        for side in Side::ALL {
                            ui.selectable_value(bench.side_mut(p), side, side.label());
                        }
                    });
                combo.response.labelled_by(label.id);
                ui.end_row();
            }
        });
        ui.separator();
        let state = bench.session.state().clone();
        match state.outcome() {
            Some(o) => {
                let mut text = game.describe_outcome(o);
                if o.score > 0 {
                    text.push_str(&format!(" ({} points)", o.score));
                }
                ui.label(egui::RichText::new(text).heading().strong());
            }
            None => {
                ui.label(
                    egui::RichText::new(format!("{} to move", game.players()[usize::from(state.to_move())])).strong(),
                );
                ui.label(format!(
                    "phase: {}   turn {}   ply {}",
                    game.phase_name(state.phase()),
                    state.turn(),
                    state.ply()
                ));
            }
        }
        if let Some(t) = state.last_throw() {
            ui.label(format!("last throw: {t}"));
        }
        if let Pending::Chance(_) = state.pending() {
            ui.horizontal(|ui| {
                if ui.add_enabled(bench.human_to_move(), egui::Button::new("Throw")).clicked() {
                    bench.throw();
                }
                ui.label(egui::RichText::new("or pick an outcome below").weak());
            });
        }
        ui.horizontal(|ui| {
            if ui.button("New game").clicked() {
                bench.new_game();
            }
            if ui.add_enabled(bench.session.can_undo(), egui::Button::new("Undo")).clicked() {
                bench.undo();
            }
            if ui.add_enabled(bench.session.can_redo(), egui::Button::new("Redo")).clicked() {
                bench.redo();
            }
            if bench.paused && ui.button("Resume agents").clicked() {
                bench.paused = false;
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Save game…").clicked() {
                bench.ask_path(PathPurpose::SaveRecord);
            }
            if ui.button("Load game…").clicked() {
                bench.ask_path(PathPurpose::LoadRecord);
            }
        });
        ui.separator();
        let legal = bench.session.legal();
        if !legal.is_empty() && !state.is_over() {
            ui.label("Legal moves (or click the board):");
            egui::ScrollArea::vertical().id_salt("legal").max_height(110.0).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for m in legal {
                        let text = game.move_text(m);
                        let enabled = bench.human_to_move() || m.action == Action::Chance;
                        if ui.add_enabled(enabled, egui::Button::new(egui::RichText::new(&text).monospace())).clicked()
                        {
                            bench.play(m);
                        }
                    }
                });
            });
            ui.separator();
        }
        ui.label("Moves:");
        egui::ScrollArea::vertical().id_salt("moves").stick_to_bottom(true).show(ui, |ui| {
            for (i, (mover, text)) in bench.session.move_list().enumerate() {
                ui.label(
                    egui::RichText::new(format!("{:>3}. {:<6} {text}", i + 1, game.players()[usize::from(mover)]))
                        .monospace(),
                );
            }
        });
    }
}
