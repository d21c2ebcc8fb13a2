//! The editor's computer players (issue 46), driven as a person drives them:
//! a seat is given to the computer at a strength by name, or to any agent
//! typed under "Other agent…"; the agent thinks on its own thread while the
//! window goes on answering.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::time::{Duration, Instant};
use tabula::agents::{AgentSpec, Limit};
use tabula_editor::TabulaApp;
use tabula_editor::agents::{SavedSpec, Side};
use tabula_editor::document::Origin;
use tabula_editor::workbench::Persisted;

mod common;
use common::{click, last_text, moves_played};

fn harness(game: &str, sides: [Side; 2]) -> Harness<'static, TabulaApp> {
    let persisted = Persisted { origin: Origin::Shipped(game.into()), sides: sides.to_vec(), ..Persisted::default() };
    Harness::builder()
        .with_max_steps(12)
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |_cc| TabulaApp::with(&persisted))
}

/// Plays the legal move onto each field named, as a click on an empty cell would.
fn place(h: &mut Harness<'_, TabulaApp>, fields: &str) {
    for field in fields.split_whitespace() {
        let bench = &mut h.state_mut().bench;
        let legal = bench.session.legal();
        let m = *legal.iter().find(|&&m| bench.session.game.move_text(m).ends_with(field)).expect(field);
        bench.play(m);
    }
    h.run();
}

/// Opens the side picker of seat `seat` (0: the first player).
fn open_picker(h: &mut Harness<'_, TabulaApp>, seat: usize) {
    h.get_all_by_role(Role::ComboBox).nth(seat).expect("a side picker per seat").click();
    h.run_steps(2);
}

/// Gives seat `seat` to `side` by its entry in the picker.
fn choose(h: &mut Harness<'_, TabulaApp>, seat: usize, side: Side) {
    open_picker(h, seat);
    h.get_all_by_label(&side.label()).last().expect("the entry").click();
    // An agent may start thinking (a spinner turns): frames, not a settled window.
    h.run_steps(3);
}

/// Types `text` under "Other agent…" for seat `seat` and presses Use.
fn type_agent(h: &mut Harness<'_, TabulaApp>, seat: usize, text: &str) {
    open_picker(h, seat);
    click(h, "Other agent…");
    h.get_by_label("agent:").set_text_value_accesskit(text);
    h.run();
    click(h, "Use");
}

/// Runs frames until `done` holds or some seconds have passed.
fn run_until(h: &mut Harness<'_, TabulaApp>, done: impl Fn(&Harness<'_, TabulaApp>) -> bool) {
    for _ in 0..500 {
        h.step();
        if done(h) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_picker_offers_a_person_the_strengths_by_name_and_other_agents() {
    let mut h = harness("classic/tic-tac-toe", [Side::Human, Side::Human]);
    open_picker(&mut h, 1);
    for (i, (name, _)) in tabula::agents::STRENGTHS.iter().enumerate() {
        let label = Side::Strength(i as u8).label();
        assert!(label.starts_with(&format!("Computer — {name} (")), "{label}");
        assert!(h.query_by_label(&label).is_some(), "{label} is offered");
    }
    assert!(h.query_by_label("Other agent…").is_some());
    assert_eq!(Side::Strength(1).label(), "Computer — strong (alpha-beta, 20k nodes)", "in words, not a spec");
}

#[test]
fn a_seat_given_to_strong_plays_alpha_beta_moves_it_wins_at_once_and_blocks() {
    // X a1 b1 and c3, O a2 b2: O wins at c2 at once (blocking c1 would not).
    let mut h = harness("classic/tic-tac-toe", [Side::Human, Side::Human]);
    place(&mut h, "a1 a2 b1 b2 c3");
    choose(&mut h, 1, Side::Strength(1));
    assert_eq!(h.state().bench.side(1), Side::Strength(1));
    run_until(&mut h, |h| moves_played(h) == 6);
    assert!(last_text(&h).ends_with("c2"), "O wins at once: {}", last_text(&h));
    assert!(h.state().bench.session.state().is_over());

    // X a1 b1, O b2: O must block at c1.
    let mut h = harness("classic/tic-tac-toe", [Side::Human, Side::Human]);
    place(&mut h, "a1 b2 b1");
    choose(&mut h, 1, Side::Strength(1));
    run_until(&mut h, |h| moves_played(h) == 4);
    assert!(last_text(&h).ends_with("c1"), "O blocks: {}", last_text(&h));
    assert_eq!(h.state().bench.persisted().sides, vec![Side::Human, Side::Strength(1)], "the choice is kept");
}

#[test]
fn an_agent_typed_that_does_not_read_is_explained_and_the_seat_keeps_its_agent() {
    let mut h = harness("classic/tic-tac-toe", [Side::Human, Side::Human]);
    choose(&mut h, 1, Side::Strength(1));
    type_agent(&mut h, 1, "alphabeta:lots");
    let node = h.get_by_label_contains("\"alphabeta:lots\"");
    let error = node.accesskit_node().label().or(node.accesskit_node().value()).unwrap_or_default();
    assert!(error.contains("expected") && error.contains("mcts:ITERATIONS"), "{error}");
    assert!(error.contains("still Computer — strong"), "{error}");
    assert_eq!(h.state().bench.side(1), Side::Strength(1), "the seat keeps its agent");

    // The same line, corrected, gives the seat that agent.
    h.get_by_label("agent:").set_text_value_accesskit("alphabeta:5k");
    h.run();
    click(&mut h, "Use");
    let typed = Side::Other(SavedSpec(AgentSpec::AlphaBeta(Limit::Nodes(5000))));
    assert_eq!(h.state().bench.side(1), typed);
    assert!(h.query_by_label_contains("\"alphabeta:lots\"").is_none(), "the error is gone");
    assert!(h.query_by_label("agent:").is_none(), "and the line too");
    assert_eq!(typed.label(), "Computer — alpha-beta, 5k nodes");

    // Names and the older agents read as the picker's own entries.
    type_agent(&mut h, 1, "very-strong");
    assert_eq!(h.state().bench.side(1), Side::Strength(2));
    type_agent(&mut h, 1, "mcts:50");
    assert_eq!(h.state().bench.side(1), Side::Mcts(50));
}

#[test]
fn a_typed_agent_is_remembered_as_its_text() {
    let typed = Side::Other(SavedSpec(AgentSpec::AlphaBeta(Limit::Nodes(5000))));
    let persisted = Persisted { sides: vec![Side::Human, Side::Strength(2), typed], ..Persisted::default() };
    let text = ron::to_string(&persisted).expect("written");
    assert!(text.contains("Other(\"alphabeta:5k\")") && text.contains("Strength(2)"), "{text}");
    let back: Persisted = ron::from_str(&text).expect("read back");
    assert_eq!(back.sides, persisted.sides);
    // A text a later version no longer reads loses the seat's agent, not the settings.
    let changed = text.replace("alphabeta:5k", "alphabeta:someday");
    let back: Persisted = ron::from_str(&changed).expect("the other settings are kept");
    assert_eq!(back.recent, persisted.recent);
    assert!(back.sides[2].agent().is_some(), "a computer player still");
}

#[test]
fn the_window_answers_while_the_computer_thinks() {
    // X played by alpha-beta for about 6 seconds a move: the window keeps drawing.
    let slow = Side::Other(SavedSpec(AgentSpec::AlphaBeta(Limit::Time(Duration::from_millis(6000)))));
    let mut h = harness("classic/breakthrough", [slow, Side::Human]);
    h.step();
    let start = Instant::now();
    let mut frames = 0;
    while start.elapsed() < Duration::from_millis(2000) {
        let frame = Instant::now();
        h.step();
        frames += 1;
        assert!(frame.elapsed() < Duration::from_millis(1000), "a frame took {:?}", frame.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("{frames} frames in {:?}", start.elapsed());
    assert!(frames >= 10, "only {frames} frames in two seconds");
    assert_eq!(moves_played(&h), 0, "still thinking");
    assert!(h.state().bench.is_thinking());
    h.run_steps(2);
    assert!(h.query_by_label("the computer is thinking…").is_some(), "the window says so");

    // Meanwhile the seat is taken back by a person: the agent's answer is not played.
    choose(&mut h, 0, Side::Human);
    assert!(!h.state().bench.is_thinking());
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(2500) {
        h.step();
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(moves_played(&h), 0, "the person moves, not the agent");
    assert!(h.query_by_label("the computer is thinking…").is_none());
}

/// The seat given to a person while the computer thinks for ten minutes a
/// move (`mcts:600000ms`, then `alphabeta:600000ms`): the answer is dropped
/// and the search is stopped, so its thread ends soon after instead of
/// holding a core for ten minutes.
#[test]
fn a_seat_given_away_while_the_computer_thinks_frees_its_thread() {
    for text in ["mcts:600000ms", "alphabeta:600000ms"] {
        let slow = Side::Other(SavedSpec(AgentSpec::parse(text).expect("reads")));
        let mut h = harness("classic/breakthrough", [slow, Side::Human]);
        run_until(&mut h, |h| h.state().bench.is_thinking());
        let ended = h.state().bench.thinking().expect("the computer thinks").ended();
        // Past the agent's pause before it starts: the search is under way.
        std::thread::sleep(Duration::from_millis(600));
        h.step();
        assert!(!ended.has_ended(), "{text}: still thinking");
        choose(&mut h, 0, Side::Human);
        assert!(!h.state().bench.is_thinking());
        let start = Instant::now();
        while !ended.has_ended() && start.elapsed() < Duration::from_secs(30) {
            h.step();
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(ended.has_ended(), "{text}: the thread still runs {:?} after the seat changed", start.elapsed());
        assert_eq!(moves_played(&h), 0, "{text}: the person moves, not the agent");
    }
}

#[test]
fn at_1000_by_700_the_picker_and_its_error_stay_inside_the_side_panel() {
    let size = egui::vec2(1000.0, 700.0);
    let persisted = Persisted {
        origin: Origin::Shipped("classic/tic-tac-toe".into()),
        sides: vec![Side::Human, Side::Human],
        ..Persisted::default()
    };
    let mut h =
        Harness::builder().with_max_steps(12).with_size(size).build_eframe(move |_cc| TabulaApp::with(&persisted));
    h.run();
    choose(&mut h, 1, Side::Strength(2));
    type_agent(&mut h, 1, "mcts:many");
    let (_, side, _) = tabula_editor::app::panel_sizes(size);
    let inside = |r: egui::Rect| r.min.x >= size.x - side - 1.0 && r.max.x <= size.x + 1.0;
    let error = h.get_by_label_contains("\"mcts:many\"").rect();
    assert!(inside(error), "the error at {error:?}");
    for label in ["agent:", "Use", "Cancel"] {
        let r = h.get_by_label(label).rect();
        assert!(inside(r), "{label} at {r:?}");
    }
    let picker = h.get_all_by_role(Role::ComboBox).nth(1).expect("the picker").rect();
    assert!(inside(picker), "the picker at {picker:?}");
}

#[test]
fn the_analysis_offers_the_same_agents_without_a_person() {
    let mut h = harness("classic/tic-tac-toe", [Side::Human, Side::Human]);
    click(&mut h, "Analysis");
    open_picker(&mut h, 0);
    for i in 0..tabula::agents::STRENGTHS.len() {
        let label = Side::Strength(i as u8).short_label();
        assert!(h.query_by_label(&label).is_some(), "{label} is offered");
    }
    assert!(h.query_by_label("Person").is_none(), "no person plays an analysis");
    click(&mut h, "Other agent…");
    h.get_by_label("agent:").set_text_value_accesskit("alphabeta:3");
    h.run();
    click(&mut h, "Use");
    let shown = h.get_all_by_role(Role::ComboBox).next().expect("agent A").value().unwrap_or_default();
    assert_eq!(shown, "alpha-beta, 3 plies deep", "agent A is alpha-beta at depth 3");
}

#[test]
fn the_line_to_type_an_agent_in_has_the_keys_when_it_opens() {
    let mut h = harness("classic/tic-tac-toe", [Side::Human, Side::Human]);
    open_picker(&mut h, 1);
    click(&mut h, "Other agent…");
    h.run_steps(4);
    assert!(h.get_by_label("agent:").accesskit_node().is_focused());
    click(&mut h, "Cancel");
    assert!(h.query_by_label("agent:").is_none(), "Cancel puts it away");
    assert_eq!(h.state().bench.side(1), Side::Human, "and changes nothing");
}
