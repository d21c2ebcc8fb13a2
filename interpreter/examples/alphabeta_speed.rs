//! Alpha-beta's speed, for docs/performance.md: plays `GAMES` games of
//! `alphabeta:NODESk` against itself on a ruleset without chance (game i
//! from seed i) and prints the moves and the nodes searched (exact: the
//! agent's own count). Run it under `/usr/bin/time` for CPU seconds per
//! node, and under callgrind with GAMES and 3 x GAMES for instructions per
//! node (the difference of the two counts over the difference of the nodes).
//!
//! With MOVES, each game stops after that many moves (bench/agent-speed.sh
//! times the first moves of every shipped game).
//!
//! cargo build --release -p tabula --example alphabeta_speed
//! target/release/examples/alphabeta_speed classic/breakthrough 4 10 [MOVES]

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula::agents::{Agent, AlphaBetaAgent, Limit, PLY_CAP};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(ruleset), Some(games)) = (args.get(1), args.get(2).and_then(|g| g.parse::<u64>().ok())) else {
        eprintln!("usage: alphabeta_speed RULESET GAMES [THOUSANDS_OF_NODES [MOVES]]");
        std::process::exit(2);
    };
    let thousands: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(10);
    let most: u32 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(PLY_CAP);
    let game = match tabula::shipped::game(ruleset, &Default::default()) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (mut moves, mut nodes, mut searching) = (0u64, 0u64, std::time::Duration::ZERO);
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut agent = AlphaBetaAgent::new(&game, Limit::Nodes(thousands * 1000));
        let mut state = game.initial_state();
        let mut made = 0;
        while !state.is_over() && state.ply() < PLY_CAP && made < most {
            made += 1;
            let start = std::time::Instant::now();
            let m = agent.choose(&game, &state, &mut rng);
            searching += start.elapsed();
            nodes += agent.nodes();
            moves += 1;
            game.play_unchecked(&mut state, m);
        }
    }
    let seconds = searching.as_secs_f64();
    println!(
        "{ruleset}: {games} games, {moves} moves, {nodes} nodes, alphabeta:{thousands}k, {seconds:.3} s searching, {:.0} nodes/s",
        nodes as f64 / seconds.max(1e-9)
    );
}
