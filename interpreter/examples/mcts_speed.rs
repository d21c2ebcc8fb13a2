//! MCTS's speed, for docs/performance.md: from a ruleset's first decision
//! with a choice (reached by random moves from seed 1), either one search of
//! `mcts:N` (`mcts_speed RULESET mcts N`; `mcts:decisions` and the other
//! parts of an MCTS agent's name as well), printing the plies its iterations
//! made (descents and rollouts, throws included), or N random playouts of L
//! plies each from the same position (`mcts_speed RULESET playouts N L`).
//! Under callgrind with N and 3 x N, the difference of the two counts over
//! 2N is the instructions of one iteration, or of one playout of L plies.
//! It prints the search's wall-clock time and iterations per second too
//! (bench/agent-speed.sh: on a quiet machine, one thread's CPU).
//!
//! cargo build --release -p tabula --example mcts_speed
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/mcts_speed classic/breakthrough mcts 1000

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula::Action;
use tabula::agents::{Agent, AgentSpec, Budget, MctsAgent, MctsStyle, RandomAgent, random_plies};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| args.get(i).and_then(|n| n.parse::<u32>().ok());
    let (Some(ruleset), Some(mode), Some(n)) = (args.get(1), args.get(2), number(3)) else { usage() };
    let game = match tabula::shipped::game(ruleset, &Default::default()) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut state, mut buf) = (game.initial_state(), Vec::new());
    // The first decision with a choice: throws and forced moves played at random.
    loop {
        let legal = game.legal_moves(&state);
        if legal.len() > 1 && legal[0].action() != Action::Chance || state.is_over() {
            break;
        }
        let m = RandomAgent::default().choose(&game, &state, &mut rng);
        game.play_unchecked(&mut state, m);
    }
    match (mode.as_str(), number(4)) {
        (spec, _) if spec.starts_with("mcts") => {
            // `mcts`, or `mcts` with its parts (`mcts:decisions`), the budget N.
            let style = match AgentSpec::parse(&format!("{spec}:{n}")) {
                Ok(AgentSpec::Mcts(_)) => MctsStyle::GUIDED,
                Ok(AgentSpec::MctsWith(_, style)) => style,
                _ => usage(),
            };
            let mut agent = MctsAgent::with_style(&game, Budget::Iterations(n), style);
            let start = std::time::Instant::now();
            agent.choose(&game, &state, &mut rng);
            let seconds = start.elapsed().as_secs_f64();
            let plies = agent.plies();
            println!(
                "{ruleset}: {spec}:{n} at ply {}, {plies} plies, {:.2} a iteration, {seconds:.3} s, {:.0} iterations/s",
                state.ply(),
                plies as f64 / f64::from(n),
                f64::from(n) / seconds.max(1e-9)
            );
        }
        ("playouts", Some(plies)) => {
            let mut s = state.clone();
            let mut made = 0u64;
            for _ in 0..n {
                s.clone_from(&state);
                made += u64::from(random_plies(&game, &mut s, &mut rng, &mut buf, plies));
            }
            println!("{ruleset}: {n} playouts of {plies} plies at ply {}, {made} plies", state.ply());
        }
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!("usage: mcts_speed RULESET mcts[:PARTS] ITERATIONS | mcts_speed RULESET playouts N PLIES");
    std::process::exit(2);
}
