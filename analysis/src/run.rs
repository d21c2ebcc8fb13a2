//! Playing many games with chosen agents, in parallel and reproducibly: game
//! `i` is seeded by `i` alone, so the results do not depend on the number of
//! threads or on how the games are split into shards.

use super::file::RunKey;
use super::game_seed;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use tabula::Action;
use tabula::Game;
use tabula::Reason;
use tabula::agents::{AgentSpec, Stop, sample_chance};

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Config {
    /// The agents, as written (`random`, `mcts:800`): agent A first.
    pub agents: [String; 2],
    pub games: u32,
    pub seed: u64,
    /// Agent A changes seats from game to game (game i: seat i mod the
    /// number of players); without it, A is player 1. B takes the other seats.
    pub swap_sides: bool,
    /// Play only games `[games * i / n, games * (i + 1) / n)` of shard `i` of `n`.
    pub shard: Option<(u32, u32)>,
}

impl Config {
    /// The indices of the games this run plays.
    pub fn indices(&self) -> std::ops::Range<u32> {
        match self.shard {
            Some((i, n)) => {
                let at = |k: u32| (u64::from(self.games) * u64::from(k) / u64::from(n)) as u32;
                at(i)..at(i + 1)
            }
            None => 0..self.games,
        }
    }

    /// Which agent (0 = A, 1 = B) plays each of `players` players in game `index`.
    pub fn seats(&self, index: u32, players: u8) -> Vec<u8> {
        let a = if self.swap_sides { index % u32::from(players.max(1)) } else { 0 };
        (0..u32::from(players)).map(|p| u8::from(p != a)).collect()
    }
}

/// One game, as the report needs it. Plain data: shard files carry these.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameResult {
    pub index: u32,
    /// Which agent played each player.
    pub seats: Vec<u8>,
    /// The winner, where one player alone won.
    pub winner: Option<u8>,
    /// Each player's place (1 first; all 1 a draw); empty if unfinished.
    #[serde(default)]
    pub places: Vec<u8>,
    /// The player who made the first move: the first decision that is not a
    /// forced pass, in the ruleset's `first_move` phase where it names one.
    pub first: u8,
    pub by_limit: bool,
    pub unfinished: bool,
    pub reason: String,
    pub plies: u32,
    pub turns: u32,
    /// Decisions made, and the legal moves summed over them (for the branching factor).
    pub decisions: u32,
    pub moves_seen: u64,
    pub max_branching: u32,
    /// Pieces each player had on the board at the start and at the end.
    pub pieces_start: Vec<u32>,
    pub pieces_end: Vec<u32>,
    /// Positions (at a decision) that had been seen before in the game.
    pub repeated: u32,
    /// The winner's points, where the end that ended the game scores.
    #[serde(default)]
    pub score: Option<u16>,
    /// Lead changes, drama, decisiveness, board coverage (absent in older files).
    #[serde(default)]
    pub quality: super::Measures,
}

impl GameResult {
    /// The agent that won (0 = A, 1 = B), where one player alone won.
    pub fn winner_agent(&self) -> Option<u8> {
        self.winner.and_then(|p| self.seats.get(usize::from(p)).copied())
    }

    /// Whether `player` won: placed first in a game that was not a draw.
    pub fn won(&self, player: u8) -> bool {
        self.places.get(usize::from(player)) == Some(&1) && !self.is_draw()
    }

    /// Whether the game ended with every player placed first.
    pub fn is_draw(&self) -> bool {
        !self.places.is_empty() && self.places.iter().all(|&p| p == 1)
    }

    /// Whether a player that `agent` (0 = A, 1 = B) played won.
    pub fn agent_won(&self, agent: u8) -> bool {
        (0..self.seats.len() as u8).any(|p| self.seats[usize::from(p)] == agent && self.won(p))
    }
}

/// Where a run's figures come from, besides the ruleset (name, hash, text),
/// the options, the agents and the seed that a run file carries anyway.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Provenance {
    /// The version of Tabula that played the games.
    pub tabula: String,
    /// When the run was made, UTC, RFC 3339 (of the first shard, for a merged run).
    pub created: String,
}

impl Provenance {
    pub fn now() -> Provenance {
        Provenance {
            tabula: env!("CARGO_PKG_VERSION").to_string(),
            created: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
        }
    }
}

/// The results of a run (or of merged shards).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Results {
    pub ruleset: String,
    pub title: String,
    pub hash: String,
    /// Every option's value (files before issue 12 hold only those that differ from the default).
    pub options: std::collections::BTreeMap<String, String>,
    /// The options that differ from their defaults, for reports (absent in older files,
    /// whose `options` are just these).
    #[serde(default)]
    pub changed: Option<std::collections::BTreeMap<String, String>>,
    /// The ruleset's text as played (absent in older files).
    #[serde(default)]
    pub rules: Option<String>,
    pub players: Vec<String>,
    pub config: Config,
    pub games: Vec<GameResult>,
    pub seconds: f64,
    /// Which Tabula made the run, and when (absent in older files).
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Shards `(i, n)` that a merge was allowed to go without (`--allow-partial`):
    /// the games are not the whole run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_shards: Vec<(u32, u32)>,
}

/// Plays game `index` of a run.
/// `eval` judges who leads, for the quality measures. `None` where `stop`
/// was set before the game ended: its agents stop thinking at once and the
/// game is left unfinished, not reported.
pub fn play_game(
    game: &Game,
    config: &Config,
    specs: &[AgentSpec; 2],
    eval: &tabula::agents::Evaluator,
    index: u32,
    stop: &Stop,
) -> Option<GameResult> {
    // Common random numbers: chance draws from stream 0 of the game's seed
    // and the agent in player p's seat from stream p + 1, so variants played
    // with the same seed throw the same dice and their agents draw the same
    // numbers as long as the games allow. That is what makes a comparison of
    // variants a paired design.
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed(config.seed, u64::from(index)));
    let players = game.player_count();
    let mut seat_rngs: Vec<ChaCha8Rng> = (0..players)
        .map(|p| {
            let mut r = rng.clone();
            r.set_stream(p as u64 + 1);
            r
        })
        .collect();
    let seats = config.seats(index, players);
    let mut agents: Vec<_> = seats
        .iter()
        .map(|&a| {
            let mut agent = specs[usize::from(a)].build(game);
            agent.stop_with(stop.clone());
            agent
        })
        .collect();
    // (Every position's hash is asked for below: the key kept move by move.)
    let mut state = game.initial_state().with_keys().into_owned();
    let on_board = |s: &tabula::State| (0..players).map(|p| s.on_board(p)).collect::<Vec<u32>>();
    let pieces_start = on_board(&state);
    let (mut decisions, mut moves_seen, mut max_branching, mut repeated) = (0u32, 0u64, 0u32, 0u32);
    // Position hashes are hashes already: no second hashing to look them up.
    let mut seen: nohash_hasher::IntSet<u64> = Default::default();
    let mut legal = Vec::new();
    // Who made the game's first move: the first decision that is not a forced
    // pass (a player with no move makes none), in the phase the ruleset names;
    // where there is none, the first decision's.
    let (mut first, mut first_any) = (None, None);
    let mut quality = super::quality::Quality::new(game, eval);
    while !state.is_over() && state.ply() < tabula::agents::PLY_CAP {
        if stop.stopped() {
            return None;
        }
        game.legal_moves_into(&state, &mut legal);
        let m = if legal[0].action() == Action::Chance {
            sample_chance(game, &state, &legal, &mut rng)
        } else {
            decisions += 1;
            moves_seen += legal.len() as u64;
            max_branching = max_branching.max(legal.len() as u32);
            if !seen.insert(state.position_hash()) {
                repeated += 1;
            }
            first_any.get_or_insert(state.to_move());
            let forced_pass = legal.len() == 1 && legal[0].action() == Action::Pass;
            if !forced_pass && game.first_move_phase(&state) {
                first.get_or_insert(state.to_move());
            }
            quality.see(game, &state);
            let seat = usize::from(state.to_move());
            agents[seat].choose(game, &state, &mut seat_rngs[seat])
        };
        game.play_unchecked(&mut state, m);
    }
    let outcome = state.outcome();
    let quality = quality.finish(game, &state, &outcome.map(|o| o.winners().collect::<Vec<_>>()).unwrap_or_default());
    Some(GameResult {
        index,
        seats,
        winner: outcome.and_then(|o| o.winner()),
        places: outcome.map_or_else(Vec::new, |o| o.places[..usize::from(players)].to_vec()),
        first: first.or(first_any).unwrap_or(0),
        by_limit: outcome.is_some_and(|o| o.reason == Reason::TurnLimit || game.reason_is_limit(o.reason)),
        unfinished: outcome.is_none(),
        reason: outcome.map_or_else(
            || format!("unfinished: cut at {} plies (the game has no turn limit)", tabula::agents::PLY_CAP),
            |o| game.reason_text(o.reason),
        ),
        plies: state.ply(),
        turns: state.turn(),
        decisions,
        moves_seen,
        max_branching,
        pieces_start,
        pieces_end: on_board(&state),
        repeated,
        score: outcome.and_then(|o| game.outcome_score(o)),
        quality,
    })
}

/// Plays the games of `config` on the current rayon thread pool; `progress`
/// is told the number of games done so far.
pub fn run(game: &Game, config: &Config, progress: &(dyn Fn(u64) + Sync)) -> Result<Results, String> {
    run_until(game, config, progress, &Stop::default())
}

/// Like [`run`], but once `stop` is set the games not yet started are left
/// out, and the games being played are abandoned (their agents stop thinking
/// at once): the results hold only games played to their end.
pub fn run_until(
    game: &Game,
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
    stop: &Stop,
) -> Result<Results, String> {
    run_games(game, config, &config.indices().collect::<Vec<u32>>(), progress, stop)
}

/// Plays the games of `config` with these indices (a part of the run: what
/// an interrupted run has still to play); `progress` is told how many are done.
pub fn run_games(
    game: &Game,
    config: &Config,
    indices: &[u32],
    progress: &(dyn Fn(u64) + Sync),
    stop: &Stop,
) -> Result<Results, String> {
    let specs = [AgentSpec::parse(&config.agents[0])?, AgentSpec::parse(&config.agents[1])?];
    if let Some((i, n)) = config.shard {
        if n == 0 || i >= n {
            return Err(format!("shard {i}/{n}: expected I/N with 0 <= I < N"));
        }
    }
    let start = std::time::Instant::now();
    let done = AtomicU64::new(0);
    let eval = tabula::agents::Evaluator::new(game);
    let games: Vec<GameResult> = indices
        .par_iter()
        .filter_map(|&i| {
            if stop.stopped() {
                return None;
            }
            let r = play_game(game, config, &specs, &eval, i, stop)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Some(r)
        })
        .collect();
    Ok(Results {
        ruleset: game.name().to_string(),
        title: game.title().to_string(),
        hash: game.hash().to_string(),
        options: game.option_texts(),
        changed: Some(game.changed_options().iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()),
        rules: Some(game.source_text().to_string()),
        players: game.players().to_vec(),
        config: config.clone(),
        games,
        seconds: start.elapsed().as_secs_f64(),
        provenance: Some(Provenance::now()),
        missing_shards: Vec::new(),
    })
}

impl Results {
    /// Whether `other` is a part of the same run: same ruleset text, options, players and configuration.
    pub fn same_run(&self, other: &Results) -> bool {
        RunKey::of(self).part_differences(&RunKey::of(other), "", "").is_empty()
    }

    /// The indices of the run's games not played yet.
    pub fn missing(&self) -> Vec<u32> {
        let done: std::collections::HashSet<u32> = self.games.iter().map(|g| g.index).collect();
        self.config.indices().filter(|i| !done.contains(i)).collect()
    }

    /// Adds the games of `more` (a part of the same run), keeping game order.
    pub fn absorb(&mut self, more: Results) {
        self.games.extend(more.games);
        self.games.sort_by_key(|g| g.index);
        self.seconds += more.seconds;
    }

    /// Merges shard results of one run into one, as if played unsharded.
    /// Every shard `0..n` must be there exactly once; with `allow_partial`,
    /// missing shards are allowed and listed in `missing_shards`. The parts
    /// are named by their shards in errors; [`Results::merge_named`] names them.
    pub fn merge(parts: Vec<Results>, allow_partial: bool) -> Result<Results, String> {
        let named = parts.into_iter().map(|p| (show_shard(p.config.shard), p)).collect();
        Results::merge_named(named, allow_partial)
    }

    /// [`Results::merge`] of parts named (by their files) for its errors.
    pub fn merge_named(parts: Vec<(String, Results)>, allow_partial: bool) -> Result<Results, String> {
        for (name, part) in &parts {
            part.check().map_err(|e| format!("{name}: {e}"))?;
            let (held, all) = (part.games.len(), part.config.indices().len());
            // (A partial merge says so already, in `missing_shards`.)
            if held < all && part.missing_shards.is_empty() && !allow_partial {
                return Err(format!(
                    "{name}: holds {held} of the {all} games of {} (a run cut short: go on with it by \
                     `tabula analyze ... --save {name} --resume`, or --allow-partial to merge it as it is)",
                    show_shard(part.config.shard)
                ));
            }
        }
        let mut parts = parts.into_iter();
        let (first, mut merged) = parts.next().ok_or("nothing to merge")?;
        let count = merged.config.shard.map_or(1, |(_, n)| n);
        // How often each shard was given: as many entries as files at most,
        // whatever number of shards the files claim.
        let mut given: BTreeMap<u32, u32> = BTreeMap::new();
        given.insert(merged.config.shard.map_or(0, |(i, _)| i), 1);
        for (name, part) in parts {
            let differences =
                RunKey::of(&merged).differences(&RunKey::of(&part), &format!("in {first}"), &format!("in {name}"));
            if !differences.is_empty() {
                return Err(format!("{first} and {name} are shards of different runs: {}", differences.join("; ")));
            }
            match part.config.shard {
                Some((i, n)) if n == count && merged.config.shard.is_some() => *given.entry(i).or_default() += 1,
                other => {
                    return Err(format!(
                        "{first} ({}) and {name} ({}) are not shards of one split",
                        show_shard(merged.config.shard),
                        show_shard(other)
                    ));
                }
            }
            merged.seconds += part.seconds;
            merged.games.extend(part.games);
        }
        let twice: Vec<String> = given.iter().filter(|&(_, &n)| n > 1).map(|(i, _)| format!("{i}/{count}")).collect();
        if !twice.is_empty() {
            return Err(format!("shards given more than once: {}", twice.join(", ")));
        }
        let missing = u64::from(count) - given.len() as u64;
        // The missing shards, first to last, found without a list of every shard.
        let mut absent = (0..count).filter(|i| !given.contains_key(i));
        if missing > 0 && !allow_partial {
            let shown: Vec<String> = absent.by_ref().take(10).map(|i| format!("{i}/{count}")).collect();
            let more = if missing > 10 { format!(" and {} more", missing - 10) } else { String::new() };
            return Err(format!(
                "shards missing: {}{more} (give them, or --allow-partial to merge without them)",
                shown.join(", ")
            ));
        }
        if missing > MOST_MISSING as u64 {
            return Err(format!(
                "{missing} of the {count} shards are missing: --allow-partial merges without {MOST_MISSING} shards at most"
            ));
        }
        merged.missing_shards.extend(absent.map(|i| (i, count)));
        merged.games.sort_by_key(|g| g.index);
        if let Some(w) = merged.games.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(format!("game {} is in two shards", w[0].index));
        }
        merged.config.shard = None;
        Ok(merged)
    }
}

/// The most shards a partial merge may go without: each is listed in the
/// merged file, so a file claiming billions of shards is refused, not listed.
const MOST_MISSING: usize = 10_000;

/// A shard in words: `shard 2/8`, or `the whole run`.
pub(super) fn show_shard(shard: Option<(u32, u32)>) -> String {
    shard.map_or("the whole run".into(), |(i, n)| format!("shard {i}/{n}"))
}
