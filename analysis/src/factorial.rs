//! A sweep of several options at once (every combination of their values: a
//! full factorial design): the variants ranked by a criterion, and the main
//! effect of each option, that is how each metric moves with its value,
//! averaged over the values of the others.
//!
//! The intervals of a main effect pool the games of every variant at that
//! value and treat them as independent. Variants played on the same seeds
//! (the default) are positively correlated, so these intervals are, if
//! anything, too wide: conservative.

use super::stats::{Proportion, proportion};
use super::{Report, Results};
use std::fmt;

/// An option a sweep varies, with its values.
pub type Factor = (String, Vec<String>);

/// What the ranking puts first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Criterion {
    /// The seats closest to equal (Ludii's balance: 1 is perfectly balanced).
    Balance,
    /// The fewest games ended by the turn limit.
    Limit,
}

impl Criterion {
    pub fn parse(text: &str) -> Result<Criterion, String> {
        match text {
            "balance" => Ok(Criterion::Balance),
            "limit" => Ok(Criterion::Limit),
            _ => Err(format!("rank {text:?}: expected balance or limit")),
        }
    }
}

/// One variant of the sweep, with what the ranking shows of it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Ranked {
    pub label: String,
    /// The games it played (all alike, but in an adaptive sweep).
    pub games: u32,
    pub balance: f64,
    pub player1: Proportion,
    pub limit: Proportion,
    pub plies: f64,
}

/// An option's value, with its variants' games pooled.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Level {
    pub value: String,
    pub player1: Proportion,
    pub limit: Proportion,
    pub plies: f64,
}

/// How the metrics move with one option's value.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MainEffect {
    pub option: String,
    pub levels: Vec<Level>,
    /// The largest difference between two values in player 1's win rate, in points.
    pub player1_range: f64,
    /// The same for the share of games ended by the turn limit.
    pub limit_range: f64,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Factorial {
    pub criterion: Criterion,
    /// The variants played different numbers of games (successive halving):
    /// the ranking puts those that went furthest first, and there are no
    /// main effects (pooled games of unequal numbers would weigh them unequally).
    pub adaptive: bool,
    /// Best first.
    pub ranking: Vec<Ranked>,
    /// The option that moves player 1's win rate most first.
    pub effects: Vec<MainEffect>,
}

/// The variants of a full factorial sweep, played in the order of
/// [`combinations`] and labelled, ranked and broken down by option.
pub fn factorial(factors: &[Factor], labels: &[String], runs: &[Results], criterion: Criterion) -> Factorial {
    let reports: Vec<Report> = runs.iter().map(Report::new).collect();
    let mut ranking: Vec<Ranked> = labels
        .iter()
        .zip(&reports)
        .map(|(label, r)| Ranked {
            label: label.clone(),
            games: r.games,
            balance: r.balance,
            player1: r.player_wins[0],
            limit: r.timeouts,
            plies: r.plies.mean,
        })
        .collect();
    let key = |r: &Ranked| match criterion {
        Criterion::Balance => -r.balance,
        Criterion::Limit => r.limit.rate,
    };
    ranking.sort_by(|a, b| b.games.cmp(&a.games).then(key(a).total_cmp(&key(b))));
    let values = combinations(factors);
    let mut effects: Vec<MainEffect> = factors
        .iter()
        .enumerate()
        .map(|(k, (option, levels))| {
            let levels: Vec<Level> = levels
                .iter()
                .map(|value| {
                    let at: Vec<&Results> =
                        runs.iter().zip(&values).filter(|(_, v)| &v[k] == value).map(|(r, _)| r).collect();
                    pooled(value, &at)
                })
                .collect();
            let range = |f: fn(&Level) -> f64| {
                let (lo, hi) = levels.iter().map(f).fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
                100.0 * (hi - lo)
            };
            MainEffect {
                option: option.clone(),
                player1_range: range(|l| l.player1.rate),
                limit_range: range(|l| l.limit.rate),
                levels,
            }
        })
        .collect();
    effects.sort_by(|a, b| b.player1_range.total_cmp(&a.player1_range));
    Factorial { criterion, adaptive: false, ranking, effects }
}

impl Factorial {
    /// The same sweep played adaptively: no main effects.
    pub fn adaptive(self) -> Factorial {
        Factorial { adaptive: true, effects: Vec::new(), ..self }
    }
}

/// The criterion's value for a variant: lower is better.
pub fn criterion_key(criterion: Criterion, r: &Report) -> f64 {
    match criterion {
        Criterion::Balance => -r.balance,
        Criterion::Limit => r.timeouts.rate,
    }
}

/// Successive halving's games per variant after each round, for `variants`
/// variants and `budget` games for the last left: as many rounds as halving
/// takes to leave one, each doubling the games, the last at `budget` (the
/// first at least 20 games, so that a round's ranking means something).
pub fn halving_schedule(variants: usize, budget: u32) -> Vec<u32> {
    let rounds = (variants.max(1) as f64).log2().ceil() as u32 + 1;
    let mut schedule: Vec<u32> =
        (0..rounds).map(|r| budget >> (rounds - 1 - r)).filter(|&n| n >= 20.min(budget)).collect();
    schedule.dedup();
    if schedule.last() != Some(&budget) {
        schedule.push(budget);
    }
    schedule
}

/// Every combination of the factors' values, the last factor changing fastest.
pub fn combinations(factors: &[Factor]) -> Vec<Vec<String>> {
    factors.iter().fold(vec![Vec::new()], |acc, (_, values)| {
        acc.iter()
            .flat_map(|prefix| {
                values.iter().map(move |v| {
                    let mut next = prefix.clone();
                    next.push(v.clone());
                    next
                })
            })
            .collect()
    })
}

/// The games of several variants as one sample.
fn pooled(value: &str, runs: &[&Results]) -> Level {
    let games = runs.iter().flat_map(|r| &r.games);
    let (mut n, mut first, mut limit, mut plies) = (0u32, 0u32, 0u32, 0u64);
    for g in games {
        n += 1;
        first += u32::from(g.winner == Some(0));
        limit += u32::from(g.by_limit);
        plies += u64::from(g.plies);
    }
    Level {
        value: value.to_string(),
        player1: proportion(first, n),
        limit: proportion(limit, n),
        plies: plies as f64 / f64::from(n.max(1)),
    }
}

impl Factorial {
    /// The ranking as a picture (SVG): one row per variant, best first, its
    /// player 1 win rate as a dot with its 95% interval against the line of
    /// equal seats, and its turn-limit share beside it.
    pub fn ranking_svg(&self, title: &str, players: usize) -> String {
        use super::chart::escape;
        let rows = self.ranking.len() as f64;
        let (label_w, plot_w, row_h, top) = (360.0, 300.0, 24.0, 70.0);
        let (x0, limit_x) = (label_w + 20.0, label_w + 20.0 + plot_w + 40.0);
        let (width, height) = (limit_x + 160.0, top + row_h * rows + 50.0);
        let sx = |rate: f64| x0 + rate * plot_w;
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
             font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
             <text x=\"20\" y=\"26\" font-size=\"18\" font-weight=\"bold\">{}</text>\n\
             <text x=\"{x0}\" y=\"56\" font-size=\"12\">player 1 wins, with 95% intervals</text>\n\
             <text x=\"{limit_x}\" y=\"56\" font-size=\"12\">ended by the turn limit</text>\n",
            escape(title)
        );
        let bottom = top + row_h * rows;
        for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let x = sx(tick);
            out.push_str(&format!(
                "<line x1=\"{x:.1}\" y1=\"{top}\" x2=\"{x:.1}\" y2=\"{bottom}\" stroke=\"#ddd\"/>\n\
                 <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{:.0}%</text>\n",
                bottom + 16.0,
                100.0 * tick
            ));
        }
        let fair = sx(1.0 / players.max(1) as f64);
        out.push_str(&format!(
            "<line x1=\"{fair:.1}\" y1=\"{top}\" x2=\"{fair:.1}\" y2=\"{bottom}\" stroke=\"#c33\" stroke-dasharray=\"4 3\"/>\n\
             <text x=\"{fair:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#c33\">equal seats</text>\n",
            bottom + 32.0
        ));
        for (i, r) in self.ranking.iter().enumerate() {
            let y = top + row_h * (i as f64 + 0.5);
            out.push_str(&format!(
                "<text x=\"{label_w}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{}. {}</text>\n\
                 <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#222\" stroke-width=\"1.5\"/>\n\
                 <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"rgb(31,119,180)\"/>\n\
                 <text x=\"{limit_x}\" y=\"{:.1}\" font-size=\"12\">{:.1}% [{:.1}, {:.1}]</text>\n",
                y + 4.0,
                i + 1,
                escape(&r.label),
                sx(r.player1.low),
                sx(r.player1.high),
                sx(r.player1.rate),
                y + 4.0,
                100.0 * r.limit.rate,
                100.0 * r.limit.low,
                100.0 * r.limit.high
            ));
        }
        out.push_str("</svg>\n");
        out
    }
}

impl fmt::Display for Factorial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = match self.criterion {
            Criterion::Balance => "balance (1: the seats win equally often)",
            Criterion::Limit => "fewest games ended by the turn limit",
        };
        writeln!(f, "Ranked by {by}, best first (95% intervals for each variant alone):")?;
        if self.adaptive {
            writeln!(
                f,
                "  (successive halving: a variant dropped in an early round played fewer games; those that went furthest come first)"
            )?;
        }
        let w = self.ranking.iter().map(|r| r.label.chars().count()).max().unwrap_or(7).max(7);
        writeln!(
            f,
            "  {:>4}  {:<w$} {:>6} {:>8}  {:>22}  {:>22}  {:>8}",
            "rank", "variant", "games", "balance", "player 1 wins %", "turn limit %", "plies"
        )?;
        let pct = |p: &Proportion| format!("{:.1} [{:.1},{:.1}]", 100.0 * p.rate, 100.0 * p.low, 100.0 * p.high);
        for (i, r) in self.ranking.iter().enumerate() {
            writeln!(
                f,
                "  {:>4}  {:<w$} {:>6} {:>8.3}  {:>22}  {:>22}  {:>8.1}",
                i + 1,
                r.label,
                r.games,
                r.balance,
                pct(&r.player1),
                pct(&r.limit),
                r.plies
            )?;
        }
        if self.adaptive {
            return Ok(());
        }
        writeln!(f)?;
        writeln!(
            f,
            "Main effects: each option's values with the games of every variant at that value pooled \
             (intervals treat them as independent, which the shared seeds make conservative); \
             the option that moves player 1's win rate most first:"
        )?;
        for e in &self.effects {
            writeln!(
                f,
                "  {} (player 1 wins move by up to {:.1} points, the turn-limit share by {:.1}):",
                e.option, e.player1_range, e.limit_range
            )?;
            for l in &e.levels {
                writeln!(
                    f,
                    "    {:<20} player 1 wins {:>22}   turn limit {:>22}   plies {:>8.1}",
                    l.value,
                    pct(&l.player1),
                    pct(&l.limit),
                    l.plies
                )?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halving_doubles_the_games_each_round_up_to_the_budget() {
        assert_eq!(halving_schedule(8, 800), [100, 200, 400, 800]);
        assert_eq!(halving_schedule(6, 400), [50, 100, 200, 400]);
        assert_eq!(halving_schedule(8, 60), [30, 60]);
        assert_eq!(halving_schedule(1, 100), [100]);
    }

    #[test]
    fn combinations_are_every_pair_the_last_factor_fastest() {
        let f = vec![
            ("a".to_string(), vec!["1".into(), "2".into()]),
            ("b".to_string(), vec!["x".into(), "y".into(), "z".into()]),
        ];
        let c = combinations(&f);
        assert_eq!(c.len(), 6);
        assert_eq!(c[0], ["1", "x"]);
        assert_eq!(c[1], ["1", "y"]);
        assert_eq!(c[5], ["2", "z"]);
    }
}
