//! The editor's window: menu, games and options on the left, the board in
//! the middle, play and rules on the right; questions as modal dialogs.

use crate::document::Origin;
use crate::files::FileDialog;
use crate::panels::{AnalysisPanel, BoardPanel, GamesPanel, HelpPanel, OptionsPanel, Panel, PlayPanel, RulesPanel};
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
    help: HelpPanel,
    /// The rules in words and the legend are shown below the board.
    pub show_help: bool,
}

/// The width of the play, rules and analysis tabs.
const SIDE_WIDTH: f32 = 470.0;

/// The widths of the games list and the side panel, and the height of the
/// help panel, for a window of this size: as wide as they were designed on a
/// large screen, and narrower on a small one, so that the board keeps at
/// least 40% of the width (400 px at 1000 px) and half the height.
pub fn panel_sizes(window: egui::Vec2) -> (f32, f32, f32) {
    let games = (window.x * 0.21).clamp(190.0, 250.0);
    let side = (window.x * 0.34).clamp(330.0, SIDE_WIDTH);
    let help = (window.y * 0.25).clamp(110.0, 230.0);
    (games, side, help)
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
            play: PlayPanel::default(),
            rules: RulesPanel::default(),
            analysis: AnalysisPanel::default(),
            help: HelpPanel,
            show_help: true,
        }
    }

    /// Keys of the play view, when no text field has the keyboard: undo and
    /// redo, stepping through the moves, opening and saving.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut as K, Modifiers as M};
        let pressed = |k: K| ctx.input_mut(|i| i.consume_shortcut(&k));
        // While a text field has the keyboard, Ctrl+Z and Ctrl+Y are its own
        // undo and redo of the typing, not of a move.
        let typing = ctx.egui_wants_keyboard_input();
        if !typing && (pressed(K::new(M::COMMAND | M::SHIFT, Key::Z)) || pressed(K::new(M::COMMAND, Key::Y))) {
            self.bench.redo();
        } else if !typing && pressed(K::new(M::COMMAND, Key::Z)) {
            self.bench.undo();
        } else if pressed(K::new(M::COMMAND, Key::O)) {
            self.bench.ask_path(PathPurpose::OpenRuleset);
        } else if pressed(K::new(M::COMMAND, Key::S)) {
            self.bench.save();
        }
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let played = self.bench.session.moves_played();
        let last = played + self.bench.session.future().count();
        let target = if pressed(K::new(M::NONE, Key::ArrowLeft)) {
            played.checked_sub(1)
        } else if pressed(K::new(M::NONE, Key::ArrowRight)) {
            Some((played + 1).min(last))
        } else if pressed(K::new(M::NONE, Key::Home)) {
            Some(0)
        } else if pressed(K::new(M::NONE, Key::End)) {
            Some(last)
        } else {
            None
        };
        if let Some(n) = target {
            self.bench.go_to(n);
        }
    }

    /// A ruleset file dropped on the window is opened (asking first if
    /// something would be lost).
    fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
        if let Some(path) = dropped.into_iter().find(|p| p.extension().is_some_and(|e| e == "ron")) {
            self.bench.open(Origin::File(path));
        }
    }

    /// Opens what the command line names: a ruleset, then a game record.
    pub fn open_args(&mut self, args: &crate::args::Args) {
        if let Some(origin) = &args.ruleset {
            self.bench.open_now(origin);
        }
        if let Some(path) = &args.record {
            self.bench.load_record(path);
        }
        if let Some(path) = &args.position {
            self.bench.open_position_now(path);
        }
        match &args.show {
            Some(crate::args::Show::Rules) => self.tab = Tab::Rules,
            Some(crate::args::Show::Analysis(option)) => {
                self.tab = Tab::Analysis;
                self.analysis.run_now(option.clone(), &self.bench);
            }
            None => {}
        }
    }

    fn menu(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.add(egui::Button::new("Open ruleset file…").shortcut_text("Ctrl+O")).clicked() {
                    self.bench.ask_path(PathPurpose::OpenRuleset);
                }
                if !self.bench.recent.is_empty() {
                    ui.menu_button("Recent files", |ui| {
                        for path in self.bench.recent.clone() {
                            if ui.button(path.display().to_string()).clicked() {
                                self.bench.open(Origin::File(path));
                            }
                        }
                    });
                }
                if ui.add(egui::Button::new("Save ruleset").shortcut_text("Ctrl+S")).clicked() {
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
                ui.separator();
                if ui.button("Open position…").on_hover_text("play on from a position file of this game").clicked() {
                    self.bench.ask_path(PathPurpose::OpenPosition);
                }
                if ui.button("Save position…").on_hover_text("the position shown, as a position file").clicked() {
                    self.bench.ask_path(PathPurpose::SavePosition);
                }
            });
            ui.menu_button("View", |ui| {
                ui.checkbox(&mut self.show_help, "Rules in words and legend");
                ui.checkbox(&mut self.board.coordinates, "Field names on the board");
            });
            ui.menu_button("Game", |ui| {
                if ui.button("New game").clicked() {
                    self.bench.restart();
                }
                if ui.add(egui::Button::new("Undo").shortcut_text("Ctrl+Z")).clicked() {
                    self.bench.undo();
                }
                if ui.add(egui::Button::new("Redo").shortcut_text("Ctrl+Y")).clicked() {
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
                    // Only what the answer would lose is asked about: a new game or a
                    // position of this game keeps the rules' text (issue 45).
                    let edited = self.bench.doc.is_dirty();
                    let rules = edited && !then.keeps_rules();
                    let game = self.bench.session.in_progress();
                    ui.heading(if then.keeps_rules() { "End the game in progress?" } else { "Unsaved changes" });
                    if rules {
                        ui.label(format!(
                            "The rules of {} have changes that are not saved.",
                            self.bench.doc.origin.label()
                        ));
                    }
                    if game {
                        ui.label(format!(
                            "A game of {} is in progress ({} moves).",
                            self.bench.session.game.title(),
                            self.bench.session.moves_played()
                        ));
                    }
                    if let Then::OpenPosition(path) = then {
                        ui.label(format!("Opening {} ends it: the game goes on from that position.", path.display()));
                    }
                    if edited && then.keeps_rules() {
                        ui.label("Your changes to the rules stay as they are, not saved.");
                    }
                    ui.horizontal(|ui| {
                        if rules && ui.button("Save as variant…").clicked() {
                            answer = Some(Answer::Save(PathPurpose::SaveVariant));
                        }
                        if game && ui.button("Save game…").clicked() {
                            answer = Some(Answer::Save(PathPurpose::SaveRecord));
                        }
                        if ui.button(then.go_label()).clicked() {
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
                    let texts = self.bench.session.game.move_texts(moves);
                    for (&m, text) in moves.iter().zip(texts) {
                        if ui.button(text).clicked() {
                            answer = Some(Answer::Play(m));
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(Answer::Cancel);
                    }
                }
                Ask::File(dialog) => answer = file_dialog(ui, dialog),
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
            Answer::Save(purpose) => bench.ask_path(purpose),
            Answer::Go(Then::Open(origin)) => bench.open_now(&origin),
            Answer::Go(Then::NewGame) => bench.new_game(),
            Answer::Go(Then::Quit) => {
                bench.may_quit = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Answer::Go(Then::OpenPosition(path)) => bench.open_position_now(&path),
            Answer::SetOption(name, value) => bench.set_option_now(&name, value),
            Answer::Play(m) => bench.play(m),
            Answer::Dialog(dialog) => bench.ask = Some(Ask::File(dialog)),
            Answer::Path(purpose, path, title) => {
                bench.variant_title = title;
                bench.chosen(purpose, &path);
            }
            Answer::Overwrite(purpose, path) => bench.overwrite(purpose, &path),
        }
    }
}

/// What the user answered to a question.
enum Answer {
    Cancel,
    /// Save first, then decide again.
    Save(PathPurpose),
    Go(Then),
    SetOption(String, String),
    Play(tabula::Move),
    /// The file dialog changed (another folder, a name typed).
    Dialog(FileDialog),
    /// A path chosen, with the title given to a variant saved there.
    Path(PathPurpose, PathBuf, Option<String>),
    Overwrite(PathPurpose, PathBuf),
}

/// The file dialog: the folder with a way up, its sub-folders and `.ron`
/// files, a file name, and the button that acts.
fn file_dialog(ui: &mut egui::Ui, dialog: &FileDialog) -> Option<Answer> {
    let mut d = dialog.clone();
    let mut answer = None;
    let (title, action) = d.purpose.words();
    // One width whatever the folder's path and names (issue 47).
    ui.set_width(560.0);
    let heading = ui.heading(title);
    ui.horizontal(|ui| {
        if ui.button("Up a folder").on_hover_text("the folder above").clicked() {
            d.up();
        }
        if let Some(home) = std::env::home_dir() {
            if ui.button("Home").clicked() {
                d.enter(&home);
            }
        }
        // A long path is cut short, not widening the dialog.
        ui.add(egui::Label::new(egui::RichText::new(d.dir.display().to_string()).monospace()).truncate());
    });
    // The list keeps its size whatever the folder holds, so that the dialog
    // does not jump when the folder changes (issue 47).
    egui::ScrollArea::vertical().id_salt("file-list").max_height(260.0).auto_shrink([true, false]).show(ui, |ui| {
        ui.set_min_width(420.0);
        if d.entries.is_empty() {
            ui.label(egui::RichText::new("(no folders or files to show here)").weak());
        }
        for entry in d.entries.clone() {
            let text = if entry.is_dir { format!("{}/", entry.name) } else { entry.name.clone() };
            let selected = !entry.is_dir && entry.name == d.name;
            let response = ui.selectable_label(selected, text);
            if response.double_clicked() && !entry.is_dir {
                d.pick(&entry);
                if let Some(path) = d.accept() {
                    answer = Some(Answer::Path(d.purpose, path, d.variant.as_ref().map(|v| v.title.clone())));
                }
            } else if response.clicked() {
                d.pick(&entry);
            }
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("file name");
        ui.add(egui::TextEdit::singleline(&mut d.name).desired_width(330.0).id(egui::Id::unique("path")))
            .labelled_by(label.id)
            .labelled_by(heading.id);
    });
    variant_title(ui, &mut d);
    if d.purpose == crate::files::PathPurpose::ExportPlots {
        // The file type follows the name's extension; choosing one here changes it.
        ui.horizontal(|ui| {
            ui.label("file type");
            let now = d.extension();
            for (ext, words) in [("svg", "SVG (drawing)"), ("png", "PNG (picture)")] {
                if ui.selectable_label(now == ext, words).clicked() {
                    d.set_extension(ext);
                }
            }
        });
    }
    if let Some(problem) = &d.problem {
        ui.colored_label(egui::Color32::from_rgb(180, 40, 40), problem);
    }
    let replace = d.confirm_replace;
    if replace {
        ui.colored_label(egui::Color32::from_rgb(160, 90, 0), format!("{} exists: replace it?", d.name.trim()));
    }
    ui.horizontal(|ui| {
        let label = if replace { "Replace" } else { action };
        if ui.add_enabled(!d.name.trim().is_empty(), egui::Button::new(label)).clicked() {
            if let Some(path) = d.accept() {
                answer = Some(Answer::Path(d.purpose, path, d.variant.as_ref().map(|v| v.title.clone())));
            }
        }
        if ui.button("Cancel").clicked() {
            answer = Some(Answer::Cancel);
        }
    });
    if answer.is_none() && d != *dialog {
        answer = Some(Answer::Dialog(d));
    }
    answer
}

/// Saving a variant: its title, proposed from the file name until typed
/// (issue 47), and the name the file gives it.
fn variant_title(ui: &mut egui::Ui, d: &mut FileDialog) {
    let name = d.name.clone();
    let Some(v) = d.variant.as_mut() else { return };
    v.follow(&name);
    ui.horizontal(|ui| {
        let label = ui.label("title of the variant");
        let edit = ui.add(egui::TextEdit::singleline(&mut v.title).desired_width(300.0)).labelled_by(label.id);
        if edit.changed() {
            v.typed = true;
        }
    });
    ui.label(
        egui::RichText::new(format!(
            "Shown in the games list under \"Your rulesets\"; the original, {}, is not changed.",
            v.original_title
        ))
        .weak(),
    );
}

impl eframe::App for TabulaApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested()) && self.bench.unsaved() && !self.bench.may_quit {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.bench.ask = Some(Ask::Unsaved { then: Then::Quit });
        }
        if self.bench.tick_agents() {
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        self.dropped_files(&ctx);
        if self.bench.ask.is_none() {
            self.shortcuts(&ctx);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui));
        let (games_width, side_width, help_height) = panel_sizes(ctx.content_rect().size());
        egui::Panel::left("games").resizable(false).exact_size(games_width).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                self.games.ui(ui, &mut self.bench);
                ui.separator();
                self.options.ui(ui, &mut self.bench);
            });
        });
        // A fixed width: what a tab shows (a wide table, a long line of
        // rules) scrolls inside it and never resizes the window's layout.
        egui::Panel::right("side").resizable(false).exact_size(side_width).show(ui, |ui| {
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
        if self.show_help {
            egui::Panel::bottom("help").resizable(true).default_size(help_height).show(ui, |ui| {
                self.help.ui(ui, &mut self.bench);
            });
        }
        egui::CentralPanel::default().show(ui, |ui| self.board.ui(ui, &mut self.bench));
        self.ask(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.bench.persisted());
    }
}
