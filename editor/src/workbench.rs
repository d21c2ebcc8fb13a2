//! What the editor's panels share: the ruleset document, the game being
//! played, options, sides and agents, and the actions the panels ask for.

use crate::agents::{Answer, Side, Thinking};
use crate::document::{Document, Origin};
use crate::files::FileDialog;
pub use crate::files::PathPurpose;
use crate::session::Session;
use crate::variant::{self, OwnRuleset};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tabula::agents::sample_chance;
use tabula::{Action, Diagnostic, Error, Game, Move, Options, Record};
use tabula_files::{self as files, Overwrite};

mod position_file;

/// What the editor remembers between runs.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Persisted {
    pub origin: Origin,
    pub options: BTreeMap<String, String>,
    /// Who plays each seat, player 1 first (seats not listed: the computer
    /// as a beginner).
    pub sides: Vec<Side>,
    /// Ruleset files opened or saved, most recent first.
    pub recent: Vec<PathBuf>,
    /// The first-run hint was read and closed.
    pub hint_closed: bool,
    /// The rules' text when it had unsaved changes, so that they survive a
    /// crash or a kill (eframe stores this every few seconds).
    pub draft: Option<String>,
    /// The options last chosen for each game, by ruleset name (issue 47):
    /// coming back to a game brings them back.
    pub options_by_game: BTreeMap<String, BTreeMap<String, String>>,
    /// The user's ruleset files, saved or opened, for the games list (issue 47).
    pub own_rulesets: Vec<OwnRuleset>,
}

/// How many recent files the File menu lists.
const RECENT: usize = 8;

impl Default for Persisted {
    fn default() -> Persisted {
        Persisted {
            // The first game of the shipped list (its order is data, rulesets/order.txt);
            // the editor knows no game in particular.
            origin: Origin::Shipped(first_shipped().into()),
            options: BTreeMap::new(),
            sides: vec![Side::Human, Side::Strength(0)],
            recent: Vec::new(),
            hint_closed: false,
            draft: None,
            options_by_game: BTreeMap::new(),
            own_rulesets: Vec::new(),
        }
    }
}

fn first_shipped() -> &'static str {
    tabula::shipped::listed().first().copied().expect("Tabula ships rulesets")
}

/// A question the editor must ask before doing something.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// Unsaved changes (the rules' text, a game in progress, or both) would be lost by doing `then`.
    Unsaved { then: Then },
    /// Changing an option ends the game in progress.
    OptionChange { name: String, value: String },
    /// Several moves end on the clicked field: which one?
    ChooseMove(Vec<Move>),
    /// A file, for: saving a variant, opening a ruleset, saving or loading a game.
    File(FileDialog),
    /// The file chosen to save to exists: replace it?
    Overwrite { purpose: PathPurpose, path: PathBuf },
}

/// What to do once unsaved changes are saved or discarded.
#[derive(Debug, Clone, PartialEq)]
pub enum Then {
    Open(Origin),
    NewGame,
    Quit,
    /// Plays on from the position in this file (issue 45).
    OpenPosition(PathBuf),
}

impl Then {
    /// Whether doing it keeps the rules' text as it is, saved or not: a new
    /// game, or a position of the game open, ends only the game in progress.
    pub fn keeps_rules(&self) -> bool {
        matches!(self, Then::NewGame | Then::OpenPosition(_))
    }

    /// The words of the answer that does it without saving: what it does.
    pub fn go_label(&self) -> &'static str {
        match self {
            Then::Open(_) | Then::Quit => "Discard changes",
            Then::NewGame => "End the game and start a new one",
            Then::OpenPosition(_) => "End the game and open the position",
        }
    }
}

pub struct Workbench {
    pub doc: Document,
    pub session: Session,
    /// The text the current game was compiled from (the last valid one).
    pub valid_text: String,
    /// Problems in the document's text as last checked.
    pub diagnostics: Vec<Diagnostic>,
    pub options: BTreeMap<String, String>,
    /// The options last chosen for each game, by ruleset name.
    pub options_by_game: BTreeMap<String, BTreeMap<String, String>>,
    /// Who plays each seat, player 1 first (seats not listed: the computer
    /// as a beginner).
    pub sides: Vec<Side>,
    /// Agents wait (after an undo) until the player resumes them.
    pub paused: bool,
    pub ask: Option<Ask>,
    /// A line for the status bar: what just happened or went wrong.
    pub message: String,
    /// Pause between an agent's moves, so a person can follow.
    pub agent_pause: Duration,
    /// The window may close (unsaved changes were dealt with).
    pub may_quit: bool,
    pub recent: Vec<PathBuf>,
    /// The user's ruleset files, saved or opened: "Your rulesets" in the games list.
    pub own: Vec<OwnRuleset>,
    /// The title the file dialog gave the variant being saved.
    pub variant_title: Option<String>,
    pub hint_closed: bool,
    /// The plots of the last analysis as SVG, for "Export plots".
    pub plots: Option<String>,
    /// A position being set up by hand, shown on the board instead of the game.
    pub setup: Option<crate::setup::Setup>,
    /// Why the last position file could not be opened, located, line by line.
    pub position_problems: Vec<String>,
    /// The folder of the last file chosen, where the next dialog opens.
    last_dir: Option<PathBuf>,
    thinking: Option<Thinking>,
    /// Changes whenever the position does; agents' answers for older ones are dropped.
    ticket: u64,
    rng: ChaCha8Rng,
}

impl Workbench {
    /// Opens what was remembered, falling back to the first shipped game.
    pub fn new(persisted: &Persisted) -> Workbench {
        let doc = Document::load(&persisted.origin)
            .unwrap_or_else(|_| Document::shipped(first_shipped()).expect("a shipped ruleset"));
        let draft = persisted.draft.clone().filter(|_| doc.origin == persisted.origin);
        let options: Options = persisted.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let (game, options) = match compile(&doc, &doc.text, &options) {
            Ok(game) => (game, persisted.options.clone()),
            Err(_) => {
                let fallback = Document::shipped(first_shipped()).expect("a shipped ruleset");
                let game = compile(&fallback, &fallback.text, &Options::new()).expect("shipped rulesets compile");
                return Workbench::with(fallback, game, BTreeMap::new(), persisted);
            }
        };
        let mut bench = Workbench::with(doc, game, options, persisted);
        if let Some(text) = draft {
            // Unsaved changes of the last run, back as unsaved changes.
            bench.doc.text = text;
            bench.recheck();
            bench.message = "your unsaved changes of the last session are back".into();
        }
        bench
    }

    fn with(doc: Document, game: Game, options: BTreeMap<String, String>, persisted: &Persisted) -> Workbench {
        Workbench {
            sides: persisted.sides.clone(),
            recent: persisted.recent.clone(),
            own: persisted.own_rulesets.clone(),
            variant_title: None,
            hint_closed: persisted.hint_closed,
            setup: None,
            position_problems: Vec::new(),
            plots: None,
            last_dir: persisted.recent.first().and_then(|p| p.parent()).map(Path::to_path_buf),
            valid_text: doc.text.clone(),
            doc,
            session: Session::new(game),
            diagnostics: Vec::new(),
            options,
            options_by_game: persisted.options_by_game.clone(),
            paused: false,
            ask: None,
            message: String::new(),
            agent_pause: Duration::from_millis(350),
            may_quit: false,
            thinking: None,
            ticket: 0,
            rng: ChaCha8Rng::seed_from_u64(1),
        }
    }

    /// Changes whenever the position or the game does.
    pub fn ticket(&self) -> u64 {
        self.ticket
    }

    pub fn persisted(&self) -> Persisted {
        Persisted {
            origin: self.doc.origin.clone(),
            options: self.options.clone(),
            sides: self.sides.clone(),
            recent: self.recent.clone(),
            hint_closed: self.hint_closed,
            draft: self.doc.is_dirty().then(|| self.doc.text.clone()),
            options_by_game: self.options_by_game.clone(),
            own_rulesets: self.own.clone(),
        }
    }

    fn changed(&mut self) {
        self.ticket += 1;
        self.thinking = None;
    }

    /// A new game: agents paused in the last one play again.
    fn start(&mut self, session: Session) {
        self.session = session;
        self.setup = None;
        self.position_problems.clear();
        self.paused = false;
        self.changed();
    }

    /// What would be lost by leaving: the rules' unsaved text, a game in progress.
    pub fn unsaved(&self) -> bool {
        self.doc.is_dirty() || self.session.in_progress()
    }

    /// Puts a ruleset file first in the recent files.
    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }

    /// Opens another ruleset, asking first if the text has unsaved changes
    /// or a game is in progress.
    pub fn open(&mut self, origin: Origin) {
        if self.unsaved() {
            self.ask = Some(Ask::Unsaved { then: Then::Open(origin) });
            return;
        }
        self.open_now(&origin);
    }

    pub fn open_now(&mut self, origin: &Origin) {
        match Document::load(origin) {
            Ok(doc) => {
                if let Some(path) = doc.path() {
                    self.remember(path);
                }
                self.doc = doc;
                self.options.clear();
                self.diagnostics.clear();
                self.message = format!("opened {}", self.doc.origin.label());
                let compiled = self.recompile(true);
                if let Some(path) = self.doc.path().map(Path::to_path_buf) {
                    let title = if compiled { self.session.game.title().to_string() } else { file_stem(&path) };
                    variant::remember_own(&mut self.own, &path, &title);
                }
                if !compiled {
                    self.message = format!("{} has mistakes: see Rules", self.doc.origin.label());
                } else if let Some(remembered) = self.options_by_game.get(self.session.game.name()).cloned() {
                    // The options chosen when this game was last played (those
                    // it no longer declares fall back to their defaults).
                    if !remembered.is_empty() {
                        self.options = remembered;
                        self.recompile(true);
                    }
                }
            }
            Err(e) => self.message = e,
        }
    }

    /// Checks the document's text; if it is valid and new, a new game starts
    /// under it. Returns whether it is valid.
    pub fn recheck(&mut self) -> bool {
        let fresh = self.doc.text != self.valid_text;
        self.recompile(fresh)
    }

    fn recompile(&mut self, new_game: bool) -> bool {
        let given: Options = self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let result = compile(&self.doc, &self.doc.text, &given).or_else(|e| match e {
            // Options that the edited rules no longer declare fall back to defaults.
            Error::Option(_) => {
                self.options.clear();
                compile(&self.doc, &self.doc.text, &Options::new())
            }
            e => Err(e),
        });
        match result {
            Ok(game) => {
                self.diagnostics.clear();
                if new_game {
                    self.valid_text = self.doc.text.clone();
                    self.start(Session::new(game));
                }
                true
            }
            Err(Error::Load(e)) => {
                self.diagnostics = e.diagnostics;
                false
            }
            Err(e) => {
                self.diagnostics = vec![Diagnostic { at: None, path: String::new(), message: e.to_string() }];
                false
            }
        }
    }

    /// Sets an option; asks first if a game is in progress.
    pub fn set_option(&mut self, name: &str, value: String) {
        if self.session.in_progress() {
            self.ask = Some(Ask::OptionChange { name: name.to_string(), value });
        } else {
            self.set_option_now(name, value);
        }
    }

    pub fn set_option_now(&mut self, name: &str, value: String) {
        self.options.insert(name.to_string(), value);
        self.options_by_game.insert(self.session.game.name().to_string(), self.options.clone());
        let given: Options = self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        match compile(&self.doc, &self.valid_text, &given) {
            Ok(game) => {
                self.start(Session::new(game));
                self.message = "new game under the changed option".into();
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    /// A new game, asking first if one is in progress.
    pub fn restart(&mut self) {
        if self.session.in_progress() {
            self.ask = Some(Ask::Unsaved { then: Then::NewGame });
        } else {
            self.new_game();
        }
    }

    pub fn new_game(&mut self) {
        let game = (*self.session.game).clone();
        self.start(Session::new(game));
    }

    /// Plays on from a position set up by hand: a new game that starts there.
    pub fn play_from(&mut self, state: tabula::State) {
        let game = (*self.session.game).clone();
        self.start(Session::from_position(game, state));
        self.message = "playing from the position set up".into();
    }

    /// Shows the position after `n` moves (the later moves can be redone);
    /// agents wait, as after an undo.
    pub fn go_to(&mut self, n: usize) {
        if self.session.go_to(n) {
            self.paused = true;
            self.changed();
        }
    }

    pub fn play(&mut self, m: Move) {
        match self.session.play(m) {
            Ok(()) => self.changed(),
            Err(e) => self.message = e.to_string(),
        }
    }

    /// Against the computer, back to the person's last decision, the
    /// computer's replies with it (a throw made before it stands), and the
    /// computer stays ready; where people play every seat, or only agents,
    /// back one move, and agents wait until resumed.
    pub fn undo(&mut self) {
        let players = self.session.game.players().len() as u8;
        let people = (0..players).filter(|&p| self.side(p) == Side::Human).count();
        if people == 0 || people == usize::from(players) {
            if self.session.undo() {
                self.paused = true;
                self.changed();
            }
            return;
        }
        match self.session.before_last_decision(|p| self.side(p) == Side::Human) {
            Some(n) => {
                self.session.go_to(n);
                self.paused = false;
                self.changed();
            }
            None => self.message = "nothing of yours to take back yet".into(),
        }
    }

    pub fn redo(&mut self) {
        if self.session.redo() {
            self.changed();
        }
    }

    /// Throws the chance device that is due, by its real probabilities.
    pub fn throw(&mut self) {
        let legal = self.session.legal();
        if legal.first().is_some_and(|m| m.action() == Action::Chance) {
            let m = sample_chance(&self.session.game, self.session.state(), &legal, &mut self.rng);
            self.play(m);
        }
    }

    /// Who plays `player`'s seat.
    pub fn side(&self, player: u8) -> Side {
        self.sides.get(usize::from(player)).copied().unwrap_or(Side::Strength(0))
    }

    /// Who plays `player`'s seat, to change it (seats up to it are filled in first).
    pub fn side_mut(&mut self, player: u8) -> &mut Side {
        let p = usize::from(player);
        if self.sides.len() <= p {
            self.sides.resize(p + 1, Side::Strength(0));
        }
        &mut self.sides[p]
    }

    /// Whether the side to move is a person (who must click, or throw).
    pub fn human_to_move(&self) -> bool {
        self.side(self.session.state().to_move()) == Side::Human
    }

    /// The agent thinking, if any (for tests: whether its thread ends once it is dropped).
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// Whether an agent is thinking about the position shown.
    pub fn is_thinking(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| t.ticket == self.ticket)
    }

    /// Starts an agent or plays its answer; true while one is thinking.
    pub fn tick_agents(&mut self) -> bool {
        // A seat given to another agent while its last one thought: the new one thinks afresh.
        let mover = self.side(self.session.state().to_move());
        if self.thinking.as_ref().is_some_and(|t| t.side != mover) {
            self.thinking = None;
        }
        match self.thinking.as_ref().filter(|t| t.ticket == self.ticket).map(Thinking::poll) {
            Some(Answer::Move(m)) => {
                self.thinking = None;
                self.play(m);
            }
            Some(Answer::Failed) => {
                // Nothing of the user's is lost: the game stays as it was.
                self.thinking = None;
                self.paused = true;
                self.message = "the agent stopped unexpectedly; the game is kept: resume or play on".into();
            }
            Some(Answer::Waiting) | None => {}
        }
        let state = self.session.state();
        if state.is_over() || self.paused || self.human_to_move() || self.ask.is_some() {
            self.thinking = None;
            return false;
        }
        if self.thinking.is_none() {
            let side = self.side(state.to_move());
            let seed = self.ticket.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let game = self.session.game.clone();
            self.thinking = Some(Thinking::start(side, game, state.clone(), seed, self.ticket, self.agent_pause));
        }
        true
    }

    /// Saves the document to its own file (the user asked to replace it),
    /// or asks where if it has none.
    pub fn save(&mut self) {
        match self.doc.path().map(Path::to_path_buf) {
            Some(path) => self.write_rules(&path, Overwrite::Allow),
            None => self.ask_path(PathPurpose::SaveVariant),
        }
    }

    /// Saves the document to a path the user chose; a file there, other than
    /// the document's own, is replaced only after asking.
    pub fn save_as(&mut self, path: &Path) {
        if self.doc.path() != Some(path) && path.exists() {
            self.ask = Some(Ask::Overwrite { purpose: PathPurpose::SaveVariant, path: path.to_path_buf() });
            return;
        }
        let own = self.doc.path() == Some(path);
        self.write_rules(path, if own { Overwrite::Allow } else { Overwrite::Refuse });
    }

    /// The user agreed to replace the file at `path`.
    pub fn overwrite(&mut self, purpose: PathPurpose, path: &Path) {
        match purpose {
            PathPurpose::SaveVariant => self.write_rules(path, Overwrite::Allow),
            PathPurpose::SaveRecord => self.write_record(path, Overwrite::Allow),
            PathPurpose::ExportPlots => self.write_plots(path, Overwrite::Allow),
            PathPurpose::SavePosition => self.write_position(path, Overwrite::Allow),
            PathPurpose::OpenRuleset | PathPurpose::LoadRecord | PathPurpose::OpenPosition => {}
        }
    }

    /// Writes the rules to `path`. Saved as a variant (to another file than
    /// its own), the ruleset gets a name of its own, from the file's name, and
    /// the title chosen in the dialog (issue 47); a game in progress goes on.
    fn write_rules(&mut self, path: &Path, overwrite: Overwrite) {
        let before = self.doc.text.clone();
        let mut note = String::new();
        let renaming = self.doc.path() != Some(path);
        if renaming {
            let game = &self.session.game;
            let original = game.name().to_string();
            let file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            let title = self
                .variant_title
                .take()
                .filter(|t| !t.trim().is_empty())
                .unwrap_or_else(|| variant::proposed_title(&original, game.title(), &file));
            let name = variant::name_for_file(path, |n| n == original || shipped_name(n));
            match variant::renamed(&self.doc.text, &name, title.trim()) {
                Ok(text) => self.doc.text = text,
                Err(e) => note = format!(" (its name and title are unchanged: {e})"),
            }
        }
        match self.doc.save_as(path, overwrite) {
            Ok(()) => {
                self.remember(path);
                self.message = format!("saved {}{note}", path.display());
                if !(renaming && before == self.valid_text && self.adopt_renamed()) {
                    self.recheck();
                }
                let title =
                    if self.diagnostics.is_empty() { self.session.game.title().to_string() } else { file_stem(path) };
                variant::remember_own(&mut self.own, path, &title);
            }
            Err(e) => {
                self.doc.text = before;
                self.message = e;
            }
        }
    }

    /// The game in progress, played on the renamed rules (nothing else
    /// changed in them); false if that cannot be done.
    fn adopt_renamed(&mut self) -> bool {
        let given: Options = self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let Ok(game) = compile(&self.doc, &self.doc.text, &given) else { return false };
        match self.session.replayed_on(game) {
            Ok(session) => {
                self.valid_text = self.doc.text.clone();
                self.diagnostics.clear();
                self.session = session;
                self.changed();
                true
            }
            Err(_) => false,
        }
    }

    /// Opens the file dialog, in the folder of the last file chosen (or of
    /// the ruleset's file, or the working folder), with a name to start from.
    pub fn ask_path(&mut self, purpose: PathPurpose) {
        let name = match purpose {
            PathPurpose::SaveVariant => {
                self.doc.variant_path().file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
            }
            PathPurpose::OpenRuleset => String::new(),
            PathPurpose::SaveRecord => format!("{}-game.ron", self.session.game.name().replace('/', "-")),
            PathPurpose::LoadRecord => String::new(),
            PathPurpose::ExportPlots => format!("{}-analysis.svg", self.session.game.name().replace('/', "-")),
            PathPurpose::OpenPosition => String::new(),
            PathPurpose::SavePosition => format!("{}-position.ron", self.session.game.name().replace('/', "-")),
        };
        // The user's own folders (issue 47): the last one chosen; else, for
        // rules, the folder of the user's ruleset file; else home; never the
        // program's folder where a shipped ruleset lives.
        let beside_rules = match purpose {
            PathPurpose::SaveVariant | PathPurpose::OpenRuleset => match &self.doc.origin {
                crate::document::Origin::File(path) => path.parent().map(Path::to_path_buf),
                crate::document::Origin::Shipped(_) => None,
            },
            _ => None,
        };
        let dir = [self.last_dir.clone(), beside_rules, std::env::home_dir()]
            .into_iter()
            .flatten()
            .find(|d| d.is_dir())
            .unwrap_or_else(|| PathBuf::from("."));
        let mut dialog = FileDialog::new(purpose, &dir, &name);
        if purpose == PathPurpose::SaveVariant {
            let game = &self.session.game;
            dialog.variant = Some(variant::VariantTitle::new(game.name(), game.title(), &name));
        }
        self.ask = Some(Ask::File(dialog));
    }

    /// Does what a file was chosen for.
    pub fn chosen(&mut self, purpose: PathPurpose, path: &Path) {
        self.last_dir = path.parent().map(Path::to_path_buf);
        match purpose {
            // The file dialog has already asked before choosing an existing file to save to.
            PathPurpose::SaveVariant
            | PathPurpose::SaveRecord
            | PathPurpose::ExportPlots
            | PathPurpose::SavePosition
                if path.exists() =>
            {
                self.overwrite(purpose, path);
            }
            PathPurpose::SaveVariant => self.save_as(path),
            PathPurpose::OpenRuleset => self.open(Origin::File(path.to_path_buf())),
            PathPurpose::SaveRecord => self.save_record(path),
            PathPurpose::LoadRecord => self.load_record(path),
            PathPurpose::ExportPlots => self.write_plots(path, Overwrite::Refuse),
            PathPurpose::OpenPosition => self.open_position(path),
            PathPurpose::SavePosition => self.write_position(path, Overwrite::Refuse),
        }
    }

    /// Writes the analysis plots made by the last analysis: as PNG where the
    /// file name ends in `.png`, else as SVG.
    fn write_plots(&mut self, path: &Path, overwrite: Overwrite) {
        let Some(svg) = &self.plots else {
            self.message = "no plots yet: run an analysis first".into();
            return;
        };
        let bytes = tabula_analysis::chart::file_bytes(path, svg.clone());
        self.message = match bytes.map(|b| files::write(path, &b, overwrite).map_err(|e| e.to_string())) {
            Ok(Ok(())) => format!("plots written to {}", path.display()),
            Ok(Err(e)) | Err(e) => e,
        };
    }

    /// Saves the game to a path the user chose; an existing file is replaced only after asking.
    pub fn save_record(&mut self, path: &Path) {
        if path.exists() {
            self.ask = Some(Ask::Overwrite { purpose: PathPurpose::SaveRecord, path: path.to_path_buf() });
            return;
        }
        self.write_record(path, Overwrite::Refuse);
    }

    fn write_record(&mut self, path: &Path, overwrite: Overwrite) {
        let text = self.session.record(None).to_ron();
        self.message = match files::write(path, text.as_bytes(), overwrite) {
            Ok(()) => format!("game saved to {}", path.display()),
            Err(e) => e.to_string(),
        };
    }

    /// Loads a game record: the ruleset it names must be the one open.
    pub fn load_record(&mut self, path: &Path) {
        let result = files::read_text(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Record::from_ron(&text, &path.display().to_string()).map_err(|e| e.to_string()))
            .and_then(|record| {
                let game = compile(&self.doc, &self.valid_text, &record.options()).map_err(|e| e.to_string())?;
                Session::from_record(game, &record).map(|s| (s, record))
            });
        match result {
            Ok((session, record)) => {
                self.options = record.options;
                self.session = session;
                self.paused = true;
                self.message = format!("game loaded from {}", path.display());
                self.changed();
            }
            Err(e) => self.message = e,
        }
    }
}

/// The file's name without its folder and extension.
fn file_stem(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

/// A shipped ruleset's name, or the last part of one (`english-draughts`).
fn shipped_name(n: &str) -> bool {
    tabula::shipped::listed().iter().any(|s| *s == n || s.rsplit('/').next() == Some(n))
}

fn compile(doc: &Document, text: &str, options: &Options) -> Result<Game, Error> {
    Game::from_source(text, &doc.origin.source_name(), options)
}
