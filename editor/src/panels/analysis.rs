//! Batch self-play from the editor: the same analysis as `tabula analyze` and
//! `tabula compare`, run in the background with progress and cancel, shown as
//! a table, findings in words, and plots.

use super::Panel;
use super::side_picker::SidePicker;
use crate::agents::Side;
use crate::workbench::{PathPurpose, Workbench};
use egui_plot::{Bar, BarChart, Legend, Line, Plot};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use tabula::agents::Stop;
use tabula::{Game, Options};
use tabula_analysis::chart::{Chart, charts, svg};
use tabula_analysis::{Comparison, Config, Results, Testing, compare, run_until};

/// A run in the background.
struct Job {
    handle: JoinHandle<Result<Vec<Results>, String>>,
    labels: Vec<String>,
    done: Arc<AtomicU64>,
    total: u64,
    /// Set by Cancel: the games being played are abandoned, their agents stop thinking.
    stop: Stop,
    /// What the exported figures say of the run: games, agents, seed.
    caption: String,
}

pub struct AnalysisPanel {
    games: u32,
    agents: [Side; 2],
    pickers: SidePicker,
    swap_sides: bool,
    seed: u64,
    /// Compare every value of this option.
    sweep: Option<String>,
    job: Option<Job>,
    result: Option<(Comparison, Vec<Chart>)>,
    error: String,
}

impl Default for AnalysisPanel {
    fn default() -> AnalysisPanel {
        AnalysisPanel {
            games: 200,
            agents: [Side::Random, Side::Random],
            pickers: SidePicker::default(),
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
        self.progress(ui, bench);
        if !self.error.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(200, 60, 60), &self.error);
        }
        if let Some((comparison, charts)) = &self.result {
            egui::ScrollArea::vertical().id_salt("analysis").show(ui, |ui| show(ui, comparison, charts, bench));
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
                self.pickers.show(ui, "analysis-agent", i, label.id, false, &mut self.agents[i]);
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
                    job.stop.stop();
                }
            }
        });
    }

    /// Starts a run at once: of every value of `sweep`, or of the game as set
    /// (the editor's `--show analysis:OPTION`).
    pub fn run_now(&mut self, sweep: Option<String>, bench: &Workbench) {
        self.sweep = sweep;
        self.start(bench);
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
        let caption = figure_caption(bench.session.game.title(), self.games, &specs, self.seed, self.swap_sides);
        let config =
            Config { agents: specs, games: self.games, seed: self.seed, swap_sides: self.swap_sides, shard: None };
        let total = u64::from(self.games) * variants.len() as u64;
        let (done, stop) = (Arc::new(AtomicU64::new(0)), Stop::new());
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
        self.job = Some(Job { handle, labels, done, total, stop, caption });
    }

    fn progress(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        let Some(job) = &self.job else { return };
        if job.handle.is_finished() {
            let job = self.job.take().expect("a job");
            let labels = job.labels;
            let caption = job.caption;
            match job.handle.join() {
                Ok(Ok(runs)) if runs.iter().all(|r| !r.games.is_empty()) => {
                    let comparison = compare(labels, &runs, Testing::default());
                    let charts = charts(&comparison, &runs);
                    // What "Export plots" writes: the plots as they are shown.
                    // They say how many games, which agents and which seed (issue 47).
                    bench.plots = Some(svg(&caption, &charts));
                    self.result = Some((comparison, charts));
                }
                Ok(Ok(_)) => self.error = "cancelled".into(),
                Ok(Err(e)) => self.error = e,
                Err(_) => self.error = "the analysis stopped unexpectedly".into(),
            }
            return;
        }
        let done = job.done.load(Ordering::Relaxed);
        let stopping = job.stop.stopped();
        ui.add(egui::ProgressBar::new(done as f32 / job.total.max(1) as f32).text(format!(
            "{done} / {} games{}",
            job.total,
            if stopping { " (stopping)" } else { "" }
        )));
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
    }
}

/// The table of a comparison: a row per metric, a column per variant.
fn table(c: &Comparison) -> Vec<(String, Vec<String>)> {
    let pct = |p: &tabula_analysis::stats::Proportion| {
        format!("{:.1}% [{:.1}, {:.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
    };
    let mut rows: Vec<(String, Vec<String>)> =
        vec![("agent A wins".into(), c.reports.iter().map(|r| pct(&r.agent_wins[0])).collect())];
    for (p, name) in c.reports[0].players.iter().enumerate() {
        rows.push((format!("{name} wins"), c.reports.iter().map(|r| pct(&r.player_wins[p])).collect()));
    }
    rows.extend([
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
    ]);
    rows
}

/// The table as CSV (RFC 4180 quoting), to paste into a spreadsheet.
pub fn csv(c: &Comparison) -> String {
    let field = |s: &str| {
        if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
    };
    let mut out =
        std::iter::once("metric".to_string()).chain(c.labels.iter().map(|l| field(l))).collect::<Vec<_>>().join(",");
    out.push('\n');
    for (name, cells) in table(c) {
        let line: Vec<String> = std::iter::once(field(&name)).chain(cells.iter().map(|c| field(c))).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// The table, the findings and the plots of a comparison.
fn show(ui: &mut egui::Ui, c: &Comparison, charts: &[Chart], bench: &mut Workbench) {
    ui.horizontal(|ui| {
        if ui.button("Copy table as CSV").on_hover_text("paste it into a spreadsheet").clicked() {
            ui.ctx().copy_text(csv(c));
            bench.message = "the table is copied as CSV".into();
        }
        if ui.button("Export plots (SVG, PNG)…").clicked() {
            bench.ask_path(PathPurpose::ExportPlots);
        }
    });
    egui::ScrollArea::horizontal().id_salt("analysis-table-scroll").show(ui, |ui| {
        egui::Grid::new("analysis-table").striped(true).show(ui, |ui| {
            ui.strong("metric");
            for label in &c.labels {
                ui.strong(label);
            }
            ui.end_row();
            for (name, cells) in table(c) {
                ui.label(name);
                for cell in cells {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
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
    for chart in charts {
        ui.separator();
        plot(ui, chart);
    }
}

/// A chart with its title, axis labels, a legend in the variants' colours,
/// and intervals as whiskers.
fn plot(ui: &mut egui::Ui, chart: &Chart) {
    ui.label(egui::RichText::new(&chart.title).strong());
    let categories = chart.categories.clone();
    let mut p = Plot::new(&chart.title)
        .height(190.0)
        .legend(Legend::default().position(egui_plot::Corner::RightTop))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .x_axis_label(chart.x_label.clone())
        .y_axis_label(chart.y_label.clone())
        .include_y(0.0);
    if chart.y_max > 0.0 {
        p = p.include_y(chart.y_max);
    }
    if !categories.is_empty() {
        // Whole numbers are the categories' names; nothing between them.
        p = p.x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                categories.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        });
    }
    p.show(ui, |plot| {
        for s in &chart.series {
            let [r, g, b] = s.colour;
            let colour = egui::Color32::from_rgb(r, g, b);
            let bars = s.bars.iter().map(|b| Bar::new(b.x, b.height).width(chart.bar_width)).collect();
            plot.bar_chart(BarChart::new(s.name.clone(), bars).color(colour));
            for bar in &s.bars {
                if let Some((low, high)) = bar.interval {
                    // One legend entry for every whisker, light on the dark plot.
                    plot.line(
                        Line::new("95% interval", vec![[bar.x, low], [bar.x, high]])
                            .color(egui::Color32::from_gray(225))
                            .width(2.0),
                    );
                }
            }
        }
    });
}

/// The title of the exported figures: the game, and what a reader needs to
/// repeat the run: how many games, which agents, which seed.
fn figure_caption(title: &str, games: u32, agents: &[String], seed: u64, swap_sides: bool) -> String {
    let swapped = if swap_sides { ", sides swapped every other game" } else { "" };
    format!("{title}: {games} games per variant, agents {}, seed {seed}{swapped}", agents.join(" v "))
}
