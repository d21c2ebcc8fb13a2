//! What docs/language.md says the constructs do, checked against what they
//! do: each test is named after the sentence it keeps true.

use tabula::{Game, Options, State};

fn game(text: &str) -> Result<Game, String> {
    Game::from_source(text, "claims.ron", &Options::new()).map_err(|e| e.to_string())
}

fn compiled(text: &str) -> Game {
    game(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A ruleset of one phase on a 5 x 5 grid of orthogonal links, stones for two
/// players: `extra` goes among the top-level parts, `setup` and `moves` in
/// their lists, `piece` after the stone's name and letter.
fn ruleset(extra: &str, piece: &str, setup: &str, moves: &str) -> String {
    format!(
        r#"Ruleset(
    name: "claims",
    title: "Claims",
    players: ["A", "B"],
    board: Grid(cols: 5, rows: 5, links: ["Orthogonal"]),
    {extra}
    pieces: [(name: "Stone", letter: 'S'{piece})],
    setup: [{setup}],
    phases: [(name: "play", moves: [{moves}])],
)"#
    )
}

/// The legal moves' texts, without the `pass` of a player who has none.
fn texts(g: &Game, s: &State) -> Vec<String> {
    g.move_texts(&g.legal_moves(s)).into_iter().filter(|m| m != "pass").collect()
}

fn play(g: &Game, s: &State, text: &str) -> State {
    let m = g.parse_move(s, text).unwrap_or_else(|e| panic!("{text}: {e}; legal: {:?}", texts(g, s)));
    g.play(s.clone(), m).expect("legal")
}

/// The text of the board of a position: `"c3": "S"` for each stack.
fn board(g: &Game, s: &State) -> String {
    let text = g.position_to_string(s);
    let start = text.find("board: {").expect("a board");
    let end = text[start..].find('}').expect("closed") + start;
    text[start..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

const ONE_EACH: &str =
    r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["c3"])"#;

// Item: safe fields. "A `Jump` takes an enemy on a safe field: a jump that
// may not, says so in its `over`."
#[test]
fn a_jump_takes_an_enemy_on_a_safe_field_unless_its_over_says_not() {
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["b3"]), On(piece: "Stone", player: Player(2), fields: ["c3"])"#;
    let types = r#"field_types: [(name: "refuge", fields: ["c3"], safe: true)],"#;
    let g = compiled(&ruleset(types, "", setup, r#"(pieces: ["Stone"], by: Jump(dirs: ["E"]))"#));
    let after = play(&g, &g.initial_state(), "b3-d3");
    assert_eq!(board(&g, &after), r#"board: { "d3": "S","#, "the jumped stone on the safe field is taken");
    let spared = r#"(pieces: ["Stone"], by: Jump(dirs: ["E"], over: All([Enemy, Not(Type("refuge"))])))"#;
    let g = compiled(&ruleset(types, "", setup, spared));
    assert!(texts(&g, &g.initial_state()).is_empty(), "{:?}", texts(&g, &g.initial_state()));
}

// Item: a piece put onto an enemy. Before, the field's stack limit was
// counted with the enemy still on it: no move, though `check` said nothing.
#[test]
fn a_piece_put_on_an_enemy_arrives_as_a_move_onto_it_does() {
    let setup =
        r#"On(piece: "Stone", player: Player(2), fields: ["c3"]), Hand(piece: "Stone", player: Player(1), count: 1)"#;
    let onto_enemy = r#"(pieces: ["Stone"], by: Place(), to: Enemy)"#;
    let g = compiled(&ruleset("", "", setup, onto_enemy));
    let s = g.initial_state();
    assert_eq!(texts(&g, &s), ["S@c3"]);
    assert_eq!(board(&g, &play(&g, &s, "S@c3")), r#"board: { "c3": "S","#, "the enemy stone is captured");
    // Not on a safe field; stacking needs room; nor under a stack where it is full.
    let safe = r#"field_types: [(name: "refuge", fields: ["c3"], safe: true)],"#;
    let g = compiled(&ruleset(safe, "", setup, onto_enemy));
    assert!(texts(&g, &s).is_empty(), "{:?}", texts(&g, &s));
    let stacking = r#"(pieces: ["Stone"], by: Place(), to: Enemy, on_enemy: Stack)"#;
    assert!(texts(&compiled(&ruleset("", "", setup, stacking)), &s).is_empty());
    let g = compiled(&ruleset("stack_limit: 2,", "", setup, stacking));
    assert_eq!(board(&g, &play(&g, &g.initial_state(), "S@c3")), r#"board: { "c3": "sS","#);
    let under = r#"(pieces: ["Stone"], by: Place(at: Bottom), to: Enemy)"#;
    assert!(texts(&compiled(&ruleset("", "", setup, under)), &s).is_empty());
}

// Item: `Enclose` with a target that never holds of an enemy piece did nothing, silently.
#[test]
fn an_enclosure_that_can_never_capture_is_refused_where_it_is_written() {
    let moves = r#"(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]),
        then: [Enclose(dirs: ["Orthogonal"], target: Own)])"#;
    let err = game(&ruleset("", "", ONE_EACH, moves)).expect_err("refused");
    assert!(
        err.contains("claims.ron:10:54:") && err.contains("then[0].target: an enclosure captures only enemy pieces"),
        "{err}"
    );
    // A target that may hold of an enemy is kept.
    for target in ["Enemy", "All([Enemy, Top([\"Stone\"])])", "Not(Own)", "Top([\"Stone\"])"] {
        let moves = format!(
            r#"(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), then: [Enclose(dirs: ["Orthogonal"], target: {target})])"#
        );
        compiled(&ruleset("", "", ONE_EACH, &moves));
    }
}

// Item: "A `CaptureRun` takes every stack where `if` holds, the mover's own
// too; where `if` holds on an empty field, the run passes over it."
#[test]
fn a_capture_run_takes_own_pieces_too_and_passes_over_empty_fields_where_if_holds() {
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["a1", "c1"]), On(piece: "Stone", player: Player(2), fields: ["e1"])"#;
    let run = |cond: &str| {
        format!(
            r#"(pieces: ["Stone"], by: Step(dirs: ["N"]), then: [CaptureRun(start: ["S"], step: ["E"], if: {cond})])"#
        )
    };
    // From a2 the run starts on a1 (the field the piece left, now empty), then b1, c1 (own), d1, e1 (enemy).
    let g = compiled(&ruleset("", "", setup, &run("True")));
    let after = play(&g, &g.initial_state(), "a1-a2");
    assert_eq!(board(&g, &after), r#"board: { "a2": "S","#, "own c1 and enemy e1 both taken");
    let g = compiled(&ruleset("", "", setup, &run("Not(Own)")));
    let after = play(&g, &g.initial_state(), "a1-a2");
    assert_eq!(board(&g, &after), r#"board: { "a2": "S", "c1": "S", "e1": "s","#, "stops at its own stone");
}

// Item 2: a plain number is a distance wherever one is written.
#[test]
fn a_plain_number_is_a_distance_in_every_motion() {
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["a1"])"#;
    for (plain, old) in [
        ("Run(dirs: [\"N\"], distance: 2)", "Run(dirs: [\"N\"], distance: Const(2))"),
        ("RunOff(dirs: [\"E\"], distance: 5, count: Exact)", "RunOff(dirs: [\"E\"], distance: Const(5), count: Exact)"),
        ("Walk(dirs: [\"N\", \"E\"], steps: 2)", "Walk(dirs: [\"N\", \"E\"], steps: Const(2))"),
        (
            "Enter(via: Field([\"a1\"]), steps: 2, dirs: [\"N\"])",
            "Enter(via: Field([\"a1\"]), steps: Const(2), dirs: [\"N\"])",
        ),
    ] {
        let hand = r#"Hand(piece: "Stone", player: Player(1), count: 1)"#;
        let setup = if plain.starts_with("Enter") { hand } else { setup };
        let of = |by: &str| {
            let g = compiled(&ruleset("", "", setup, &format!(r#"(pieces: ["Stone"], by: {by})"#)));
            texts(&g, &g.initial_state())
        };
        let moves = of(plain);
        assert!(!moves.is_empty(), "{plain}");
        assert_eq!(moves, of(old), "{plain} and {old}");
    }
}

// Item 2: a value of the wrong form names where it stands and which field it is.
#[test]
fn a_mistyped_value_says_where_it_stands_and_which_field_it_is() {
    let moves = r#"(pieces: ["Stone"], by: Run(dirs: ["N"], distance: "two"))"#;
    let err = game(&ruleset("", "", ONE_EACH, moves)).expect_err("refused");
    assert!(
        err.starts_with("claims.ron:9:89:") && err.contains(": phases[0].moves[0].by.distance: expected a distance"),
        "{err}"
    );
    let err = game(&ruleset("stack_limit: \"two\",", "", ONE_EACH, "")).expect_err("refused");
    assert!(err.contains("claims.ron:6:18: stack_limit: "), "{err}");
}

// Item 3: `starts` is `Next` or `Player(n)`.
#[test]
fn a_phase_starts_with_the_next_player_or_a_named_one_only() {
    let text = ruleset("", "", ONE_EACH, "").replace("moves: [])", "moves: [], starts: Same)");
    let err = game(&text).expect_err("refused");
    assert!(err.contains("phases[0].starts") && err.contains("`Next`") && err.contains("`Player`"), "{err}");
}

// Item 3: inside `CanMove`, the mover is the player asked about, under the
// current phase's rules, fallback rules included.
#[test]
fn can_move_asks_of_the_player_it_names_under_the_phase_with_its_fallback_rules() {
    let text =
        ruleset("", "", ONE_EACH, r#"(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), only_if: PlayerIs(1))"#)
            .replace(
                "moves: [(pieces",
                r#"fallback: [(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]))], moves: [(pieces"#,
            )
            .replace(
                "phases: [",
                r#"end: [(at: AfterMove, cond: Not(CanMove(Next)), result: Win(Me), reason: "stuck")],
    phases: ["#,
            );
    let g = compiled(&text);
    let after = play(&g, &g.initial_state(), "a1-a2");
    assert!(!after.is_over(), "player 2 has the fallback moves; CanMove counts them");
    assert!(texts(&g, &after).contains(&"c3-c4".to_string()));
}

// Item 3: `captured: Store` keeps the piece's owner; `captured`'s `when` takes options only.
#[test]
fn a_stored_piece_keeps_its_owner_and_captured_when_takes_options_only() {
    let stored = r#", captured: [(to: Store("store"))]"#;
    let zone = r#"zones: [(name: "store", each: [["e5"], ["a5"]])], stack_limit: 3,"#;
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["c2"]), On(piece: "Stone", player: Player(2), fields: ["c3"])"#;
    let g = compiled(&ruleset(zone, stored, setup, r#"(pieces: ["Stone"], by: Step(dirs: ["N"]), to: Enemy)"#));
    let after = play(&g, &g.initial_state(), "c2-c3");
    assert_eq!(board(&g, &after), r#"board: { "c3": "S", "e5": "s","#, "player 2's stone in player 1's store");
    let by_state = r#", captured: [(to: Store("store"), when: Empty)]"#;
    let err = game(&ruleset(zone, by_state, setup, "")).expect_err("refused");
    assert!(err.contains("pieces[0].captured[0].when: `Empty` cannot be used in a condition on options only"), "{err}");
}

// Item 3: a rule's `from` is tested with the moving piece still on its field.
#[test]
fn a_start_field_condition_sees_the_moving_piece() {
    let g = compiled(&ruleset(
        "",
        "",
        ONE_EACH,
        r#"(pieces: ["Stone"], by: Step(dirs: ["N"]), from: All([Own, Height(1)]))"#,
    ));
    assert_eq!(texts(&g, &g.initial_state()), ["a1-a2"]);
}

// Item 3: a leap's rows count upward, as the rows of a grid are numbered.
#[test]
fn a_leaps_positive_rows_go_up_the_board() {
    let g =
        compiled(&ruleset("", "", ONE_EACH, r#"(pieces: ["Stone"], by: Leap(offsets: [(1, 2)], symmetric: false))"#));
    assert_eq!(texts(&g, &g.initial_state()), ["a1-b3"]);
}

// Item 3: a relative direction needs a list for each player, none empty.
#[test]
fn an_empty_list_of_relative_directions_is_refused_where_it_is_written() {
    let dirs = r#"directions: {"forward": [["N"], []]},"#;
    let err =
        game(&ruleset(dirs, "", ONE_EACH, r#"(pieces: ["Stone"], by: Step(dirs: ["forward"]))"#)).expect_err("refused");
    assert!(err.contains(r#"claims.ron:6:37: directions["forward"][1]: expected at least one direction"#), "{err}");
}

// Item 3: the turn limit is an option; a top-level `max_plies` is refused and says where it goes.
#[test]
fn max_plies_is_declared_as_an_option() {
    let err = game(&ruleset("max_plies: 50,", "", ONE_EACH, "")).expect_err("refused");
    assert!(err.contains("claims.ron:6:5:") && err.contains(r#"declare it in `options`"#), "{err}");
    let g =
        compiled(&ruleset(r#"options: [Int(name: "max_plies", default: 50, min: 0, max: 100)],"#, "", ONE_EACH, ""));
    assert_eq!(g.options().get("max_plies"), Some(&tabula::OptionValue::Int(50)));
}

// Item 3: a placement prints the kind's letter in upper case for every player.
#[test]
fn every_players_placement_prints_the_letter_in_upper_case() {
    let setup =
        r#"Hand(piece: "Stone", player: Player(1), count: 1), Hand(piece: "Stone", player: Player(2), count: 1)"#;
    let g = compiled(&ruleset("", "", setup, r#"(pieces: ["Stone"], by: Place())"#));
    let after = play(&g, &g.initial_state(), "S@a1");
    assert!(texts(&g, &after).contains(&"S@b1".to_string()), "{:?}", texts(&g, &after));
}

// Item 4: the bound on a walk's search counts what the search tries: a walk
// that may pass no field goes one step from each piece, however long it is.
#[test]
fn a_walk_that_may_pass_no_field_is_not_refused_for_its_length() {
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["c3"])"#;
    let walk = |pass: &str| {
        let moves = format!(r#"(pieces: ["Stone"], by: Walk(dirs: ["Orthogonal"], steps: 20, pass: {pass}))"#);
        game(&ruleset("", "", setup, &moves))
    };
    let g = walk("False").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        texts(&g, &g.initial_state()).is_empty(),
        "a walk of 20 steps that may pass nothing goes nowhere: {:?}",
        texts(&g, &g.initial_state())
    );
    let err = walk("True").expect_err("every path of 20 steps is too many to try");
    assert!(err.contains("may try more than"), "{err}");
    // Where `pass` depends on the pieces, the bound takes the worst case.
    assert!(walk("Empty").is_err());
}

// Item 3: each effect sees the board as the effects before it left it.
#[test]
fn each_effect_sees_the_board_as_the_effects_before_it_left_it() {
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#;
    let moves = |then: &str| format!(r#"(pieces: ["Stone"], by: Step(dirs: ["N"]), then: [{then}])"#);
    let run = r#"CaptureRun(on: Closed, start: ["E"], if: Enemy)"#;
    // The run's `on` asks whether the piece on a2 is turned over: only once `Flip` has turned it.
    let g = compiled(&ruleset("", "", setup, &moves(&format!("Flip(), {run}"))));
    assert_eq!(board(&g, &play(&g, &g.initial_state(), "a1-a2")), r#"board: { "a2": "S\'","#);
    let g = compiled(&ruleset("", "", setup, &moves(&format!("{run}, Flip()"))));
    assert_eq!(board(&g, &play(&g, &g.initial_state(), "a1-a2")), r#"board: { "a2": "S\'", "b2": "s","#);
}

// Item 3: `Convert` finds its field while the captured piece still stands on its own.
#[test]
fn a_converted_piece_is_placed_as_if_its_own_field_were_taken() {
    let setup = r#"On(piece: "Stone", player: Player(1), fields: ["a3", "d3"]), On(piece: "Stone", player: Player(2), fields: ["c3"])"#;
    let zone = r#"zones: [(name: "back", groups: [["c3", "e3"]])],"#;
    let convert = r#", captured: [(to: Convert(zone: "back", choose: First))]"#;
    let moves = r#"(pieces: ["Stone"], by: Step(dirs: ["E"]), then: [Enclose(dirs: ["E"])])"#;
    let g = compiled(&ruleset(zone, convert, setup, moves));
    let after = play(&g, &g.initial_state(), "a3-b3");
    assert_eq!(board(&g, &after), r#"board: { "b3": "S", "d3": "S", "e3": "S","#, "not onto c3, where it stood");
}
