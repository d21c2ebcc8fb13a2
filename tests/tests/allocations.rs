//! No allocation per move: random playouts of every shipped ruleset and test
//! ruleset, under every combination of its option values, once the
//! per-thread scratch has grown (the same games played before), allocate
//! nothing but the state each game starts from (ARCHITECTURE.md: "no
//! allocation per ply"), but where the rules ask whether a position repeats
//! (`Repeated`): there each decision adds one entry to the game's history
//! (shared between copies of a state, so a copy allocates nothing for it),
//! and nothing else. The heap is counted by dhat's allocator in its
//! testing mode; one test in this file, so that no other test allocates
//! while it counts.

use rand::SeedableRng;
use tabula::agents::random_playout;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn blocks() -> u64 {
    dhat::HeapStats::get().total_blocks
}

#[test]
fn random_playouts_allocate_nothing_per_move() {
    // Compiled before counting starts (compiling allocates); long enough for
    // games to reach their ends, short enough for every variant to play 20.
    let variants = tabula_tests::all_variants(400);
    let _profiler = dhat::Profiler::builder().testing().build();
    let mut report = Vec::new();
    for (name, options, game) in &variants {
        // The caller's move buffer, large enough for any position here (it grows once if not).
        let mut buf = Vec::with_capacity(1024);
        let games = 20;
        let play = |buf: &mut Vec<_>| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
            (0..games).map(|_| u64::from(random_playout(game, &mut game.initial_state(), &mut rng, buf))).sum::<u64>()
        };
        // The same games twice: the first grows the per-thread scratch to the
        // deepest nesting these games reach; the second must allocate nothing
        // but the states the games start from.
        play(&mut buf);
        let start = blocks();
        drop(game.initial_state());
        let per_state = blocks() - start;
        let before = blocks();
        let moves = play(&mut buf);
        let during = blocks() - before - games * per_state;
        let options: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        // One entry of the history per decision, where the game keeps one.
        let history = if game.initial_state().history().is_kept() { moves } else { 0 };
        report.push((name, options.join(" "), during.saturating_sub(history), moves));
    }
    assert!(report.len() > 100, "only {} variants played", report.len());
    // Known and to be removed: where one-turn memory (marks lasting `NextTurn`,
    // `LastMove`) meets a repetition rule, engine/repetition.rs's
    // `momentary_counts` clones the state and works out two move lists after
    // each decision that leaves such memory (issue 45's repetition fix).
    // The list may only shrink: a listed ruleset that no longer allocates fails.
    const KNOWN: [&str; 2] = ["classic/chess", "blocks/passing-repeats"];
    let allocating: Vec<_> =
        report.iter().filter(|(name, _, during, _)| *during > 0 && !KNOWN.contains(&name.as_str())).collect();
    assert!(allocating.is_empty(), "playouts that allocate (ruleset, options, allocations, moves): {allocating:#?}");
    for known in KNOWN {
        assert!(
            report.iter().any(|(name, _, during, _)| name.as_str() == known && *during > 0),
            "{known} no longer allocates: take it out of KNOWN"
        );
    }
}
