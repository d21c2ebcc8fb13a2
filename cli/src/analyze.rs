//! `tabula analyze`, `compare` and `merge`: batch self-play with statistics.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::Path;
use tabula::{Error, Game, IoError};
use tabula_analysis::factorial::{self, Criterion, Factor};
use tabula_analysis::sequential::{Decision, Sprt};
use tabula_analysis::{Comparison, Config, Correction, Report, Results, RunKey, Testing, chart, compare, run_games};
use tabula_files::{self as files, Overwrite};

/// The most games one process plays in a run (their results stay in memory).
const MAX_GAMES: usize = 10_000_000;
/// The most bytes read from a results file: a game takes well under 1 KiB
/// there (about 400 bytes in a game of two), and a file holds one run at most.
const MAX_RESULTS_BYTES: u64 = MAX_GAMES as u64 * 1024;
/// The most threads a run plays on: more than there are cores gain nothing,
/// and thousands fail to start (the system's bound) or hang the machine; the
/// largest cluster nodes have some hundreds of cores.
const MAX_THREADS: usize = 1024;

/// The threads `--threads` asks for (default: one per core), or an error
/// that says why not, before any game.
pub fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, Error> {
    check_threads(threads)?;
    // 0: rayon's default, one thread per core.
    rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build().map_err(|e| {
        let asked = threads.map_or_else(|| "one per core".to_string(), |n| n.to_string());
        // The system's refusal, not the user's mistake.
        Error::Io(IoError::new(format!("the threads to play on ({asked}) could not be started: {e}")))
    })
}

fn check_threads(threads: Option<usize>) -> Result<(), Error> {
    match threads {
        Some(n) if n == 0 || n > MAX_THREADS => Err(Error::Usage(format!(
            "--threads {n}: 1 to {MAX_THREADS} (leave it out for one thread per core; the results do not depend on it)"
        ))),
        _ => Ok(()),
    }
}

/// How `compare` reads its tests.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// How the p-values of the comparison's tests are adjusted for their
    /// number: holm (family-wise error rate), bh (Benjamini-Hochberg, false
    /// discovery rate) or none.
    #[arg(long, default_value = "holm", value_name = "holm|bh|none")]
    pub correction: String,
    /// The level adjusted p-values are held against.
    #[arg(long, default_value_t = 0.05)]
    pub level: f64,
    /// Plays each variant on its own seeds (seed, seed + 1, ...) instead of
    /// the same games, so that the tests are of independent samples. The
    /// default, the same seeds, is a paired design and needs fewer games.
    #[arg(long)]
    pub independent: bool,
    /// Stops as soon as it is decided whether the second variant changes
    /// player 1's win rate (Wald's SPRT on the games the two variants decide
    /// differently); --games is then the most it plays.
    #[arg(long)]
    pub sequential: bool,
    /// With several --sweep options: successive halving. Every variant plays a
    /// first round, the better half by --rank goes on with twice the games,
    /// and so on; the last left play --games. Spends the games on the
    /// variants that could be best; a ranking, without the tests.
    #[arg(long)]
    pub adaptive: bool,
    /// With --sequential: the difference to find, as the share of the games
    /// the two variants decide differently that the variant's player 1 wins
    /// (0.5: no difference).
    #[arg(long, default_value_t = 0.6)]
    pub effect: f64,
    /// With --sequential: the chance of calling a difference where there is none.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// With --sequential: the chance of missing a difference of --effect.
    #[arg(long, default_value_t = 0.2)]
    pub beta: f64,
    /// With --sequential: games per variant between looks.
    #[arg(long, default_value_t = 100)]
    pub batch: u32,
}

impl TestArgs {
    pub fn testing(&self) -> Result<Testing, Error> {
        let correction = Correction::parse(&self.correction).map_err(|e| Error::Usage(format!("--{e}")))?;
        if !(self.level > 0.0 && self.level < 1.0) {
            return Err(Error::Usage(format!("--level {}: expected a number between 0 and 1", self.level)));
        }
        Ok(Testing { correction, level: self.level })
    }
}

/// What `analyze` and `compare` share on the command line.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// How many games (per variant). With --strengths, one count for every
    /// strength or one per strength (200,100,50).
    #[arg(long, default_value = "1000", value_name = "N")]
    pub games: crate::games::Games,
    #[arg(long, default_value = "random,random", value_name = "A,B",
          help = format!("The two agents, agent A first: {}", tabula::agents::AGENT_FORMS))]
    pub agents: String,
    /// Threads to play on (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the run: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seat agent B as player 1 in every other game.
    #[arg(long)]
    pub swap_sides: bool,
    /// Writes the report as JSON to this file (`-` for the standard output).
    #[arg(long, value_name = "FILE")]
    pub json: Option<String>,
    /// Writes one line per game as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
    /// Draws the plots (game lengths, wins by player with 95% intervals,
    /// mean length by variant) to this file: SVG, or PNG where the name ends in `.png`.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Replaces output files that already exist (--save, --json, --csv, --plot);
    /// without it an existing file is an error, found before any game is played.
    #[arg(long)]
    pub force: bool,
}

impl RunArgs {
    pub fn config(&self, shard: Option<(u32, u32)>) -> Result<Config, Error> {
        self.config_games(shard, self.games.one()?)
    }

    /// The run's config with `games` games (per variant): `--strengths` gives each strength its own count.
    pub fn config_games(&self, shard: Option<(u32, u32)>, games: u32) -> Result<Config, Error> {
        // Exactly two: the first comma alone would take "b,c" for agent B.
        let [a, b] = self.agents.split(',').collect::<Vec<_>>()[..] else {
            return Err(Error::Usage(format!(
                "--agents {:?}: expected two agents, A,B (to rate more than two, use `tabula ladder`)",
                self.agents
            )));
        };
        for spec in [a, b] {
            tabula::agents::AgentSpec::parse(spec).map_err(Error::Usage)?;
        }
        check_threads(self.threads)?;
        let config = Config {
            agents: [a.trim().into(), b.trim().into()],
            games,
            seed: self.seed,
            swap_sides: self.swap_sides,
            shard,
        };
        // Each game's result is kept until the report: bound the memory.
        if config.indices().len() > MAX_GAMES {
            return Err(Error::Usage(format!(
                "--games {games}: at most {MAX_GAMES} games in one run; split larger runs with --shard I/N"
            )));
        }
        Ok(config)
    }

    /// Checks every output path (and `save`) before any game is played: a bad
    /// path found after an hour of games would be a lost hour. Going on with
    /// a saved run (`resume`), the `save` file is the run's own to replace.
    pub fn check_outputs(&self, save: Option<&str>, resume: bool, inputs: &[&Path]) -> Result<(), Error> {
        // Going on reads the saved run back: only a file holds one (reading a
        // device such as /dev/stdout may wait for ever).
        if let Some(path) = save.filter(|_| resume) {
            let what = match files::destination(Path::new(path))? {
                files::Destination::File(_) => None,
                files::Destination::Stdout => Some("the standard output"),
                files::Destination::InPlace(_) => Some("a device or a fifo, not a file"),
            };
            if let Some(what) = what {
                return Err(Error::Usage(format!(
                    "--resume goes on with the run saved in a --save file; {path} is {what}"
                )));
            }
        }
        let force = Overwrite::from_force(self.force);
        let outputs = [(save, if resume { Overwrite::Allow } else { force }), (self.json.as_deref(), force)]
            .into_iter()
            .chain([self.csv.as_deref(), self.plot.as_deref()].map(|p| (p, force)))
            .filter_map(|(path, overwrite)| Some((Path::new(path?), overwrite)))
            .collect::<Vec<_>>();
        for (i, &(path, overwrite)) in outputs.iter().enumerate() {
            if outputs[..i].iter().any(|&(earlier, _)| files::same_output(earlier, path)) {
                return Err(Error::Usage(format!("{}: given for two outputs", path.display())));
            }
            files::check(path, overwrite, inputs)?;
        }
        Ok(())
    }

    /// Whether the text report goes to the standard output: not where an
    /// output given as `-` (`save` too) takes it, as the text would be mixed
    /// into what is read from it.
    pub fn text_to_stdout(&self, save: Option<&str>) -> bool {
        ![save, self.json.as_deref(), self.csv.as_deref(), self.plot.as_deref()].contains(&Some(files::STDOUT))
    }

    fn pool(&self) -> Result<rayon::ThreadPool, Error> {
        thread_pool(self.threads)
    }

    /// Plays `config` on `game`, with a progress bar on a terminal.
    pub fn play(&self, game: &Game, config: &Config, label: &str) -> Result<Results, Error> {
        self.play_saving(game, config, label, None, None)
    }

    /// Plays the games of `config` that `before` (a saved part of the same run)
    /// does not hold, in chunks; after each chunk, where `save` is given, all
    /// the games so far are written there (atomically), so that an interrupted
    /// run loses one chunk at most and goes on with `--resume`.
    pub fn play_saving(
        &self,
        game: &Game,
        config: &Config,
        label: &str,
        save: Option<&str>,
        before: Option<Results>,
    ) -> Result<Results, Error> {
        if game.max_plies() == 0 {
            eprintln!(
                "note: {label} has no turn limit (max_plies = 0): a game that does not end is cut at {} plies, \
                 which may take long; give one with --option max_plies=N",
                tabula::agents::PLY_CAP
            );
        }
        let total = config.indices().len() as u64;
        let bar = if self.quiet || !std::io::stderr().is_terminal() {
            ProgressBar::hidden()
        } else {
            ProgressBar::new(total)
        };
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} games, {per_sec}, {eta} left")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        let pool = self.pool()?;
        let stop = tabula::agents::Stop::default();
        let mut todo = before.as_ref().map_or_else(|| config.indices().collect(), Results::missing);
        // Going on with a saved run, the file read is the run's own; else only a file it writes is.
        let overwrite = Overwrite::from_force(self.force);
        let mut checkpoint = save.map(|path| match before {
            Some(_) => files::Checkpoint::going_on(Path::new(path), overwrite),
            None => files::Checkpoint::new(Path::new(path), overwrite),
        });
        let mut results = before;
        // A chunk is a twentieth of the run (at least 100 games): a checkpoint costs little.
        let chunk = if save.is_some() { (total / 20).max(100) as usize } else { todo.len().max(1) };
        while !todo.is_empty() || results.is_none() {
            let rest = todo.split_off(chunk.min(todo.len()));
            let so_far = results.as_ref().map_or(0, |r| r.games.len() as u64);
            let part = pool
                .install(|| run_games(game, config, &todo, &|done| bar.set_position(so_far + done), &stop))
                .map_err(Error::Usage)?;
            match &mut results {
                Some(r) => r.absorb(part),
                None => results = Some(part),
            }
            let all = results.as_ref().expect("a chunk was played");
            bar.set_position(all.games.len() as u64);
            if let Some(checkpoint) = &mut checkpoint {
                let mut text = all.to_json().map_err(IoError::new)?;
                text.push('\n');
                checkpoint.write(text.as_bytes(), rest.is_empty())?;
            }
            todo = rest;
        }
        bar.finish_and_clear();
        Ok(results.expect("a chunk was played"))
    }
}

/// Reads a run saved with `--save` to go on with it: it must be a part of
/// the run now asked for (the same ruleset text, options, agents, seed, games),
/// and fit the ruleset (its players, its turn limit).
pub fn resume(path: &str, game: &Game, config: &Config) -> Result<Option<Results>, Error> {
    if std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(None);
    }
    let text = files::read_text_within(Path::new(path), MAX_RESULTS_BYTES)?;
    let saved = Results::from_json(&text).map_err(|e| IoError::at_path(path, e))?;
    let options = game.option_texts();
    let asked = RunKey { ruleset: game.name(), hash: game.hash(), options: &options, players: game.players(), config };
    let differences = RunKey::of(&saved).part_differences(&asked, &format!("in {path}"), "asked");
    if !differences.is_empty() {
        return Err(Error::Usage(format!(
            "{path} holds another run ({}); --resume goes on with the same ruleset, options, agents, seed, games and shard",
            differences.join("; ")
        )));
    }
    saved.check_against(game).map_err(|e| IoError::at_path(path, e))?;
    // A partial merge goes on to the whole run: every game it lacks is played now.
    let mut saved = saved;
    saved.missing_shards.clear();
    Ok(Some(saved))
}

pub fn parse_shard(text: &str) -> Result<(u32, u32), Error> {
    let bad = || Error::Usage(format!("--shard {text:?}: expected I/N with 0 <= I < N"));
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (u32, u32) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Writes an output text, ended by a newline, by the rule of every output
/// (`tabula_files`: `-` is the standard output).
pub fn write(path: &str, text: &str, force: bool) -> Result<(), Error> {
    files::write(Path::new(path), with_newline(text).as_bytes(), Overwrite::from_force(force))
}

/// A text ends with a newline, as a line on a terminal and a text file do.
fn with_newline(text: &str) -> std::borrow::Cow<'_, str> {
    if text.ends_with('\n') { text.into() } else { format!("{text}\n").into() }
}

/// The plots of a comparison, as SVG or (a name ending in `.png`) PNG.
fn write_plot(path: &str, title: &str, comparison: &Comparison, runs: &[Results], force: bool) -> Result<(), Error> {
    write_svg(path, chart::svg(title, &chart::charts(comparison, runs)), force)
}

/// An SVG picture to `path`, drawn as PNG where the name ends in `.png`.
pub fn write_svg(path: &str, svg: String, force: bool) -> Result<(), Error> {
    let bytes = chart::file_bytes(Path::new(path), svg).map_err(|e| IoError::at_path(path, e))?;
    files::write(Path::new(path), &bytes, Overwrite::from_force(force))
}

/// One line per game of every variant, the variant's label first.
pub fn compare_csv(labels: &[String], runs: &[Results]) -> String {
    let mut out = String::new();
    for (k, (label, results)) in labels.iter().zip(runs).enumerate() {
        let table = csv(results);
        let mut lines = table.lines();
        let header = lines.next().unwrap_or_default();
        if k == 0 {
            out.push_str(&format!("variant,{header}\n"));
        }
        for line in lines {
            out.push_str(&format!("{},{line}\n", quoted(label)));
        }
    }
    out
}

/// A CSV field in double quotes (a double quote inside written twice).
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// One line per game.
pub fn csv(results: &Results) -> String {
    // One column per seat where a column is about a player; places only past two players.
    let seats = 1..=results.players.len();
    let per_seat = |name: &str| seats.clone().map(|p| format!("{name}_{p}")).collect::<Vec<_>>().join(",");
    let places = if results.players.len() > 2 { format!("{},", per_seat("place")) } else { String::new() };
    // Every line carries where it comes from: ruleset, content hash, options, Tabula, date, seed.
    let options = results.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ");
    let (tabula, created) =
        results.provenance.as_ref().map_or((String::new(), String::new()), |p| (p.tabula.clone(), p.created.clone()));
    let origin = format!(
        "{},{},{},{},{},{}",
        quoted(&results.ruleset),
        results.hash,
        quoted(&options),
        tabula,
        created,
        results.config.seed
    );
    let mut out = format!(
        "ruleset,hash,options,tabula,created,seed,index,{},winner,winner_agent,first_mover,by_limit,plies,turns,decisions,branching,max_branching,{},{places}repeated,lead_changes,drama,decided_share,coverage,reason\n",
        per_seat("agent_player"),
        per_seat("pieces_end")
    );
    let agent = |a: u8| results.config.agents[usize::from(a)].as_str();
    let list = |v: Vec<String>| v.join(",");
    for g in &results.games {
        let branching = if g.decisions == 0 { 0.0 } else { g.moves_seen as f64 / f64::from(g.decisions) };
        let places = if results.players.len() > 2 {
            let place = |p: usize| g.places.get(p).map_or(String::new(), u8::to_string);
            format!("{},", list((0..results.players.len()).map(place).collect()))
        } else {
            String::new()
        };
        let q = &g.quality;
        out.push_str(&format!(
            "{origin},{},{},{},{},{},{},{},{},{},{:.3},{},{},{places}{},{},{:.4},{:.4},{:.4},{}\n",
            g.index,
            list(g.seats.iter().map(|&a| agent(a).to_string()).collect()),
            g.winner.map_or(String::new(), |w| (w + 1).to_string()),
            g.winner_agent().map_or(String::new(), |a| ["A", "B"][usize::from(a)].to_string()),
            g.first + 1,
            g.by_limit,
            g.plies,
            g.turns,
            g.decisions,
            branching,
            g.max_branching,
            list(g.pieces_end.iter().map(u32::to_string).collect()),
            g.repeated,
            q.lead_changes,
            q.drama,
            q.decided_share,
            q.coverage,
            quoted(&g.reason)
        ));
    }
    out
}

/// Says where a run's results were saved.
pub fn saved(results: &Results, path: &str) {
    eprintln!("results of games {:?} saved to {path} (combine shards with `tabula merge`)", results.config.indices());
}

/// Writes the outputs asked for and prints the report where the standard
/// output is free ([`RunArgs::text_to_stdout`]). `save` is the results file,
/// written already (it may be `-`).
pub fn report(results: &Results, args: &RunArgs, save: Option<&str>) -> Result<(), Error> {
    let report = Report::new(results);
    if let Some(path) = &args.csv {
        write(path, &csv(results), args.force)?;
    }
    if let Some(path) = &args.plot {
        let one = compare(vec![results.title.clone()], std::slice::from_ref(results), Testing::default());
        write_plot(path, &results.title, &one, std::slice::from_ref(results), args.force)?;
    }
    if let Some(path) = &args.json {
        write(path, &serde_json::to_string_pretty(&report).map_err(IoError::new)?, args.force)?;
    }
    if args.text_to_stdout(save) {
        say!("{report}");
    }
    Ok(())
}

/// Runs every variant and prints them side by side.
pub fn compare_variants(
    variants: Vec<(String, Game)>,
    args: &RunArgs,
    tests: &TestArgs,
    factorial: Option<(&[Factor], Criterion)>,
    strengths: Option<&str>,
) -> Result<(), Error> {
    if !tests.independent {
        warn_identical(&variants);
    }
    if let Some(strengths) = strengths {
        let strengths = crate::strengths::parse(strengths)?;
        return crate::strengths::compare(&variants, &strengths, args, tests, factorial.is_some());
    }
    if tests.sequential {
        return compare_sequential(&variants, args, tests);
    }
    if tests.adaptive {
        let Some((factors, criterion)) = factorial else {
            return Err(Error::Usage(
                "--adaptive ranks a sweep of several options: give two --sweep options or more".into(),
            ));
        };
        return compare_adaptive(&variants, args, factors, criterion);
    }
    let testing = tests.testing()?;
    let config = args.config(None)?;
    let mut runs = Vec::new();
    let mut labels = Vec::new();
    for (k, (label, game)) in variants.into_iter().enumerate() {
        let seed = if tests.independent { config.seed.wrapping_add(k as u64) } else { config.seed };
        runs.push(args.play(&game, &Config { seed, ..config.clone() }, &label)?);
        labels.push(label);
    }
    let comparison = compare(labels, &runs, testing);
    let factorial =
        factorial.map(|(factors, criterion)| factorial::factorial(factors, &comparison.labels, &runs, criterion));
    if let Some(path) = &args.plot {
        let title = match comparison.labels.len() {
            n if n > 3 => format!("{}: {n} variants", runs[0].title),
            _ => format!("{}: {}", runs[0].title, comparison.labels.join(" / ")),
        };
        match &factorial {
            // Many variants read best as the ranking: one row each.
            Some(f) => write_svg(path, f.ranking_svg(&title, runs[0].players.len()), args.force)?,
            None => write_plot(path, &title, &comparison, &runs, args.force)?,
        }
    }
    if let Some(path) = &args.csv {
        write(path, &compare_csv(&comparison.labels, &runs), args.force)?;
    }
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&comparison).map_err(IoError::new)?;
        write(path, &text, args.force)?;
    }
    if args.text_to_stdout(None) {
        say!("{comparison}");
        if let Some(f) = &factorial {
            say!("\n{f}");
        }
    }
    Ok(())
}

/// Says where two variants are the same ruleset text with the same options:
/// played on the same seeds (the paired default) their games are identical,
/// game for game, so every difference is 0 and no test can find one. Such an
/// A/A comparison says nothing of how often the tests err.
fn warn_identical(variants: &[(String, Game)]) {
    for (k, (label, game)) in variants.iter().enumerate() {
        let same =
            |(_, other): &&(String, Game)| other.hash() == game.hash() && other.option_texts() == game.option_texts();
        if let Some((earlier, _)) = variants[..k].iter().find(same) {
            eprintln!(
                "note: {earlier} and {label} are the same ruleset with the same options: on the same seeds they play \
                 identical games, so every difference is 0 and the tests can find none. To see how often the tests \
                 find a difference where there is none (an A/A check), play the copies on their own seeds: \
                 `tabula compare` with --independent and a fixed number of games."
            );
        }
    }
}

/// A factorial sweep by successive halving: rounds of games, each keeping the
/// better half of the variants by the criterion and doubling their games, up
/// to `--games` for the last ones left. Every variant is played on the same
/// seeds (game i is the same deal in each), so a variant's later rounds go on
/// where its earlier ones stopped.
fn compare_adaptive(
    variants: &[(String, Game)],
    args: &RunArgs,
    factors: &[Factor],
    criterion: Criterion,
) -> Result<(), Error> {
    let config = args.config(None)?;
    let schedule = factorial::halving_schedule(variants.len(), config.games);
    let mut runs: Vec<Option<Results>> = vec![None; variants.len()];
    let mut alive: Vec<usize> = (0..variants.len()).collect();
    let stop = tabula::agents::Stop::default();
    let pool = args.pool()?;
    for (round, &target) in schedule.iter().enumerate() {
        for &k in &alive {
            let (label, game) = &variants[k];
            let from = runs[k].as_ref().map_or(0, |r| r.games.len() as u32);
            let indices: Vec<u32> = (from..target).collect();
            let part = pool.install(|| run_games(game, &config, &indices, &|_| {}, &stop)).map_err(Error::Usage)?;
            match &mut runs[k] {
                Some(r) => r.absorb(part),
                None => runs[k] = Some(part),
            }
            if !args.quiet {
                eprintln!("round {}: {label}: {target} games", round + 1);
            }
        }
        if round + 1 < schedule.len() {
            let key = |k: &usize| factorial::criterion_key(criterion, &Report::new(runs[*k].as_ref().expect("played")));
            alive.sort_by(|a, b| key(a).total_cmp(&key(b)));
            alive.truncate(alive.len().div_ceil(2));
        }
    }
    let labels: Vec<String> = variants.iter().map(|(l, _)| l.clone()).collect();
    let runs: Vec<Results> = runs.into_iter().map(|r| r.expect("every variant played a round")).collect();
    let f = factorial::factorial(factors, &labels, &runs, criterion).adaptive();
    if let Some(path) = &args.plot {
        let title = format!("{}: {} variants, successive halving", runs[0].title, labels.len());
        write_svg(path, f.ranking_svg(&title, runs[0].players.len()), args.force)?;
    }
    if args.text_to_stdout(None) {
        say!(
            "{}: {} variants by successive halving, rounds of {} games per variant, A = {}, B = {}\n",
            runs[0].title,
            labels.len(),
            schedule.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
            config.agents[0],
            config.agents[1]
        );
        say!("{f}");
    }
    if let Some(path) = &args.csv {
        write(path, &compare_csv(&labels, &runs), args.force)?;
    }
    if let Some(path) = &args.json {
        let games: Vec<usize> = runs.iter().map(|r| r.games.len()).collect();
        let report = serde_json::json!({
            "provenance": provenances(&labels, &runs),
            "design": "successive halving",
            "rounds": schedule,
            "variants": labels,
            "games": games,
            "factorial": f,
        });
        write(path, &serde_json::to_string_pretty(&report).map_err(IoError::new)?, args.force)?;
    }
    Ok(())
}

/// Where each variant's results come from (its label first): variants may
/// differ in ruleset, hash and options, so each is named.
fn provenances(labels: &[String], runs: &[Results]) -> Vec<serde_json::Value> {
    labels
        .iter()
        .zip(runs)
        .map(|(label, run)| {
            let mut p = provenance(run);
            p["variant"] = label.as_str().into();
            p
        })
        .collect()
}

/// Where a run's results come from, for the files a comparison writes.
fn provenance(results: &Results) -> serde_json::Value {
    serde_json::json!({
        "ruleset": results.ruleset,
        "hash": results.hash,
        "options": results.options,
        "agents": results.config.agents,
        "seed": results.config.seed,
        "tabula": results.provenance.as_ref().map(|p| p.tabula.clone()),
        "created": results.provenance.as_ref().map(|p| p.created.clone()),
    })
}

/// A paired comparison of two variants, looked at every `--batch` games and
/// stopped when the SPRT decides (see `tabula_analysis::sequential`).
fn compare_sequential(variants: &[(String, Game)], args: &RunArgs, tests: &TestArgs) -> Result<(), Error> {
    let sprt =
        Sprt::new(tests.effect, tests.alpha, tests.beta).map_err(|e| Error::Usage(format!("--sequential: {e}")))?;
    // Each refusal names what was given.
    if variants.len() != 2 {
        return Err(Error::Usage(format!(
            "--sequential compares two variants, and {} were given: compare them two at a time, or leave --sequential out",
            variants.len()
        )));
    }
    if tests.independent {
        return Err(Error::Usage(
            "--sequential plays both variants on the same seeds: leave --independent out, or --sequential".into(),
        ));
    }
    if args.plot.is_some() {
        return Err(Error::Usage("--sequential draws no --plot yet: leave it out".into()));
    }
    let config = args.config(None)?;
    let looks = config.games.div_ceil(tests.batch.max(1)).max(1);
    let (low, high) = sprt.bounds();
    // The looks are told as they come, where the standard output is free.
    let text = args.text_to_stdout(None);
    if text {
        say!(
            "Sequential test of player 1's win rate, {} against {}: SPRT, effect {} of the games decided differently, \
         alpha {} (both sides), beta {}; bounds {low:.3} and {high:.3} on each side's log-likelihood ratio; at most {} games per variant.",
            variants[1].0,
            variants[0].0,
            sprt.effect,
            sprt.alpha,
            sprt.beta,
            config.games
        );
    }
    let (mut wins, mut losses, mut played, mut sides) = (0u32, 0u32, 0u32, [None, None]);
    let mut decision = Decision::Continue;
    // Every game played, per variant, for --csv; every look, for --json.
    let mut all: Vec<Option<Results>> = vec![None, None];
    let mut looked = Vec::new();
    for look in 0..looks {
        let batch = Config { shard: Some((look, looks)), ..config.clone() };
        let mut runs = Vec::new();
        for (label, game) in variants {
            runs.push(args.play(game, &batch, label)?);
        }
        let first_wins = |r: &Results| -> std::collections::BTreeMap<u32, bool> {
            r.games.iter().map(|g| (g.index, g.winner == Some(0))).collect()
        };
        let (base, variant) = (first_wins(&runs[0]), first_wins(&runs[1]));
        for (index, &won) in &variant {
            match (base.get(index), won) {
                (Some(false), true) => wins += 1,
                (Some(true), false) => losses += 1,
                _ => {}
            }
        }
        played += batch.indices().len() as u32;
        decision = sprt.look(&mut sides, wins, losses);
        let (up, down) = sprt.ratios(wins, losses);
        looked.push(serde_json::json!({"games": played, "wins": wins, "losses": losses, "up": up, "down": down}));
        for (k, run) in runs.into_iter().enumerate() {
            match &mut all[k] {
                Some(r) => r.absorb(run),
                None => all[k] = Some(run),
            }
        }
        if text {
            say!(
                "  after {played} games: decided differently {} (variant's player 1 won {wins}, lost {losses}); ratios {up:.3} / {down:.3}",
                wins + losses
            );
        }
        if decision != Decision::Continue {
            break;
        }
    }
    let verdict = match decision {
        Decision::Higher => "the variant raises player 1's win rate",
        Decision::Lower => "the variant lowers player 1's win rate",
        Decision::NoDifference => "no difference as large as the effect",
        Decision::Continue => "not decided within the games allowed (raise --games)",
    };
    if text {
        say!("  {verdict} (after {played} games per variant).");
    }
    let labels: Vec<String> = variants.iter().map(|(l, _)| l.clone()).collect();
    let all: Vec<Results> = all.into_iter().flatten().collect();
    if let Some(path) = &args.csv {
        write(path, &compare_csv(&labels, &all), args.force)?;
    }
    if let Some(path) = &args.json {
        let report = serde_json::json!({
            "provenance": provenances(&labels, &all),
            "design": "sequential probability ratio test, paired",
            "variants": labels,
            "effect": sprt.effect,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "bounds": [low, high],
            "looks": looked,
            "games": played,
            "decision": verdict,
        });
        write(path, &serde_json::to_string_pretty(&report).map_err(IoError::new)?, args.force)?;
    }
    Ok(())
}

pub fn merge(files: &[String], args: &RunArgs, save: Option<&str>, allow_partial: bool) -> Result<(), Error> {
    check_threads(args.threads)?;
    let mut parts = Vec::new();
    for file in files {
        let text = files::read_text_within(Path::new(file), MAX_RESULTS_BYTES)?;
        let part = Results::from_json(&text).map_err(|e| IoError::at_path(file, e))?;
        part.check_with_saved_game().map_err(|e| IoError::at_path(file, e))?;
        parts.push((file.clone(), part));
    }
    let merged = Results::merge_named(parts, allow_partial).map_err(Error::Usage)?;
    if let Some(path) = save {
        write(path, &merged.to_json().map_err(IoError::new)?, args.force)?;
        saved(&merged, path);
    }
    report(&merged, args, save)
}
