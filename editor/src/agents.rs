//! Agents choose their moves on a background thread, so the editor never waits.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use tabula::agents::{Agent, RandomAgent};
use tabula::{Game, Move, State};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Side {
    #[default]
    Human,
    Random,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Human, Side::Random];

    pub fn label(self) -> &'static str {
        match self {
            Side::Human => "Human",
            Side::Random => "Random agent",
        }
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
            let m = match side {
                Side::Random | Side::Human => RandomAgent::default().choose(&game, &state, &mut rng),
            };
            let _ = tx.send(m);
        });
        Thinking { ticket, rx }
    }

    /// The move, once it is there.
    pub fn poll(&self) -> Option<Move> {
        self.rx.try_recv().ok()
    }
}
