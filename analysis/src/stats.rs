//! The statistics behind the reports: intervals and tests, written out so
//! that each is checked here against known values.

/// A proportion with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Proportion {
    pub count: u32,
    pub of: u32,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

pub fn proportion(count: u32, of: u32) -> Proportion {
    if of == 0 {
        return Proportion { count, of, rate: 0.0, low: 0.0, high: 1.0 };
    }
    let n = f64::from(of);
    let p = f64::from(count) / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    Proportion { count, of, rate: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
}

/// A mean with its 95% interval (normal approximation), and the spread of the values.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    pub low: f64,
    pub high: f64,
    pub median: f64,
    pub p90: f64,
    pub max: f64,
}

pub fn summary(values: &[f64]) -> Summary {
    let n = values.len();
    if n == 0 {
        return Summary { n, mean: 0.0, low: 0.0, high: 0.0, median: 0.0, p90: 0.0, max: 0.0 };
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let var = if n > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
    let half = Z95 * (var / n as f64).sqrt();
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    Summary {
        n,
        mean,
        low: mean - half,
        high: mean + half,
        median: quantile(&sorted, 0.5),
        p90: quantile(&sorted, 0.9),
        max: sorted[n - 1],
    }
}

/// The q-quantile of sorted values, interpolating between neighbours.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

/// The standard normal distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz and Stegun 7.1.26; error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

/// The standard normal quantile: the x with `normal_cdf(x) = p` (by bisection,
/// as exact as `normal_cdf`).
pub fn normal_quantile(p: f64) -> f64 {
    let (mut lo, mut hi) = (-40.0, 40.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if normal_cdf(mid) < p { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

/// Games needed (per variant) for a two-sided test at `level` to detect a
/// difference `delta` with probability `power`, when one game adds `sd` of
/// spread to the estimate of the difference (its standard error times the
/// square root of the games): n = ((z(1 - level/2) + z(power)) sd / delta)^2.
/// For independent samples sd^2 is the sum of the two variances per game;
/// for paired games it is the variance of the per-game differences, which is
/// why pairing needs fewer games when the variants' games are alike.
pub fn games_needed(sd: f64, delta: f64, level: f64, power: f64) -> f64 {
    let z = normal_quantile(1.0 - level / 2.0) + normal_quantile(power);
    (z * sd / delta).powi(2)
}

/// A difference between two variants, with its interval and the p-value of a test.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Difference {
    pub value: f64,
    pub low: f64,
    pub high: f64,
    pub p: f64,
}

/// Two proportions: the difference b - a with a 95% (Wald) interval, and the
/// two-sided p-value of the pooled two-proportion z-test.
pub fn two_proportions(a: Proportion, b: Proportion) -> Difference {
    let (na, nb) = (f64::from(a.of.max(1)), f64::from(b.of.max(1)));
    let diff = b.rate - a.rate;
    let se = (a.rate * (1.0 - a.rate) / na + b.rate * (1.0 - b.rate) / nb).sqrt();
    let pooled = (f64::from(a.count) + f64::from(b.count)) / (na + nb);
    let se0 = (pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb)).sqrt();
    let p = if se0 > 0.0 { 2.0 * (1.0 - normal_cdf((diff / se0).abs())) } else { 1.0 };
    Difference { value: diff, low: diff - Z95 * se, high: diff + Z95 * se, p }
}

/// Two samples: the difference of means b - a with a 95% interval, and the
/// two-sided p-value of the Mann-Whitney U test (normal approximation with
/// the tie correction).
pub fn mann_whitney(a: &[f64], b: &[f64]) -> Difference {
    let (sa, sb) = (summary(a), summary(b));
    let diff = sb.mean - sa.mean;
    let var = |v: &[f64], m: f64| {
        if v.len() > 1 { v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (v.len() - 1) as f64 } else { 0.0 }
    };
    let se = (var(a, sa.mean) / a.len().max(1) as f64 + var(b, sb.mean) / b.len().max(1) as f64).sqrt();
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    if a.is_empty() || b.is_empty() {
        return Difference { value: diff, low: diff, high: diff, p: 1.0 };
    }
    // Ranks of the pooled values, ties sharing their mean rank.
    let mut all: Vec<(f64, bool)> = a.iter().map(|&x| (x, true)).chain(b.iter().map(|&x| (x, false))).collect();
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (mut rank_a, mut ties, mut i) = (0.0, 0.0, 0);
    while i < all.len() {
        let mut j = i;
        while j < all.len() && all[j].0 == all[i].0 {
            j += 1;
        }
        let t = (j - i) as f64;
        let rank = (i + j + 1) as f64 / 2.0;
        rank_a += all[i..j].iter().filter(|x| x.1).count() as f64 * rank;
        ties += t * t * t - t;
        i = j;
    }
    let u = rank_a - n1 * (n1 + 1.0) / 2.0;
    let mean_u = n1 * n2 / 2.0;
    let n = n1 + n2;
    let var_u = n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)).max(1.0));
    let p =
        if var_u > 0.0 { 2.0 * (1.0 - normal_cdf(((u - mean_u).abs() - 0.5).max(0.0) / var_u.sqrt())) } else { 1.0 };
    Difference { value: diff, low: diff - Z95 * se, high: diff + Z95 * se, p: p.min(1.0) }
}

/// The two-sided p-value of the exact binomial test of `k` successes in `n`
/// trials with success chance 1/2: twice the smaller tail, at most 1.
pub fn binomial_half_p(k: u32, n: u32) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let k = k.min(n - k);
    // P(X <= k) for X ~ Bin(n, 1/2), summed in logs: n may be large.
    let ln_half_n = f64::from(n) * 0.5f64.ln();
    let mut ln_choose = 0.0;
    let mut tail = 0.0;
    for i in 0..=k {
        if i > 0 {
            ln_choose += (f64::from(n - i + 1) / f64::from(i)).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

/// Paired proportions (the same games under two variants): the difference of
/// rates b - a with a 95% interval, and the exact McNemar test on the
/// discordant pairs. `pairs` holds for each game whether it counted under a
/// and under b.
pub fn mcnemar(pairs: &[(bool, bool)]) -> Difference {
    let n = pairs.len();
    if n == 0 {
        return Difference { value: 0.0, low: 0.0, high: 0.0, p: 1.0 };
    }
    let only_a = pairs.iter().filter(|&&(a, b)| a && !b).count() as f64;
    let only_b = pairs.iter().filter(|&&(a, b)| !a && b).count() as f64;
    let nf = n as f64;
    let diff = (only_b - only_a) / nf;
    // The variance of the difference of paired proportions (Agresti 10.1.1).
    let var = ((only_a + only_b) / nf - diff * diff) / nf;
    let half = Z95 * var.max(0.0).sqrt();
    let p = binomial_half_p(only_b as u32, (only_a + only_b) as u32);
    Difference { value: diff, low: diff - half, high: diff + half, p }
}

/// Paired values (the same games under two variants): the mean difference
/// b - a with a 95% interval, and the two-sided p-value of the Wilcoxon
/// signed-rank test (zero differences dropped, ties sharing their mean rank;
/// normal approximation with the tie and continuity corrections).
pub fn wilcoxon_signed_rank(a: &[f64], b: &[f64]) -> Difference {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y - x).collect();
    let s = summary(&d);
    let (value, low, high) = (s.mean, s.low, s.high);
    let (_, p) = signed_rank(&d);
    Difference { value, low, high, p }
}

/// The two-sided p-value of the signed-rank test of differences `d`, and the
/// statistic V (the sum of the ranks of the positive differences).
fn signed_rank(d: &[f64]) -> (f64, f64) {
    let mut nonzero: Vec<f64> = d.iter().copied().filter(|x| *x != 0.0).collect();
    let n = nonzero.len() as f64;
    if nonzero.is_empty() {
        return (0.0, 1.0);
    }
    nonzero.sort_by(|x, y| x.abs().total_cmp(&y.abs()));
    let (mut v, mut ties, mut i) = (0.0, 0.0, 0);
    while i < nonzero.len() {
        let mut j = i;
        while j < nonzero.len() && nonzero[j].abs() == nonzero[i].abs() {
            j += 1;
        }
        let t = (j - i) as f64;
        let rank = (i + j + 1) as f64 / 2.0;
        v += nonzero[i..j].iter().filter(|x| **x > 0.0).count() as f64 * rank;
        ties += t * t * t - t;
        i = j;
    }
    let mean = n * (n + 1.0) / 4.0;
    let var = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - ties / 48.0;
    let p = if var > 0.0 { 2.0 * (1.0 - normal_cdf(((v - mean).abs() - 0.5).max(0.0) / var.sqrt())) } else { 1.0 };
    (v, p.min(1.0))
}

/// How the p-values of a family of tests are adjusted for their number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Correction {
    /// Holm's step-down method: the chance of any false finding in the
    /// family (the family-wise error rate) stays below the level, whatever
    /// the dependence between the tests.
    #[default]
    Holm,
    /// Benjamini and Hochberg's step-up method: the expected share of false
    /// findings among the findings (the false discovery rate) stays below
    /// the level, for independent or positively dependent tests.
    BenjaminiHochberg,
    /// No adjustment: each test alone at the level.
    None,
}

impl Correction {
    pub fn parse(text: &str) -> Result<Correction, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "holm" => Ok(Correction::Holm),
            "bh" | "benjamini-hochberg" | "fdr" => Ok(Correction::BenjaminiHochberg),
            "none" => Ok(Correction::None),
            other => Err(format!("correction {other:?}: expected holm, bh or none")),
        }
    }

    /// The method's name, as a sentence uses it.
    pub fn name(self) -> &'static str {
        match self {
            Correction::Holm => "Holm",
            Correction::BenjaminiHochberg => "Benjamini-Hochberg",
            Correction::None => "no correction",
        }
    }

    /// What the method keeps below the level.
    pub fn controls(self) -> &'static str {
        match self {
            Correction::Holm => "family-wise error rate",
            Correction::BenjaminiHochberg => "false discovery rate",
            Correction::None => "error rate of each test alone",
        }
    }

    /// The adjusted p-values of a family, in the order given: a test is a
    /// finding at level `a` exactly when its adjusted p-value is below `a`.
    pub fn adjust(self, p: &[f64]) -> Vec<f64> {
        match self {
            Correction::Holm => holm(p),
            Correction::BenjaminiHochberg => benjamini_hochberg(p),
            Correction::None => p.to_vec(),
        }
    }
}

/// Indices of `p` from the smallest p-value up (ties in the order given).
fn ascending(p: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    order
}

/// Holm-adjusted p-values: the i-th smallest (from 1) is multiplied by
/// m - i + 1, then made non-decreasing in that order and capped at 1.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (i, &k) in ascending(p).iter().enumerate() {
        running = running.max(((m - i) as f64 * p[k]).min(1.0));
        adjusted[k] = running;
    }
    adjusted
}

/// Benjamini-Hochberg-adjusted p-values: the i-th smallest (from 1) is
/// multiplied by m / i, then made non-decreasing from the largest down.
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 1.0;
    for (i, &k) in ascending(p).iter().enumerate().rev() {
        running = running.min(m as f64 / (i + 1) as f64 * p[k]);
        adjusted[k] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn wilson_interval_matches_published_values() {
        // 8 of 10: Wilson 95% interval 0.490 .. 0.943.
        let p = proportion(8, 10);
        assert!(close(p.low, 0.4902, 1e-3) && close(p.high, 0.9433, 1e-3), "{p:?}");
        // All of 50: the interval still reaches below 1.
        let all = proportion(50, 50);
        assert!(close(all.low, 0.9287, 1e-3) && all.high == 1.0, "{all:?}");
    }

    #[test]
    fn normal_cdf_is_right() {
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(Z95), 0.975, 1e-6));
    }

    #[test]
    fn two_proportion_test() {
        // 60/100 vs 40/100: z = 2.83, p = 0.0047.
        let d = two_proportions(proportion(60, 100), proportion(40, 100));
        assert!(close(d.value, -0.2, 1e-12) && close(d.p, 0.0047, 2e-4), "{d:?}");
    }

    #[test]
    fn mann_whitney_test() {
        // Two clearly separated samples of 10: U = 0, exact p = 0.00018; normal approximation ~0.00018.
        let a: Vec<f64> = (1..=10).map(f64::from).collect();
        let b: Vec<f64> = (11..=20).map(f64::from).collect();
        let d = mann_whitney(&a, &b);
        assert!(d.p < 0.001 && close(d.value, 10.0, 1e-12), "{d:?}");
        let same = mann_whitney(&a, &a);
        assert!(same.p > 0.9, "{same:?}");
    }

    #[test]
    fn holm_on_the_textbook_example() {
        // Four tests at 0.05 (Holm 1979 as taught, e.g. Wikipedia's example):
        // 0.005 <= 0.05/4 and 0.01 <= 0.05/3 are rejected, 0.03 > 0.05/2 stops.
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!(close(*a, e, 1e-12), "{adjusted:?}");
        }
        assert_eq!(adjusted.iter().filter(|&&a| a < 0.05).count(), 2);
    }

    /// The 15 p-values of Benjamini and Hochberg (1995), section 4.
    const BH_1995: [f64; 15] = [
        0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590,
        1.000,
    ];

    #[test]
    fn benjamini_hochberg_on_the_published_example() {
        // The paper: at q = 0.05 the FDR procedure rejects four hypotheses,
        // the Bonferroni-type procedures (Holm among them) three.
        let bh = benjamini_hochberg(&BH_1995);
        assert_eq!(bh.iter().filter(|&&a| a <= 0.05).count(), 4, "{bh:?}");
        assert_eq!(holm(&BH_1995).iter().filter(|&&a| a <= 0.05).count(), 3);
        // The adjusted values (as R's p.adjust(p, "BH") gives them).
        let expected = [
            0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.063857, 0.063857, 0.0645, 0.0765, 0.486, 0.581182, 0.714875,
            0.753231, 0.813214, 1.0,
        ];
        for (a, e) in bh.iter().zip(expected) {
            assert!(close(*a, e, 1e-6), "{bh:?}");
        }
    }

    #[test]
    fn adjusted_p_values_keep_the_order_given_and_never_shrink() {
        let p = [0.2, 0.001, 0.7, 0.04, 0.04];
        for c in [Correction::Holm, Correction::BenjaminiHochberg, Correction::None] {
            let a = c.adjust(&p);
            assert!(a.iter().zip(p).all(|(a, p)| *a >= p && *a <= 1.0), "{c:?} {a:?}");
            // The order of the p-values is kept.
            assert!(a[1] <= a[3] && a[3] <= a[0] && a[0] <= a[2] && a[3] == a[4], "{c:?} {a:?}");
        }
        assert!(Correction::parse("BH").is_ok() && Correction::parse("bonferroni").is_err());
    }

    #[test]
    fn exact_binomial_and_mcnemar_tests() {
        // binom.test(1, 8): p = 0.07031 (R); binom.test(0, 5): p = 0.0625.
        assert!(close(binomial_half_p(1, 8), 0.0703125, 1e-9));
        assert!(close(binomial_half_p(7, 8), 0.0703125, 1e-9));
        assert!(close(binomial_half_p(0, 5), 0.0625, 1e-9));
        assert_eq!(binomial_half_p(4, 8), 1.0);
        // McNemar's own example (1947) as in Agresti, Categorical Data
        // Analysis, table 10.1: approval 794 both, 150 then not, 86 not then,
        // 570 neither; the exact test gives p = 3.8e-5 (chi-square 17.36 gives 3.1e-5).
        let mut pairs = vec![(true, true); 794];
        pairs.extend(vec![(true, false); 150]);
        pairs.extend(vec![(false, true); 86]);
        pairs.extend(vec![(false, false); 570]);
        let d = mcnemar(&pairs);
        assert!(close(d.value, -0.04, 1e-12), "{d:?}");
        // Agresti: the 95% interval of the difference is -0.06 to -0.02.
        assert!(close(d.low, -0.0588, 1e-3) && close(d.high, -0.0212, 1e-3), "{d:?}");
        assert!(d.p > 2e-5 && d.p < 6e-5, "{d:?}");
        // Concordant pairs alone: no evidence of a change.
        assert_eq!(mcnemar(&[(true, true), (false, false)]).p, 1.0);
    }

    #[test]
    fn wilcoxon_signed_rank_on_the_textbook_example() {
        // Hollander and Wolfe's depression scores (R's wilcox.test example):
        // V = 40; with the normal approximation and continuity correction the
        // one-sided p is 0.0221, two-sided 0.0442.
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        #[allow(clippy::approx_constant)] // 3.14 is a score, not pi.
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        let d: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a - b).collect();
        let (v, p) = signed_rank(&d);
        assert_eq!(v, 40.0);
        assert!(close(p, 0.0442, 5e-4), "{p}");
        // The same through the paired comparison (b - a: the sign flips, p does not).
        let w = wilcoxon_signed_rank(&x, &y);
        assert!(close(w.p, p, 1e-12) && w.value < 0.0, "{w:?}");
        assert_eq!(wilcoxon_signed_rank(&x, &x).p, 1.0);
    }

    #[test]
    fn power_and_games_needed() {
        // As exact as normal_cdf allows (its error 1.5e-7 over a density of 0.06).
        assert!(close(normal_quantile(0.975), Z95, 1e-5));
        assert!(close(normal_quantile(0.8), 0.841_621, 1e-5));
        // Two proportions 0.5 and 0.6, independent samples, 5% level, 80%
        // power: the textbook formula with unpooled variances gives 385 per group.
        let sd = (0.5f64 * 0.5 + 0.6 * 0.4).sqrt();
        assert!(close(games_needed(sd, 0.1, 0.05, 0.8), 384.6, 0.5));
    }

    #[test]
    fn quantiles() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&v, 0.5), 3.0);
        assert!(close(quantile(&v, 0.9), 4.6, 1e-12));
    }
}
