//! Random playouts per shipped ruleset (one thread), legal-move generation,
//! perft, and the interpreter against Breakthrough and Seega written by hand.
//! Run: `cargo bench -p tabula --bench playouts`; see docs/performance.md.

#[allow(dead_code)] // `seega::Position::movement` is for the test that checks it against the ruleset
mod reference;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use tabula::agents::random_playout;
use tabula::{Game, Options, shipped};

fn game(name: &str) -> Game {
    shipped::game(name, &Options::new()).expect("shipped rulesets compile")
}

fn games() -> Vec<(&'static str, Game)> {
    shipped::names().map(|name| (name, game(name))).collect()
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random playout");
    group.throughput(Throughput::Elements(1));
    for (name, game) in games() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut buf = Vec::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut state = game.initial_state();
                black_box(random_playout(&game, &mut state, &mut rng, &mut buf))
            });
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal moves, initial position");
    for (name, game) in games() {
        let state = game.initial_state();
        let mut buf = Vec::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                game.legal_moves_into(black_box(&state), &mut buf);
                black_box(buf.len())
            });
        });
    }
    group.finish();
}

fn compile(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for name in shipped::names() {
        let text = shipped::text(name).expect("shipped");
        group.bench_function(name, |b| b.iter(|| Game::from_source(black_box(text), name, &Options::new()).is_ok()));
    }
    group.finish();
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    // Depths with published counts (tests/perft.txt); Breakthrough 5 is too slow for CI.
    for (name, depth, leaves) in [
        ("classic/tic-tac-toe", 9, 127_872),
        ("classic/connect-four", 7, 823_536),
        ("classic/breakthrough", 5, 6_182_818),
        ("traditional/nine-mens-morris", 5, 5_140_800),
    ] {
        let game = game(name);
        let state = game.initial_state();
        assert_eq!(game.perft(&state, depth), leaves, "{name} perft({depth})");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name} depth {depth}"), |b| b.iter(|| game.perft(black_box(&state), depth)));
    }
    let seega = game("seega");
    let (start, leaves) = (seega.initial_state(), seega.perft(&seega.initial_state(), 4));
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("seega depth 4", |b| b.iter(|| seega.perft(black_box(&start), 4)));
    by_hand_perft::<reference::seega::Position>(&mut group, "seega by hand depth 4", 4, leaves);
    by_hand_perft::<reference::breakthrough::Position>(&mut group, "breakthrough by hand depth 5", 5, 6_182_818);
    group.finish();
}

fn by_hand_perft<P: reference::Position>(group: &mut BenchmarkGroup<WallTime>, name: &str, depth: u32, leaves: u64) {
    let start = P::start();
    assert_eq!(reference::perft(&start, depth), leaves, "{name}");
    group.throughput(Throughput::Elements(leaves));
    group.bench_function(name, |b| b.iter(|| reference::perft(black_box(&start), depth)));
}

/// Random playouts of a ruleset and of the same game written by hand, side by side.
fn by_hand_playouts<P: reference::Position>(c: &mut Criterion, name: &str) {
    let game = game(name);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut group = c.benchmark_group(format!("{name} playout, interpreter and by hand"));
    group.throughput(Throughput::Elements(1));
    let mut buf = Vec::new();
    group.bench_function("interpreter", |b| {
        b.iter(|| black_box(random_playout(&game, &mut game.initial_state(), &mut rng, &mut buf)));
    });
    let mut buf = Vec::new();
    group.bench_function("by hand", |b| b.iter(|| black_box(reference::random_playout::<P>(&mut rng, &mut buf))));
    group.finish();
}

fn by_hand(c: &mut Criterion) {
    by_hand_playouts::<reference::breakthrough::Position>(c, "classic/breakthrough");
    by_hand_playouts::<reference::seega::Position>(c, "seega");
}

criterion_group!(benches, playouts, legal_moves, perft, by_hand, compile);
criterion_main!(benches);
