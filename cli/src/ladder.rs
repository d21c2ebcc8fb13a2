//! `tabula ladder`: agents rated against each other. In a two-player game
//! the pairs play matches (every pair, or each agent against the next: see
//! [`Pairs`]) rated by Bradley–Terry; in a game of more players, see
//! `placings.rs`.

use crate::games::Games;
use crate::{analyze, placings};
use tabula::{Error, Game};

/// Which pairs of agents play each other in a two-player game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Pairs {
    /// Every pair: a round robin.
    All,
    /// Each agent only the next in the list: a chain that checks an order
    /// (random < greedy < mcts < strong) in fewer games, and spends none on
    /// pairs far apart, whose result the order already says.
    Neighbours,
}

impl Pairs {
    /// The pairs `(i, j)` of `n` agents that play, `i < j`.
    fn of(self, n: usize) -> Vec<(usize, usize)> {
        match self {
            Pairs::All => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
            Pairs::Neighbours => (1..n).map(|j| (j - 1, j)).collect(),
        }
    }
}

/// The agents' matches and their Bradley–Terry ladder.
pub fn ladder(
    game: &Game,
    agents: &str,
    anchor: Option<&str>,
    games: &Games,
    pairs: Pairs,
    seed: u64,
    threads: Option<usize>,
) -> Result<(), Error> {
    use tabula_analysis::{Config, ladder};
    let agents: Vec<String> = agents.split(',').map(|a| a.trim().to_string()).collect();
    if agents.len() < 2 {
        return Err(Error::Usage("--agents: a ladder needs two agents or more, as A,B,...".into()));
    }
    let anchor = match anchor {
        None => 0,
        Some(a) => agents
            .iter()
            .position(|x| x == a.trim())
            .ok_or_else(|| Error::Usage(format!("--anchor {a:?}: not one of the agents ({})", agents.join(", "))))?,
    };
    for a in &agents {
        tabula::agents::AgentSpec::parse(a).map_err(Error::Usage)?;
    }
    if let Some(n) = games.0.iter().find(|&&n| n == 0 || n > 100_000) {
        return Err(Error::Usage(format!("--games {n}: 1 to 100000 per pair")));
    }
    let pool = analyze::thread_pool(threads)?;
    if game.player_count() != 2 {
        if pairs != Pairs::All {
            return Err(Error::Usage(format!(
                "--pairs neighbours: {} has {} players, and its games seat agents at random rather than in pairs",
                game.title(),
                game.player_count()
            )));
        }
        // Three players or more: Plackett–Luce from each game's placings.
        let (rated, model) = placings::ladder(game, &agents, anchor, games.one()?, seed, &pool)?;
        return print_ladder(&rated, &agents, anchor, &model);
    }
    let played_pairs = pairs.of(agents.len());
    // A count per pair where only neighbours play: a round robin's pairs have no order a user writes.
    let counts = match pairs {
        Pairs::All => vec![games.one()?; played_pairs.len()],
        Pairs::Neighbours => games.each(played_pairs.len(), "pairs")?,
    };
    let mut pairings = Vec::new();
    let (mut played, mut cut) = (0usize, 0usize);
    for (&(i, j), &games) in played_pairs.iter().zip(&counts) {
        let config =
            Config { agents: [agents[i].clone(), agents[j].clone()], games, seed, swap_sides: true, shard: None };
        let results = pool.install(|| tabula_analysis::run(game, &config, &|_| {})).map_err(Error::Usage)?;
        let points: Vec<f64> = results
            .games
            .iter()
            .map(|g| {
                if g.agent_won(0) {
                    1.0
                } else if g.agent_won(1) {
                    0.0
                } else {
                    0.5
                }
            })
            .collect();
        played += results.games.len();
        cut += results.games.iter().filter(|g| g.by_limit || g.unfinished).count();
        let count = |f: fn(f64) -> bool| points.iter().filter(|&&p| f(p)).count();
        let (won, lost) = (count(|p| p > 0.75), count(|p| p < 0.25));
        // Each pair's record on stderr, for a sign test on its decisive games (bench/ladder-table.sh).
        eprintln!(
            "  {} against {}: {games} games: {} won {}, {} won {}, {} drawn",
            agents[i],
            agents[j],
            agents[i],
            won,
            agents[j],
            lost,
            points.len() - won - lost
        );
        pairings.push((i, j, points));
    }
    let which = match pairs {
        Pairs::All => "",
        Pairs::Neighbours => " each against the next only,",
    };
    let per_pair = match counts.iter().all(|&n| n == counts[0]) {
        true => format!("{} games per pair", counts[0]),
        false => format!("{games} games for the pairs in turn"),
    };
    say!("{}: {} agents,{which} {per_pair}, seats swapped every other game", game.title(), agents.len());
    let rated = ladder::ladder(&agents, &pairings, seed, anchor);
    let model =
        format!("Bradley–Terry strengths on the Elo scale, {} at 0; a draw counts half a win.", rated.reference);
    print_ladder(&rated, &agents, anchor, &model)?;
    if played > 0 && cut == played {
        // Every rating is then 0 from draws alone, which would read as "equally strong".
        say!(
            "  Every one of the {played} games was cut by the turn limit ({} plies): none was decided, so these ratings \
             say nothing about strength. Raise the limit (--option max_plies=N) or see whether the agents make progress.",
            // (A game without a limit is cut unfinished at the agents' cap.)
            if game.max_plies() == 0 { tabula::agents::PLY_CAP } else { game.max_plies() }
        );
    }
    Ok(())
}

/// The rungs of a ladder, strongest first, the model in words, and notes on
/// the anchor and the one-sided bounds.
fn print_ladder(
    rated: &tabula_analysis::ladder::Ladder,
    agents: &[String],
    anchor: usize,
    model: &str,
) -> Result<(), Error> {
    say!("  {:<16} {:>8}  {:<18} {:>8}", "agent", "Elo", "95% interval", "score");
    let bound = |x: Option<f64>, inf: &str| x.map_or(inf.to_string(), |x| format!("{x:+.0}"));
    for r in &rated.rungs {
        let score = 100.0 * r.points / f64::from(r.games.max(1));
        let (elo, interval) = match (r.elo, r.low, r.high) {
            (Some(e), low, high) => {
                (format!("{e:+.0}"), format!("[{:>6}, {:>6}]", bound(low, "-inf"), bound(high, "+inf")))
            }
            (None, Some(low), Some(high)) => ("no point".into(), format!("[{low:+.0}, {high:+.0}]")),
            (None, Some(low), _) if r.points >= f64::from(r.games) => ("won all".into(), format!("at least {low:+.0}")),
            (None, _, Some(high)) if r.points <= 0.0 => ("lost all".into(), format!("at most {high:+.0}")),
            // Unbeaten, or without a point, against every agent with a finite rating.
            (None, Some(low), _) => ("unbounded".into(), format!("at least {low:+.0}")),
            (None, _, Some(high)) => ("unbounded".into(), format!("at most {high:+.0}")),
            // No games link it to the reference (see the note below).
            (None, None, None) => ("unlinked".into(), "no scale".into()),
        };
        say!("  {:<16} {:>8}  {:<18} {:>7.1}%", r.agent, elo, interval, score);
    }
    say!("  {model}");
    if rated.reference != agents[anchor] {
        say!(
            "  {} has no finite rating (it won or lost all its games against the others rated): the scale is set by {} instead.",
            agents[anchor],
            rated.reference
        );
    }
    if rated.rungs.iter().any(|r| r.elo.is_none() && (r.low.is_some() || r.high.is_some())) {
        say!(
            "  An agent that won or lost every game (against the agents rated) has a one-sided 95% bound, not a point."
        );
    }
    if rated.rungs.iter().any(|r| (r.elo, r.low, r.high) == (None, None, None)) {
        say!(
            "  An agent shown unlinked played no decided game against the agents rated, through any chain of games: \
             an agent between them won or lost all its games. Rate it with --anchor set to it, or play every pair."
        );
    }
    Ok(())
}
