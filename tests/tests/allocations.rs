//! No allocation per move: random playouts of every shipped ruleset (at its
//! default options), once the per-thread scratch has grown, allocate nothing
//! but the state each game starts from (ARCHITECTURE.md: "no allocation per
//! ply"). The heap is counted by dhat's allocator in its testing mode; one
//! test in this file, so that no other test allocates while it counts. (Not
//! yet covered: the capture options `Most` and `Huff`, whose chain searches
//! and marks still allocate; see docs/performance.md.)

use rand::SeedableRng;
use tabula::{Options, agents::random_playout, shipped};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn blocks() -> u64 {
    dhat::HeapStats::get().total_blocks
}

#[test]
fn random_playouts_allocate_nothing_per_move() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let mut report = Vec::new();
    for name in shipped::names() {
        let game = shipped::game(name, &Options::new()).expect("compiles");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        // The caller's move buffer, large enough for any position here (it grows once if not).
        let mut buf = Vec::with_capacity(1024);
        // Warm up: the per-thread scratch grows to its size.
        for _ in 0..3 {
            random_playout(&game, &mut game.initial_state(), &mut rng, &mut buf);
        }
        let start = blocks();
        drop(game.initial_state());
        let per_state = blocks() - start;
        let (before, mut moves, games) = (blocks(), 0u64, 20u64);
        for _ in 0..games {
            moves += u64::from(random_playout(&game, &mut game.initial_state(), &mut rng, &mut buf));
        }
        let during = blocks() - before - games * per_state;
        report.push((name, during, moves));
    }
    let allocating: Vec<_> = report.iter().filter(|(_, during, _)| *during > 0).collect();
    assert!(allocating.is_empty(), "playouts that allocate (ruleset, allocations, moves): {allocating:?}");
}
