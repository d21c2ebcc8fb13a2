//! docs/tutorial.md, checked: each step's ruleset (a ```` ```ron tutorial=N ````
//! block) is loaded and does what the page says it does; the move lists the
//! page shows (```` ```text tutorial=N-moves ````) are the engine's. The
//! page's commands are run by cli/tests/cli.rs.

use tabula::{Game, Options, State};
use tabula_tests::workspace;

/// The body of the code block whose info string is `info` (e.g. `ron tutorial=2`).
fn block(info: &str) -> String {
    let page = std::fs::read_to_string(workspace().join("docs/tutorial.md")).expect("docs/tutorial.md");
    let open = format!("```{info}\n");
    let start = page.find(&open).unwrap_or_else(|| panic!("docs/tutorial.md has no block ```{info}")) + open.len();
    let len = page[start..].find("```").expect("the block is closed");
    page[start..start + len].to_string()
}

fn step(n: u32, options: &[(&str, &str)]) -> Game {
    let mut given = Options::new();
    for (name, value) in options {
        given.set(*name, *value);
    }
    Game::from_source(&block(&format!("ron tutorial={n}")), "tapatan.ron", &given)
        .unwrap_or_else(|e| panic!("step {n} compiles: {e}"))
}

fn after(game: &Game, moves: &str) -> State {
    moves.split_whitespace().fold(game.initial_state(), |s, text| {
        let m = game.parse_move(&s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(s, m).expect("plays")
    })
}

fn moves(game: &Game, s: &State) -> String {
    game.legal_moves(s).iter().map(|&m| game.move_text(m) + "\n").collect()
}

fn ending(game: &Game, s: &State) -> Option<(Vec<u8>, String)> {
    s.outcome().map(|o| (o.winners().collect(), game.reason_text(o.reason)))
}

/// Six placements, no three in a row.
const PLACED: &str = "S@a1 S@b2 S@c1 S@b1 S@b3 S@a2";

#[test]
fn step_1_places_stones_and_a_full_hand_ends_in_a_draw() {
    let game = step(1, &[]);
    assert_eq!(moves(&game, &game.initial_state()), block("text tutorial=1-moves"));
    let s = after(&game, "S@a1 S@b1 S@a2 S@b2 S@c1 S@c2");
    assert_eq!(ending(&game, &s), Some((vec![], "no move".into())), "placed out: a draw");
}

#[test]
fn step_2_three_in_a_row_wins() {
    let game = step(2, &[]);
    let s = after(&game, "S@a1 S@b1 S@a2 S@b2 S@a3");
    assert_eq!(ending(&game, &s), Some((vec![0], "three in a row".into())));
    // a1, b2, c3: a long diagonal.
    let s = after(&game, "S@a1 S@a2 S@b2 S@a3 S@c3");
    assert_eq!(ending(&game, &s), Some((vec![0], "three in a row".into())));
    // Black's line counts for Black.
    let s = after(&game, "S@a1 S@b1 S@c3 S@b2 S@a2 S@b3");
    assert_eq!(ending(&game, &s), Some((vec![1], "three in a row".into())));
}

#[test]
fn step_3_moves_along_the_lines_once_the_hands_are_empty() {
    let game = step(3, &[]);
    let s = after(&game, PLACED);
    assert_eq!(game.phase_name(s.phase()), "moving");
    // b3 has no diagonal: without `diagonals: Alternate` it could step to c2.
    assert_eq!(moves(&game, &s), block("text tutorial=3-moves"));
}

#[test]
fn step_3_a_player_shut_in_loses() {
    // Shut-ins are rare with three stones each; with four (step 4) they come often.
    let game = step(4, &[("pieces", "Four")]);
    let mut seed = 7u64;
    for _ in 0..1000 {
        let mut s = game.initial_state();
        let mut last = 0;
        while !s.is_over() {
            let legal = game.legal_moves(&s);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            last = s.to_move();
            s = game.play(s, legal[(seed % legal.len() as u64) as usize]).expect("plays");
        }
        if let Some((winners, reason)) = ending(&game, &s).filter(|(_, r)| r == "no move") {
            assert_eq!(winners, [last], "{reason}: the player who moved last wins");
            return;
        }
    }
    panic!("no game ended with a player shut in");
}

#[test]
fn step_4_the_option_gives_three_or_four_pieces() {
    let three = step(4, &[]);
    let four = step(4, &[("pieces", "Four")]);
    let hands = |g: &Game| (0..2).map(|p| g.initial_state().hand(p, 0)).collect::<Vec<_>>();
    assert_eq!(hands(&three), [3, 3]);
    assert_eq!(hands(&four), [4, 4]);
    // Tapatan plays as in step 3.
    assert_eq!(moves(&three, &after(&three, PLACED)), block("text tutorial=3-moves"));
    // Achi places on until eight points are taken.
    assert_eq!(four.phase_name(after(&four, PLACED).phase()), "placing");
}
