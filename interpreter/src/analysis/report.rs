//! What a run shows: rates with intervals, lengths, branching, pieces,
//! repetition and speed. Metric names follow Ludii's where they overlap;
//! `docs/analysis.md` defines each.

use super::run::Results;
use super::stats::{Proportion, Summary, proportion, summary};
use std::fmt;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    pub ruleset: String,
    pub title: String,
    pub options: std::collections::BTreeMap<String, String>,
    pub agents: [String; 2],
    pub players: Vec<String>,
    pub games: u32,
    /// Wins of agent A and agent B (whatever seat they had).
    pub agent_wins: [Proportion; 2],
    /// Wins of player 1 and player 2 (whatever agent sat there).
    pub player_wins: [Proportion; 2],
    pub draws: Proportion,
    /// Games won by the player who made the first move.
    pub first_mover_wins: Proportion,
    /// Games that ended at the turn limit.
    pub timeouts: Proportion,
    /// 1 - the spread of the players' win rates (Ludii: balance).
    pub balance: f64,
    /// Games that ended by the rules, not at the turn limit (Ludii: completion).
    pub completion: Proportion,
    /// Drawn games (Ludii: drawishness).
    pub drawishness: f64,
    /// Games with a winner.
    pub decisiveness: f64,
    /// Game length in plies (decisions) and in turns (Ludii: duration).
    pub plies: Summary,
    pub turns: Summary,
    /// Legal moves per decision, over all decisions; and the most seen at once.
    pub branching: f64,
    pub max_branching: u32,
    /// Pieces on the board per player at the end, and their change from the start.
    pub pieces_end: [Summary; 2],
    pub pieces_change: [Summary; 2],
    /// Decisions in a position seen before in the same game, per game; and games with any.
    pub repeated: Summary,
    pub games_with_repetition: Proportion,
    /// The winner's points over the games that ended with a score (where the ruleset scores).
    pub winner_score: Option<Summary>,
    /// How the games ended, by reason, most common first.
    pub reasons: Vec<(String, u32)>,
    pub games_per_second: f64,
}

impl Report {
    pub fn new(r: &Results) -> Report {
        let n = r.games.len() as u32;
        let count = |f: &dyn Fn(&super::GameResult) -> bool| r.games.iter().filter(|g| f(g)).count() as u32;
        let agent_wins = [0u8, 1].map(|a| proportion(count(&|g| g.winner_agent() == Some(a)), n));
        let player_wins = [0u8, 1].map(|p| proportion(count(&|g| g.winner == Some(p)), n));
        let draws = proportion(count(&|g| g.winner.is_none()), n);
        let timeouts = proportion(count(&|g| g.by_limit || g.unfinished), n);
        let values = |f: &dyn Fn(&super::GameResult) -> f64| r.games.iter().map(f).collect::<Vec<f64>>();
        let decisions: u64 = r.games.iter().map(|g| u64::from(g.decisions)).sum();
        let moves: u64 = r.games.iter().map(|g| g.moves_seen).sum();
        let mut reasons: Vec<(String, u32)> = Vec::new();
        for g in &r.games {
            match reasons.iter_mut().find(|(x, _)| *x == g.reason) {
                Some((_, c)) => *c += 1,
                None => reasons.push((g.reason.clone(), 1)),
            }
        }
        reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        Report {
            ruleset: r.ruleset.clone(),
            title: r.title.clone(),
            options: r.options.clone(),
            agents: r.config.agents.clone(),
            players: r.players.clone(),
            games: n,
            agent_wins,
            player_wins,
            draws,
            first_mover_wins: proportion(count(&|g| g.winner == Some(g.first)), n),
            timeouts,
            balance: 1.0 - (player_wins[0].rate - player_wins[1].rate).abs(),
            completion: proportion(n - timeouts.count, n),
            drawishness: draws.rate,
            decisiveness: 1.0 - draws.rate,
            plies: summary(&values(&|g| f64::from(g.plies))),
            turns: summary(&values(&|g| f64::from(g.turns))),
            branching: if decisions == 0 { 0.0 } else { moves as f64 / decisions as f64 },
            max_branching: r.games.iter().map(|g| g.max_branching).max().unwrap_or(0),
            pieces_end: [0, 1].map(|p| summary(&values(&|g| f64::from(g.pieces_end[p])))),
            pieces_change: [0, 1]
                .map(|p| summary(&values(&|g| f64::from(g.pieces_end[p]) - f64::from(g.pieces_start[p])))),
            repeated: summary(&values(&|g| f64::from(g.repeated))),
            games_with_repetition: proportion(count(&|g| g.repeated > 0), n),
            winner_score: {
                let scores: Vec<f64> = r.games.iter().filter_map(|g| g.score).map(f64::from).collect();
                (!scores.is_empty()).then(|| summary(&scores))
            },
            reasons,
            games_per_second: f64::from(n) / r.seconds.max(1e-9),
        }
    }
}

fn pct(p: &Proportion) -> String {
    format!("{:5.1}%  [{:5.1}, {:5.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
}

fn spread(s: &Summary) -> String {
    format!(
        "mean {:.1} [{:.1}, {:.1}], median {:.0}, 90th percentile {:.0}, max {:.0}",
        s.mean, s.low, s.high, s.median, s.p90, s.max
    )
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = if self.options.is_empty() {
            "default options".to_string()
        } else {
            self.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
        };
        writeln!(
            f,
            "{} ({options}): {} games, A = {}, B = {}",
            self.title, self.games, self.agents[0], self.agents[1]
        )?;
        writeln!(f, "  rates with 95% intervals:")?;
        writeln!(f, "    agent A ({}) wins      {}", self.agents[0], pct(&self.agent_wins[0]))?;
        writeln!(f, "    agent B ({}) wins      {}", self.agents[1], pct(&self.agent_wins[1]))?;
        for (p, name) in self.players.iter().enumerate() {
            writeln!(f, "    player {} ({name}) wins {}", p + 1, pct(&self.player_wins[p]))?;
        }
        writeln!(f, "    draws                    {}", pct(&self.draws))?;
        writeln!(f, "    first mover wins         {}", pct(&self.first_mover_wins))?;
        writeln!(f, "    ended by the turn limit  {}", pct(&self.timeouts))?;
        writeln!(
            f,
            "  balance {:.3}   completion {:.3}   drawishness {:.3}   decisiveness {:.3}",
            self.balance, self.completion.rate, self.drawishness, self.decisiveness
        )?;
        writeln!(f, "  duration: plies {}", spread(&self.plies))?;
        writeln!(f, "            turns {}", spread(&self.turns))?;
        writeln!(f, "  branching factor: mean {:.2}, max {}", self.branching, self.max_branching)?;
        for (p, name) in self.players.iter().enumerate() {
            writeln!(
                f,
                "  pieces of {name} on the board at the end: mean {:.2} (change from the start {:+.2} [{:+.2}, {:+.2}])",
                self.pieces_end[p].mean,
                self.pieces_change[p].mean,
                self.pieces_change[p].low,
                self.pieces_change[p].high
            )?;
        }
        writeln!(
            f,
            "  repeated positions: {:.2} per game; games with any: {}",
            self.repeated.mean,
            pct(&self.games_with_repetition)
        )?;
        if let Some(score) = &self.winner_score {
            writeln!(f, "  winner's score ({} games with a score): {}", score.n, spread(score))?;
        }
        writeln!(f, "  how games ended:")?;
        for (reason, n) in &self.reasons {
            writeln!(f, "    {n:>7}  {reason}")?;
        }
        write!(f, "  throughput: {:.1} games/s", self.games_per_second)
    }
}
