//! How many games a comparison needs: before it (`tabula plan`), from the
//! size of the difference a user wants to be able to see, and after a pilot
//! comparison, from the spread each metric showed there.
//!
//! Every figure is per variant, for a two-sided test, and plans for the whole
//! family of tests the comparison will print: with m tests the level is
//! level / m, the threshold Holm's correction gives the smallest p-value (and
//! the most Benjamini–Hochberg can ask of a single finding), so the plan holds
//! whichever correction is used.

use super::compare::Comparison;
use super::stats::games_needed;
use super::strengths::StrengthComparison;

/// What the plan is for: the level over the family, its size, and the power.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Target {
    /// The error rate over the family of tests (0.05).
    pub level: f64,
    /// How many tests the comparison prints (`metrics_per_variant` for each variant against the base).
    pub tests: usize,
    /// The chance of finding the difference where it is (0.8).
    pub power: f64,
}

impl Target {
    /// The level one test is held to: the family's level shared out.
    pub fn per_test_level(&self) -> f64 {
        self.level / self.tests.max(1) as f64
    }

    /// Games per variant to detect `difference` where one game adds `spread`.
    pub fn games(&self, spread: f64, difference: f64) -> u64 {
        if difference == 0.0 || !difference.is_finite() || !spread.is_finite() {
            return u64::MAX;
        }
        games_needed(spread, difference.abs(), self.per_test_level(), self.power).ceil().max(1.0) as u64
    }

    /// Games per variant to tell a win rate of `base` from `base + difference`
    /// with variants played on their own seeds (the variances of the two rates
    /// add up). A paired design needs fewer; [`Target::from_pilot`] says how many.
    pub fn games_for_rates(&self, base: f64, difference: f64) -> u64 {
        let other = base + difference;
        let spread = (base * (1.0 - base) + other * (1.0 - other)).sqrt();
        self.games(spread, difference)
    }

    /// For each metric of each variant of a pilot comparison: the games needed
    /// to detect the difference it showed (or `difference` where one is given
    /// for the rates), from the spread per game the pilot measured, in the
    /// pilot's own design (paired or not).
    pub fn from_pilot(&self, pilot: &Comparison) -> Vec<PilotPlan> {
        let mut plans = Vec::new();
        for (k, changes) in pilot.changes.iter().enumerate() {
            for c in changes {
                plans.push(PilotPlan {
                    variant: pilot.labels[k + 1].clone(),
                    metric: c.metric.clone(),
                    difference: c.difference.value,
                    rate: c.rate,
                    spread: c.spread,
                    games: self.games(c.spread, c.difference.value),
                    strength: None,
                });
            }
        }
        plans
    }

    /// [`Target::from_pilot`] at each strength of a pilot played at several
    /// (`compare --strengths --json`): each strength's comparison with its own
    /// spreads, each plan naming its strength.
    pub fn from_strengths(&self, pilot: &StrengthComparison) -> Vec<PilotPlan> {
        let mut plans = Vec::new();
        for (strength, comparison) in pilot.strengths.iter().zip(&pilot.comparisons) {
            plans.extend(
                self.from_pilot(comparison).into_iter().map(|p| PilotPlan { strength: Some(strength.clone()), ..p }),
            );
        }
        plans
    }
}

/// The games one metric needs, from a pilot comparison.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PilotPlan {
    pub variant: String,
    pub metric: String,
    /// The difference the pilot showed (in points for a rate).
    pub difference: f64,
    pub rate: bool,
    pub spread: f64,
    /// Games per variant; `u64::MAX` where the pilot showed no difference.
    pub games: u64,
    /// The strength it was played at, in a pilot of `compare --strengths`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_textbook_sample_size() {
        // Two proportions 0.5 and 0.6, 5% two-sided, 80% power: the normal
        // formula with unpooled variances (Chow, Shao and Wang, Sample Size
        // Calculations in Clinical Research, section 4.2) gives 384.6, so 385 per group.
        let one = Target { level: 0.05, tests: 1, power: 0.8 };
        assert_eq!(one.games_for_rates(0.5, 0.1), 385);
        // Two means with sd 1 in each group (one game of each adds a spread of
        // sqrt 2 to the difference), difference 0.5 (Cohen's d = 0.5): 62.8, so 63.
        assert_eq!(one.games(2f64.sqrt(), 0.5), 63);
    }

    #[test]
    fn a_family_of_tests_needs_more_games() {
        let one = Target { level: 0.05, tests: 1, power: 0.8 };
        let ten = Target { tests: 10, ..one };
        assert!((ten.per_test_level() - 0.005).abs() < 1e-12);
        // z(0.9975) = 2.807 against z(0.975) = 1.960: ((2.807 + 0.842) / (1.960 + 0.842))^2 = 1.70.
        let ratio = ten.games_for_rates(0.5, 0.1) as f64 / one.games_for_rates(0.5, 0.1) as f64;
        assert!((ratio - 1.70).abs() < 0.01, "{ratio}");
        assert_eq!(one.games(1.0, 0.0), u64::MAX, "no difference: no number of games finds it");
    }
}
