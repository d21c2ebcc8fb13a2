//! Results files (`analyze --save`, shards, `merge`, `--resume`) are hostile
//! input: a damaged or hand-edited file is refused with an error naming the
//! field and what was expected, never a panic or a wrong report (issue 42).

use tabula_analysis::{Config, Report, Results, run};
use tabula_tests::shipped_game;

/// Shards 0/2 and 1/2 of a short Senet run, random against random.
fn shards() -> Vec<Results> {
    let game = shipped_game("senet");
    (0..2)
        .map(|i| {
            let c = Config {
                agents: ["random".into(), "random".into()],
                games: 6,
                seed: 4,
                swap_sides: true,
                shard: Some((i, 2)),
            };
            run(&game, &c, &|_| {}).expect("runs")
        })
        .collect()
}

/// The error of merging the shards after `edit` changed the second one's
/// last game, as `tabula merge` reads them: through their files' text.
fn merge_edited(edit: impl Fn(&mut Results)) -> String {
    let mut parts = shards();
    edit(&mut parts[1]);
    let read: Result<Vec<Results>, String> =
        parts.iter().map(|p| Results::from_json(&p.to_json().expect("as JSON"))).collect();
    match read.and_then(|parts| Results::merge(parts, false)) {
        // What `merge` reports, so that a file that passed shows where it panics.
        Ok(merged) => format!("merged: {}", Report::new(&merged)),
        Err(e) => e,
    }
}

/// An edit of a results file, for a table of cases.
type Edit = fn(&mut Results);

fn last(r: &mut Results) -> &mut tabula_analysis::GameResult {
    r.games.last_mut().expect("a game")
}

#[test]
fn per_player_lists_shorter_than_the_players_are_refused() {
    // Before: the check looked at the first game's `pieces_end` only, and the
    // report indexed the others by player (report.rs: index out of bounds).
    let e = merge_edited(|r| {
        last(r).pieces_end.pop();
    });
    assert!(e.contains("`pieces_end` has 1 entries: expected one per player (2)"), "{e}");
    assert!(e.contains("`games[2]` (game 5)"), "names the game: {e}");
    let e = merge_edited(|r| {
        last(r).pieces_start.pop();
    });
    assert!(e.contains("`pieces_start` has 1 entries"), "{e}");
}

#[test]
fn a_winner_without_a_seat_is_refused() {
    // Before: `winner: 1, seats: [0]` passed, and `winner_agent` (the CSV's
    // winner_agent column) indexed the seats by the winner.
    let e = merge_edited(|r| {
        let g = last(r);
        g.winner = Some(1);
        g.places = vec![2, 1];
        g.seats = vec![0];
    });
    assert!(e.contains("`seats` has 1 entries: expected one per player (2)"), "{e}");
    let mut g = shards()[0].games[0].clone();
    g.seats = vec![0];
    g.winner = Some(1);
    assert_eq!(g.winner_agent(), None, "no seat, no agent: not a panic");
}

#[test]
fn places_winners_and_counts_that_contradict_each_other_are_refused() {
    let cases: [(&str, Edit); 6] = [
        ("`places` [3, 1]", |r| last(r).places = vec![3, 1]),
        ("`winner` 1: expected a player from 0 to 1 placed first", |r| {
            let g = last(r);
            g.places = vec![1, 2];
            g.winner = Some(1);
        }),
        ("`first` 2: expected a player from 0 to 1", |r| last(r).first = 2),
        ("`repeated` 4294967295: expected at most one per decision", |r| last(r).repeated = u32::MAX),
        ("`moves_seen` 0", |r| last(r).moves_seen = 0),
        ("`quality.drama` -0.5: expected a share from 0 to 1", |r| last(r).quality.drama = -0.5),
    ];
    for (expected, edit) in cases {
        let e = merge_edited(edit);
        assert!(e.contains(expected), "{expected}: {e}");
    }
}

#[test]
fn an_edited_plies_is_refused_not_reported_as_a_negative_interval() {
    // Before: one game of 4294967295 plies gave a mean of some 700 million
    // plies with an interval reaching below zero.
    let e = merge_edited(|r| last(r).plies = u32::MAX);
    assert!(e.contains("`plies` 4294967295: expected at most 200000"), "{e}");
    // Against the ruleset: no game is longer than its turn limit.
    let game = shipped_game("senet");
    let mut r = shards().remove(0);
    last(&mut r).plies = game.max_plies() + 1;
    let e = r.check_against(&game).expect_err("longer than the turn limit");
    assert!(e.contains("`plies` 1001: expected at most 1000, the game's turn limit"), "{e}");
}

#[test]
fn player_names_that_are_not_the_rulesets_are_refused() {
    let game = shipped_game("senet");
    let mut r = shards().remove(0);
    r.check_against(&game).expect("the run as played fits its ruleset");
    r.players = vec!["Black".into(), "White".into()];
    let e = r.check_against(&game).expect_err("other names");
    assert!(
        e.contains(r#"`players` ["Black", "White"]: the ruleset `senet` names its players ["Green", "White"]"#),
        "{e}"
    );
    // `merge` has no ruleset at hand but the text the file carries.
    let e = r.check_with_saved_game().expect_err("other names than the saved text's");
    assert!(e.contains("names its players"), "{e}");
    r.players = game.players().to_vec();
    r.hash = "0000000000000000".into();
    let e = r.check_with_saved_game().expect_err("a hash that is not the text's");
    assert!(e.contains("`hash` 0000000000000000"), "{e}");
}

#[test]
fn a_file_claiming_billions_of_games_or_shards_is_read_without_allocating_by_them() {
    // Before: the check allocated a flag per game the file claimed (4 GB for
    // `config.games = 4294967295`), and merge a counter per shard (17 GB for
    // `shard: [0, 4294967295]`). Here the claims are read as what they are:
    // a file of a few games out of a huge run, and a shard of a huge split.
    let mut part = shards().remove(0);
    part.config.games = u32::MAX;
    part.config.shard = None;
    part.check().expect("a few games of a run of 4294967295: the file holds what it holds");
    let e = Results::merge(vec![part.clone()], false).expect_err("cut short");
    assert!(e.contains("holds 3 of the 4294967295 games"), "{e}");
    part.config.games = 6;
    part.config.shard = Some((0, u32::MAX));
    part.games.clear();
    let e = Results::merge(vec![part.clone()], false).expect_err("shards missing");
    assert!(e.contains("shards missing: 1/4294967295, 2/4294967295") && e.contains("and 4294967284 more"), "{e}");
    let e = Results::merge(vec![part], true).expect_err("too many missing to list");
    assert!(e.contains("4294967294 of the 4294967295 shards are missing"), "{e}");
}

#[test]
fn shards_of_different_runs_say_which_field_differs() {
    // Before: "shards of different runs: senet Config { .. } and senet Config { .. }",
    // the two Configs identical where the options differed.
    let mut parts = shards();
    parts[1].options.insert("max_plies".into(), "500".into());
    parts[1].config.seed = 5;
    let e = Results::merge_named(vec![("a.json".into(), parts[0].clone()), ("b.json".into(), parts[1].clone())], false)
        .expect_err("different runs");
    assert!(e.contains("a.json and b.json are shards of different runs"), "{e}");
    assert!(e.contains("option `max_plies`: `1000` in a.json, `500` in b.json"), "{e}");
    assert!(e.contains("the seed: 4 in a.json, 5 in b.json") && !e.contains("Config"), "{e}");
}

#[test]
fn a_report_lists_every_options_value_and_names_the_changed_ones() {
    // Before: the report's options were only those changed from their defaults.
    let r = shards().remove(0);
    let report = Report::new(&r);
    assert_eq!(report.options, r.options);
    assert_eq!(report.options.get("max_plies").map(String::as_str), Some("1000"));
    assert!(report.changed.is_empty());
    assert!(report.to_string().starts_with("Senet (default options)"), "{report}");
}

#[test]
fn a_game_both_ended_by_the_limit_and_unfinished_is_refused() {
    // Before: the check let it pass, and the report counted such a game among
    // the timeouts and the unfinished games both, subtracting it twice from
    // the games that ended by the rules: half the games so edited read
    // "completion 0.000", all of them overflowed (a panic in a debug build).
    let e = merge_edited(|r| {
        for g in &mut r.games {
            g.by_limit = true;
            g.unfinished = true;
            g.places.clear();
            g.winner = None;
        }
    });
    assert!(e.contains("`games[0]` (game 3): `by_limit` and `unfinished`"), "{e}");
}

#[test]
fn parts_of_a_run_differ_in_their_shard_and_say_so() {
    use tabula_analysis::RunKey;
    let parts = shards();
    let (a, b) = (RunKey::of(&parts[0]), RunKey::of(&parts[1]));
    assert!(a.differences(&b, "in a", "in b").is_empty(), "shards of one run");
    assert_eq!(a.part_differences(&b, "in a", "in b"), ["the shard: shard 0/2 in a, shard 1/2 in b"]);
    assert!(!parts[0].same_run(&parts[1]) && parts[0].same_run(&parts[0]));
}

#[test]
fn a_winner_that_places_do_not_name_is_refused() {
    // Before: `winner: 0` in a draw (places all 1) passed, as did no winner
    // where one player alone was first: the CSV's winner_agent (read from
    // `winner`) and the report's wins (read from `places`) told two games.
    let draw_with_a_winner = merge_edited(|r| {
        let g = last(r);
        g.places = vec![1, 1];
        g.winner = Some(0);
    });
    assert!(
        draw_with_a_winner.contains("`winner` Some(0): `places` [1, 1] make the winner None"),
        "{draw_with_a_winner}"
    );
    let no_winner = merge_edited(|r| {
        let g = last(r);
        g.places = vec![2, 1];
        g.winner = None;
    });
    assert!(no_winner.contains("`winner` None: `places` [2, 1] make the winner Some(1)"), "{no_winner}");
}
