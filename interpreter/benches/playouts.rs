//! Random playouts per shipped ruleset (one thread), and legal-move generation.
//! Run: `cargo bench -p tabula --bench playouts`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use tabula::agents::random_playout;
use tabula::{Game, Options, shipped};

fn games() -> Vec<(&'static str, Game)> {
    shipped::names()
        .map(|name| {
            let text = shipped::text(name).expect("shipped");
            (name, Game::from_source(text, name, &Options::new()).expect("shipped rulesets compile"))
        })
        .collect()
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

criterion_group!(benches, playouts, legal_moves, compile);
criterion_main!(benches);
