//! What a run shows: rates with intervals, lengths, branching, pieces,
//! repetition and speed. Metric names follow Ludii's where they overlap;
//! `docs/analysis.md` defines each.

use super::run::Results;
use super::stats::{Proportion, Summary, proportion, summary};
use super::terms as t;
use std::fmt;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    pub ruleset: String,
    pub title: String,
    /// The ruleset's content hash and the run's seed (absent in older files).
    #[serde(default)]
    pub hash: String,
    #[serde(default)]
    pub seed: u64,
    /// Every option's value (reports before issue 42 held only those changed).
    pub options: std::collections::BTreeMap<String, String>,
    /// The options that differ from their defaults: the text report names these.
    #[serde(default)]
    pub changed: std::collections::BTreeMap<String, String>,
    pub agents: [String; 2],
    pub players: Vec<String>,
    pub games: u32,
    /// Wins of agent A and agent B (whatever seat they had).
    pub agent_wins: [Proportion; 2],
    /// Wins of each seat, player 1 first (whatever agent sat there): the
    /// seat advantage. Partners who win together each count a win.
    pub player_wins: Vec<Proportion>,
    /// Each seat's place at the end (1 first), over finished games.
    #[serde(default)]
    pub places: Vec<Summary>,
    pub draws: Proportion,
    /// Games won by the player who made the first move.
    pub first_mover_wins: Proportion,
    /// Games that ended at the turn limit.
    pub timeouts: Proportion,
    /// Games cut unfinished at [`tabula::agents::PLY_CAP`] plies, where the
    /// game has no turn limit; absent where there were none (and in older files,
    /// which counted them among `timeouts`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<Proportion>,
    /// 1 - the spread (largest less smallest) of the seats' win rates (Ludii: balance).
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
    pub pieces_end: Vec<Summary>,
    pub pieces_change: Vec<Summary>,
    /// Decisions in a position seen before in the same game, per game; and games with any.
    pub repeated: Summary,
    pub games_with_repetition: Proportion,
    /// The winner's points over the games that ended with a score (where the ruleset scores).
    pub winner_score: Option<Summary>,
    /// Game-quality measures, per game (see [`super::Measures`]; absent in older files).
    #[serde(default)]
    pub quality: Option<QualityReport>,
    /// How the games ended, by reason, most common first.
    pub reasons: Vec<(String, u32)>,
    pub games_per_second: f64,
    /// Which Tabula made the run, and when.
    #[serde(default)]
    pub provenance: Option<super::Provenance>,
    /// Shards a partial merge went without: the games are not the whole run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_shards: Vec<(u32, u32)>,
}

/// The game-quality measures over a run: each a mean per game with its interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct QualityReport {
    pub lead_changes: Summary,
    /// Over the games with a winner.
    pub drama: Summary,
    /// Over the games with a winner.
    pub decided_share: Summary,
    pub coverage: Summary,
}

impl QualityReport {
    fn new(r: &Results) -> QualityReport {
        let all =
            |f: &dyn Fn(&super::Measures) -> f64| summary(&r.games.iter().map(|g| f(&g.quality)).collect::<Vec<_>>());
        let won = |f: &dyn Fn(&super::Measures) -> f64| {
            summary(
                &r.games
                    .iter()
                    .filter(|g| g.places.contains(&1) && !g.is_draw())
                    .map(|g| f(&g.quality))
                    .collect::<Vec<_>>(),
            )
        };
        QualityReport {
            lead_changes: all(&|m| f64::from(m.lead_changes)),
            drama: won(&|m| m.drama),
            decided_share: won(&|m| m.decided_share),
            coverage: all(&|m| m.coverage),
        }
    }
}

impl Report {
    pub fn new(r: &Results) -> Report {
        let n = r.games.len() as u32;
        let count = |f: &dyn Fn(&super::GameResult) -> bool| r.games.iter().filter(|g| f(g)).count() as u32;
        let seats = r.players.len() as u8;
        let agent_wins = [0u8, 1].map(|a| proportion(count(&|g| g.agent_won(a)), n));
        let player_wins: Vec<Proportion> = (0..seats).map(|p| proportion(count(&|g| g.won(p)), n)).collect();
        let draws = proportion(count(&|g| !g.places.iter().any(|&p| p > 1)), n);
        let timeouts = proportion(count(&|g| g.by_limit), n);
        let unfinished = proportion(count(&|g| g.unfinished), n);
        let values = |f: &dyn Fn(&super::GameResult) -> f64| r.games.iter().map(f).collect::<Vec<f64>>();
        let decisions: u64 = r.games.iter().map(|g| u64::from(g.decisions)).sum();
        // Summed wide: a game's count fits in 64 bits, a run's may not.
        let moves: u128 = r.games.iter().map(|g| u128::from(g.moves_seen)).sum();
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
            hash: r.hash.clone(),
            seed: r.config.seed,
            options: r.options.clone(),
            changed: r.changed.as_ref().unwrap_or(&r.options).clone(),
            agents: r.config.agents.clone(),
            players: r.players.clone(),
            games: n,
            agent_wins,
            draws,
            first_mover_wins: proportion(count(&|g| g.won(g.first)), n),
            timeouts,
            unfinished: (unfinished.count > 0).then_some(unfinished),
            balance: 1.0 - spread_of(player_wins.iter().map(|p| p.rate)),
            places: (0..usize::from(seats))
                .map(|p| {
                    summary(&r.games.iter().filter_map(|g| g.places.get(p).map(|&x| f64::from(x))).collect::<Vec<_>>())
                })
                .collect(),
            player_wins,
            completion: proportion(n - timeouts.count - unfinished.count, n),
            drawishness: draws.rate,
            decisiveness: 1.0 - draws.rate,
            plies: summary(&values(&|g| f64::from(g.plies))),
            turns: summary(&values(&|g| f64::from(g.turns))),
            branching: if decisions == 0 { 0.0 } else { moves as f64 / decisions as f64 },
            max_branching: r.games.iter().map(|g| g.max_branching).max().unwrap_or(0),
            pieces_end: (0..usize::from(seats)).map(|p| summary(&values(&|g| f64::from(g.pieces_end[p])))).collect(),
            pieces_change: (0..usize::from(seats))
                .map(|p| summary(&values(&|g| f64::from(g.pieces_end[p]) - f64::from(g.pieces_start[p]))))
                .collect(),
            repeated: summary(&values(&|g| f64::from(g.repeated))),
            games_with_repetition: proportion(count(&|g| g.repeated > 0), n),
            winner_score: {
                let scores: Vec<f64> = r.games.iter().filter_map(|g| g.score).map(f64::from).collect();
                (!scores.is_empty()).then(|| summary(&scores))
            },
            quality: Some(QualityReport::new(r)),
            reasons,
            games_per_second: f64::from(n) / r.seconds.max(1e-9),
            provenance: r.provenance.clone(),
            missing_shards: r.missing_shards.clone(),
        }
    }
}

/// The largest value less the smallest (0 for none).
fn spread_of(values: impl Iterator<Item = f64> + Clone) -> f64 {
    let max = values.clone().fold(f64::NEG_INFINITY, f64::max);
    let min = values.fold(f64::INFINITY, f64::min);
    if max >= min { max - min } else { 0.0 }
}

fn pct(p: &Proportion) -> String {
    format!("{:5.1}%  [{:5.1}, {:5.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
}

fn spread(s: &Summary) -> String {
    format!(
        "{} {:.1} [{:.1}, {:.1}], {} {:.0}, {} {:.0}, max {:.0}",
        t::MEAN,
        s.mean,
        s.low,
        s.high,
        t::MEDIAN,
        s.median,
        t::P90,
        s.p90,
        s.max
    )
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = if self.changed.is_empty() {
            "default options".to_string()
        } else {
            self.changed.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
        };
        writeln!(
            f,
            "{} ({options}): {} games, A = {}, B = {}",
            self.title, self.games, self.agents[0], self.agents[1]
        )?;
        if !self.missing_shards.is_empty() {
            let missing: Vec<String> = self.missing_shards.iter().map(|(i, n)| format!("{i}/{n}")).collect();
            writeln!(
                f,
                "  PARTIAL: shards {} are missing; these figures are of the other shards only",
                missing.join(", ")
            )?;
        }
        writeln!(f, "  rates with 95% intervals:")?;
        // The labels padded to one width, so that the rates line up whatever the players' names.
        let mut rows: Vec<(String, &Proportion)> = vec![
            (format!("agent A ({}) wins", self.agents[0]), &self.agent_wins[0]),
            (format!("agent B ({}) wins", self.agents[1]), &self.agent_wins[1]),
        ];
        rows.extend(
            self.players
                .iter()
                .enumerate()
                .map(|(p, name)| (format!("player {} ({name}) wins", p + 1), &self.player_wins[p])),
        );
        let width = rows.iter().map(|(label, _)| label.chars().count()).max().unwrap_or(0).max(24) + 1;
        for (label, rate) in rows {
            writeln!(f, "    {label:<width$}{}", pct(rate))?;
        }
        if self.players.len() > 2 {
            writeln!(f, "    (an even share is {:.1}% per seat)", 100.0 / self.players.len() as f64)?;
            for (p, name) in self.players.iter().enumerate() {
                if let Some(place) = self.places.get(p) {
                    writeln!(
                        f,
                        "    player {} ({name}) place: mean {:.2} [{:.2}, {:.2}]",
                        p + 1,
                        place.mean,
                        place.low,
                        place.high
                    )?;
                }
            }
        }
        for (label, rate) in
            [(t::DRAWS, &self.draws), (t::FIRST_MOVER_WINS, &self.first_mover_wins), (t::TURN_LIMIT, &self.timeouts)]
        {
            writeln!(f, "    {label:<width$}{}", pct(rate))?;
        }
        if let Some(cut) = &self.unfinished {
            // (How games ended says where they were cut.)
            writeln!(f, "    {:<width$}{}", format!("{} (no limit)", t::UNFINISHED), pct(cut))?;
        }
        writeln!(
            f,
            "  {} {:.3}   {} {:.3}   {} {:.3}   {} {:.3}",
            t::BALANCE,
            self.balance,
            t::COMPLETION,
            self.completion.rate,
            t::DRAWISHNESS,
            self.drawishness,
            t::DECISIVENESS,
            self.decisiveness
        )?;
        writeln!(f, "  {}: {} {}", t::DURATION, t::PLIES, spread(&self.plies))?;
        writeln!(f, "            {} {}", t::TURNS, spread(&self.turns))?;
        writeln!(f, "  {}: {} {:.2}, max {}", t::BRANCHING, t::MEAN, self.branching, self.max_branching)?;
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
            "  {}: {:.2} per game; games with any: {}",
            t::REPEATED,
            self.repeated.mean,
            pct(&self.games_with_repetition)
        )?;
        if let Some(q) = &self.quality {
            let mean = |s: &Summary| format!("{:.2} [{:.2}, {:.2}]", s.mean, s.low, s.high);
            writeln!(
                f,
                "  quality: {} {} per game; {} {}",
                t::LEAD_CHANGES,
                mean(&q.lead_changes),
                t::COVERAGE,
                mean(&q.coverage)
            )?;
            writeln!(
                f,
                "           in games with a winner: {} {}; {} {} of the game",
                t::DRAMA,
                mean(&q.drama),
                t::DECIDED,
                mean(&q.decided_share)
            )?;
        }
        if let Some(score) = &self.winner_score {
            writeln!(f, "  {} ({} games with a score): {}", t::WINNER_SCORE, score.n, spread(score))?;
        }
        writeln!(f, "  {}:", t::HOW_ENDED)?;
        for (reason, n) in &self.reasons {
            writeln!(f, "    {n:>7}  {reason}")?;
        }
        write!(f, "  {}: {:.1} games/s", t::THROUGHPUT, self.games_per_second)
    }
}
