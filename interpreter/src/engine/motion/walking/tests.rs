//! Tests of the walking motions (walk, enter, exit): their paths worked
//! out before play against the search of the board, and the walks along
//! them against the moves made piece by piece.

use super::super::super::Doubling;
use super::super::super::movegen::tests::{
    generated_for, ruleset_edited, same_moves_without, stripped, take_motion_plan,
};
use crate::board::FieldId;
use crate::engine::{Cond, Motion, MotionPlan, RulesLoop};
use crate::moves::{Action, Move};
use crate::program::rules::WalkPlan;
use crate::shipped::testing::{variants, visit_random_games};
use crate::{Options, shipped};
use rand::{Rng, SeedableRng};

/// The ends a scan of paths finds are those of the open paths: random
/// lists of up to 200 paths over up to 64 ends, each open where every
/// field it needs passes and none it needs not does.
#[test]
fn a_scan_of_paths_finds_the_ends_of_the_open_ones() {
    use crate::program::rules::PathEnd;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut reached = 0;
    for _ in 0..3_000 {
        let len = rng.random_range(0..200);
        let ends = rng.random_range(1..=64);
        let paths: Vec<PathEnd> = (0..len)
            .filter_map(|_| {
                let need = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
                let need_not = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
                // (One that needs a field both ways is never open: there is none.)
                PathEnd::new(need, need_not & !need, rng.random_range(0..ends))
            })
            .collect();
        let pass = rng.random::<u64>() | rng.random::<u64>();
        let open = |p: &&PathEnd| p.need() & pass == p.need() && p.need_not() & pass == 0;
        let expected = paths.iter().filter(open).fold(0u64, |w, p| w | 1 << p.end);
        assert_eq!(crate::program::rules::path_ends(&paths, pass), expected, "{len} paths");
        reached += expected.count_ones();
    }
    assert!(reached > 1_000, "only {reached} ends reached");
    // A path that needs a field passable and not passable is never open: it is not made.
    assert_eq!(PathEnd::new(0b10, 0b110, 3), None);
    assert_eq!(PathEnd::new(0b10, 0b100, 3).map(|p| (p.need(), p.need_not(), p.end)), Some((0b10, 0b100, 3)));
}

/// On a board of up to 32 fields a table's lists are scanned as blocks of
/// four paths: they find what the paths one by one find, for lists of
/// every length (a last block part empty), and tables of larger boards
/// have none.
#[test]
fn blocks_of_four_paths_find_what_the_paths_find() {
    use crate::program::rules::{PathEnd, WalkPaths, path_ends};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let mut table = WalkPaths::new(0);
    for _ in 0..400 {
        let len = rng.random_range(0..23);
        let paths = (0..len).filter_map(|_| {
            let need = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & 0xffff_ffff;
            let need_not = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & 0xffff_ffff;
            PathEnd::new(need, need_not & !need, rng.random_range(0..32))
        });
        table.paths.extend(paths);
        table.index.push(table.paths.len() as u32);
    }
    assert!(table.clone().with_blocks(33).blocks.is_none(), "none past 32 fields");
    let table = table.with_blocks(32);
    let mut reached = 0;
    for k in 0..table.index.len() - 1 {
        for _ in 0..20 {
            let pass = (rng.random::<u64>() | rng.random::<u64>()) & 0xffff_ffff;
            let ends = path_ends(table.list(k).expect("a list"), pass);
            assert_eq!(table.ends(k, pass), ends, "list {k}, pass {pass:#x}");
            reached += ends.count_ones();
        }
    }
    assert!(reached > 1_000, "only {reached} ends reached");
    let seneti = shipped::game("seneti", &Options::new()).expect("compiles");
    let walks = seneti.phases.iter().flat_map(|p| &p.rules).filter_map(|r| match &r.motion {
        Motion::Walk { .. } => r.plan.walk.paths(),
        _ => None,
    });
    assert!(walks.clone().count() > 0 && walks.clone().all(|p| p.blocks.is_some()), "Seneti's 20 fields");
}

/// A walk's paths worked out before play find the ends the search finds,
/// both in field order, whatever is passable, but those where nothing
/// lands: every walk of every shipped ruleset under every value of its
/// options, from every field, for every number of steps, doubling or not,
/// over random sets of passable fields (passable where the board says so).
#[test]
fn walk_paths_find_what_the_search_finds() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut compared = 0u32;
    for (name, options, game) in variants() {
        let walks = game.phases.iter().flat_map(|p| &p.rules).filter_map(|r| match &r.motion {
            Motion::Walk { .. } | Motion::Enter { .. } => Some((r.planned_walk()?, true)),
            Motion::Exit { .. } => Some((r.planned_walk()?, false)),
            _ => None,
        });
        for (planned, lands) in walks {
            assert!(planned.paths.is_some() || game.board.len() > 64, "{name}: a walk without its paths");
            if planned.paths.is_none() {
                continue;
            }
            let walk = planned.walk;
            let known = game.known_of_walk(&walk.pass, lands);
            for _ in 0..40 {
                let pass = random_pass(&game, &mut rng, &known);
                for start in game.board.fields() {
                    for (n, double) in (1..=8).flat_map(|n| [(n, Doubling::Once), (n, Doubling::Doubles)]) {
                        let ends = |by_paths: bool| {
                            let mut ends = Vec::new();
                            let mut visit = |f| {
                                ends.push(f);
                                true
                            };
                            if by_paths {
                                game.walk_ends(&pass, planned, start, n, double, &mut visit);
                            } else {
                                game.search_walk_ends(&pass, walk, start, n, double, &mut visit);
                            }
                            ends.retain(|&f| known.dead >> f & 1 == 0);
                            ends
                        };
                        assert_eq!(ends(true), ends(false), "{name} {options:?}: {start} {n} {double:?}");
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 10_000, "only {compared} walks compared");
}

/// Where the paths in by an entry's fields were worked out, their scan
/// finds the fields the walks from each entry field find, both in field
/// order, each once: every entry of every shipped ruleset under every value of
/// its options, for every number of steps, over random sets of passable
/// fields. (Their moves in play: `entries_and_exits_by_their_paths_make_the_moves_the_walks_make`.)
#[test]
fn entry_paths_say_what_the_walks_say() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    let mut compared = 0u32;
    for (name, options, game) in variants() {
        for rule in game.phases.iter().flat_map(|p| &p.rules) {
            let Motion::Enter { via, walk, .. } = &rule.motion else { continue };
            let Some(entries) = rule.plan.walk.via_paths() else { continue };
            let planned = rule.planned_walk().expect("an entry walks");
            let s = game.initial_state();
            let known = game.known_of_walk(&walk.pass, true);
            for _ in 0..40 {
                let pass = random_pass(&game, &mut rng, &known);
                for steps in 1..=entries.most {
                    let (mut scanned, mut walked) = (Vec::new(), Vec::new());
                    let k = entries.key(0, steps, Doubling::Doubles).expect("every number of steps up to the most");
                    scanned.extend(crate::board::fields_of_word(0, entries.ends(k, pass.first_word())));
                    game.entry_targets(&s, 0, via, steps, planned, &pass, &mut |f| {
                        walked.extend((known.dead >> f & 1 == 0).then_some(f));
                        true
                    });
                    assert_eq!(scanned, walked, "{name} {options:?}: {steps} steps");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1_000, "only {compared} entries compared");
}

/// A walk's moves and an entry's are listed, piece by piece (and kind by
/// kind from the hand), in the field order of where they end: the
/// canonical order (docs/language.md). Random games of every shipped
/// variant; a walk of Seneti's reaches several ends in most turns.
#[test]
fn walks_list_their_ends_in_field_order() {
    let mut pairs = 0;
    for (name, options, game) in variants() {
        visit_random_games(&game, 3, 4, |s, legal| {
            if s.dice.is_thrown() {
                // A pool's moves come value by value, each value's in this order (docs/language.md).
                return;
            }
            let rules = &game.phases[usize::from(s.phase)].rules;
            let walks = |m: &Move| {
                rules
                    .get(usize::from(m.rule))
                    .is_some_and(|r| matches!(r.motion, Motion::Walk { .. } | Motion::Enter { .. }))
            };
            for pair in legal.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                if walks(&a) && (a.rule, a.from, a.kind) == (b.rule, b.from, b.kind) {
                    assert!(a.to < b.to, "{name} {options:?}: {a:?} before {b:?}");
                    pairs += 1;
                }
            }
        });
    }
    assert!(pairs > 10_000, "only {pairs} pairs of walks compared");
}

/// A random set of about 70% of the fields of `game`'s board, as it can
/// be where a walk passes: with the fields `known` to pass, without those
/// known not to.
fn random_pass(game: &crate::Game, rng: &mut impl Rng, known: &crate::program::rules::Known) -> crate::board::FieldSet {
    let mut pass = crate::board::FieldSet::new(game.board.len());
    let passes = |f: FieldId, r: bool| known.pass >> f & 1 != 0 || (r && known.block >> f & 1 == 0);
    game.board.fields().filter(|&f| passes(f, rng.random_bool(0.7))).for_each(|f| pass.insert(f));
    pass
}

/// Where an exit's paths to the fields it may leave from were worked
/// out, a piece may leave exactly where the walk reaches such a field and
/// (after a step) may pass over it: every exit of every shipped ruleset
/// and test ruleset under every value of its options, from every field,
/// for every number of steps, over random sets of passable fields.
#[test]
fn exit_paths_say_what_the_walk_says() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let (mut compared, mut exits) = (0u32, 0u32);
    let turning = ruleset_edited("tests/blocks/turning-walk.ron", "", "");
    let turning = crate::Game::from_source(&turning, "turning-walk.ron", &Options::new()).expect("compiles");
    let games = variants().map(|(name, options, game)| (format!("{name} {options:?}"), game));
    for (name, game) in games.chain([("turning-walk".to_string(), turning)]) {
        for rule in game.phases.iter().flat_map(|p| &p.rules) {
            let Motion::Exit { via: Cond::Fields(via), walk, .. } = &rule.motion else { continue };
            let (Some(table), Some(planned)) = (rule.plan.walk.via_paths(), rule.planned_walk()) else { continue };
            let known = game.known_of_walk(&walk.pass, false);
            for _ in 0..40 {
                let pass = random_pass(&game, &mut rng, &known);
                for (start, n) in game.board.fields().flat_map(|f| (0..=8).map(move |n| (f, n))) {
                    let mut by_walk = false;
                    game.walk_ends(&pass, planned, start, n, Doubling::Once, &mut |f| {
                        by_walk = via.contains(f) && (n == 0 || pass.contains(f));
                        !by_walk
                    });
                    let paths = table.of(start, n, Doubling::Once).expect("worked out");
                    let word = pass.first_word();
                    let by_table = paths.iter().any(|p| p.open(word));
                    assert_eq!(by_table, by_walk, "{name}: from {start}, {n} steps");
                    compared += 1;
                    exits += u32::from(by_walk);
                }
            }
        }
    }
    assert!(compared > 10_000 && exits > 1_000, "{compared} exits compared, {exits} open");
}

/// Where the generator reads the paths in by an entry's fields or out
/// by an exit's, it makes the moves it makes without them: the moves with
/// the tables and with them taken out.
#[test]
fn entries_and_exits_by_their_paths_make_the_moves_the_walks_make() {
    let positions = same_moves_without(7, |rule| {
        let taken = match &mut rule.plan.walk {
            WalkPlan::Paths { via, .. } => via.take().is_some(),
            WalkPlan::Searched => false,
        };
        // (Without its exits' paths, an exit is made as any rule's move.)
        if taken {
            take_motion_plan(rule, MotionPlan::by_paths);
        }
        taken
    });
    assert!(positions > 1_000, "only {positions} positions with entries or exits by their paths");
}

/// The walks and exits generated along their paths in one loop over the
/// pieces (`Game::walks_by_paths`) are the moves made piece by piece:
/// every shipped variant, for the player to move and the other.
#[test]
fn walks_along_their_paths_make_the_moves_made_piece_by_piece() {
    let positions = same_moves_without(9, |rule| take_motion_plan(rule, MotionPlan::by_paths));
    assert!(positions > 1_000, "only {positions} positions with walks by their paths");
}

/// A phase whose rules all walk by their paths or enter has its moves
/// from a loop of its own (`Game::moves_by_loop`): Seneti's phases are
/// such, a phase with a step is not, and the loop's moves are those the
/// generic loop makes in every shipped variant that has such a phase
/// (Seneti's; taking the mark away sends the phase to the generic loop).
/// Fallback rules and a second kind: the test after the next.
#[test]
fn phases_that_only_walk_make_the_moves_the_generic_loop_makes() {
    let seneti = shipped::game("seneti", &Options::new()).expect("compiles");
    assert!(seneti.phases.iter().all(|p| p.plan.rules_loop == RulesLoop::WalksOnly));
    let breakthrough = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
    assert!(breakthrough.phases.iter().all(|p| p.plan.rules_loop != RulesLoop::WalksOnly));
    let mut positions = 0;
    for (name, options, game) in variants() {
        if !game.phases.iter().any(|p| p.plan.rules_loop == RulesLoop::WalksOnly) {
            continue;
        }
        let mut generic = game.clone();
        generic.phases.iter_mut().for_each(|p| p.plan.rules_loop = RulesLoop::General);
        visit_random_games(&game, 17, 3, |s, legal| {
            assert_eq!(legal, generic.legal_moves(s), "{name} {options:?}");
            let other = (s.to_move + 1) % s.players;
            assert_eq!(generated_for(&game, s, other), generated_for(&generic, s, other), "{name} {options:?}");
            positions += 1;
        });
    }
    assert!(positions > 1_000, "only {positions} positions in phases that only walk");
}

/// The moves of `game` along random games (from `seed`, `games` of them)
/// are those made on the general plans (every path table taken out: see
/// `Game::with_general_plans`) and those of the generic loop over the rules, for every player; `each` sees the legal
/// moves. How many positions there were.
fn same_moves_searched_and_generic(
    what: &str,
    game: &crate::Game,
    seed: u64,
    games: usize,
    mut each: impl FnMut(&[Move]),
) -> u32 {
    let without = game.with_general_plans();
    let mut generic = game.clone();
    generic.phases.iter_mut().for_each(|p| p.plan.rules_loop = RulesLoop::General);
    let mut positions = 0;
    visit_random_games(game, seed, games, |s, legal| {
        assert_eq!(legal, without.legal_moves(s), "{what}");
        assert_eq!(legal, generic.legal_moves(s), "{what}");
        for player in 0..s.players {
            let moves = generated_for(game, s, player);
            assert_eq!(moves, generated_for(&without, s, player), "{what}: player {player}");
            assert_eq!(moves, generated_for(&generic, s, player), "{what}: player {player}");
        }
        each(legal);
        positions += 1;
    });
    positions
}

/// A walk that comes back to its own field lands there on what it
/// uncovers as the walk searched says, whatever the rule lands on (read
/// off its landing words): Seneti's walks landing on other tops, stacked,
/// and the turning walk's landing on other tops, unstacked; some refuse
/// what the piece uncovers (an empty field, or an open piece of its own).
#[test]
fn a_walk_back_to_its_own_field_lands_as_the_search_says() {
    let seneti = ["Any([Empty, Open])", "Closed", "Any([Empty, Closed])", "Enemy", "Any([Empty, Own])"].map(|to| {
        (
            to,
            ruleset_edited(
                "rulesets/seneti.ron",
                r#""landable": Any([Empty, Open]),"#,
                &format!(r#""landable": {to},"#),
            ),
        )
    });
    let walk = "returns: Opt(\"returns\")),\n            to: Empty,";
    let turning = ["Enemy", "Any([Empty, Enemy])", r#"Any([Enemy, Type("4-point")])"#].map(|to| {
        let source =
            ruleset_edited("tests/blocks/turning-walk.ron", walk, &walk.replace("to: Empty", &format!("to: {to}")));
        // (Stuck is not lost: the games go on.)
        (to, source.replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1))
    });
    let (mut positions, mut back) = (0, 0);
    for (to, source) in seneti.into_iter().chain(turning) {
        let game = crate::Game::from_source(&source, "landing back", &Options::new()).expect("compiles");
        assert!(
            game.phases
                .iter()
                .flat_map(|p| &p.rules)
                .any(|r| r.plan.motion.by_paths() && r.plan.landing.words().is_some()),
            "{to}"
        );
        positions += same_moves_searched_and_generic(to, &game, 23, 4, |legal| {
            back += legal.iter().filter(|m| m.action == Action::Board && m.from == m.to).count();
        });
    }
    assert!(positions > 3_000 && back > 1_000, "{positions} positions, {back} walks back");
}

/// A phase that only walks, with two kinds of piece (entered in either
/// order) and fallback rules for the player or piece by piece, makes the
/// moves of the generic loop and of the walks searched: the fallback
/// rules and the second kind make moves.
#[test]
fn phases_that_only_walk_with_fallbacks_and_two_kinds_make_the_generic_loops_moves() {
    let stone = "(name: \"Stone\", letter: 'S', enters_flipped: true)";
    let hands = "Hand(piece: \"Stone\", player: Player(2), count: 2),";
    let fallback = r#"], fallback_per_piece: PER_PIECE, fallback: [(pieces: ["Stone", "Pebble"],
        by: Walk(dirs: ["Orthogonal"], steps: Const(1), pass: Any([Empty, Open])), to: Any([Empty, Closed]))])]"#;
    for per_piece in ["True", "False"] {
        for entering in [r#"["Stone", "Pebble"]"#, r#"["Pebble", "Stone"]"#] {
            let source = ruleset_edited("tests/blocks/turning-walk.ron", stone, &format!("{stone}, (name: \"Pebble\", letter: 'P')"))
                .replacen(hands, &format!("{hands} Hand(piece: \"Pebble\", player: Player(1), count: 2), Hand(piece: \"Pebble\", player: Player(2), count: 2),"), 1)
                .replacen(r#"(pieces: ["Stone"], by: Enter("#, &format!("(pieces: {entering}, by: Enter("), 1)
                .replacen("            pieces: [\"Stone\"],\n            by: Walk(", "            pieces: [\"Stone\", \"Pebble\"],\n            by: Walk(", 1)
                .replacen("from: Open),\n    ])]", &format!("from: Open),\n    {}", fallback.replace("PER_PIECE", per_piece)), 1)
                .replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1);
            let game = crate::Game::from_source(&source, "two kinds", &Options::new()).expect("compiles");
            assert!(game.phases.iter().all(|p| p.plan.rules_loop == RulesLoop::WalksOnly), "{per_piece} {entering}");
            let (mut fallbacks, mut pebbles) = (0, 0);
            let what = format!("{per_piece} {entering}");
            same_moves_searched_and_generic(&what, &game, 29, 10, |legal| {
                fallbacks += legal.iter().filter(|m| m.rule == 3).count();
                pebbles += legal.iter().filter(|m| m.action == Action::Place && m.kind == 1).count();
            });
            assert!(fallbacks > 0 && pebbles > 0, "{what}: {fallbacks} fallback moves, {pebbles} pebbles entered");
        }
    }
}

/// Walks by their paths in a game of three (the turning-walk test ruleset
/// with a third player, its walks turning or not): every player's moves,
/// the one to move and the two others, are those made piece by piece.
#[test]
fn walks_by_their_paths_serve_three_players() {
    let mut positions = 0;
    for turning in ["true", "false"] {
        let source = ruleset_edited(
            "tests/blocks/turning-walk.ron",
            r#"players: ["White", "Black"],"#,
            r#"players: ["White", "Black", "Red"],"#,
        )
        .replacen(
            r#"Hand(piece: "Stone", player: Player(2), count: 2),"#,
            r#"Hand(piece: "Stone", player: Player(2), count: 2), Hand(piece: "Stone", player: Player(3), count: 2),"#,
            1,
        )
        // (A player with no move passes: the game goes on to the turn limit or a block.)
        .replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1);
        let mut options = Options::new();
        options.set("turning", turning);
        let game = crate::Game::from_source(&source, "three", &options).expect("compiles");
        assert_eq!(game.player_count(), 3);
        let rules = game.phases.iter().flat_map(|p| &p.rules);
        assert_eq!(rules.filter(|r| r.plan.motion.by_paths()).count(), 2, "the walk and the exit go by their paths");
        let without = stripped(&game, |rule| _ = take_motion_plan(rule, MotionPlan::by_paths));
        visit_random_games(&game, 4, 30, |s, legal| {
            assert_eq!(legal, without.legal_moves(s), "turning {turning}");
            for player in 0..3 {
                let (moves, moves_without) = (generated_for(&game, s, player), generated_for(&without, s, player));
                assert_eq!(moves, moves_without, "turning {turning}: player {player}");
            }
            positions += 1;
        });
    }
    assert!(positions > 500, "only {positions} positions of three players");
}

/// Where the board decides a walk's `pass` on some fields (a field type
/// always passed, or never), its paths are kept without them, as the
/// compiled test says (guarded by what tops a field): the moves are those
/// of the walks searched field by field, every table taken out, for
/// every player, along random games of the turning-walk test ruleset.
#[test]
fn walks_by_what_the_board_decides_make_the_moves_searched() {
    let mut positions = 0;
    let a1 = 0u64.checked_add(1).expect("a1 is the first field");
    for (pass, known) in [
        ("Any([Empty, Open, Type(\"4-point\")])", (a1, 0)),
        ("All([Any([Empty, Open]), Not(Type(\"4-point\"))])", (0, a1)),
    ] {
        let from = "pass: Any([Empty, Open]), returns";
        let source = ruleset_edited("tests/blocks/turning-walk.ron", from, &format!("pass: {pass}, returns"))
            // (A player with no move passes: the game goes on to the turn limit or a block.)
            .replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1);
        let game = crate::Game::from_source(&source, "known", &Options::new()).expect("compiles");
        let walk = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| match &r.motion {
            Motion::Walk { walk, .. } => Some(walk),
            _ => None,
        });
        let walk = walk.expect("the walk");
        let said = game.known_of_walk(&walk.pass, true);
        assert_eq!((said.pass & a1, said.block & a1), known, "{pass}: as compiled");
        let without = game.with_general_plans();
        visit_random_games(&game, 13, 10, |s, legal| {
            assert_eq!(legal, without.legal_moves(s), "{pass}");
            for player in 0..s.players {
                assert_eq!(generated_for(&game, s, player), generated_for(&without, s, player), "{pass}");
            }
            positions += 1;
        });
    }
    assert!(positions > 1_000, "only {positions} positions");
}

/// A rule walks along its paths alone only where no walk of it is longer
/// than they go: Seneti's walks (a field's steps, 6 at most) and exits
/// (5 steps) do; with a field of 9 steps, past the 8 the paths are
/// worked out for, its walk is made piece by piece, its exits still not.
#[test]
fn a_rule_walks_by_its_paths_alone_only_as_far_as_they_go() {
    let by_paths = |source: &str| {
        let game = crate::Game::from_source(source, "seneti", &Options::new()).expect("compiles");
        let rules = game.phases.iter().flat_map(|p| &p.rules);
        let by = |walks: bool| {
            rules
                .clone()
                .filter(|r| matches!(r.motion, Motion::Walk { .. }) == walks)
                .map(|r| r.plan.motion.by_paths())
                .collect()
        };
        let exits = rules.clone().filter(|r| matches!(r.motion, Motion::Exit { .. })).map(|r| r.plan.motion.by_paths());
        (by(true), exits.collect::<Vec<_>>())
    };
    let (walks, exits) = by_paths(&ruleset_edited("rulesets/seneti.ron", "", ""));
    assert_eq!((walks, exits), (vec![true], vec![true]));
    let far = ruleset_edited("rulesets/seneti.ron", "steps: 6, limit: 6", "steps: 9, limit: 6");
    let (walks, exits) = by_paths(&far);
    assert_eq!((walks, exits), (vec![false], vec![true]));
}
