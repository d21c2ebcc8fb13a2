//! Field patterns (issue 47): the colours a ruleset's `pattern` lays over
//! its fields, worked out here by hand from the fields' names.

use tabula::{Game, Options, shipped};

const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];

/// A grid field's colour by hand: `a1` dark, and every step to a neighbour
/// (a column or a row) changes the colour.
fn by_hand(name: &str) -> [u8; 3] {
    let col = u32::from(name.as_bytes()[0] - b'a');
    let row: u32 = name[1..].parse::<u32>().expect("a row number") - 1;
    if (col + row).is_multiple_of(2) { DARK } else { LIGHT }
}

#[test]
fn chequered_boards_of_the_shipped_games_are_dark_on_a1_and_alternate() {
    for name in ["traditional/english-draughts", "traditional/russian-draughts", "classic/chess", "traditional/lasca"] {
        let game = shipped::game(name, &Options::new()).expect("compiles");
        let board = game.board();
        for f in board.fields() {
            assert_eq!(game.field_colour(f), Some(by_hand(board.name(f))), "{name}: field {}", board.name(f));
        }
    }
}

#[test]
fn draughts_pieces_start_on_the_dark_fields() {
    for name in ["traditional/english-draughts", "traditional/russian-draughts", "traditional/lasca"] {
        let game = shipped::game(name, &Options::new()).expect("compiles");
        let state = game.initial_state();
        let board = game.board();
        let mut seen = 0;
        for f in board.fields() {
            if !state.stack(f).is_empty() {
                assert_eq!(game.field_colour(f), Some(DARK), "{name}: a piece starts on light {}", board.name(f));
                seen += 1;
            }
        }
        assert!(seen > 0, "{name}: pieces on the board");
    }
}

#[test]
fn a_field_type_colour_is_drawn_over_the_pattern_and_no_pattern_colours_nothing() {
    let text = r##"Ruleset(
        name: "tiny", title: "Tiny", players: ["A", "B"],
        board: Grid(cols: 3, rows: 2, links: ["Orthogonal"]),
        pattern: (colours: ["#000000", "#808080", "#ffffff"]),
        field_types: [(name: "corner", fields: ["c2"], colour: "#ffcc00")],
        pieces: [(name: "Stone", letter: 'S')],
        setup: [On(piece: "Stone", player: Player(1), fields: ["a1"])],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["Orthogonal"]), to: Empty)])],
    )"##;
    let game = Game::from_source(text, "tiny.ron", &Options::new()).expect("compiles");
    let colour = |name: &str| game.field_colour(game.board().field(name).expect("a field"));
    // Three colours in turn by column + row.
    assert_eq!(colour("a1"), Some([0, 0, 0]));
    assert_eq!(colour("b1"), Some([0x80; 3]));
    assert_eq!(colour("c1"), Some([0xff; 3]));
    assert_eq!(colour("a2"), Some([0x80; 3]));
    assert_eq!(colour("b2"), Some([0xff; 3]));
    assert_eq!(colour("c2"), Some([0xff, 0xcc, 0]), "the field type's colour wins");
    let plain =
        Game::from_source(&text.replace("pattern:", "// pattern:"), "tiny.ron", &Options::new()).expect("compiles");
    assert_eq!(plain.field_colour(plain.board().field("a1").expect("a1")), None);
}

#[test]
fn a_graph_at_whole_number_positions_and_a_track_take_the_pattern() {
    let text = r##"Ruleset(
        name: "tiny", title: "Tiny", players: ["A", "B"],
        board: Graph(fields: [(name: "p", at: (0, 0)), (name: "q", at: (1, 0)), (name: "r", at: (1, 1))],
                     links: [(from: "p", to: "q", dir: "E", back: "W")]),
        pattern: (colours: ["#000000", "#ffffff"]),
        pieces: [(name: "Stone", letter: 'S')],
        setup: [On(piece: "Stone", player: Player(1), fields: ["DIR"])],
        phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["E"]), to: Empty)])],
    )"##;
    let text = &text.replace("DIR", "p");
    let game = Game::from_source(text, "tiny.ron", &Options::new()).expect("compiles");
    let colour = |name: &str| game.field_colour(game.board().field(name).expect("a field"));
    assert_eq!((colour("p"), colour("q"), colour("r")), (Some([0; 3]), Some([0xff; 3]), Some([0; 3])));
    let track = text
        .replace(
            r#"board: Graph(fields: [(name: "p", at: (0, 0)), (name: "q", at: (1, 0)), (name: "r", at: (1, 1))],
                     links: [(from: "p", to: "q", dir: "E", back: "W")]),"#,
            "board: Track(length: 6, cols: 3),",
        )
        .replace(r#"fields: ["p"]"#, r#"fields: ["1"]"#)
        .replace(r#"dirs: ["E"]"#, r#"dirs: ["next"]"#);
    let game = Game::from_source(&track, "tiny.ron", &Options::new()).expect("compiles");
    let colour = |name: &str| game.field_colour(game.board().field(name).expect("a field"));
    // 1 2 3 on the top row, 6 5 4 below: neighbours on the track and across rows differ.
    assert_ne!(colour("1"), colour("2"));
    assert_ne!(colour("3"), colour("4"));
    assert_ne!(colour("1"), colour("6"));
    assert_eq!(colour("1"), colour("3"));
}
