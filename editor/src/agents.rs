//! Agents choose their moves on a background thread, so the editor never waits.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;
use tabula::agents::{AgentSpec, Budget, DEFAULT_ITERATIONS, STRENGTHS};
use tabula::{Game, Move, State};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Side {
    #[default]
    Human,
    Random,
    Greedy,
    /// MCTS with this many iterations per move (its strength).
    Mcts(u32),
    // Issue 46: a computer player by strength, `STRENGTHS[i]` (beginner, strong, very strong).
    Strength(u8),
}

impl Side {
    pub const ALL: [Side; 7] = [
        Side::Human,
        Side::Random,
        Side::Greedy,
        Side::Mcts(DEFAULT_ITERATIONS),
        Side::Strength(0),
        Side::Strength(1),
        Side::Strength(2),
    ];

    pub fn label(self) -> String {
        match self {
            Side::Human => "Human".into(),
            Side::Random => "Random agent".into(),
            Side::Greedy => "Greedy agent".into(),
            Side::Mcts(n) => format!("MCTS agent ({n})"),
            Side::Strength(i) => {
                let (name, spec) = STRENGTHS[usize::from(i).min(STRENGTHS.len() - 1)];
                format!("Computer, {name} ({spec})")
            }
        }
    }

    /// The agent, for the sides that are one.
    pub fn agent(self) -> Option<AgentSpec> {
        match self {
            Side::Human => None,
            Side::Random => Some(AgentSpec::Random),
            Side::Greedy => Some(AgentSpec::Greedy),
            Side::Mcts(n) => Some(AgentSpec::Mcts(Budget::Iterations(n))),
            Side::Strength(i) => Some(STRENGTHS[usize::from(i).min(STRENGTHS.len() - 1)].1),
        }
    }

    /// The same entry of the menu (MCTS at any number of iterations is one).
    pub fn same_kind(self, other: Side) -> bool {
        if let (Side::Strength(a), Side::Strength(b)) = (self, other) {
            return a == b;
        }
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }
}

/// A move being thought about, for the position it was asked for.
pub struct Thinking {
    /// Which position it is for: the answer is dropped if the game moved on.
    pub ticket: u64,
    rx: Receiver<Move>,
}

impl Thinking {
    /// Starts an agent on a copy of the position; it answers after `pause`.
    pub fn start(side: Side, game: Arc<Game>, state: State, seed: u64, ticket: u64, pause: Duration) -> Thinking {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            std::thread::sleep(pause);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut agent = side.agent().unwrap_or(AgentSpec::Random).build(&game);
            let m = agent.choose(&game, &state, &mut rng);
            let _ = tx.send(m);
        });
        Thinking { ticket, rx }
    }

    /// The move, once it is there.
    pub fn poll(&self) -> Answer {
        match self.rx.try_recv() {
            Ok(m) => Answer::Move(m),
            Err(TryRecvError::Empty) => Answer::Waiting,
            Err(TryRecvError::Disconnected) => Answer::Failed,
        }
    }
}

/// What an agent's thread has to say.
pub enum Answer {
    Waiting,
    Move(Move),
    /// The thread ended without a move (it panicked).
    Failed,
}
