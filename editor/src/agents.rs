//! Agents choose their moves on a background thread, so the editor never waits.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;
use tabula::agents::{AgentSpec, Budget, Limit, STRENGTHS, Stop};
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
    // Issue 46: any other agent, as typed under "Other agent…" (saved as its spec's text).
    Other(SavedSpec),
}

/// An agent kept in the editor's settings as the text `AgentSpec::parse`
/// reads (`alphabeta:50k`), so that a setting written by one version reads
/// in the next. A text that no longer reads is a beginner, never a failure
/// that would lose the other settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedSpec(pub AgentSpec);

impl serde::Serialize for SavedSpec {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_string())
    }
}

impl<'de> serde::Deserialize<'de> for SavedSpec {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SavedSpec, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(SavedSpec(AgentSpec::parse(&text).unwrap_or(STRENGTHS[0].1)))
    }
}

impl Side {
    /// The entries of the side picker, before "Other agent…": a person, then
    /// the computer at each strength by name ([`STRENGTHS`]).
    pub fn menu() -> impl Iterator<Item = Side> {
        std::iter::once(Side::Human).chain((0..STRENGTHS.len()).map(|i| Side::Strength(i as u8)))
    }

    /// The side an agent's spec stands for, as typed under "Other agent…"
    /// (anything `AgentSpec::parse` reads); its error, in words, if none.
    pub fn from_typed(text: &str) -> Result<Side, String> {
        let spec = AgentSpec::parse(text)?;
        let name = text.trim().replace('-', " ");
        if let Some(i) = STRENGTHS.iter().position(|(n, _)| *n == name) {
            return Ok(Side::Strength(i as u8));
        }
        Ok(match spec {
            AgentSpec::Random => Side::Random,
            AgentSpec::Greedy => Side::Greedy,
            AgentSpec::Mcts(Budget::Iterations(n)) => Side::Mcts(n),
            spec => Side::Other(SavedSpec(spec)),
        })
    }

    /// Whether the side is one of the picker's own entries (else it is an
    /// "Other agent…").
    pub fn in_menu(self) -> bool {
        Side::menu().any(|s| s == self)
    }

    /// What the side picker shows: "Person", or "Computer — strong
    /// (alpha-beta, 20k nodes)": the strength by name and what it does.
    pub fn label(self) -> String {
        match (self, self.agent()) {
            (Side::Strength(i), Some(spec)) => {
                let name = STRENGTHS[usize::from(i).min(STRENGTHS.len() - 1)].0;
                format!("Computer — {name} ({})", describe(spec))
            }
            (_, Some(spec)) => format!("Computer — {}", describe(spec)),
            (_, None) => "Person".into(),
        }
    }

    /// The label without "Computer — ", where every choice is a computer
    /// player (the analysis's agents): "strong (alpha-beta, 20k nodes)".
    pub fn short_label(self) -> String {
        let label = self.label();
        label.strip_prefix("Computer — ").map(str::to_string).unwrap_or(label)
    }

    /// The agent, for the sides that are one.
    pub fn agent(self) -> Option<AgentSpec> {
        match self {
            Side::Human => None,
            Side::Random => Some(AgentSpec::Random),
            Side::Greedy => Some(AgentSpec::Greedy),
            Side::Mcts(n) => Some(AgentSpec::Mcts(Budget::Iterations(n))),
            Side::Strength(i) => Some(STRENGTHS[usize::from(i).min(STRENGTHS.len() - 1)].1),
            Side::Other(spec) => Some(spec.0),
        }
    }
}

/// An agent in words: "alpha-beta, 20k nodes", "MCTS, 400 iterations",
/// "one move ahead" (greedy). Agents added later read as their spec.
pub fn describe(spec: AgentSpec) -> String {
    let budget = |b: Budget| match b {
        Budget::Iterations(n) => format!("{n} iterations"),
        other => match other {
            Budget::Time(t) => format!("{} ms a move", t.as_millis()),
            _ => spec.to_string(),
        },
    };
    match spec {
        AgentSpec::Random => "random moves".into(),
        AgentSpec::Greedy => "one move ahead".into(),
        AgentSpec::Mcts(b) => format!("MCTS, {}", budget(b)),
        AgentSpec::AlphaBeta(Limit::Nodes(n)) if n % 1000 == 0 => format!("alpha-beta, {}k nodes", n / 1000),
        AgentSpec::AlphaBeta(Limit::Nodes(n)) => format!("alpha-beta, {n} nodes"),
        AgentSpec::AlphaBeta(Limit::Depth(d)) => format!("alpha-beta, {d} plies deep"),
        AgentSpec::AlphaBeta(Limit::Time(t)) => format!("alpha-beta, {} ms a move", t.as_millis()),
        other => match other {
            AgentSpec::MctsWith(b, style) => {
                let mut text = format!("MCTS, {}", budget(b));
                if style.trees > 1 {
                    text.push_str(&format!(", {} trees", style.trees));
                }
                if style.plain {
                    text.push_str(", plain UCT");
                }
                text
            }
            _ => other.to_string(),
        },
    }
}

/// A move being thought about, for the position it was asked for. Dropped
/// (a new game, a move played, the seat given to someone else, the window
/// closed), it stops the agent's search, whose answer nobody would read: the
/// thread ends soon after instead of holding a core for the agent's budget.
pub struct Thinking {
    /// Which position it is for: the answer is dropped if the game moved on.
    pub ticket: u64,
    /// Who is thinking: the answer is dropped if the seat changed hands.
    pub side: Side,
    rx: Receiver<Move>,
    stop: Stop,
    ended: Ended,
}

/// Whether an agent's thread has ended (set as it ends, even by a panic).
#[derive(Debug, Clone, Default)]
pub struct Ended(Arc<AtomicBool>);

impl Ended {
    pub fn has_ended(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Sets [`Ended`] when dropped: the agent's thread holds it.
struct OnEnd(Arc<AtomicBool>);

impl Drop for OnEnd {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Thinking {
    /// Starts an agent on a copy of the position; it answers after `pause`.
    pub fn start(side: Side, game: Arc<Game>, state: State, seed: u64, ticket: u64, pause: Duration) -> Thinking {
        let (tx, rx) = channel();
        let (stop, ended) = (Stop::new(), Ended::default());
        let (agent_stop, on_end) = (stop.clone(), OnEnd(ended.0.clone()));
        std::thread::spawn(move || {
            let _on_end = on_end;
            std::thread::sleep(pause);
            if agent_stop.stopped() {
                return;
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut agent = side.agent().unwrap_or(AgentSpec::Random).build(&game);
            agent.stop_with(agent_stop);
            let m = agent.choose(&game, &state, &mut rng);
            let _ = tx.send(m);
        });
        Thinking { ticket, side, rx, stop, ended }
    }

    /// Whether the agent's thread has ended, kept after the thinking is dropped.
    pub fn ended(&self) -> Ended {
        self.ended.clone()
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

impl Drop for Thinking {
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// What an agent's thread has to say.
pub enum Answer {
    Waiting,
    Move(Move),
    /// The thread ended without a move (it panicked).
    Failed,
}
