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
    /// The line was just opened: the keys go to it (asked for a few frames,
    /// as the closing menu may take the focus back on the first).
    focus: u8,
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
        // Where only agents are offered, "Computer — " says nothing.
        let name = |s: Side| if person { s.label() } else { s.short_label() };
        // Ids of their own: two pickers side by side never share a widget.
        ui.push_id((id, seat), |ui| {
            ui.vertical(|ui| {
                let combo = egui::ComboBox::from_id_salt((id, seat))
                    .selected_text(name(*side))
                    .truncate()
                    .width(ui.available_width().min(330.0))
                    .show_ui(ui, |ui| {
                        for entry in Side::menu().filter(|s| person || *s != Side::Human) {
                            if ui.selectable_label(*side == entry && typing.is_none(), name(entry)).clicked() {
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
                            *typing = Some(Typing { text, error: None, focus: 3 });
                            ui.close();
                        }
                    });
                combo.response.labelled_by(label).on_hover_text(name(*side));
                let Some(t) = typing else { return };
                let mut done = false;
                let width = ui.available_width().min(330.0);
                // The line to type in takes the picker's width; its buttons go under it.
                let entered = ui
                    .horizontal(|ui| {
                        let named = ui.label("agent:");
                        let edit = ui.add(
                            egui::TextEdit::singleline(&mut t.text)
                                .id(text_id(id, seat))
                                .hint_text("e.g. mcts:1000, alphabeta:50k")
                                .desired_width((width - named.rect.width() - 8.0).max(80.0)),
                        );
                        if edit.has_focus() {
                            t.focus = 0;
                        } else if t.focus > 0 {
                            t.focus -= 1;
                            edit.request_focus();
                            ui.ctx().request_repaint();
                        }
                        let edit = edit.labelled_by(named.id);
                        edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    })
                    .inner;
                ui.horizontal(|ui| {
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
                    let text = egui::RichText::new(format!("{e}; still {}", name(*side))).color(ERROR);
                    ui.set_max_width(width);
                    ui.add(egui::Label::new(text).wrap());
                }
                if done {
                    *typing = None;
                }
            })
        });
    }
}

const ERROR: egui::Color32 = egui::Color32::from_rgb(200, 60, 60);
