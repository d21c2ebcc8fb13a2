//! Position files and pools of dice in the editor (issue 45), driven as a
//! person drives it: a position file opened for the game open (Zeno's game
//! of AD 480 in traditional/tabula), a broken one refused with its
//! problems while the game stays, the pool's dice drawn as the state holds
//! them, and a pool set up by hand.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tabula::{Action, Game, State};
use tabula_editor::TabulaApp;

mod common;
use common::{click, harness};

fn zeno_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets/traditional/positions/tabula-zeno-480.ron")
}

/// Opens a position file through File > Open position…
fn open_position(h: &mut Harness<'_, TabulaApp>, path: &std::path::Path) {
    click(h, "File");
    click(h, "Open position…");
    h.get_by_role(Role::TextInput).set_text_value_accesskit(path.to_str().expect("path"));
    h.run();
    click(h, "Open position");
}

/// The moves a person can choose (throws are the device's), as the engine words them.
fn decisions(game: &Game, state: &State) -> Vec<String> {
    let legal: Vec<_> = game.legal_moves(state).into_iter().filter(|m| m.action() != Action::Chance).collect();
    game.move_texts(&legal)
}

#[test]
fn zeno_s_position_opens_and_its_moves_are_the_engine_s() {
    let mut h = harness("traditional/tabula");
    open_position(&mut h, &zeno_path());
    let text = std::fs::read_to_string(zeno_path()).expect("Zeno's position is shipped");
    let game = (*h.state().bench.session.game).clone();
    let expected = game.position_from_str(&text, "zeno").expect("Zeno's position reads");
    assert_eq!(h.state().bench.session.state(), &expected, "the game goes on from the file's position");
    assert!(h.state().bench.position_problems.is_empty());
    let moves = decisions(&game, &expected);
    assert!(!moves.is_empty());
    let session = &h.state().bench.session;
    assert_eq!(decisions(&game, session.state()), moves);
    for m in &moves {
        assert!(h.query_by_label(m).is_some(), "{m} is listed as a legal move");
    }
    // The pool drawn: each die as the state holds it, none spent yet.
    assert!(h.query_by_label("dice left: 2 5 6").is_some());
    for v in [2, 5, 6] {
        assert!(h.query_by_label(&format!("the die shows {v}")).is_some(), "die {v} drawn");
    }
}

#[test]
fn the_dice_drawn_are_the_pool_s_values_left_and_spent() {
    let mut h = harness("traditional/tabula");
    open_position(&mut h, &zeno_path());
    let m = h.state().bench.session.legal()[0];
    h.state_mut().bench.play(m);
    h.run();
    let dice = h.state().bench.session.state().dice();
    assert!(dice.is_thrown() && dice.thrown().any(|(_, spent)| spent), "a die is spent");
    let left: Vec<String> = dice.left().map(|v| v.to_string()).collect();
    assert!(h.query_by_label(&format!("dice left: {}", left.join(" "))).is_some(), "the values left are listed");
    for (value, spent) in dice.thrown() {
        let words = if spent { format!("the die shows {value} (spent)") } else { format!("the die shows {value}") };
        assert!(h.query_by_label(&words).is_some(), "{words}");
    }
}

#[test]
fn a_broken_position_file_is_refused_located_and_the_game_stays() {
    let tmp = tempfile::Builder::new().prefix("tabula-editor-position-").tempdir().expect("temp dir");
    let path = tmp.path().join("broken.ron");
    let text = std::fs::read_to_string(zeno_path()).expect("read");
    std::fs::write(&path, text.replace("dice: [2, 5, 6]", "dice: [2, 5, 9]")).expect("write");
    let mut h = harness("traditional/tabula");
    let before = h.state().bench.session.state().clone();
    open_position(&mut h, &path);
    assert_eq!(h.state().bench.session.state(), &before, "nothing changed");
    let problems = h.state().bench.position_problems.clone();
    assert!(
        problems.iter().any(|p| p.contains("broken.ron:") && p.contains("dice") && p.contains("no die shows 9")),
        "{problems:?}"
    );
    assert!(h.query_by_label_contains("no die shows 9").is_some(), "the problem is shown");
    // A position of another game: refused too, in words.
    let mut seega = harness("seega");
    let before = seega.state().bench.session.state().clone();
    open_position(&mut seega, &zeno_path());
    assert_eq!(seega.state().bench.session.state(), &before);
    assert!(!seega.state().bench.position_problems.is_empty());
    click(&mut seega, "Dismiss");
    assert!(seega.state().bench.position_problems.is_empty());
}

#[test]
fn the_position_shown_is_saved_and_an_existing_file_only_replaced_when_asked() {
    let tmp = tempfile::Builder::new().prefix("tabula-editor-position-").tempdir().expect("temp dir");
    let path = tmp.path().join("here.ron");
    let mut h = harness("traditional/tabula");
    open_position(&mut h, &zeno_path());
    let m = h.state().bench.session.legal()[0];
    h.state_mut().bench.play(m);
    h.run();
    click(&mut h, "File");
    click(&mut h, "Save position…");
    h.get_by_role(Role::TextInput).set_text_value_accesskit(path.to_str().expect("path"));
    h.run();
    click(&mut h, "Save position");
    let game = (*h.state().bench.session.game).clone();
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(&game.position_from_str(&saved, "here").expect("reads back"), h.state().bench.session.state());
    // Saved again over it: asked first.
    std::fs::write(&path, "keep me").expect("write");
    click(&mut h, "File");
    click(&mut h, "Save position…");
    h.get_by_role(Role::TextInput).set_text_value_accesskit(path.to_str().expect("path"));
    h.run();
    click(&mut h, "Save position");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "keep me", "not replaced without asking");
    click(&mut h, "Replace");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), saved, "replaced once asked");
}

#[test]
fn a_pool_of_dice_is_set_up_and_read_back() {
    let mut h = harness("traditional/tabula");
    open_position(&mut h, &zeno_path());
    click(&mut h, "Set up position…");
    let pool = |h: &Harness<'_, TabulaApp>| h.state().bench.setup.as_ref().expect("setting up").pool.clone();
    assert_eq!(pool(&h), [(2, false), (5, false), (6, false)], "the pool of the position shown");
    for die in ["die 1", "die 2", "die 3"] {
        assert!(h.query_by_label(die).is_some(), "{die} can be set");
    }
    // The 2 spent, a fourth die added (it shows the smallest face, 1).
    h.get_all_by_label("spent").next().expect("a die's spent box").click();
    h.run();
    click(&mut h, "add a die");
    assert_eq!(pool(&h), [(2, true), (5, false), (6, false), (1, false)]);
    click(&mut h, "Play from here");
    let dice = h.state().bench.session.state().dice();
    assert_eq!(dice.left().collect::<Vec<_>>(), [1, 5, 6]);
    assert_eq!(dice.thrown().filter(|d| d.1).map(|d| d.0).collect::<Vec<_>>(), [2]);
    assert!(h.query_by_label("the die shows 2 (spent)").is_some());
    assert!(h.query_by_label("dice left: 1 5 6").is_some());
    // Set up again: the same pool, read back from the position.
    click(&mut h, "Set up position…");
    assert_eq!(pool(&h), [(1, false), (2, true), (5, false), (6, false)]);
    click(&mut h, "Cancel set-up");
    // A game without a pool has no dice to set.
    let mut b = harness("classic/breakthrough");
    click(&mut b, "Set up position…");
    assert!(b.query_by_label("dice thrown:").is_none() && b.query_by_label("add a die").is_none());
}

#[test]
fn a_position_given_on_the_command_line_is_played_from() {
    let args = ["traditional/tabula", "--position", zeno_path().to_str().expect("path")].map(str::to_string);
    let args = tabula_editor::args::parse(args).expect("arguments");
    let mut h = harness("seega");
    h.state_mut().open_args(&args);
    h.run();
    let text = std::fs::read_to_string(zeno_path()).expect("read");
    let game = (*h.state().bench.session.game).clone();
    assert_eq!(game.name(), "traditional/tabula");
    assert_eq!(h.state().bench.session.state(), &game.position_from_str(&text, "zeno").expect("reads"));
    assert!(h.query_by_label("dice left: 2 5 6").is_some());
}

#[test]
fn opening_a_position_during_a_game_asks_first() {
    let mut h = harness("traditional/tabula");
    for _ in 0..2 {
        let m = h.state().bench.session.legal()[0];
        h.state_mut().bench.play(m);
    }
    h.run();
    assert!(h.state().bench.session.in_progress());
    let before = h.state().bench.session.state().clone();
    open_position(&mut h, &zeno_path());
    assert_eq!(h.state().bench.session.state(), &before, "not before the person says so");
    click(&mut h, "Cancel");
    assert_eq!(h.state().bench.session.state(), &before, "cancelled: the game goes on");
    open_position(&mut h, &zeno_path());
    click(&mut h, "End the game and open the position");
    assert!(h.query_by_label("dice left: 2 5 6").is_some(), "Zeno's position, once the game was given up");
}

#[test]
fn opening_a_position_with_unsaved_rules_ends_the_game_and_keeps_the_rules() {
    let mut h = harness("traditional/tabula");
    click(&mut h, "Rules");
    let edited = format!("{}\n// my note\n", h.state().bench.doc.text);
    h.get_by_role(Role::MultilineTextInput).set_text_value_accesskit(&edited);
    h.run_steps(4);
    click(&mut h, "Play");
    for _ in 0..2 {
        let m = h.state().bench.session.legal()[0];
        h.state_mut().bench.play(m);
    }
    h.run();
    assert!(h.state().bench.doc.is_dirty() && h.state().bench.session.in_progress());
    open_position(&mut h, &zeno_path());
    // The question is about the game alone, and its answer says what it does.
    assert!(h.query_by_label("End the game in progress?").is_some());
    assert!(h.query_by_label_contains("A game of Tabula is in progress").is_some());
    assert!(h.query_by_label_contains("Your changes to the rules stay as they are").is_some());
    assert!(h.query_by_label_contains("have changes that are not saved").is_none(), "the rules are not at stake");
    assert!(h.query_by_label("Discard changes").is_none(), "nothing is discarded");
    click(&mut h, "End the game and open the position");
    assert!(h.query_by_label("dice left: 2 5 6").is_some(), "Zeno's position is played on from");
    assert_eq!(h.state().bench.doc.text, edited, "the edits are kept");
    assert!(h.state().bench.doc.is_dirty(), "and still unsaved");
}
