//! Every path the compiler chooses plays the game the general path plays:
//! every shipped ruleset and every test ruleset of tests/blocks (each at
//! its default options and with each option's every value, the others at
//! their defaults), compiled as it is and with every plan forced to the
//! general one (`Game::with_general_plans`), counts the same perft, has the
//! same legal moves and states along seeded random games, and plays the
//! same random playouts (which take the counted, outlined and known-moves
//! ways where the plan allows them).

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula::{Game, Options, shipped};
use tabula_tests::{block_rulesets, compile};

/// Plies a random game is followed for, at most (the games are cut there by `max_plies`).
const PLIES: u32 = 300;

/// The rulesets as (name, options, game): every shipped and every block
/// ruleset, at its default options and with each option's every value
/// alone, each game cut at [`PLIES`].
fn variants() -> Vec<(String, Options, Game)> {
    let shipped = shipped::names().map(|n| (n.to_string(), shipped::text(n).expect("shipped").to_string()));
    let mut out = Vec::new();
    for (name, text) in shipped.chain(block_rulesets()) {
        let base = compile(&text, &name, &Options::new());
        let defs = base.option_defs().iter().filter(|d| d.name() != "max_plies");
        let one_changed = defs
            .flat_map(|d| tabula::options::all_values(d).into_iter().map(|v| [(d.name().to_string(), v.to_string())]));
        let mut all: Vec<Options> = vec![Options::new()];
        all.extend(one_changed.map(|pair| pair.into_iter().collect::<Options>()));
        for mut options in all {
            options.set("max_plies", PLIES.to_string());
            let game = compile(&text, &name, &options);
            out.push((name.clone(), options, game));
        }
    }
    out
}

/// Perft from the start, both ways, to the depth where it passes a few
/// thousand sequences (at most 4).
fn same_perft(what: &str, game: &Game, general: &Game) {
    let start = game.initial_state();
    for depth in 1..=4 {
        let count = game.perft(&start, depth);
        assert_eq!(count, general.perft(&start, depth), "{what}: perft({depth})");
        if count > 3_000 {
            break;
        }
    }
}

/// Seeded random games, both ways side by side: the same legal moves in
/// every position and the same state after every move. How many positions.
fn same_games(what: &str, game: &Game, general: &Game, seeds: u64) -> u32 {
    let mut positions = 0;
    for seed in 0..seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut a, mut b) = (game.initial_state(), general.initial_state());
        while !a.is_over() {
            let legal = game.legal_moves(&a);
            assert_eq!(legal, general.legal_moves(&b), "{what}, seed {seed}, ply {}", a.ply());
            let m = legal[rng.random_range(0..legal.len())];
            game.play_unchecked(&mut a, m);
            general.play_unchecked(&mut b, m);
            assert_eq!(a, b, "{what}, seed {seed}: after {m:?}");
            positions += 1;
        }
        assert!(b.is_over(), "{what}, seed {seed}");
    }
    positions
}

/// Seeded random playouts (as `simulate` plays them), both ways: the same
/// plies, the same final state and the random generators left at the same point.
fn same_playouts(what: &str, game: &Game, general: &Game, seeds: u64) {
    let mut buf = Vec::new();
    for seed in 0..seeds {
        let (mut fast, mut slow) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
        let (mut a, mut b) = (game.initial_state(), general.initial_state());
        let plies = tabula::agents::random_playout(game, &mut a, &mut fast, &mut buf);
        assert_eq!(plies, tabula::agents::random_playout(general, &mut b, &mut slow, &mut buf), "{what}, seed {seed}");
        assert_eq!(a, b, "{what}, seed {seed}");
        assert_eq!(fast.next_u64(), slow.next_u64(), "{what}, seed {seed}: random numbers used");
    }
}

#[test]
fn every_plan_plays_as_the_general_plan() {
    let variants = variants();
    let blocks = variants.iter().filter(|(name, _, _)| name.starts_with("blocks/")).count();
    assert!(blocks >= block_rulesets().len(), "every block ruleset is compiled");
    let mut positions = 0;
    for (name, options, game) in &variants {
        let what = format!("{name} {options:?}");
        let general = game.with_general_plans();
        same_perft(&what, game, &general);
        positions += same_games(&what, game, &general, 2);
        same_playouts(&what, game, &general, 3);
    }
    assert!(variants.len() > 60 && positions > 20_000, "{} variants, {positions} positions", variants.len());
}

/// The switch turns something off: a game with fast paths (a walk along its
/// paths, counted placements) plays differently inside, as the engine's own
/// tests show; here, that the general game is a different program at all
/// (its debug form differs) for a game with a fast path of each kind.
#[test]
fn the_general_plans_differ_from_the_chosen_ones() {
    for name in ["seneti", "classic/tic-tac-toe", "classic/breakthrough", "traditional/kalah"] {
        let game = compile(shipped::text(name).expect("shipped"), name, &Options::new());
        let general = game.with_general_plans();
        assert_ne!(format!("{game:?}"), format!("{general:?}"), "{name}");
        assert_eq!(format!("{general:?}"), format!("{:?}", general.with_general_plans()), "{name}: a fixed point");
    }
}
