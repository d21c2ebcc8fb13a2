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
    // For each move played, whether it was a decision of a person at the
    // terminal (a throw is no decision: undo keeps it).
    let mut decided_by: Vec<bool> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    say!("{}: {}", game.title(), game.about());
    say!("{HELP}\n");
    while !state.is_over() {
        let legal = game.legal_moves(&state);
        let mover = usize::from(state.to_move());
        let chance = legal.first().is_some_and(|m| m.action() == Action::Chance);
        let by_agent = agents.get_mut(mover).and_then(Option::as_mut);
        let human = by_agent.is_none();
        let m = if let Some(agent) = by_agent {
            let m = agent.choose(game, &state, &mut rng);
            if !chance {
                say!("{} plays {}", game.players()[mover], game.move_text_in(&state, m));
            }
            m
        } else {
            show(game, &state, &legal, chance);
            say_inline!("{}> ", game.players()[mover]);
            std::io::stdout().flush().ok();
            let Some(Ok(line)) = lines.next() else {
                say!("\n(end of input: the game is left unfinished)");
                break;
            };
            match line.trim() {
                "quit" | "q" => break,
                "moves" | "?" => continue,
                "help" | "h" => {
                    say!("{HELP}");
                    continue;
                }
                "" | "throw" if chance => sample_chance(game, &state, &legal, &mut rng),
                "undo" => {
                    if undo(&mut played, &decided_by) {
                        state = replay(game, &played);
                    } else {
                        say!("nothing of yours to take back yet");
                    }
                    continue;
                }
                "" => continue,
                text => match game.parse_move(&state, text) {
                    Ok(m) => m,
                    Err(_) if chance => {
                        say!("a throw is due first: press Enter to throw");
                        continue;
                    }
                    Err(e) => {
                        say!("{e}");
                        continue;
                    }
                },
            }
        };
        if chance {
            say!("{} throws {}", game.players()[mover], thrown(game, &state, m));
        }
        decided_by.truncate(played.len());
        decided_by.push(human && !chance);
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

const HELP: &str = "Type a move (one of those listed as legal), or: `moves` (the board and the legal moves again), \
`undo` (back to your last move: the computer's replies go with it, a throw made before it stands), \
`help`, `quit`. When a throw is due, press Enter to throw.";

/// Takes back the moves since the last decision of a person, that one
/// included; a throw made just before it stands, so undo never gives a new
/// throw. False where no person has decided anything yet.
fn undo(played: &mut Vec<Move>, decided_by: &[bool]) -> bool {
    let Some(last) = decided_by[..played.len()].iter().rposition(|&d| d) else {
        return false;
    };
    played.truncate(last);
    true
}

/// What a throw showed, as its device labels it (`4`, not `throw:4`).
fn thrown(game: &Game, state: &State, m: Move) -> String {
    let text = game.move_text_in(state, m);
    text.split_once(':').map_or(text.clone(), |(_, value)| value.to_string())
}

fn replay(game: &Game, moves: &[Move]) -> State {
    let mut state = game.initial_state();
    for &m in moves {
        game.play_unchecked(&mut state, m);
    }
    state
}

fn show(game: &Game, state: &State, legal: &[Move], chance: bool) {
    say!();
    say_inline!("{}", game.board_text(state));
    for (p, name) in game.players().iter().enumerate() {
        let hand: u32 = state.pool_total(Pool::Hand, p as u8);
        let prisoners = state.pool_total(Pool::Prisoners, p as u8);
        say!("{name}: {} on the board, {hand} in hand, {prisoners} captured", state.on_board(p as u8));
    }
    say!("phase {}, ply {}, turn {}", game.phase_name(state.phase()), state.ply(), state.turn());
    if chance {
        // The outcomes are the dice's, not the player's to choose: only a
        // test or a teacher forces one, by typing it.
        say!(
            "A throw is due: press Enter to throw (or type an outcome, such as {}, to set it).",
            game.move_text(legal[0])
        );
    } else {
        say!("legal: {}", game.move_texts(legal).join(" "));
    }
}
