//! Batch self-play from the editor: the same analysis as `tabula analyze` and
//! `tabula compare`, run in the background with progress and cancel, shown as
//! a table, findings in words, and plots.

use super::Panel;
use crate::agents::Side;
use crate::workbench::Workbench;
use egui_plot::{Bar, BarChart, Legend, Line, Plot};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use tabula::analysis::{Comparison, Config, Results, Testing, compare, run_until};
use tabula::{Game, Options};

/// A run in the background.
struct Job {
    handle: JoinHandle<Result<Vec<Results>, String>>,
    labels: Vec<String>,
    done: Arc<AtomicU64>,
    total: u64,
    stop: Arc<AtomicBool>,
}

pub struct AnalysisPanel {
    games: u32,
    agents: [Side; 2],
    swap_sides: bool,
    seed: u64,
    /// Compare every value of this option.
    sweep: Option<String>,
    job: Option<Job>,
    result: Option<(Comparison, Vec<Results>)>,
    error: String,
}

impl Default for AnalysisPanel {
    fn default() -> AnalysisPanel {
        AnalysisPanel {
            games: 200,
            agents: [Side::Random, Side::Random],
            swap_sides: false,
            seed: 1,
            sweep: None,
            job: None,
            result: None,
            error: String::new(),
        }
    }
}

impl Panel for AnalysisPanel {
    fn name(&self) -> &'static str {
        "Analysis"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        self.settings(ui, bench);
        self.progress(ui);
        if !self.error.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(200, 60, 60), &self.error);
        }
        if let Some((comparison, runs)) = &self.result {
            egui::ScrollArea::vertical().id_salt("analysis").show(ui, |ui| show(ui, comparison, runs));
        }
    }
}

impl AnalysisPanel {
    fn settings(&mut self, ui: &mut egui::Ui, bench: &Workbench) {
        let running = self.job.is_some();
        egui::Grid::new("analysis-settings").num_columns(2).show(ui, |ui| {
            let label = ui.label("games");
            ui.add(egui::DragValue::new(&mut self.games).range(2..=100_000).speed(10.0)).labelled_by(label.id);
            ui.end_row();
            for (i, name) in ["agent A", "agent B"].into_iter().enumerate() {
                let label = ui.label(name);
                ui.horizontal(|ui| {
                    let combo = egui::ComboBox::from_id_salt(("analysis-agent", i))
                        .selected_text(self.agents[i].label())
                        .show_ui(ui, |ui| {
                            for side in Side::ALL.into_iter().filter(|s| *s != Side::Human) {
                                if ui.selectable_label(self.agents[i].same_kind(side), side.label()).clicked() {
                                    self.agents[i] = side;
                                }
                            }
                        });
                    combo.response.labelled_by(label.id);
                    if let Side::Mcts(n) = &mut self.agents[i] {
                        ui.add(egui::DragValue::new(n).range(10..=20_000).speed(10.0).suffix(" it"))
                            .labelled_by(label.id);
                    }
                });
                ui.end_row();
            }
            let label = ui.label("compare the values of");
            let names: Vec<String> = bench
                .session
                .game
                .option_defs()
                .iter()
                .map(|d| d.name().to_string())
                .filter(|n| n != "max_plies")
                .collect();
            let shown = self.sweep.clone().unwrap_or_else(|| "(no option: one variant)".into());
            egui::ComboBox::from_id_salt("sweep")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.sweep, None, "(no option: one variant)");
                    for n in names {
                        ui.selectable_value(&mut self.sweep, Some(n.clone()), n);
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.seed)).labelled_by(label.id);
            ui.end_row();
        });
        ui.checkbox(&mut self.swap_sides, "swap sides every other game");
        ui.horizontal(|ui| {
            if ui.add_enabled(!running, egui::Button::new("Run analysis")).clicked() {
                self.start(bench);
            }
            if running && ui.button("Cancel").clicked() {
                if let Some(job) = &self.job {
                    job.stop.store(true, Ordering::Relaxed);
                }
            }
        });
    }

    /// Starts a run of every variant on a background thread.
    fn start(&mut self, bench: &Workbench) {
        self.error.clear();
        let base: Options = bench.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let source = bench.doc.origin.source_name();
        let mut variants: Vec<(String, Game)> = Vec::new();
        let values = self
            .sweep
            .as_ref()
            .and_then(|name| bench.session.game.option_defs().iter().find(|d| d.name() == name))
            .map(tabula::options::all_values);
        let compile =
            |options: &Options| Game::from_source(&bench.valid_text, &source, options).map_err(|e| e.to_string());
        let result: Result<(), String> = (|| {
            match (&self.sweep, values) {
                (Some(name), Some(values)) => {
                    for v in values {
                        let mut options = base.clone();
                        options.set(name.clone(), v.to_string());
                        variants.push((format!("{name}={v}"), compile(&options)?));
                    }
                }
                _ => variants.push((bench.session.game.title().to_string(), compile(&base)?)),
            }
            Ok(())
        })();
        if let Err(e) = result {
            self.error = e;
            return;
        }
        let specs = self.agents.map(|a| a.agent().unwrap_or(tabula::agents::AgentSpec::Random).to_string());
        let config =
            Config { agents: specs, games: self.games, seed: self.seed, swap_sides: self.swap_sides, shard: None };
        let total = u64::from(self.games) * variants.len() as u64;
        let (done, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
        let labels = variants.iter().map(|(l, _)| l.clone()).collect();
        let (d, s) = (done.clone(), stop.clone());
        let handle = std::thread::spawn(move || {
            let mut runs = Vec::new();
            for (_, game) in &variants {
                let before = d.load(Ordering::Relaxed);
                runs.push(run_until(game, &config, &|n| d.store(before + n, Ordering::Relaxed), &s)?);
            }
            Ok(runs)
        });
        self.result = None;
        self.job = Some(Job { handle, labels, done, total, stop });
    }

    fn progress(&mut self, ui: &mut egui::Ui) {
        let Some(job) = &self.job else { return };
        if job.handle.is_finished() {
            let job = self.job.take().expect("a job");
            let labels = job.labels;
            match job.handle.join() {
                Ok(Ok(runs)) if runs.iter().all(|r| !r.games.is_empty()) => {
                    self.result = Some((compare(labels, &runs, Testing::default()), runs));
                }
                Ok(Ok(_)) => self.error = "cancelled".into(),
                Ok(Err(e)) => self.error = e,
                Err(_) => self.error = "the analysis stopped unexpectedly".into(),
            }
            return;
        }
        let done = job.done.load(Ordering::Relaxed);
        let stopping = job.stop.load(Ordering::Relaxed);
        ui.add(egui::ProgressBar::new(done as f32 / job.total.max(1) as f32).text(format!(
            "{done} / {} games{}",
            job.total,
            if stopping { " (stopping)" } else { "" }
        )));
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
    }
}

/// The table, the findings and the plots of a comparison.
fn show(ui: &mut egui::Ui, c: &Comparison, runs: &[Results]) {
    egui::Grid::new("analysis-table").striped(true).show(ui, |ui| {
        ui.strong("metric");
        for label in &c.labels {
            ui.strong(label);
        }
        ui.end_row();
        let pct = |p: &tabula::analysis::stats::Proportion| {
            format!("{:.1}% [{:.1}, {:.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
        };
        let rows: Vec<(String, Vec<String>)> = vec![
            ("agent A wins".into(), c.reports.iter().map(|r| pct(&r.agent_wins[0])).collect()),
            (format!("{} wins", c.reports[0].players[0]), c.reports.iter().map(|r| pct(&r.player_wins[0])).collect()),
            (format!("{} wins", c.reports[0].players[1]), c.reports.iter().map(|r| pct(&r.player_wins[1])).collect()),
            ("draws".into(), c.reports.iter().map(|r| pct(&r.draws)).collect()),
            ("turn limit".into(), c.reports.iter().map(|r| pct(&r.timeouts)).collect()),
            ("balance".into(), c.reports.iter().map(|r| format!("{:.3}", r.balance)).collect()),
            (
                "plies (mean)".into(),
                c.reports
                    .iter()
                    .map(|r| format!("{:.1} [{:.1}, {:.1}]", r.plies.mean, r.plies.low, r.plies.high))
                    .collect(),
            ),
            (
                "plies (median / p90)".into(),
                c.reports.iter().map(|r| format!("{:.0} / {:.0}", r.plies.median, r.plies.p90)).collect(),
            ),
            (
                "branching factor".into(),
                c.reports.iter().map(|r| format!("{:.2} (max {})", r.branching, r.max_branching)).collect(),
            ),
            ("games/s".into(), c.reports.iter().map(|r| format!("{:.1}", r.games_per_second)).collect()),
        ];
        for (name, cells) in rows {
            ui.label(name);
            for cell in cells {
                ui.label(cell);
            }
            ui.end_row();
        }
    });
    if !c.changes.is_empty() {
        ui.label(format!("Tests: {}.", c.family_text()));
    }
    for (label, changes) in c.labels.iter().skip(1).zip(&c.changes) {
        ui.label(egui::RichText::new(format!("{label} against {}:", c.labels[0])).strong());
        let found: Vec<&String> = changes.iter().filter_map(|ch| ch.sentence.as_ref()).collect();
        if found.is_empty() {
            ui.label(format!("no difference passes the {} level ({}).", c.testing.level, c.testing.correction.name()));
        }
        for s in found {
            ui.label(format!("- {s}"));
        }
    }
    ui.separator();
    ui.label("Game length (plies)");
    Plot::new("lengths").height(150.0).legend(Legend::default()).allow_scroll(false).show(ui, |plot| {
        let longest = runs.iter().flat_map(|r| r.games.iter().map(|g| g.plies)).max().unwrap_or(1).max(1);
        for (i, r) in runs.iter().enumerate() {
            let bins = histogram(r, longest);
            let width = bins.first().map_or(1.0, |b| b.2);
            let bars = bins.into_iter().map(|(x, n, _)| Bar::new(x, n).width(width * 0.9)).collect();
            plot.bar_chart(BarChart::new(c.labels[i].clone(), bars));
        }
    });
    ui.label("Win rates with 95% intervals");
    Plot::new("wins").height(150.0).legend(Legend::default()).allow_scroll(false).include_y(0.0).include_y(1.0).show(
        ui,
        |plot| {
            for (i, r) in c.reports.iter().enumerate() {
                let shift = i as f64 * 0.8 / c.reports.len() as f64;
                let bars: Vec<Bar> = (0..2)
                    .map(|p| {
                        Bar::new(p as f64 + shift, r.player_wins[p].rate)
                            .width(0.7 / c.reports.len() as f64)
                            .name(&r.players[p])
                    })
                    .collect();
                plot.bar_chart(BarChart::new(c.labels[i].clone(), bars));
                for p in 0..2 {
                    let x = p as f64 + shift;
                    // Same name as the bars: one legend entry per variant.
                    plot.line(Line::new(
                        c.labels[i].clone(),
                        vec![[x, r.player_wins[p].low], [x, r.player_wins[p].high]],
                    ));
                }
            }
        },
    );
    if c.reports.len() > 1 {
        ui.label("Mean length by variant, with 95% intervals");
        Plot::new("variants").height(150.0).allow_scroll(false).include_y(0.0).show(ui, |plot| {
            let bars = c
                .reports
                .iter()
                .enumerate()
                .map(|(i, r)| Bar::new(i as f64, r.plies.mean).width(0.6).name(&c.labels[i]))
                .collect();
            plot.bar_chart(BarChart::new("mean plies", bars));
            for (i, r) in c.reports.iter().enumerate() {
                plot.line(Line::new("interval", vec![[i as f64, r.plies.low], [i as f64, r.plies.high]]));
            }
        });
    }
}

/// Up to 20 bins of game lengths, the same for every variant: (centre, games, width).
fn histogram(r: &Results, longest: u32) -> Vec<(f64, f64, f64)> {
    let max = f64::from(longest);
    let width = (max / 20.0).ceil().max(1.0);
    let bins = (max / width).floor() as usize + 1;
    let mut counts = vec![0.0; bins];
    for g in &r.games {
        counts[((f64::from(g.plies) / width) as usize).min(bins - 1)] += 1.0;
    }
    counts.into_iter().enumerate().map(|(i, n)| ((i as f64 + 0.5) * width, n, width)).collect()
}
