//! Variants side by side: each metric's difference from the first variant,
//! with its interval, a significance test, and a sentence where it matters.

use super::report::Report;
use super::run::Results;
use super::stats::{Difference, Proportion, mann_whitney, two_proportions};
use std::fmt;

/// How one metric changed from the base variant to another.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MetricChange {
    pub metric: String,
    pub base: f64,
    pub variant: f64,
    pub difference: Difference,
    /// The test used: "two-proportion z" or "Mann-Whitney U".
    pub test: String,
    /// p < 0.05.
    pub significant: bool,
    /// The change in words, where it is significant.
    pub sentence: Option<String>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Comparison {
    /// A label per variant (the options that differ), base first.
    pub labels: Vec<String>,
    pub reports: Vec<Report>,
    /// For each variant after the base, the changes of each metric.
    pub changes: Vec<Vec<MetricChange>>,
}

/// Compares runs of variants; the first is the base.
pub fn compare(labels: Vec<String>, runs: &[Results]) -> Comparison {
    let reports: Vec<Report> = runs.iter().map(Report::new).collect();
    let changes = runs
        .iter()
        .skip(1)
        .zip(reports.iter().skip(1))
        .map(|(r, rep)| changes(&runs[0], &reports[0], r, rep))
        .collect();
    Comparison { labels, reports, changes }
}

fn changes(base: &Results, base_report: &Report, variant: &Results, report: &Report) -> Vec<MetricChange> {
    let rate = |metric: &str, a: Proportion, b: Proportion, up: &str, down: &str| {
        let d = two_proportions(a, b);
        let significant = d.p < 0.05;
        let sentence = significant.then(|| {
            format!(
                "{} {}: {:.1}% -> {:.1}% ({:+.1} points, 95% CI {:+.1} to {:+.1}; {}).",
                metric,
                if d.value > 0.0 { up } else { down },
                100.0 * a.rate,
                100.0 * b.rate,
                100.0 * d.value,
                100.0 * d.low,
                100.0 * d.high,
                p_text(d.p)
            )
        });
        MetricChange {
            metric: metric.into(),
            base: a.rate,
            variant: b.rate,
            difference: d,
            test: "two-proportion z".into(),
            significant,
            sentence,
        }
    };
    let sample = |metric: &str, unit: &str, f: &dyn Fn(&super::GameResult) -> f64, up: &str, down: &str| {
        let a: Vec<f64> = base.games.iter().map(f).collect();
        let b: Vec<f64> = variant.games.iter().map(f).collect();
        let d = mann_whitney(&a, &b);
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let (base_mean, variant_mean) = (mean(&a), mean(&b));
        let significant = d.p < 0.05;
        let sentence = significant.then(|| {
            format!(
                "{} {}: {:.1} -> {:.1} {unit} (difference {:+.1}, 95% CI {:+.1} to {:+.1}; {}).",
                metric,
                if d.value > 0.0 { up } else { down },
                base_mean,
                variant_mean,
                d.value,
                d.low,
                d.high,
                p_text(d.p)
            )
        });
        MetricChange {
            metric: metric.into(),
            base: base_mean,
            variant: variant_mean,
            difference: d,
            test: "Mann-Whitney U".into(),
            significant,
            sentence,
        }
    };
    vec![
        rate("Player 1's win rate", base_report.player_wins[0], report.player_wins[0], "rises", "falls"),
        rate("Player 2's win rate", base_report.player_wins[1], report.player_wins[1], "rises", "falls"),
        rate("Agent A's win rate", base_report.agent_wins[0], report.agent_wins[0], "rises", "falls"),
        rate("The draw rate", base_report.draws, report.draws, "rises", "falls"),
        rate("The first mover's win rate", base_report.first_mover_wins, report.first_mover_wins, "rises", "falls"),
        rate(
            "Games ended by the turn limit",
            base_report.timeouts,
            report.timeouts,
            "become more common",
            "become rarer",
        ),
        sample("Games", "plies", &|g| f64::from(g.plies), "get longer", "get shorter"),
        sample("Games", "turns", &|g| f64::from(g.turns), "get longer", "get shorter"),
        sample(
            "The branching factor (mean per game)",
            "moves",
            &|g| if g.decisions == 0 { 0.0 } else { g.moves_seen as f64 / f64::from(g.decisions) },
            "grows",
            "shrinks",
        ),
        sample("Repeated positions", "per game", &|g| f64::from(g.repeated), "become more common", "become rarer"),
    ]
}

/// How one row of the side-by-side table shows a report.
type Cell = Box<dyn Fn(&Report) -> String>;

fn p_text(p: f64) -> String {
    if p < 0.001 { "p < 0.001".into() } else { format!("p = {p:.3}") }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(base) = self.reports.first() else { return Ok(()) };
        writeln!(
            f,
            "{}: {} variants, {} games each, A = {}, B = {}",
            base.title,
            self.reports.len(),
            base.games,
            base.agents[0],
            base.agents[1]
        )?;
        write!(f, "  {:<32}", "metric")?;
        for label in &self.labels {
            write!(f, " {:>22}", truncate(label, 22))?;
        }
        writeln!(f)?;
        let rows: Vec<(&str, Cell)> = vec![
            ("player 1 wins %", Box::new(|r: &Report| percent_interval(r.player_wins[0]))),
            ("player 2 wins %", Box::new(|r: &Report| percent_interval(r.player_wins[1]))),
            ("draws %", Box::new(|r: &Report| format!("{:.1}", 100.0 * r.draws.rate))),
            ("first mover wins %", Box::new(|r: &Report| format!("{:.1}", 100.0 * r.first_mover_wins.rate))),
            ("ended by the turn limit %", Box::new(|r: &Report| format!("{:.1}", 100.0 * r.timeouts.rate))),
            ("balance", Box::new(|r: &Report| format!("{:.3}", r.balance))),
            (
                "plies (mean)",
                Box::new(|r: &Report| format!("{:.1} [{:.1},{:.1}]", r.plies.mean, r.plies.low, r.plies.high)),
            ),
            ("plies (median / p90)", Box::new(|r: &Report| format!("{:.0} / {:.0}", r.plies.median, r.plies.p90))),
            ("turns (mean)", Box::new(|r: &Report| format!("{:.1}", r.turns.mean))),
            ("branching factor", Box::new(|r: &Report| format!("{:.2}", r.branching))),
            ("repeated positions / game", Box::new(|r: &Report| format!("{:.2}", r.repeated.mean))),
        ];
        for (name, cell) in rows {
            write!(f, "  {name:<32}")?;
            for r in &self.reports {
                write!(f, " {:>22}", cell(r))?;
            }
            writeln!(f)?;
        }
        for (label, changes) in self.labels.iter().skip(1).zip(&self.changes) {
            writeln!(f, "\n  {} against {}:", label, self.labels[0])?;
            let mut any = false;
            for c in changes {
                if let Some(s) = &c.sentence {
                    writeln!(f, "    - {s}")?;
                    any = true;
                }
            }
            if !any {
                writeln!(f, "    - no metric changed significantly (p < 0.05).")?;
            }
        }
        Ok(())
    }
}

/// A rate and its confidence interval, in percent: `52.1 [48.0,56.2]`.
fn percent_interval(p: Proportion) -> String {
    format!("{:.1} [{:.1},{:.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { s.chars().take(n - 1).collect::<String>() + "…" }
}
