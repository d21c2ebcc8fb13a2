//! Tests of the legal moves: each fast path against the general one.
use crate::board::{FieldId, NO_FIELD};
use crate::engine::{Captures, Cond, Landing, Motion, MotionPlan, Repeats, Rule};
use crate::moves::{Action, Move};
use crate::program::rules::RunEnds;
use crate::ruleset::Distance;
use crate::shipped::testing::{games, variants, visit_random_games};
use crate::{Options, shipped};
use rand::{Rng, SeedableRng};

/// The search for the longest capture chain plays at most the positions
/// it is given: a chain of three jumps counts one jump per position
/// played, and all three once the search may follow it to its end.
#[test]
fn the_longest_chain_is_searched_within_a_count_of_positions() {
    let text = r#"Ruleset(
name: "chain", title: "Chain", players: ["X", "O"],
board: Grid(cols: 7, rows: 1, links: ["Orthogonal"]),
pieces: [(name: "M", letter: 'M')],
setup: [On(piece: "M", player: Player(1), fields: ["a1"]), On(piece: "M", player: Player(2), fields: ["b1", "d1", "f1"])],
phases: [(name: "play", moves: [
    (pieces: ["M"], by: Step(dirs: ["Orthogonal"])),
    (pieces: ["M"], by: Jump(dirs: ["Orthogonal"]), then: [Continue(mode: Must, removal: AtEnd)]),
], filters: [Capture(), MostCaptures()])],
)"#;
    let game = crate::Game::from_source(text, "chain.ron", &Options::new()).expect("compiles");
    let s = game.initial_state();
    let legal = game.legal_moves(&s);
    assert_eq!(game.move_texts(&legal), ["a1-c1"]);
    let totals: Vec<u32> = [1, 2, 3, 100]
        .iter()
        .map(|&n| game.chain_total(&s, legal[0], crate::engine::chains::MAX_CHAIN, &mut { n }))
        .collect();
    assert_eq!(totals, [1, 2, 3, 3]);
}

/// Long lists of moves lose their repeats by sorting, as short ones by
/// comparing each move with those kept: the same moves, in the same order.
#[test]
fn repeats_dropped_by_sorting_are_those_dropped_one_by_one() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for len in (0..300).step_by(7) {
        let moves: Vec<Move> = (0..len)
            .map(|_| Move {
                action: [Action::Board, Action::Place][rng.random_range(0..2)],
                rule: rng.random_range(0..3),
                kind: rng.random_range(0..2),
                dir: rng.random_range(0..2),
                from: rng.random_range(0..4),
                to: rng.random_range(0..5),
            })
            .collect();
        let mut one_by_one: Vec<Move> = Vec::new();
        for &m in &moves {
            if !one_by_one.iter().any(|k| Move { rule: m.rule, ..*k } == m) {
                one_by_one.push(m);
            }
        }
        let mut sorted = moves.clone();
        super::drop_repeats_sorted(&mut sorted);
        assert_eq!(sorted, one_by_one, "{len} moves");
    }
}

/// Where the compiler says whether a rule's moves capture, playing them
/// says the same: along random games of every shipped ruleset, for every
/// legal move of such a rule; captures and quiet moves both seen.
#[test]
fn captures_known_by_the_rule_are_those_made() {
    let mut seen = [0u32; 2];
    for name in shipped::names() {
        // The capture options too, where a ruleset has them (the filters and chains differ).
        for capture in [None, Some("Huff"), Some("Most")] {
            let mut options = Options::new();
            capture.map(|v| options.set("capture", v));
            let Ok(game) = shipped::game(name, &options) else { continue };
            visit_random_games(&game, 3, 5, |s, legal| {
                for &m in legal {
                    let rule = &game.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
                    let known = match rule.plan.captures {
                        Captures::Always => Some(true),
                        Captures::Never => Some(false),
                        Captures::Unknown => None,
                    };
                    let (Some(known), crate::moves::Action::Board | crate::moves::Action::Place) = (known, m.action)
                    else {
                        continue;
                    };
                    assert_eq!(known, game.captures_in_full(s, m, rule, &mut None), "{name} {capture:?}: {m:?}");
                    seen[usize::from(known)] += 1;
                }
            });
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "quiet moves and captures known by the rule: {seen:?}");
}

/// Where the compiler found that no two rules of a phase can make one
/// move (`Phase::repeats` `Impossible`, so repeats are not looked for), none
/// is made twice: along random games of every shipped ruleset, at every
/// ordinary decision.
#[test]
fn phases_said_not_to_repeat_make_no_move_twice() {
    let (mut checked, mut spared) = (0, std::collections::BTreeSet::new());
    // The arrivals' two steps "next" make the same moves: a phase that must be compared.
    let arrivals = crate::Game::from_source(ARRIVALS, "arrivals.ron", &Options::new()).expect("compiles");
    assert!(arrivals.phases[0].repeats == Repeats::Possible, "rules with a direction in common may repeat");
    for (name, game) in games().chain([("arrivals", arrivals)]) {
        visit_random_games(&game, 5, 10, |s, _| {
            let phase = &game.phases[usize::from(s.phase)];
            if phase.repeats == Repeats::Possible || s.pending != crate::state::Pending::None || s.continuing.is_some()
            {
                return;
            }
            let mut made = Vec::new();
            game.generate(s, s.to_move, None, &mut |m| {
                made.push(m);
                true
            });
            for (i, m) in made.iter().enumerate() {
                assert!(!made[..i].iter().any(|k| crate::Move { rule: m.rule, ..*k } == *m), "{name}: {m:?} twice");
            }
            checked += 1;
            if phase.rules.len() > 1 {
                spared.insert(name);
            }
        });
    }
    assert!(checked > 1_000, "only {checked} positions checked");
    // Phases of several rules told apart: by their directions (Setron, Nine Men's Morris), their targets, their actions.
    assert!(spared.len() >= 5, "only {spared:?} have phases of several rules that cannot repeat");
}

/// Along random games of every shipped ruleset and of one made for the
/// test, a rule's landing masks say what the full landing check says, for
/// every field a piece could come from (or the hand) and every target.
/// Every way of arriving, on a track with a safe field and a field that takes no piece.
const ARRIVALS: &str = r#"Ruleset(
    name: "arrivals",
    title: "Arrivals",
    players: ["A", "B"],
    board: Track(length: 8, cols: 8),
    field_types: [(name: "safe", fields: ["4"], safe: true), (name: "hole", fields: ["6"], limit: 0)],
    pieces: [(name: "Stone", letter: 'S')],
    setup: [
        On(piece: "Stone", player: Player(1), fields: ["1", "3"]), Hand(piece: "Stone", player: Player(1), count: 3),
        On(piece: "Stone", player: Player(2), fields: ["5", "8"]), Hand(piece: "Stone", player: Player(2), count: 3),
    ],
    phases: [(name: "play", moves: [
        (pieces: ["Stone"], by: Step(dirs: ["next", "prev"]), to: Any([Empty, Enemy]), on_enemy: Capture),
        (pieces: ["Stone"], by: Step(dirs: ["next"]), to: Any([Empty, Enemy]), on_enemy: Exchange),
        (pieces: ["Stone"], by: Step(dirs: ["prev"]), to: Not(Empty), on_enemy: Stack),
        (pieces: ["Stone"], by: Enter(via: Field(["1", "8"]), steps: 1, dirs: ["next"]), to: Any([Empty, Enemy]), on_enemy: Exchange),
        (pieces: ["Stone"], by: Enter(via: Field(["2", "7"]), steps: 1, dirs: ["next"]), to: Any([Empty, Enemy])),
    ])],
)"#;

/// The text of a ruleset file of the repository (`path` from its root),
/// with `from` replaced by `to` (which must be there).
pub(in crate::engine) fn ruleset_edited(path: &str, from: &str, to: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let text = std::fs::read_to_string(format!("{root}/{path}")).expect("a ruleset of the repository");
    assert!(from.is_empty() || text.contains(from), "{path} has {from:?}");
    text.replacen(from, to, 1)
}

/// Takes `rule`'s motion plan back to `General` where `which` says it is
/// the one to take; whether it was.
pub(in crate::engine) fn take_motion_plan(rule: &mut Rule, which: impl Fn(&MotionPlan) -> bool) -> bool {
    let taken = which(&rule.plan.motion);
    if taken {
        rule.plan.motion = MotionPlan::General;
    }
    taken
}

/// `game` with `strip` done to each of its rules (a table taken out).
pub(in crate::engine) fn stripped(game: &crate::Game, strip: impl FnMut(&mut Rule)) -> crate::Game {
    let mut without = game.clone();
    without.phases.iter_mut().flat_map(|p| &mut p.rules).for_each(strip);
    without.choose_rules_loops();
    without
}

/// Along random games of `game` (from `seed`, `games` of them), its legal
/// moves are those of `without` (`what` says which game, where they are
/// not); `each` sees every position. How many there were.
fn same_legal_moves(
    what: &str,
    game: &crate::Game,
    without: &crate::Game,
    seed: u64,
    games: usize,
    mut each: impl FnMut(&crate::State),
) -> u32 {
    let mut positions = 0;
    visit_random_games(game, seed, games, |s, legal| {
        assert_eq!(legal, without.legal_moves(s), "{what}");
        each(s);
        positions += 1;
    });
    positions
}

/// The moves `player` would have in `s` as an ordinary decision, as the
/// generator makes them (no filter).
pub(in crate::engine) fn generated_for(
    game: &crate::Game,
    s: &crate::State,
    player: crate::piece::Player,
) -> Vec<Move> {
    let mut moves = Vec::new();
    game.generate(s, player, None, &mut |m| {
        moves.push(m);
        true
    });
    moves
}

/// Along random games of every shipped variant where `take_out` takes
/// something out of a rule (and says so), the legal moves, and those the
/// player not to move would have, are the same with it and without it.
/// Returns the number of positions compared.
pub(in crate::engine) fn same_moves_without(seed: u64, take_out: impl Fn(&mut Rule) -> bool) -> u32 {
    let mut positions = 0;
    for (name, options, game) in variants() {
        let mut without = game.clone();
        let taken = without.phases.iter_mut().flat_map(|p| &mut p.rules).map(&take_out).filter(|&t| t).count();
        if taken == 0 {
            continue;
        }
        without.choose_rules_loops();
        visit_random_games(&game, seed, 3, |s, legal| {
            assert_eq!(legal, without.legal_moves(s), "{name} {options:?}");
            let other = (s.to_move + 1) % s.players;
            let (moves, moves_without) = (generated_for(&game, s, other), generated_for(&without, s, other));
            assert_eq!(moves, moves_without, "{name} {options:?}: player {other}");
            positions += 1;
        });
    }
    positions
}

/// The jumps of the tight loop (over a mask of tops, landing by bits,
/// outside a chain) are those the piece-by-piece generator makes: the
/// moves with the loop and with the jump rules' landing bits (which the
/// loop needs) taken out.
#[test]
fn jumps_in_the_tight_loop_are_those_made_piece_by_piece() {
    let positions = same_moves_without(9, |rule| {
        let tight = rule.jump_by_masks().is_some();
        if tight {
            if let Landing::Masks(masks) = &mut rule.plan.landing {
                masks.bits = None;
            }
        }
        tight
    });
    assert!(positions > 2_000, "only {positions} positions with jumps in the loop");
}

/// Where the generator looks up a die's runs by its orientation, it
/// makes the moves it makes reading the die's face and counting out the
/// run: the moves with the tables and with them taken out.
#[test]
fn die_runs_looked_up_make_the_moves_runs_counted_out_make() {
    let positions = same_moves_without(13, |rule| take_motion_plan(rule, |p| p.die_runs().is_some()));
    assert!(positions > 1_000, "only {positions} positions with die runs looked up");
}

/// The dice test block under each of its options, and on a board of 81
/// fields (too many for the ends as bits: the probe counts out the
/// looked-up ends one by one): the moves with the die tables and
/// without are the same, and so are the probe's and the generator's
/// answers for every piece, along random games.
#[test]
fn die_runs_make_the_same_moves_on_any_board_and_under_any_option() {
    let duel = ruleset_edited("tests/blocks/dice-duel.ron", "", "");
    let large =
        ruleset_edited("tests/blocks/dice-duel.ron", "cols: 5,\n        rows: 5,", "cols: 9,\n        rows: 9,");
    let options = ["wrap_straight", "left", "grace", "prisoners"].map(|o| Options::from_iter([(o, "true")]));
    let (mut positions, mut probed) = (0, [0u32; 2]);
    for (source, options) in
        [(&duel, Options::new()), (&large, Options::new())].into_iter().chain(options.into_iter().map(|o| (&duel, o)))
    {
        let game = crate::Game::from_source(source, "dice.ron", &options).expect("compiles");
        let runs: Vec<_> = game.phases.iter().flat_map(|p| &p.rules).filter_map(|r| r.plan.motion.die_runs()).collect();
        assert_eq!(runs.len(), 2, "{options:?}");
        assert_eq!(runs.iter().all(|r| r.has_bits()), game.board.len() <= 64, "{options:?}");
        let without = stripped(&game, |r| _ = take_motion_plan(r, |p| p.die_runs().is_some()));
        positions += same_legal_moves(&format!("{options:?}"), &game, &without, 17, 6, |s| {
            for f in game.board.fields() {
                let Some(p) = s.top(f) else { continue };
                let mut made = false;
                without.generate_as(s, p.owner, Some(f), &mut |_| {
                    made = true;
                    false
                });
                assert_eq!(game.piece_has_move(s, p.owner, f), made, "{options:?}: {f} {p:?}");
                probed[usize::from(made)] += 1;
            }
        });
    }
    assert!(positions > 300 && probed.iter().all(|&n| n > 100), "{positions} positions, {probed:?} probed");
}

/// A die's run table gives, for every field, orientation and direction
/// of its rule, where the face the die shows that way, counted out link
/// by link, ends (nothing where it comes back to its field), and the
/// same as bits; nothing for an orientation no die has.
#[test]
fn a_die_runs_table_ends_where_its_face_and_links_lead() {
    use crate::die::{Face, ORIENTATIONS, face};
    let mut looked_up = 0;
    for (name, options, game) in variants() {
        let s = game.initial_state();
        for rule in game.phases.iter().flat_map(|p| &p.rules) {
            let (Some(runs), Motion::Run { dirs, distance, .. }) = (rule.plan.motion.die_runs(), &rule.motion) else {
                continue;
            };
            for from in game.board.fields() {
                for o in 0..ORIENTATIONS.len() as u8 {
                    let expected: Vec<FieldId> = dirs
                        .iter()
                        .map(|&d| {
                            let towards = match distance {
                                Distance::TopFace => Some(Face::Top),
                                _ => game.compass[usize::from(d)],
                            };
                            let n = towards.map_or(0, |f| face(o, f));
                            let at = if n == 0 { NO_FIELD } else { game.run_end(&s, 0, from, d, n, &Cond::True) };
                            if at == from { NO_FIELD } else { at }
                        })
                        .collect();
                    assert_eq!(runs.ends(from, o), expected, "{name} {options:?} from {from} orientation {o}");
                    let bits = expected.iter().filter(|&&f| f != NO_FIELD).fold(0u64, |b, &f| b | 1 << f);
                    assert!(runs.has_bits());
                    assert_eq!(runs.reach(from, o), bits, "{name} {options:?} from {from} orientation {o}");
                    looked_up += 1;
                }
                assert!(runs.ends(from, 48).is_empty(), "{name}: no die lies so");
                assert_eq!(runs.reach(from, 48), 0, "{name}: no die lies so");
            }
        }
    }
    assert!(looked_up > 10_000, "only {looked_up} die runs looked up");
}

/// A ruleset of many rules that run dice by their faces gets tables for
/// the first of them only, up to what one game's tables may hold (a
/// hostile file would otherwise take memory by the rule); the runs of
/// the others are counted out, and the moves are the same.
#[test]
fn die_runs_tables_of_a_game_are_bounded() {
    use crate::program::rules::DieRuns;
    let rule = r#"(pieces: ["Die"], by: Run(dirs: ["Orthogonal"], distance: Face), to: Empty),"#;
    let many = ruleset_edited(
        "tests/blocks/dice-duel.ron",
        "        moves: [\n",
        &format!("        moves: [\n{}", rule.repeat(60)),
    );
    let game = crate::Game::from_source(&many, "many-dice-runs.ron", &Options::new()).expect("compiles");
    let rules: Vec<&Rule> = game.phases.iter().flat_map(|p| &p.rules).collect();
    let tables: Vec<&DieRuns> = rules.iter().filter_map(|r| r.plan.motion.die_runs()).collect();
    assert!(tables.len() > 10 && tables.len() < rules.len(), "{} tables for {} rules", tables.len(), rules.len());
    assert!(tables.iter().map(|t| t.len()).sum::<usize>() <= DieRuns::MOST_ENDS);
    let positions = same_legal_moves(
        "many dice runs",
        &game,
        &stripped(&game, |r| _ = take_motion_plan(r, |p| p.die_runs().is_some())),
        3,
        4,
        |_| {},
    );
    assert!(positions > 100, "{positions}");
}

/// Where the generator looks up where a sowing ends, it makes the moves
/// it makes sowing piece by piece: the moves with the tables and with
/// them taken out, along random games of every shipped variant that sows.
#[test]
fn sowings_looked_up_make_the_moves_sowings_walked_make() {
    let positions = same_moves_without(23, |rule| take_motion_plan(rule, |p| p.sow_ends().is_some()));
    assert!(positions > 1_000, "only {positions} positions with sowings looked up");
}

/// A sowing along a row that ends (seeds that run off the row make no
/// move), past a field that takes nothing and each player's own field,
/// by three players: the moves with the table and without are the same.
#[test]
fn sowings_looked_up_off_a_row_past_fields_skipped_for_three_players() {
    let source = r#"Ruleset(
        name: "row sowing", title: "Row sowing", players: ["A", "B", "C"],
        board: Grid(cols: 8, rows: 1, links: ["E", "W"]), stack_limit: 30,
        field_types: [(name: "hole", fields: ["f1"], limit: 0)],
        zones: [(name: "own", groups: [["c1"], ["d1"], ["e1"]])],
        pieces: [(name: "Seed", letter: 'S', neutral: true)],
        setup: [On(piece: "Seed", fields: ["a1", "b1", "c1", "d1", "e1", "g1"], count: 3)],
        phases: [(name: "play", moves: [(pieces: ["Seed"], by: Sow(dirs: ["E", "W"], skip: InZone("own")))])],
        end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "no sowing")],
    )"#;
    let game = crate::Game::from_source(source, "row-sowing.ron", &Options::new()).expect("compiles");
    let ends = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| r.plan.motion.sow_ends()).expect("a table");
    assert_eq!(ends.room, 30);
    let positions = same_legal_moves(
        "row sowing",
        &game,
        &stripped(&game, |r| _ = take_motion_plan(r, |p| p.sow_ends().is_some())),
        29,
        12,
        |_| {},
    );
    assert!(positions > 100, "{positions}");
}

/// Kalah with pits that hold at most ten seeds (of 48): a sowing passes
/// over a full pit, which the table cannot know, so the table is not
/// read while the board has more pieces than a pit holds; the moves are
/// those of sowing piece by piece (read anyway, the table would sow into
/// full pits).
#[test]
fn sowings_are_not_looked_up_where_a_pit_may_fill_up() {
    let small = ruleset_edited("rulesets/traditional/kalah.ron", "stack_limit: 48,", "stack_limit: 10,");
    let game = crate::Game::from_source(&small, "small-kalah.ron", &Options::new()).expect("compiles");
    let ends = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| r.plan.motion.sow_ends()).expect("a table");
    assert_eq!(ends.room, 10);
    let mut full_pits = 0;
    same_legal_moves(
        "small kalah",
        &game,
        &stripped(&game, |r| _ = take_motion_plan(r, |p| p.sow_ends().is_some())),
        5,
        20,
        |s| {
            full_pits += usize::from(game.board.fields().any(|f| s.height(f) >= 10));
        },
    );
    assert!(full_pits > 20, "only {full_pits} positions with a full pit");
}

/// A piece has a move, as the probe for stuck pieces says, exactly where
/// the generator makes one for it: every piece of every player along
/// random games of every shipped variant (a walk's pieces included, which
/// the probe hands to the generator).
#[test]
fn a_piece_has_a_move_where_the_generator_makes_one() {
    let mut probed = [0u32; 2];
    for (name, options, game) in variants() {
        visit_random_games(&game, 13, 2, |s, _| {
            for f in game.board.fields() {
                let Some(p) = s.top(f).filter(|p| p.owner < s.players) else { continue };
                let mut made = false;
                game.generate_as(s, p.owner, Some(f), &mut |_| {
                    made = true;
                    false
                });
                assert_eq!(game.piece_has_move(s, p.owner, f), made, "{name} {options:?}: {f} {p:?}");
                probed[usize::from(made)] += 1;
            }
        });
    }
    assert!(probed.iter().all(|&n| n > 1_000), "pieces stuck and free: {probed:?}");
}

/// Where the generator looks up a run's end, it makes the moves it makes
/// walking the run step by step: the moves with the table and without,
/// along random games of every shipped variant with a run over anything.
#[test]
fn runs_looked_up_make_the_moves_runs_walked_make() {
    let mut positions = 0;
    for (name, options, game) in variants() {
        let Some(_) = game.plan.run_ends else { continue };
        let mut without = game.clone();
        without.plan.run_ends = None;
        positions += same_legal_moves(&format!("{name} {options:?}"), &game, &without, 11, 3, |_| {});
    }
    assert!(positions > 1_000, "only {positions} positions with runs looked up");
}

/// The table gives, for every field, direction and distance it holds,
/// the field a run walked link by link ends on, and nothing beyond its
/// longest distance (those runs are walked).
#[test]
fn a_runs_table_ends_where_its_links_lead() {
    let mut looked_up = 0;
    for (name, options, game) in variants() {
        let Some(ends) = &game.plan.run_ends else { continue };
        let s = game.initial_state();
        for from in game.board.fields() {
            for d in 0..game.board.dir_names().len() as u8 {
                for n in 0..=RunEnds::MOST + 2 {
                    let walked = game.run_end(&s, 0, from, d, n, &Cond::True);
                    let expected = (n <= RunEnds::MOST).then_some(walked);
                    assert_eq!(ends.end(from, d, n), expected, "{name} {options:?} from {from} dir {d} n {n}");
                    looked_up += 1;
                }
            }
        }
    }
    assert!(looked_up > 10_000, "only {looked_up} runs looked up");
}

#[test]
fn landing_masks_say_what_the_full_check_says() {
    let (mut checked, mut checked_bits, mut checked_stacks, mut checked_players) = (0u64, 0u64, 0u64, 0u64);
    let arrivals = crate::Game::from_source(ARRIVALS, "arrivals.ron", &Options::new()).expect("compiles");
    for (name, game) in games().chain([("arrivals", arrivals)]) {
        visit_random_games(&game, 3, 10, |s, _| {
            let by_masks = |r: &&Rule| !matches!(r.plan.landing, Landing::General);
            for rule in game.phases.iter().flat_map(|p| &p.rules).filter(by_masks) {
                for me in 0..2 {
                    // An entering piece comes from the hand, any other from the board.
                    let froms: Vec<_> = match rule.motion {
                        Motion::Enter { .. } => vec![NO_FIELD],
                        _ => s.fields_topped_by(me).collect(),
                    };
                    for from in froms {
                        let bits = rule.plan.landing.bits_for(me).map(|b| b.landable(s, me));
                        for to in game.board.fields() {
                            let full = game.can_land_in_full(rule, s, me, from, to);
                            if let Some(bits) = bits {
                                assert_eq!(bits >> to & 1 != 0, full, "{name}: landing bits {from} to {to}");
                                checked_bits += 1;
                            }
                            assert_eq!(
                                game.can_land(rule, s, me, from, to),
                                full,
                                "{name}: {from} to {to}: {:?} {:?} {:?}",
                                rule.arrive,
                                rule.to,
                                rule.plan.landing
                            );
                            checked += 1;
                            checked_stacks += u64::from(matches!(rule.plan.landing, Landing::Stacks { .. }));
                            checked_players += u64::from(matches!(rule.plan.landing, Landing::Players { .. }));
                        }
                    }
                }
            }
        });
    }
    assert!(checked > 100_000, "only {checked} landings checked");
    assert!(checked_bits > 100_000, "only {checked_bits} landings checked by bits");
    assert!(checked_stacks > 100_000, "only {checked_stacks} landings on stacks checked by masks");
    // (Chess's rooks: their `to` reads their side's first squares.)
    assert!(checked_players > 10_000, "only {checked_players} landings checked by each player's masks");
}

/// The words of what tops each field say what a look at each field says:
/// for every mask of classes, the fields whose top is of one of them, and
/// the fields with room; and a rule's landing words the fields where it
/// may land (`can_land`), for every player, in random games of every
/// shipped variant whose board has at most 64 fields.
#[test]
fn words_of_what_tops_the_fields_say_what_each_field_says() {
    let mut landings = 0u64;
    for (name, options, game) in variants().filter(|(_, _, g)| g.board.len() <= 64) {
        let rules: Vec<&Rule> = game.phases.iter().flat_map(|p| &p.rules).collect();
        visit_random_games(&game, 11, 2, |s, _| {
            for me in 0..s.players {
                let tops = game.top_words(s, me);
                for mask in 0..=Cond::ALL {
                    let fields = game.board.fields().filter(|&f| mask >> s.top_class(f, me) & 1 != 0);
                    assert_eq!(
                        tops.of(mask) & game.board.word(),
                        fields.fold(0, |w, f| w | 1 << f),
                        "{name}: mask {mask:#b}"
                    );
                }
                let room = game.board.fields().filter(|&f| s.height(f) < game.fields[usize::from(f)].limit);
                assert_eq!(tops.room, room.fold(0, |w, f| w | 1 << f), "{name} {options:?}: room");
                for rule in rules.iter().filter(|r| r.plan.landing.words().is_some()) {
                    let words = rule.plan.landing.words().map(|l| l.landable(&tops));
                    let lands = game.board.fields().filter(|&f| game.can_land(rule, s, me, NO_FIELD, f));
                    assert_eq!(words, Some(lands.fold(0, |w, f| w | 1 << f)), "{name} {options:?}");
                    landings += 1;
                }
            }
        });
    }
    assert!(landings > 10_000, "only {landings} landing words compared");
}

/// What lies under a field's top piece, read in place, is what tops the
/// field once the piece is lifted, for every field and player along
/// random games of every shipped ruleset (the walks of stacking games
/// read it to see a piece's own field without it).
#[test]
fn what_lies_under_the_top_is_what_tops_the_field_without_it() {
    let mut checked = 0u64;
    for (name, game) in games() {
        visit_random_games(&game, 7, 5, |s, _| {
            let mut lifted = s.clone();
            for f in game.board.fields().filter(|&f| s.height(f) > 0) {
                lifted.clone_from(s);
                lifted.pop(f);
                for me in 0..s.players {
                    assert_eq!(s.class_below_top(f, me), lifted.top_class(f, me), "{name}: {f}");
                    checked += u64::from(s.height(f) > 1);
                }
            }
        });
    }
    assert!(checked > 1_000, "only {checked} stacks looked under");
}

/// Falls down, up, sideways and aslant on a grid with a field that takes
/// no piece; and down a column that wraps round (a line back to its start).
const FALLS: &str = r#"Ruleset(
    name: "falls",
    title: "Falls",
    players: ["A", "B"],
    board: Grid(cols: 4, rows: 4, links: ["All"], wrap: WRAP),
    field_types: [(name: "hole", fields: ["b2"], limit: 0)],
    pieces: [(name: "Stone", letter: 'S')],
    setup: [Hand(piece: "Stone", player: Player(1), count: 8), Hand(piece: "Stone", player: Player(2), count: 8)],
    phases: [(name: "play", moves: [
        (pieces: ["Stone"], by: Place(fall: "S"), to: Empty),
        (pieces: ["Stone"], by: Place(fall: "N"), to: Empty),
        (pieces: ["Stone"], by: Place(fall: "W"), to: Empty),
        (pieces: ["Stone"], by: Place(fall: "NE"), to: Empty),
    ])],
    end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "full")],
)"#;

/// Entering by fields decided per player ([`Cond::FieldsFor`], a zone of
/// the player's own) makes the moves that testing the same condition on
/// every field makes: along random games of every shipped ruleset that
/// enters so (Ur, Ludo, Hounds and Jackals). An exit reads such fields by
/// `eval`, which `fields_decided_per_player_are_where_the_condition_holds` checks.
#[test]
fn entries_by_fields_per_player_are_those_tested_field_by_field() {
    let mut checked = 0u64;
    for (name, game) in games() {
        let mut tested = game.clone();
        let mut changed = 0;
        for rule in tested.phases.iter_mut().flat_map(|p| &mut p.rules) {
            if let Motion::Enter { via, .. } | Motion::Exit { via, .. } = &mut rule.motion {
                if let Cond::FieldsFor(sets) = via {
                    // The same fields, as a condition read on each field in turn.
                    let per_player = sets
                        .iter()
                        .enumerate()
                        .map(|(p, set)| Cond::All(vec![Cond::PlayerIs(p as u8 + 1), Cond::Fields(set.clone())]));
                    *via = Cond::Any(per_player.collect());
                    changed += 1;
                }
            }
        }
        if changed == 0 {
            continue;
        }
        visit_random_games(&game, 12, 10, |s, legal| {
            assert_eq!(tested.legal_moves(s), legal, "{name}");
            checked += u64::from(legal.iter().any(|m| matches!(m.action, Action::Place | Action::Exit)));
        });
    }
    assert!(checked > 1_000, "only {checked} positions with an entry or exit checked");
}

/// Where a piece comes to rest by its fall line's bits is where it falls
/// field by field, along random games of every shipped ruleset and of
/// the falls above; a line that wraps round is left to the fall itself.
#[test]
fn fall_lines_rest_where_the_fall_does() {
    let falls = |wrap: &str| {
        let source = FALLS.replace("WRAP", wrap);
        crate::Game::from_source(&source, "falls.ron", &Options::new()).expect("compiles")
    };
    let wrapping = falls(r#"["N", "S"]"#);
    let falling = |r: &&Rule| matches!(r.motion, Motion::Place { fall: Some(_), .. });
    let rules = |g: &crate::Game| g.phases.iter().flat_map(|p| &p.rules).filter(falling).cloned().collect::<Vec<_>>();
    let wrapped = rules(&wrapping);
    assert!(wrapped[..2].iter().all(|r| r.plan.motion.fall_lines().is_none()), "a column that wraps has no fall line");
    assert!(
        rules(&falls("[]")).iter().all(|r| r.plan.motion.fall_lines().is_some()),
        "every way down a grid is a fall line"
    );
    let mut checked = 0u64;
    for (name, game) in games().chain([("falls", falls("[]")), ("wrapping falls", wrapping)]) {
        for rule in rules(&game).iter().filter(|r| r.plan.motion.fall_lines().is_some() || name == "wrapping falls") {
            let Motion::Place { fall: Some(d), .. } = rule.motion else { unreachable!() };
            visit_random_games(&game, 4, 20, |s, _| {
                for to in game.board.fields() {
                    assert_eq!(game.rest(rule, s, to), game.fall(s, to, d), "{name}: put on {to}");
                    checked += 1;
                }
            });
        }
    }
    assert!(checked > 20_000, "only {checked} falls checked");
}
