//! The picker for a choice inside a move (issue 45), driven as a person
//! drives it: moves onto one field that differ only by a choice (a
//! promotion's kind, a capture run) are offered at the field, each kind
//! drawn as its piece, each run as a button that rings what it would take.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tabula_editor::TabulaApp;

mod common;
use common::{click, harness, last_text, moves_played};

/// Plays moves by their texts, as the move list would.
fn play(h: &mut Harness<'_, TabulaApp>, moves: &str) {
    for text in moves.split_whitespace() {
        let bench = &mut h.state_mut().bench;
        let m = bench.session.game.parse_move(bench.session.state(), text).expect(text);
        bench.play(m);
    }
    h.run();
}

/// White's pawn on b7, b8 empty: b7-b8 is four moves, `=Q`, `=R`, `=B`, `=N`.
fn chess_before_promotion() -> Harness<'static, TabulaApp> {
    let mut h = harness("classic/chess");
    play(&mut h, "a2-a4 b7-b5 a4-b5 a7-a6 b5-a6 c8-b7 a6-b7 b8-c6");
    h
}

#[test]
fn a_promotion_is_chosen_in_the_picker_by_the_piece_it_becomes() {
    let mut h = chess_before_promotion();
    let before = moves_played(&h);
    click(&mut h, "field b7");
    click(&mut h, "field b8");
    assert!(h.query_by_label("Which move?").is_none(), "no dialog of texts");
    for kind in ["Queen", "Rook", "Bishop", "Knight"] {
        assert!(h.query_by_label(&format!("becomes {kind}")).is_some(), "{kind} is offered");
    }
    assert_eq!(moves_played(&h), before, "nothing is played before the choice");
    click(&mut h, "becomes Knight");
    assert_eq!(moves_played(&h), before + 1);
    assert_eq!(last_text(&h), "b7-b8=N");
    assert!(h.query_by_label("becomes Queen").is_none(), "the picker is gone");
}

#[test]
fn escape_puts_the_picker_away_and_plays_nothing() {
    let mut h = chess_before_promotion();
    let before = moves_played(&h);
    click(&mut h, "field b7");
    click(&mut h, "field b8");
    assert!(h.query_by_label("becomes Rook").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("becomes Rook").is_none(), "Escape cancels");
    assert_eq!(moves_played(&h), before);
}

#[test]
fn a_capture_run_is_chosen_by_its_label_and_shows_what_it_takes() {
    let mut h = harness("traditional/fanorona");
    click(&mut h, "field d3");
    click(&mut h, "field e3");
    assert!(h.query_by_label_contains("A (takes").is_some(), "approach offered");
    assert!(h.query_by_label_contains("W (takes").is_some(), "withdrawal offered");
    // The pointer on a choice rings the fields it would take: approach takes
    // the line beyond e3 (f3 on), withdrawal the line behind d3 (c3 back).
    h.get_by_label_contains("W (takes").hover();
    h.run();
    let value = |h: &Harness<'_, TabulaApp>, f: &str| h.get_by_label(&format!("field {f}")).value().unwrap_or_default();
    assert!(value(&h, "c3").contains("taken by the choice"), "{}", value(&h, "c3"));
    assert!(!value(&h, "f3").contains("taken by the choice"), "{}", value(&h, "f3"));
    click_contains(&mut h, "W (takes");
    assert_eq!(last_text(&h), "d3-e3/W");
    let state = h.state().bench.session.state();
    assert!(state.stack(h.state().bench.session.game.board().field("c3").unwrap()).is_empty(), "c3 was taken");
}

fn click_contains(h: &mut Harness<'_, TabulaApp>, label: &str) {
    h.get_by_label_contains(label).click();
    h.run();
}
