//! A comparison repeated at several strengths of play (`tabula compare
//! --strengths random,mcts:100,mcts:1000`): the same variants, played at each
//! strength by that agent in every seat, and each finding (a metric of a
//! variant against the base) shown at every strength side by side, so that a
//! reader sees whether it holds as the players improve.
//!
//! All the tests shown are one family: every metric of every variant at
//! every strength. Their p-values are adjusted together (Holm by default), so
//! "significant" holds at the stated error rate over the whole table, not
//! strength by strength.

use super::chart::{Bar, Chart, PALETTE, Series};
use super::compare::{Comparison, MetricChange, Testing, adjust, difference_text, unadjusted, write_findings};
use super::run::Results;
use super::stats::Difference;
use super::terms as t;
use std::fmt;

/// One finding at one strength: the difference with its 95% interval (for
/// this test alone), the raw and the adjusted p-value.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FindingAt {
    pub strength: String,
    pub base: f64,
    pub variant: f64,
    pub difference: Difference,
    pub p_adjusted: f64,
    pub significant: bool,
}

/// One finding across the strengths: a metric of a variant against the base.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Finding {
    pub variant: String,
    pub metric: String,
    /// A rate (differences in points), not a mean.
    pub rate: bool,
    /// At each strength, in the order given.
    pub at: Vec<FindingAt>,
    /// Whether it holds as the players improve, in words.
    pub verdict: String,
}

/// A comparison at several strengths.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StrengthComparison {
    /// Each strength as given: one agent for every seat (`mcts:100`), or agents A and B (`mcts:100/greedy`).
    pub strengths: Vec<String>,
    /// A label per variant, base first.
    pub labels: Vec<String>,
    pub testing: Testing,
    /// The size of the family: every metric of every variant against the base, at every strength.
    pub tests: usize,
    /// One comparison per strength, its p-values adjusted over the whole family.
    pub comparisons: Vec<Comparison>,
    /// Each finding at every strength, side by side.
    pub findings: Vec<Finding>,
}

/// The two agents (A, B) of a strength as written: `mcts:100` seats that
/// agent everywhere, `mcts:100/greedy` gives agent A and agent B.
pub fn strength_agents(strength: &str) -> [String; 2] {
    match strength.split_once('/') {
        Some((a, b)) => [a.trim().to_string(), b.trim().to_string()],
        None => [strength.trim().to_string(), strength.trim().to_string()],
    }
}

/// Compares the variants at each strength: `runs[s]` holds the variants'
/// runs at strength `s`, base first. The tests of all strengths are one
/// family, adjusted together.
pub fn compare_strengths(
    labels: Vec<String>,
    strengths: Vec<String>,
    runs: &[Vec<Results>],
    testing: Testing,
) -> StrengthComparison {
    let mut comparisons: Vec<Comparison> =
        runs.iter().map(|variants| unadjusted(labels.clone(), variants, testing)).collect();
    let family: Vec<&mut MetricChange> = comparisons.iter_mut().flat_map(|c| c.changes.iter_mut().flatten()).collect();
    let tests = family.len();
    adjust(family, testing);
    for c in &mut comparisons {
        c.tests = tests;
        c.strengths = strengths.len();
    }
    let findings = findings(&labels, &strengths, &comparisons);
    StrengthComparison { strengths, labels, testing, tests, comparisons, findings }
}

/// Each finding across the strengths, in the order of the first strength's
/// table (a metric missing at a strength, a seat a variant lacks, is left out there).
fn findings(labels: &[String], strengths: &[String], comparisons: &[Comparison]) -> Vec<Finding> {
    let Some(first) = comparisons.first() else { return Vec::new() };
    let mut out = Vec::new();
    for (v, changes) in first.changes.iter().enumerate() {
        for c in changes {
            let at: Vec<FindingAt> = strengths
                .iter()
                .zip(comparisons)
                .filter_map(|(s, comparison)| {
                    let x = comparison.changes.get(v)?.iter().find(|x| x.metric == c.metric)?;
                    Some(FindingAt {
                        strength: s.clone(),
                        base: x.base,
                        variant: x.variant,
                        difference: x.difference,
                        p_adjusted: x.p_adjusted,
                        significant: x.significant,
                    })
                })
                .collect();
            let verdict = verdict(&at, strengths.len());
            out.push(Finding { variant: labels[v + 1].clone(), metric: c.metric.clone(), rate: c.rate, at, verdict });
        }
    }
    out
}

/// Whether a finding holds at every strength, in words.
fn verdict(at: &[FindingAt], strengths: usize) -> String {
    let significant: Vec<&FindingAt> = at.iter().filter(|a| a.significant).collect();
    let names = |v: &[&FindingAt]| v.iter().map(|a| a.strength.as_str()).collect::<Vec<_>>().join(", ");
    let up = significant.iter().any(|a| a.difference.value > 0.0);
    let down = significant.iter().any(|a| a.difference.value < 0.0);
    match significant.len() {
        0 => "significant at no strength".into(),
        _ if up && down => {
            format!("significant in opposite directions ({}): the finding turns over", names(&significant))
        }
        n if n == strengths => "significant at every strength, the same way".into(),
        _ => {
            let not: Vec<&FindingAt> = at.iter().filter(|a| !a.significant).collect();
            format!("significant at {} only; not at {}", names(&significant), names(&not))
        }
    }
}

impl StrengthComparison {
    /// Whether any difference was found significant.
    pub fn any_significant(&self) -> bool {
        self.findings.iter().any(|f| f.at.iter().any(|a| a.significant))
    }

    /// The plots: player 1's win rate and the mean game length of each
    /// variant at each strength, with 95% intervals.
    pub fn charts(&self) -> Vec<Chart> {
        let span = 0.8;
        let n = self.labels.len().max(1) as f64;
        let series = |value: &dyn Fn(&super::Report) -> (f64, f64, f64)| -> Vec<Series> {
            self.labels
                .iter()
                .enumerate()
                .map(|(v, label)| Series {
                    name: label.clone(),
                    colour: PALETTE[v % PALETTE.len()],
                    bars: self
                        .comparisons
                        .iter()
                        .enumerate()
                        .filter_map(|(s, c)| {
                            let (height, low, high) = value(c.reports.get(v)?);
                            let x = s as f64 + span * ((v as f64 + 0.5) / n - 0.5);
                            Some(Bar { x, height, interval: Some((low, high)) })
                        })
                        .collect(),
                })
                .collect()
        };
        let first = |r: &super::Report| r.player_wins.first().map_or((0.0, 0.0, 0.0), |w| (w.rate, w.low, w.high));
        let length = |r: &super::Report| (r.plies.mean, r.plies.low, r.plies.high);
        vec![
            Chart {
                title: "Player 1's win rate by strength, with 95% intervals".into(),
                x_label: "strength".into(),
                y_label: "share of games won".into(),
                categories: self.strengths.clone(),
                bar_width: span / n,
                series: series(&first),
                y_max: 1.0,
            },
            Chart {
                title: "Mean game length by strength, with 95% intervals".into(),
                x_label: "strength".into(),
                y_label: "plies".into(),
                categories: self.strengths.clone(),
                bar_width: span / n,
                series: series(&length),
                y_max: 1.0,
            },
        ]
    }
}

/// A difference with its interval and a `*` where significant over the family.
fn cell(f: &Finding, a: &FindingAt) -> String {
    format!("{}{}", difference_text(a.difference, f.rate), if a.significant { "*" } else { " " })
}

const WIDTH: usize = 26;

/// How a row of the levels table shows a report.
type Show = dyn Fn(&super::Report) -> String;

impl fmt::Display for StrengthComparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(first) = self.comparisons.first() else { return Ok(()) };
        let Some(base) = first.reports.first() else { return Ok(()) };
        // Each strength may have its own count of games (`--games 200,100,50`).
        let games: Vec<u32> = self.comparisons.iter().map(|c| c.reports.first().map_or(0, |r| r.games)).collect();
        let games = if games.iter().all(|&n| n == base.games) {
            format!("{} games per variant at each", base.games)
        } else {
            let each: Vec<String> = games.iter().zip(&self.strengths).map(|(n, s)| format!("{n} at {s}")).collect();
            format!("games per variant: {}", each.join(", "))
        };
        writeln!(
            f,
            "{}: {} variants at {} strength{}, {games}",
            base.title,
            self.labels.len(),
            self.strengths.len(),
            if self.strengths.len() == 1 { "" } else { "s" },
        )?;
        writeln!(f, "  Strengths: {} (one agent in every seat; A/B: agent A and agent B).", self.strengths.join(", "))?;
        writeln!(f, "  Tests: {}.", first.family_text())?;
        writeln!(f, "  Design: {}, at each strength.", first.design_text())?;
        writeln!(
            f,
            "  Intervals are 95% for each metric alone; * marks a difference significant at {} over the whole family.",
            self.testing.level
        )?;
        writeln!(f, "\n  Levels at each strength (95% intervals):")?;
        write!(f, "    {:<40}", "variant: metric")?;
        for s in &self.strengths {
            write!(f, " {:>WIDTH$}", truncate(s, WIDTH))?;
        }
        writeln!(f)?;
        for (v, label) in self.labels.iter().enumerate() {
            let rows: [(String, &Show); 2] = [
                ("player 1 wins %".to_string(), &|r| {
                    r.player_wins.first().map_or("-".into(), |w| {
                        format!("{:.1} [{:.1},{:.1}]", 100.0 * w.rate, 100.0 * w.low, 100.0 * w.high)
                    })
                }),
                (format!("{} ({})", t::PLIES, t::MEAN), &|r| {
                    format!("{:.1} [{:.1},{:.1}]", r.plies.mean, r.plies.low, r.plies.high)
                }),
            ];
            for (name, show) in rows {
                write!(f, "    {:<40}", truncate(&format!("{label}: {name}"), 40))?;
                for c in &self.comparisons {
                    write!(f, " {:>WIDTH$}", c.reports.get(v).map_or("-".into(), show))?;
                }
                writeln!(f)?;
            }
        }
        let mut variants: Vec<&str> = self.findings.iter().map(|x| x.variant.as_str()).collect();
        variants.dedup();
        for variant in variants {
            writeln!(
                f,
                "\n  {} against {}, {} [95% {}] at each strength:",
                variant,
                self.labels[0],
                t::DIFFERENCE,
                t::CI
            )?;
            write!(f, "    {:<40}", "metric")?;
            for s in &self.strengths {
                write!(f, " {:>WIDTH$}", truncate(s, WIDTH))?;
            }
            writeln!(f)?;
            for finding in self.findings.iter().filter(|x| x.variant == variant) {
                write!(f, "    {:<40}", truncate(&finding.metric, 40))?;
                for s in &self.strengths {
                    let shown = finding.at.iter().find(|a| &a.strength == s).map_or("-".into(), |a| cell(finding, a));
                    write!(f, " {shown:>WIDTH$}")?;
                }
                writeln!(f)?;
            }
            let significant = self
                .findings
                .iter()
                .filter(|x| x.variant == variant && x.at.iter().any(|a| a.significant))
                .map(|x| format!("{}: {}.", x.metric, x.verdict));
            write_findings(f, significant, self.testing, " at any strength")?;
        }
        for (s, c) in self.strengths.iter().zip(&self.comparisons) {
            for (label, changes) in self.labels.iter().skip(1).zip(&c.changes) {
                let sentences: Vec<String> = changes.iter().filter_map(|x| x.sentence.clone()).collect();
                if !sentences.is_empty() {
                    writeln!(f, "\n  At {s}, {label} against {}:", self.labels[0])?;
                    write_findings(f, sentences.into_iter(), self.testing, "")?;
                }
            }
        }
        Ok(())
    }
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { s.chars().take(n - 1).collect::<String>() + "…" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Correction, holm};
    use crate::{Config, compare, run};

    fn runs(game: &str, agents: &str, seeds: [u64; 2], games: u32) -> Vec<Results> {
        let game = tabula::shipped::game(game, &Default::default()).expect("compiles");
        seeds
            .iter()
            .map(|&seed| {
                let config = Config { agents: strength_agents(agents), games, seed, swap_sides: false, shard: None };
                run(&game, &config, &|_| {}).expect("runs")
            })
            .collect()
    }

    /// The tests of every strength are one family: Holm over all of them,
    /// not strength by strength, so each adjusted p-value is at least the one
    /// a comparison at that strength alone gives, and exactly Holm's over the
    /// whole family.
    #[test]
    fn the_correction_covers_every_metric_at_every_strength() {
        let strengths = ["random", "greedy", "random/greedy"].map(String::from).to_vec();
        let all: Vec<Vec<Results>> = strengths.iter().map(|s| runs("classic/tic-tac-toe", s, [3, 4], 60)).collect();
        let labels = vec!["a".to_string(), "b".to_string()];
        let testing = Testing { correction: Correction::Holm, level: 0.05 };
        let joint = compare_strengths(labels.clone(), strengths, &all, testing);
        let alone: Vec<Comparison> = all.iter().map(|r| compare(labels.clone(), r, testing)).collect();
        let per_strength = alone[0].tests;
        assert!(per_strength > 10);
        assert_eq!(joint.tests, 3 * per_strength);
        assert!(joint.comparisons.iter().all(|c| c.tests == joint.tests && c.strengths == 3));
        assert!(joint.comparisons[0].family_text().contains(&format!("x 3 strengths = {} tests", joint.tests)));
        let raw: Vec<f64> =
            joint.comparisons.iter().flat_map(|c| c.changes.iter().flatten()).map(|c| c.difference.p).collect();
        let want = holm(&raw);
        let got: Vec<f64> =
            joint.comparisons.iter().flat_map(|c| c.changes.iter().flatten()).map(|c| c.p_adjusted).collect();
        assert_eq!(got, want);
        for (j, a) in joint.comparisons.iter().zip(&alone) {
            for (x, y) in j.changes.iter().flatten().zip(a.changes.iter().flatten()) {
                assert_eq!(x.difference, y.difference, "{}", x.metric);
                assert!(x.p_adjusted >= y.p_adjusted, "{}: {} < {}", x.metric, x.p_adjusted, y.p_adjusted);
                assert_eq!(x.significant, x.p_adjusted < 0.05);
            }
        }
        // Each finding at each strength, in the order given.
        assert_eq!(joint.findings.len(), per_strength);
        for f in &joint.findings {
            let names: Vec<&str> = f.at.iter().map(|a| a.strength.as_str()).collect();
            assert_eq!(names, ["random", "greedy", "random/greedy"]);
        }
    }

    /// Where a finding is significant (over the whole family), in words.
    #[test]
    fn the_verdict_says_at_which_strengths_a_finding_holds() {
        let at = |strength: &str, value: f64, significant: bool| FindingAt {
            strength: strength.into(),
            base: 0.0,
            variant: value,
            difference: Difference { value, low: value - 1.0, high: value + 1.0, p: 0.01 },
            p_adjusted: 0.01,
            significant,
        };
        assert_eq!(
            verdict(&[at("a", 1.0, true), at("b", 2.0, true)], 2),
            "significant at every strength, the same way"
        );
        assert_eq!(verdict(&[at("a", 1.0, true), at("b", 2.0, false)], 2), "significant at a only; not at b");
        assert!(verdict(&[at("a", 1.0, true), at("b", -2.0, true)], 2).contains("opposite directions"));
        assert_eq!(verdict(&[at("a", 1.0, false), at("b", -2.0, false)], 2), "significant at no strength");
    }

    /// Each strength may play its own count of games; the text says so, and
    /// `tabula plan --from` plans each strength from that strength's own spreads.
    #[test]
    fn strengths_with_their_own_games_are_planned_one_by_one() {
        let strengths = ["random", "greedy"].map(String::from).to_vec();
        let all: Vec<Vec<Results>> =
            strengths.iter().zip([80, 40]).map(|(s, games)| runs("classic/tic-tac-toe", s, [3, 4], games)).collect();
        let labels = vec!["a".to_string(), "b".to_string()];
        let testing = Testing { correction: Correction::Holm, level: 0.05 };
        let joint = compare_strengths(labels, strengths, &all, testing);
        let text = joint.to_string();
        assert!(text.lines().next().unwrap().ends_with("games per variant: 80 at random, 40 at greedy"), "{text}");
        let target = crate::plan::Target { level: 0.05, tests: joint.tests, power: 0.8 };
        let plans = target.from_strengths(&joint);
        let per_strength = target.from_pilot(&joint.comparisons[0]).len();
        assert_eq!(plans.len(), 2 * per_strength);
        for (k, strength) in ["random", "greedy"].iter().enumerate() {
            let alone = target.from_pilot(&joint.comparisons[k]);
            for (p, q) in plans[k * per_strength..(k + 1) * per_strength].iter().zip(&alone) {
                assert_eq!(p.strength.as_deref(), Some(*strength));
                assert_eq!((p.spread, p.games, &p.metric), (q.spread, q.games, &q.metric));
            }
        }
        // The two strengths' spreads differ: each is planned from its own.
        assert_ne!(
            plans[..per_strength].iter().map(|p| p.spread).collect::<Vec<_>>(),
            plans[per_strength..].iter().map(|p| p.spread).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_strength_is_one_agent_in_every_seat_or_a_and_b() {
        assert_eq!(strength_agents("mcts:100"), ["mcts:100".to_string(), "mcts:100".to_string()]);
        assert_eq!(strength_agents("mcts:100 / greedy"), ["mcts:100".to_string(), "greedy".to_string()]);
    }
}
