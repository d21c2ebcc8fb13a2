//! The ladder for games of three to eight players: agents rated by the
//! Plackett–Luce model from each game's placements, on the Elo scale, with
//! the same anchor and one-sided bounds as the two-player ladder
//! ([`super::ladder`]).
//!
//! Plackett–Luce gives agent i a strength s_i; a game's placing is read as
//! the winner chosen from all seats with chance s_i / Σ s, then second place
//! from the rest, and so on. Any two agents' order in a game then has the
//! Bradley–Terry chance s_i / (s_i + s_j), so the Elo scale reads as in the
//! two-player ladder. Players who share a place (a tie) are read by
//! Breslow's rule: each of them is chosen from the same remaining seats, so
//! a tie pulls their strengths together, as a draw counts half a win in the
//! two-player ladder. An agent may sit in several seats of a game (fewer
//! agents than seats); each seat is then one draw of its strength. A game
//! cut unfinished has no placing and is left out.
//!
//! The maximum-likelihood strengths come from Hunter's MM iteration for the
//! model (Hunter 2004, section 5), the 95% intervals from a bootstrap over
//! the games (400 resamples, seeded).

use super::ladder::{Ladder, Rung, elo, sure_margin};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many times the bootstrap resamples the games.
const RESAMPLES: usize = 400;

/// Elo differences beyond this come from the bound on strengths, not the games.
const UNBOUNDED: f64 = 1500.0;

/// One game's placing: each seat's agent and place (1 first; equal places a tie).
pub type Placing = Vec<(usize, u8)>;

/// The agents in the seats of game `index` of a ladder of `agents` agents on
/// a game of `players` seats, drawn from the seed: N different agents in a
/// random order where there are N agents or more; else every agent once or
/// more, as evenly as the seats allow, in a random order.
pub fn seating(agents: usize, players: u8, seed: u64, index: u32) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(super::game_seed(seed ^ 0x5EA7_1AD0, u64::from(index)));
    let mut pool: Vec<usize> = (0..agents).collect();
    pool.shuffle(&mut rng);
    let mut seats: Vec<usize> = pool.iter().copied().cycle().take(usize::from(players)).collect();
    seats.shuffle(&mut rng);
    seats
}

/// The strengths, normalised so that `reference` is 1, of `items` agents from
/// `placings` (each restricted to the agents in `live`), by Hunter's MM
/// iteration; each strength is held within 1e-6..1e6 of the reference.
pub fn strengths(items: usize, placings: &[Placing], live: &[bool], reference: usize) -> Vec<f64> {
    // Each game as stages: the seats that share the next place (chosen) out
    // of the seats still to place (remaining); a last single seat is no choice.
    let mut stages: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for p in placings {
        let mut seats: Vec<(usize, u8)> = p.iter().copied().filter(|&(a, _)| live[a]).collect();
        seats.sort_by_key(|&(_, place)| place);
        let mut at = 0;
        while at < seats.len() {
            let place = seats[at].1;
            let end = at + seats[at..].iter().take_while(|s| s.1 == place).count();
            if seats.len() - at > 1 {
                let chosen = seats[at..end].iter().map(|s| s.0).collect();
                stages.push((chosen, seats[at..].iter().map(|s| s.0).collect()));
            }
            at = end;
        }
    }
    let mut wins = vec![0.0; items];
    for (chosen, _) in &stages {
        chosen.iter().for_each(|&i| wins[i] += 1.0);
    }
    let mut s = vec![1.0; items];
    for _ in 0..10_000 {
        let mut denominator = vec![0.0; items];
        for (chosen, remaining) in &stages {
            let total: f64 = remaining.iter().map(|&k| s[k]).sum();
            let share = chosen.len() as f64 / total;
            remaining.iter().for_each(|&k| denominator[k] += share);
        }
        let mut next: Vec<f64> =
            (0..items).map(|i| if denominator[i] > 0.0 { wins[i] / denominator[i] } else { s[i] }).collect();
        let by = next[reference].max(f64::MIN_POSITIVE);
        next.iter_mut().for_each(|x| *x = (*x / by).clamp(1e-6, 1e6));
        let change = next.iter().zip(&s).map(|(a, b)| (a.ln() - b.ln()).abs()).fold(0.0, f64::max);
        s = next;
        if change < 1e-10 {
            break;
        }
    }
    s
}

/// For each pair of different agents in a game: whether `i` placed above
/// (1), tied with (0) or below (-1) each other agent, with the other.
fn orders(p: &Placing, i: usize) -> impl Iterator<Item = (usize, i8)> + '_ {
    let mine: Vec<u8> = p.iter().filter(|s| s.0 == i).map(|s| s.1).collect();
    p.iter()
        .filter(move |s| s.0 != i)
        .flat_map(move |&(j, theirs)| mine.clone().into_iter().map(move |m| (j, (theirs.cmp(&m)) as i8)))
}

/// The ladder of `agents` from the placings of the games, strongest first, on
/// the Elo scale with `anchor` at 0. An agent placed above every other agent
/// it met in every game (never tied, never below), or below every one, has no
/// finite strength: it leaves the fit and gets a one-sided 95% bound from its
/// games against the agents with one (a pair's order in a game follows
/// Bradley–Terry, so the two-player bound holds), as in the two-player ladder.
pub fn ladder(agents: &[String], placings: &[Placing], seed: u64, anchor: usize) -> Ladder {
    let n = agents.len();
    let mut extreme = vec![0i8; n];
    loop {
        let live: Vec<bool> = extreme.iter().map(|&e| e == 0).collect();
        let found: Vec<(usize, i8)> = (0..n)
            .filter(|&i| live[i])
            .filter_map(|i| {
                let (mut above, mut below, mut tied) = (0, 0, 0);
                for (_, o) in placings.iter().flat_map(|p| orders(p, i)).filter(|&(j, _)| live[j]) {
                    match o {
                        1 => above += 1,
                        -1 => below += 1,
                        _ => tied += 1,
                    }
                }
                match (above, below, tied) {
                    (a, 0, 0) if a > 0 => Some((i, 1)),
                    (0, b, 0) if b > 0 => Some((i, -1)),
                    _ => None,
                }
            })
            .collect();
        if found.is_empty() {
            break;
        }
        found.into_iter().for_each(|(i, e)| extreme[i] = e);
    }
    let live: Vec<bool> = extreme.iter().map(|&e| e == 0).collect();
    let reference = if live[anchor] { anchor } else { (0..n).find(|&i| live[i]).unwrap_or(anchor) };
    let fit = |games: &[Placing]| -> Vec<f64> {
        let s = strengths(n, games, &live, reference);
        (0..n).map(|i| if live[i] { elo(s[i]) } else { 0.0 }).collect()
    };
    let point = fit(placings);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES); n];
    for _ in 0..RESAMPLES {
        let resampled: Vec<Placing> =
            (0..placings.len()).map(|_| placings[rng.random_range(0..placings.len())].clone()).collect();
        for (i, e) in fit(&resampled).into_iter().enumerate() {
            samples[i].push(e);
        }
    }
    let finite = |j: usize| live[j].then(|| if j == reference { 0.0 } else { point[j] });
    let rungs = (0..n)
        .map(|i| {
            let mut v = samples[i].clone();
            v.sort_by(f64::total_cmp);
            let at = |q: f64| v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
            let open = |x: f64| (x.abs() < UNBOUNDED).then_some(x);
            // Points: the share of the other seats beaten, a tie half, per game.
            let (mut points, mut games) = (0.0, 0u32);
            for p in placings.iter().filter(|p| p.iter().any(|s| s.0 == i)) {
                let o: Vec<i8> = orders(p, i).map(|(_, o)| o).collect();
                if !o.is_empty() {
                    points += o.iter().map(|&x| (f64::from(x) + 1.0) / 2.0).sum::<f64>() / o.len() as f64;
                }
                games += 1;
            }
            // Against each finite agent: its Elo and the games they met in.
            let against = (0..n).filter(|&j| j != i).filter_map(|j| {
                let met = placings.iter().filter(|p| p.iter().any(|s| s.0 == i) && p.iter().any(|s| s.0 == j)).count();
                finite(j).filter(|_| met > 0).map(|e| (e, met))
            });
            let (elo, low, high) = match extreme[i] {
                _ if i == reference => (Some(0.0), Some(0.0), Some(0.0)),
                1 => (None, against.map(|(e, g)| e + sure_margin(g)).reduce(f64::max), None),
                -1 => (None, None, against.map(|(e, g)| e - sure_margin(g)).reduce(f64::min)),
                _ => (Some(point[i]), open(at(0.025)), open(at(0.975))),
            };
            Rung { agent: agents[i].clone(), elo, low, high, points, games }
        })
        .collect();
    Ladder { reference: agents[reference].clone(), rungs: super::ladder::strongest_first(rungs) }
}

/// Plays `games` games of a ladder of `agents` on `game` (seated by
/// [`seating`]) on the current rayon thread pool: the placing of each game
/// that ended, and how many were cut unfinished at
/// [`tabula::agents::PLY_CAP`] plies. Game `i` depends on the seed and `i`
/// alone, not on the threads.
pub fn play(game: &tabula::Game, agents: &[tabula::agents::AgentSpec], games: u32, seed: u64) -> (Vec<Placing>, u32) {
    use rayon::prelude::*;
    let played: Vec<Option<Placing>> = (0..games).into_par_iter().map(|i| play_one(game, agents, seed, i)).collect();
    let unfinished = played.iter().filter(|p| p.is_none()).count() as u32;
    (played.into_iter().flatten().collect(), unfinished)
}

/// Game `index` of a ladder: chance from stream 0 of its seed, the agent in
/// seat p from stream p + 1 (as in `tabula analyze`).
fn play_one(game: &tabula::Game, agents: &[tabula::agents::AgentSpec], seed: u64, index: u32) -> Option<Placing> {
    use tabula::Action;
    use tabula::agents::sample_chance;
    let players = game.player_count();
    let seats = seating(agents.len(), players, seed, index);
    let mut rng = ChaCha8Rng::seed_from_u64(super::game_seed(seed, u64::from(index)));
    let mut seat_rngs: Vec<ChaCha8Rng> = (0..players)
        .map(|p| {
            let mut r = rng.clone();
            r.set_stream(u64::from(p) + 1);
            r
        })
        .collect();
    let mut players_agents: Vec<_> = seats.iter().map(|&a| agents[a].build(game)).collect();
    let mut state = game.initial_state();
    let mut legal = Vec::new();
    while !state.is_over() && state.ply() < tabula::agents::PLY_CAP {
        game.legal_moves_into(&state, &mut legal);
        let m = if legal[0].action() == Action::Chance {
            sample_chance(game, &state, &legal, &mut rng)
        } else {
            let seat = usize::from(state.to_move());
            players_agents[seat].choose(game, &state, &mut seat_rngs[seat])
        };
        game.play_unchecked(&mut state, m);
    }
    let outcome = state.outcome()?;
    Some(seats.iter().zip(&outcome.places[..usize::from(players)]).map(|(&a, &place)| (a, place)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Placings drawn from the model itself: the winner chosen with chance
    /// s_i / Σ s among the seats left, and so on.
    fn simulate(strength: &[f64], players: u8, games: u32, seed: u64) -> Vec<Placing> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..games)
            .map(|g| {
                let mut left = seating(strength.len(), players, seed, g);
                let mut placing = Vec::new();
                let mut place = 1;
                while !left.is_empty() {
                    let total: f64 = left.iter().map(|&a| strength[a]).sum();
                    let mut x = rng.random::<f64>() * total;
                    let k = left.iter().position(|&a| {
                        x -= strength[a];
                        x <= 0.0
                    });
                    let a = left.remove(k.unwrap_or(left.len() - 1));
                    placing.push((a, place));
                    place += 1;
                }
                placing
            })
            .collect()
    }

    /// Known strengths 1 : 2 : 4 : 8 (0, +120, +241, +361 Elo) come back
    /// within 40 Elo from 3,000 simulated four-player games, and their
    /// intervals hold the truth (a fit that read the places upside down fails it).
    #[test]
    fn plackett_luce_recovers_known_strengths_from_placings() {
        let truth = [1.0, 2.0, 4.0, 8.0, 3.0];
        let placings = simulate(&truth, 4, 3000, 7);
        let agents: Vec<String> = (0..truth.len()).map(|i| format!("a{i}")).collect();
        let l = ladder(&agents, &placings, 1, 0);
        assert_eq!(l.reference, "a0");
        for (i, &s) in truth.iter().enumerate() {
            let r = l.rungs.iter().find(|r| r.agent == agents[i]).expect("rated");
            let (e, want) = (r.elo.expect("finite"), elo(s));
            assert!((e - want).abs() < 40.0, "{}: {e:.0} against {want:.0}", r.agent);
            if i > 0 {
                assert!(r.low.unwrap() <= want && want <= r.high.unwrap(), "{r:?} against {want:.0}");
                assert!(r.high.unwrap() - r.low.unwrap() < 120.0, "{r:?}");
            }
        }
        let order: Vec<&str> = l.rungs.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["a3", "a2", "a4", "a1", "a0"]);
    }

    /// Fewer agents than seats: each agent sits in one seat or more.
    #[test]
    fn fewer_agents_than_seats_share_the_seats_evenly() {
        for g in 0..20 {
            let s = seating(2, 5, 3, g);
            assert_eq!(s.len(), 5);
            let a = s.iter().filter(|&&x| x == 0).count();
            assert!(a == 2 || a == 3, "{s:?}");
        }
        let truth = [1.0, 3.0];
        let placings = simulate(&truth, 3, 2000, 2);
        let l = ladder(&["weak".into(), "strong".into()], &placings, 1, 0);
        let e = l.rungs[0].elo.unwrap();
        assert_eq!(l.rungs[0].agent, "strong");
        assert!((e - elo(3.0)).abs() < 40.0, "{e}");
    }

    /// Ties read by Breslow's rule pull together: two agents that always tie
    /// are rated equal; an agent always first gets a lower bound, not a point.
    #[test]
    fn ties_pull_together_and_a_perfect_record_gets_a_bound() {
        let placings: Vec<Placing> = (0..30)
            .map(|_| vec![(0, 1), (1, 2), (2, 2)])
            .chain((0..30).map(|_| vec![(1, 1), (2, 1), (3, 3)]))
            .collect();
        let agents: Vec<String> = ["best", "x", "y", "worst"].map(String::from).to_vec();
        let l = ladder(&agents, &placings, 1, 1);
        let get = |name: &str| l.rungs.iter().find(|r| r.agent == name).unwrap().clone();
        assert_eq!(l.reference, "x");
        assert!(get("y").elo.unwrap().abs() < 1e-6, "{:?}", get("y"));
        let best = get("best");
        assert_eq!(best.elo, None);
        assert!(best.low.unwrap() > 0.0, "{best:?}");
        let worst = get("worst");
        assert_eq!(worst.elo, None);
        assert!(worst.high.unwrap() < 0.0, "{worst:?}");
        assert_eq!(l.rungs[0].agent, "best");
        assert_eq!(l.rungs[3].agent, "worst");
    }
}
