//! tests/blocks/come-round.ron written by hand, sharing no code with the
//! engine: two stones on a track of five, the positions so far in a list.
//! Its move counts from the start (perft) must equal the ruleset's, under
//! threefold repetition (a draw at the third time) and under positional
//! superko (no move makes a board the game has had; no move loses).

use tabula::Options;
use tabula_tests::workspace;

#[derive(Clone, Copy, PartialEq)]
enum Repeat {
    Threefold,
    Never,
}

/// A board: White's square and Black's, 1 to 5.
type Board = (u8, u8);

/// The boards `who` (0 White, 1 Black) can step to, `next` before `prev`.
fn steps((w, b): Board, who: u8) -> Vec<Board> {
    let (me, other) = if who == 0 { (w, b) } else { (b, w) };
    [me + 1, me - 1]
        .into_iter()
        .filter(|&t| (1..=5).contains(&t) && t != other)
        .map(|t| if who == 0 { (t, b) } else { (w, t) })
        .collect()
}

/// Move sequences of `depth` decisions; `seen` holds each position after a
/// decision (and the start) with the player who made it.
fn perft(rules: Repeat, board: Board, who: u8, seen: &mut Vec<(Board, u8)>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut boards = steps(board, who);
    if rules == Repeat::Never {
        boards.retain(|b| seen.iter().all(|(s, _)| s != b));
        if boards.is_empty() {
            // No move: the player loses as their turn begins (no pass to make).
            return 0;
        }
    } else if boards.is_empty() {
        boards.push(board); // a pass
    }
    let mut total = 0;
    for next in boards {
        let times = seen.iter().filter(|&&k| k == (next, who)).count();
        if rules == Repeat::Threefold && times >= 2 {
            total += u64::from(depth == 1); // a draw: the game is over
            continue;
        }
        seen.push((next, who));
        total += perft(rules, next, 1 - who, seen, depth - 1);
        seen.pop();
    }
    total
}

#[test]
fn come_round_counts_as_written_by_hand() {
    let text = std::fs::read_to_string(workspace().join("tests/blocks/come-round.ron")).expect("come-round.ron");
    for (rules, value) in [(Repeat::Threefold, "Threefold"), (Repeat::Never, "Never")] {
        let mut options = Options::new();
        options.set("repeat", value);
        let game = tabula_tests::compile(&text, "blocks/come-round", &options);
        for depth in 1..=14 {
            let mut seen = vec![((1, 5), 1)];
            let want = perft(rules, (1, 5), 0, &mut seen, depth);
            assert_eq!(game.perft(&game.initial_state(), depth), want, "{value} perft({depth})");
        }
    }
}
