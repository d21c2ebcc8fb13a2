//! The rulesets that ship with Tabula, embedded at build time.

use crate::Error;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The names of the shipped rulesets, e.g. `seega`, `classic/tic-tac-toe`.
pub fn names() -> impl Iterator<Item = &'static str> + Clone {
    SHIPPED.iter().map(|(name, _)| *name)
}

/// The order people see the shipped games in (`rulesets/order.txt`, data):
/// the games it names, in its order, then the others by name.
const ORDER: &str = include_str!("../../rulesets/order.txt");

/// The shipped rulesets' names in the order people see them: ancient and
/// traditional games first. The editor opens the first on a first run.
pub fn listed() -> Vec<&'static str> {
    let ordered = ORDER.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut list: Vec<&'static str> = ordered.filter_map(|n| names().find(|&m| m == n)).collect();
    let rest: Vec<&'static str> = names().filter(|n| !list.contains(n)).collect();
    list.extend(rest);
    list
}

/// The text of a shipped ruleset.
pub fn text(name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Compiles a shipped ruleset under the given option values.
pub fn game(name: &str, options: &crate::Options) -> Result<crate::Game, Error> {
    let text = text(name).ok_or_else(|| Error::Usage(unknown(name)))?;
    crate::Game::from_source(text, name, options)
}

/// A ruleset named on the command line: a shipped name, or a path to a `.ron`
/// file. Returns the name to show in messages and the text.
pub fn resolve(arg: &str) -> Result<(String, String), Error> {
    if let Some(text) = text(arg) {
        return Ok((format!("{arg}.ron"), text.to_string()));
    }
    let path = std::path::Path::new(arg);
    if path.exists() || arg.ends_with(".ron") {
        let text = crate::files::read_text(path)?;
        return Ok((arg.to_string(), text));
    }
    let mut msg = unknown(arg);
    msg.push_str("; or give the path of a .ron file");
    Err(Error::Usage(msg))
}

/// `unknown ruleset "ur" (did you mean "traditional/ur"?)`: a shipped name is
/// matched whole and by its last part, since people type a game's short name.
fn unknown(name: &str) -> String {
    let short = |n: &'static str| n.rsplit('/').next().unwrap_or(n);
    let close = names()
        .find(|&n| short(n).eq_ignore_ascii_case(name))
        .or_else(|| crate::error::did_you_mean(name, names()))
        .or_else(|| {
            let by_short = crate::error::did_you_mean(name, names().map(short))?;
            names().find(|&n| short(n) == by_short)
        });
    let mut msg = crate::error::unknown_hinted("ruleset", name, names(), false);
    if let Some(close) = close {
        msg.push_str(&format!(" (did you mean {close:?}?)"));
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listed_order_names_only_shipped_games_and_lists_them_all() {
        for line in ORDER.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            assert!(text(line).is_some(), "rulesets/order.txt names {line:?}, which is not shipped");
        }
        let mut listed = listed();
        assert_eq!(listed.first(), ORDER.lines().find(|l| !l.is_empty() && !l.starts_with('#')).as_ref());
        listed.sort_unstable();
        assert_eq!(listed, names().collect::<Vec<_>>());
    }

    #[test]
    fn a_short_or_misspelt_name_is_answered_with_the_shipped_one() {
        let said = |arg: &str| resolve(arg).expect_err("not a ruleset").to_string();
        assert!(said("ur").contains("did you mean \"traditional/ur\""), "{}", said("ur"));
        assert!(said("Go").contains("did you mean \"traditional/go\""), "{}", said("Go"));
        assert!(said("tic-tac-to").contains("did you mean \"classic/tic-tac-toe\""), "{}", said("tic-tac-to"));
        assert!(said("sennet").contains("did you mean \"senet\""), "{}", said("sennet"));
        assert!(!said("zzzz").contains("did you mean"), "{}", said("zzzz"));
        assert!(said("zzzz").ends_with("or give the path of a .ron file"));
    }

    #[test]
    fn words_colours_and_looks_are_read_and_follow_the_options() {
        use crate::Options;
        use crate::ruleset::Looks;
        let docs = |g: &crate::Game| g.rule_docs().flat_map(|(_, d)| d.iter().cloned()).collect::<Vec<_>>();
        let senet = game("senet", &Options::new()).expect("compiles");
        assert!(senet.description().contains("30 squares"));
        assert_eq!(senet.player_colour(0), Some([0x4e, 0x9a, 0x5b]), "Green plays green");
        assert!(docs(&senet).iter().any(|d| d.contains("any throw past 30")));
        assert!(!docs(&senet).iter().any(|d| d.contains("exactly past 30")), "a rule not in force is not shown");
        let mut options = Options::new();
        options.set("bear_off", "Exact");
        options.set("chance", "Die");
        let exact = game("senet", &options).expect("compiles");
        assert!(docs(&exact).iter().any(|d| d.contains("exactly past 30")));
        let mut state = exact.initial_state();
        // The opening move, then the throw of the race.
        let first = exact.legal_moves(&state)[0];
        exact.play_unchecked(&mut state, first);
        assert_eq!(exact.chance_looks(&state), Some(Looks::Die));
        assert_eq!(senet.chance_looks(&senet.initial_state()), None, "the opening has no throw");
        let tic = game("classic/tic-tac-toe", &Options::new()).expect("compiles");
        assert_eq!(tic.player_colour(0), None, "no colours given");
    }
}

/// For the unit tests that check a fast path against the path it replaces
/// along random games of every shipped ruleset.
#[cfg(test)]
pub(crate) mod testing {
    use crate::moves::Move;
    use crate::state::State;
    use crate::{Game, Options};
    use rand::{Rng, SeedableRng};

    /// Every shipped ruleset compiled at its default options, with its name.
    pub(crate) fn games() -> impl Iterator<Item = (&'static str, Game)> {
        super::names().map(|name| (name, super::game(name, &Options::new()).expect("compiles")))
    }

    /// Every shipped ruleset at its default options and with each option's
    /// every value, the others at their defaults: the name, the options and the game.
    pub(crate) fn variants() -> impl Iterator<Item = (&'static str, Options, Game)> {
        super::names().flat_map(|name| {
            let defs = super::game(name, &Options::new()).expect("compiles").option_defs().to_vec();
            let one_changed = defs.into_iter().filter(|d| d.name() != "max_plies").flat_map(|d| {
                crate::options::all_values(&d)
                    .into_iter()
                    .map(move |v| [(d.name().to_string(), v.to_string())].into_iter().collect::<Options>())
            });
            std::iter::once(Options::new()).chain(one_changed).map(move |options| {
                let game = super::game(name, &options).expect("compiles");
                (name, options, game)
            })
        })
    }

    /// Plays a random game of `game` and of `general` (the same game with
    /// its fast paths planned away) from generators seeded with `seed`, and
    /// checks that both play alike: the same number of plies, the same
    /// state at the end, the generators left at the same point. Returns
    /// that state.
    pub(crate) fn random_game_as_the_general_way(name: &str, game: &Game, general: &Game, seed: u64) -> State {
        use rand::RngCore;
        let (mut fast, mut slow) =
            (rand_chacha::ChaCha8Rng::seed_from_u64(seed), rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        let (mut a, mut b) = (game.initial_state(), general.initial_state());
        let mut buf = Vec::new();
        let plies = (
            crate::agents::random_playout(game, &mut a, &mut fast, &mut buf),
            crate::agents::random_playout(general, &mut b, &mut slow, &mut buf),
        );
        assert_eq!(plies.0, plies.1, "{name}, seed {seed}: plies");
        assert_eq!(a, b, "{name}, seed {seed}");
        assert_eq!((a.position_hash(), a.turn(), a.outcome()), (b.position_hash(), b.turn(), b.outcome()), "{name}");
        assert_eq!(fast.next_u64(), slow.next_u64(), "{name}, seed {seed}: random numbers used");
        a
    }

    /// Plays `games` random games of `game`, the moves drawn by a generator
    /// seeded with `seed`; calls `visit` with every position before its move
    /// is played, and that position's legal moves.
    pub(crate) fn visit_random_games(game: &Game, seed: u64, games: usize, mut visit: impl FnMut(&State, &[Move])) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..games {
            let mut s = game.initial_state();
            while !s.is_over() {
                let legal = game.legal_moves(&s);
                visit(&s, &legal);
                game.play_unchecked(&mut s, legal[rng.random_range(0..legal.len())]);
            }
        }
    }
}
