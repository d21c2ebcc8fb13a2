//! Whatever a results file says — a saved run, a shard, a merged run,
//! mutated in its counts, indices, sizes, names, numbers or cut short —
//! merging it, going on with it (`--resume`) and reporting it end in an error
//! or a report: no panic, no abort, and no allocation beyond the files' own
//! size times a constant (issue 42: a claimed count of 4294967295 games or
//! shards allocated 4 to 17 GB). The heap is counted by dhat's allocator in its
//! testing mode; one test in this file, so that no other test allocates
//! while it counts.

use proptest::prelude::*;
use proptest::test_runner::{Config as Cases, TestCaseError, TestRunner};
use serde_json::Value;
use tabula::Game;
use tabula_analysis::{Config, Report, Results, RunKey, Testing, chart, compare, run};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Bytes allocated so far (freed or not): an upper bound of what a step held at once.
fn allocated() -> u64 {
    dhat::HeapStats::get().total_bytes
}

/// Bytes a step may allocate per byte of the files it reads, and besides
/// them (compiling the ruleset the files carry, the report's tables). The
/// unmutated files take about a fifth of this (printed with --nocapture).
const PER_BYTE: u64 = 200;
const BESIDES: u64 = 8 << 20;

/// Cases per run: a few seconds in CI; `TABULA_FUZZ_CASES=100000` for a long hunt.
fn cases() -> u32 {
    std::env::var("TABULA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
}

/// A run of `name` in two shards and whole, as the texts of its results files.
struct Run {
    game: Game,
    config: Config,
    files: Vec<String>,
}

fn played(name: &str, agents: [&str; 2], games: u32) -> Run {
    let game = tabula_tests::shipped_game(name);
    let config = Config { agents: agents.map(String::from), games, seed: 7, swap_sides: true, shard: None };
    let json = |c: &Config| run(&game, c, &|_| {}).expect("runs").to_json().expect("as JSON");
    let files = vec![
        json(&Config { shard: Some((0, 2)), ..config.clone() }),
        json(&Config { shard: Some((1, 2)), ..config.clone() }),
        json(&config),
    ];
    Run { game, config, files }
}

/// What `merge`, `analyze --resume` and their reports do with the files.
fn use_files(run: &Run, texts: &[String]) {
    let parts: Vec<(String, Results)> = texts
        .iter()
        .enumerate()
        .filter_map(|(k, text)| {
            let r = Results::from_json(text).ok()?;
            r.check_with_saved_game().ok()?;
            Some((format!("part-{k}.json"), r))
        })
        .collect();
    for (_, r) in &parts {
        resume(run, r);
    }
    for allow_partial in [false, true] {
        if let Ok(merged) = Results::merge_named(parts.clone(), allow_partial) {
            reports(&merged);
        }
    }
}

/// `analyze --resume` with the run asked for: the file must be a part of it
/// and fit its ruleset; then the games it lacks are listed, and it is reported.
fn resume(run: &Run, saved: &Results) {
    let options = run.game.option_texts();
    let asked = RunKey {
        ruleset: run.game.name(),
        hash: run.game.hash(),
        options: &options,
        players: run.game.players(),
        config: &Config { shard: saved.config.shard, ..run.config.clone() },
    };
    if RunKey::of(saved).differences(&asked, "", "").is_empty() && saved.check_against(&run.game).is_ok() {
        std::hint::black_box(saved.missing());
        reports(saved);
    }
}

/// The report as printed and written (JSON by serde, CSV by its columns, the plots).
fn reports(results: &Results) {
    let report = Report::new(results);
    std::hint::black_box(report.to_string());
    for g in &results.games {
        std::hint::black_box((g.winner_agent(), g.agent_won(0), g.is_draw()));
    }
    let one = compare(vec![results.title.clone()], std::slice::from_ref(results), Testing::default());
    std::hint::black_box(chart::svg(&results.title, &chart::charts(&one, std::slice::from_ref(results))));
}

/// Uses the files and checks what it allocated against their size.
fn within_bounds(run: &Run, texts: &[String]) -> Result<u64, TestCaseError> {
    let size: u64 = texts.iter().map(|t| t.len() as u64).sum();
    let before = allocated();
    use_files(run, texts);
    let spent = allocated() - before;
    prop_assert!(spent <= PER_BYTE * size + BESIDES, "{spent} bytes allocated for {size} bytes of files");
    Ok(spent)
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "1e300",
    "-1e300",
    "0.5",
    "null",
    "[]",
    "\"\"",
];

/// Every node of a JSON value, as JSON pointers.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => items.iter().enumerate().for_each(|(i, x)| pointers(x, format!("{at}/{i}"), out)),
        Value::Object(map) => map.iter().for_each(|(k, x)| pointers(x, format!("{at}/{k}"), out)),
        _ => {}
    }
    out.push(at);
}

/// One edit of a results file: a node replaced by an extreme number, an
/// array cut, grown or reordered, a name given another name of the file, a
/// field removed, or the text cut short.
fn mutate(text: &str, how: u8, at: usize, pick: usize) -> String {
    let Ok(mut value) = serde_json::from_str::<Value>(text) else { return text[..at % (text.len() + 1)].to_string() };
    let mut all = Vec::new();
    pointers(&value, String::new(), &mut all);
    let strings: Vec<String> = all.iter().filter_map(|p| value.pointer(p)?.as_str().map(String::from)).collect();
    let pointer = all[at % all.len()].clone();
    if how % 6 == 5 {
        let cut = text.char_indices().nth(at % text.len().max(1)).map_or(0, |(i, _)| i);
        return text[..cut].to_string();
    }
    let Some(node) = value.pointer_mut(&pointer) else { return text.to_string() };
    match (how % 6, node) {
        (1, Value::Array(items)) => items.truncate(pick % (items.len() + 1)),
        (2, Value::Array(items)) if !items.is_empty() => {
            let copy = items[pick % items.len()].clone();
            items.push(copy);
        }
        (3, Value::Array(items)) if !items.is_empty() => {
            let by = pick % items.len();
            items.rotate_left(by);
        }
        (3, node @ Value::String(_)) if !strings.is_empty() => {
            *node = Value::String(strings[pick % strings.len()].clone());
        }
        (4, Value::Object(map)) if !map.is_empty() => {
            let key = map.keys().nth(pick % map.len()).cloned().unwrap_or_default();
            map.remove(&key);
        }
        (_, node) => *node = serde_json::from_str(NUMBERS[pick % NUMBERS.len()]).unwrap_or(Value::Null),
    }
    value.to_string()
}

/// The claims issue 42 found allocating gigabytes, set on a shard.
fn huge_claims(text: &str) -> Vec<String> {
    let value: Value = serde_json::from_str(text).expect("a results file");
    let set = |edits: &[(&str, Value)]| {
        let mut v = value.clone();
        for (pointer, x) in edits {
            *v.pointer_mut(pointer).expect("a field") = x.clone();
        }
        v.to_string()
    };
    let most = Value::from(u32::MAX);
    vec![
        set(&[("/config/games", most.clone())]),
        set(&[("/config/shard", Value::from(vec![0, u32::MAX]))]),
        set(&[("/config/games", most.clone()), ("/config/shard", Value::from(vec![0, u32::MAX]))]),
        set(&[("/config/games", most), ("/config/shard", Value::Null)]),
    ]
}

#[test]
fn mutated_results_files_are_refused_or_reported_without_panic_or_huge_allocation() {
    // Played and compiled before counting starts.
    let runs = [played("senet", ["random", "greedy"], 4), played("traditional/ludo", ["random", "random"], 3)];
    let _profiler = dhat::Profiler::builder().testing().build();
    for run in &runs {
        let spent = within_bounds(run, &run.files).expect("the files as saved");
        let size: usize = run.files.iter().map(String::len).sum();
        println!("{}: {spent} bytes allocated for {size} bytes of files", run.game.name());
        for text in huge_claims(&run.files[0]) {
            within_bounds(run, &[text, run.files[1].clone()]).expect("a huge claim");
        }
    }
    let edit = (0..runs.len(), 0..3usize, prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..4));
    let mut runner = TestRunner::new(Cases { cases: cases(), failure_persistence: None, ..Cases::default() });
    runner
        .run(&edit, |(r, file, edits)| {
            let run = &runs[r];
            let mut texts = run.files.clone();
            for (how, at, pick) in edits {
                texts[file] = mutate(&texts[file], how, at, pick);
            }
            within_bounds(run, &texts).map(|_| ())
        })
        .expect("no panic, no allocation beyond the bound");
}
