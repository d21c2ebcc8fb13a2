//! An agent-strength ladder: a round robin between agents (every pair plays
//! the same number of games, seats swapped every other game), rated by the
//! Bradley–Terry model and shown on the Elo scale, with 95% intervals from a
//! bootstrap over the games of each pairing.
//!
//! Bradley–Terry gives agent i a strength s_i so that i beats j with chance
//! s_i / (s_i + s_j); a draw counts half a win to each. The strengths are the
//! maximum-likelihood ones, found by Hunter's MM iteration (Hunter 2004,
//! "MM algorithms for generalized Bradley-Terry models"), and shown as Elo
//! points, 400 log10 s, relative to an anchor agent of the user's choice (the
//! first by default). An agent that won every game or lost every game has no
//! finite strength: it is shown with a one-sided bound (95%, from its games
//! against the agents that have one), never a point; where the anchor is such
//! an agent, the first agent with a finite strength is at 0 instead.

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
    strengths(wins, 1e-3, 1e3, |s| s[0])
}

/// Hunter's MM iteration, each round normalised by `norm` and the
/// strengths held within `low..high` of it.
fn strengths(wins: &[Vec<f64>], low: f64, high: f64, norm: impl Fn(&[f64]) -> f64) -> Vec<f64> {
    let n = wins.len();
    let mut s = vec![1.0; n];
    for _ in 0..10_000 {
        let mut next = s.clone();
        for i in 0..n {
            let won: f64 = wins[i].iter().sum();
            let denominator: f64 = (0..n).filter(|&j| j != i).map(|j| (wins[i][j] + wins[j][i]) / (s[i] + s[j])).sum();
            next[i] = if denominator > 0.0 { won / denominator } else { s[i] };
        }
        let by = norm(&next).max(f64::MIN_POSITIVE);
        next.iter_mut().for_each(|x| *x = (*x / by).clamp(low, high));
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

/// Elo differences beyond this come from the bound on strengths, not the
/// games: an interval reaching it is open on that side.
const UNBOUNDED: f64 = 1500.0;

/// One agent's rung: its Elo (relative to the ladder's reference agent)
/// with a 95% interval, and its score over all its games. An agent that won
/// every game, or lost every game, has no finite Elo: `elo` is `None` and the
/// interval one-sided (`low` a 95% lower bound for a perfect score, `high` an
/// upper bound for no points). `None` for `low` or `high` is unbounded.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Rung {
    pub agent: String,
    pub elo: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub points: f64,
    pub games: u32,
}

/// A ladder: the agent whose Elo is 0 (the anchor asked for, unless it has
/// no finite rating: then the first agent that has one), and the rungs,
/// strongest first.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Ladder {
    pub reference: String,
    pub rungs: Vec<Rung>,
}

/// The points of one pairing's games for each side: per game, 1, 1/2 or 0 for agent i.
pub type Pairing = (usize, usize, Vec<f64>);

/// The Elo margin a perfect score in `n` games shows at least (95%, one-sided):
/// the win chance p with p^n = 0.05, as Elo.
pub(crate) fn sure_margin(n: usize) -> f64 {
    let p = 0.05f64.powf(1.0 / n.max(1) as f64);
    400.0 * (p / (1.0 - p)).log10()
}

/// The ladder of `agents` from the games of every pairing (`(i, j, points of
/// i per game)`), strongest first, on the Elo scale with `anchor` at 0;
/// intervals by resampling each pairing's games with a seeded generator.
pub fn ladder(agents: &[String], pairings: &[Pairing], seed: u64, anchor: usize) -> Ladder {
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
    // Each agent's points and games.
    let score = |i: usize| {
        let mine = pairings.iter().filter(|p| p.0 == i || p.1 == i);
        let points = mine
            .clone()
            .map(|p| if p.0 == i { p.2.iter().sum::<f64>() } else { p.2.iter().map(|x| 1.0 - x).sum() })
            .sum::<f64>();
        (points, mine.map(|p| p.2.len()).sum::<usize>())
    };
    // +1: won every game (against the agents still rated), -1: lost every
    // game; such an agent has no finite strength, and leaves the fit (it
    // changes nothing in the others' maximum-likelihood strengths), which
    // may leave another without a loss or a win among those still rated.
    let mut extreme = vec![0i8; n];
    loop {
        let live = |j: usize| extreme[j] == 0;
        let found: Vec<(usize, i8)> = (0..n)
            .filter(|&i| live(i))
            .filter_map(|i| {
                let games = pairings.iter().filter(|p| (p.0 == i && live(p.1)) || (p.1 == i && live(p.0)));
                let points: f64 = games
                    .clone()
                    .map(|p| if p.0 == i { p.2.iter().sum::<f64>() } else { p.2.iter().map(|x| 1.0 - x).sum() })
                    .sum();
                let count: usize = games.map(|p| p.2.len()).sum();
                match count {
                    0 => None,
                    c if points >= c as f64 => Some((i, 1)),
                    _ if points <= 0.0 => Some((i, -1)),
                    _ => None,
                }
            })
            .collect();
        if found.is_empty() {
            break;
        }
        found.into_iter().for_each(|(i, e)| extreme[i] = e);
    }
    let reference = if extreme[anchor] == 0 { anchor } else { (0..n).find(|&i| extreme[i] == 0).unwrap_or(anchor) };
    // The fit over the agents with a finite strength that games link to the
    // reference, the reference at 1. Where not every pair plays (a chain), an
    // agent with a perfect score or none may cut the others in two, and a side
    // without the reference has no scale to be shown on.
    let rated = linked(n, reference, pairings, |i| extreme[i] == 0);
    let at_reference = rated.iter().position(|&i| i == reference).unwrap_or(0);
    let fit = |wins: &[Vec<f64>]| -> Vec<f64> {
        let sub: Vec<Vec<f64>> = rated.iter().map(|&i| rated.iter().map(|&j| wins[i][j]).collect()).collect();
        let mut out = vec![0.0; n];
        if !rated.is_empty() {
            let s = strengths(&sub, 1e-6, 1e6, |s| s[at_reference]);
            rated.iter().zip(&s).for_each(|(&i, &x)| out[i] = elo(x));
        }
        out
    };
    let point = fit(&table(&mut |p| p.2.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES); n];
    for _ in 0..RESAMPLES {
        let resampled = table(&mut |p| (0..p.2.len()).map(|_| p.2[rng.random_range(0..p.2.len())]).collect());
        for (i, e) in fit(&resampled).into_iter().enumerate() {
            samples[i].push(e);
        }
    }
    // A finite agent's Elo, for the bounds of the others: the reference's is 0.
    let finite = |j: usize| (rated.contains(&j) || j == reference).then(|| if j == reference { 0.0 } else { point[j] });
    // The one-sided bounds of the agents without a finite rating: an agent
    // that won every game against another is at least the other's rating
    // (or lower bound) plus the margin that perfect score shows, one that
    // lost every game at most the other's rating (or upper bound) less it.
    // Along a chain of such records (random lost every game to greedy,
    // greedy to mcts) the bounds pass from agent to agent: at most n rounds,
    // so that a cycle of perfect scores cannot go on raising them.
    let mut low: Vec<Option<f64>> = (0..n).map(finite).collect();
    let mut high = low.clone();
    let unrated: Vec<usize> = (0..n).filter(|&i| finite(i).is_none()).collect();
    for _ in 0..n {
        let mut changed = false;
        for &i in &unrated {
            for p in pairings.iter().filter(|p| (p.0 == i || p.1 == i) && !p.2.is_empty()) {
                let (j, mine) =
                    if p.0 == i { (p.1, p.2.iter().sum::<f64>()) } else { (p.0, p.2.iter().map(|x| 1.0 - x).sum()) };
                let (games, margin) = (p.2.len() as f64, sure_margin(p.2.len()));
                if let Some(l) = low[j].filter(|_| mine >= games).map(|l| l + margin) {
                    if low[i].is_none_or(|x| l > x + 1e-9) {
                        low[i] = Some(l);
                        changed = true;
                    }
                }
                if let Some(h) = high[j].filter(|_| mine <= 0.0).map(|h| h - margin) {
                    if high[i].is_none_or(|x| h < x - 1e-9) {
                        high[i] = Some(h);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let rungs: Vec<Rung> = (0..n)
        .map(|i| {
            let mut v = samples[i].clone();
            v.sort_by(f64::total_cmp);
            let at = |q: f64| v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
            let open = |x: f64| (x.abs() < UNBOUNDED).then_some(x);
            let (points, games) = score(i);
            let (elo, low, high) = match extreme[i] {
                _ if i == reference => (Some(0.0), Some(0.0), Some(0.0)),
                0 if rated.contains(&i) => (Some(point[i]), open(at(0.025)), open(at(0.975))),
                _ => (None, low[i], high[i]),
            };
            Rung { agent: agents[i].clone(), elo, low, high, points, games: games as u32 }
        })
        .collect();
    Ladder { reference: agents[reference].clone(), rungs: strongest_first(rungs) }
}

/// The agents (ascending) that `live` holds and games between live agents
/// link to `from`.
fn linked(n: usize, from: usize, pairings: &[Pairing], live: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut seen = vec![false; n];
    if !live(from) {
        return Vec::new();
    }
    seen[from] = true;
    let mut stack = vec![from];
    while let Some(i) = stack.pop() {
        for p in pairings.iter().filter(|p| !p.2.is_empty()) {
            let j = match (p.0 == i, p.1 == i) {
                (true, _) => p.1,
                (_, true) => p.0,
                _ => continue,
            };
            if !seen[j] && live(j) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    (0..n).filter(|&i| seen[i]).collect()
}

/// The rungs strongest first: by Elo, a perfect score above all and no points below.
pub(crate) fn strongest_first(mut rungs: Vec<Rung>) -> Vec<Rung> {
    let rank = |r: &Rung| match (r.elo, r.low, r.high) {
        (Some(e), ..) => e,
        (None, Some(l), _) => UNBOUNDED + l,
        (None, None, Some(h)) => -UNBOUNDED + h,
        _ => 0.0,
    };
    rungs.sort_by(|a, b| rank(b).total_cmp(&rank(a)));
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
        let ladder = ladder(&agents, &pairings, 1, 0);
        assert_eq!(ladder.reference, "random");
        let ladder = ladder.rungs;
        let order: Vec<&str> = ladder.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["mcts", "greedy", "random"]);
        for r in &ladder {
            let (e, low, high) = (r.elo.unwrap(), r.low.unwrap(), r.high.unwrap());
            assert!(low <= e && e <= high, "{r:?}");
            assert_eq!(r.games, 200);
        }
        assert_eq!(ladder.iter().find(|r| r.agent == "random").and_then(|r| r.elo), Some(0.0));
    }

    /// The first agent loses every game: it has no finite rating and gets an
    /// upper bound; the others keep their own difference and intervals, with
    /// the first finite one at 0. The anchor is the one asked for where it
    /// has a finite rating; a perfect score gets a lower bound.
    #[test]
    fn an_agent_that_loses_every_game_has_a_bound_not_a_point() {
        let agents: Vec<String> = ["random", "greedy", "mcts", "best"].map(String::from).to_vec();
        let games = |n: usize, wins: usize| (0..n).map(|k| if k < wins { 1.0 } else { 0.0 }).collect();
        let pairings = vec![
            (1, 0, games(50, 50)),
            (2, 0, games(50, 50)),
            (2, 1, games(100, 75)),
            (3, 0, games(50, 50)),
            (3, 1, games(50, 50)),
            (3, 2, games(50, 50)),
        ];
        let l = ladder(&agents, &pairings, 1, 0);
        assert_eq!(l.reference, "greedy");
        let get = |l: &Ladder, name: &str| l.rungs.iter().find(|r| r.agent == name).unwrap().clone();
        let (random, greedy, mcts, best) = (get(&l, "random"), get(&l, "greedy"), get(&l, "mcts"), get(&l, "best"));
        assert_eq!((random.elo, random.low), (None, None));
        assert!(random.high.unwrap() < 0.0, "{random:?}");
        assert_eq!(greedy.elo, Some(0.0));
        // 3 wins in 4: 191 Elo, and an interval of its own around it.
        let e = mcts.elo.unwrap();
        assert!((e - 190.85).abs() < 1.0, "{mcts:?}");
        assert!(mcts.low.unwrap() > 50.0 && mcts.high.unwrap() < 400.0, "{mcts:?}");
        assert_eq!((best.elo, best.high), (None, None));
        assert!(best.low.unwrap() > e, "{best:?}");
        let order: Vec<&str> = l.rungs.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["best", "mcts", "greedy", "random"]);
        // Anchored on mcts: greedy at -191.
        let by_mcts = ladder(&agents, &pairings, 1, 2);
        assert_eq!(by_mcts.reference, "mcts");
        assert!((get(&by_mcts, "greedy").elo.unwrap() + 190.85).abs() < 1.0);
    }

    /// A chain (each agent plays only the next): the order and differences
    /// come through the games in between; where an agent in the middle loses
    /// every game, the agents beyond it have no games that put them on the
    /// reference's scale, and are shown without a rating rather than at a
    /// made-up one.
    #[test]
    fn a_chain_rates_through_its_links_and_says_where_it_is_cut() {
        let agents: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let games = |n: usize, wins: usize| (0..n).map(|k| if k < wins { 1.0 } else { 0.0 }).collect::<Vec<f64>>();
        // b beats a 3 in 4, c beats b 3 in 4: c is 2 x 191 Elo above a.
        let chain = vec![(0, 1, games(100, 25)), (1, 2, games(100, 25)), (2, 3, games(100, 50))];
        let l = ladder(&agents, &chain, 1, 0);
        let get = |l: &Ladder, name: &str| l.rungs.iter().find(|r| r.agent == name).unwrap().clone();
        assert!((get(&l, "c").elo.unwrap() - 2.0 * 190.85).abs() < 1.0, "{l:?}");
        assert!((get(&l, "d").elo.unwrap() - 2.0 * 190.85).abs() < 1.0, "{l:?}");
        // Five agents, c loses every game, to b and to d: d and e are cut off from a and b.
        let agents: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        let cut = vec![(0, 1, games(100, 25)), (1, 2, games(50, 50)), (2, 3, games(50, 0)), (3, 4, games(100, 60))];
        let l = ladder(&agents, &cut, 1, 0);
        assert_eq!(l.reference, "a");
        assert!((get(&l, "b").elo.unwrap() - 190.85).abs() < 1.0, "{l:?}");
        let c = get(&l, "c");
        assert_eq!((c.elo, c.low), (None, None));
        assert!(c.high.unwrap() < 190.0, "{c:?}");
        for name in ["d", "e"] {
            let r = get(&l, name);
            assert_eq!((r.elo, r.low, r.high), (None, None, None), "{r:?}");
        }
        // a loses every game to b, b every game to c: each has a bound below the next.
        let steps = vec![(0, 1, games(20, 0)), (1, 2, games(20, 0)), (2, 3, games(100, 60)), (3, 4, games(100, 70))];
        let l = ladder(&agents, &steps, 1, 0);
        assert_eq!(l.reference, "c");
        let (a, b) = (get(&l, "a"), get(&l, "b"));
        assert!((b.high.unwrap() + sure_margin(20)).abs() < 1e-9, "{b:?}");
        assert!((a.high.unwrap() - b.high.unwrap() + sure_margin(20)).abs() < 1e-9, "{a:?}");
        let order: Vec<&str> = l.rungs.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["c", "d", "e", "b", "a"]);
        // Every step a perfect score: the agent in the middle, with no game
        // against an agent still rated, is at 0, and each other is bounded
        // by the one next to it towards the middle, plus or less the margin.
        let perfect = vec![(0, 1, games(10, 0)), (1, 2, games(10, 0)), (2, 3, games(10, 0)), (3, 4, games(10, 0))];
        let l = ladder(&agents, &perfect, 1, 0);
        assert_eq!(l.reference, "c");
        let m = sure_margin(10);
        for (name, steps) in [("a", -2.0), ("b", -1.0), ("d", 1.0), ("e", 2.0)] {
            let r = get(&l, name);
            let bound = if steps < 0.0 { r.high } else { r.low };
            assert_eq!(r.elo, None, "{r:?}");
            assert!((bound.unwrap() - steps * m).abs() < 1e-9, "{r:?}");
        }
        let order: Vec<&str> = l.rungs.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["e", "d", "c", "b", "a"]);
        // Anchored on d, the side of d and e is rated, a and b are not.
        let l = ladder(&agents, &cut, 1, 3);
        assert!((get(&l, "e").elo.unwrap() + 70.4).abs() < 1.0, "{l:?}");
        assert_eq!(get(&l, "a").elo, None);
    }
}
