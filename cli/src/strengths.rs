//! `tabula compare --strengths S1,S2,...`: the comparison repeated at each
//! strength of play, every finding shown at every strength side by side, the
//! tests of all strengths adjusted as one family
//! (`tabula_analysis::strengths`).

use crate::analyze::{RunArgs, TestArgs, compare_csv, write, write_svg};
use std::path::Path;
use tabula::{Error, Game, IoError};
use tabula_analysis::plan::{PilotPlan, Target};
use tabula_analysis::strengths::{StrengthComparison, compare_strengths, strength_agents};
use tabula_analysis::{Comparison, Config, chart};
use tabula_files as files;

/// The most strengths one comparison plays.
const MAX_STRENGTHS: usize = 16;

/// The strengths as given (`mcts:100,mcts:1000`, `greedy/random`), each checked.
pub fn parse(text: &str) -> Result<Vec<String>, Error> {
    let strengths: Vec<String> = text.split(',').map(|s| s.trim().to_string()).collect();
    if strengths.len() > MAX_STRENGTHS {
        return Err(Error::Usage(format!("--strengths: at most {MAX_STRENGTHS} strengths, {} given", strengths.len())));
    }
    for (k, s) in strengths.iter().enumerate() {
        if s.is_empty() {
            return Err(Error::Usage(format!("--strengths {text:?}: an empty strength; give agents as S1,S2,...")));
        }
        if s.matches('/').count() > 1 {
            return Err(Error::Usage(format!(
                "--strengths: {s:?} names more than two agents: a strength is one agent for every seat (mcts:100) or A/B"
            )));
        }
        for agent in strength_agents(s) {
            tabula::agents::AgentSpec::parse(&agent).map_err(|e| Error::Usage(format!("--strengths: {e}")))?;
        }
        if strengths[..k].contains(s) {
            return Err(Error::Usage(format!("--strengths: {s} given twice")));
        }
    }
    Ok(strengths)
}

/// Plays every variant at every strength and prints the findings side by side.
pub fn compare(
    variants: &[(String, Game)],
    strengths: &[String],
    args: &RunArgs,
    tests: &TestArgs,
    factorial: bool,
) -> Result<(), Error> {
    let refuse = |what: &str| {
        Err(Error::Usage(format!(
            "--strengths repeats a comparison of variants at each strength, and does not take {what}"
        )))
    };
    if tests.sequential {
        return refuse("--sequential (compare at one strength, with --agents, for a sequential test)");
    }
    if tests.adaptive {
        return refuse("--adaptive");
    }
    if factorial {
        return refuse(
            "several --sweep options (a factorial sweep): sweep one option, or give the variants as rulesets",
        );
    }
    let testing = tests.testing()?;
    let mut configs = Vec::new();
    for games in args.games.each(strengths.len(), "strengths")? {
        configs.push(args.config_games(None, games)?);
    }
    let mut runs = Vec::new();
    for (strength, config) in strengths.iter().zip(&configs) {
        let mut at = Vec::new();
        for (k, (label, game)) in variants.iter().enumerate() {
            let seed = if tests.independent { config.seed.wrapping_add(k as u64) } else { config.seed };
            let c = Config { seed, agents: strength_agents(strength), ..config.clone() };
            at.push(args.play(game, &c, &format!("{label} at {strength}"))?);
        }
        runs.push(at);
    }
    let labels: Vec<String> = variants.iter().map(|(l, _)| l.clone()).collect();
    let comparison = compare_strengths(labels.clone(), strengths.to_vec(), &runs, testing);
    if let Some(path) = &args.plot {
        let title = format!("{}: {} at {} strengths", runs[0][0].title, labels.join(" / "), strengths.len());
        write_svg(path, chart::svg(&title, &comparison.charts()), args.force)?;
    }
    if let Some(path) = &args.csv {
        write(path, &csv(&labels, strengths, &runs), args.force)?;
    }
    if let Some(path) = &args.json {
        write(path, &serde_json::to_string_pretty(&comparison).map_err(IoError::new)?, args.force)?;
    }
    if args.text_to_stdout(None) {
        say!("{comparison}");
    }
    Ok(())
}

/// One line per game of every variant at every strength: the variant's
/// label first, as in `compare --csv`, then the strength.
fn csv(labels: &[String], strengths: &[String], runs: &[Vec<tabula_analysis::Results>]) -> String {
    let mut out = String::new();
    for (k, (strength, at)) in strengths.iter().zip(runs).enumerate() {
        let table = compare_csv(labels, at);
        let mut lines = table.lines();
        let header = lines.next().unwrap_or_default();
        if k == 0 {
            out.push_str(&header.replacen("variant,", "variant,strength,", 1));
            out.push('\n');
        }
        let strength = format!("\"{}\"", strength.replace('"', "\"\""));
        for line in lines {
            // The label is quoted, and a quote inside it doubled.
            let (label, rest) = first_field(line).unwrap_or((line, ""));
            out.push_str(&format!("{label},{strength},{rest}\n"));
        }
    }
    out
}

/// The first field of a CSV line whose first field is quoted, and the rest.
fn first_field(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            if bytes.get(i + 1) == Some(&b'"') {
                i += 2;
                continue;
            }
            return Some((&line[..=i], line.get(i + 2..).unwrap_or("")));
        }
        i += 1;
    }
    None
}

/// The pilot `tabula plan --from FILE` reads: a comparison (`compare
/// --json`), or a comparison at several strengths (`compare --strengths --json`).
pub enum Pilot {
    One(Comparison),
    Strengths(StrengthComparison),
}

impl Pilot {
    /// Reads either kind of pilot; a file whose comparisons do not hold one
    /// list of changes per variant after the first is refused, not indexed.
    pub fn read(file: &str) -> Result<Pilot, Error> {
        let text = files::read_text(Path::new(file))?;
        // A comparison at several strengths holds its strengths' comparisons.
        let value: Option<serde_json::Value> = serde_json::from_str(&text).ok();
        let pilot = if value.is_some_and(|v| v.get("comparisons").is_some()) {
            let pilot: StrengthComparison = serde_json::from_str(&text).map_err(|e| {
                IoError::at_path(
                    file,
                    format!(
                        "not a comparison at several strengths written by `tabula compare --strengths --json`: {e}"
                    ),
                )
            })?;
            if pilot.comparisons.len() != pilot.strengths.len() {
                return Err(Error::Io(IoError::at_path(
                    file,
                    format!(
                        "`comparisons` holds {} comparisons: expected one per strength ({})",
                        pilot.comparisons.len(),
                        pilot.strengths.len()
                    ),
                )));
            }
            Pilot::Strengths(pilot)
        } else {
            Pilot::One(serde_json::from_str(&text).map_err(|e| {
                IoError::at_path(file, format!("not a comparison written by `tabula compare --json`: {e}"))
            })?)
        };
        for c in pilot.comparisons() {
            if c.changes.len() + 1 != c.labels.len() {
                return Err(Error::Io(IoError::at_path(
                    file,
                    format!(
                        "`changes` holds {} variants' changes: expected one per variant after the first ({})",
                        c.changes.len(),
                        c.labels.len().saturating_sub(1)
                    ),
                )));
            }
        }
        Ok(pilot)
    }

    fn comparisons(&self) -> Vec<&Comparison> {
        match self {
            Pilot::One(c) => vec![c],
            Pilot::Strengths(s) => s.comparisons.iter().collect(),
        }
    }

    /// The size of the pilot's family of tests (at every strength).
    pub fn tests(&self) -> usize {
        match self {
            Pilot::One(c) => c.tests,
            Pilot::Strengths(s) => s.tests,
        }
    }

    /// Whether the variants were played on the same seeds.
    pub fn paired(&self) -> bool {
        self.comparisons().iter().all(|c| c.paired)
    }

    /// The games each metric needs, at each strength where there are several.
    pub fn plans(&self, target: &Target) -> Vec<PilotPlan> {
        match self {
            Pilot::One(c) => target.from_pilot(c),
            Pilot::Strengths(s) => target.from_strengths(s),
        }
    }
}
