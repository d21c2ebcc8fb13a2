//! The editor driven as a person drives it, through egui_kittest and the
//! AccessKit tree: no GPU, no display. Sides are set to people so that no
//! agent thread runs, but in the test of an agent's answer; everything else
//! goes through the window's controls.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tabula_editor::TabulaApp;
use tabula_editor::agents::Side;
use tabula_editor::document::Origin;
use tabula_editor::workbench::Persisted;

mod common;
use common::{click, harness, harness_with_sides, moves_played};

/// Changes the rules in the Rules tab, as a person types, and lets them be
/// checked; returns the text before and after.
fn edit_the_rules(h: &mut Harness<'_, TabulaApp>, edit: impl FnOnce(&str) -> String) -> (String, String) {
    click(h, "Rules");
    let before = h.state().bench.doc.text.clone();
    let after = edit(&before);
    h.get_by_role(Role::MultilineTextInput).set_text_value_accesskit(&after);
    h.run_steps(4);
    (before, after)
}

/// A comment at the end of the rules: a change that keeps them valid.
fn add_a_note(text: &str) -> String {
    format!("{text}\n// my note\n")
}

/// Types a name or path in the file dialog's file name (the first line to
/// type in; saving a variant has a second, its title).
fn type_file_name(h: &mut Harness<'_, TabulaApp>, name: &str) {
    h.get_all_by_role(Role::TextInput).next().expect("a file name to type").set_text_value_accesskit(name);
    h.run();
}

/// Runs frames until `done` holds or some seconds have passed (the agents think on their own thread).
fn run_until(h: &mut Harness<'_, TabulaApp>, done: impl Fn(&Harness<'_, TabulaApp>) -> bool) {
    for _ in 0..400 {
        h.step();
        if done(h) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn opens_a_shipped_ruleset_from_the_list() {
    let mut h = harness("seega");
    click(&mut h, "Seti-Aleph");
    assert_eq!(h.state().bench.session.game.name(), "seti-aleph");
    assert!(h.query_by_label_contains("Seti-Aleph — seti-aleph").is_some());
    assert!(h.query_by_label("field c10").is_some(), "the 3 x 10 board is drawn");
}

#[test]
fn a_click_on_a_piece_and_a_lit_field_plays_the_move_and_lists_it() {
    let mut h = harness("seti-aleph");
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    assert_eq!(moves_played(&h), 1);
    assert!(h.query_by_label_contains("1. White  b1-b2").is_some(), "the move is in the move list");
    let state = h.state().bench.session.state();
    assert_eq!(state.to_move(), 1);
}

#[test]
fn undo_and_redo() {
    let mut h = harness("seega");
    click(&mut h, "field a1");
    assert_eq!(moves_played(&h), 1);
    click(&mut h, "Undo");
    assert_eq!(moves_played(&h), 0);
    assert!(h.query_by_label("S@a1").is_some(), "S@a1 is legal again");
    click(&mut h, "Redo");
    assert_eq!(moves_played(&h), 1);
}

#[test]
fn changing_an_option_asks_and_starts_a_new_game_under_it() {
    let mut h = harness("seti-aleph");
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    assert_eq!(moves_played(&h), 1, "b1-b2 was played");
    // The options are below the list of games: scrolled to, as a person does.
    h.get_by_label("The Pharaoh steps diagonally too").scroll_to_me();
    h.run();
    click(&mut h, "The Pharaoh steps diagonally too");
    assert!(h.query_by_label("Start a new game?").is_some(), "a game is in progress: the editor asks first");
    click(&mut h, "Start new game");
    let game = &h.state().bench.session.game;
    assert_eq!(game.options()["pharaoh_diagonal"].to_string(), "false");
    assert_eq!(moves_played(&h), 0);
    click(&mut h, "field b1");
    assert!(h.query_by_label("b1-b2").is_some() && h.query_by_label("b1-a2").is_none(), "no diagonal step now");
}

#[test]
fn an_error_in_the_rules_is_listed_the_game_stays_playable_and_the_fix_starts_a_new_game() {
    let mut h = harness("seega");
    let (valid, _) = edit_the_rules(&mut h, |text| text.replacen("count: 12", "count: twelve", 1));
    assert!(h.query_by_label_contains("problem(s)").is_some(), "the error count is shown");
    let line = valid.lines().position(|l| l.contains("count: 12")).expect("a count line") + 1;
    assert!(h.query_by_label_contains(&format!("line {line}, col")).is_some(), "the error names its line");
    // The last valid game is still there and playable.
    click(&mut h, "field a1");
    assert_eq!(moves_played(&h), 1);
    // The fix: a valid text, different from before, starts a new game under it.
    let fixed = valid.replacen("count: 12", "count: 11", 2);
    h.get_by_role(Role::MultilineTextInput).set_text_value_accesskit(&fixed);
    h.run_steps(4);
    assert!(h.query_by_label_contains("The rules are valid").is_some());
    assert_eq!(moves_played(&h), 0, "a new game under the edited rules");
    assert!(h.query_by_label_contains("S ×11").is_some(), "eleven stones in hand now");
}

#[test]
fn a_click_on_an_error_puts_the_cursor_on_it() {
    let mut h = harness("seega");
    let (valid, broken) = edit_the_rules(&mut h, |text| text.replacen("count: 12", "count: twelve", 1));
    let line = valid.lines().position(|l| l.contains("count: 12")).expect("a count line") + 1;
    h.get_by_label_contains(&format!("line {line}, col")).click();
    h.run();
    let state = egui::text_edit::TextEditState::load(&h.ctx, egui::Id::unique("rules-text")).expect("an editor state");
    let cursor = state.cursor.char_range().expect("a cursor").primary.index.0;
    let from_cursor: String = broken.chars().skip(cursor).take(6).collect();
    assert_eq!(from_cursor, "twelve", "the cursor stands where the error is");
}

#[test]
fn a_variant_is_saved_and_loaded_back() {
    let tmp = temp_dir("variant");
    let path = tmp.path().join("seega-variant.ron");
    let mut h = harness("seega");
    let (_, changed) = edit_the_rules(&mut h, |text| text.replacen("count: 12", "count: 10", 2));
    click(&mut h, "Save as variant…");
    type_file_name(&mut h, path.to_str().expect("path"));
    click(&mut h, "Save variant");
    let renamed = tabula_editor::variant::renamed(&changed, "seega-variant", "Seega (variant)").expect("renames");
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), renamed, "saved under a name of its own");
    assert!(!h.state().bench.doc.is_dirty());
    // Back to a shipped game, then open the variant from its file.
    click(&mut h, "Seti-Beth");
    assert_eq!(h.state().bench.session.game.name(), "seti-beth");
    click(&mut h, "Open file…");
    h.get_by_role(Role::TextInput).set_text_value_accesskit(path.to_str().expect("path"));
    h.run();
    click(&mut h, "Open ruleset");
    assert_eq!(h.state().bench.doc.origin, Origin::File(path));
    assert_eq!(h.state().bench.session.game.name(), "seega-variant");
    assert!(h.query_by_label_contains("S ×10").is_some());
}

#[test]
fn saving_over_another_file_asks_first_and_cancel_keeps_it() {
    let tmp = temp_dir("overwrite");
    let path = tmp.path().join("precious.ron");
    std::fs::write(&path, "my own work").expect("writes");
    let mut h = harness("seega");
    let (_, changed) = edit_the_rules(&mut h, add_a_note);
    let save_to = |h: &mut Harness<'_, TabulaApp>| {
        click(h, "Save as variant…");
        type_file_name(h, path.to_str().expect("path"));
        click(h, "Save variant");
    };
    save_to(&mut h);
    assert!(h.query_by_label_contains("exists: replace it?").is_some(), "asks before replacing");
    click(&mut h, "Cancel");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), "my own work");
    assert!(h.state().bench.doc.is_dirty());
    save_to(&mut h);
    click(&mut h, "Replace");
    let renamed = tabula_editor::variant::renamed(&changed, "precious", "Precious").expect("renames");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), renamed);
    // "Save" of the file now open replaces it without asking: the user asked.
    let (_, again) = edit_the_rules(&mut h, add_a_note);
    h.state_mut().bench.save();
    h.run();
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), again);
    // A game saved over an existing file asks too.
    h.state_mut().bench.save_record(&path);
    h.run();
    assert!(h.query_by_label("Replace the file?").is_some());
    click(&mut h, "Cancel");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), again);
}

#[test]
fn switching_away_from_unsaved_rules_asks_first() {
    let mut h = harness("seega");
    let (_, changed) = edit_the_rules(&mut h, add_a_note);
    click(&mut h, "Senet");
    assert!(h.query_by_label("Unsaved changes").is_some());
    click(&mut h, "Cancel");
    assert_eq!(h.state().bench.doc.text, changed, "nothing is lost");
    assert_eq!(h.state().bench.session.game.name(), "seega");
}

#[test]
fn closing_the_window_with_unsaved_rules_asks_first() {
    let mut h = harness("seega");
    edit_the_rules(&mut h, add_a_note);
    // The window's close button, as the platform reports it.
    h.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default().events.push(egui::ViewportEvent::Close);
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_some(), "closing asks first");
    assert!(!h.state().bench.may_quit);
    click(&mut h, "Discard changes");
    assert!(h.state().bench.may_quit, "the answer lets the window close");
}

#[test]
fn the_analysis_tab_runs_in_the_background_and_shows_the_report() {
    let mut h = harness("seti-beth");
    click(&mut h, "Analysis");
    h.get_by_label("Run analysis").click();
    run_until(&mut h, |h| h.query_by_label("games/s").is_some());
    assert!(h.query_by_label("games/s").is_some(), "the report appears");
    assert!(h.query_by_label("agent A wins").is_some());
    assert!(h.query_by_label_contains("White wins").is_some());
}

#[test]
fn an_agent_answers_a_move_on_its_own() {
    let mut h = harness_with_sides("seti-aleph", [Side::Human, Side::Random]);
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    assert_eq!(moves_played(&h), 1);
    run_until(&mut h, |h| moves_played(h) == 2);
    assert_eq!(moves_played(&h), 2, "Black's agent moved");
    assert_eq!(h.state().bench.session.state().to_move(), 0, "and it is White's turn again");
}

/// The accessible value of a field: its pieces and what the board marks on it.
fn field(h: &Harness<'_, TabulaApp>, name: &str) -> String {
    h.get_by_label(&format!("field {name}")).value().unwrap_or_default()
}

/// A fresh folder of its own for a test (`tabula-editor-<name>-…`), removed
/// when the returned `TempDir` is dropped, pass or fail.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("tabula-editor-{name}-")).tempdir().expect("temp dir")
}

#[test]
fn opens_a_ruleset_file_given_on_the_command_line() {
    let tmp = temp_dir("args");
    let path = tmp.path().join("my-seega.ron");
    let text = tabula::shipped::text("seega").expect("shipped").replacen("count: 12", "count: 10", 2);
    std::fs::write(&path, &text).expect("write");
    let args = tabula_editor::args::parse([path.display().to_string()]).expect("arguments");
    let mut h = harness("senet");
    h.state_mut().open_args(&args);
    h.run();
    assert_eq!(h.state().bench.doc.origin, Origin::File(path.clone()));
    assert!(h.query_by_label_contains("S ×10").is_some(), "the file's rules are in play");
    assert!(h.state().bench.recent.contains(&path), "and it is a recent file");
    assert!(tabula_editor::args::parse(["--frobnicate".to_string()]).is_err());
}

#[test]
fn the_first_run_opens_the_first_game_of_the_shipped_list() {
    let h = Harness::builder().with_size(egui::vec2(1280.0, 800.0)).build_eframe(|_cc| {
        TabulaApp::with(&Persisted { sides: vec![Side::Human, Side::Human], ..Persisted::default() })
    });
    let first = tabula::shipped::listed()[0];
    assert_eq!(h.state().bench.doc.origin, Origin::Shipped(first.into()));
    assert!(!first.starts_with("classic/"), "an ancient or traditional game comes first in rulesets/order.txt");
}

#[test]
fn switching_game_with_a_game_in_progress_asks_first() {
    let mut h = harness("seti-aleph");
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    click(&mut h, "Seega");
    assert!(h.query_by_label("Unsaved changes").is_some(), "a game in progress: the editor asks");
    assert!(h.query_by_label_contains("A game of Seti-Aleph is in progress").is_some());
    click(&mut h, "Cancel");
    assert_eq!(moves_played(&h), 1, "the game is kept");
    click(&mut h, "Seega");
    click(&mut h, "Discard changes");
    assert_eq!(h.state().bench.session.game.name(), "seega");
}

#[test]
fn the_last_move_is_highlighted_on_the_board() {
    let mut h = harness("seti-aleph");
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    assert!(field(&h, "b1").contains("last move from here"), "{}", field(&h, "b1"));
    assert!(field(&h, "b2").contains("last move to here"), "{}", field(&h, "b2"));
    assert!(h.query_by_label("last move: b1-b2").is_some());
    assert!(!field(&h, "c1").contains("last move"));
}

#[test]
fn a_hovered_piece_shows_its_targets() {
    let mut h = harness("seti-aleph");
    h.get_by_label("field b1").hover();
    h.run();
    assert!(field(&h, "b2").contains("a legal target"), "{}", field(&h, "b2"));
}

#[test]
fn stepping_back_in_the_move_list_shows_the_earlier_position() {
    let mut h = harness("seti-aleph");
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    let after_one = h.state().bench.session.state().clone();
    let black = h.state().bench.session.legal()[0];
    h.state_mut().bench.play(black);
    h.run();
    assert_eq!(moves_played(&h), 2);
    // A click on the first move shows the position after it.
    h.get_by_label_contains("1. White").click();
    h.run();
    assert_eq!(h.state().bench.session.state(), &after_one);
    assert!(field(&h, "b2").contains("one piece") && field(&h, "b1").contains("empty"));
    // The arrow keys step back to the start and forward again.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(moves_played(&h), 0);
    assert!(field(&h, "b1").contains("one piece"), "b1's piece is back");
    h.key_press(egui::Key::ArrowRight);
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(moves_played(&h), 2, "both moves are still there to step forward to");
}

#[test]
fn undo_and_redo_from_the_keyboard() {
    let mut h = harness("seega");
    click(&mut h, "field a1");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(moves_played(&h), 0);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(moves_played(&h), 1);
}

#[test]
fn a_new_game_resumes_paused_agents() {
    let mut h = harness_with_sides("seti-aleph", [Side::Random, Side::Random]);
    run_until(&mut h, |h| moves_played(h) >= 2);
    h.state_mut().bench.undo();
    assert!(h.state().bench.paused, "an undo between agents pauses them");
    h.state_mut().bench.new_game();
    assert!(!h.state().bench.paused, "a new game plays again");
}

#[test]
fn undo_against_an_agent_goes_back_to_the_person_s_move_and_the_agent_stays_ready() {
    let mut h = harness_with_sides("seti-aleph", [Side::Human, Side::Random]);
    h.state_mut().bench.undo();
    assert!(h.state().bench.message.contains("nothing of yours to take back"), "{}", h.state().bench.message);
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    run_until(&mut h, |h| moves_played(h) == 2);
    assert_eq!(moves_played(&h), 2, "the agent replied");
    click(&mut h, "Undo");
    assert_eq!(moves_played(&h), 0, "one undo takes back the person's move and the reply");
    assert!(!h.state().bench.paused, "the agent is not paused");
    click(&mut h, "field b1");
    click(&mut h, "field b2");
    run_until(&mut h, |h| moves_played(h) == 2);
    assert_eq!(moves_played(&h), 2, "and it replies again at once");
}

#[test]
fn undo_against_an_agent_keeps_the_person_s_throw() {
    let mut h = harness_with_sides("traditional/ur", [Side::Human, Side::Random]);
    let throw = |h: &mut Harness<'_, TabulaApp>, text: &str| {
        let bench = &mut h.state_mut().bench;
        let m = bench.session.game.parse_move(bench.session.state(), text).expect("a throw");
        bench.play(m);
    };
    throw(&mut h, "throw:2");
    h.run();
    let after_throw = h.state().bench.session.state().clone();
    let m = h.state().bench.session.legal()[0];
    h.state_mut().bench.play(m);
    run_until(&mut h, |h| h.state().bench.session.state().to_move() == 0 && moves_played(h) >= 4);
    assert!(moves_played(&h) >= 4, "the agent threw and moved");
    click(&mut h, "Undo");
    assert_eq!(moves_played(&h), 1, "back to the person's move, the throw kept");
    assert_eq!(h.state().bench.session.state(), &after_throw, "the same throw stands: undo gives no new one");
}

#[test]
fn ctrl_z_in_the_rules_tab_undoes_the_typing_not_a_move() {
    let mut h = harness("seega");
    click(&mut h, "field a1");
    assert_eq!(moves_played(&h), 1);
    click(&mut h, "Rules");
    let before = h.state().bench.doc.text.clone();
    h.get_by_role(Role::MultilineTextInput).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(moves_played(&h), 1, "Ctrl+Z while typing leaves the game alone");
    h.get_by_role(Role::MultilineTextInput).type_text("// a note");
    h.run();
    assert_ne!(h.state().bench.doc.text, before, "the typing reached the rules");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().bench.doc.text, before, "Ctrl+Z took the typing back");
}

#[test]
fn a_position_set_up_by_hand_is_played_from() {
    let mut h = harness("classic/breakthrough");
    click(&mut h, "Set up position…");
    click(&mut h, "Clear the board");
    click(&mut h, "put White Pawn");
    click(&mut h, "field d4");
    click(&mut h, "put Black Pawn");
    click(&mut h, "field h8");
    // Two pieces on a field that holds one: refused with the reason.
    click(&mut h, "field h8");
    assert!(h.query_by_label_contains("stack limit").is_some(), "the reason is shown");
    click(&mut h, "take off");
    click(&mut h, "field h8");
    click(&mut h, "Play from here");
    assert!(h.state().bench.setup.is_none());
    let session = &h.state().bench.session;
    let mut moves: Vec<String> = session.legal().iter().map(|&m| session.game.move_text(m)).collect();
    moves.sort();
    assert_eq!(moves, ["d4-c5", "d4-d5", "d4-e5"], "the one white pawn's moves");
    assert!(h.query_by_label("d4-d5").is_some(), "listed as legal moves");
}

#[test]
fn the_file_dialog_browses_folders_and_opens_a_ruleset() {
    let tmp = temp_dir("browse");
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("drafts")).expect("dir");
    let text = tabula::shipped::text("seega").expect("shipped").replacen("count: 12", "count: 8", 2);
    std::fs::write(dir.join("drafts").join("eight.ron"), &text).expect("write");
    let mut h = harness("seega");
    click(&mut h, "Open file…");
    h.get_by_role(Role::TextInput).set_text_value_accesskit(dir.to_str().expect("path"));
    h.run();
    click(&mut h, "Open ruleset");
    click(&mut h, "drafts/");
    click(&mut h, "eight.ron");
    click(&mut h, "Open ruleset");
    assert_eq!(h.state().bench.doc.origin, Origin::File(dir.join("drafts").join("eight.ron")));
    assert!(h.query_by_label_contains("S ×8").is_some());
}

#[test]
fn saving_over_a_file_asks_first() {
    let tmp = temp_dir("replace");
    let path = tmp.path().join("game.ron");
    std::fs::write(&path, "keep me").expect("write");
    let mut h = harness("seega");
    click(&mut h, "field a1");
    click(&mut h, "Save game…");
    h.get_by_role(Role::TextInput).set_text_value_accesskit(path.to_str().expect("path"));
    h.run();
    click(&mut h, "Save game");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "keep me", "not replaced without asking");
    assert!(h.query_by_label_contains("exists: replace it?").is_some());
    click(&mut h, "Replace");
    assert!(std::fs::read_to_string(&path).expect("read").contains("S@a1"), "replaced once asked");
}

#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_ruleset_file_dropped_on_the_window_is_opened() {
    let tmp = temp_dir("drop");
    let path = tmp.path().join("dropped.ron");
    std::fs::write(&path, tabula::shipped::text("seti-beth").expect("shipped")).expect("write");
    let mut h = harness("seega");
    h.input_mut().dropped_files.push(std::sync::Arc::new(Dropped(path.clone())));
    h.run();
    assert_eq!(h.state().bench.doc.origin, Origin::File(path));
    assert_eq!(h.state().bench.session.game.name(), "seti-beth");
}

#[test]
fn unsaved_rules_of_a_crashed_session_come_back() {
    let text = format!("{}\n// typed before the crash\n", tabula::shipped::text("seega").expect("shipped"));
    let persisted = Persisted {
        origin: Origin::Shipped("seega".into()),
        sides: vec![Side::Human, Side::Human],
        draft: Some(text.clone()),
        ..Persisted::default()
    };
    let h =
        Harness::builder().with_size(egui::vec2(1280.0, 800.0)).build_eframe(move |_cc| TabulaApp::with(&persisted));
    assert_eq!(h.state().bench.doc.text, text);
    assert!(h.state().bench.doc.is_dirty(), "still unsaved, so still asked about");
    assert_eq!(h.state().bench.persisted().draft, Some(text), "and kept while unsaved");
}

#[test]
fn the_rules_panel_shows_the_players_pieces_and_fields() {
    let h = harness("senet");
    assert!(h.query_by_label("Senet: the rules").is_some());
    assert!(h.query_by_label_contains("House of Happiness (B)").is_some(), "field types in the legend");
    assert_eq!(h.query_all_by_label("Spool").count(), 2, "each player's pieces in the legend");
    assert_eq!(h.query_all_by_label("Cone").count(), 2);
}

#[test]
fn the_analysis_plots_are_exported_as_svg_and_png_and_the_table_copied_as_csv() {
    let tmp = temp_dir("plots");
    let path = tmp.path().join("seti-beth-analysis.svg");
    let mut h = harness("seti-beth");
    click(&mut h, "Analysis");
    h.get_by_label("Run analysis").click();
    run_until(&mut h, |h| h.query_by_label("games/s").is_some());
    assert!(h.query_by_label("Wins by player, with 95% intervals").is_some(), "plots have titles");
    h.get_by_label("Copy table as CSV").click();
    h.step();
    let copied = h.output().platform_output.commands.iter().any(
        |c| matches!(c, egui::OutputCommand::CopyText(t) if t.starts_with("metric,") && t.contains("\nWhite wins,")),
    );
    assert!(copied, "the table is on the clipboard as CSV");
    let export = |h: &mut Harness<'_, TabulaApp>, path: &std::path::Path| {
        click(h, "Export plots (SVG, PNG)…");
        h.get_by_role(Role::TextInput).set_text_value_accesskit(path.to_str().expect("path"));
        h.run();
        click(h, "Export plots");
    };
    export(&mut h, &path);
    let svg = std::fs::read_to_string(&path).expect("the plot file exists");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("Game length") && svg.contains(">plies<") && svg.contains(">White<"));
    let width = |svg: &str, attr: &str| -> u32 {
        let at = svg.find(&format!("{attr}=\"")).expect("size") + attr.len() + 2;
        svg[at..].split('"').next().expect("value").parse().expect("number")
    };
    // The figures say how many games, which agents and which seed (issue 47).
    assert!(svg.contains("200 games per variant, agents random v random, seed 1"), "the caption");
    // The dialog opens in the folder last chosen; choosing PNG makes the name's
    // extension .png, and the file written is a PNG: the type follows the name.
    click(&mut h, "Export plots (SVG, PNG)…");
    match &h.state().bench.ask {
        Some(tabula_editor::workbench::Ask::File(d)) => {
            assert_eq!(d.dir, std::path::absolute(tmp.path()).expect("absolute"), "the last folder chosen");
        }
        _ => panic!("the file dialog is open"),
    }
    click(&mut h, "PNG (picture)");
    let name = h.get_by_role(Role::TextInput).accesskit_node().value().unwrap_or_default();
    assert_eq!(&*name, "seti-beth-analysis.png", "the type chosen is the name's extension");
    click(&mut h, "Cancel");
    let png_path = path.with_extension("png");
    export(&mut h, &png_path);
    let png = std::fs::read(&png_path).expect("the PNG file exists");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().expect("4 bytes"));
    // The header chunk gives the picture's size: the SVG's, drawn at twice the scale.
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!((be(16), be(20)), (2 * width(&svg, "width"), 2 * width(&svg, "height")));
    assert!(png.len() > 20_000, "bars, lines and text drawn, not a blank picture: {} bytes", png.len());
}

/// A game of four: each player by name and colour in the side choices, the
/// board's list and the legend, and the turn passing round all four.
#[test]
fn a_game_of_four_players_shows_every_player() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/four-corners.ron");
    let args = tabula_editor::args::parse([path.display().to_string()]).expect("arguments");
    let mut h = harness("senet");
    h.state_mut().open_args(&args);
    h.run();
    assert_eq!(h.state().bench.session.game.player_count(), 4);
    for name in ["North", "East", "South", "West"] {
        assert!(h.query_all_by_label_contains(name).count() >= 3, "{name}: side choice, player list, legend");
    }
    assert!(h.query_by_label_contains("North (to move)").is_some());
    click(&mut h, "S@c3");
    assert!(h.query_by_label_contains("East (to move)").is_some(), "the turn passes to the second of four");
}

/// A sowing game: the seeds are nobody's, shown once in the legend; a pit is
/// sown from the list of moves, and the last seed in the store moves again.
#[test]
fn a_pit_is_sown_and_the_store_gives_another_move() {
    let mut h = harness("traditional/kalah");
    assert!(h.query_by_label_contains("Seed: nobody's").is_some(), "the seeds are in the legend once");
    click(&mut h, "c1");
    assert_eq!(moves_played(&h), 1);
    let state = h.state().bench.session.state();
    assert_eq!(state.to_move(), 0, "the last seed fell in South's store: South moves again");
    let store = h.state().bench.session.game.board().field("k1").expect("a store");
    assert_eq!(state.height(store), 1);
}

/// Counters (issue 44): a counter per game on a line of its own, each
/// player's counter in that player's line, by name and value, kept up to
/// date as moves are played.
#[test]
fn the_counters_are_shown_by_name_and_value() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/blocks/points.ron");
    let args = tabula_editor::args::parse([path.display().to_string()]).expect("arguments");
    let mut h = harness("senet");
    h.state_mut().open_args(&args);
    h.run();
    assert!(h.query_by_label("calm: 0").is_some(), "the counter per game");
    assert!(h.query_by_label("points: 0").is_some(), "White's points");
    assert!(h.query_by_label("points: 1").is_some(), "Black's head start");
    click(&mut h, "b1-b2");
    assert_eq!(moves_played(&h), 1);
    assert!(h.query_by_label("calm: 1").is_some(), "a move without a capture counts");
}

#[test]
fn the_marks_of_the_rules_are_shown_on_their_fields() {
    let tmp = temp_dir("marks");
    let path = tmp.path().join("passing-pawns.ron");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/blocks/passing-pawns.ron"))
        .expect("the test ruleset");
    std::fs::write(&path, &text).expect("write");
    let args = tabula_editor::args::parse([path.display().to_string()]).expect("arguments");
    let mut h = harness("seega");
    h.state_mut().open_args(&args);
    h.run();
    click(&mut h, "field a1");
    click(&mut h, "field a3");
    assert_eq!(moves_played(&h), 1);
    assert!(field(&h, "a2").contains("marked passed_over"), "{}", field(&h, "a2"));
    assert!(field(&h, "a3").contains("marked passer"), "{}", field(&h, "a3"));
    assert!(!field(&h, "b2").contains("marked"), "{}", field(&h, "b2"));
    // And named under the board, with their fields, for a reader who does not hover.
    assert!(h.query_by_label("marked   passed_over: a2   passer: a3").is_some(), "the marks' line under the board");
}

#[test]
fn a_throw_is_a_button_in_its_own_place_never_a_list_of_outcomes() {
    let mut h = harness("traditional/ur");
    h.run();
    assert!(h.query_by_label("throw:2").is_none(), "the outcomes are not offered as moves");
    let place = |h: &Harness<'_, TabulaApp>, label: &str| h.get_by_label(label).rect();
    let (throw, new_game) = (place(&h, "Throw"), place(&h, "New game"));
    click(&mut h, "Throw");
    assert_eq!(moves_played(&h), 1, "Throw threw");
    assert!(h.state().bench.session.state().last_throw().is_some());
    assert_eq!(place(&h, "Throw"), throw, "the Throw button stays where it was");
    assert_eq!(place(&h, "New game"), new_game, "and so does New game");
    assert!(h.get_by_label("Throw").accesskit_node().is_disabled(), "no throw is due now");
}

#[test]
fn a_senet_endgame_is_set_up_in_the_race_and_the_throw_set_is_played() {
    let mut h = harness("senet");
    click(&mut h, "Set up position…");
    click(&mut h, "Clear the board");
    click(&mut h, "put Green Spool");
    click(&mut h, "field 28");
    click(&mut h, "put White Cone");
    click(&mut h, "field 12");
    click(&mut h, "phase:");
    click(&mut h, "race");
    click(&mut h, "a throw was made:");
    h.get_by_label("the value of the throw to play").set_value_accesskit(3.0);
    h.run();
    click(&mut h, "Play from here");
    assert!(h.state().bench.setup.is_none(), "the position is allowed");
    let session = &h.state().bench.session;
    assert_eq!(session.game.phase_name(session.state().phase()), "race");
    assert_eq!(session.state().last_throw(), Some(3), "the throw set stands");
    let moves: Vec<String> = session.legal().iter().map(|&m| session.game.move_text(m)).collect();
    assert!(!moves.is_empty() && !moves.contains(&"pass".to_string()), "the throw is played: {moves:?}");
}

#[test]
fn at_1000_by_700_the_board_is_at_least_400_px_and_no_panel_text_is_cut_off() {
    let size = egui::vec2(1000.0, 700.0);
    for game in ["traditional/english-draughts", "senet", "traditional/kalah"] {
        let persisted = Persisted {
            origin: Origin::Shipped(game.into()),
            sides: vec![Side::Human, Side::Human],
            ..Persisted::default()
        };
        let mut h = Harness::builder().with_size(size).build_eframe(move |_cc| TabulaApp::with(&persisted));
        h.run();
        let fields: Vec<egui::Rect> =
            h.query_all_by_label_contains("field ").map(|n| n.rect()).filter(|r| r.width() > 0.0).collect();
        let board = fields.iter().fold(egui::Rect::NOTHING, |a, r| a.union(*r));
        assert!(board.width() >= 400.0, "{game}: the board is {board:?}");
        // Text is cut off where it runs over the edge of its panel.
        let (games, side, _) = tabula_editor::app::panel_sizes(size);
        let edges = [games, size.x - side, size.x];
        for role in [Role::Label, Role::Button] {
            // The menu bar spans the window: only the panels below it count.
            for node in h.query_all_by_role(role).filter(|n| n.rect().min.y > 30.0) {
                let r = node.rect();
                let crossed = edges.iter().find(|&&x| r.min.x < x - 1.0 && r.max.x > x + 1.0);
                assert!(
                    crossed.is_none(),
                    "{game}: {:?} at {r:?} runs over a panel's edge",
                    node.accesskit_node().label().or(node.accesskit_node().value())
                );
            }
        }
    }
}

/// With no folder chosen yet, a file dialog opens in the user's home, not in
/// the program's folder where the shipped rulesets are (issue 47).
#[test]
fn a_file_dialog_opens_in_the_home_folder_at_first() {
    let mut h = harness("seti-beth");
    click(&mut h, "Save game…");
    let Some(home) = std::env::home_dir().filter(|d| d.is_dir()) else { return };
    match &h.state().bench.ask {
        Some(tabula_editor::workbench::Ask::File(d)) => {
            assert_eq!(d.dir, std::path::absolute(&home).expect("absolute"));
        }
        _ => panic!("the file dialog is open"),
    }
}

/// An option set for a game comes back with the game (issue 47).
#[test]
fn an_option_set_for_a_game_is_remembered_when_coming_back_to_it() {
    let mut h = harness("seti-aleph");
    h.get_by_label("The Pharaoh steps diagonally too").scroll_to_me();
    h.run();
    click(&mut h, "The Pharaoh steps diagonally too");
    assert_eq!(h.state().bench.session.game.options()["pharaoh_diagonal"].to_string(), "false");
    h.get_by_label("Seti-Beth").scroll_to_me();
    h.run();
    click(&mut h, "Seti-Beth");
    assert_eq!(h.state().bench.session.game.name(), "seti-beth");
    h.get_by_label("Seti-Aleph").scroll_to_me();
    h.run();
    click(&mut h, "Seti-Aleph");
    assert_eq!(h.state().bench.session.game.name(), "seti-aleph");
    assert_eq!(h.state().bench.session.game.options()["pharaoh_diagonal"].to_string(), "false", "remembered");
    let remembered = &h.state().bench.persisted().options_by_game;
    assert_eq!(remembered["seti-aleph"]["pharaoh_diagonal"], "false", "kept between runs too");
}

/// Rules without `doc` are said in words made from the rules (issue 47).
#[test]
fn the_rules_panel_says_rules_without_docs_in_words_from_the_rules() {
    let h = harness("traditional/english-draughts");
    assert!(h.query_by_label_contains("Man: steps forward").is_some(), "a sentence for the man's step");
    assert!(h.query_by_label_contains("King: jumps over an enemy piece diagonally").is_some());
}

/// A variant saved under a new file gets a name of its own (from the file's
/// name) and the title typed in the dialog (proposed from the file's name);
/// the original file is untouched, the game in progress goes on, and the
/// variant is listed under "Your rulesets", in the next session too (issue 47).
#[test]
fn a_saved_variant_gets_its_own_name_and_title_and_a_place_in_the_games_list() {
    let tmp = temp_dir("own");
    let original = tmp.path().join("seega.ron");
    let text = tabula::shipped::text("seega").expect("shipped").to_string();
    std::fs::write(&original, &text).expect("write");
    let variant = tmp.path().join("seega-ten.ron");
    let mut h = harness("seti-beth");
    h.state_mut().bench.open_now(&Origin::File(original.clone()));
    h.run();
    edit_the_rules(&mut h, |text| text.replacen("count: 12", "count: 10", 2));
    click(&mut h, "field a1");
    assert_eq!(moves_played(&h), 1);
    click(&mut h, "Save as variant…");
    type_file_name(&mut h, variant.to_str().expect("path"));
    let title = h.get_by_label("title of the variant");
    assert_eq!(title.value().as_deref(), Some("Seega (ten)"), "proposed from the file name");
    title.set_text_value_accesskit("Seega with ten stones");
    h.run();
    click(&mut h, "Save variant");
    let saved = std::fs::read_to_string(&variant).expect("saved");
    assert!(saved.contains("name: \"seega-ten\",") && saved.contains("title: \"Seega with ten stones\","), "{saved}");
    assert!(saved.contains("count: 10"), "with the changes");
    assert_eq!(std::fs::read_to_string(&original).expect("reads"), text, "the original is untouched");
    let game = &h.state().bench.session.game;
    assert_eq!((game.name(), game.title()), ("seega-ten", "Seega with ten stones"));
    assert_eq!(moves_played(&h), 1, "the game in progress goes on");
    assert!(!h.state().bench.doc.is_dirty());
    // In the games list, beside the shipped games, and in the next session.
    assert!(h.query_by_label("Your rulesets").is_some());
    let persisted = Persisted { sides: vec![Side::Human, Side::Human], ..h.state().bench.persisted() };
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |_cc| TabulaApp::with(&Persisted { origin: Origin::Shipped("senet".into()), ..persisted }));
    h.run();
    assert!(h.query_by_label("Your rulesets").is_some(), "remembered between runs");
    h.get_by_label("Seega with ten stones").scroll_to_me();
    h.run();
    click(&mut h, "Seega with ten stones");
    assert_eq!(h.state().bench.doc.origin, Origin::File(variant));
    assert_eq!(h.state().bench.session.game.name(), "seega-ten");
    assert!(h.query_by_label_contains("S ×10").is_some());
}
