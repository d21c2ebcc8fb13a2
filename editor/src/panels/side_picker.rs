//! The side picker (issue 46): a person, the computer at a strength by name,
//! or any other agent typed as `tabula` reads it (`mcts:1000`,
//! `alphabeta:50k`), its mistake shown under it and the seat's choice kept.

use crate::agents::Side;

/// What is being typed under "Other agent…", per seat.
#[derive(Default)]
pub struct SidePicker {
    /// Seats whose "Other agent…" line is open, with the text typed.
    typing: Vec<Option<Typing>>,
}

struct Typing {
    text: String,
    /// Why the text typed last is no agent (the seat kept its choice).
    error: Option<String>,
}

/// The text a person types an agent in, for seat `seat` of `id`.
fn text_id(id: &str, seat: usize) -> egui::Id {
    egui::Id::unique(("other-agent", id, seat))
}

impl SidePicker {
    /// The picker for one seat: `label` names it (the player, "agent A");
    /// `person` offers a person. Changes `side` only to an agent that reads.
    pub fn show(&mut self, ui: &mut egui::Ui, id: &str, seat: usize, label: egui::Id, person: bool, side: &mut Side) {
        if self.typing.len() <= seat {
            self.typing.resize_with(seat + 1, || None);
        }
        let typing = &mut self.typing[seat];
        ui.vertical(|ui| {
            let combo = egui::ComboBox::from_id_salt((id, seat))
                .selected_text(side.label())
                .truncate()
                .width(ui.available_width().min(330.0))
                .show_ui(ui, |ui| {
                    for entry in Side::menu().filter(|s| person || *s != Side::Human) {
                        if ui.selectable_label(*side == entry && typing.is_none(), entry.label()).clicked() {
                            *side = entry;
                            *typing = None;
                        }
                    }
                    let other = typing.is_some() || !side.in_menu();
                    if ui
                        .selectable_label(other, "Other agent…")
                        .on_hover_text("any agent tabula reads: random, greedy, mcts:1000, alphabeta:50k, …")
                        .clicked()
                    {
                        let text = if side.in_menu() {
                            String::new()
                        } else {
                            side.agent().map(|a| a.to_string()).unwrap_or_default()
                        };
                        *typing = Some(Typing { text, error: None });
                        ui.memory_mut(|m| m.request_focus(text_id(id, seat)));
                    }
                });
            combo.response.labelled_by(label).on_hover_text(side.label());
            let Some(t) = typing else { return };
            let mut done = false;
            ui.horizontal(|ui| {
                let named = ui.label("agent:");
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut t.text)
                        .id(text_id(id, seat))
                        .hint_text("e.g. mcts:1000, alphabeta:50k")
                        .desired_width(150.0),
                );
                let edit = edit.labelled_by(named.id);
                let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Use").clicked() || entered {
                    match Side::from_typed(&t.text) {
                        Ok(chosen) => {
                            *side = chosen;
                            done = true;
                        }
                        Err(e) => t.error = Some(e),
                    }
                }
                if ui.button("Cancel").clicked() {
                    done = true;
                }
            });
            if let Some(e) = &t.error {
                ui.add(
                    egui::Label::new(egui::RichText::new(format!("{e}; still {}", side.label())).color(ERROR)).wrap(),
                );
            }
            if done {
                *typing = None;
            }
        });
    }
}

const ERROR: egui::Color32 = egui::Color32::from_rgb(200, 60, 60);
