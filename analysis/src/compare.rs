//! Variants side by side: each metric's difference from the first variant,
//! with its interval and a test; the tests of a comparison are one family,
//! adjusted together (Holm by default), and a difference is called
//! significant only when its adjusted p-value is below the stated level.

use super::report::Report;
use super::run::GameResult;
use super::run::Results;
use super::stats::{
    Correction, Difference, Proportion, Z95, mann_whitney, mcnemar, proportion, two_proportions, wilcoxon_signed_rank,
};
use super::terms as t;
use std::fmt;

/// How one metric changed from the base variant to another.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MetricChange {
    pub metric: String,
    pub base: f64,
    pub variant: f64,
    /// The difference with its 95% interval (for this metric alone) and the raw p-value.
    pub difference: Difference,
    /// The test used: "McNemar (exact)" or "Wilcoxon signed-rank" on paired
    /// games, "two-proportion z" or "Mann-Whitney U" on independent ones.
    pub test: String,
    /// A rate (its difference is in points), not a mean.
    pub rate: bool,
    /// What one game adds to the spread of the difference: its standard
    /// error times the square root of the games. `stats::games_needed` turns
    /// it into the games a given power needs, paired or not.
    pub spread: f64,
    /// The p-value adjusted over the comparison's family of tests.
    pub p_adjusted: f64,
    /// The adjusted p-value is below the level.
    pub significant: bool,
    /// The change in words, with its interval.
    pub description: String,
    /// The change in words with its p-values, where it is significant.
    pub sentence: Option<String>,
}

/// How the tests of a comparison are read: the correction and the level.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Testing {
    pub correction: Correction,
    /// The level the adjusted p-values are held against (0.05).
    pub level: f64,
}

impl Default for Testing {
    fn default() -> Testing {
        Testing { correction: Correction::Holm, level: 0.05 }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Comparison {
    /// A label per variant (the options that differ), base first.
    pub labels: Vec<String>,
    pub reports: Vec<Report>,
    /// For each variant after the base, the changes of each metric.
    pub changes: Vec<Vec<MetricChange>>,
    pub testing: Testing,
    /// The number of tests in the family: every metric of every variant against the base.
    pub tests: usize,
    /// The variants played the same games (seeds, seats, agents), and the tests are paired.
    pub paired: bool,
    /// How many strengths the family of tests spans (`compare --strengths`):
    /// this comparison is one of them, its p-values adjusted over all (1 and
    /// absent from the JSON for a comparison at one strength).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub strengths: usize,
}

fn one() -> usize {
    1
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

impl Comparison {
    /// Whether any difference was found significant.
    pub fn any_significant(&self) -> bool {
        self.changes.iter().flatten().any(|c| c.significant)
    }

    /// How the games of the variants relate, and the tests that follow, in words.
    pub fn design_text(&self) -> &'static str {
        if self.paired {
            "paired: every variant played the same games (seeds, seats, agents), so game i is compared with game i \
             (McNemar's exact test for rates, Wilcoxon's signed-rank test for means)"
        } else {
            "independent samples (two-proportion z test for rates, Mann-Whitney U test for means)"
        }
    }

    /// The family and how it is read, in words.
    pub fn family_text(&self) -> String {
        let variants = self.changes.len();
        let metrics = self.changes.first().map_or(0, Vec::len);
        let strengths = match self.strengths {
            1 => String::new(),
            n => format!(" x {n} strengths"),
        };
        let family = format!(
            "{metrics} metrics x {variants} variant{} against {}{strengths} = {} tests",
            if variants == 1 { "" } else { "s" },
            self.labels.first().map_or("", String::as_str),
            self.tests
        );
        match self.testing.correction {
            Correction::None => format!(
                "{family}, p-values not adjusted: each test alone at {} (about {:.1} false findings expected among them when nothing changes)",
                self.testing.level,
                self.tests as f64 * self.testing.level
            ),
            c => format!("{family}, p-values adjusted by {} ({} {})", c.name(), c.controls(), self.testing.level),
        }
    }
}

/// Compares runs of variants; the first is the base. Every metric of every
/// variant against the base is one test of a single family.
pub fn compare(labels: Vec<String>, runs: &[Results], testing: Testing) -> Comparison {
    let mut comparison = unadjusted(labels, runs, testing);
    adjust(comparison.changes.iter_mut().flatten().collect(), testing);
    comparison
}

/// A comparison whose tests are not yet adjusted ([`adjust`] does it, over
/// this comparison's family or a larger one).
pub(crate) fn unadjusted(labels: Vec<String>, runs: &[Results], testing: Testing) -> Comparison {
    let reports: Vec<Report> = runs.iter().map(Report::new).collect();
    let paired = paired(runs);
    let changes: Vec<Vec<MetricChange>> = runs.iter().skip(1).map(|r| changes(&runs[0], r, paired)).collect();
    let tests = changes.iter().map(Vec::len).sum();
    Comparison { labels, reports, changes, testing, tests, paired, strengths: 1 }
}

/// Adjusts the p-values of one family of tests together (every change given
/// is one test of it), and says which are significant at the level.
pub(crate) fn adjust(mut family: Vec<&mut MetricChange>, testing: Testing) {
    let raw: Vec<f64> = family.iter().map(|c| c.difference.p).collect();
    let adjusted = testing.correction.adjust(&raw);
    for (c, p_adjusted) in family.iter_mut().zip(adjusted) {
        c.p_adjusted = p_adjusted;
        c.significant = p_adjusted < testing.level;
        let p = p_text("p", c.difference.p);
        let adjusted = match testing.correction {
            Correction::Holm => format!(", {}", p_text("Holm-adjusted p", p_adjusted)),
            Correction::BenjaminiHochberg => format!(", {}", p_text("BH-adjusted p", p_adjusted)),
            Correction::None => String::new(),
        };
        let caveat = match testing.correction {
            Correction::None => format!(" (not adjusted for the {} tests)", raw.len()),
            _ => String::new(),
        };
        c.sentence = c
            .significant
            .then(|| format!("{}; {p}{adjusted}): significant at {}{caveat}.", c.description, testing.level));
    }
}

/// The standard error of a difference times the square root of the games.
fn spread(d: Difference, games: usize) -> f64 {
    (d.high - d.low) / (2.0 * Z95) * (games as f64).sqrt()
}

/// Whether the runs are a paired design: every variant played the same
/// games (the same seeds, seats and agents), so game i of one variant is
/// compared with game i of another.
fn paired(runs: &[Results]) -> bool {
    runs.iter().all(|r| {
        r.config == runs[0].config
            && r.games.len() == runs[0].games.len()
            && r.games.iter().zip(&runs[0].games).all(|(a, b)| a.index == b.index)
    })
}

/// How a change of a metric reads: the verb for a rise, for a fall, and for no change at all.
#[derive(Debug, Clone, Copy)]
struct Words {
    up: &'static str,
    down: &'static str,
    same: &'static str,
}

impl Words {
    /// The verb for a difference of `value` (b - a).
    fn verb(self, value: f64) -> &'static str {
        if value > 0.0 {
            self.up
        } else if value < 0.0 {
            self.down
        } else {
            self.same
        }
    }
}

const RISES: Words = Words { up: "rises", down: "falls", same: "does not change" };
const GROWS: Words = Words { up: "grows", down: "shrinks", same: "does not change" };
const COMMON: Words = Words { up: "become more common", down: "become rarer", same: "do not change" };
const LONGER: Words = Words { up: "get longer", down: "get shorter", same: "do not change in length" };
const PLACE: Words = Words { up: "gets worse", down: "gets better", same: "does not change" };

/// What a metric reads of one game: whether something happened (a rate) or a
/// number with its unit (a mean).
enum Measure {
    Rate(Box<dyn Fn(&GameResult) -> bool>),
    Mean(&'static str, Box<dyn Fn(&GameResult) -> f64>),
}

/// One metric a comparison tests: its name in the table, the subject of its
/// sentence, what it reads of a game and how its change reads.
struct Metric {
    name: String,
    subject: String,
    measure: Measure,
    words: Words,
}

fn metric(name: impl Into<String>, subject: impl Into<String>, measure: Measure, words: Words) -> Metric {
    Metric { name: name.into(), subject: subject.into(), measure, words }
}

/// The metrics a comparison tests for variants that share `seats` seats, in
/// the order it prints them: the one list that both the comparison and the
/// plan of its family of tests ([`metrics_per_variant`]) read.
fn metrics(seats: u8) -> Vec<Metric> {
    let rate = |f: fn(&GameResult) -> bool| Measure::Rate(Box::new(f));
    let mean = |unit, f: fn(&GameResult) -> f64| Measure::Mean(unit, Box::new(f));
    let mut out: Vec<Metric> = (0..seats)
        .map(|p| {
            let won = Measure::Rate(Box::new(move |g: &GameResult| g.won(p)));
            metric(format!("player {} wins", p + 1), format!("Player {}'s win rate", p + 1), won, RISES)
        })
        .collect();
    // With more than two seats, each seat's place too (1 first): placings say
    // more than wins alone. A game cut unfinished counts as the middle place.
    if seats > 2 {
        let middle = (f64::from(seats) + 1.0) / 2.0;
        out.extend((0..seats).map(|p| {
            let place = move |g: &GameResult| g.places.get(usize::from(p)).map_or(middle, |&x| f64::from(x));
            let subject = format!("Player {}'s mean place", p + 1);
            metric(format!("player {} place", p + 1), subject, Measure::Mean("", Box::new(place)), PLACE)
        }));
    }
    out.extend([
        metric("agent A wins", "Agent A's win rate", rate(|g| g.agent_won(0)), RISES),
        metric("draws", "The draw rate", rate(|g| !g.places.iter().any(|&p| p > 1)), RISES),
        metric("first mover wins", "The first mover's win rate", rate(|g| g.won(g.first)), RISES),
        metric(
            "ended by the turn limit",
            "Games ended by the turn limit",
            rate(|g| g.by_limit || g.unfinished),
            COMMON,
        ),
        metric("plies per game", "Games", mean("plies", |g| f64::from(g.plies)), LONGER),
        metric("turns per game", "Games", mean("turns", |g| f64::from(g.turns)), LONGER),
        metric(
            "branching factor per game",
            "The branching factor (mean per game)",
            mean("moves", |g| if g.decisions == 0 { 0.0 } else { g.moves_seen as f64 / f64::from(g.decisions) }),
            GROWS,
        ),
        metric(
            "repeated positions per game",
            "Repeated positions",
            mean("per game", |g| f64::from(g.repeated)),
            COMMON,
        ),
        metric(
            "lead changes per game",
            "Lead changes",
            mean("per game", |g| f64::from(g.quality.lead_changes)),
            COMMON,
        ),
        metric("drama", "Drama", mean("", |g| g.quality.drama), RISES),
        metric("board coverage", "Board coverage", mean("", |g| g.quality.coverage), GROWS),
    ]);
    out
}

/// How many metrics `tabula compare` tests for each variant against the
/// base, in a game of `players` players: the size of a comparison's family
/// of tests is this times the variants past the base.
pub fn metrics_per_variant(players: u8) -> usize {
    metrics(players).len()
}

/// The names of the metrics `tabula compare` tests in a game of `players`
/// players, in the order it prints them (the glossary of docs/guide.md
/// explains each: tests/tests/glossary.rs).
pub fn metric_names(players: u8) -> Vec<String> {
    metrics(players).into_iter().map(|m| m.name).collect()
}

/// Tests the metrics of `variant` against `base`: paired tests (McNemar,
/// Wilcoxon signed-rank) when the games are paired, tests of independent
/// samples (two-proportion z, Mann-Whitney U) otherwise. The seats are those
/// the two variants share (a variant may change the number of players).
fn changes(base: &Results, variant: &Results, paired: bool) -> Vec<MetricChange> {
    let seats = base.players.len().min(variant.players.len()) as u8;
    metrics(seats).iter().map(|m| change(base, variant, paired, m)).collect()
}

/// How one metric changed from `base` to `variant`, tested.
fn change(base: &Results, variant: &Results, paired: bool, m: &Metric) -> MetricChange {
    let (base_value, variant_value, difference, test, description) = match &m.measure {
        Measure::Rate(f) => {
            let count = |r: &Results| proportion(r.games.iter().filter(|g| f(g)).count() as u32, r.games.len() as u32);
            let (a, b) = (count(base), count(variant));
            let (d, test) = if paired {
                let pairs: Vec<(bool, bool)> =
                    base.games.iter().zip(&variant.games).map(|(x, y)| (f(x), f(y))).collect();
                (mcnemar(&pairs), t::MCNEMAR)
            } else {
                (two_proportions(a, b), t::TWO_PROPORTIONS)
            };
            let description = format!(
                "{} {}: {:.1}% -> {:.1}% ({:+.1} points, 95% CI {:+.1} to {:+.1}",
                m.subject,
                m.words.verb(d.value),
                100.0 * a.rate,
                100.0 * b.rate,
                100.0 * d.value,
                100.0 * d.low,
                100.0 * d.high,
            );
            (a.rate, b.rate, d, test, description)
        }
        Measure::Mean(unit, f) => {
            let a: Vec<f64> = base.games.iter().map(f).collect();
            let b: Vec<f64> = variant.games.iter().map(f).collect();
            let (d, test) = if paired {
                (wilcoxon_signed_rank(&a, &b), t::WILCOXON)
            } else {
                (mann_whitney(&a, &b), t::MANN_WHITNEY)
            };
            let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
            let (base_mean, variant_mean) = (mean(&a), mean(&b));
            let (n, unit) = (decimals(d, 1.0), if unit.is_empty() { String::new() } else { format!(" {unit}") });
            let description = format!(
                "{} {}: {:.n$} -> {:.n$}{unit} (difference {:+.n$}, 95% CI {:+.n$} to {:+.n$}",
                m.subject,
                m.words.verb(d.value),
                base_mean,
                variant_mean,
                d.value,
                d.low,
                d.high,
            );
            (base_mean, variant_mean, d, test, description)
        }
    };
    MetricChange {
        metric: m.name.clone(),
        base: base_value,
        variant: variant_value,
        difference,
        test: test.into(),
        rate: matches!(m.measure, Measure::Rate(_)),
        spread: spread(difference, base.games.len()),
        p_adjusted: difference.p,
        significant: false,
        description,
        sentence: None,
    }
}

/// How one row of the side-by-side table shows a report.
type Cell = Box<dyn Fn(&Report) -> String>;

/// A p-value as text: `p = 0.012`, `p < 0.001`.
fn p_text(name: &str, p: f64) -> String {
    if p < 0.001 { format!("{name} < 0.001") } else { format!("{name} = {p:.3}") }
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
        let seats = self.reports.iter().map(|r| r.player_wins.len()).max().unwrap_or(0);
        let mut rows: Vec<(String, Cell)> = (0..seats)
            .map(|p| {
                let cell: Cell =
                    Box::new(move |r: &Report| r.player_wins.get(p).map_or("-".into(), |&w| percent_interval(w)));
                (format!("player {} wins %", p + 1), cell)
            })
            .collect();
        if seats > 2 {
            rows.extend((0..seats).map(|p| {
                let cell: Cell = Box::new(move |r: &Report| {
                    r.places.get(p).map_or("-".into(), |s| format!("{:.2} [{:.2},{:.2}]", s.mean, s.low, s.high))
                });
                (format!("player {} place (mean)", p + 1), cell)
            }));
        }
        let rest: Vec<(String, Cell)> = vec![
            (format!("{} %", t::DRAWS), Box::new(|r: &Report| format!("{:.1}", 100.0 * r.draws.rate))),
            (
                format!("{} %", t::FIRST_MOVER_WINS),
                Box::new(|r: &Report| format!("{:.1}", 100.0 * r.first_mover_wins.rate)),
            ),
            (format!("{} %", t::TURN_LIMIT), Box::new(|r: &Report| format!("{:.1}", 100.0 * r.timeouts.rate))),
            (t::BALANCE.to_string(), Box::new(|r: &Report| format!("{:.3}", r.balance))),
            (
                format!("{} ({})", t::PLIES, t::MEAN),
                Box::new(|r: &Report| format!("{:.1} [{:.1},{:.1}]", r.plies.mean, r.plies.low, r.plies.high)),
            ),
            (
                format!("{} ({} / {})", t::PLIES, t::MEDIAN, t::P90_SHORT),
                Box::new(|r: &Report| format!("{:.0} / {:.0}", r.plies.median, r.plies.p90)),
            ),
            (format!("{} ({})", t::TURNS, t::MEAN), Box::new(|r: &Report| format!("{:.1}", r.turns.mean))),
            (t::BRANCHING.to_string(), Box::new(|r: &Report| format!("{:.2}", r.branching))),
            (format!("{} / game", t::REPEATED), Box::new(|r: &Report| format!("{:.2}", r.repeated.mean))),
        ];
        rows.extend(rest);
        for (name, cell) in rows {
            write!(f, "  {name:<32}")?;
            for r in &self.reports {
                write!(f, " {:>22}", cell(r))?;
            }
            writeln!(f)?;
        }
        writeln!(f, "\n  Tests: {}.", self.family_text())?;
        writeln!(f, "  Design: {}.", self.design_text())?;
        writeln!(f, "  Intervals are 95% for each metric alone.")?;
        for (label, changes) in self.labels.iter().skip(1).zip(&self.changes) {
            writeln!(f, "\n  {} against {}:", label, self.labels[0])?;
            writeln!(
                f,
                "    {:<40} {:>22} {:>8} {:>9}",
                "metric",
                format!("{} [95% {}]", t::DIFFERENCE, t::CI),
                t::P,
                t::ADJUSTED_P
            )?;
            for c in changes {
                writeln!(
                    f,
                    "    {:<40} {:>22} {:>8} {:>9}",
                    truncate(&c.metric, 40),
                    difference_cell(c),
                    p_cell(c.difference.p),
                    p_cell(c.p_adjusted)
                )?;
            }
            write_findings(f, changes.iter().filter_map(|c| c.sentence.clone()), self.testing, "")?;
        }
        Ok(())
    }
}

/// Writes each finding as a line `    - finding`, or where there is none,
/// that no difference passes the level (`scope`, e.g. " at any strength",
/// says where none was looked for): the findings of `compare` and of
/// `compare --strengths` alike.
pub(crate) fn write_findings(
    f: &mut fmt::Formatter<'_>,
    findings: impl Iterator<Item = String>,
    testing: Testing,
    scope: &str,
) -> fmt::Result {
    let mut any = false;
    for finding in findings {
        writeln!(f, "    - {finding}")?;
        any = true;
    }
    if !any {
        writeln!(f, "    - no difference passes the {} level ({}){scope}.", testing.level, testing.correction.name())?;
    }
    Ok(())
}

/// A difference with its interval: in points for a rate, in its unit otherwise.
fn difference_cell(c: &MetricChange) -> String {
    difference_text(c.difference, c.rate)
}

/// A difference with its interval, `+1.2 [-0.3,+2.7]`: in points for a rate
/// (`rate`), in its unit otherwise, to [`decimals`] places.
pub(crate) fn difference_text(d: Difference, rate: bool) -> String {
    let k = if rate { 100.0 } else { 1.0 };
    let n = decimals(d, k);
    format!("{:+.n$} [{:+.n$},{:+.n$}]", k * d.value, k * d.low, k * d.high)
}

/// Decimals enough to show a difference (scaled by `k`) and its interval: one
/// for differences of a unit or more, up to four for small ones (a branching
/// factor or a share that moves by thousandths would otherwise read `+0.0`).
fn decimals(d: Difference, k: f64) -> usize {
    let size = (k * d.value).abs().max((k * (d.high - d.low)).abs() / 2.0);
    if size >= 1.0 || size == 0.0 || !size.is_finite() {
        1
    } else {
        (1.0 - size.log10().floor()).clamp(1.0, 4.0) as usize
    }
}

fn p_cell(p: f64) -> String {
    if p < 0.001 { "<0.001".into() } else { format!("{p:.3}") }
}

/// A rate and its confidence interval, in percent: `52.1 [48.0,56.2]`.
fn percent_interval(p: Proportion) -> String {
    format!("{:.1} [{:.1},{:.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high)
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { s.chars().take(n - 1).collect::<String>() + "…" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_of_zero_reads_as_no_change() {
        let game = tabula::shipped::game("classic/tic-tac-toe", &Default::default()).expect("compiles");
        let config = super::super::Config {
            agents: ["random".into(), "random".into()],
            games: 30,
            seed: 4,
            swap_sides: false,
            shard: None,
        };
        let run = super::super::run(&game, &config, &|_| {}).expect("runs");
        let same = compare(vec!["a".into(), "b".into()], &[run.clone(), run], Testing::default());
        for c in &same.changes[0] {
            assert_eq!(c.difference.value, 0.0, "{}", c.metric);
            assert!(c.description.contains(" not change"), "{}", c.description);
            for verb in
                ["rises", "falls", "grows", "shrinks", "longer", "shorter", "rarer", "more common", "better", "worse"]
            {
                assert!(!c.description.contains(verb), "{}", c.description);
            }
        }
    }

    #[test]
    fn small_differences_get_the_decimals_to_show_them() {
        let d = |value: f64, low: f64, high: f64| Difference { value, low, high, p: 0.5 };
        assert_eq!(decimals(d(-9.6, -12.3, -6.9), 1.0), 1);
        assert_eq!(decimals(d(0.0, 0.0, 0.0), 1.0), 1);
        assert_eq!(decimals(d(-0.11, -0.12, -0.10), 1.0), 2);
        assert_eq!(decimals(d(0.004, 0.002, 0.006), 1.0), 4);
        // A rate in points: 0.19 is 19 points.
        assert_eq!(decimals(d(0.19, 0.10, 0.28), 100.0), 1);
        assert_eq!(decimals(d(1e-9, -1e-9, 3e-9), 1.0), 4);
    }
}
