//! The `tabula` command line, run as a user runs it. (These tests live beside
//! the binary because cargo gives its path only to its own package's tests.)

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("runs tabula")
}

fn tabula_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs tabula");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("writes input");
    child.wait_with_output().expect("tabula ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn workspace(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The JSON a command wrote to `path`.
fn json_file(path: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()))
}

/// A fresh folder of its own for a test (`tabula-cli-<name>-…`), removed
/// when the returned `TempDir` is dropped, pass or fail.
fn folder(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("tabula-cli-{name}-")).tempdir().expect("a scratch folder")
}

#[test]
fn list_names_every_shipped_ruleset_with_its_options() {
    let o = tabula(&["list"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for name in
        ["seega", "seti-aleph", "seti-beth", "continue_capture", "pharaoh_diagonal", "beth_pharaohs", "max_plies"]
    {
        assert!(out.contains(name), "{name} missing from:\n{out}");
    }
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["list", "check", "moves", "play", "simulate", "replay"] {
        let o = tabula(&[sub, "--help"]);
        assert!(o.status.success(), "{sub} --help failed");
        assert!(stdout(&o).contains("Usage: tabula"), "{sub} --help:\n{}", stdout(&o));
    }
}

#[test]
fn check_accepts_the_shipped_rulesets() {
    let files: Vec<String> =
        ["seega", "seti-aleph", "seti-beth"].iter().map(|n| workspace(&format!("rulesets/{n}.ron"))).collect();
    let args: Vec<&str> = std::iter::once("check").chain(files.iter().map(String::as_str)).collect();
    let o = tabula(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches(": ok: ").count(), 3);
}

#[test]
fn check_reports_file_line_column_and_exits_1() {
    let file = workspace("tests/broken/03-unknown-piece.ron");
    let o = tabula(&["check", &file]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("03-unknown-piece.ron:23:19: setup[0].piece: unknown piece \"Stne\""), "{err}");
    assert!(err.contains("did you mean \"Stone\"?"), "{err}");
}

#[test]
fn moves_after_a_move_list() {
    let o = tabula(&["moves", "seega", "--play", "S@a1 S@b1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 22);
    assert!(out.lines().all(|l| l.starts_with("S@")), "{out}");
    assert!(!out.contains("S@a1") && !out.contains("S@c3"));
}

#[test]
fn moves_as_json() {
    let o = tabula(&["moves", "seti-aleph", "--option", "pharaoh_diagonal=false", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["to_move"], "White");
    let moves: Vec<&str> = v["moves"].as_array().expect("moves").iter().filter_map(|m| m.as_str()).collect();
    assert!(moves.contains(&"b1-b2") && !moves.contains(&"b1-a2"), "{moves:?}");
}

#[test]
fn an_illegal_move_is_refused_with_the_reason() {
    let o = tabula(&["moves", "seega", "--play", "S@c3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("move `S@c3`"), "{}", stderr(&o));
    let o = tabula(&["moves", "seti-aleph", "--play", "b1-b9"]);
    assert!(stderr(&o).contains("the Pharaoh on b1 cannot move to b9"), "{}", stderr(&o));
    let o = tabula(&["moves", "seti-aleph", "--play", "b1-z9"]);
    assert!(stderr(&o).contains("there is no field \"z9\""), "{}", stderr(&o));
}

#[test]
fn a_bad_option_is_refused() {
    let o = tabula(&["moves", "seega", "--option", "continue_capture=Sometimes"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("\"Sometimes\""), "{}", stderr(&o));
    let o = tabula(&["moves", "seega", "--option", "continue_captur=Off"]);
    assert!(stderr(&o).contains("did you mean \"continue_capture\"?"), "{}", stderr(&o));
}

#[test]
fn moves_from_a_position_file() {
    let tmp = folder("position");
    let file = tmp.path().join("position.ron");
    std::fs::write(
        &file,
        "Position(to_move: 1, phase: \"movement\", board: {\"a2\": \"S\", \"b2\": \"s\", \"c1\": \"S\"})",
    )
    .expect("write");
    let o = tabula(&["moves", "seega", "--position", file.to_str().expect("path"), "--play", "c1-c2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("game over: White wins: all enemy stones captured"), "{}", stdout(&o));
    std::fs::write(&file, "Position(to_move: 1, board: {\"a9\": \"S\"})").expect("write");
    let o = tabula(&["moves", "seega", "--position", file.to_str().expect("path")]);
    assert!(stderr(&o).contains(":1:36: board[\"a9\"]: unknown field \"a9\""), "{}", stderr(&o));
}

#[test]
fn perft_counts_from_a_position_file() {
    let tmp = folder("perft-position");
    let file = tmp.path().join("position.ron");
    // One stone each: player 1's a2 may step to a1, a3 or b2 (3 moves); b2 is taken by a2-b2.
    std::fs::write(&file, "Position(to_move: 1, phase: \"movement\", board: {\"a2\": \"S\", \"c4\": \"s\"})")
        .expect("write");
    let o = tabula(&["perft", "seega", "1", "--position", file.to_str().expect("path"), "--divide"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("perft(1) = 3 "), "{out}");
    assert!(out.contains("a2-a1"), "{out}");
    std::fs::write(&file, "Position(to_move: 1, board: {\"a9\": \"S\"})").expect("write");
    let o = tabula(&["perft", "seega", "1", "--position", file.to_str().expect("path")]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains(":1:36: board[\"a9\"]: unknown field \"a9\""), "{}", stderr(&o));
}

#[test]
fn simulate_is_deterministic_and_reports_speed() {
    let run = || stdout(&tabula(&["simulate", "seti-beth", "--games", "60", "--seed", "5"]));
    let (a, b) = (run(), run());
    assert!(a.contains("playouts/s") && a.contains("average length"), "{a}");
    let results = |s: &str| s.lines().filter(|l| !l.contains("playouts/s")).collect::<Vec<_>>().join("\n");
    assert_eq!(results(&a), results(&b));
}

#[test]
fn play_saves_a_record_that_replays() {
    let tmp = folder("game");
    let file = tmp.path().join("game.ron");
    let path = file.to_str().expect("path");
    let o = tabula(&["play", "seti-beth", "--p1", "random", "--p2", "random", "--seed", "9", "--record", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    let played = stdout(&o);
    let result = played.lines().rev().find(|l| l.contains(" wins: ") || l.starts_with("draw")).expect("a result line");
    let o = tabula(&["replay", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(result), "replay:\n{}\nplayed: {result}", stdout(&o));
}

#[test]
fn play_offers_every_agent_of_the_editor() {
    let o = tabula(&["play", "classic/tic-tac-toe", "--p1", "greedy", "--p2", "mcts:30", "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.contains(" wins") || l.starts_with("draw")), "the game is played out:\n{out}");
    let o = tabula(&["play", "classic/tic-tac-toe", "--p2", "clever"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("greedy, mcts") && stderr(&o).contains("human"), "{}", stderr(&o));
}

#[test]
fn a_human_gets_the_reason_for_a_bad_move() {
    let o = tabula_with_input(&["play", "seega", "--p2", "random"], "S@c3\nS@a1\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("move `S@c3`: a Stone cannot be placed on c3 now"), "{out}");
    assert!(out.contains("legal: S@a1"), "{out}");
}

#[test]
fn undo_in_play_takes_back_the_person_s_move_with_the_computer_s_reply() {
    let o = tabula_with_input(
        &["play", "classic/tic-tac-toe", "--p2", "random", "--seed", "5"],
        "undo\nX@a1\nundo\nX@c3\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("nothing of yours to take back yet"), "{out}");
    // After the undo, the board is empty again and X@a1 is legal once more.
    let after_undo = out.split("X> ").nth(3).expect("a third prompt");
    assert!(after_undo.contains("legal: X@a1 X@b1"), "{out}");
    assert!(out.contains("O plays "), "the computer replied:\n{out}");
}

#[test]
fn play_prints_each_throw_and_lists_no_throws_as_moves() {
    let o = tabula_with_input(
        &["play", "traditional/ur", "--p2", "random", "--seed", "2"],
        "a1\n\nundo\nP@b1\nundo\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("a throw is due first: press Enter to throw"), "{out}");
    assert!(out.contains("White throws ") && out.contains("Black throws "), "{out}");
    assert!(!out.contains("legal: throw:"), "{out}");
    assert!(out.contains("nothing of yours to take back yet"), "a throw is not a decision to undo:\n{out}");
    // Undo after Black's turn goes back to White's move, with White's throw of 3 kept.
    let last = out.rsplit("White> ").next().expect("a last prompt");
    assert!(out.matches("White throws ").count() == 1, "undo gives no new throw:\n{out}");
    assert!(out.rsplit("White> ").nth(1).is_some_and(|p| p.contains("legal: P@b1")), "{last}");
}

#[test]
fn a_short_ruleset_name_is_answered_with_the_full_one() {
    let o = tabula(&["moves", "ur"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("did you mean \"traditional/ur\"?"), "{}", stderr(&o));
}

#[test]
fn simulate_names_its_generator_and_takes_the_earlier_one() {
    let run = |generator: &str| stdout(&tabula(&["simulate", "senet", "--games", "30", "--generator", generator]));
    let (fast, old) = (run("xoshiro256++"), run("chacha8"));
    assert!(fast.contains("(30 games, seed 1, xoshiro256++)"), "{fast}");
    assert!(old.contains("(30 games, seed 1, chacha8)"), "{old}");
    let plain = stdout(&tabula(&["simulate", "senet", "--games", "30"]));
    let results = |s: &str| s.lines().skip(1).filter(|l| !l.contains("playouts/s")).collect::<Vec<_>>().join("\n");
    assert_eq!(results(&plain), results(&fast), "xoshiro256++ is the default");
    assert_ne!(results(&fast), results(&old));
    let o = tabula(&["simulate", "senet", "--generator", "mt19937"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("[possible values: xoshiro256++, chacha8]"), "{}", stderr(&o));
    let help = stdout(&tabula(&["simulate", "--help"]));
    assert!(help.contains("[possible values: xoshiro256++, chacha8]"), "{help}");
}

#[test]
fn simulate_plays_return_matches_where_the_ruleset_asks() {
    let o =
        tabula(&["simulate", "setron", "--option", "return_match=true", "--option", "max_plies=60", "--games", "10"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("matches (a game and its return game, seats swapped): 5 played"), "{out}");
    let o = tabula(&["simulate", "setron", "--option", "max_plies=60", "--games", "10"]);
    assert!(!stdout(&o).contains("matches"), "{}", stdout(&o));
}

#[test]
fn analyze_reports_rates_with_intervals_and_json() {
    let o =
        tabula(&["analyze", "seti-beth", "--games", "40", "--agents", "greedy,random", "--threads", "2", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in ["agent A (greedy) wins", "95% intervals", "balance", "branching factor", "duration: plies"] {
        assert!(out.contains(needle), "{needle} missing from:\n{out}");
    }
    let o = tabula(&["analyze", "seti-beth", "--games", "20", "--json", "-", "--quiet"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["games"], 20);
    assert!(v["player_wins"][0]["low"].as_f64().is_some());
}

/// A run cut short (here: a saved file cut down to its first games, as a
/// checkpoint of an interrupted run is) goes on with `--resume` to exactly the
/// report of the whole run; a file of another run is refused.
#[test]
fn an_interrupted_run_goes_on_with_resume() {
    let tmp = folder("resume");
    let dir = tmp.path();
    let file = dir.join("run.json");
    let path = file.to_str().expect("path");
    let run = ["analyze", "traditional/kalah", "--games", "60", "--seed", "3", "--quiet"];
    let whole = tabula(&run);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let saved = tabula(&[&run[..], &["--save", path]].concat());
    assert!(saved.status.success(), "{}", stderr(&saved));
    let text = std::fs::read_to_string(&file).expect("saved");
    let cut = text.find(r#"{"index":25,"#).expect("game 25 is saved");
    let rest = text[cut..].find(r#"],"seconds""#).expect("the games end") + cut;
    std::fs::write(&file, format!("{}{}", text[..cut].trim_end_matches(','), &text[rest..])).expect("cut");
    let resumed = tabula(&[&run[..], &["--save", path, "--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("going on with 25 games saved"), "{}", stderr(&resumed));
    let strip = |s: String| s.lines().filter(|l| !l.contains("throughput")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(stdout(&resumed)), strip(stdout(&whole)));
    let other = tabula(&["analyze", "traditional/kalah", "--games", "61", "--seed", "3", "--save", path, "--resume"]);
    assert!(stderr(&other).contains("holds another run"), "{}", stderr(&other));
    // Which field differs, in words (issue 42: a raw `Config { .. }`).
    let e = stderr(&other);
    assert!(e.contains(&format!("the games: 60 in {path}, 61 asked")) && !e.contains("Config"), "{e}");
    // A saved run whose players are not the ruleset's is refused (issue 42: accepted).
    let mut value = json_file(&file);
    value["players"] = serde_json::json!(["North", "South"]);
    std::fs::write(&file, value.to_string()).expect("writes");
    let renamed = tabula(&[&run[..], &["--save", path, "--resume"]].concat());
    let e = stderr(&renamed);
    assert!(!renamed.status.success() && e.contains(r#"the players: ["North", "South"] in"#), "{e}");
}

#[test]
fn shards_merge_into_the_report_of_the_whole_run() {
    let tmp = folder("shards");
    let dir = tmp.path();
    let mut files = Vec::new();
    for i in 0..3 {
        let file = dir.join(format!("part{i}.json")).to_str().expect("path").to_string();
        let o = tabula(&[
            "analyze",
            "seega",
            "--games",
            "30",
            "--seed",
            "4",
            "--shard",
            &format!("{i}/3"),
            "--save",
            &file,
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        files.push(file);
    }
    let strip = |s: String| s.lines().filter(|l| !l.contains("throughput")).collect::<Vec<_>>().join("\n");
    let merged =
        tabula(&[&["merge"], files.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), &["--quiet"]].concat());
    assert!(merged.status.success(), "{}", stderr(&merged));
    let whole = tabula(&["analyze", "seega", "--games", "30", "--seed", "4", "--quiet"]);
    assert_eq!(strip(stdout(&merged)), strip(stdout(&whole)));
    let bad = tabula(&["analyze", "seega", "--games", "30", "--shard", "3/3"]);
    assert!(stderr(&bad).contains("expected I/N"), "{}", stderr(&bad));
}

#[test]
fn compare_shows_significant_changes_in_words() {
    let o = tabula(&["compare", "seti-aleph", "--sweep", "pharaoh_diagonal=true,false", "--games", "600", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("pharaoh_diagonal=false against pharaoh_diagonal=true"), "{out}");
    assert!(out.contains("Games get shorter"), "{out}");
    // The family of tests and its correction are stated; raw and adjusted p-values shown.
    assert!(out.contains("= 13 tests, p-values adjusted by Holm (family-wise error rate 0.05)"), "{out}");
    assert!(out.contains("adj. p") && out.contains("Holm-adjusted p"), "{out}");
    let o = tabula(&["compare", "seti-aleph", "--sweep", "pharaoh_diagonal=true,false", "--correction", "bonferroni"]);
    assert!(stderr(&o).contains("expected holm, bh or none"), "{}", stderr(&o));
    // --csv writes one row per game of each variant.
    let tmp = folder("compare-csv");
    let file = tmp.path().join("games.csv");
    let path = file.to_str().expect("path");
    let o = tabula(&[
        "compare",
        "seti-aleph",
        "--sweep",
        "pharaoh_diagonal=true,false",
        "--games",
        "7",
        "--quiet",
        "--csv",
        path,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).expect("the CSV is written");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("variant,ruleset,hash,options,tabula,created,seed,index,"), "{text}");
    assert_eq!(lines.len(), 1 + 2 * 7, "{text}");
    assert!(
        lines[1].starts_with("\"pharaoh_diagonal=true\",\"seti-aleph\",")
            && lines[1].contains(",1,0,random,random,")
            && lines[8].starts_with("\"pharaoh_diagonal=false\",\"seti-aleph\",")
            && lines[8].contains("pharaoh_diagonal=false"),
        "{text}"
    );
    let o = tabula(&["compare", "seti-aleph", "--games", "10"]);
    assert!(stderr(&o).contains("two or more variants"), "{}", stderr(&o));
}

#[test]
fn a_bad_agent_name_is_refused() {
    let o = tabula(&["analyze", "seega", "--agents", "mcts,clever"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("agent \"clever\": expected random, greedy, mcts"), "{}", stderr(&o));
}

#[test]
fn moves_show_prints_the_board_and_the_position_once() {
    let o = tabula(&["moves", "seega", "--play", "S@a1 S@b1", "--show"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.matches("Position(").count(), 1, "{out}");
    // The bottom row of the board, with the field names along it.
    assert_eq!(out.lines().filter(|l| l.trim_start().starts_with("a1 b1 c1 d1 e1")).count(), 1, "{out}");
}

#[test]
fn a_turned_over_piece_is_marked_on_the_text_board() {
    let tmp = folder("closed");
    let file = tmp.path().join("closed.ron");
    std::fs::write(
        &file,
        "Position(to_move: 2, phase: \"play\", board: {\"b2\": \"S'\", \"h1\": \"s\", \"c2\": \"sS\"})",
    )
    .expect("write");
    let o = tabula(&["moves", "seneti", "--position", file.to_str().expect("path"), "--show"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = out.lines().find(|l| l.starts_with("a2")).expect("row a2");
    assert!(row.contains("'S") && row.contains(" S2"), "{out}");
    assert!(out.contains("' before a letter: the top piece is turned over"), "{out}");
}

#[test]
fn the_winner_s_score_is_printed_at_the_end_on_replay_and_in_figures() {
    let tmp = folder("senet");
    let file = tmp.path().join("senet.ron");
    let path = file.to_str().expect("path");
    let o = tabula(&["play", "senet", "--p1", "random", "--p2", "random", "--seed", "3", "--record", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    let played = stdout(&o);
    let result = played.lines().rev().find(|l| l.contains(" wins: ")).expect("a win");
    assert!(result.contains("all pieces borne off; score "), "{played}");
    let o = tabula(&["replay", path]);
    assert!(stdout(&o).contains(result), "replay:\n{}\nplayed: {result}", stdout(&o));
    let o = tabula(&["simulate", "senet", "--games", "20"]);
    assert!(stdout(&o).contains("winner's mean score "), "{}", stdout(&o));
    let o = tabula(&["analyze", "senet", "--games", "20"]);
    assert!(
        stdout(&o).contains("winner's score (") && stdout(&o).contains("games with a score): mean "),
        "{}",
        stdout(&o)
    );
    let o = tabula(&["simulate", "seega", "--games", "5"]);
    assert!(!stdout(&o).contains("score"), "{}", stdout(&o));
}

#[test]
fn a_result_file_keeps_every_option_and_the_ruleset_text() {
    let tmp = folder("results");
    let file = tmp.path().join("results.json");
    let path = file.to_str().expect("path");
    let o = tabula(&["analyze", "seega", "--games", "4", "--option", "opening=AnyMove", "--save", path, "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).expect("saved");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["options"]["opening"], "AnyMove");
    assert_eq!(v["options"]["continue_capture"], "Optional", "a default is kept too");
    assert_eq!(v["options"]["max_plies"], "1000");
    assert!(v["rules"].as_str().is_some_and(|r| r.contains("name: \"seega\"")), "{text}");
    // The report still names only the options that differ from their defaults.
    assert!(stdout(&o).contains("(opening=AnyMove)"), "{}", stdout(&o));
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("path")
}

#[test]
fn an_existing_output_file_is_replaced_only_with_force() {
    let tmp = folder("force");
    let dir = tmp.path();
    let out = dir.join("report.json");
    std::fs::write(&out, "precious").expect("writes");
    for flag in ["--json", "--csv"] {
        let o = tabula(&["analyze", "seega", "--games", "4", "--quiet", flag, path(&out)]);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("already exists (give --force to replace it)"), "{}", stderr(&o));
        assert!(stdout(&o).is_empty(), "refused before any game: {}", stdout(&o));
        assert_eq!(std::fs::read_to_string(&out).expect("reads"), "precious");
    }
    let o = tabula(&["analyze", "seega", "--games", "4", "--quiet", "--json", path(&out), "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json_file(&out);
    assert_eq!(v["games"], 4);
    let names: Vec<_> = std::fs::read_dir(dir).expect("reads").map(|e| e.expect("entry").file_name()).collect();
    assert_eq!(names, ["report.json"], "no temporary file is left");
}

#[test]
fn bad_output_paths_are_refused_before_the_games() {
    let tmp = folder("bad-paths");
    let dir = tmp.path();
    let rules = dir.join("rules.ron");
    std::fs::write(&rules, tabula::shipped::text("seega").expect("shipped")).expect("writes");
    let cases: [(&[&str], &str); 5] = [
        (&["analyze", path(&rules), "--csv", path(&rules), "--force"], "is the input"),
        (&["analyze", "seega", "--save", "no/such/folder/r.json"], "does not exist"),
        (&["analyze", "seega", "--json", path(dir)], "is a folder"),
        (&["analyze", "seega", "--json", "twice.json", "--csv", "twice.json"], "given for two outputs"),
        (&["compare", path(&rules), "seega", "--json", path(&rules), "--force"], "is the input"),
    ];
    for (args, expected) in cases {
        let o = tabula(&[args, &["--games", "3", "--quiet"]].concat());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(expected), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?} played: {}", stdout(&o));
    }
    assert_eq!(std::fs::read_to_string(&rules).expect("reads"), tabula::shipped::text("seega").expect("shipped"));
}

#[test]
fn play_never_replaces_a_record() {
    let tmp = folder("record");
    let dir = tmp.path();
    let record = dir.join("game.ron");
    std::fs::write(&record, "an earlier game").expect("writes");
    let o = tabula(&["play", "seti-beth", "--p1", "random", "--p2", "random", "--record", path(&record)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "checked before the game: {}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&record).expect("reads"), "an earlier game");
    let rules = dir.join("rules.ron");
    std::fs::write(&rules, tabula::shipped::text("seega").expect("shipped")).expect("writes");
    let o = tabula(&["play", path(&rules), "--p1", "random", "--record", path(&rules)]);
    assert!(stderr(&o).contains("is the input"), "{}", stderr(&o));
}

/// `tabula ... | head`: the reader goes away; the command ends quietly.
#[test]
fn a_closed_output_pipe_ends_every_command_quietly() {
    let tmp = folder("pipe");
    let dir = tmp.path();
    let shard = dir.join("shard.json");
    let o = tabula(&["analyze", "seega", "--games", "4", "--quiet", "--save", path(&shard)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let record = dir.join("game.ron");
    let o = tabula(&["play", "seega", "--p1", "random", "--p2", "random", "--record", path(&record)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let commands: [&[&str]; 11] = [
        &["play", "seega", "--p1", "random", "--p2", "random"],
        &["replay", path(&record)],
        &["list"],
        &["check", "seega"],
        &["moves", "seega"],
        &["simulate", "seega", "--games", "3"],
        &["analyze", "seega", "--games", "3", "--quiet"],
        &["analyze", "seega", "--games", "3", "--quiet", "--json", "-"],
        &["compare", "seega", "seti-beth", "--games", "3", "--quiet"],
        &["merge", path(&shard), "--quiet"],
        &["perft", "seega", "1", "--divide"],
    ];
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs tabula");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("ends");
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
        assert!(o.status.success(), "{args:?}: {:?} {}", o.status, stderr(&o));
    }
}

#[test]
fn merge_refuses_missing_duplicated_and_damaged_shards() {
    let tmp = folder("merge");
    let dir = tmp.path();
    let shard = |i: u32| {
        let file = dir.join(format!("part{i}.json"));
        let o = tabula(&[
            "analyze",
            "seega",
            "--games",
            "9",
            "--shard",
            &format!("{i}/3"),
            "--save",
            path(&file),
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        file
    };
    let (a, b) = (shard(0), shard(2));
    let o = tabula(&["merge", path(&a), path(&b), "--quiet"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("shards missing: 1/3"), "{}", stderr(&o));
    let o = tabula(&["merge", path(&a), path(&a), path(&b), "--quiet"]);
    assert!(stderr(&o).contains("shards given more than once: 0/3"), "{}", stderr(&o));
    let out = dir.join("merged.json");
    let o = tabula(&["merge", path(&a), path(&b), "--quiet", "--allow-partial", "--save", path(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("PARTIAL: shards 1/3 are missing"), "{}", stdout(&o));
    let merged = json_file(&out);
    assert_eq!(merged["missing_shards"], serde_json::json!([[1, 3]]));
    // A damaged file: an error naming it, not a panic.
    let mut value = json_file(&a);
    for (field, bad) in
        [("seats", serde_json::json!([7, 0])), ("winner", serde_json::json!(9)), ("index", serde_json::json!(99))]
    {
        let mut broken = value.clone();
        broken["games"][0][field] = bad;
        let file = dir.join(format!("broken-{field}.json"));
        std::fs::write(&file, broken.to_string()).expect("writes");
        let o = tabula(&["merge", path(&file), "--allow-partial", "--quiet"]);
        assert_eq!(o.status.code(), Some(1), "{field}");
        assert!(stderr(&o).contains("broken-") && !stderr(&o).contains("panicked"), "{field}: {}", stderr(&o));
    }
    value["players"] = serde_json::json!(["a", "b", "c"]);
    std::fs::write(&a, value.to_string()).expect("writes");
    let o = tabula(&["merge", path(&a), "--allow-partial", "--quiet"]);
    let e = stderr(&o);
    assert!(e.contains("`seats` has 2 entries: expected one per player (3)") && !e.contains("panicked"), "{e}");
}

#[test]
fn huge_arguments_are_refused_with_a_message() {
    let cases: [(&[&str], &str); 4] = [
        (&["perft", "seega", "4000000000"], "at most 30"),
        (&["analyze", "seega", "--games", "4000000000", "--quiet"], "split larger runs with --shard"),
        (&["analyze", "seega", "--agents", "mcts:18446744073709551615ms,random", "--games", "2"], "at most"),
        (&["analyze", "seega", "--threads", "99999999", "--games", "2"], "--threads 99999999: 1 to 1024"),
    ];
    for (args, expected) in cases {
        let o = tabula(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(expected) && !stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_ruleset_that_is_not_utf8_is_refused_with_its_place() {
    let tmp = folder("utf8");
    let dir = tmp.path();
    let file = dir.join("latin1.ron");
    std::fs::write(&file, b"Ruleset(\n    name: \"caf\xe9\",\n").expect("writes");
    let o = tabula(&["check", path(&file)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("latin1.ron:2:15: not UTF-8 text"), "{}", stderr(&o));
}

#[test]
fn migrate_rewrites_an_old_ruleset_in_todays_language() {
    let tmp = folder("migrate");
    let dir = tmp.path();
    let file = dir.join("ttt.ron");
    let old = std::fs::read_to_string(workspace("tests/old-rulesets/tic-tac-toe.language-1.ron")).expect("old");
    std::fs::write(&file, &old).expect("writes");
    let o = tabula(&["check", path(&file)]);
    assert!(!o.status.success() && stderr(&o).contains("`MadeLine` is now written"), "{}", stderr(&o));
    let o = tabula(&["migrate", path(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("through: Moved") && stderr(&o).contains("ttt.ron:18:31"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).expect("reads"), old, "without --in-place the file stays");
    let o = tabula(&["migrate", "--in-place", path(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = tabula(&["check", path(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn expand_prints_a_ruleset_with_its_templates_expanded() {
    let o = tabula(&["expand", "seneti"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(!text.contains("templates:") && !text.contains("Entry("), "{text}");
    assert_eq!(text.matches("by: Enter(via: Type(\"3-field\"), steps: 5,").count(), 2, "{text}");
    let tmp = folder("expand");
    let dir = tmp.path();
    let file = dir.join("bad.ron");
    std::fs::write(&file, "Ruleset(templates: {\"A\": (params: [\"n\"], body: X(n: n))}, a: A())").expect("writes");
    let o = tabula(&["expand", path(&file)]);
    assert!(!o.status.success() && stderr(&o).contains("bad.ron:1:62: template `A` needs `n`"), "{}", stderr(&o));
}

/// The body of the code block of docs/tutorial.md whose info string is `info`.
fn tutorial_block(info: &str) -> String {
    let page = std::fs::read_to_string(workspace("docs/tutorial.md")).expect("docs/tutorial.md");
    let open = format!("```{info}\n");
    let start = page.find(&open).unwrap_or_else(|| panic!("no block ```{info}")) + open.len();
    let len = page[start..].find("```").expect("the block is closed");
    page[start..start + len].to_string()
}

#[test]
fn the_tutorials_commands_print_what_it_says() {
    // The tutorial's last ruleset, saved as the reader saves it.
    let tmp = folder("tutorial");
    let dir = tmp.path();
    std::fs::write(dir.join("tapatan.ron"), tutorial_block("ron tutorial=4")).expect("writes");
    let page = std::fs::read_to_string(workspace("docs/tutorial.md")).expect("docs/tutorial.md");
    let commands: Vec<String> = page
        .split("```sh tutorial\n")
        .skip(1)
        .flat_map(|b| b.split("```").next().unwrap_or("").lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    assert!(commands.len() >= 4, "{commands:?}");
    let mut outputs = Vec::new();
    for line in &commands {
        // Words, with "..." as one word.
        let mut words: Vec<String> = Vec::new();
        for (i, part) in line.split('"').enumerate() {
            if i % 2 == 1 {
                words.push(part.to_string());
            } else {
                words.extend(part.split_whitespace().map(str::to_string));
            }
        }
        assert_eq!(words[0], "tabula", "{line}");
        let o = Command::new(env!("CARGO_BIN_EXE_tabula")).args(&words[1..]).current_dir(dir).output().expect("runs");
        assert!(o.status.success(), "{line}: {}", stderr(&o));
        outputs.push(stdout(&o));
    }
    assert_eq!(outputs[0], tutorial_block("text tutorial=check"));
    assert_eq!(outputs[1], tutorial_block("text tutorial=3-moves"));
    // Two MCTS players may also move back and forth to the turn limit.
    let ends = [" wins: three in a row", "no move", "turn limit of 1000 plies reached"];
    assert!(ends.iter().any(|end| outputs[2].contains(end)), "{}", outputs[2]);
    let compare = outputs.last().expect("the comparison");
    for shown in tutorial_block("text tutorial=compare").lines().filter(|l| l.trim() != "...") {
        assert!(compare.lines().any(|l| l == shown), "the tutorial shows\n{shown}\nbut compare printed\n{compare}");
    }
}

#[test]
fn plan_says_how_many_games_a_comparison_needs() {
    let o = tabula(&["plan", "--base", "0.5", "--difference", "0.1", "--tests", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("385 games per variant"), "{}", stdout(&o));
    let tmp = folder("plan");
    let pilot = tmp.path().join("pilot.json");
    let o = tabula(&[
        "compare",
        "senet",
        "--sweep",
        "chance=Sticks,Die",
        "--games",
        "60",
        "--quiet",
        "--json",
        path(&pilot),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = tabula(&["plan", "--from", path(&pilot)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("paired design") && out.contains("plies per game"), "{out}");
    for bad in [
        &["plan"][..],
        &["plan", "--base", "0.9", "--difference", "0.2"],
        &["plan", "--spread", "3", "--difference", "0"],
    ] {
        let o = tabula(bad);
        assert!(!o.status.success() && !stderr(&o).is_empty(), "{bad:?}");
    }
}

#[test]
fn a_sequential_comparison_stops_when_it_is_decided() {
    let tmp = folder("sequential");
    let dir = tmp.path();
    let (csv, json) = (dir.join("games.csv"), dir.join("run.json"));
    let o = tabula(&[
        "compare",
        "senet",
        "--sweep",
        "chance=Sticks,Die",
        "--games",
        "3000",
        "--sequential",
        "--quiet",
        "--csv",
        path(&csv),
        "--json",
        path(&json),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("SPRT") && out.contains("no difference as large as the effect"), "{out}");
    let looks = out.matches("  after ").count();
    assert!((1..30).contains(&looks), "stopped before the 30 looks 3000 games allow: {out}");
    // The files hold the games played and every look, with where they come from.
    let played = looks * 100;
    let rows = std::fs::read_to_string(&csv).expect("the CSV");
    assert_eq!(rows.lines().count(), 1 + 2 * played, "a header and a line per game of each variant");
    assert!(rows.lines().nth(1).is_some_and(|l| l.starts_with("\"chance=Sticks\",\"senet\",")), "{rows}");
    let report = json_file(&json);
    assert_eq!(report["looks"].as_array().map(Vec::len), Some(looks));
    assert_eq!(report["games"], played);
    assert_eq!(report["decision"], "no difference as large as the effect");
    // Each variant named, with its own options (issue 42: only the first was).
    for (k, chance) in ["Sticks", "Die"].into_iter().enumerate() {
        let p = &report["provenance"][k];
        assert_eq!((&p["ruleset"], &p["variant"]), (&"senet".into(), &format!("chance={chance}").into()), "{report}");
        assert_eq!(p["options"]["chance"], chance, "{report}");
    }
    let o = tabula(&["compare", "senet", "--sweep", "chance=Sticks,Die", "--sequential", "--independent", "--quiet"]);
    assert!(!o.status.success() && stderr(&o).contains("same seeds"), "{}", stderr(&o));
    let o = tabula(&["compare", "senet", "--sweep", "chance=Sticks,Die", "--sequential", "--effect", "0.4"]);
    assert!(!o.status.success() && stderr(&o).contains("effect 0.4"), "{}", stderr(&o));
}

#[test]
fn plots_are_written_as_svg_or_png() {
    let tmp = folder("plot");
    let dir = tmp.path();
    let (svg, png) = (dir.join("senet.svg"), dir.join("senet.png"));
    let o =
        tabula(&["compare", "senet", "--sweep", "chance=Sticks,Die", "--games", "40", "--quiet", "--plot", path(&svg)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).expect("the SVG");
    assert!(text.starts_with("<svg") && text.contains("chance=Die") && text.contains("Wins by player"), "{text}");
    let o = tabula(&["analyze", "seega", "--games", "20", "--quiet", "--plot", path(&png)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(&std::fs::read(&png).expect("the PNG")[..8], b"\x89PNG\r\n\x1a\n");
    let o = tabula(&["analyze", "seega", "--games", "20", "--quiet", "--plot", path(&png)]);
    assert!(!o.status.success() && stderr(&o).contains("already exists"), "checked before the games");
}

#[test]
fn a_sweep_of_several_options_is_ranked_and_broken_down_by_option() {
    let o = tabula(&[
        "compare",
        "senet",
        "--sweep",
        "chance=Sticks,Die",
        "--sweep",
        "bear_off=Remainder,Exact",
        "--games",
        "60",
        "--quiet",
        "--rank",
        "limit",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Senet: 4 variants"), "every combination is a variant: {out}");
    assert!(out.contains("Ranked by fewest games ended by the turn limit"), "{out}");
    for label in ["chance=Sticks bear_off=Remainder", "chance=Die bear_off=Exact"] {
        assert!(out.contains(label), "{label}: {out}");
    }
    assert!(out.contains("Main effects") && out.contains("  chance (player 1 wins move by up to"), "{out}");
    let o = tabula(&["compare", "senet", "--sweep", "chance=Sticks,Die", "--sweep", "chance=Die", "--quiet"]);
    assert!(!o.status.success() && stderr(&o).contains("given twice"), "{}", stderr(&o));
}

#[test]
fn a_factorial_sweep_plots_its_ranking() {
    let tmp = folder("rankplot");
    let svg = tmp.path().join("rank.svg");
    let o = tabula(&[
        "compare",
        "senet",
        "--sweep",
        "chance=Sticks,Die",
        "--sweep",
        "bear_off=Remainder,Exact",
        "--games",
        "40",
        "--quiet",
        "--plot",
        path(&svg),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).expect("the plot");
    assert!(text.contains("equal seats") && text.contains("Senet: 4 variants"), "{text}");
    assert_eq!(text.matches("<circle").count(), 4, "one row per variant");
    assert!(text.contains("1. chance=") && text.contains("4. chance="), "ranked rows: {text}");
}

/// The ladder rates a round robin: MCTS above random in Kalah; games of
/// more than two players are rated from their placings (Plackett–Luce).
#[test]
fn the_ladder_puts_the_stronger_agent_first() {
    let o = tabula(&["ladder", "traditional/kalah", "--agents", "random,mcts:50", "--games", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  mcts:50") || l.starts_with("  random")).collect();
    assert!(rows.len() == 2 && rows[0].starts_with("  mcts:50"), "{out}");
    assert!(out.contains("Bradley–Terry"), "{out}");
    let o = tabula(&["ladder", "traditional/ludo", "--agents", "random,greedy", "--games", "4"]);
    assert!(o.status.success() && stdout(&o).contains("Plackett–Luce"), "{}", stderr(&o));
}

/// `--pairs neighbours` plays each agent only against the next in the list
/// (a chain), rates them all through it, and refuses a game of three players,
/// whose agents are not seated in pairs.
#[test]
fn a_ladder_of_neighbours_plays_only_the_next_agent() {
    let args = ["ladder", "traditional/kalah", "--agents", "random,greedy,mcts:50", "--games", "6"];
    let pairs_played = |o: &std::process::Output| stderr(o).lines().filter(|l| l.contains(" against ")).count();
    let all = tabula(&args);
    assert!(all.status.success(), "{}", stderr(&all));
    assert_eq!(pairs_played(&all), 3, "{}", stderr(&all));
    let chain = tabula(&[&args[..], &["--pairs", "neighbours"]].concat());
    assert!(chain.status.success(), "{}", stderr(&chain));
    let played = stderr(&chain);
    assert_eq!(pairs_played(&chain), 2, "{played}");
    assert!(played.contains("random against greedy") && played.contains("greedy against mcts:50"), "{played}");
    let out = stdout(&chain);
    assert!(out.contains("each against the next only, 6 games per pair"), "{out}");
    for agent in ["random", "greedy", "mcts:50"] {
        assert!(out.lines().any(|l| l.starts_with(&format!("  {agent} "))), "{agent} rated: {out}");
    }
    let three = workspace("tests/blocks/three-way-flips.ron");
    let o = tabula(&["ladder", &three, "--agents", "random,greedy", "--games", "4", "--pairs", "neighbours"]);
    assert!(!o.status.success() && stderr(&o).contains("3 players"), "{}", stderr(&o));
}

/// With `--pairs neighbours`, `--games` may give each pair its own count,
/// in order; a list of the wrong length, or a list for a round robin or a
/// game of three players, is refused before a game is played.
#[test]
fn a_ladder_of_neighbours_plays_each_pair_its_own_games() {
    let args = ["ladder", "traditional/kalah", "--agents", "random,greedy,mcts:20", "--pairs", "neighbours"];
    let o = tabula(&[&args[..], &["--games", "4,10"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let played = stderr(&o);
    assert!(
        played.contains("random against greedy: 4 games") && played.contains("greedy against mcts:20: 10 games"),
        "{played}"
    );
    assert!(stdout(&o).contains("each against the next only, 4,10 games for the pairs in turn"), "{}", stdout(&o));
    let o = tabula(&[&args[..], &["--games", "4,10,6"]].concat());
    assert!(!o.status.success() && stderr(&o).contains("3 counts for 2 pairs"), "{}", stderr(&o));
    let o = tabula(&["ladder", "traditional/kalah", "--agents", "random,greedy", "--games", "4,10"]);
    assert!(!o.status.success() && stderr(&o).contains("give one number of games"), "{}", stderr(&o));
    let o = tabula(&[&args[..], &["--games", "4,0"]].concat());
    assert!(!o.status.success() && stderr(&o).contains("--games 0: 1 to 100000 per pair"), "{}", stderr(&o));
    let three = workspace("tests/blocks/three-way-flips.ron");
    let o = tabula(&["ladder", &three, "--agents", "random,greedy", "--games", "4,4"]);
    assert!(!o.status.success() && stderr(&o).contains("give one number of games"), "{}", stderr(&o));
}

/// A ladder in which no game was decided says so, rather than print every
/// agent at +0 as if they were equally strong.
#[test]
fn a_ladder_of_games_all_cut_by_the_turn_limit_says_so() {
    let args = ["ladder", "classic/tic-tac-toe", "--agents", "random,greedy", "--games", "4"];
    let o = tabula(&[&args[..], &["-o", "max_plies=2"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Every one of the 4 games was cut by the turn limit (2 plies)"), "{}", stdout(&o));
    let o = tabula(&args);
    assert!(o.status.success() && !stdout(&o).contains("cut by the turn limit"), "{}", stdout(&o));
}

/// A factorial sweep by successive halving: the variants that went furthest
/// played the most games and come first; one option alone is refused.
#[test]
fn an_adaptive_sweep_spends_its_games_on_the_best_variants() {
    let tmp = folder("adaptive");
    let dir = tmp.path();
    let (csv, json) = (dir.join("games.csv"), dir.join("run.json"));
    let o = tabula(&[
        "compare",
        "senet",
        "--sweep",
        "bear_off=Remainder,Exact",
        "--sweep",
        "safe_house_of_life=true,false",
        "--games",
        "80",
        "--adaptive",
        "--quiet",
        "--csv",
        path(&csv),
        "--json",
        path(&json),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("4 variants by successive halving, rounds of 20, 40, 80 games"), "{out}");
    // Every game of every variant, as far as each went; the ranking with its rounds.
    let rows = std::fs::read_to_string(&csv).expect("the CSV");
    assert_eq!(rows.lines().count(), 1 + 80 + 40 + 20 + 20, "{rows}");
    let report = json_file(&json);
    assert_eq!(report["rounds"], serde_json::json!([20, 40, 80]));
    assert_eq!(report["factorial"]["ranking"][0]["games"], 80);
    let games: Vec<u32> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains("bear_off="))
        .map(|l| l.split_whitespace().nth(3).and_then(|g| g.parse().ok()).unwrap_or(0))
        .collect();
    assert_eq!(games, [80, 40, 20, 20], "{out}");
    let o = tabula(&["compare", "senet", "--sweep", "bear_off=Remainder,Exact", "--adaptive"]);
    assert!(stderr(&o).contains("several options"), "{}", stderr(&o));
}

/// An analysis of a game without a turn limit says, before it starts, that
/// a game that does not end is cut (and may take long); with a limit it
/// says nothing of it.
#[test]
fn analyze_warns_of_a_game_without_a_turn_limit() {
    let run = |limit: &str| {
        let o = tabula(&[
            "analyze",
            "classic/tic-tac-toe",
            "--option",
            limit,
            "--games",
            "2",
            "--agents",
            "random,random",
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    assert!(run("max_plies=0").contains("has no turn limit (max_plies = 0)"));
    assert!(!run("max_plies=100").contains("no turn limit"));
}

/// `tabula` run in `dir`, its standard output going to `out`.
fn tabula_in(dir: &std::path::Path, args: &[&str], out: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(dir)
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .expect("runs tabula")
}

#[cfg(unix)]
#[test]
fn every_output_follows_one_rule_for_stdout_links_and_devices() {
    use std::os::unix::fs::FileTypeExt;
    let tmp = folder("rule");
    let dir = tmp.path();
    // `-` is the standard output for --save as for every output: no file named `-`.
    let o = tabula_in(dir, &["analyze", "seega", "--games", "3", "--quiet", "--save", "-"], Stdio::piped());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with('{') && stdout(&o).contains("\"games\":"), "{}", stdout(&o));
    assert!(!dir.join("-").exists(), "a file named -");
    // A device is written in place, without --force, and stays a device.
    let o = tabula_in(dir, &["analyze", "seega", "--games", "3", "--quiet", "--json", "/dev/null"], Stdio::piped());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::metadata("/dev/null").expect("there").file_type().is_char_device());
    // A link is followed and what it leads to replaced; the link stays.
    std::fs::write(dir.join("real.json"), "old").expect("writes");
    std::os::unix::fs::symlink("real.json", dir.join("link.json")).expect("a link");
    let o = tabula_in(
        dir,
        &["analyze", "seega", "--games", "3", "--quiet", "--json", "link.json", "--force"],
        Stdio::piped(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("link.json").symlink_metadata().expect("there").file_type().is_symlink());
    assert_eq!(json_file(&dir.join("real.json"))["games"], 3);
    // migrate --in-place on a link migrates the file it leads to.
    let old = std::fs::read_to_string(workspace("tests/old-rulesets/tic-tac-toe.language-1.ron")).expect("old");
    std::fs::write(dir.join("ttt.ron"), &old).expect("writes");
    std::os::unix::fs::symlink("ttt.ron", dir.join("game.ron")).expect("a link");
    let o = tabula_in(dir, &["migrate", "--in-place", "game.ron"], Stdio::piped());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("game.ron").symlink_metadata().expect("there").file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.join("ttt.ron")).expect("reads").contains("through: Moved"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_and_only_a_closed_pipe_ends_quietly() {
    let tmp = folder("full");
    let dir = tmp.path();
    std::fs::write(
        dir.join("old.ron"),
        std::fs::read_to_string(workspace("tests/old-rulesets/tic-tac-toe.language-1.ron")).expect("old"),
    )
    .expect("writes");
    let full = || Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full"));
    let commands: [&[&str]; 6] = [
        &["expand", "seega"],
        &["migrate", "old.ron"],
        &["analyze", "seega", "--games", "3", "--quiet", "--json", "-"],
        &["ladder", "seega", "--agents", "random,random", "--games", "2"],
        &["list"],
        &["moves", "seega"],
    ];
    for args in commands {
        let o = tabula_in(dir, args, full());
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("cannot write to the standard output: No space left"), "{args:?}: {}", stderr(&o));
    }
    let o = tabula_in(dir, &["analyze", "seega", "--games", "3", "--quiet", "--json", "/dev/full"], Stdio::null());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/dev/full: No space left"), "{}", stderr(&o));
}

#[test]
fn the_ladder_ends_quietly_on_a_closed_pipe_and_caps_its_threads() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["ladder", "seega", "--agents", "random,random", "--games", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs tabula");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("ends");
    assert!(o.status.success() && !stderr(&o).contains("panicked"), "{:?} {}", o.status, stderr(&o));
    for threads in ["5000", "1000000", "0"] {
        let o = tabula(&["ladder", "seega", "--agents", "random,random", "--games", "2", "--threads", threads]);
        assert_eq!(o.status.code(), Some(1), "{threads}");
        assert!(stderr(&o).contains(&format!("--threads {threads}: 1 to 1024")), "{threads}: {}", stderr(&o));
    }
}

#[test]
fn every_output_path_is_checked_before_any_game_even_going_on() {
    let tmp = folder("resume-outputs");
    let dir = tmp.path();
    let o = tabula_in(dir, &["analyze", "seega", "--games", "4", "--quiet", "--save", "b.json"], Stdio::piped());
    assert!(o.status.success(), "{}", stderr(&o));
    let saved = std::fs::read_to_string(dir.join("b.json")).expect("saved");
    let cases: [&[&str]; 4] = [
        &["--save", "b.json", "--json", "b.json", "--resume", "--force"],
        &["--save", "c.json", "--json", "c.json", "--resume"],
        &["--save", "b.json", "--csv", "./b.json", "--resume"],
        &["--json", "-", "--csv", "-"],
    ];
    for args in cases {
        let o = tabula_in(dir, &[&["analyze", "seega", "--games", "8", "--quiet"], args].concat(), Stdio::piped());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains("given for two outputs"), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: played first: {}", stdout(&o));
    }
    assert_eq!(std::fs::read_to_string(dir.join("b.json")).expect("reads"), saved, "the saved run is kept");
    assert!(!dir.join("c.json").exists());
    let o = tabula_in(dir, &["analyze", "seega", "--games", "8", "--quiet", "--save", "-", "--resume"], Stdio::piped());
    assert!(stderr(&o).contains("- is the standard output"), "{}", stderr(&o));
    // Nor a device: read back, /dev/stdout on a pipe waited for ever, /dev/null "was not a results file".
    let o = tabula_in(
        dir,
        &["analyze", "seega", "--games", "8", "--quiet", "--save", "/dev/null", "--resume"],
        Stdio::piped(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/dev/null is a device or a fifo, not a file"), "{}", stderr(&o));
}

/// A file put at the --save path while the run goes on is the user's: the
/// next checkpoint stops the run instead of replacing it.
#[test]
fn a_file_made_at_the_save_path_during_a_run_is_kept() {
    let tmp = folder("save-race");
    let dir = tmp.path();
    let save = dir.join("run.json");
    // Twenty checkpoints of 1000 games: time enough to come between two.
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["analyze", "seega", "--games", "20000", "--quiet", "--save", path(&save)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs tabula");
    let start = std::time::Instant::now();
    while !save.exists() && start.elapsed() < std::time::Duration::from_secs(300) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let theirs = dir.join("theirs.json");
    std::fs::write(&theirs, "the user's own file").expect("writes");
    std::fs::rename(&theirs, &save).expect("put in place");
    let o = child.wait_with_output().expect("ends");
    assert_eq!(std::fs::read_to_string(&save).expect("reads"), "the user's own file");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("by something else while the run went on"), "{}", stderr(&o));
}

#[test]
fn migrate_refuses_a_file_it_cannot_migrate_and_leaves_it() {
    let tmp = folder("migrate-refused");
    let dir = tmp.path();
    let cases = [
        ("future.ron", "Ruleset(\n    language: 99,\n    name: \"x\",\n)\n", "language 99: written for a later Tabula"),
        ("broken.ron", "Ruleset(\n    name: \"x\",\n    then: [Custodian(dirs: [\"N\"]),\n)\n", "broken.ron:4:1:"),
    ];
    for (name, text, expected) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("writes");
        for args in [&["migrate", "--in-place", path(&file)][..], &["migrate", path(&file)]] {
            let o = tabula(args);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).contains(expected) && !stderr(&o).contains("rewritten"), "{args:?}: {}", stderr(&o));
            assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        }
        assert_eq!(std::fs::read_to_string(&file).expect("reads"), text, "{name} left as it is");
    }
}

#[cfg(unix)]
#[test]
fn endless_inputs_are_refused_at_once() {
    let cases: [&[&str]; 5] = [
        &["check", "/dev/zero"],
        &["moves", "seega", "--position", "/dev/zero"],
        &["replay", "/dev/zero"],
        &["merge", "/dev/zero"],
        &["plan", "--from", "/dev/zero"],
    ];
    for args in cases {
        let o = tabula(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains("/dev/zero:1:1: a NUL byte: not a text file"), "{args:?}: {}", stderr(&o));
    }
}

/// A pilot comparison whose variants and changes do not match is refused with
/// the field, not indexed (issue 42: `plan --from` panicked on it).
#[test]
fn plan_refuses_a_pilot_whose_changes_do_not_match_its_variants() {
    let tmp = folder("plan-pilot");
    let pilot = tmp.path().join("pilot.json");
    let o = tabula(&[
        "compare",
        "senet",
        "--sweep",
        "chance=Sticks,Die",
        "--games",
        "20",
        "--quiet",
        "--json",
        path(&pilot),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut value = json_file(&pilot);
    value["labels"] = serde_json::json!(["chance=Sticks"]);
    std::fs::write(&pilot, value.to_string()).expect("writes");
    let o = tabula(&["plan", "--from", path(&pilot)]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("`changes` holds 1 variants' changes: expected one per variant after the first (0)"), "{e}");
}

/// Messages that misled: three agents blamed "greedy,mcts" as one; three
/// variants under --sequential were told about an --independent nobody gave;
/// `plan --difference 1e-300` printed "no number of games (no difference)
/// games", and a negative difference needed `=`.
#[test]
fn messages_name_what_was_given() {
    let o = tabula(&["analyze", "classic/tic-tac-toe", "--agents", "random,greedy,mcts", "--games", "2"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("\"random,greedy,mcts\": expected two agents, A,B"), "{}", stderr(&o));
    let o = tabula(&["compare", "classic/tic-tac-toe", "--sweep", "max_plies=5,6,7", "--sequential", "--games", "4"]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("compares two variants, and 3 were given") && !e.contains("independent"), "{e}");
    let o = tabula(&["plan", "--base", "0.5", "--difference", "1e-300"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("more games than can be counted (the difference is too small to find) per variant"), "{out}");
    assert!(!out.contains("games) games"), "{out}");
    let o = tabula(&["plan", "--base", "0.5", "--difference", "-0.1", "--tests", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("from 40.0%") && out.contains("385 games per variant"), "{out}");
}

/// An output given as `-` takes the standard output whole: the text report
/// is left out of it, as it was for `--json -` (before: `--save -`, and
/// `merge --save -`, printed the results file followed by the report, which
/// no reader of JSON takes; `--csv -` the table followed by it).
#[test]
fn an_output_on_the_standard_output_is_not_followed_by_the_report() {
    let tmp = folder("stdout-whole");
    let dir = tmp.path();
    let saved = tabula_in(dir, &["analyze", "seega", "--games", "3", "--quiet", "--save", "-"], Stdio::piped());
    assert!(saved.status.success(), "{}", stderr(&saved));
    let run: serde_json::Value = serde_json::from_str(&stdout(&saved)).expect("the results file alone");
    assert_eq!(run["games"].as_array().map(Vec::len), Some(3));
    std::fs::write(dir.join("run.json"), stdout(&saved)).expect("writes");
    let merged = tabula_in(dir, &["merge", "run.json", "--quiet", "--save", "-"], Stdio::piped());
    assert!(merged.status.success(), "{}", stderr(&merged));
    serde_json::from_str::<serde_json::Value>(&stdout(&merged)).expect("the merged results file alone");
    let table = tabula_in(dir, &["analyze", "seega", "--games", "3", "--quiet", "--csv", "-"], Stdio::piped());
    assert!(table.status.success(), "{}", stderr(&table));
    assert!(!stdout(&table).contains("rates with 95% intervals"), "{}", stdout(&table));
    // Comparisons likewise, whatever their design (before: the factorial's
    // ranking, the adaptive and the sequential designs' text came with the JSON).
    let sweep = ["compare", "senet", "--sweep", "bear_off=Remainder,Exact", "--quiet", "--json", "-"];
    let designs: [&[&str]; 3] = [
        &["--sweep", "safe_house_of_life=true,false", "--games", "20"],
        &["--sweep", "safe_house_of_life=true,false", "--games", "40", "--adaptive"],
        &["--games", "200", "--sequential"],
    ];
    for design in designs {
        let o = tabula_in(dir, &[&sweep[..], design].concat(), Stdio::piped());
        assert!(o.status.success(), "{design:?}: {}", stderr(&o));
        let json = serde_json::from_str::<serde_json::Value>(&stdout(&o));
        assert!(json.is_ok(), "{design:?}: the JSON alone: {}", stdout(&o));
    }
    // Without `-`, the report is printed as before.
    let o = tabula_in(dir, &["analyze", "seega", "--games", "3", "--quiet", "--save", "again.json"], Stdio::piped());
    assert!(stdout(&o).contains("rates with 95% intervals"), "{}", stdout(&o));
}

/// Issue 46: where the first agent loses every game, the ladder prints no
/// point for it (a one-sided bound, said as such), puts the first agent with
/// a finite rating at 0 and says so in the footer, and the others keep their
/// own difference (not a bound each). `--anchor` picks the agent at 0 (an
/// agent without a finite rating gives way, said so), and the new agents'
/// spellings are read.
#[test]
fn the_ladder_gives_bounds_not_points_to_an_agent_that_loses_every_game() {
    let args = ["ladder", "classic/breakthrough", "--agents", "random,greedy,alphabeta:2", "--games", "8"];
    let o = tabula(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = |name: &str| out.lines().find(|l| l.starts_with(&format!("  {name} "))).unwrap_or_default().to_string();
    assert!(row("random").contains("lost all") && row("random").contains("at most -"), "{out}");
    assert!(!out.contains("1200"), "a bound of the model shown as a rating: {out}");
    assert!(row("greedy").contains("+0"), "{out}");
    assert!(out.contains("greedy at 0") && out.contains("random has no finite rating"), "{out}");
    let o = tabula(&[&args[..], &["--anchor", "alphabeta:2"]].concat());
    let out = stdout(&o);
    assert!(out.contains("greedy at 0") && out.contains("alphabeta:2 has no finite rating"), "{out}");
    let o = tabula(&[&args[..], &["--anchor", "greedy"]].concat());
    assert!(stdout(&o).contains("greedy at 0") && !stdout(&o).contains("has no finite rating"), "{}", stdout(&o));
    let o = tabula(&[&args[..], &["--anchor", "mcts"]].concat());
    assert!(!o.status.success() && stderr(&o).contains("not one of the agents"), "{}", stderr(&o));
}

/// `compare --strengths`: the comparison at each strength side by side; the
/// tests of every strength are one family (twice the tests of one strength,
/// Holm over all); JSON, CSV and plots carry every strength.
#[test]
fn compare_at_several_strengths_shows_each_finding_at_each_and_adjusts_over_all() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = |name: &str| dir.path().join(name).to_str().expect("a path").to_string();
    let base = ["compare", "classic/tic-tac-toe", "--sweep", "max_plies=9,5", "--games", "60", "--quiet"];
    let one = tabula(&[&base[..], &["--agents", "greedy,greedy", "--json", &path("one.json")]].concat());
    assert!(one.status.success(), "{}", stderr(&one));
    let (json, csv, plot) = (path("s.json"), path("s.csv"), path("s.svg"));
    let args = ["--strengths", "random,greedy", "--json", &json, "--csv", &csv, "--plot", &plot];
    let o = tabula(&[&base[..], &args[..]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let single = json_file(&dir.path().join("one.json"))["tests"].as_u64().expect("tests");
    assert!(out.contains(&format!("x 2 strengths = {} tests", 2 * single)), "{out}");
    let header = out.lines().find(|l| l.trim_start().starts_with("metric")).expect("a table");
    assert!(header.contains("random") && header.contains("greedy"), "{out}");
    assert!(out.contains("significant at every strength"), "{out}");
    let v = json_file(std::path::Path::new(&json));
    assert_eq!(v["tests"].as_u64(), Some(2 * single));
    assert_eq!(v["strengths"], serde_json::json!(["random", "greedy"]));
    let comparisons = v["comparisons"].as_array().expect("one comparison per strength");
    assert_eq!(comparisons.len(), 2);
    // At greedy, the same games as the run at one strength: the same raw p-values, adjusted over more tests.
    let alone = json_file(&dir.path().join("one.json"));
    for (a, b) in comparisons[1]["changes"][0].as_array().unwrap().iter().zip(alone["changes"][0].as_array().unwrap()) {
        assert_eq!(a["difference"]["p"], b["difference"]["p"], "{}", a["metric"]);
        assert!(a["p_adjusted"].as_f64() >= b["p_adjusted"].as_f64(), "{}", a["metric"]);
    }
    assert_eq!(v["findings"][0]["at"].as_array().map(Vec::len), Some(2));
    let table = std::fs::read_to_string(&csv).expect("the CSV");
    assert!(table.starts_with("variant,strength,ruleset,"), "{table}");
    assert_eq!(table.lines().count(), 1 + 2 * 2 * 60);
    assert!(table.lines().nth(1).expect("a game").starts_with("\"max_plies=9\",\"random\","), "{table}");
    let svg = std::fs::read_to_string(&plot).expect("the plot");
    assert!(svg.contains("by strength"), "{svg}");
    // Refused before any game: with --agents, --sequential, a bad agent, a strength given twice.
    for (extra, says) in [
        (&["--strengths", "random,greedy", "--agents", "random,greedy"][..], "cannot be used with"),
        (&["--strengths", "random,greedy", "--sequential"][..], "--sequential"),
        (&["--strengths", "random,wizard"][..], "wizard"),
        (&["--strengths", "random,random"][..], "given twice"),
    ] {
        let o = tabula(&[&base[..], extra].concat());
        assert!(!o.status.success() && stderr(&o).contains(says), "{extra:?}: {}", stderr(&o));
    }
}

/// `tabula ladder` on a game of three players: Plackett–Luce from placings,
/// the anchor at 0, the same games and intervals from the same seed.
#[test]
fn the_ladder_rates_agents_in_a_game_of_three_by_their_placings() {
    let args =
        ["ladder", &workspace("tests/blocks/three-way-flips.ron"), "--agents", "random,mcts:30", "--games", "40"];
    let o = tabula(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Plackett–Luce") && out.contains("random at 0"), "{out}");
    assert!(out.contains("some in two seats or more"), "two agents for three seats: {out}");
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  random ") || l.starts_with("  mcts:30 ")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[0].starts_with("  mcts:30 "), "the stronger first: {out}");
    assert_eq!(stdout(&tabula(&args)), out, "the same seed, the same ladder");
    let o = tabula(&[&args[..], &["--anchor", "mcts:30"]].concat());
    assert!(stdout(&o).contains("mcts:30 at 0"), "{}", stdout(&o));
}

/// Issue 47: `tabula replay` of a game on a Graph board too large to draw as
/// text (its fields drawn hundreds of units apart) prints the position as
/// its occupied fields, each with its pieces, then the moves replayed and the
/// result: never an empty position.
#[test]
fn replay_on_a_large_graph_board_prints_the_occupied_fields() {
    let tmp = folder("large");
    let rules = tmp.path().join("ring.ron");
    std::fs::write(
        &rules,
        r##"Ruleset(
    name: "ring", title: "Ring", players: ["White", "Black"],
    board: Graph(
        fields: [(name: "north", at: (0, 0)), (name: "east", at: (300, 300)), (name: "south", at: (0, 600)),
                 (name: "west", at: (-300, 300))],
        links: [(from: "north", to: "east", dir: "C", back: "A"), (from: "east", to: "south", dir: "C", back: "A"),
                (from: "south", to: "west", dir: "C", back: "A"), (from: "west", to: "north", dir: "C", back: "A")]),
    pieces: [(name: "Stone", letter: 'S')],
    setup: [On(piece: "Stone", player: Player(1), fields: ["north"]), On(piece: "Stone", player: Player(2), fields: ["south"])],
    phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: ["C", "A"]), to: Any([Empty, Enemy]))])],
    end: [(at: AfterMove, cond: NoPieces(Opponent), result: Win(Me), reason: "all captured")],
)"##,
    )
    .expect("writes the ruleset");
    let record = tmp.path().join("game.ron");
    let (rules, record) = (rules.to_str().expect("path"), record.to_str().expect("path"));
    let o = tabula(&["play", rules, "--p1", "random", "--p2", "random", "--seed", "4", "--record", record]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = tabula(&["replay", record]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("(board too large to draw as text; occupied fields:)\n"), "{out}");
    let occupied: Vec<&str> = out.lines().filter(|l| l.starts_with("  ") && l.contains(": ")).collect();
    assert!(!occupied.is_empty() && occupied.len() <= 2, "one or two stones are left: {out}");
    assert!(
        occupied.iter().all(|l| ["north", "east", "south", "west"].iter().any(|f| l.trim_start().starts_with(f))),
        "{out}"
    );
    assert!(out.contains("moves replayed") && out.lines().any(|l| l.contains(" wins") || l.contains("not over")));
}

/// Issue 47: `help` in `tabula play` says what can be typed, not only the board again.
#[test]
fn help_in_play_says_what_can_be_typed() {
    let o = tabula_with_input(&["play", "classic/tic-tac-toe", "--p2", "random"], "help\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for word in ["Type a move", "`undo`", "`moves`", "`quit`", "press Enter to throw"] {
        assert!(out.contains(word), "{word} missing from:\n{out}");
    }
}

/// Issue 48: `perft --make-every-move` makes every leaf (as RBG's perft does)
/// and counts what `perft` counts; `simulate` gives the length in whole turns
/// too (a capture chain is one turn of several plies).
#[test]
fn perft_can_make_every_move_and_simulate_counts_turns() {
    let counted = stdout(&tabula(&["perft", "traditional/english-draughts", "5"]));
    let made = stdout(&tabula(&["perft", "traditional/english-draughts", "5", "--make-every-move"]));
    assert!(counted.starts_with("perft(5) = 7361 ") && made.starts_with("perft(5) = 7361 "), "{counted}{made}");
    let s = stdout(&tabula(&["simulate", "traditional/english-draughts", "--games", "20", "--seed", "3"]));
    let mean = |unit: &str| -> f64 {
        let line = s.lines().find(|l| l.contains("average length") && l.contains(unit)).expect(unit);
        line.split_whitespace().nth(2).and_then(|n| n.parse().ok()).expect("a number")
    };
    assert!(mean("turns") > 0.0 && mean("turns") <= mean("plies"), "{s}");
}

/// `compare --strengths` with a count of games per strength (`--games 60,30`):
/// each strength plays its own count, the text says so, the CSV holds them;
/// a count list of the wrong length, or without --strengths, is refused.
#[test]
fn compare_at_several_strengths_plays_each_strength_its_own_games() {
    let dir = tempfile::tempdir().expect("a folder");
    let csv = dir.path().join("s.csv").to_str().expect("a path").to_string();
    let base = ["compare", "classic/tic-tac-toe", "--sweep", "max_plies=9,5", "--quiet"];
    let o = tabula(&[&base[..], &["--strengths", "random,greedy", "--games", "60,30", "--csv", &csv]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().next().expect("a title").ends_with("games per variant: 60 at random, 30 at greedy"), "{out}");
    let table = std::fs::read_to_string(&csv).expect("the CSV");
    let at = |s: &str| table.lines().filter(|l| l.contains(&format!(",\"{s}\","))).count();
    assert_eq!((at("random"), at("greedy")), (2 * 60, 2 * 30), "{table}");
    // One count is every strength's.
    let o = tabula(&[&base[..], &["--strengths", "random,greedy", "--games", "20"]].concat());
    assert!(stdout(&o).lines().next().expect("a title").ends_with("20 games per variant at each"), "{}", stdout(&o));
    for (extra, says) in [
        (&["--strengths", "random,greedy", "--games", "60,30,10"][..], "3 counts for 2 strengths"),
        (&["--agents", "random,greedy", "--games", "60,30"][..], "goes with --strengths"),
        (&["--strengths", "random,greedy", "--games", "60,x"][..], "a number of games"),
    ] {
        let o = tabula(&[&base[..], extra].concat());
        assert!(!o.status.success() && stderr(&o).contains(says), "{extra:?}: {}", stderr(&o));
    }
}

/// `tabula plan --from` reads what `compare --strengths --json` writes: the
/// games each metric needs at each strength, for the whole family of tests.
#[test]
fn plan_from_a_comparison_at_several_strengths_plans_each_strength() {
    let dir = tempfile::tempdir().expect("a folder");
    let json = dir.path().join("s.json").to_str().expect("a path").to_string();
    let o = tabula(&[
        "compare",
        "classic/tic-tac-toe",
        "--sweep",
        "max_plies=9,5",
        "--quiet",
        "--strengths",
        "random,greedy",
        "--games",
        "60,40",
        "--json",
        &json,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let tests = json_file(std::path::Path::new(&json))["tests"].as_u64().expect("tests");
    let o = tabula(&["plan", "--from", &json]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(&format!("with {tests} test(s)")), "the family of every strength: {out}");
    let header = out.lines().find(|l| l.contains("metric")).expect("a table");
    assert!(header.trim_start().starts_with("strength"), "{out}");
    for s in ["random", "greedy"] {
        let rows = out.lines().filter(|l| l.trim_start().starts_with(&format!("{s} "))).count() as u64;
        assert_eq!(rows, tests / 2, "one row a metric at {s}: {out}");
    }
    // A strengths file whose comparisons do not match its strengths is refused.
    let mut v = json_file(std::path::Path::new(&json));
    v["comparisons"].as_array_mut().expect("comparisons").pop();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, v.to_string()).expect("written");
    let o = tabula(&["plan", "--from", path(&bad)]);
    assert!(!o.status.success() && stderr(&o).contains("expected one per strength"), "{}", stderr(&o));
}
