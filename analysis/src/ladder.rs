//! An agent-strength ladder: a round robin between agents (every pair plays
//! the same number of games, seats swapped every other game), rated by the
//! Bradley–Terry model and shown on the Elo scale, with 95% intervals from a
//! bootstrap over the games of each pairing.
//!
//! Bradley–Terry gives agent i a strength s_i so that i beats j with chance
//! s_i / (s_i + s_j); a draw counts half a win to each. The strengths are the
//! maximum-likelihood ones, found by Hunter's MM iteration (Hunter 2004,
//! "MM algorithms for generalized Bradley-Terry models"), and shown as Elo
//! points, 400 log10 s, with the first agent at 0.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many times the bootstrap resamples the games.
const RESAMPLES: usize = 400;

/// Bradley–Terry strengths from `wins[i][j]`, the points i scored against j
/// (a win 1, a draw 1/2), normalised so that the first is 1. An agent with
/// no points, or one that never lost, has no finite strength: it is held
/// within a bound (a thousandth or a thousand times the first), so that the
/// ladder still orders it.
pub fn bradley_terry(wins: &[Vec<f64>]) -> Vec<f64> {
    let n = wins.len();
    let mut s = vec![1.0; n];
    for _ in 0..10_000 {
        let mut next = s.clone();
        for i in 0..n {
            let won: f64 = wins[i].iter().sum();
            let denominator: f64 = (0..n).filter(|&j| j != i).map(|j| (wins[i][j] + wins[j][i]) / (s[i] + s[j])).sum();
            next[i] = if denominator > 0.0 { won / denominator } else { s[i] };
        }
        let first = next[0].max(f64::MIN_POSITIVE);
        next.iter_mut().for_each(|x| *x = (*x / first).clamp(1e-3, 1e3));
        let change = next.iter().zip(&s).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        s = next;
        if change < 1e-12 {
            break;
        }
    }
    s
}

/// Strengths as Elo points: 400 log10 s.
pub fn elo(strength: f64) -> f64 {
    400.0 * strength.log10()
}

/// One agent's rung: its Elo with a 95% interval, and its score over all its games.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Rung {
    pub agent: String,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    pub points: f64,
    pub games: u32,
}

/// The points of one pairing's games for each side: per game, 1, 1/2 or 0 for agent i.
pub type Pairing = (usize, usize, Vec<f64>);

/// The ladder of `agents` from the games of every pairing (`(i, j, points of
/// i per game)`), strongest first; intervals by resampling each pairing's
/// games with a seeded generator.
pub fn ladder(agents: &[String], pairings: &[Pairing], seed: u64) -> Vec<Rung> {
    let n = agents.len();
    let table = |games: &mut dyn FnMut(&Pairing) -> Vec<f64>| {
        let mut wins = vec![vec![0.0; n]; n];
        for p in pairings {
            let (i, j) = (p.0, p.1);
            for x in games(p) {
                wins[i][j] += x;
                wins[j][i] += 1.0 - x;
            }
        }
        wins
    };
    let point = bradley_terry(&table(&mut |p| p.2.clone())).into_iter().map(elo).collect::<Vec<f64>>();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES); n];
    for _ in 0..RESAMPLES {
        let resampled = table(&mut |p| (0..p.2.len()).map(|_| p.2[rng.random_range(0..p.2.len())]).collect());
        for (i, s) in bradley_terry(&resampled).into_iter().enumerate() {
            samples[i].push(elo(s));
        }
    }
    let mut rungs: Vec<Rung> = (0..n)
        .map(|i| {
            let mut v = samples[i].clone();
            v.sort_by(f64::total_cmp);
            let at = |q: f64| v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
            let mine = pairings.iter().filter(|p| p.0 == i || p.1 == i);
            let points = mine
                .clone()
                .map(|p| if p.0 == i { p.2.iter().sum::<f64>() } else { p.2.iter().map(|x| 1.0 - x).sum() });
            Rung {
                agent: agents[i].clone(),
                elo: point[i],
                low: at(0.025),
                high: at(0.975),
                points: points.sum(),
                games: mine.map(|p| p.2.len() as u32).sum(),
            }
        })
        .collect();
    rungs.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    rungs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_that_fit_the_model_give_back_its_strengths() {
        // Strengths 4 : 2 : 1: A beats B 2/3 of the time, B beats C 2/3, A beats C 4/5.
        let wins = vec![vec![0.0, 20.0, 24.0], vec![10.0, 0.0, 20.0], vec![6.0, 10.0, 0.0]];
        let s = bradley_terry(&wins);
        for (got, want) in s.iter().zip([1.0, 0.5, 0.25]) {
            assert!((got - want).abs() < 1e-9, "{s:?}");
        }
    }

    #[test]
    fn three_wins_in_four_are_191_elo() {
        let s = bradley_terry(&[vec![0.0, 75.0], vec![25.0, 0.0]]);
        // 400 log10(3) = 190.85: the Elo difference at which one wins 3 games of 4.
        assert!((elo(s[0]) - elo(s[1]) - 190.848_501_887_864_9).abs() < 1e-6);
    }

    #[test]
    fn the_ladder_orders_agents_with_intervals() {
        let agents: Vec<String> = ["random", "greedy", "mcts"].map(String::from).to_vec();
        let games =
            |points: f64, n: usize, wins: usize| (0..n).map(|k| if k < wins { points } else { 1.0 - points }).collect();
        let pairings = vec![(1, 0, games(1.0, 100, 70)), (2, 0, games(1.0, 100, 90)), (2, 1, games(1.0, 100, 75))];
        let ladder = ladder(&agents, &pairings, 1);
        let order: Vec<&str> = ladder.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["mcts", "greedy", "random"]);
        for r in &ladder {
            assert!(r.low <= r.elo && r.elo <= r.high, "{r:?}");
            assert_eq!(r.games, 200);
        }
        assert_eq!(ladder.iter().find(|r| r.agent == "random").map(|r| r.elo), Some(0.0));
    }
}
