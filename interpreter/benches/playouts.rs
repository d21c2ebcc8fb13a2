//! Per shipped ruleset (one thread): random playouts, legal-move generation,
//! perft, MCTS (simulations/s and games/s at a fixed budget) and compiling;
//! and the interpreter against Breakthrough and Seega written by hand. Every
//! group runs over `shipped::names()`, so a new ruleset is measured as soon as
//! it is shipped.
//!
//! Run: `cargo bench -p tabula --bench playouts`; a quick look:
//! `cargo bench -p tabula --bench playouts -- --quick "mcts game"` (a filter
//! and criterion's `--quick`). See docs/performance.md.

#[allow(dead_code)] // `seega::Position::movement` is for the test that checks it against the ruleset
mod reference;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use tabula::agents::{AgentSpec, Budget, random_playout};
use tabula::{Action, Game, Options, State, shipped};

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

/// Perft of every shipped ruleset from the start, to the first depth with at
/// least `PERFT_LEAVES` leaves (or the deepest with any, if games end first,
/// at most `PERFT_MAX_DEPTH`): the depth depends on the rules only, so a
/// bench's name stays the same across machines and versions.
fn perft(c: &mut Criterion) {
    const PERFT_LEAVES: u64 = 250_000;
    const PERFT_MAX_DEPTH: u32 = 16;
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, game) in games() {
        let state = game.initial_state();
        let (mut depth, mut leaves) = (0, 1);
        for d in 1..=PERFT_MAX_DEPTH {
            let n = game.perft(&state, d);
            if n == 0 {
                break;
            }
            (depth, leaves) = (d, n);
            if n >= PERFT_LEAVES {
                break;
            }
        }
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name} depth {depth}"), |b| b.iter(|| game.perft(black_box(&state), depth)));
    }
    group.finish();
}

/// Perft at depths with published counts (tests/perft.txt; Breakthrough 5 and
/// Nine Men's Morris 5 are too slow for CI), checked before they are timed;
/// and the interpreter against the same game written by hand.
fn perft_published(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft, published depths and by hand");
    group.sample_size(10);
    for (name, depth, leaves) in [
        ("classic/tic-tac-toe", 9, 127_872),
        ("classic/connect-four", 7, 823_536),
        ("classic/breakthrough", 5, 6_182_818),
        ("traditional/nine-mens-morris", 5, 5_140_800),
        ("traditional/english-draughts", 8, 845_931),
        ("traditional/tablut", 4, 19_913_864),
        ("traditional/reversi", 9, 3_005_288),
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

/// MCTS iterations per move in the games of `mcts_games`: small, so that a
/// game of a thousand plies stays around a second.
const MCTS_GAME_ITERATIONS: u32 = 32;
/// MCTS iterations of one search in `mcts_search`.
const MCTS_SEARCH_ITERATIONS: u32 = 1000;

/// The first position from the start where the player to move has a real
/// choice (two or more moves, not a throw), reached by seeded random moves;
/// `None` if a random game ends first.
fn first_choice(game: &Game) -> Option<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut state = game.initial_state();
    let mut random = AgentSpec::Random.build(game);
    loop {
        let moves = game.legal_moves(&state);
        if moves.is_empty() {
            return None;
        }
        if moves.len() > 1 && moves[0].action() != Action::Chance {
            return Some(state);
        }
        let m = random.choose(game, &state, &mut rng);
        game.play_unchecked(&mut state, m);
    }
}

/// One MCTS search from the first real choice of each ruleset: simulations/s.
fn mcts_search(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("mcts search, {MCTS_SEARCH_ITERATIONS} simulations"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(MCTS_SEARCH_ITERATIONS)));
    for (name, game) in games() {
        let Some(state) = first_choice(&game) else { continue };
        let mut agent = AgentSpec::Mcts(Budget::Iterations(MCTS_SEARCH_ITERATIONS)).build(&game);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(name, |b| b.iter(|| agent.choose(&game, black_box(&state), &mut rng)));
    }
    group.finish();
}

/// Whole games of MCTS against MCTS at a fixed budget per move: games/s, the
/// figure an analysis of thousands of games depends on.
fn mcts_games(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("mcts game, {MCTS_GAME_ITERATIONS} simulations per move"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    for (name, game) in games() {
        let mut agent = AgentSpec::Mcts(Budget::Iterations(MCTS_GAME_ITERATIONS)).build(&game);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut state = game.initial_state();
                let mut plies = 0_u32;
                while !state.is_over() && plies < 100_000 {
                    let m = agent.choose(&game, &state, &mut rng);
                    game.play_unchecked(&mut state, m);
                    plies += 1;
                }
                black_box(plies)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, legal_moves, perft, perft_published, by_hand, mcts_search, mcts_games, compile);
criterion_main!(benches);
