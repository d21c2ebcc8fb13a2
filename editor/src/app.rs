//! The editor's window: menu, games and options on the left, the board in
//! the middle, play and rules on the right; questions as modal dialogs.

use crate::document::Origin;
use crate::panels::{AnalysisPanel, BoardPanel, GamesPanel, OptionsPanel, Panel, PlayPanel, RulesPanel};
use crate::workbench::{Ask, PathPurpose, Persisted, Then, Workbench};
use std::path::PathBuf;

/// Which tab the right-hand side shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Play,
    Rules,
    Analysis,
}

pub struct TabulaApp {
    pub bench: Workbench,
    pub tab: Tab,
    games: GamesPanel,
    options: OptionsPanel,
    board: BoardPanel,
    play: PlayPanel,
    rules: RulesPanel,
    analysis: AnalysisPanel,
}

impl TabulaApp {
    /// The editor, reopening the last ruleset and options where eframe kept them.
    pub fn new(cc: &eframe::CreationContext<'_>) -> TabulaApp {
        let persisted: Persisted = cc.storage.and_then(|s| eframe::get_value(s, eframe::APP_KEY)).unwrap_or_default();
        TabulaApp::with(&persisted)
    }

    pub fn with(persisted: &Persisted) -> TabulaApp {
        TabulaApp {
            bench: Workbench::new(persisted),
            tab: Tab::Play,
            games: GamesPanel::default(),
            options: OptionsPanel,
            board: BoardPanel::default(),
            play: PlayPanel,
            rules: RulesPanel::default(),
            analysis: AnalysisPanel::default(),
        }
    }

    fn menu(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Open ruleset file…").clicked() {
                    self.bench.ask_path(PathPurpose::OpenRuleset);
                }
                if ui.button("Save ruleset").clicked() {
                    self.bench.save();
                }
                if ui.button("Save ruleset as variant…").clicked() {
                    self.bench.ask_path(PathPurpose::SaveVariant);
                }
                ui.separator();
                if ui.button("Save game…").clicked() {
                    self.bench.ask_path(PathPurpose::SaveRecord);
                }
                if ui.button("Load game…").clicked() {
                    self.bench.ask_path(PathPurpose::LoadRecord);
                }
            });
            ui.menu_button("Game", |ui| {
                if ui.button("New game").clicked() {
                    self.bench.new_game();
                }
                if ui.button("Undo").clicked() {
                    self.bench.undo();
                }
                if ui.button("Redo").clicked() {
                    self.bench.redo();
                }
            });
            let dirty = if self.bench.doc.is_dirty() { " (unsaved)" } else { "" };
            ui.label(
                egui::RichText::new(format!(
                    "{} — {}{dirty}",
                    self.bench.session.game.title(),
                    self.bench.doc.origin.label()
                ))
                .strong(),
            );
            ui.label(egui::RichText::new(&self.bench.message).weak());
        });
    }

    /// The question being asked, if any, as a modal dialog.
    fn ask(&mut self, ctx: &egui::Context) {
        let Some(ask) = self.bench.ask.clone() else { return };
        let mut answer: Option<Answer> = None;
        egui::Modal::new(egui::Id::unique("ask")).show(ctx, |ui| {
            ui.set_max_width(440.0);
            match &ask {
                Ask::Unsaved { then } => {
                    ui.heading("Unsaved changes");
                    ui.label(format!(
                        "The rules of {} have changes that are not saved.",
                        self.bench.doc.origin.label()
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("Save as variant…").clicked() {
                            answer = Some(Answer::SaveFirst);
                        }
                        if ui.button("Discard changes").clicked() {
                            answer = Some(Answer::Go(then.clone()));
                        }
                        if ui.button("Cancel").clicked() {
                            answer = Some(Answer::Cancel);
                        }
                    });
                }
                Ask::OptionChange { name, value } => {
                    ui.heading("Start a new game?");
                    ui.label(format!("Setting {name} = {value} starts a new game; the game in progress ends."));
                    ui.horizontal(|ui| {
                        if ui.button("Start new game").clicked() {
                            answer = Some(Answer::SetOption(name.clone(), value.clone()));
                        }
                        if ui.button("Cancel").clicked() {
                            answer = Some(Answer::Cancel);
                        }
                    });
                }
                Ask::ChooseMove(moves) => {
                    ui.heading("Which move?");
                    for &m in moves {
                        if ui.button(self.bench.session.game.move_text(m)).clicked() {
                            answer = Some(Answer::Play(m));
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(Answer::Cancel);
                    }
                }
                Ask::Overwrite { purpose, path } => {
                    ui.heading("Replace the file?");
                    ui.label(format!("{} already exists. Replace it?", path.display()));
                    ui.horizontal(|ui| {
                        if ui.button("Replace").clicked() {
                            answer = Some(Answer::Overwrite(*purpose, path.clone()));
                        }
                        if ui.button("Cancel").clicked() {
                            answer = Some(Answer::Cancel);
                        }
                    });
                }
                Ask::Path { purpose, path } => {
                    let (title, action) = match purpose {
                        PathPurpose::SaveVariant => ("Save the rules as a variant", "Save variant"),
                        PathPurpose::OpenRuleset => ("Open a ruleset file", "Open ruleset"),
                        PathPurpose::SaveRecord => ("Save the game", "Save game"),
                        PathPurpose::LoadRecord => ("Load a game", "Load game"),
                    };
                    let heading = ui.heading(title);
                    let mut edited = path.clone();
                    ui.add(egui::TextEdit::singleline(&mut edited).desired_width(400.0).id(egui::Id::unique("path")))
                        .labelled_by(heading.id);
                    if edited != *path {
                        answer = Some(Answer::EditPath(*purpose, edited.clone()));
                    }
                    ui.horizontal(|ui| {
                        if ui.button(action).clicked() && !edited.trim().is_empty() {
                            answer = Some(Answer::Path(*purpose, PathBuf::from(edited.trim())));
                        }
                        if ui.button("Cancel").clicked() {
                            answer = Some(Answer::Cancel);
                        }
                    });
                }
            }
        });
        if let Some(answer) = answer {
            self.answer(ctx, answer);
        }
    }

    fn answer(&mut self, ctx: &egui::Context, answer: Answer) {
        let bench = &mut self.bench;
        bench.ask = None;
        match answer {
            Answer::Cancel => {}
            Answer::SaveFirst => bench.ask_path(PathPurpose::SaveVariant),
            Answer::Go(Then::Open(origin)) => bench.open_now(&origin),
            Answer::Go(Then::Quit) => {
                bench.may_quit = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Answer::SetOption(name, value) => bench.set_option_now(&name, value),
            Answer::Play(m) => bench.play(m),
            Answer::EditPath(purpose, path) => bench.ask = Some(Ask::Path { purpose, path }),
            Answer::Overwrite(purpose, path) => bench.overwrite(purpose, &path),
            Answer::Path(purpose, path) => match purpose {
                PathPurpose::SaveVariant => bench.save_as(&path),
                PathPurpose::OpenRuleset => bench.open(Origin::File(path)),
                PathPurpose::SaveRecord => bench.save_record(&path),
                PathPurpose::LoadRecord => bench.load_record(&path),
            },
        }
    }
}

/// What the user answered to a question.
enum Answer {
    Cancel,
    SaveFirst,
    Go(Then),
    SetOption(String, String),
    Play(tabula::Move),
    EditPath(PathPurpose, String),
    Path(PathPurpose, PathBuf),
    Overwrite(PathPurpose, PathBuf),
}

impl eframe::App for TabulaApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested()) && self.bench.doc.is_dirty() && !self.bench.may_quit {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.bench.ask = Some(Ask::Unsaved { then: Then::Quit });
        }
        if self.bench.tick_agents() {
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui));
        egui::Panel::left("games").resizable(false).exact_size(250.0).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                self.games.ui(ui, &mut self.bench);
                ui.separator();
                self.options.ui(ui, &mut self.bench);
            });
        });
        egui::Panel::right("side").resizable(true).default_size(430.0).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, Tab::Play, self.play.name());
                let rules = if self.bench.diagnostics.is_empty() {
                    self.rules.name().to_string()
                } else {
                    format!("{} (!)", self.rules.name())
                };
                ui.selectable_value(&mut self.tab, Tab::Rules, rules);
                ui.selectable_value(&mut self.tab, Tab::Analysis, self.analysis.name());
            });
            ui.separator();
            match self.tab {
                Tab::Play => self.play.ui(ui, &mut self.bench),
                Tab::Rules => self.rules.ui(ui, &mut self.bench),
                Tab::Analysis => self.analysis.ui(ui, &mut self.bench),
            }
        });
        egui::CentralPanel::default().show(ui, |ui| self.board.ui(ui, &mut self.bench));
        self.ask(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.bench.persisted());
    }
}
