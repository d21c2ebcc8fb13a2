//! Shared helpers of Tabula's cross-cutting tests: the rule scenario format
//! and its runner, and loading the shipped rulesets under every option value.
//!
//! A scenario is a RON file in `tests/scenarios/<ruleset>/<RULE-ID>[.more].ron`:
//! a ruleset, option values, an optional starting position, and steps that
//! play moves and check what follows. One runner, [`run`], checks them all.

pub mod fen;

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tabula::{Game, OptionValue, Options, Pool, PositionDef, State, shipped};

#[derive(Debug, Clone, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct Scenario {
    /// The rule or open question this checks, e.g. `SEEGA-7`.
    pub rule: String,
    /// What the scenario shows, in a sentence.
    pub about: String,
    pub ruleset: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    pub position: Option<PositionDef>,
    /// Changes to the ruleset's text for this scenario only: a test-only
    /// layout where a rule can matter that never does on the shipped board.
    #[serde(default)]
    pub edits: Vec<Edit>,
    pub steps: Vec<Step>,
}

/// Every occurrence of `replace` becomes `with`; `replace` must occur.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename = "Edit", deny_unknown_fields)]
pub struct Edit {
    pub replace: String,
    pub with: String,
}

/// The text with every edit made, or which edit found nothing to replace.
pub fn edited(text: &str, edits: &[Edit]) -> Result<String, String> {
    edits.iter().try_fold(text.to_string(), |text, e| {
        if text.contains(&e.replace) {
            Ok(text.replace(&e.replace, &e.with))
        } else {
            Err(format!("edit: {:?} is not in the ruleset", e.replace))
        }
    })
}

#[derive(Debug, Clone, Deserialize)]
pub enum Step {
    /// Plays moves (space-separated); each must be legal.
    Play(String),
    /// This move must be refused.
    Refused(String),
    /// These moves must be legal now.
    Legal(Vec<String>),
    /// These moves must not be legal now.
    NotLegal(Vec<String>),
    /// The legal moves must be exactly these.
    Moves(Vec<String>),
    MoveCount(usize),
    /// These fields hold exactly these stacks (bottom first; `""` is empty).
    Board(BTreeMap<String, String>),
    /// The whole board is exactly this (fields not listed are empty).
    BoardIs(BTreeMap<String, String>),
    /// The player to move, 1-based.
    ToMove(u8),
    Phase(String),
    /// A player's hand / prisoners, as pool text (`"12S"`).
    Hand(u8, String),
    Prisoners(u8, String),
    Ongoing,
    /// The game is over and this player (1-based) won (alone or with partners).
    Winner(u8),
    Draw,
    /// Each player's place so far, player 1 first (0: still playing); once
    /// the game is over, its final ranking.
    Places(Vec<u8>),
    /// The reason the game ended contains this text.
    Reason(String),
    /// The winner's points.
    Score(u16),
    /// Whether batch self-play plays this ruleset as matches with return games.
    ReturnMatch(bool),
    /// The chance outcomes now due, with their probabilities.
    Chance(Vec<(String, f64)>),
    /// A counter's value: one for a counter per game, one per player else (issue 44).
    Counter(String, Vec<i32>),
}

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn options_of(map: &BTreeMap<String, String>) -> Options {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// Compiles a shipped ruleset at its default options; panics with the error (tests only).
pub fn shipped_game(name: &str) -> Game {
    tabula::shipped::game(name, &Options::new()).unwrap_or_else(|e| panic!("{name} does not compile:\n{e}"))
}

/// Compiles a ruleset text; panics with the error (tests only).
pub fn compile(text: &str, name: &str, options: &Options) -> Game {
    Game::from_source(text, name, options).unwrap_or_else(|e| panic!("{name} does not compile:\n{e}"))
}

/// Runs a scenario against ruleset text; `Err` says which step failed and why.
pub fn run(s: &Scenario, ruleset_text: &str) -> Result<(), String> {
    let text = edited(ruleset_text, &s.edits)?;
    let game = Game::from_source(&text, &s.ruleset, &options_of(&s.options)).map_err(|e| e.to_string())?;
    let mut state = match &s.position {
        Some(def) => {
            let text = ron::ser::to_string(def).map_err(|e| e.to_string())?;
            game.position_from_str(&text, "position").map_err(|e| e.to_string())?
        }
        None => game.initial_state(),
    };
    for (i, step) in s.steps.iter().enumerate() {
        check(&game, &mut state, step).map_err(|e| format!("step {} {step:?}: {e}", i + 1))?;
    }
    Ok(())
}

fn legal_texts(game: &Game, state: &State) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves(state).into_iter().map(|m| game.move_text(m)).collect();
    v.sort();
    v
}

fn check(game: &Game, state: &mut State, step: &Step) -> Result<(), String> {
    let expect = |ok: bool, msg: String| if ok { Ok(()) } else { Err(msg) };
    let field = |name: &str| game.board().field(name).ok_or_else(|| format!("no field {name:?}"));
    match step {
        Step::Play(moves) => {
            for text in moves.split_whitespace() {
                let m = game.parse_move(state, text).map_err(|e| e.to_string())?;
                *state = game.play(state.clone(), m).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        Step::Refused(text) => expect(game.parse_move(state, text).is_err(), format!("{text} was accepted")),
        Step::Legal(list) => {
            let legal = legal_texts(game, state);
            let missing: Vec<&String> = list.iter().filter(|m| !legal.contains(m)).collect();
            expect(missing.is_empty(), format!("not legal: {missing:?}; legal: {legal:?}"))
        }
        Step::NotLegal(list) => {
            let legal = legal_texts(game, state);
            let present: Vec<&String> = list.iter().filter(|m| legal.contains(m)).collect();
            expect(present.is_empty(), format!("legal after all: {present:?}"))
        }
        Step::Moves(list) => {
            let mut want = list.clone();
            want.sort();
            let legal = legal_texts(game, state);
            expect(legal == want, format!("legal moves are {legal:?}"))
        }
        Step::MoveCount(n) => {
            let legal = legal_texts(game, state);
            expect(legal.len() == *n, format!("{} legal moves: {legal:?}", legal.len()))
        }
        Step::Board(stacks) => {
            for (name, want) in stacks {
                let got = game.stack_text(state, field(name)?);
                if &got != want {
                    return Err(format!("{name} holds {got:?}\n{}", game.board_text(state)));
                }
            }
            Ok(())
        }
        Step::BoardIs(stacks) => {
            for f in game.board().fields() {
                let name = game.board().name(f);
                let want = stacks.get(name).map_or("", String::as_str);
                let got = game.stack_text(state, f);
                if got != want {
                    return Err(format!("{name} holds {got:?}, not {want:?}\n{}", game.board_text(state)));
                }
            }
            stacks.keys().try_for_each(|k| field(k).map(|_| ()))
        }
        Step::ToMove(p) => expect(state.to_move() + 1 == *p, format!("player {} is to move", state.to_move() + 1)),
        Step::Phase(p) => {
            let got = game.phase_name(state.phase());
            expect(got == p, format!("the phase is {got:?}"))
        }
        Step::Hand(p, want) => pool(game, state, Pool::Hand, *p, want),
        Step::Prisoners(p, want) => pool(game, state, Pool::Prisoners, *p, want),
        Step::Ongoing => expect(!state.is_over(), format!("the game is over: {:?}", outcome(game, state))),
        Step::Winner(p) => {
            let ok = state.outcome().is_some_and(|o| o.won(p - 1));
            expect(ok, format!("outcome: {:?}", outcome(game, state)))
        }
        Step::Draw => {
            let ok = state.outcome().is_some_and(|o| o.is_draw());
            expect(ok, format!("outcome: {:?}", outcome(game, state)))
        }
        Step::Places(want) => {
            let got: Vec<u8> = match state.outcome() {
                Some(o) => o.places[..usize::from(game.player_count())].to_vec(),
                None => (0..game.player_count()).map(|p| state.finished(p).unwrap_or(0)).collect(),
            };
            expect(&got == want, format!("places are {got:?}; {:?}", outcome(game, state)))
        }
        Step::Reason(text) => {
            let got = outcome(game, state).unwrap_or_default();
            expect(got.contains(text.as_str()), format!("outcome: {got:?}"))
        }
        Step::ReturnMatch(on) => expect(game.return_match() == *on, format!("return_match is {}", game.return_match())),
        Step::Score(points) => {
            let got = state.outcome().map(|o| o.score);
            expect(got == Some(*points), format!("score: {got:?}"))
        }
        Step::Chance(want) => {
            let got = game.chance_outcomes(state).map(|(_, o)| o).unwrap_or_default();
            let same = got.len() == want.len()
                && got.iter().zip(want).all(|((l, p), (wl, wp))| l == wl && (p - wp).abs() < 1e-9);
            expect(same, format!("chance outcomes are {got:?}"))
        }
        Step::Counter(name, want) => {
            let Some(i) = game.counter_index(name) else { return Err(format!("no counter {name:?}")) };
            let per_player = game.counters().nth(i).is_some_and(|(_, per)| per);
            let players = if per_player { state.players() } else { 1 };
            let got: Vec<i32> = (0..players).map(|p| game.counter_value(state, i, p)).collect();
            expect(got == *want, format!("counter {name:?} is {got:?}"))
        }
    }
}

fn pool(game: &Game, state: &State, pool: Pool, player: u8, want: &str) -> Result<(), String> {
    let got = game.pool_text(state, pool, player - 1);
    if got == want { Ok(()) } else { Err(format!("player {player}'s {} holds {got:?}", pool.name())) }
}

fn outcome(game: &Game, state: &State) -> Option<String> {
    state.outcome().map(|o| game.describe_outcome(o))
}

/// The test rulesets of tests/blocks/ (small games that test a general block
/// on another board than the one game that ships it), as (`blocks/NAME`, text).
pub fn block_rulesets() -> Vec<(String, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(workspace().join("tests/blocks"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let name = format!("blocks/{}", p.file_stem().unwrap_or_default().to_string_lossy());
            (name, std::fs::read_to_string(p).expect("reads a test ruleset"))
        })
        .collect()
}

/// Every shipped ruleset and every test ruleset of tests/blocks/, compiled
/// under every combination of its option values (integers with a wide range at
/// their default), with `max_plies` as given.
pub fn all_variants(max_plies: u32) -> Vec<(String, Options, Game)> {
    let mut out = Vec::new();
    let shipped = shipped::names().map(|n| (n.to_string(), shipped::text(n).expect("shipped").to_string()));
    for (name, text) in shipped.chain(block_rulesets()) {
        let (name, text) = (name.as_str(), text.as_str());
        let base = compile(text, name, &Options::new());
        let defs: Vec<_> = base.option_defs().iter().filter(|d| d.name() != "max_plies").cloned().collect();
        let mut combos: Vec<Vec<(String, OptionValue)>> = vec![Vec::new()];
        for def in &defs {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    tabula::options::all_values(def).into_iter().map(move |v| {
                        let mut c = c.clone();
                        c.push((def.name().to_string(), v));
                        c
                    })
                })
                .collect();
        }
        for combo in combos {
            let mut options: Options = combo.iter().map(|(k, v)| (k.clone(), v.to_string())).collect();
            options.set("max_plies", max_plies.to_string());
            let game = compile(text, name, &options);
            out.push((name.to_string(), options, game));
        }
    }
    out
}
