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
        // One entry of the history per decision, where the game keeps one.
        let kept = game.initial_state().history().is_kept();
        // The allocations of the games but their states and history, and their moves.
        let count = |buf: &mut Vec<_>| {
            let before = blocks();
            let moves = play(buf);
            let during = blocks() - before - games * per_state;
            (during.saturating_sub(if kept { moves } else { 0 }), moves)
        };
        // The heap is the process's: the test harness's own thread allocates
        // now and then (its warning that a test has run for over 60 seconds),
        // which may fall while a variant is counted. The same games counted
        // once more: an allocation of the engine's shows again.
        let (mut during, mut moves) = count(&mut buf);
        if during > 0 {
            (during, moves) = count(&mut buf);
        }
        let options: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        report.push((name, options.join(" "), during, moves));
    }
    assert!(report.len() > 100, "only {} variants played", report.len());
    let allocating: Vec<_> = report.iter().filter(|(_, _, during, _)| *during > 0).collect();
    assert!(allocating.is_empty(), "playouts that allocate (ruleset, options, allocations, moves): {allocating:#?}");
}
