//! Who plays, whose turn it is, throws (drawn as the game's own sticks or
//! die), undo and redo, setting up a position, the legal moves and the moves
//! so far, which can be stepped through.

use super::Panel;
use super::side_picker::SidePicker;
use crate::setup::Setup;
use crate::workbench::{PathPurpose, Workbench};
use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};
use tabula::ruleset::Looks;
use tabula::{Action, Pending};

/// The height of the drawn sticks, the tallest a throw is drawn.
const THROW_HEIGHT: f32 = 34.0;

#[derive(Default)]
pub struct PlayPanel {
    sides: SidePicker,
}

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
                self.sides.show(ui, "side", usize::from(p), label.id, true, bench.side_mut(p));
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
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(format!("{} to move", game.players()[usize::from(state.to_move())]))
                            .strong(),
                    );
                    if bench.is_thinking() {
                        // No spinner: it would repaint at every frame; the
                        // window already redraws while an agent thinks.
                        ui.label(egui::RichText::new("the computer is thinking…").italics());
                    }
                });
                ui.label(format!(
                    "phase: {}   turn {}   ply {}",
                    game.phase_name(state.phase()),
                    state.turn(),
                    state.ply()
                ));
            }
        }
        // One row of the same height all game long, the Throw button first,
        // so that no button moves under the pointer when a throw is made or
        // becomes due.
        if game.has_chance() {
            let due = matches!(state.pending(), Pending::Chance(_)) && !state.is_over();
            ui.horizontal(|ui| {
                ui.set_min_height(THROW_HEIGHT);
                if ui.add_enabled(due && bench.human_to_move(), egui::Button::new("Throw")).clicked() {
                    bench.throw();
                }
                // A pool of dice: each die drawn, the spent ones greyed.
                let dice = state.dice();
                match state.last_throw() {
                    _ if due => {
                        ui.label(egui::RichText::new("a throw is due").weak());
                    }
                    _ if dice.is_thrown() => {
                        let left: Vec<String> = dice.left().map(|v| v.to_string()).collect();
                        ui.label(format!(
                            "dice left: {}",
                            if left.is_empty() { "none".into() } else { left.join(" ") }
                        ));
                        for (value, spent) in dice.thrown() {
                            draw_die(ui, value, spent);
                        }
                    }
                    Some(t) => {
                        ui.label(format!("thrown: {t}"));
                        if let Some(looks) = game.chance_looks(&state) {
                            draw_throw(ui, looks, t);
                        }
                    }
                    None => {}
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button("New game").clicked() {
                bench.restart();
            }
            if ui.add_enabled(bench.session.can_undo(), egui::Button::new("Undo")).on_hover_text("Ctrl+Z").clicked() {
                bench.undo();
            }
            if ui.add_enabled(bench.session.can_redo(), egui::Button::new("Redo")).on_hover_text("Ctrl+Y").clicked() {
                bench.redo();
            }
            if ui
                .add_enabled(bench.setup.is_none(), egui::Button::new("Set up position…"))
                .on_hover_text("put pieces on and off, choose whose turn it is, then play or analyse from there")
                .clicked()
            {
                bench.setup = Some(Setup::new(&game, &state));
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
        position_problems(ui, bench);
        ui.separator();
        // A throw's outcomes are the device's, not the player's to pick: they
        // are no buttons (Set up position… sets a throw by hand).
        let legal: Vec<_> = bench.session.legal().into_iter().filter(|m| m.action() != Action::Chance).collect();
        if !legal.is_empty() && !state.is_over() {
            ui.label("Legal moves (or click the board):");
            egui::ScrollArea::vertical().id_salt("legal").max_height(110.0).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let texts = game.move_texts(&legal);
                    for (m, text) in legal.into_iter().zip(texts) {
                        if ui
                            .add_enabled(
                                bench.human_to_move(),
                                egui::Button::new(egui::RichText::new(&text).monospace()),
                            )
                            .clicked()
                        {
                            bench.play(m);
                        }
                    }
                });
            });
            ui.separator();
        }
        ui.label("Moves (click one to see that position; Left and Right arrow keys step):");
        let played = bench.session.moves_played();
        let mut go = None;
        egui::ScrollArea::vertical().id_salt("moves").stick_to_bottom(true).show(ui, |ui| {
            if ui.selectable_label(played == 0, egui::RichText::new("  0. (start)").monospace()).clicked() {
                go = Some(0);
            }
            for (i, (mover, text)) in bench.session.move_list().enumerate() {
                let row = format!("{:>3}. {:<6} {text}", i + 1, game.players()[usize::from(mover)]);
                if ui.selectable_label(i + 1 == played, egui::RichText::new(row).monospace()).clicked() {
                    go = Some(i + 1);
                }
            }
            // Moves undone or stepped back over: still there, to step forward to.
            for (j, text) in bench.session.future().enumerate() {
                let row = format!("{:>3}. {text}", played + j + 1);
                if ui.selectable_label(false, egui::RichText::new(row).monospace().weak()).clicked() {
                    go = Some(played + j + 1);
                }
            }
        });
        if let Some(n) = go {
            bench.go_to(n);
        }
    }
}

/// Why the position file last opened was refused, each problem where it
/// is; the game shown is the one before.
fn position_problems(ui: &mut egui::Ui, bench: &mut Workbench) {
    if bench.position_problems.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("The position file was not opened; the game is unchanged:").strong());
    for problem in &bench.position_problems {
        ui.colored_label(Color32::from_rgb(180, 40, 40), problem);
    }
    if ui.button("Dismiss").clicked() {
        bench.position_problems.clear();
    }
}

/// A throw as the game's device shows it: sticks with their marked sides,
/// or a die's top face.
fn draw_throw(ui: &mut egui::Ui, looks: Looks, value: u8) {
    let ink = Color32::from_rgb(60, 45, 30);
    match looks {
        Looks::Sticks(n) => {
            let up = if value <= n { value } else { 0 };
            let (rect, response) = ui.allocate_exact_size(Vec2::new(f32::from(n) * 14.0, THROW_HEIGHT), Sense::hover());
            for i in 0..n {
                let stick = Rect::from_min_size(
                    rect.min + Vec2::new(f32::from(i) * 14.0 + 2.0, 0.0),
                    Vec2::new(9.0, THROW_HEIGHT),
                );
                let marked = i < up;
                let fill = if marked { Color32::from_rgb(250, 248, 240) } else { Color32::from_rgb(120, 84, 50) };
                ui.painter().rect_filled(stick, 4.0, fill);
                ui.painter().rect_stroke(stick, 4.0, Stroke::new(1.0, ink), egui::StrokeKind::Inside);
            }
            response.on_hover_text(format!("{up} of {n} sticks show their marked (light) side"));
        }
        Looks::Die => draw_die(ui, value, false),
    }
}

/// A numbered die showing `value`; a spent die of a pool greyed.
fn draw_die(ui: &mut egui::Ui, value: u8, spent: bool) {
    let ink = if spent { Color32::from_rgb(150, 150, 150) } else { Color32::from_rgb(60, 45, 30) };
    let face = if spent { Color32::from_rgb(215, 213, 208) } else { Color32::from_rgb(250, 248, 240) };
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(30.0), Sense::hover());
    ui.painter().rect_filled(rect, 5.0, face);
    ui.painter().rect_stroke(rect, 5.0, Stroke::new(1.5, ink), egui::StrokeKind::Inside);
    let c = rect.center();
    let d = 8.0;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        6 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[],
    };
    for (x, y) in pips {
        ui.painter().circle_filled(Pos2::new(c.x + x * d, c.y + y * d), 2.6, ink);
    }
    if pips.is_empty() {
        ui.painter().text(c, egui::Align2::CENTER_CENTER, value, egui::FontId::proportional(15.0), ink);
    }
    let words = if spent { format!("the die shows {value} (spent)") } else { format!("the die shows {value}") };
    // What a screen reader (and a test) reads of the drawing.
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    response.on_hover_text(words);
}
