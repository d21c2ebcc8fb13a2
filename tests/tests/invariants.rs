//! Invariants over every shipped ruleset under every option value, by proptest:
//! random legal games never panic, keep every stack within its field's limit,
//! conserve pieces, refuse what is not listed, replay identically from their
//! record, write and read their positions back, and end by the turn limit.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::LazyLock;
use tabula::agents::sample_chance;
use tabula::{Action, Game, Move, Options, Record, State};
use tabula_tests::all_variants;

const MAX_PLIES: u32 = 300;

static VARIANTS: LazyLock<Vec<(String, Options, Game)>> = LazyLock::new(|| all_variants(MAX_PLIES));

fn check_state(game: &Game, s: &State, pieces: u32) -> Result<(), TestCaseError> {
    // Fields that take no piece (Seneti's rosettes) have limit 0: this covers them too.
    for f in game.board().fields() {
        let limit = game.field_props(f).limit;
        prop_assert!(s.height(f) <= limit, "{} holds {} pieces, limit {limit}", game.board().name(f), s.height(f));
    }
    prop_assert_eq!(s.total_pieces(), pieces, "pieces are not conserved");
    // Move generation starts from the fields each player tops, kept up to date incrementally.
    for player in 0..game.player_count() {
        let topped: Vec<_> = s.fields_topped_by(player).collect();
        let seen: Vec<_> = game.board().fields().filter(|&f| s.top(f).is_some_and(|p| p.owner == player)).collect();
        prop_assert_eq!(topped, seen, "the fields topped by player {} are out of date", player + 1);
    }
    // Dice stay dice of their kind's handedness (opposite faces summing to 7 is
    // a property of every orientation, tested in `die`).
    for f in game.board().fields() {
        for p in s.stack(f) {
            if let Some(left) = game.kinds()[usize::from(p.kind)].die {
                prop_assert_eq!(tabula::die::is_left_handed(p.orient), left, "a die changed handedness");
            }
        }
    }
    Ok(())
}

/// A move that is not in the list: one legal in an earlier position of the
/// game (a caller cannot make a move the engine did not, so a stale one is
/// what a wrong caller holds).
fn unlisted(seen: &[Move], legal: &[Move], rng: &mut ChaCha8Rng) -> Option<Move> {
    if seen.is_empty() {
        return None;
    }
    (0..20).map(|_| seen[rng.random_range(0..seen.len())]).find(|m| !legal.contains(m))
}

/// The position written and read back is the same state (pending throws,
/// placements and the end included), with the same legal moves and hash.
fn check_position(game: &Game, state: &State, name: &str, options: &Options) -> Result<(), TestCaseError> {
    let text = game.position_to_string(state);
    let back = game.position_from_str(&text, "position").map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(&back == state, "{} {:?}: read back as another state: {}", name, options, text);
    prop_assert_eq!(game.legal_moves(&back), game.legal_moves(state), "{} {:?}: {}", name, options, text);
    prop_assert_eq!(game.position_to_string(&back), text.as_str());
    // The hash kept up move by move is the hash of the position built afresh.
    prop_assert_eq!(back.position_hash(), state.position_hash(), "{} {:?}: hash of {}", name, options, text);
    Ok(())
}

fn random_game(index: usize, seed: u64) -> Result<(), TestCaseError> {
    let (name, options, game) = &VARIANTS[index % VARIANTS.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    let pieces = state.total_pieces();
    let mut played = Vec::new();
    // Moves legal in the positions checked so far (the stale moves tried).
    let mut seen: Vec<Move> = Vec::new();
    let mut steps = 0u32;
    while !state.is_over() {
        check_state(game, &state, pieces)?;
        let legal = game.legal_moves(&state);
        prop_assert!(!legal.is_empty(), "{name} {options:?}: no legal move in a game that is not over");
        if steps.is_multiple_of(16) {
            // The legal moves are a set: no two with one text (the same move from two rules).
            let texts: std::collections::HashSet<String> = legal.iter().map(|&m| game.move_text(m)).collect();
            prop_assert_eq!(texts.len(), legal.len(), "{} {:?}: a move listed twice", name, options);
            for &m in &legal {
                prop_assert!(game.play(state.clone(), m).is_ok(), "listed move {} refused", game.move_text(m));
            }
            if let Some(bad) = unlisted(&seen, &legal, &mut rng) {
                let refused = game.play(state.clone(), bad);
                prop_assert!(refused.is_err(), "unlisted move {:?} accepted", bad);
                // The refused state comes back as it was given.
                prop_assert!(refused.is_err_and(|e| *e.state == state), "the state handed back differs");
            }
            seen.extend_from_slice(&legal);
            check_position(game, &state, name, options)?;
        }
        let m = if legal[0].action() == Action::Chance {
            sample_chance(game, &state, &legal, &mut rng)
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.play_unchecked(&mut state, m);
        played.push(m);
        steps += 1;
        prop_assert!(state.ply() <= MAX_PLIES, "{name}: past the turn limit");
        prop_assert!(steps <= 4 * MAX_PLIES + 8, "{name}: too many steps without an end");
    }
    check_state(game, &state, pieces)?;
    check_position(game, &state, name, options)?;
    // The record replays to the same final state.
    let record = Record::new(game, Some(seed), &played);
    let read = Record::from_ron(&record.to_ron(), "record").map_err(|e| TestCaseError::fail(e.to_string()))?;
    let (replayed, moves) = read.replay(game).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(moves, played);
    prop_assert_eq!(replayed, state);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(index in 0usize..1000, seed in any::<u64>()) {
        random_game(index, seed)?;
    }
}

/// Every variant at least once, so no option value is left out by chance.
#[test]
fn every_variant_plays_to_the_end() {
    for i in 0..VARIANTS.len() {
        random_game(i, i as u64).unwrap_or_else(|e| panic!("{} {:?}: {e}", VARIANTS[i].0, VARIANTS[i].1));
    }
}

/// A random playout (which keeps the moves a move's end checks work out for
/// the next decision) plays the very game the random agent plays move by move
/// from the same seed: every variant, three seeds each, the same plies and the
/// same final state.
#[test]
fn playouts_play_what_the_random_agent_plays() {
    use tabula::agents::{Agent, RandomAgent, random_playout};
    for (name, options, game) in VARIANTS.iter() {
        for seed in 0..3 {
            let mut played = game.initial_state();
            let plies = random_playout(game, &mut played, &mut ChaCha8Rng::seed_from_u64(seed), &mut Vec::new());
            let (mut stepped, mut agent, mut rng) =
                (game.initial_state(), RandomAgent::default(), ChaCha8Rng::seed_from_u64(seed));
            let mut steps = 0;
            while !stepped.is_over() && stepped.ply() < tabula::agents::PLY_CAP {
                let m = agent.choose(game, &stepped, &mut rng);
                game.play_unchecked(&mut stepped, m);
                steps += 1;
            }
            assert_eq!((plies, &played), (steps, &stepped), "{name} {options:?} seed {seed}");
        }
    }
}

/// Without a turn limit, random games of every ruleset still end (seeded, not timed).
#[test]
fn games_end_without_a_turn_limit() {
    for name in tabula::shipped::names() {
        // Halma ends only when a player fills the opposite camp, which random
        // play never does: its games end by the turn limit (a draw).
        if name.starts_with("traditional/halma") {
            continue;
        }
        let mut options = Options::new();
        options.set("max_plies", "0");
        let game = tabula_tests::compile(tabula::shipped::text(name).unwrap_or_default(), name, &options);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut ended = 0;
        for _ in 0..20 {
            let mut state = game.initial_state();
            let mut buf = Vec::new();
            for _ in 0..100_000 {
                if state.is_over() {
                    break;
                }
                game.legal_moves_into(&state, &mut buf);
                let m = buf[rng.random_range(0..buf.len())];
                game.play_unchecked(&mut state, m);
            }
            ended += u32::from(state.is_over());
        }
        // Alquerque's men may step sideways for ever (the rules have no end for that but
        // the turn limit): random games there end by captures only about two times in three.
        let needed = if name == "traditional/alquerque" { 10 } else { 15 };
        assert!(ended >= needed, "{name}: only {ended} of 20 random games ended within 100000 plies");
    }
}
