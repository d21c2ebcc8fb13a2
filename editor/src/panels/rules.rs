//! The ruleset's text: a code editor with colours and line numbers, checked as
//! the user types; errors listed with line and column, and marked in the text.

use super::Panel;
use crate::highlight::highlight;
use crate::workbench::{PathPurpose, Workbench};
use egui::text::{CCursor, CCursorRange};
use egui::{FontId, Id};

/// How long typing must pause before the text is checked again.
const DEBOUNCE: f64 = 0.4;

#[derive(Default)]
pub struct RulesPanel {
    /// When the text last changed and has not been checked since.
    edited_at: Option<f64>,
    /// Where to put the cursor (a char index), after a click on an error.
    jump: Option<usize>,
}

impl Panel for RulesPanel {
    fn name(&self) -> &'static str {
        "Rules"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        let now = ui.input(|i| i.time);
        ui.horizontal(|ui| {
            let label = if bench.doc.is_dirty() { "Save *" } else { "Save" };
            if ui.button(label).clicked() {
                bench.save();
            }
            if ui.button("Save as variant…").clicked() {
                bench.ask_path(PathPurpose::SaveVariant);
            }
        });
        let editor_id = Id::unique("rules-text");
        if bench.diagnostics.is_empty() {
            ui.label(egui::RichText::new("The rules are valid.").color(egui::Color32::from_rgb(46, 130, 70)));
        } else {
            ui.label(
                egui::RichText::new(format!(
                    "{} problem(s); the game keeps the last valid rules:",
                    bench.diagnostics.len()
                ))
                .color(egui::Color32::from_rgb(180, 40, 40)),
            );
            egui::ScrollArea::vertical().id_salt("errors").max_height(120.0).show(ui, |ui| {
                for d in &bench.diagnostics {
                    let place = d.at.map_or_else(String::new, |p| format!("line {}, col {}: ", p.line, p.col));
                    let text = format!(
                        "{place}{}{}",
                        if d.path.is_empty() { String::new() } else { format!("{}: ", d.path) },
                        d.message
                    );
                    if ui.link(text).clicked() {
                        if let Some(p) = d.at {
                            self.jump = Some(char_index(&bench.doc.text, p.line, p.col));
                        }
                    }
                }
            });
        }
        if let Some(index) = self.jump.take() {
            let ctx = ui.ctx().clone();
            let mut state = egui::text_edit::TextEditState::load(&ctx, editor_id).unwrap_or_default();
            state.cursor.set_char_range(Some(CCursorRange::one(CCursor::new(index))));
            state.store(&ctx, editor_id);
            ctx.memory_mut(|m| m.request_focus(editor_id));
        }
        let font = FontId::monospace(12.5);
        let error_lines: Vec<usize> = bench.diagnostics.iter().filter_map(|d| d.at.map(|p| p.line)).collect();
        let dark = ui.visuals().dark_mode;
        // No wrapping: one text row per line, so the line numbers stay true.
        let mut layouter = |ui: &egui::Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
            let mut job = highlight(text.as_str(), &error_lines, &font, dark);
            job.wrap.max_width = f32::INFINITY;
            ui.ctx().fonts_mut(|f| f.layout_job(job))
        };
        let caption =
            ui.label(egui::RichText::new(format!("Ruleset text ({})", bench.doc.origin.source_name())).small());
        let lines = bench.doc.text.lines().count().max(1);
        let numbers: String = (1..=lines).map(|n| format!("{n:>4}\n")).collect();
        let changed = egui::ScrollArea::both()
            .id_salt("source")
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.add(
                        egui::Label::new(egui::RichText::new(numbers).font(FontId::monospace(12.5)).weak())
                            .selectable(false),
                    );
                    let edit = egui::TextEdit::multiline(&mut bench.doc.text)
                        .id(editor_id)
                        .code_editor()
                        .desired_width(f32::INFINITY)
                        .margin(egui::Margin::ZERO)
                        .layouter(&mut layouter);
                    ui.add(edit).labelled_by(caption.id).changed()
                })
                .inner
            })
            .inner;
        if changed {
            self.edited_at = Some(now);
        }
        if let Some(at) = self.edited_at {
            if now - at >= DEBOUNCE {
                self.edited_at = None;
                bench.recheck();
            } else {
                ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(DEBOUNCE - (now - at)));
            }
        }
    }
}

/// The char index of a 1-based line and column.
fn char_index(text: &str, line: usize, col: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(|l| l.chars().count()).sum();
    start + col.saturating_sub(1)
}
