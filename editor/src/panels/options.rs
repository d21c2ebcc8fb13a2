//! Every option the ruleset declares, as a control with its description.

use super::Panel;
use crate::workbench::Workbench;
use tabula::OptionValue;
use tabula::ruleset::OptionDef;

#[derive(Default)]
pub struct OptionsPanel;

impl Panel for OptionsPanel {
    fn name(&self) -> &'static str {
        "Options"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        ui.heading("Options");
        let game = bench.session.game.clone();
        let mut change: Option<(String, String)> = None;
        for def in game.option_defs() {
            let current = game.options().get(def.name()).cloned();
            // The command line's name of the option, for the hover.
            let cli = |value: &str| format!("on the command line: --option {}={value}", def.name());
            match (def, current) {
                (OptionDef::Bool { name, .. }, Some(OptionValue::Bool(on))) => {
                    let mut value = on;
                    if ui.checkbox(&mut value, def.label()).on_hover_text(cli(&on.to_string())).changed() {
                        change = Some((name.clone(), value.to_string()));
                    }
                }
                (OptionDef::Choice { name, values, .. }, Some(OptionValue::Name(chosen))) => {
                    ui.horizontal_wrapped(|ui| {
                        egui::ComboBox::from_label(def.label())
                            .width(92.0)
                            .selected_text(def.value_label(&chosen))
                            .show_ui(ui, |ui| {
                                for v in values {
                                    let item = ui.selectable_label(*v == chosen, def.value_label(v));
                                    if item.on_hover_text(cli(v)).clicked() && *v != chosen {
                                        change = Some((name.clone(), v.clone()));
                                    }
                                }
                            });
                    });
                }
                (OptionDef::Int { name, min, max, .. }, Some(OptionValue::Int(n))) => {
                    let mut value = n;
                    ui.horizontal_wrapped(|ui| {
                        let response = ui.add(egui::DragValue::new(&mut value).range(*min..=*max));
                        let label = ui.label(def.label());
                        let response = response.labelled_by(label.id).on_hover_text(cli(&n.to_string()));
                        // Change on release or Enter, not on every drag step.
                        if (response.drag_stopped() || response.lost_focus()) && value != n {
                            change = Some((name.clone(), value.to_string()));
                        }
                    });
                }
                _ => {}
            }
            if !def.doc().is_empty() {
                ui.label(egui::RichText::new(def.doc()).small().weak());
            }
            ui.add_space(4.0);
        }
        if let Some((name, value)) = change {
            bench.set_option(&name, value);
        }
    }
}
