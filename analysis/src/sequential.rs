//! Stopping a paired comparison as soon as it is decided: Wald's sequential
//! probability ratio test (SPRT), as chess-engine testing uses it, on the
//! games the two variants decide differently.
//!
//! Variants played on the same seeds give pairs of games. Where both games of
//! a pair end the same way for the rate under test (player 1 won both, or
//! neither), the pair says nothing about a difference; of the others (the
//! discordant pairs, as in McNemar's test), the share the variant wins is 1/2
//! when the rule change does not matter. Two one-sided SPRTs, each at half
//! the stated error rate, test that share against `effect` and against
//! 1 − `effect`: the comparison stops when both are decided, or when the
//! games run out. Wald's bounds hold the error rates at about alpha and beta
//! or below (the overshoot of the last batch only makes the test stricter).

/// Two one-sided SPRTs on the share of discordant pairs the variant wins.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Sprt {
    /// The share under the alternative (above 1/2): the variant wins this
    /// share of the pairs the two variants decide differently.
    pub effect: f64,
    /// The chance of calling a difference where there is none (both sides together).
    pub alpha: f64,
    /// The chance of missing a difference of `effect`.
    pub beta: f64,
}

/// Where a sequential comparison stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Decision {
    /// Not decided yet: play more games.
    Continue,
    /// The variant raises the rate (by at least the effect's size, or more likely than not).
    Higher,
    /// The variant lowers the rate.
    Lower,
    /// No difference as large as the effect.
    NoDifference,
}

impl Sprt {
    /// Checks the parameters: an effect between 1/2 and 1, error rates between 0 and 1/2.
    pub fn new(effect: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(effect > 0.5 && effect < 1.0) {
            return Err(format!("effect {effect}: expected a share above 0.5 and below 1"));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(format!("alpha {alpha}, beta {beta}: expected error rates above 0 and below 0.5"));
        }
        Ok(Sprt { effect, alpha, beta })
    }

    /// Wald's bounds on the log-likelihood ratio of one side (at alpha / 2):
    /// at or below the lower, accept "no difference"; at or above the upper, a difference.
    pub fn bounds(&self) -> (f64, f64) {
        let a = self.alpha / 2.0;
        ((self.beta / (1.0 - a)).ln(), ((1.0 - self.beta) / a).ln())
    }

    /// The log-likelihood ratio of "the variant wins `share` of the
    /// discordant pairs" against "half of them", after it won `wins` of them
    /// and lost `losses`.
    fn llr(share: f64, wins: u32, losses: u32) -> f64 {
        f64::from(wins) * (2.0 * share).ln() + f64::from(losses) * (2.0 * (1.0 - share)).ln()
    }

    /// The log-likelihood ratios of the two sides: the variant higher, lower.
    pub fn ratios(&self, wins: u32, losses: u32) -> (f64, f64) {
        (Sprt::llr(self.effect, wins, losses), Sprt::llr(self.effect, losses, wins))
    }

    /// Looks at the discordant pairs so far (the variant won `wins`, lost
    /// `losses`) and returns the decision. `sides` keeps what each one-sided
    /// test (variant higher, lower) has decided: `Some(true)` a difference,
    /// `Some(false)` none; a side that has decided stays decided, as Wald's
    /// error rates assume. Start with `[None, None]`.
    pub fn look(&self, sides: &mut [Option<bool>; 2], wins: u32, losses: u32) -> Decision {
        let (low, high) = self.bounds();
        let (up, down) = self.ratios(wins, losses);
        for (side, llr) in sides.iter_mut().zip([up, down]) {
            if side.is_none() {
                *side = if llr >= high {
                    Some(true)
                } else if llr <= low {
                    Some(false)
                } else {
                    None
                };
            }
        }
        match *sides {
            [Some(true), _] => Decision::Higher,
            [_, Some(true)] => Decision::Lower,
            [Some(false), Some(false)] => Decision::NoDifference,
            _ => Decision::Continue,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays discordant pairs the variant wins with probability `p` until the
    /// test decides (at most `most` pairs): the decision.
    fn run(sprt: &Sprt, p: f64, most: u32, rng: &mut ChaCha8Rng) -> Decision {
        let (mut wins, mut losses, mut sides) = (0, 0, [None, None]);
        for _ in 0..most {
            if rng.random_bool(p) {
                wins += 1;
            } else {
                losses += 1;
            }
            match sprt.look(&mut sides, wins, losses) {
                Decision::Continue => {}
                d => return d,
            }
        }
        Decision::Continue
    }

    #[test]
    fn wald_bounds() {
        // alpha 0.05 (0.025 a side), beta 0.2: ln(0.2 / 0.975) = -1.584, ln(0.8 / 0.025) = 3.466.
        let (low, high) = Sprt::new(0.6, 0.05, 0.2).expect("valid").bounds();
        assert!((low + 1.584).abs() < 1e-3 && (high - 3.466).abs() < 1e-3, "{low} {high}");
        assert!(Sprt::new(0.5, 0.05, 0.2).is_err() && Sprt::new(0.6, 0.0, 0.2).is_err());
    }

    #[test]
    fn the_stated_error_rates_hold_in_simulation() {
        let sprt = Sprt::new(0.6, 0.05, 0.2).expect("valid");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let runs = 2000;
        // No difference: a difference is called in at most alpha of the runs
        // (plus three binomial standard errors, 0.015).
        let false_alarms =
            (0..runs).filter(|_| matches!(run(&sprt, 0.5, 5000, &mut rng), Decision::Higher | Decision::Lower)).count();
        assert!((false_alarms as f64 / f64::from(runs)) <= 0.05 + 0.015, "{false_alarms} of {runs}");
        // A difference of the effect's size: found (in its direction) in at least 1 - beta.
        let higher = (0..runs).filter(|_| run(&sprt, 0.6, 5000, &mut rng) == Decision::Higher).count();
        assert!((higher as f64 / f64::from(runs)) >= 0.8 - 0.027, "{higher} of {runs}");
        let lower = (0..runs).filter(|_| run(&sprt, 0.4, 5000, &mut rng) == Decision::Lower).count();
        assert!((lower as f64 / f64::from(runs)) >= 0.8 - 0.027, "{lower} of {runs}");
        eprintln!("of {runs} runs: {false_alarms} false alarms; found {higher} (higher), {lower} (lower)");
    }
}
