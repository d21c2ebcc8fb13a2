//! A/A runs: the same variant compared with itself under different seeds,
//! so every difference a comparison reports is a false finding. With the
//! tests of a comparison adjusted together (Holm, the default), the share of
//! A/A comparisons that print any "significant" line stays within 5% plus
//! its binomial margin, for two variants and for an eight-value sweep.
//!
//! The default run (Tic-Tac-Toe, random agents, 200 comparisons of 200
//! games per variant) takes a few seconds. Larger runs, on any ruleset:
//!
//! ```sh
//! TABULA_AA_RULESET=seega TABULA_AA_RUNS=400 TABULA_AA_GAMES=300 \
//!     cargo test -p tabula-tests --test multiplicity -- --nocapture
//! ```

use rayon::prelude::*;
use tabula::Game;
use tabula_analysis::{Config, Correction, Results, Testing, compare, run};
use tabula_tests::{shipped_game, workspace};

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

struct Setting {
    game: Game,
    ruleset: String,
    agents: [String; 2],
    runs: u32,
    games: u32,
}

fn setting() -> Setting {
    let ruleset = env_or("TABULA_AA_RULESET", "classic/tic-tac-toe".to_string());
    let agents = env_or("TABULA_AA_AGENTS", "random,random".to_string());
    let (a, b) = agents.split_once(',').expect("TABULA_AA_AGENTS is A,B");
    Setting {
        game: shipped_game(&ruleset),
        ruleset,
        agents: [a.into(), b.into()],
        runs: env_or("TABULA_AA_RUNS", 200),
        games: env_or("TABULA_AA_GAMES", 200),
    }
}

/// The seed of variant `v` of A/A comparison `r`: a distinct stream for each.
fn seed(r: u32, v: usize) -> u64 {
    (u64::from(r) * 64 + v as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// For each comparison of `variants` copies of the same game, played under
/// their own seeds: the runs of each copy.
fn aa_runs(s: &Setting, variants: usize) -> Vec<Vec<Results>> {
    (0..s.runs)
        .into_par_iter()
        .map(|r| {
            (0..variants)
                .map(|v| {
                    let config = Config {
                        agents: s.agents.clone(),
                        games: s.games,
                        seed: seed(r, v),
                        swap_sides: false,
                        shard: None,
                    };
                    run(&s.game, &config, &|_| {}).expect("runs")
                })
                .collect()
        })
        .collect()
}

/// How many of the comparisons print any "significant" line under `correction`.
fn with_findings(comparisons: &[Vec<Results>], correction: Correction) -> u32 {
    let testing = Testing { correction, level: 0.05 };
    let mut count = 0;
    for runs in comparisons {
        let labels = (0..runs.len()).map(|v| format!("copy {v}")).collect();
        let c = compare(labels, runs, testing);
        assert!(!c.paired, "copies on their own seeds are independent samples");
        // The word is printed exactly when a difference is found.
        assert_eq!(c.to_string().contains("significant"), c.any_significant(), "{c}");
        count += u32::from(c.any_significant());
    }
    count
}

/// The most findings out of `n` comparisons that 5% allows: 5% plus the
/// one-sided 95% binomial margin, 1.645 standard errors.
fn allowed(n: u32) -> u32 {
    let n = f64::from(n);
    (n * (0.05 + 1.645 * (0.05 * 0.95 / n).sqrt())).floor() as u32
}

fn check(variants: usize) {
    let s = setting();
    let comparisons = aa_runs(&s, variants);
    let [holm, bh, none] =
        [Correction::Holm, Correction::BenjaminiHochberg, Correction::None].map(|c| with_findings(&comparisons, c));
    let share = |k: u32| 100.0 * f64::from(k) / f64::from(s.runs);
    let line = format!(
        "A/A, {} ({} vs {}), {} comparisons of {variants} variants x {} games: any \"significant\" line in \
         {:.1}% with Holm, {:.1}% with Benjamini-Hochberg, {:.1}% unadjusted (allowed: {:.1}%)",
        s.ruleset,
        s.agents[0],
        s.agents[1],
        s.runs,
        s.games,
        share(holm),
        share(bh),
        share(none),
        share(allowed(s.runs))
    );
    println!("{line}");
    // docs/analysis.md shows what the test prints in its own setting: checked, so it cannot go stale.
    if std::env::vars().all(|(name, _)| !name.starts_with("TABULA_AA_")) {
        let page = std::fs::read_to_string(workspace().join("docs/analysis.md")).expect("docs/analysis.md");
        assert!(page.lines().any(|l| l == line), "docs/analysis.md does not show what the test prints:\n{line}");
    }
    assert!(holm <= allowed(s.runs), "Holm: {holm} of {} A/A comparisons found a difference", s.runs);
    // Under A/A every finding is false, so the false discovery rate is the
    // chance of any finding: Benjamini-Hochberg keeps it too.
    assert!(bh <= allowed(s.runs), "Benjamini-Hochberg: {bh} of {} A/A comparisons found a difference", s.runs);
    // Without adjustment the simulation sees the excess it guards against.
    assert!(none > allowed(s.runs), "unadjusted: only {none} of {} A/A comparisons found a difference", s.runs);
}

#[test]
fn a_two_variant_aa_comparison_finds_a_difference_in_at_most_5_percent_of_runs() {
    check(2);
}

#[test]
fn an_eight_value_aa_sweep_finds_a_difference_in_at_most_5_percent_of_runs() {
    check(8);
}
