//! Lowering pieces, setup, chance, phases with their move rules, and the end.

use super::Ctx;
use super::board;
use super::cond::{Names, Place, check_one, check_who, constant, test};
use super::limits::MAX_STACK;
use super::locate::Seg;
use super::moves;
use super::start::{every_chance_sets, initial_state};
use super::statics::Statics;
use crate::board::Board;
use crate::options::{self, MAX_PLIES, OptionValue};
use crate::piece::{Captured, Kind, MAX_PLAYERS};
use crate::program::Cond;
use crate::program::rules::{Chance, ChanceOutcome, End, Filter, GamePlan, Gather, Phase, PhasePlan, Ranking, Rule};
use crate::program::{FieldProps, Game};
use crate::ruleset::{
    CaptureTo, ChanceDef, Choose, EndDef, EndResult, FilterDef, Otherwise, PhaseDef, PieceDef, RulesetDef, SetupDef,
    Starter, TeamDef, When, Who,
};
use sha2::{Digest, Sha256};

pub(crate) fn lower(ctx: &mut Ctx, def: &RulesetDef, text: &str) -> Option<Game> {
    if !(2..=MAX_PLAYERS).contains(&def.players.len()) {
        ctx.at(Seg::Field("players"), |ctx| {
            ctx.error(format!("expected 2 to {MAX_PLAYERS} player names; got {}", def.players.len()));
        });
        return None;
    }
    player_names(ctx, &def.players);
    let players = def.players.len() as u8;
    let colours = colours(ctx, def);
    let stack_limit = stack_limit(ctx, def);
    let board = ctx.at(Seg::Field("board"), |ctx| board::board(ctx, &def.board, &def.conditions))?;
    let mut names = first_names(ctx, def, &board);
    let (counters, counter_starts) = super::counters::declare(ctx, &def.counters, def.players.len() as u8);
    names.counters = counters;
    let (mut marks, mark_names) = super::marks::lower(ctx, &def.marks, players);
    names.marks = mark_names;
    let (teams, team_names) = ctx.at(Seg::Field("teams"), |ctx| teams(ctx, &def.teams, &names));
    if !within_counts(ctx, def, &names) {
        return None;
    }
    relative_dirs(ctx, &def.directions, &board, def.players.len());
    let (fields, field_types) = board::field_types(ctx, &def.field_types, &board, stack_limit, &names);
    let zones = board::zones(ctx, &def.zones, &board, players, &names);
    names.zones = zones.iter().map(|z| z.name.clone()).collect();
    super::marks::watch_gone(ctx, &def.marks, &mut marks, &zones, &names);
    let kinds = each(ctx, "pieces", &def.pieces, |ctx, i, p| kind(ctx, p, &def.pieces[..i], &names));
    let mut chance = chance_devices(ctx, def, &names);
    let chance_names: Vec<String> = chance.iter().map(|c| c.name.clone()).collect();
    names.walk = walk_fields(def, &fields, &chance);
    let statics = Statics { board: &board, fields: &fields, zones: &zones, players };
    let phases: Vec<Phase> =
        each(ctx, "phases", &def.phases, |ctx, _, p| phase(ctx, p, &statics, &names, &def.directions, &chance_names));
    let ends: Vec<End> = each(ctx, "end", &def.end, |ctx, _, e| end(ctx, e, &names)).into_iter().flatten().collect();
    let mut initial = initial_state(ctx, def, phases.first(), &board, &fields, &names, &kinds);
    initial.set_counters(counter_starts);
    every_chance_sets(ctx, def, &mut chance, &initial, &board, &kinds, &names);
    if let Some(name) = &def.opening {
        if let Some(c) = ctx.at(Seg::Field("opening"), |ctx| ctx.find("chance device", name, &chance_names)) {
            initial.pending = crate::state::Pending::Chance(c as u8);
        }
    }
    let first_move = def.first_move.as_ref().and_then(|name| {
        ctx.at(Seg::Field("first_move"), |ctx| ctx.find("phase", name, &names.phases)).map(|p| p as u8)
    });
    let return_match =
        def.return_match.as_ref().is_some_and(|c| ctx.at(Seg::Field("return_match"), |ctx| constant(ctx, c, &names)));
    let compass = board.dir_names().iter().map(|d| crate::die::Face::from_dir(d)).collect();
    // The last move's fields are kept where a `LastMove` reads them too (issue 44).
    let reads_last_to = reads_last_to(&phases, &ends) || names.last_move.get() != 0;
    let keeps_history = super::repetition::keeps_history(&phases, &ends);
    let keys_kept = super::repetition::keys_kept(keeps_history, &phases);
    // (Every condition is lowered: each `LastMove` has been seen.)
    let marks = super::marks::with_last_move_slots(marks, &names);
    if marks.slots > 0 {
        initial.make_mark_slots(marks.slots);
    }
    let mut game = Game {
        name: def.name.clone(),
        title: def.title.clone(),
        about: def.about.clone(),
        description: def.description.clone(),
        players: def.players.clone(),
        teams,
        team_names,
        colours,
        pattern: super::pattern::colours(ctx, def.pattern.as_ref(), &board),
        board,
        kinds,
        fields,
        field_types,
        zones,
        phases,
        chance,
        ends,
        initial,
        options: ctx.options.clone(),
        option_defs: options::declarations(&def.options),
        max_plies: max_plies(ctx),
        hash: content_hash(text),
        text: text.into(),
        compass,
        return_match,
        first_move,
        reads_last_to,
        // The general plan, always right, until `Game::adopt` puts the compiler's in place.
        plan: GamePlan::GENERAL,
        keeps_history,
        keys_kept,
        counters: std::mem::take(&mut names.counters),
        marks,
        attacks: Default::default(),
        identity: crate::program::new_identity(),
    };
    game.attacks = super::attacks::tables(&game, super::attacks::royal_kinds(&def.pieces));
    Some(game)
}

/// Whether some condition of the game, as written, reads where the last
/// piece ended (`Game::reads_last_to`): an end, a phase's `until`, a rule's
/// `to`, `from`, `only_if` or the test of a capture it chooses, a filter's.
fn reads_last_to(phases: &[Phase], ends: &[End]) -> bool {
    let ends = ends.iter().map(|e| &e.test);
    let phases = phases.iter().flat_map(|p| {
        let rules = p.rules.iter().flat_map(|r| {
            let effects = r.effects.iter().flat_map(crate::program::rules::Effect::choice_tests);
            [&r.to, &r.from, &r.only_if].into_iter().chain(effects)
        });
        let filters = p.filters.iter().flat_map(|f| match f {
            Filter::RequireAfter { cond, only_if, .. } => vec![cond, only_if],
            Filter::Capture { .. } | Filter::MostCaptures => Vec::new(),
            Filter::MostValues | Filter::HighestValues => Vec::new(),
        });
        p.until.iter().chain(rules).chain(filters)
    });
    ends.chain(phases).any(Cond::mentions_last_to)
}

/// Each item of the list under `field` lowered by `f`, at its index.
fn each<D, T>(ctx: &mut Ctx, field: &'static str, items: &[D], mut f: impl FnMut(&mut Ctx, usize, &D) -> T) -> Vec<T> {
    ctx.at(Seg::Field(field), |ctx| {
        items.iter().enumerate().map(|(i, d)| ctx.at(Seg::Index(i), |ctx| f(ctx, i, d))).collect()
    })
}

/// The names conditions and rules may use, as the ruleset lists them (the
/// zones in force are known later), with the players and the dice.
fn first_names<'d>(ctx: &mut Ctx, def: &'d RulesetDef, board: &Board) -> Names<'d> {
    let dice =
        def.pieces.iter().enumerate().filter(|(_, p)| p.die.is_some()).fold(0u32, |m, (i, _)| m | 1 << i.min(31));
    Names {
        kinds: unique_names(ctx, "pieces", def.pieces.iter().map(|p| &p.name)),
        fields: board.names().to_vec(),
        // Field types may share a name when options choose between them (a layout).
        field_types: def.field_types.iter().map(|t| t.name.clone()).collect(),
        // Zones, too (see `board::zones`, which sets the names of those in force).
        zones: def.zones.iter().map(|z| z.name.clone()).collect(),
        phases: unique_names(ctx, "phases", def.phases.iter().map(|p| &p.name)),
        dirs: board.dir_names().to_vec(),
        dice,
        players: def.players.len() as u8,
        conditions: &def.conditions,
        walk: Default::default(),
        counters: Vec::new(),
        marks: Vec::new(),
        last_move: Default::default(),
    }
}

/// The players' colours: none, or one each.
fn colours(ctx: &mut Ctx, def: &RulesetDef) -> Vec<Option<[u8; 3]>> {
    if !def.colours.is_empty() && def.colours.len() != def.players.len() {
        ctx.at(Seg::Field("colours"), |ctx| {
            ctx.error(format!("expected one colour per player ({}); got {}", def.players.len(), def.colours.len()));
        });
    }
    ctx.at(Seg::Field("colours"), |ctx| {
        def.colours.iter().enumerate().map(|(i, c)| ctx.at(Seg::Index(i), |ctx| board::parse_colour(ctx, c))).collect()
    })
}

fn stack_limit(ctx: &mut Ctx, def: &RulesetDef) -> u8 {
    let stack_limit = def.stack_limit.clamp(1, u32::from(MAX_STACK)) as u8;
    if u32::from(stack_limit) != def.stack_limit {
        ctx.at(Seg::Field("stack_limit"), |ctx| {
            ctx.error(format!("stack_limit {}: a stack limit is 1 to {MAX_STACK}", def.stack_limit));
        });
    }
    stack_limit
}

/// Whether the ruleset has no more kinds, phases, zones, field types, chance
/// devices and end conditions than their ids can tell apart.
fn within_counts(ctx: &mut Ctx, def: &RulesetDef, names: &Names) -> bool {
    if names.kinds.is_empty() || names.kinds.len() > 32 {
        ctx.at(Seg::Field("pieces"), |ctx| ctx.error("a ruleset has 1 to 32 kinds of piece"));
        return false;
    }
    if def.phases.is_empty() || def.phases.len() > 64 {
        ctx.at(Seg::Field("phases"), |ctx| ctx.error("a ruleset has 1 to 64 phases"));
        return false;
    }
    // Their ids are bytes (end conditions: two bytes) in tests, moves and states.
    for (seg, what, n, most) in [
        ("zones", "zones", def.zones.len(), 255),
        ("field_types", "field types", def.field_types.len(), 255),
        ("chance", "chance devices", def.chance.len(), 255),
        ("end", "end conditions", def.end.len(), usize::from(u16::MAX)),
    ] {
        if n > most {
            ctx.at(Seg::Field(seg), |ctx| ctx.error(format!("a ruleset has at most {most} {what}; this one has {n}")));
            return false;
        }
    }
    true
}

/// The chance devices in force; two of one name must not both be.
fn chance_devices(ctx: &mut Ctx, def: &RulesetDef, names: &Names) -> Vec<Chance> {
    let chance: Vec<Chance> = ctx.at(Seg::Field("chance"), |ctx| {
        def.chance
            .iter()
            .enumerate()
            .filter_map(|(i, c)| ctx.at(Seg::Index(i), |ctx| lower_chance(ctx, c, names)))
            .collect()
    });
    for (i, device) in chance.iter().enumerate() {
        if chance[..i].iter().any(|c| c.name == device.name) {
            let name = &device.name;
            ctx.at(Seg::Field("chance"), |ctx| {
                ctx.error(format!(
                    "two chance devices named {name:?} are in force: their `when` must exclude each other"
                ));
            });
        }
    }
    chance
}

/// What bounds a walk's search, per field, for checking walks where they are written.
fn walk_fields(def: &RulesetDef, fields: &[FieldProps], chance: &[Chance]) -> super::walk_cost::WalkFields {
    super::walk_cost::WalkFields {
        steps: fields.iter().map(|f| f.steps).collect(),
        double: fields.iter().map(|f| f.double).collect(),
        limit: fields.iter().map(|f| f.limit).collect(),
        ftype: fields.iter().map(|f| f.ftype).collect(),
        longest_throw: chance.iter().flat_map(|c| &c.outcomes).map(|o| o.value).max().unwrap_or(0),
        checked: Default::default(),
        known: Default::default(),
        pieces: def
            .setup
            .iter()
            .map(|line| match line {
                SetupDef::On { fields, count, .. } => fields.len() as u64 * u64::from(*count),
                SetupDef::Hand { count, .. } => u64::from(*count),
            })
            .sum::<u64>()
            .clamp(1, u64::from(super::limits::MAX_PIECES)),
    }
}

/// The game's ply limit, an option every ruleset has.
fn max_plies(ctx: &mut Ctx) -> u32 {
    match ctx.options.get(MAX_PLIES) {
        Some(OptionValue::Int(n)) => u32::try_from(*n).unwrap_or(0),
        _ => {
            ctx.error(format!("option {MAX_PLIES:?} must be a whole number"));
            0
        }
    }
}

/// The team of each player, and the teams' names: the ruleset's teams in
/// force must put every player in exactly one; without any, each player is
/// a team of their own.
fn teams(ctx: &mut Ctx, defs: &[TeamDef], names: &Names) -> (Vec<u8>, Vec<String>) {
    let alone = ((0..names.players).collect(), Vec::new());
    let mut team = vec![None; usize::from(names.players)];
    let mut team_names = Vec::new();
    for (i, def) in defs.iter().enumerate() {
        ctx.at(Seg::Index(i), |ctx| {
            if !def.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names))) {
                return;
            }
            for (j, &p) in def.players.iter().enumerate() {
                ctx.at(Seg::Field("players"), |ctx| {
                    let problem = match team.get_mut(usize::from(p).wrapping_sub(1)) {
                        Some(slot @ None) => {
                            *slot = Some(team_names.len() as u8);
                            return;
                        }
                        Some(Some(_)) => format!("player {p} is in two teams"),
                        None => format!("player {p} does not exist: players are numbered 1 to {}", names.players),
                    };
                    ctx.at(Seg::Index(j), |ctx| ctx.error(problem));
                });
            }
            team_names.push(def.name.clone());
        });
    }
    if team_names.is_empty() {
        return alone;
    }
    if let Some(p) = team.iter().position(Option::is_none) {
        ctx.error(format!("player {} is in no team: teams in force take in every player", p + 1));
        return alone;
    }
    (team.into_iter().map(|t| t.unwrap_or(0)).collect(), team_names)
}

/// The hash records and result files keep of a ruleset's text: the first 8 bytes of its SHA-256, in hex.
pub fn content_hash(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().take(8).map(|b| format!("{b:02x}")).collect()
}

fn unique_names<'n>(ctx: &mut Ctx, list: &'static str, names: impl Iterator<Item = &'n String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, n) in names.enumerate() {
        if out.contains(n) {
            ctx.at(Seg::Field(list), |ctx| {
                ctx.at(Seg::Index(i), |ctx| ctx.error(format!("the name {n:?} is used twice")));
            });
        }
        out.push(n.clone());
    }
    out
}

fn kind(ctx: &mut Ctx, def: &PieceDef, before: &[PieceDef], names: &Names) -> Kind {
    if !def.letter.is_ascii_alphabetic() {
        ctx.at(Seg::Field("letter"), |ctx| ctx.error(format!("letter {:?}: expected a letter a-z or A-Z", def.letter)));
    } else if before.iter().any(|p| p.letter.eq_ignore_ascii_case(&def.letter)) {
        ctx.at(Seg::Field("letter"), |ctx| ctx.error(format!("letter {:?} is used by another piece", def.letter)));
    }
    let mut captured = Captured::Remove;
    ctx.at(Seg::Field("captured"), |ctx| {
        for (i, rule) in def.captured.iter().enumerate() {
            let found = ctx.at(Seg::Index(i), |ctx| {
                let on = rule.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
                let c = match &rule.to {
                    CaptureTo::Remove => Captured::Remove,
                    CaptureTo::ToHand => Captured::ToHand,
                    CaptureTo::ToOwner => Captured::ToOwner,
                    CaptureTo::Convert { zone, choose } => {
                        let z = ctx.at(Seg::Field("to"), |ctx| {
                            ctx.at(Seg::Field("zone"), |ctx| ctx.find("zone", zone, &names.zones))
                        });
                        Captured::Convert { zone: z.unwrap_or(0) as u8, captor_chooses: *choose == Choose::Captor }
                    }
                    CaptureTo::Store(zone) => {
                        let z = ctx.at(Seg::Field("to"), |ctx| ctx.find("zone", zone, &names.zones));
                        Captured::Store { zone: z.unwrap_or(0) as u8 }
                    }
                };
                if def.neutral && matches!(c, Captured::ToHand | Captured::ToOwner | Captured::Convert { .. }) {
                    ctx.at(Seg::Field("to"), |ctx| {
                        ctx.error("a neutral piece belongs to nobody: when captured it goes to Remove or Store");
                    });
                }
                on.then_some(c)
            });
            if let Some(c) = found {
                captured = c;
                break;
            }
        }
    });
    let die = def.die.as_ref().map(|d| {
        ctx.at(Seg::Field("die"), |ctx| ctx.at(Seg::Field("left_handed"), |ctx| constant(ctx, &d.left_handed, names)))
    });
    Kind {
        name: def.name.clone(),
        letter: def.letter.to_ascii_uppercase(),
        value: def.value,
        enters_flipped: def.enters_flipped,
        die,
        neutral: def.neutral,
        captured,
    }
}

/// How many times a throw may be thrown again on average (`rethrow` outcomes).
const MOST_RETHROWS: u64 = 1000;

fn lower_chance(ctx: &mut Ctx, def: &ChanceDef, names: &Names) -> Option<Chance> {
    let on = def.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
    if def.outcomes.is_empty() || def.outcomes.len() > 64 {
        ctx.at(Seg::Field("outcomes"), |ctx| ctx.error("a chance device has 1 to 64 outcomes"));
    }
    let mut total = 0u32;
    let mut outcomes = Vec::new();
    for (i, o) in def.outcomes.iter().enumerate() {
        ctx.at(Seg::Field("outcomes"), |ctx| {
            ctx.at(Seg::Index(i), |ctx| {
                if o.weight == 0 {
                    ctx.at(Seg::Field("weight"), |ctx| ctx.error("a weight is at least 1"));
                }
                if o.label.is_empty() || o.label.contains(char::is_whitespace) {
                    ctx.at(Seg::Field("label"), |ctx| ctx.error("a label is one word"));
                }
                if def.outcomes[..i].iter().any(|earlier| earlier.label == o.label) {
                    ctx.at(Seg::Field("label"), |ctx| {
                        ctx.error(format!(
                            "the label {:?} is given twice: moves and records name an outcome by its label",
                            o.label
                        ));
                    });
                }
                match total.checked_add(o.weight) {
                    Some(sum) => total = sum,
                    None => ctx.at(Seg::Field("weight"), |ctx| {
                        ctx.error(format!("the weights add up to more than {}", u32::MAX));
                    }),
                }
            });
        });
        let again = o.again.as_ref().is_some_and(|a| {
            ctx.at(Seg::Field("outcomes"), |ctx| {
                ctx.at(Seg::Index(i), |ctx| ctx.at(Seg::Field("again"), |ctx| constant(ctx, a, names)))
            })
        });
        outcomes.push(ChanceOutcome {
            label: o.label.clone(),
            value: o.value,
            weight: o.weight,
            again,
            rethrow: o.rethrow,
            set: Vec::new(),
        });
    }
    if outcomes.iter().all(|o| o.rethrow) && !outcomes.is_empty() {
        ctx.at(Seg::Field("outcomes"), |ctx| ctx.error("at least one outcome must count (not `rethrow`)"));
    }
    // A throw is thrown again (rethrow weight / counting weight) times on
    // average, and a throw again adds no ply: past this, a random game spends
    // its time throwing (weights 1 and 2^32 - 2 threw 4 billion times a turn).
    let weight =
        |rethrow: bool| outcomes.iter().filter(|o| o.rethrow == rethrow).map(|o| u64::from(o.weight)).sum::<u64>();
    let (counting, again) = (weight(false), weight(true));
    if counting > 0 && again > MOST_RETHROWS * counting {
        ctx.at(Seg::Field("outcomes"), |ctx| {
            ctx.error(format!(
                "the `rethrow` outcomes weigh {again} against {counting} for those that count: a throw would be thrown again {} times on average, at most {MOST_RETHROWS}",
                again / counting
            ));
        });
    }
    let chance = Chance { name: def.name.clone(), looks: def.looks, outcomes, total: total.max(1), pools: Vec::new() };
    let chance = super::dice::pooled(ctx, def, chance, names);
    on.then_some(chance)
}

fn phase(
    ctx: &mut Ctx,
    def: &PhaseDef,
    statics: &Statics,
    names: &Names,
    relative: &moves::Relative,
    chance: &[String],
) -> Phase {
    if def.decisions == 0 {
        ctx.at(Seg::Field("decisions"), |ctx| ctx.error("a turn has at least 1 decision"));
    }
    // Each rule in force with its words (a rule whose `when` fails is left out).
    let lower_rules =
        |ctx: &mut Ctx, field: &'static str, list: &[crate::ruleset::MoveDef], standing| -> (Vec<Rule>, Vec<String>) {
            let each_rule = |ctx: &mut Ctx, _, m: &crate::ruleset::MoveDef| {
                let rules = moves::rules(ctx, m, statics, names, relative, standing);
                rules.into_iter().map(|r| (r, super::words::rule_words(m))).collect::<Vec<_>>()
            };
            each(ctx, field, list, each_rule).into_iter().flatten().unzip()
        };
    let (mut rules, mut docs) = lower_rules(ctx, "moves", &def.moves, moves::Standing::Ordinary);
    let (fallback, fallback_docs) = lower_rules(ctx, "fallback", &def.fallback, moves::Standing::Fallback);
    rules.extend(fallback);
    docs.extend(fallback_docs);
    // A rule compiled once per player has one text.
    docs.dedup();
    docs.retain(|d| !d.trim().is_empty());
    if rules.len() > 255 {
        ctx.at(Seg::Field("moves"), |ctx| ctx.error("a phase has at most 255 move rules"));
    }
    let throw = def
        .throw
        .as_ref()
        .and_then(|t| ctx.at(Seg::Field("throw"), |ctx| ctx.find("chance device", t, chance)))
        .map(|c| c as u8);
    let until = def.until.as_ref().map(|u| ctx.at(Seg::Field("until"), |ctx| test(ctx, u, Place::State, names)));
    if let Some(until) = &until {
        super::repetition::after_a_move_only(ctx, until, "until");
    }
    let next = def
        .next
        .as_ref()
        .and_then(|n| ctx.at(Seg::Field("next"), |ctx| ctx.find("phase", n, &names.phases)))
        .map(|p| p as u8);
    if until.is_some() != next.is_some() && ctx.diags.is_empty() {
        ctx.error("`until` and `next` go together: when the phase ends, and which phase follows");
    }
    let starts = match def.starts {
        Starter::Next => None,
        Starter::Player(n) => match check_who(ctx, Who::Player(n), names) {
            Who::Player(n) => Some(n - 1),
            _ => None,
        },
    };
    if def.replace_stuck.is_some() && names.players != 2 {
        ctx.at(Seg::Field("replace_stuck"), |ctx| ctx.error("replacing stuck pieces is for games of two players"));
    }
    let replace = def.replace_stuck.as_ref().map(|r| {
        ctx.at(Seg::Field("replace_stuck"), |ctx| crate::program::rules::Replace {
            grace: ctx.at(Seg::Field("grace"), |ctx| constant(ctx, &r.grace, names)),
            prisoners: ctx.at(Seg::Field("prisoners"), |ctx| constant(ctx, &r.prisoners, names)),
        })
    });
    let fallback_per_piece =
        ctx.at(Seg::Field("fallback_per_piece"), |ctx| constant(ctx, &def.fallback_per_piece, names));
    let filters = ctx.at(Seg::Field("filters"), |ctx| {
        def.filters.iter().enumerate().filter_map(|(i, f)| ctx.at(Seg::Index(i), |ctx| filter(ctx, f, names))).collect()
    });
    let (playable, repeats) = statics.playable(&rules);
    Phase {
        name: def.name.clone(),
        rules,
        playable,
        repeats,
        plan: PhasePlan::GENERAL,
        decisions: def.decisions.max(1),
        throw,
        until,
        next,
        starts,
        replace,
        fallback_per_piece,
        filters,
        docs,
    }
}

fn filter(ctx: &mut Ctx, def: &FilterDef, names: &Names) -> Option<Filter> {
    match def {
        FilterDef::RequireAfter { cond, only_if, otherwise, when } => {
            let on = when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
            let cond = ctx.at(Seg::Field("cond"), |ctx| test(ctx, cond, Place::State, names));
            let only_if = only_if
                .as_ref()
                .map_or(Cond::True, |c| ctx.at(Seg::Field("only_if"), |ctx| test(ctx, c, Place::State, names)));
            super::repetition::after_a_move_only(ctx, &only_if, "only_if");
            let keep_all = *otherwise == Otherwise::KeepAll;
            (on && only_if != Cond::False).then_some(Filter::RequireAfter { cond, only_if, keep_all })
        }
        FilterDef::Capture { huff, when } => {
            let on = when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
            let huff = ctx.at(Seg::Field("huff"), |ctx| constant(ctx, huff, names));
            on.then_some(Filter::Capture { huff })
        }
        FilterDef::MostCaptures { when } => {
            let on = when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
            on.then_some(Filter::MostCaptures)
        }
        FilterDef::MostValues { when } | FilterDef::HighestValues { when } => {
            let on = when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
            let most = matches!(def, FilterDef::MostValues { .. });
            on.then_some(if most { Filter::MostValues } else { Filter::HighestValues })
        }
    }
}

/// Player names tell the players apart in every report ("X wins"): each is
/// needed, and each once.
fn player_names(ctx: &mut Ctx, names: &[String]) {
    ctx.at(Seg::Field("players"), |ctx| {
        for (i, name) in names.iter().enumerate() {
            ctx.at(Seg::Index(i), |ctx| {
                if name.trim().is_empty() {
                    ctx.error(format!("player {} has no name: give each player a name", i + 1));
                } else if let Some(j) = names[..i].iter().position(|n| n.trim() == name.trim()) {
                    ctx.error(format!(
                        "player {} is named {name:?} like player {}: each player needs a name of their own",
                        i + 1,
                        j + 1
                    ));
                }
            });
        }
    });
}

/// The relative directions: one list per player, each of the board's directions.
fn relative_dirs(ctx: &mut Ctx, relative: &moves::Relative, board: &Board, players: usize) {
    ctx.at(Seg::Field("directions"), |ctx| {
        for (name, per_player) in relative {
            ctx.at(Seg::Key(name.clone()), |ctx| {
                if per_player.len() != players {
                    ctx.error(format!(
                        "expected one list of directions per player ({players}); got {}",
                        per_player.len()
                    ));
                }
                if board.dir(name).is_some() {
                    ctx.error(format!("{name:?} is already a direction of the board"));
                }
                for (i, dirs) in per_player.iter().enumerate() {
                    let expanded = super::dirs::expand_dirs(dirs);
                    ctx.at(Seg::Index(i), |ctx| {
                        if expanded.is_empty() {
                            ctx.error("expected at least one direction");
                        }
                        ctx.find_all("direction (of this board's links)", &expanded, board.dir_names());
                    });
                }
            });
        }
    });
}

fn end(ctx: &mut Ctx, def: &EndDef, names: &Names) -> Option<End> {
    let on = def.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
    let t = ctx.at(Seg::Field("cond"), |ctx| test(ctx, &def.cond, Place::State, names));
    if def.at == crate::ruleset::When::StartOfTurn {
        super::repetition::after_a_move_only(ctx, &t, "cond");
    }
    if def.at == When::StartOfTurn && t.mentions_all_passed() {
        // At the start of a turn the pass just made is counted already: one pass reads as all.
        ctx.at(Seg::Field("cond"), |ctx| {
            ctx.error("`AllPassed` is read after a move: use it in an `AfterMove` end");
        });
    }
    let zone = |ctx: &mut Ctx, name: &str| ctx.find("zone", name, &names.zones).unwrap_or(0) as u8;
    let result = match &def.result {
        EndResult::Win(w) => Ranking::Win(ctx.at(Seg::Field("result"), |ctx| check_one(ctx, *w, names))),
        EndResult::MorePiecesOr(w) => {
            Ranking::MorePiecesOr(ctx.at(Seg::Field("result"), |ctx| check_one(ctx, *w, names)))
        }
        EndResult::Finish(w) => Ranking::Finish(ctx.at(Seg::Field("result"), |ctx| check_one(ctx, *w, names))),
        EndResult::Draw => Ranking::Draw,
        EndResult::MorePieces => Ranking::MorePieces,
        EndResult::MostIn(z) => Ranking::MostIn(ctx.at(Seg::Field("result"), |ctx| zone(ctx, z))),
        EndResult::MostArea { dirs, plus } => ctx.at(Seg::Field("result"), |ctx| {
            let plus = plus.as_ref().and_then(|name| ctx.at(Seg::Field("plus"), |ctx| area_plus(ctx, name, names)));
            let dirs = ctx.at(Seg::Field("dirs"), |ctx| {
                let expanded = super::dirs::expand_dirs(dirs);
                if expanded.is_empty() {
                    ctx.error("expected at least one direction");
                }
                let ids = ctx.find_all("direction", &expanded, &names.dirs);
                if ids.iter().any(|&d| d >= 64) {
                    ctx.error("area scoring reads at most the first 64 directions of a board");
                }
                ids.into_iter().filter(|&d| d < 64).fold(0u64, |m, d| m | 1 << d)
            });
            Ranking::MostArea { dirs, plus }
        }),
    };
    let gather = ctx.at(Seg::Field("gather"), |ctx| {
        let gathers = def.gather.iter().enumerate();
        gathers
            .map(|(i, g)| {
                ctx.at(Seg::Index(i), |ctx| Gather {
                    from: ctx.at(Seg::Field("from"), |ctx| zone(ctx, &g.from)),
                    to: ctx.at(Seg::Field("to"), |ctx| zone(ctx, &g.to)),
                    player: g.player.map(|w| ctx.at(Seg::Field("player"), |ctx| check_one(ctx, w, names))),
                })
            })
            .collect()
    });
    let score = ctx.at(Seg::Field("score"), |ctx| {
        def.score
            .iter()
            .enumerate()
            .filter_map(|(i, sc)| {
                ctx.at(Seg::Index(i), |ctx| ctx.at(Seg::Field("zone"), |ctx| ctx.find("zone", &sc.zone, &names.zones)))
                    .map(|z| (z as u8, sc.points))
            })
            .collect()
    });
    (on && t != Cond::False).then(|| End { at: def.at, test: t, result, reason: def.reason.clone(), score, gather })
}

/// The counter an area score adds (komi): one a player, by name.
fn area_plus(ctx: &mut Ctx, name: &str, names: &Names) -> Option<u16> {
    let known: Vec<String> = names.counters.iter().map(|c| c.name.clone()).collect();
    let i = ctx.find("counter", name, &known)?;
    let counter = &names.counters[i];
    if !counter.per_player {
        ctx.error(format!("area scoring adds a counter per player (komi): {name:?} is one for the game"));
        return None;
    }
    Some(counter.slot)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The diagnostics of compiling `text`, as found (before the compiler
    /// drops repeats that follow each other).
    fn diagnostics(text: &str) -> Vec<crate::error::Diagnostic> {
        let def: RulesetDef = super::super::read_ron(text, "t.ron").expect("reads");
        let declared = options::declarations(&def.options);
        let values = options::resolve(&declared, &crate::Options::new()).expect("options");
        let mut ctx = Ctx::new(text, &values, &declared);
        lower(&mut ctx, &def, text);
        ctx.diags
    }

    /// Reports name players ("X wins 50% / X wins 35%"): two players with
    /// one name, or none, cannot be told apart there.
    #[test]
    fn player_names_are_needed_and_each_once() {
        let text = |players: &str| {
            format!(
                r#"Ruleset(language: 2, name: "s", title: "s", players: [{players}],
                board: Grid(cols: 3, rows: 3, links: ["All"]), pieces: [(name: "S", letter: 'S')],
                phases: [(name: "play", moves: [(pieces: ["S"], by: Place())])])"#
            )
        };
        let found = diagnostics(&text(r#""X", "Y", "X""#));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, "players[2]");
        assert!(found[0].message.contains("named \"X\" like player 1"), "{found:?}");
        assert!(found[0].at.is_some(), "located: {found:?}");
        let found = diagnostics(&text(r#""X", " ""#));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, "players[1]");
        assert!(found[0].message.contains("player 2 has no name"), "{found:?}");
        assert!(diagnostics(&text(r#""X", "Y""#)).is_empty());
    }

    /// A setup of `count` pieces on a full field said so once for every piece
    /// that did not fit: 255 errors a listed field, and 80,000 listed fields
    /// took 4 GB before the repeats were dropped. One error a listed field now.
    #[test]
    fn a_setup_count_that_overflows_a_field_is_one_error_for_that_field() {
        let text = r#"Ruleset(language: 2, name: "s", title: "s", players: ["A", "B"],
            board: Grid(cols: 3, rows: 3, links: ["All"]), pieces: [(name: "S", letter: 'S')],
            setup: [On(piece: "S", player: Player(1), fields: ["a1", "a1", "b1"], count: 200)],
            phases: [(name: "play", moves: [(pieces: ["S"], by: Place())])])"#;
        let found = diagnostics(text);
        let paths: Vec<&str> = found.iter().map(|d| d.path.as_str()).collect();
        assert_eq!(paths, ["setup[0].fields[0]", "setup[0].fields[1]", "setup[0].fields[2]"], "{found:?}");
        assert!(found.iter().all(|d| d.message.contains("is full: its stack limit is 1")), "{found:?}");
    }
}
