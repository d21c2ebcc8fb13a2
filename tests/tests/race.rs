//! Race-game building blocks on a small track made for the test: a hit piece
//! goes back to its owner's hand, a field that earns another throw, rules for
//! some throws only, and a throw that moves nothing.

use tabula::{Game, Options};

/// A track of 8; a throw of 0 to 2. Pieces enter on 1 (only on a throw of 1)
/// and walk the throw; a hit piece goes back to its owner's hand; 4 is a
/// field that earns another throw (and, with `safe_rosette`, is safe).
const TRACK: &str = r#"Ruleset(
    name: "track",
    title: "Track",
    players: ["A", "B"],
    options: [Bool(name: "safe_rosette", default: false)],
    board: Track(length: 8, cols: 8),
    field_types: [
        (name: "rosette", fields: ["4"], again: true, when: Not(Opt("safe_rosette"))),
        (name: "rosette", fields: ["4"], again: true, safe: true, when: Opt("safe_rosette")),
    ],
    pieces: [(name: "Runner", letter: 'R', captured: [(to: ToOwner)])],
    chance: [(name: "sticks", outcomes: [
        (label: "0", value: 0, weight: 1), (label: "1", value: 1, weight: 2), (label: "2", value: 2, weight: 1),
    ])],
    setup: [Hand(piece: "Runner", player: Player(1), count: 2), Hand(piece: "Runner", player: Player(2), count: 2)],
    phases: [(name: "race", throw: "sticks", moves: [
        (pieces: ["Runner"], by: Enter(via: Field(["1"]), steps: 1, dirs: ["next"]), to: Any([Empty, Enemy]), only_if: Thrown([1])),
        (pieces: ["Runner"], by: Walk(dirs: ["next"], steps: Throw), to: Any([Empty, Enemy])),
    ])],
)"#;

fn game(options: &[(&str, &str)]) -> Game {
    let options: Options = options.iter().map(|&(k, v)| (k, v)).collect();
    Game::from_source(TRACK, "track.ron", &options).unwrap_or_else(|e| panic!("{e}"))
}

fn play(game: &Game, s: &mut tabula::State, moves: &str) {
    for text in moves.split_whitespace() {
        let m = game.parse_move(s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        *s = game.play(s.clone(), m).expect("legal");
    }
}

fn legal(game: &Game, s: &tabula::State) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves(s).into_iter().map(|m| game.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn a_rule_for_some_throws_only_and_a_throw_that_moves_nothing() {
    let g = game(&[]);
    let mut s = g.initial_state();
    play(&g, &mut s, "throw:2");
    assert_eq!(legal(&g, &s), ["pass"], "entering needs a throw of 1");
    play(&g, &mut s, "pass throw:0");
    assert_eq!(legal(&g, &s), ["pass"], "a throw of 0 moves nothing");
    play(&g, &mut s, "pass throw:1");
    assert_eq!(legal(&g, &s), ["R@1"]);
}

#[test]
fn a_hit_piece_goes_back_to_its_owners_hand() {
    let g = game(&[]);
    let mut s = g.initial_state();
    play(&g, &mut s, "throw:1 R@1 throw:1 r@1");
    // B's piece could not enter on A's: A's is hit and goes back to A's hand, not to B.
    assert_eq!(g.stack_text(&s, g.board().field("1").expect("field")), "r");
    assert_eq!(g.pool_text(&s, tabula::Pool::Hand, 0), "2R");
    assert_eq!(g.pool_text(&s, tabula::Pool::Hand, 1), "1r");
    assert_eq!(s.total_pieces(), 4);
}

#[test]
fn ending_on_a_field_that_earns_a_throw_gives_another_throw() {
    let g = game(&[]);
    let mut s = g.initial_state();
    play(&g, &mut s, "throw:1 R@1 throw:0 pass throw:2 1-3 throw:0 pass");
    assert_eq!(s.to_move(), 0);
    play(&g, &mut s, "throw:1 3-4");
    assert_eq!(s.to_move(), 0, "the same player throws again");
    assert!(legal(&g, &s).iter().all(|m| m.starts_with("throw:")));
    play(&g, &mut s, "throw:0 pass");
    assert_eq!(s.to_move(), 1, "a move elsewhere ends the turn");
}

#[test]
fn a_safe_field_that_earns_a_throw_cannot_be_hit() {
    // B's piece stands on 4; A's piece on 3 throws 1.
    let position = r#"Position(to_move: 1, board: {"3": "R", "4": "r"}, hand: ["1R", "1r"], throw: 1)"#;
    let g = game(&[]);
    let s = g.position_from_str(position, "p").expect("reads");
    assert!(legal(&g, &s).contains(&"3-4".to_string()));
    let g = game(&[("safe_rosette", "true")]);
    let s = g.position_from_str(position, "p").expect("reads");
    assert!(!legal(&g, &s).contains(&"3-4".to_string()));
}
