//! `tabula`: the command line of Tabula.

/// Prints a line; a closed output (`tabula ... | head`) ends the program
/// quietly, any other failure (a full disk) with an error.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            crate::stdout_failed(&e);
        }
    }};
}

/// Prints without a newline, like `say!`.
macro_rules! say_inline {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            crate::stdout_failed(&e);
        }
    }};
}

mod analyze;
mod games;
mod ladder;
mod placings;
mod play;
mod strengths;

use clap::{Parser, Subcommand};
use std::path::Path;
use std::process::ExitCode;
use tabula::{Error, Game, Options, Record, State, shipped};
use tabula_analysis::factorial::{Criterion, Factor};
use tabula_analysis::plan::Target;
use tabula_analysis::{Generator, simulate_with};
use tabula_files::{self as files, Overwrite};

/// Tabula plays board games whose rules are written as data (RON rulesets).
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// A ruleset and its option values.
#[derive(Debug, clap::Args)]
struct GameArgs {
    /// A shipped ruleset's name (see `tabula list`) or the path of a .ron file.
    ruleset: String,
    /// Sets an option, as name=value; may be given many times.
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    options: Vec<String>,
}

impl GameArgs {
    fn load(&self) -> Result<Game, Error> {
        let mut options = Options::new();
        for pair in &self.options {
            options.set_pair(pair)?;
        }
        let (source, text) = shipped::resolve(&self.ruleset)?;
        Game::from_source(&text, &source, &options)
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Lists the shipped rulesets, one line each, with their options.
    List,
    /// Checks ruleset files: prints `file:line:col: message` for each mistake.
    Check {
        /// Ruleset files (or shipped names).
        #[arg(required = true)]
        files: Vec<String>,
        /// Sets an option for the check, as name=value.
        #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Lists the legal moves after the given moves (from the start or a position).
    Moves {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to play first, separated by spaces, e.g. "S@a1 S@b1" or "throw:4 a1-a5".
        #[arg(long, default_value = "")]
        play: String,
        /// A position file (RON) to start from instead of the initial position.
        #[arg(long, value_name = "FILE")]
        position: Option<String>,
        /// Prints JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Also prints the board and the position (RON) after the moves.
        #[arg(long)]
        show: bool,
    },
    /// Plays a game in the terminal, each side a human or an agent.
    Play {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, default_value = "human", help = format!("Who plays player 1: human, or an agent: {}", tabula::agents::AGENT_FORMS))]
        p1: play::Side,
        /// Who plays player 2 (as player 1).
        #[arg(long, default_value = "random")]
        p2: play::Side,
        /// Who plays players 3 and after, in games of more than two.
        #[arg(long, default_value = "random")]
        others: play::Side,
        /// Seed of the agents' randomness and of sampled throws.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Saves the game record (RON) to this file when the game ends; an
        /// existing file is never replaced (checked before the game starts).
        #[arg(long, value_name = "FILE")]
        record: Option<String>,
    },
    /// Plays N random games and reports results, average length and speed.
    Simulate {
        #[command(flatten)]
        game: GameArgs,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u32,
        /// Seed of the run; the same seed gives the same games under the same generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The random number generator: xoshiro256++ (fast), or chacha8 (the
        /// generator before 2026-11-27, to play an earlier seed's games again).
        #[arg(long, default_value = "xoshiro256++", value_parser = generators())]
        generator: Generator,
    },
    /// Plays N games between two agents, in parallel, and reports results with
    /// 95% confidence intervals, lengths, branching, pieces and repetition.
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        run: analyze::RunArgs,
        /// Plays only slice I of N of the games (for cluster job arrays), e.g. 0/8.
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
        /// Writes the games' results (JSON) to this file, for `tabula merge`;
        /// written as the games go (every twentieth of the run), so that an
        /// interrupted run can go on with `--resume`.
        #[arg(long, value_name = "FILE")]
        save: Option<String>,
        /// Goes on with the run saved in the --save file (if it exists): plays
        /// only the games it lacks. The run must be the same (ruleset,
        /// options, agents, seed, games, shard).
        #[arg(long, requires = "save")]
        resume: bool,
    },
    /// Runs the same analysis on two or more variants and shows the differences,
    /// each with its interval and a test; the tests are adjusted together for
    /// their number (Holm by default).
    Compare {
        /// Rulesets to compare (shipped names or files); one ruleset with --sweep compares its option values.
        #[arg(required = true)]
        rulesets: Vec<String>,
        /// Sets an option for every variant, as name=value.
        #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
        options: Vec<String>,
        /// An option and its values to compare, e.g. pharaoh_diagonal=true,false.
        /// Given for several options, every combination of their values is a
        /// variant (a full factorial sweep), ranked and broken down by option.
        #[arg(long, value_name = "NAME=V1,V2,...")]
        sweep: Vec<String>,
        /// What a sweep of several options ranks first: balance (the seats
        /// closest to equal) or limit (the fewest games ended by the turn limit).
        #[arg(long, default_value = "balance", value_name = "balance|limit")]
        rank: String,
        #[command(flatten)]
        run: analyze::RunArgs,
        #[command(flatten)]
        tests: analyze::TestArgs,
        /// Repeats the comparison at each strength of play, e.g.
        /// random,mcts:100,mcts:1000: at each, that agent plays every seat
        /// (A/B: agent A and agent B), and each finding is shown at every
        /// strength side by side; the tests of all strengths are one family.
        #[arg(long, value_name = "S1,S2,...", conflicts_with = "agents")]
        strengths: Option<String>,
    },
    /// Combines the result files of shards (`analyze --shard I/N --save F`) into one report.
    Merge {
        /// The shards' result files.
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        run: analyze::RunArgs,
        /// Writes the merged results (JSON) to this file.
        #[arg(long, value_name = "FILE")]
        save: Option<String>,
        /// Merges even if shards are missing; the report says which.
        #[arg(long)]
        allow_partial: bool,
    },
    /// Rates agents against each other: a round robin (every pair plays --games
    /// games, seats swapped every other game; or, with --pairs neighbours,
    /// each agent only the next in the list), rated by the Bradley–Terry
    /// model on the Elo scale with 95% bootstrap intervals, the --anchor agent
    /// at 0. An agent that won or lost every game gets a one-sided bound.
    /// In a game of three players or more: --games games in all, agents
    /// seated at random from the seed, rated by Plackett–Luce from each
    /// game's placing.
    Ladder {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, default_value = "random,greedy,mcts:50,mcts:200", value_name = "A,B,...",
              help = format!("The agents, at least two: {}", tabula::agents::AGENT_FORMS))]
        agents: String,
        /// The agent at 0 on the Elo scale (one of --agents; default the first).
        #[arg(long, value_name = "AGENT")]
        anchor: Option<String>,
        /// Games per pair of agents (in a game of three players or more: games
        /// in all); with --pairs neighbours, one count for every pair or one per
        /// pair in order (20,1000,20: many games where a small difference needs them).
        #[arg(long, default_value = "100", value_name = "N or N1,N2,...")]
        games: games::Games,
        /// Which pairs play: all (a round robin), or neighbours (each agent only
        /// the next in --agents: a chain, enough to check an order, in fewer games).
        #[arg(long, value_enum, default_value_t = ladder::Pairs::All)]
        pairs: ladder::Pairs,
        /// Seed of the run: the same seed gives the same games and intervals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to play on (default: all cores). Results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Says how many games per variant a comparison needs to find a difference:
    /// a win rate (--base, --difference), a mean (--spread, --difference), or
    /// every metric of a pilot comparison (--from pilot.json).
    Plan {
        /// The win rate to start from (0 to 1; 0.5 for a balanced game).
        #[arg(long, value_name = "RATE")]
        base: Option<f64>,
        /// The difference to find: in points of the rate (0.05) with --base,
        /// in the metric's own units with --spread. May be negative (-0.05).
        #[arg(long, allow_negative_numbers = true)]
        difference: Option<f64>,
        /// What one game adds to the spread of a mean's difference (a pilot's
        /// `spread`, or the standard deviation per game times 1.41 for two
        /// independent variants).
        #[arg(long)]
        spread: Option<f64>,
        /// A pilot comparison written by `tabula compare ... --json FILE`.
        #[arg(long, value_name = "FILE")]
        from: Option<String>,
        /// The error rate over the whole family of tests.
        #[arg(long, default_value_t = 0.05)]
        level: f64,
        /// The chance of finding the difference where it is.
        #[arg(long, default_value_t = 0.8)]
        power: f64,
        /// How many tests the comparison prints (default: those of one variant
        /// against the base in a two-player game, or with --from the pilot's
        /// own family).
        #[arg(long)]
        tests: Option<usize>,
    },
    /// Counts the legal move sequences of a given length from the start (perft),
    /// or from a position, and how fast: a check of the move generator against published counts.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The number of moves in each sequence.
        depth: u32,
        /// Also prints the count below each first move.
        #[arg(long)]
        divide: bool,
        /// A position file (RON, as `moves --position` reads) to count from instead of the initial position.
        #[arg(long, value_name = "FILE")]
        position: Option<String>,
        /// Makes every move, the last level's too, instead of counting the last
        /// level where it can: the same count, timed as engines that play every leaf are.
        #[arg(long)]
        make_every_move: bool,
    },
    /// Replays a game record and prints the final position and the result.
    Replay {
        /// The record file (RON).
        record: String,
        /// The ruleset file, if the record's ruleset is not a shipped one.
        #[arg(long)]
        ruleset: Option<String>,
    },
    /// Prints a ruleset with its templates expanded: what the compiler reads.
    Expand {
        /// A shipped ruleset's name (see `tabula list`) or the path of a .ron file.
        ruleset: String,
    },
    /// Rewrites a ruleset written for an older form of the language in today's
    /// (comments and layout kept), and names each construct it changed.
    Migrate {
        /// The ruleset file.
        file: String,
        /// Writes the result over the file itself (through a temporary file);
        /// without it, the result goes to the standard output.
        #[arg(long)]
        in_place: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        None => {
            say!("Tabula plays board games whose rules are written as data. The shipped games:\n");
            list();
            let example = shipped::names().next().unwrap_or("RULESET");
            say!("\nTry `tabula play {example}`, `tabula simulate {example} --games 1000`, or `tabula --help`.");
            ExitCode::SUCCESS
        }
        Some(command) => run(command).unwrap_or_else(|e| ExitCode::from(fail(&e))),
    };
    // What is still in the standard output's buffer is written now, while its failure can be said.
    if let Err(e) = std::io::Write::flush(&mut std::io::stdout()) {
        stdout_failed(&e);
    }
    code
}

/// Says an error on the standard error and gives the exit status: 1, or 0
/// where the reader of the standard output went away (`tabula ... | head`):
/// only that ends the program quietly.
fn fail(e: &Error) -> u8 {
    if matches!(e, Error::OutputClosed) {
        return 0;
    }
    // Formatted whole first: stderr is unbuffered, a write per piece of thousands of errors.
    let text = e.to_string();
    let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("{text}\n").as_bytes());
    1
}

/// Ends the program on a failed write to the standard output (see `fail`).
fn stdout_failed(e: &std::io::Error) -> ! {
    std::process::exit(i32::from(fail(&files::stdout_error(e))))
}

fn run(command: Command) -> Result<ExitCode, Error> {
    match command {
        Command::List => list(),
        Command::Check { files, options } => return check(&files, &options),
        Command::Moves { game, play, position, json, show } => moves(&game, &play, position.as_deref(), json, show)?,
        Command::Play { game, p1, p2, others, seed, record } => {
            if let Some(path) = &record {
                files::check(Path::new(path), Overwrite::Refuse, &[Path::new(&game.ruleset)])?;
            }
            let game = game.load()?;
            let sides: Vec<play::Side> =
                (0..game.player_count()).map(|p| [p1, p2].get(usize::from(p)).copied().unwrap_or(others)).collect();
            play::run(&game, &sides, seed, record.as_deref())?;
        }
        Command::Simulate { game, games, seed, generator } => simulate_cmd(&game.load()?, games, seed, generator),
        Command::Replay { record, ruleset } => replay(&record, ruleset.as_deref())?,
        Command::Migrate { file, in_place } => migrate(&file, in_place)?,
        Command::Expand { ruleset } => {
            let (source, text) = shipped::resolve(&ruleset)?;
            let expansion = tabula::ruleset::template::expand(&text)
                .map_err(|diagnostics| Error::Load(tabula::LoadError { source, diagnostics }))?;
            say!("{}", expansion.text.trim_end_matches('\n'));
        }
        Command::Ladder { game, agents, anchor, games, pairs, seed, threads } => {
            ladder::ladder(&game.load()?, &agents, anchor.as_deref(), &games, pairs, seed, threads)?;
        }
        Command::Plan { base, difference, spread, from, level, power, tests } => {
            plan(base, difference, spread, from.as_deref(), Target { level, tests: tests.unwrap_or(0), power })?;
        }
        Command::Perft { game, depth, divide, position, make_every_move } => {
            if depth > MAX_PERFT_DEPTH {
                return Err(Error::Usage(format!(
                    "perft {depth}: at most {MAX_PERFT_DEPTH} (the count grows exponentially with the depth)"
                )));
            }
            perft(&game.load()?, depth, divide, position.as_deref(), make_every_move)?;
        }
        Command::Analyze { game, run, shard, save, resume } => {
            run.check_outputs(save.as_deref(), resume, &[Path::new(&game.ruleset)])?;
            let loaded = game.load()?;
            let shard = shard.as_deref().map(analyze::parse_shard).transpose()?;
            let config = run.config(shard)?;
            let before = match (&save, resume) {
                (Some(path), true) => analyze::resume(path, &loaded, &config)?,
                _ => None,
            };
            if let Some(b) = &before {
                eprintln!("going on with {} games saved in {}", b.games.len(), save.as_deref().unwrap_or_default());
            }
            let results = run.play_saving(&loaded, &config, loaded.title(), save.as_deref(), before)?;
            if let Some(path) = &save {
                analyze::saved(&results, path);
            }
            analyze::report(&results, &run, save.as_deref())?;
        }
        Command::Compare { rulesets, options, sweep, rank, run, tests, strengths } => {
            tests.testing()?;
            run.check_outputs(None, false, &rulesets.iter().map(Path::new).collect::<Vec<_>>())?;
            let factors = factors(&sweep)?;
            let criterion = Criterion::parse(&rank).map_err(|e| Error::Usage(format!("--{e}")))?;
            // Several options swept on one ruleset: a factorial, ranked and broken down.
            let factorial = (factors.len() > 1 && rulesets.len() == 1).then_some((factors.as_slice(), criterion));
            let variants = variants(&rulesets, &options, &factors)?;
            analyze::compare_variants(variants, &run, &tests, factorial, strengths.as_deref())?;
        }
        Command::Merge { files, run, save, allow_partial } => {
            run.check_outputs(save.as_deref(), false, &files.iter().map(Path::new).collect::<Vec<_>>())?;
            analyze::merge(&files, &run, save.as_deref(), allow_partial)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The variants to compare: each ruleset, times each value of the swept option.
/// The options a sweep varies, each with its values.
fn factors(sweeps: &[String]) -> Result<Vec<Factor>, Error> {
    let mut factors: Vec<Factor> = Vec::new();
    for s in sweeps {
        let (name, values) =
            s.split_once('=').ok_or_else(|| Error::Usage(format!("--sweep {s:?}: expected name=v1,v2")))?;
        let name = name.trim().to_string();
        if factors.iter().any(|(n, _)| *n == name) {
            return Err(Error::Usage(format!("--sweep {name}: given twice")));
        }
        factors.push((name, values.split(',').map(|v| v.trim().to_string()).collect()));
    }
    Ok(factors)
}

/// Every ruleset under every combination of the swept options' values, labelled.
fn variants(rulesets: &[String], options: &[String], factors: &[Factor]) -> Result<Vec<(String, Game)>, Error> {
    let combinations = tabula_analysis::factorial::combinations(factors);
    let mut out = Vec::new();
    for ruleset in rulesets {
        let (source, text) = shipped::resolve(ruleset)?;
        for values in &combinations {
            let mut given = Options::new();
            for pair in options {
                given.set_pair(pair)?;
            }
            let mut label: Vec<String> = if rulesets.len() > 1 { vec![ruleset.clone()] } else { Vec::new() };
            for ((name, _), v) in factors.iter().zip(values) {
                given.set(name.clone(), v.clone());
                label.push(format!("{name}={v}"));
            }
            let label = if label.is_empty() { ruleset.clone() } else { label.join(" ") };
            out.push((label, Game::from_source(&text, &source, &given)?));
        }
    }
    if out.len() < 2 {
        return Err(Error::Usage(
            "compare needs two or more variants: give several rulesets or --sweep name=v1,v2".into(),
        ));
    }
    Ok(out)
}

fn list() {
    for name in shipped::names() {
        let text = shipped::text(name).unwrap_or_default();
        match Game::from_source(text, name, &Options::new()) {
            Ok(game) => {
                say!("{name:<16} {}", game.about());
                for def in game.option_defs() {
                    let value = &game.options()[def.name()];
                    say!("    {:<22} = {:<12} {}", def.name(), value.to_string(), def.doc());
                }
            }
            Err(e) => say!("{name:<16} (does not compile: {e})"),
        }
    }
}

fn check(files: &[String], options: &[String]) -> Result<ExitCode, Error> {
    let mut given = Options::new();
    for pair in options {
        given.set_pair(pair)?;
    }
    let mut failed = false;
    for file in files {
        let result = shipped::resolve(file).and_then(|(source, text)| Game::from_source(&text, &source, &given));
        match result {
            Ok(game) => say!(
                "{file}: ok: {} ({}, {}, {}, {})",
                game.title(),
                counted(game.board().len(), "field", "fields"),
                counted(game.kinds().len(), "kind of piece", "kinds of piece"),
                counted(game.phase_names().count(), "phase", "phases"),
                counted(game.option_defs().len(), "option", "options")
            ),
            Err(e) => {
                failed = true;
                let text = e.to_string(); // one write, as in `main`
                eprintln!("{text}");
            }
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn plan(
    base: Option<f64>,
    difference: Option<f64>,
    spread: Option<f64>,
    from: Option<&str>,
    mut target: Target,
) -> Result<(), Error> {
    let bad = |m: &str| Err(Error::Usage(m.to_string()));
    let within = |x: f64| x > 0.0 && x < 1.0;
    if !within(target.level) || !within(target.power) {
        return bad("--level and --power are between 0 and 1");
    }
    // Read the pilot first: its family of tests is the default.
    let pilot = from.map(strengths::Pilot::read).transpose()?;
    if target.tests == 0 {
        // One variant against the base, two players: what `tabula compare A B` tests.
        target.tests = pilot.as_ref().map_or_else(|| tabula_analysis::metrics_per_variant(2), |p| p.tests().max(1));
    }
    let family = format!(
        "{} test(s) at a family-wise level of {} ({:.4} per test), power {:.0}%",
        target.tests,
        target.level,
        target.per_test_level(),
        100.0 * target.power
    );
    // No number of games finds no difference, nor one too small to count the games for.
    let games = |n: u64, d: f64| match n {
        u64::MAX if d == 0.0 => "no number of games (there is no difference to find)".to_string(),
        u64::MAX => "more games than can be counted (the difference is too small to find)".to_string(),
        n => format!("{n} games"),
    };
    match (base, difference, spread, pilot) {
        (Some(base), Some(d), None, None) => {
            if !(0.0..=1.0).contains(&base) || !(0.0..=1.0).contains(&(base + d)) || d == 0.0 {
                return bad("--base and --base + --difference are rates between 0 and 1, and differ");
            }
            say!(
                "To tell a rate of {:.1}% from {:.1}% with {family}:\n  {} per variant on independent seeds \
                 (--independent). Paired variants (the default of `tabula compare`) need fewer: play a pilot \
                 and run `tabula plan --from pilot.json`.",
                100.0 * base,
                100.0 * (base + d),
                games(target.games_for_rates(base, d), d)
            );
        }
        (None, Some(d), Some(spread), None) => {
            if !(spread > 0.0 && spread.is_finite()) || d == 0.0 || !d.is_finite() {
                return bad("--spread is above 0 and --difference is not 0");
            }
            say!(
                "To find a difference of {d} (spread {spread} per game) with {family}:\n  {} per variant.",
                games(target.games(spread, d), d)
            );
        }
        (None, None, None, Some(pilot)) => {
            let design = if pilot.paired() { "paired" } else { "independent" };
            say!(
                "Games per variant to find each difference the pilot showed ({design} design, as the pilot), with {family}:"
            );
            // A pilot at several strengths: each plan at its strength, from that strength's spreads.
            let plans = pilot.plans(&target);
            let at = |p: &tabula_analysis::plan::PilotPlan| p.strength.as_ref().map(|s| format!("{s:<16} "));
            let strength =
                if plans.iter().any(|p| p.strength.is_some()) { format!("{:<16} ", "strength") } else { String::new() };
            say!(
                "  {strength}{:<28} {:<34} {:>12} {:>10} {:>12}",
                "variant",
                "metric",
                "difference",
                "spread",
                "games"
            );
            for p in &plans {
                let unit = if p.rate { 100.0 } else { 1.0 };
                say!(
                    "  {}{:<28} {:<34} {:>12.3} {:>10.3} {:>12}",
                    at(p).unwrap_or_default(),
                    p.variant,
                    p.metric,
                    unit * p.difference,
                    unit * p.spread,
                    if p.games == u64::MAX { games(p.games, p.difference) } else { p.games.to_string() }
                );
            }
        }
        _ => return bad("give --base and --difference (a rate), --spread and --difference (a mean), or --from FILE"),
    }
    Ok(())
}

/// "1 phase", "2 phases".
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn migrate(file: &str, in_place: bool) -> Result<(), Error> {
    let path = Path::new(file);
    let text = files::read_text(path)?;
    // A file it cannot migrate (a mistake of syntax, a later language) is an error, left as it is.
    let (current, changed) = tabula::migrate::migrate_file(&text, file)?;
    for old in &changed {
        eprintln!("{file}:{}:{}: {}", old.at.line, old.at.col, old.message());
    }
    if in_place {
        if current != text {
            files::write(path, current.as_bytes(), Overwrite::Allow)?;
        }
        eprintln!("{file}: {} construct(s) rewritten; language {}", changed.len(), tabula::migrate::LANGUAGE);
    } else {
        say!("{}", current.trim_end_matches('\n'));
    }
    Ok(())
}

fn moves(args: &GameArgs, play: &str, position: Option<&str>, json: bool, show: bool) -> Result<(), Error> {
    let game = args.load()?;
    let mut state = start_state(&game, position)?;
    for text in play.split_whitespace() {
        let m = game.parse_move(&state, text)?;
        game.play_unchecked(&mut state, m);
    }
    if show {
        say_inline!("{}", game.board_text(&state));
        say!("{}", game.position_to_string(&state));
    }
    let legal = game.move_texts(&game.legal_moves(&state));
    let outcome = state.outcome().map(|o| game.describe_outcome(o));
    if json {
        let value = serde_json::json!({
            "ruleset": game.name(),
            "to_move": game.players()[usize::from(state.to_move())],
            "to_move_number": state.to_move() + 1,
            "phase": game.phase_name(state.phase()),
            "ply": state.ply(),
            "moves": legal,
            "outcome": outcome,
        });
        say!("{value}");
    } else {
        match outcome {
            Some(o) => say!("game over: {o}"),
            None => {
                for m in legal {
                    say!("{m}");
                }
            }
        }
    }
    Ok(())
}

/// The generators by name, which `--help` and a wrong name list.
fn generators() -> impl clap::builder::TypedValueParser<Value = Generator> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Generator::ALL.map(Generator::name))
        .try_map(|name| name.parse::<Generator>())
}

fn simulate_cmd(game: &Game, games: u32, seed: u64, generator: Generator) {
    let s = simulate_with(game, games, seed, generator);
    say!("{} ({} games, seed {seed}, {})", game.title(), s.games, generator.name());
    for (p, name) in game.players().iter().enumerate() {
        say!("  {name:<10} wins {:>6}  ({:.1}%)", s.wins[p], 100.0 * f64::from(s.wins[p]) / f64::from(games.max(1)));
    }
    say!("  draws      {:>10}  ({:.1}%)", s.draws, 100.0 * f64::from(s.draws) / f64::from(games.max(1)));
    say!("  turn limit {:>10}  ({:.1}%)", s.by_limit, 100.0 * f64::from(s.by_limit) / f64::from(games.max(1)));
    for (reason, n) in &s.reasons {
        say!("    {n:>6}  {reason}");
    }
    if s.unfinished > 0 {
        say!(
            "  unfinished {:>10}  ({:.1}%): cut at {} plies, the game has no turn limit (set max_plies)",
            s.unfinished,
            100.0 * f64::from(s.unfinished) / f64::from(games.max(1)),
            tabula::agents::PLY_CAP
        );
    }
    if let Some([a, b, tied]) = s.matches {
        say!("  matches (a game and its return game, seats swapped): {} played", a + b + tied);
        say!("    side A (player 1 in the first game) won {a}, side B won {b}, tied {tied}");
    }
    if let Some(score) = s.mean_score() {
        say!("  winner's mean score {score:.2} ({} games with a score)", s.scored);
    }
    say!("  average length {:.1} plies", s.mean_plies());
    say!("  average length {:.1} turns (a turn: one player's whole move)", s.mean_turns());
    say!(
        "  {:.0} playouts/s, {:.0} plies/s (one thread, {:.2} s)",
        s.playouts_per_second(),
        s.total_plies as f64 / s.seconds.max(1e-9),
        s.seconds
    );
}

/// Deeper perft runs would not end in a lifetime on any shipped game.
const MAX_PERFT_DEPTH: u32 = 30;

fn perft(game: &Game, depth: u32, divide: bool, position: Option<&str>, every_move: bool) -> Result<(), Error> {
    let state = start_state(game, position)?;
    if divide {
        let divided = game.perft_divide(&state, depth);
        let texts = game.move_texts(&divided.iter().map(|&(m, _)| m).collect::<Vec<_>>());
        for (text, (_, n)) in texts.iter().zip(&divided) {
            say!("{text:<10} {n}");
        }
    }
    let start = std::time::Instant::now();
    let n = if every_move { game.perft_making_every_move(&state, depth) } else { game.perft(&state, depth) };
    let seconds = start.elapsed().as_secs_f64();
    say!("perft({depth}) = {n}   ({seconds:.3} s, {:.0} leaves/s)", n as f64 / seconds.max(1e-9));
    Ok(())
}

/// The state a command starts from: the position file's, or the initial one.
fn start_state(game: &Game, position: Option<&str>) -> Result<State, Error> {
    Ok(match position {
        Some(file) => {
            let text = files::read_text(Path::new(file))?;
            game.position_from_str(&text, file)?
        }
        None => game.initial_state(),
    })
}

fn replay(file: &str, ruleset: Option<&str>) -> Result<(), Error> {
    let text = files::read_text(Path::new(file))?;
    let record = Record::from_ron(&text, file)?;
    // The rules the game was played under: the record's copy, unless a ruleset is given (or the record has none).
    let at_hand = match (ruleset, &record.rules) {
        (None, Some(_)) => None,
        (given, _) => Some(shipped::resolve(given.unwrap_or(&record.ruleset))?),
    };
    let game = record.game(at_hand.as_ref().map(|(source, text)| (source.as_str(), text.as_str())))?;
    let (state, moves) = record.replay(&game)?;
    say_inline!("{}", game.board_text(&state));
    say!("{} moves replayed", moves.len());
    match state.outcome() {
        Some(o) => say!("{}", game.describe_outcome(o)),
        None => say!("game not over: {} to move", game.players()[usize::from(state.to_move())]),
    }
    Ok(())
}
