//! A turn filter's test decided before the move (issue 48,
//! `engine/foresight.rs`) keeps exactly the moves that playing each move and
//! testing it keeps: every shipped and test ruleset with a `RequireAfter`
//! filter, under every combination of its option values (Go's `ko` and
//! `suicide` among them), and a three-player ruleset whose stones are put
//! down and step, along seeded random games, against the same game with every
//! plan general (`Game::with_general_plans`), which plays and tests every
//! move. The lists are compared in order.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula::{Game, Options, shipped};
use tabula_tests::{all_variants, block_rulesets, compile};

/// Random games of `game`, its legal moves compared with the general plans'
/// at every position; how many positions.
fn same_moves_along_games(what: &str, game: &Game, seeds: u64) -> usize {
    let general = game.with_general_plans();
    let mut positions = 0;
    for seed in 0..seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = game.initial_state();
        while !s.is_over() {
            let legal = game.legal_moves(&s);
            assert_eq!(legal, general.legal_moves(&s), "{what} seed {seed}: ply {}", s.ply());
            game.play_unchecked(&mut s, legal[rng.random_range(0..legal.len())]);
            positions += 1;
        }
    }
    positions
}

#[test]
fn filters_decided_before_the_move_keep_what_playing_and_testing_keeps() {
    let shipped = shipped::names().map(|n| (n.to_string(), shipped::text(n).expect("shipped").to_string()));
    let names: Vec<String> = shipped
        .chain(block_rulesets())
        .filter(|(_, text)| text.contains("RequireAfter"))
        .map(|(name, _)| name)
        .collect();
    assert!(names.iter().any(|n| n == "traditional/go") && names.len() >= 4, "{names:?}");
    let mut go_variants = 0;
    let mut positions = 0;
    for (name, options, game) in all_variants(150).into_iter().filter(|(n, _, _)| names.contains(n)) {
        go_variants += usize::from(name == "traditional/go");
        positions += same_moves_along_games(&format!("{name} {options:?}"), &game, 2);
    }
    // Go: ko Simple, Superko and None, each with and without suicide.
    assert_eq!(go_variants, 6);
    assert!(positions >= 3_000, "{positions} positions");
}

/// Three players put stones down or step them; a stone must end beside an
/// empty point (after its captures), written in one of several forms by the
/// option `form`: `Any` and `Negated` the same test, `Ko` with a repetition
/// rule, `Wide` reaching diagonally too (the captures' directions among the
/// `Reach`'s: searched before the move), `Narrow` capturing diagonally too
/// (not among them: played).
const BREATHING: &str = r#"Ruleset(
    language: 2, name: "breathing", title: "Breathing (test)", players: ["A", "B", "C"],
    options: [
        Choice(name: "form", values: ["Any", "Negated", "Ko", "Wide", "Narrow"], default: "Any", doc: "How the filter is written."),
        Int(name: "max_plies", default: 60, min: 0, max: 1000, doc: "The turn limit."),
    ],
    board: Grid(cols: 4, rows: 4, links: ["Orthogonal", "Diagonal"]),
    pieces: [(name: "S", letter: 'S')],
    setup: [
        Hand(piece: "S", player: Player(1), count: 7),
        Hand(piece: "S", player: Player(2), count: 7),
        Hand(piece: "S", player: Player(3), count: 7),
    ],
    phases: [(
        name: "play",
        moves: [
            (pieces: ["S"], by: Place(), to: Empty, then: [
                CaptureGroups(dirs: ["Orthogonal"], own: False),
                CaptureGroups(dirs: ["Diagonal"], own: False, when: Is("form", "Narrow")),
            ]),
            (pieces: ["S"], by: Step(dirs: ["Orthogonal"]), to: Empty),
            (pieces: [], by: Pass),
        ],
        filters: [
            RequireAfter(cond: Any([Passed, Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty)]),
                when: Is("form", "Any")),
            RequireAfter(cond: Not(All([Not(Passed), Not(Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty))])),
                when: Is("form", "Negated")),
            RequireAfter(cond: All([Any([Passed, Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty)]), Not(Repeated(within: 3))]),
                when: Is("form", "Ko")),
            RequireAfter(cond: Any([Passed, Reach(dirs: ["Orthogonal", "Diagonal"], from: Moved, through: Like, to: Empty)]),
                when: Is("form", "Wide")),
            RequireAfter(cond: Any([Passed, Reach(dirs: ["Orthogonal"], from: Moved, through: Like, to: Empty)]),
                when: Is("form", "Narrow")),
        ],
    )],
    end: [(at: AfterMove, cond: LimitReached, result: Draw, reason: "turn limit")],
)"#;

#[test]
fn stones_put_down_or_stepped_by_three_players_are_filtered_alike_both_ways() {
    for form in ["Any", "Negated", "Ko", "Wide", "Narrow"] {
        let options: Options = [("form".to_string(), form.to_string())].into_iter().collect();
        let game = compile(BREATHING, "breathing", &options);
        assert!(same_moves_along_games(&format!("breathing {form}"), &game, 20) >= 600);
    }
}
