//! The program: a ruleset compiled under one set of option values, lowered to
//! tables. The compiler makes it; the engine reads it and nothing else.

// attack and royal pieces (issue 45)
pub(crate) mod attacks;
mod cond;
pub(crate) mod counters;
pub(crate) mod flat; // state conditions lowered flat (issue 48)
pub(crate) mod lines;
pub(crate) mod marks;
mod plans;
pub(crate) mod rules;

pub(crate) use cond::{Cond, ReachSearch, ReachStart, Run};
pub(crate) use rules::{Chance, End, Phase};

use crate::board::{Board, FieldId};

use crate::options::{OptionValue, Options};
use crate::piece::{Kind, Player};
use crate::ruleset::OptionDef;
use crate::state::{Reason, State};
use std::collections::BTreeMap;

/// Properties of one field, from its field type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldProps {
    pub limit: u8,
    pub steps: Option<u8>,
    pub safe: bool,
    /// Bit sets of the players (bit 0: player 1) against whose pieces the
    /// field closes an enclosure like an enemy piece: while it is empty, and
    /// while a piece stands on it.
    pub hostile_empty: u16,
    pub hostile_occupied: u16,
    /// A walk ending here goes on as far again.
    pub double: bool,
    /// A piece ending its move here earns another throw.
    pub again: bool,
    /// A piece ending its move here goes on to another field (see [`SendTarget`]).
    pub send_to: Option<SendTarget>,
    pub ftype: Option<u8>,
}

/// Where a field sends a piece that ends its move on it: to `field`, or if
/// that is taken, to a free field among those reached from it by `back` links
/// (the nearest, or with `from_start` the farthest: the start of a track).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SendTarget {
    /// The field, or else the direction of the link to follow from the landing field.
    pub field: Option<FieldId>,
    pub along: Option<crate::board::DirId>,
    pub back: Option<crate::board::DirId>,
    pub from_start: bool,
}

/// A field type as compiled: what the editor draws and the legend lists.
#[derive(Debug, Clone)]
pub struct FieldType {
    pub name: String,
    pub symbol: Option<String>,
    pub colour: Option<[u8; 3]>,
    pub fields: Vec<FieldId>,
}

/// A zone: per player, the set of its fields and their order in groups.
#[derive(Debug, Clone)]
pub struct Zone {
    pub name: String,
    pub(crate) members: Vec<crate::board::FieldSet>,
    /// Per player, the zone's fields in groups.
    pub groups: Vec<Vec<Vec<FieldId>>>,
}

impl Zone {
    /// Whether `field` is in `player`'s version of the zone.
    pub fn contains(&self, player: u8, field: FieldId) -> bool {
        self.members[usize::from(player)].contains(field)
    }
}

/// A ruleset compiled under one set of option values: only a `Game` can be played.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) name: String,
    pub(crate) title: String,
    pub(crate) about: String,
    pub(crate) description: String,
    pub(crate) players: Vec<String>,
    /// The team of each player (each player is a team of their own unless the ruleset pairs them).
    pub(crate) teams: Vec<u8>,
    /// The teams' names, where the ruleset has teams.
    pub(crate) team_names: Vec<String>,
    /// Per player, the colour the ruleset gives them (none given: empty).
    pub(crate) colours: Vec<Option<[u8; 3]>>,
    pub(crate) board: Board,
    pub(crate) kinds: Vec<Kind>,
    pub(crate) fields: Vec<FieldProps>,
    pub(crate) field_types: Vec<FieldType>,
    pub(crate) zones: Vec<Zone>,
    pub(crate) phases: Vec<Phase>,
    pub(crate) chance: Vec<Chance>,
    pub(crate) ends: Vec<End>,
    pub(crate) initial: State,
    pub(crate) options: BTreeMap<String, OptionValue>,
    pub(crate) option_defs: Vec<OptionDef>,
    pub(crate) max_plies: u32,
    pub(crate) hash: String,
    /// The ruleset's text, kept for records and result files.
    pub(crate) text: std::sync::Arc<str>,
    /// The die face each board direction points to (`N`, `E`, `S`, `W`), if any.
    pub(crate) compass: Vec<Option<crate::die::Face>>,
    /// Played as a match of a game and its return game.
    pub(crate) return_match: bool,
    /// The phase whose first decision counts as the game's first move (see `RulesetDef::first_move`).
    pub(crate) first_move: Option<u8>,
    /// Some condition reads where the last piece ended (a `Line` through the piece moved,
    /// a `LastMove`): only then does the state keep it (so that states the rules cannot tell
    /// apart are equal). Worked out once by the lowering, from the conditions as written.
    pub(crate) reads_last_to: bool,
    /// Which paths the engine takes whatever the phase, chosen by the
    /// compiler (see [`rules::GamePlan`]).
    pub(crate) plan: rules::GamePlan,
    // --- history (issue 44) ---
    /// Some test asks whether a position repeats (`Repeated`): states keep
    /// the history of positions, and a decision adds to it. Worked out once
    /// by the lowering.
    pub(crate) keeps_history: bool,
    /// The engine reads the pieces' key during play (a history of positions,
    /// a turn filter that searches a turn's positions): its states keep the
    /// key up to date move by move (`state/keys.rs`). Worked out once by the lowering.
    pub(crate) keys_kept: bool,
    // --- counters (issue 44) ---
    /// The counters the ruleset declares (their values live in the [`State`]).
    pub(crate) counters: Vec<counters::Counter>,
    /// The marks (issue 44): each declared mark's slots in the state, and
    /// those of the last move's fields where a condition reads them.
    pub(crate) marks: marks::Marks,
    // --- attack and royal pieces (issue 45) ---
    /// The royal kinds and each phase's capturing motions reversed (see `Cond::Attacked`).
    pub(crate) attacks: attacks::Attacks,
    // --- field patterns (issue 47) ---
    /// Each field's colour under the ruleset's `pattern` (none: empty).
    pub(crate) pattern: Vec<[u8; 3]>,
    // --- a per-turn cache for dice pools (issue 45) ---
    /// A number no other compiled game of this process has (a clone keeps
    /// it: the same rules): what tells the games apart in caches kept
    /// between calls, as a position's hash does not (`engine/turn_cache.rs`).
    pub(crate) identity: u64,
}

/// A number for a newly compiled [`Game`], never given before in this process.
pub(crate) fn new_identity() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Game {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    pub fn about(&self) -> &str {
        &self.about
    }

    /// The rules in words, as the ruleset's `description` gives them.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The colour the ruleset gives `player`'s pieces, if it gives one.
    pub fn player_colour(&self, player: Player) -> Option<[u8; 3]> {
        self.colours.get(usize::from(player)).copied().flatten()
    }

    /// The colour a field is drawn in: its field type's `colour`, else the
    /// ruleset's `pattern` there, else none (the editor's plain field).
    pub fn field_colour(&self, field: FieldId) -> Option<[u8; 3]> {
        let ftype = self.fields[usize::from(field)].ftype.and_then(|t| self.field_types[usize::from(t)].colour);
        ftype.or_else(|| self.pattern.get(usize::from(field)).copied())
    }

    /// The words (`doc`) of the move rules in force, per phase: `(phase, docs)`.
    pub fn rule_docs(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.phases.iter().map(|p| (p.name.as_str(), p.docs.as_slice()))
    }

    /// Why the game can end, in words: each end condition's reason.
    pub fn end_reasons(&self) -> impl Iterator<Item = &str> {
        self.ends.iter().map(|e| e.reason.as_str())
    }

    /// What the chance device of the position looks like: the one due, or
    /// else the one of the phase (whose throw is being played).
    pub fn chance_looks(&self, state: &State) -> Option<crate::ruleset::Looks> {
        let device = match state.pending() {
            crate::state::Pending::Chance(c) => Some(c),
            _ => self.phases[state.phase()].throw,
        };
        device.and_then(|c| self.chance[usize::from(c)].looks)
    }

    /// Whether the game throws a chance device at all (sticks, dice).
    pub fn has_chance(&self) -> bool {
        !self.chance.is_empty()
    }

    /// Player names, player 1 first.
    #[inline]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// How many players the game has.
    pub fn player_count(&self) -> u8 {
        self.players.len() as u8
    }

    /// Whether the players' topped sets hold every occupied field: no kind
    /// of piece is neutral (a neutral piece tops its field for nobody).
    pub(crate) fn topped_sets_hold_every_piece(&self) -> bool {
        !self.kinds.iter().any(|k| k.neutral)
    }

    /// Whether who stands where is one word per player: at most 64 fields,
    /// every occupied one in a topped set (what the moves by bits need).
    pub(crate) fn occupancy_is_one_word(&self) -> bool {
        self.board.len() <= 64 && self.topped_sets_hold_every_piece()
    }

    /// The team of each player, player 1 first: numbers from 0; each player
    /// is a team of their own unless the ruleset has `teams`.
    pub fn teams(&self) -> &[u8] {
        &self.teams
    }

    /// The names of the teams, where the ruleset has `teams` (else empty).
    pub fn team_names(&self) -> &[String] {
        &self.team_names
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    pub fn field_props(&self, field: FieldId) -> FieldProps {
        self.fields[usize::from(field)]
    }

    pub fn field_types(&self) -> &[FieldType] {
        &self.field_types
    }

    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    pub fn phase_names(&self) -> impl Iterator<Item = &str> {
        self.phases.iter().map(|p| p.name.as_str())
    }

    pub fn phase_name(&self, phase: usize) -> &str {
        &self.phases[phase].name
    }

    /// The value of every option, `max_plies` included.
    pub fn options(&self) -> &BTreeMap<String, OptionValue> {
        &self.options
    }

    /// The declared options, `max_plies` included.
    pub fn option_defs(&self) -> &[OptionDef] {
        &self.option_defs
    }

    /// The options that differ from their defaults, as text.
    pub fn changed_options(&self) -> Options {
        self.option_defs
            .iter()
            .filter(|d| self.options.get(d.name()) != Some(&crate::options::default_value(d)))
            .map(|d| (d.name().to_string(), self.options[d.name()].to_string()))
            .collect()
    }

    /// The turn limit in plies; 0 means none.
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// A short hash of the ruleset's text: records refuse a changed ruleset.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The ruleset's text as compiled (records and result files keep a copy).
    pub fn source_text(&self) -> &str {
        &self.text
    }

    /// Every option's value as text, `max_plies` included.
    pub fn option_texts(&self) -> std::collections::BTreeMap<String, String> {
        self.options.iter().map(|(k, v)| (k.clone(), v.to_string())).collect()
    }

    /// Whether a decision taken in `state` may count as the game's first
    /// move: the ruleset names no phase for it (`first_move`), or `state` is
    /// in the phase it names.
    pub fn first_move_phase(&self, state: &State) -> bool {
        self.first_move.is_none_or(|p| usize::from(p) == state.phase())
    }

    /// Whether batch self-play plays this ruleset as matches of a game and a
    /// return game with the seats swapped.
    #[inline]
    pub fn return_match(&self) -> bool {
        self.return_match
    }

    pub fn initial_state(&self) -> State {
        self.initial.clone()
    }

    /// Puts `state` back at the initial position, keeping what it has
    /// allocated: a loop that plays many games allocates once.
    #[inline]
    pub fn restart(&self, state: &mut State) {
        state.clone_from(&self.initial);
    }

    /// Why a game ended, in words.
    pub fn reason_text(&self, reason: Reason) -> String {
        match reason {
            Reason::End(i) => self.ends[usize::from(i)].reason.clone(),
            Reason::TurnLimit => format!("turn limit of {} plies reached", self.max_plies),
            Reason::Blocked if self.players.len() == 2 => "neither player can move".into(),
            Reason::Blocked => "no player can move".into(),
        }
    }

    /// Whether a game that ended for `reason` ended because of the turn limit:
    /// at the limit itself, or by an end condition that reads it.
    #[inline]
    pub fn reason_is_limit(&self, reason: Reason) -> bool {
        match reason {
            Reason::TurnLimit => true,
            // Without a limit, `LimitReached` never holds: such an end came about otherwise.
            Reason::End(i) => self.max_plies > 0 && self.ends[usize::from(i)].test.mentions_limit(),
            Reason::Blocked => false,
        }
    }

    /// The turns played to reach `state` from a game's start (issue 48: a
    /// playout's length as engines that count whole moves count it; a capture
    /// chain, or a move and the removal it makes, is one turn of several
    /// plies): the turns begun, less the last where the game ended as it
    /// began, before any decision of it.
    pub fn turns_played(&self, state: &State) -> u32 {
        let last_played = match state.outcome().map(|o| o.reason) {
            Some(Reason::End(i)) => self.ends[usize::from(i)].at == crate::ruleset::When::AfterMove,
            Some(Reason::Blocked) => false,
            Some(Reason::TurnLimit) | None => true,
        };
        state.turn().saturating_sub(u32::from(!last_played))
    }

    /// The chance device due in `state`: its name and `(label, probability)` per outcome.
    pub fn chance_outcomes(&self, state: &State) -> Option<(&str, Vec<(&str, f64)>)> {
        let c = self.pending_chance(state)?;
        Some((&c.name, c.outcomes.iter().map(|o| o.label.as_str()).zip(self.chance_probabilities(state)).collect()))
    }

    /// The probability of each outcome of the pending chance device, in
    /// order (none if no chance is pending), without a list.
    pub(crate) fn chance_probabilities(&self, state: &State) -> impl Iterator<Item = f64> + '_ {
        self.pending_chance(state).into_iter().flat_map(|c| {
            let total = f64::from(c.total);
            c.outcomes.iter().map(move |o| f64::from(o.weight) / total)
        })
    }

    fn pending_chance(&self, state: &State) -> Option<&Chance> {
        match state.pending() {
            crate::state::Pending::Chance(c) => Some(&self.chance[usize::from(c)]),
            _ => None,
        }
    }

    // --- the editor's set-up of a pool of dice (issue 45) ---
    /// The values a die of the game's pools of dice can show, smallest first
    /// (none where the game throws no pool): what a position's `dice` and
    /// `spent` may hold; and the most values one throw gives (a double may
    /// count twice).
    pub fn pool_faces(&self) -> (Vec<u8>, usize) {
        let pools = self.chance.iter().flat_map(|c| &c.pools);
        let faces: std::collections::BTreeSet<u8> = pools.clone().flat_map(|d| d.thrown().map(|t| t.0)).collect();
        (faces.into_iter().collect(), pools.map(|d| d.thrown().count()).max().unwrap_or(0))
    }
}
