//! Nine Men's Morris' draw after moves without a mill (option `draw_moves`,
//! Q-MORRIS-3, issue 48: the rule of RBG's theMillGame.rbg at 20), checked
//! along random games against a count kept by hand from the board alone: the
//! turns of the movement phase since the last turn that removed a man (a
//! turn ends when the player to move changes; a move and the removal its mill
//! makes are one turn).

use rand::{SeedableRng, seq::IndexedRandom};
use tabula::Options;

fn options(draw_moves: Option<u32>) -> Options {
    draw_moves.into_iter().map(|n| ("draw_moves".to_string(), n.to_string())).collect()
}

/// Plays seeded random games; after each turn, the counter `quiet` against
/// the count by hand; returns (games drawn, the longest count seen).
fn check(draw_moves: Option<u32>, games: u64) -> (u32, i32) {
    let game = tabula::shipped::game("traditional/nine-mens-morris", &options(draw_moves)).expect("compiles");
    let quiet = game.counter_index("quiet").expect("a counter `quiet`");
    let movement = game.phase_names().position(|p| p == "movement").expect("a movement phase");
    let (mut draws, mut long) = (0, 0);
    for seed in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let (mut by_hand, mut removed, mut moving) = (0i32, false, false);
        while !state.is_over() {
            let legal = game.legal_moves(&state);
            let m = *legal.choose(&mut rng).expect("a move");
            let mover = state.to_move();
            let opponent = 1 - mover;
            moving |= state.phase() == movement;
            let before = state.on_board(opponent);
            state = game.play(state, m).expect("legal");
            removed |= state.on_board(opponent) < before;
            if state.to_move() != mover || state.is_over() {
                if moving {
                    by_hand = if removed { 0 } else { by_hand + 1 };
                }
                (removed, moving) = (false, false);
                long = long.max(by_hand);
                let expected = if draw_moves.is_some_and(|n| n > 0) { by_hand } else { 0 };
                assert_eq!(game.counter_value(&state, quiet, 0), expected, "seed {seed}, ply {}", state.ply());
            }
        }
        let drawn =
            state.outcome().is_some_and(|o| o.is_draw() && game.reason_text(o.reason).contains("without a mill"));
        draws += u32::from(drawn);
        if let Some(n) = draw_moves.filter(|&n| n > 0) {
            assert_eq!(
                drawn,
                by_hand >= n as i32,
                "seed {seed}: a draw exactly when {n} moves without a mill were made"
            );
        }
    }
    (draws, long)
}

#[test]
fn the_count_of_moves_without_a_mill_is_whole_turns_of_the_movement_phase() {
    let (draws, long) = check(Some(20), 30);
    assert!(draws > 0 && long >= 20, "no random game reached the draw ({draws} draws)");
}

#[test]
fn by_default_nothing_is_counted_and_no_game_is_drawn_so() {
    let (draws, _) = check(None, 10);
    assert_eq!(draws, 0);
}
