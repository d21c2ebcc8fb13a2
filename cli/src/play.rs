//! `tabula play`: a game in the terminal.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};
use tabula::agents::{Agent, AgentSpec, sample_chance};
use tabula::{Action, Error, Game, Move, Pool, Record, State};

/// Who plays a side: a person at the terminal, or an agent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Side {
    Human,
    Agent(AgentSpec),
}

impl std::str::FromStr for Side {
    type Err = String;

    /// `human`, or an agent as `tabula analyze --agents` takes it.
    fn from_str(text: &str) -> Result<Side, String> {
        match text.trim() {
            "human" => Ok(Side::Human),
            agent => AgentSpec::parse(agent)
                .map(Side::Agent)
                .map_err(|e| format!("{e}; or human for a person at the terminal")),
        }
    }
}

pub fn run(game: &Game, sides: &[Side], seed: u64, record: Option<&str>) -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut agents: Vec<Option<Box<dyn Agent>>> =
        sides.iter().map(|s| if let Side::Agent(spec) = s { Some(spec.build(game)) } else { None }).collect();
    let mut state = game.initial_state();
    let mut played: Vec<Move> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    say!("{}: {}", game.title(), game.about());
    say!("Type a move (e.g. one from the list), `moves`, `undo` or `quit`.\n");
    while !state.is_over() {
        let legal = game.legal_moves(&state);
        let mover = usize::from(state.to_move());
        let chance = legal.first().is_some_and(|m| m.action() == Action::Chance);
        let m = if let Some(agent) = agents.get_mut(mover).and_then(Option::as_mut) {
            let m = agent.choose(game, &state, &mut rng);
            say!("{} plays {}", game.players()[mover], game.move_text_in(&state, m));
            m
        } else {
            show(game, &state, &legal);
            if chance {
                say!("A throw is due: press Enter to throw, or type an outcome such as {}.", game.move_text(legal[0]));
            }
            say_inline!("{}> ", game.players()[mover]);
            std::io::stdout().flush().ok();
            let Some(Ok(line)) = lines.next() else {
                say!("\n(end of input: the game is left unfinished)");
                break;
            };
            match line.trim() {
                "quit" | "q" => break,
                "moves" | "?" | "help" => continue,
                "" | "throw" if chance => sample_chance(game, &state, &legal, &mut rng),
                "undo" => {
                    played.pop();
                    state = replay(game, &played);
                    continue;
                }
                text => match game.parse_move(&state, text) {
                    Ok(m) => m,
                    Err(e) => {
                        say!("{e}");
                        continue;
                    }
                },
            }
        };
        game.play_unchecked(&mut state, m);
        played.push(m);
    }
    say_inline!("\n{}", game.board_text(&state));
    if let Some(o) = state.outcome() {
        say!("{}", game.describe_outcome(o));
    }
    if let Some(path) = record {
        let text = Record::new(game, Some(seed), &played).to_ron();
        tabula_files::write(std::path::Path::new(path), text.as_bytes(), tabula_files::Overwrite::Refuse)?;
        say!("record saved to {path}");
    }
    Ok(())
}

fn replay(game: &Game, moves: &[Move]) -> State {
    let mut state = game.initial_state();
    for &m in moves {
        game.play_unchecked(&mut state, m);
    }
    state
}

fn show(game: &Game, state: &State, legal: &[Move]) {
    say!();
    say_inline!("{}", game.board_text(state));
    for (p, name) in game.players().iter().enumerate() {
        let hand: u32 = state.pool_total(Pool::Hand, p as u8);
        let prisoners = state.pool_total(Pool::Prisoners, p as u8);
        say!("{name}: {} on the board, {hand} in hand, {prisoners} captured", state.on_board(p as u8));
    }
    say!("phase {}, ply {}, turn {}", game.phase_name(state.phase()), state.ply(), state.turn());
    let texts = game.move_texts(legal);
    say!("legal: {}", texts.join(" "));
}
