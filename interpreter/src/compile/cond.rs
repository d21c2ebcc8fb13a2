//! Lowering conditions: names become indices, option tests fold to constants,
//! and each atom is checked to stand where it means something.

use super::Ctx;
use super::locate::Seg;
use crate::board::FieldSet;
use crate::options::OptionValue;
use crate::program::{Cond, ReachSearch, ReachStart, Run};
use crate::ruleset::{CondDef, OptValue, OptionDef, ReachFrom, RunDef, Through, Who};
use std::collections::BTreeMap;

/// Where a condition stands, and so which atoms it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// Only options: `when:` and field type switches.
    Options,
    /// About a move's target field.
    Field,
    /// About the game state.
    State,
}

/// The names conditions can refer to.
pub(crate) struct Names<'a> {
    pub kinds: Vec<String>,
    pub fields: Vec<String>,
    pub field_types: Vec<String>,
    pub zones: Vec<String>,
    pub phases: Vec<String>,
    pub dirs: Vec<String>,
    /// Bit set of the kinds that are dice.
    pub dice: u32,
    pub players: u8,
    pub conditions: &'a BTreeMap<String, CondDef>,
    /// What bounds a walk's cost (filled in once the field types and chance are known).
    pub walk: super::walk_cost::WalkFields,
    /// The counters declared (issue 44).
    pub counters: Vec<crate::program::counters::Counter>,
    /// The declared marks (issue 44).
    pub marks: Vec<String>,
    /// The fields of the last move some `LastMove` reads, as bits of
    /// `program::marks::field_bit` (noted while conditions are lowered).
    pub last_move: std::cell::Cell<u8>,
}

/// The most tests a named condition may expand to where it is used.
pub(crate) const MAX_EXPANSION: u64 = 100_000;
/// The longest chain of named conditions, each using the next.
pub(crate) const MAX_CHAIN: usize = 64;
/// The most tests all the conditions of a ruleset may expand to together.
pub(crate) const MAX_TESTS: u64 = 1_000_000;
/// The most atoms one test of a condition may read (see [`cost`]): nested
/// `Beside`s multiply, and 8 deep on a grid a move's target took a minute.
pub(crate) const MAX_COST: u64 = 10_000;

/// Checks the named conditions before any is used: a named condition is
/// expanded where it is used, so a cycle would never end, and a tower in
/// which each uses the one below twice doubles at every level (30 levels are
/// a billion tests). Each problem is reported where the condition is defined.
/// Returns whether all is well.
pub(crate) fn check_named(ctx: &mut Ctx, conditions: &BTreeMap<String, CondDef>) -> bool {
    #[derive(Clone, Copy)]
    enum Seen {
        Open,
        Done { size: u64, chain: usize },
    }
    /// The tests `cond` expands to and its longest chain of names; `Err` names a cycle.
    fn walk(
        cond: &CondDef,
        conditions: &BTreeMap<String, CondDef>,
        seen: &mut BTreeMap<String, Seen>,
        path: &mut Vec<String>,
    ) -> Result<(u64, usize), Vec<String>> {
        Ok(match cond {
            CondDef::Ref(name) => match seen.get(name) {
                Some(Seen::Done { size, chain }) => (*size, chain + 1),
                Some(Seen::Open) => {
                    let from = path.iter().position(|n| n == name).unwrap_or(0);
                    return Err(path[from..].iter().chain([name]).cloned().collect());
                }
                None => {
                    // An unknown name is reported where it is lowered.
                    let Some(def) = conditions.get(name) else { return Ok((1, 0)) };
                    seen.insert(name.clone(), Seen::Open);
                    path.push(name.clone());
                    let (size, chain) = walk(def, conditions, seen, path)?;
                    path.pop();
                    seen.insert(name.clone(), Seen::Done { size, chain });
                    (size, chain + 1)
                }
            },
            // One test, and the names in the conditions it holds copied too.
            c => c.parts().into_iter().try_fold((1u64, 0usize), |(size, chain), c| {
                let (s, d) = walk(c, conditions, seen, path)?;
                Ok::<_, Vec<String>>((size.saturating_add(s), chain.max(d)))
            })?,
        })
    }
    let mut seen = BTreeMap::new();
    let mut ok = true;
    for (name, def) in conditions {
        if seen.contains_key(name) {
            continue;
        }
        seen.insert(name.clone(), Seen::Open);
        let mut path = vec![name.clone()];
        let found = walk(def, conditions, &mut seen, &mut path);
        let mut at = name.clone();
        let message = match &found {
            Err(cycle) => {
                at = cycle[0].clone();
                Some(format!("condition {at:?} refers to itself: {}", cycle.join(" -> ")))
            }
            Ok((size, _)) if *size > MAX_EXPANSION => Some(format!(
                "condition {name:?} expands to more than {MAX_EXPANSION} tests (named conditions are copied \
                 where they are used): use each named condition fewer times"
            )),
            Ok((_, chain)) if *chain > MAX_CHAIN => Some(format!(
                "condition {name:?} starts a chain of {chain} named conditions, each using the next: at most {MAX_CHAIN}"
            )),
            Ok(_) => None,
        };
        match found {
            Ok((size, chain)) => {
                seen.insert(name.clone(), Seen::Done { size, chain });
            }
            // Marks the whole cycle so that it is reported once.
            Err(cycle) => cycle.into_iter().for_each(|n| {
                seen.insert(n, Seen::Done { size: 1, chain: 0 });
            }),
        }
        if let Some(message) = message {
            ok = false;
            ctx.elsewhere(vec![Seg::Field("conditions"), Seg::Key(at)], |ctx| ctx.error(message));
        }
    }
    ctx.named_sizes = seen
        .into_iter()
        .filter_map(|(name, s)| match s {
            Seen::Done { size, .. } => Some((name, size)),
            Seen::Open => None,
        })
        .collect();
    ok
}

/// The tests `cond` expands to, its named conditions copied in (their sizes
/// from `check_named`): what lowering it costs.
fn expanded_size(cond: &CondDef, named: &BTreeMap<String, u64>) -> u64 {
    match cond {
        CondDef::Ref(name) => named.get(name).copied().unwrap_or(1),
        c => c.parts().into_iter().fold(1u64, |size, c| size.saturating_add(expanded_size(c, named))),
    }
}

/// Charges the tests `cond` expands to against the ruleset's [`MAX_TESTS`];
/// false (once reported, where the use that passes it is written) if it is spent.
fn within_budget(ctx: &mut Ctx, cond: &CondDef) -> bool {
    if ctx.tests > MAX_TESTS {
        return false; // reported at the use that spent it
    }
    ctx.tests = ctx.tests.saturating_add(expanded_size(cond, &ctx.named_sizes));
    if ctx.tests > MAX_TESTS {
        ctx.error(format!(
            "the conditions up to here expand to more than {MAX_TESTS} tests in all (named conditions are \
             copied where they are used): use named conditions fewer times"
        ));
        return false;
    }
    true
}

/// What one reading of a compiled condition may cost, in atoms read: a
/// `Beside` reads its condition on each of its neighbours, so nested ones
/// multiply; a `Line` steps up to `n` fields along each of its directions.
fn cost(t: &Cond, fields: u64) -> u64 {
    match t {
        Cond::All(ts) | Cond::Any(ts) => ts.iter().fold(1u64, |c, t| c.saturating_add(cost(t, fields))),
        Cond::Not(t) | Cond::ByTops { rest: t, .. } => cost(t, fields).saturating_add(1),
        Cond::Beside(dirs, t) => (dirs.len().max(1) as u64).saturating_mul(cost(t, fields)),
        Cond::Line { n, dirs, .. } => {
            u64::from(*n).saturating_mul(dirs.iter().map(|d| d.len() as u64).sum::<u64>()).max(1)
        }
        // Each direction reads `each` on up to `longest` fields, then `closed_by` once.
        Cond::Brackets(run) => (run.dirs.len().max(1) as u64).saturating_mul(
            u64::from(run.longest).saturating_mul(cost(&run.each, fields)).saturating_add(cost(&run.closed_by, fields)),
        ),
        Cond::Reach(r) => reach_cost(r, fields),
        _ => 1,
    }
}

/// What one `Reach` may cost: each field of the board entered once by each
/// search, its `through` and `to` read along each direction (one search, or
/// with `Like` from fields where a test holds, one per player and one for
/// the empty and neutral ones), and a `Where` read on every field.
fn reach_cost(r: &ReachSearch, fields: u64) -> u64 {
    let searches = match &r.from {
        ReachStart::Where(_) if r.like => crate::piece::MAX_PLAYERS as u64 + 2,
        _ => 1,
    };
    let per_field =
        (r.dirs.len().max(1) as u64).saturating_mul(cost(&r.through, fields).saturating_add(cost(&r.to, fields)));
    let start = match &r.from {
        ReachStart::Where(t) => fields.saturating_mul(cost(t, fields)),
        ReachStart::Here | ReachStart::Moved => 1,
    };
    searches.saturating_mul(fields).saturating_mul(per_field).saturating_add(start)
}

/// A condition on options only, before any name but the named conditions is known.
pub(crate) fn options_only(ctx: &mut Ctx, cond: &CondDef, conditions: &BTreeMap<String, CondDef>) -> bool {
    let names = Names {
        kinds: Vec::new(),
        fields: Vec::new(),
        field_types: Vec::new(),
        zones: Vec::new(),
        phases: Vec::new(),
        dirs: Vec::new(),
        dice: 0,
        players: 2,
        conditions,
        walk: Default::default(),
        counters: Vec::new(),
        marks: Vec::new(),
        last_move: Default::default(),
    };
    constant(ctx, cond, &names)
}

/// A condition that must be known when the ruleset is compiled.
pub(crate) fn constant(ctx: &mut Ctx, cond: &CondDef, names: &Names) -> bool {
    if !within_budget(ctx, cond) {
        return false;
    }
    match lower(ctx, cond, Place::Options, names, 0) {
        Cond::True => true,
        Cond::False => false,
        _ => {
            ctx.error("this condition must depend on options only");
            false
        }
    }
}

pub(crate) fn test(ctx: &mut Ctx, cond: &CondDef, place: Place, names: &Names) -> Cond {
    if !within_budget(ctx, cond) {
        return Cond::False;
    }
    let t = lower(ctx, cond, place, names, 0).compact();
    let cost = cost(&t, names.fields.len() as u64);
    if cost > MAX_COST {
        ctx.error(format!(
            "this condition may read {cost} atoms each time it is tested, more than {MAX_COST} (a `Beside` \
             tests its condition on every neighbour along its directions, so nested ones multiply; a `Reach` \
             may read its tests along every direction of every field of the board; a named \
             condition is copied where it is used): make it smaller"
        ));
        return Cond::False;
    }
    t
}

fn lower(ctx: &mut Ctx, cond: &CondDef, place: Place, names: &Names, depth: usize) -> Cond {
    match cond {
        CondDef::True => Cond::True,
        CondDef::False => Cond::False,
        CondDef::All(list) => all(lower_each(ctx, list, place, names, depth)),
        CondDef::Any(list) => any(lower_each(ctx, list, place, names, depth)),
        CondDef::Not(c) => match lower(ctx, c, place, names, depth) {
            Cond::True => Cond::False,
            Cond::False => Cond::True,
            t => Cond::Not(Box::new(t)),
        },
        CondDef::Ref(name) => lower_named(ctx, name, place, names, depth),
        CondDef::Opt(name) => bool_option(ctx, name),
        CondDef::Is(name, value) => option_is(ctx, name, value),
        CondDef::Empty => field_atom(ctx, place, Cond::Empty, "Empty"),
        CondDef::Own => field_atom(ctx, place, Cond::Own, "Own"),
        CondDef::Enemy => field_atom(ctx, place, Cond::Enemy, "Enemy"),
        CondDef::Full => field_atom(ctx, place, Cond::Full, "Full"),
        CondDef::Height(h) => field_atom(ctx, place, Cond::Height(*h), "Height"),
        CondDef::Top(kinds) => kinds_atom(ctx, place, kinds, names, (Cond::Top, "Top")),
        CondDef::Has(kinds) => kinds_atom(ctx, place, kinds, names, (Cond::Has, "Has")),
        CondDef::InZone(zone) => zone_atom(ctx, place, zone, names),
        CondDef::Type(t) => type_atom(ctx, place, t, names),
        CondDef::Field(list) => fields_atom(ctx, place, list, names),
        CondDef::Beside(dirs, inner) => lower_beside(ctx, dirs, inner, place, names, depth),
        CondDef::Open => field_atom(ctx, place, Cond::Open, "Open"),
        CondDef::Closed => field_atom(ctx, place, Cond::Closed, "Closed"),
        CondDef::Line { n, dirs, through, exact } => lower_line(ctx, place, names, *n, dirs, *through, *exact),
        CondDef::TopFace(n) => field_atom(ctx, place, Cond::TopFace(*n), "TopFace"),
        CondDef::Lead(who, n) => state_atom(ctx, place, "Lead", |ctx| {
            Cond::Lead(ctx.at(Seg::Index(0), |ctx| check_who(ctx, *who, names)), *n)
        }),
        CondDef::Thrown(values) => state_atom(ctx, place, "Thrown", |ctx| {
            if values.iter().any(|&v| v > 63) {
                ctx.at(Seg::Index(0), |ctx| ctx.error("a thrown value is 0 to 63"));
            }
            Cond::Thrown(values.iter().filter(|&&v| v < 64).fold(0u64, |m, &v| m | 1 << v))
        }),
        CondDef::PieceOnBoard(who, kinds) => state_atom(ctx, place, "PieceOnBoard", |ctx| {
            let m = ctx.at(Seg::Index(1), |ctx| kinds_mask(ctx, kinds, names));
            Cond::PieceOnBoard(check_who(ctx, *who, names), m)
        }),
        CondDef::PlayerIs(n) => state_atom(ctx, place, "PlayerIs", |ctx| {
            if !(1..=names.players).contains(n) {
                ctx.error(format!("player {n} does not exist: players are numbered 1 to {}", names.players));
            }
            Cond::PlayerIs(*n)
        }),
        CondDef::OnBoard(who, n) => state_atom(ctx, place, "OnBoard", |ctx| {
            Cond::OnBoard(ctx.at(Seg::Index(0), |ctx| check_who(ctx, *who, names)), *n)
        }),
        CondDef::CountIn(who, zone, n) => state_atom(ctx, place, "CountIn", |ctx| {
            let w = ctx.at(Seg::Index(0), |ctx| check_who(ctx, *who, names));
            let z = ctx.at(Seg::Index(1), |ctx| ctx.find("zone", zone, &names.zones));
            z.map_or(Cond::False, |z| Cond::CountIn(w, z as u8, *n))
        }),
        CondDef::Phase(p) => state_atom(ctx, place, "Phase", |ctx| {
            ctx.at(Seg::Index(0), |ctx| ctx.find("phase", p, &names.phases))
                .map_or(Cond::False, |p| Cond::Phase(p as u8))
        }),
        CondDef::NoPieces(who) => state_atom(ctx, place, "NoPieces", |ctx| {
            Cond::NoPieces(ctx.at(Seg::Index(0), |ctx| check_who(ctx, *who, names)))
        }),
        CondDef::HandEmpty(who) => state_atom(ctx, place, "HandEmpty", |ctx| {
            Cond::HandEmpty(ctx.at(Seg::Index(0), |ctx| check_who(ctx, *who, names)))
        }),
        CondDef::PieceIn(who, kinds, zone) => state_atom(ctx, place, "PieceIn", |ctx| {
            let m = ctx.at(Seg::Index(1), |ctx| kinds_mask(ctx, kinds, names));
            let z = ctx.at(Seg::Index(2), |ctx| ctx.find("zone", zone, &names.zones));
            let w = ctx.at(Seg::Index(0), |ctx| check_who(ctx, *who, names));
            z.map_or(Cond::False, |z| Cond::PieceIn(w, m, z as u8))
        }),
        CondDef::NoMoves => state_atom(ctx, place, "NoMoves", |_| Cond::NoMoves),
        CondDef::CanMove(who) => state_atom(ctx, place, "CanMove", |ctx| Cond::CanMove(check_who(ctx, *who, names))),
        CondDef::Passed => state_atom(ctx, place, "Passed", |_| Cond::Passed),
        CondDef::LimitReached => state_atom(ctx, place, "LimitReached", |_| Cond::LimitReached),
        CondDef::Repeated { times, within, compare } => {
            state_atom(ctx, place, "Repeated", |ctx| super::repetition::repeated(ctx, *times, *within, *compare))
        }
        CondDef::Brackets(run) => {
            let run = ctx.at(Seg::Index(0), |ctx| lower_run(ctx, run, names, depth));
            field_atom(ctx, place, Cond::Brackets(Box::new(run)), "Brackets")
        }
        CondDef::Counter { name, who, is } => {
            state_atom(ctx, place, "Counter", |ctx| super::counters::test(ctx, name, *who, is, names))
        }
        CondDef::Marked(_) | CondDef::LastMove(_) => super::marks::atom(ctx, cond, place, names),
        CondDef::Reach { dirs, from, through, to } => lower_reach(ctx, place, names, depth, dirs, from, through, to),
        CondDef::Like => lower_like(ctx, place),
        CondDef::AllPassed => state_atom(ctx, place, "AllPassed", |_| Cond::AllPassed),
        CondDef::Attacked { by } => {
            field_atom(ctx, place, Cond::Attacked(*by == crate::ruleset::AttackedBy::Own), "Attacked")
        }
        CondDef::RoyalAttacked => state_atom(ctx, place, "RoyalAttacked", |_| Cond::RoyalAttacked),
    }
}

/// A field atom that names kinds (`Top`, `Has`: `atom` makes it of their
/// mask and names it), each name found.
fn kinds_atom(ctx: &mut Ctx, place: Place, kinds: &[String], names: &Names, atom: (fn(u32) -> Cond, &str)) -> Cond {
    let m = ctx.at(Seg::Index(0), |ctx| kinds_mask(ctx, kinds, names));
    field_atom(ctx, place, atom.0(m), atom.1)
}

/// `InZone`, its zone found.
fn zone_atom(ctx: &mut Ctx, place: Place, zone: &str, names: &Names) -> Cond {
    let z = ctx.at(Seg::Index(0), |ctx| ctx.find("zone", zone, &names.zones));
    field_atom(ctx, place, z.map_or(Cond::False, |z| Cond::InZone(z as u8)), "InZone")
}

/// `Type`, its field type found: the mask of every type of that name.
fn type_atom(ctx: &mut Ctx, place: Place, t: &str, names: &Names) -> Cond {
    let found = ctx.at(Seg::Index(0), |ctx| ctx.find("field type", t, &names.field_types));
    let mask = names.field_types.iter().enumerate().filter(|(_, n)| *n == t).fold(0u64, |m, (i, _)| m | 1 << i);
    field_atom(ctx, place, found.map_or(Cond::False, |_| Cond::Type(mask)), "Type")
}

/// `Field`, its fields found.
fn fields_atom(ctx: &mut Ctx, place: Place, list: &[String], names: &Names) -> Cond {
    let ids = ctx.at(Seg::Index(0), |ctx| ctx.find_all("field", list, &names.fields));
    let mut set = FieldSet::new(names.fields.len());
    ids.into_iter().for_each(|f| set.insert(f as u16));
    field_atom(ctx, place, Cond::Fields(set), "Field")
}

/// A run (see `RunDef`): its directions found, its tests lowered as tests of a field.
fn lower_run(ctx: &mut Ctx, run: &RunDef, names: &Names, depth: usize) -> Run {
    let expanded = super::dirs::expand_dirs(&run.dirs);
    let dirs = ctx.at(Seg::Field("dirs"), |ctx| {
        if expanded.is_empty() {
            ctx.error("expected at least one direction");
        }
        ctx.find_all("direction", &expanded, &names.dirs).into_iter().map(|d| d as u8).collect()
    });
    let each = ctx.at(Seg::Field("each"), |ctx| lower(ctx, &run.each, Place::Field, names, depth).compact());
    let closed_by =
        ctx.at(Seg::Field("closed_by"), |ctx| lower(ctx, &run.closed_by, Place::Field, names, depth).compact());
    Run { dirs, each, closed_by, longest: names.fields.len().min(usize::from(u16::MAX)) as u16 }
}

/// A run that an effect reads (`Claim`): as [`lower_run`], within the
/// ruleset's budget of tests and the cost of one reading.
pub(crate) fn run(ctx: &mut Ctx, def: &RunDef, names: &Names) -> Run {
    let wrapped = CondDef::Brackets(Box::new(def.clone()));
    if !within_budget(ctx, &wrapped) {
        return Run { dirs: Vec::new(), each: Cond::False, closed_by: Cond::False, longest: 0 };
    }
    let run = lower_run(ctx, def, names, 0);
    let cost = cost(&Cond::Brackets(Box::new(run.clone())), names.fields.len() as u64);
    if cost > MAX_COST {
        ctx.error(format!(
            "this run may read {cost} atoms each time it is followed, more than {MAX_COST}: make its tests smaller"
        ));
    }
    run
}

/// `Like`: a field atom that only a `Reach`'s search reads.
fn lower_like(ctx: &mut Ctx, place: Place) -> Cond {
    if !ctx.in_reach {
        ctx.error("`Like` (topped as the field a search started from) stands only in a `Reach`'s `through` or `to`");
    }
    field_atom(ctx, place, Cond::Like, "Like")
}

/// A `Reach`: its directions, where it starts, and its field tests (where `Like` may stand).
#[allow(clippy::too_many_arguments)] // the parts of one `CondDef::Reach`
fn lower_reach(
    ctx: &mut Ctx,
    place: Place,
    names: &Names,
    depth: usize,
    dirs: &[String],
    from: &ReachFrom,
    through: &CondDef,
    to: &CondDef,
) -> Cond {
    let expanded = super::dirs::expand_dirs(dirs);
    if expanded.is_empty() {
        ctx.at(Seg::Field("dirs"), |ctx| ctx.error("expected at least one direction"));
    }
    let ids = ctx.at(Seg::Field("dirs"), |ctx| ctx.find_all("direction", &expanded, &names.dirs));
    if place == Place::Options {
        ctx.error("`Reach` cannot be used in a condition on options only");
        return Cond::False;
    }
    let start = match from {
        ReachFrom::Here => {
            need(ctx, place, Place::Field, "Reach(from: Here)");
            ReachStart::Here
        }
        ReachFrom::Moved => ReachStart::Moved,
        ReachFrom::Where(c) => {
            let was = std::mem::replace(&mut ctx.in_reach, false);
            let t = ctx
                .at(Seg::Field("from"), |ctx| ctx.at(Seg::Index(0), |ctx| lower(ctx, c, Place::Field, names, depth)));
            ctx.in_reach = was;
            ReachStart::Where(t.compact())
        }
    };
    let was = std::mem::replace(&mut ctx.in_reach, true);
    let through = ctx.at(Seg::Field("through"), |ctx| lower(ctx, through, Place::Field, names, depth)).compact();
    let to = ctx.at(Seg::Field("to"), |ctx| lower(ctx, to, Place::Field, names, depth)).compact();
    ctx.in_reach = was;
    let like = through.mentions_like() || to.mentions_like();
    if matches!(start, ReachStart::Here) && place != Place::Field {
        return Cond::False;
    }
    Cond::Reach(Box::new(ReachSearch {
        dirs: ids.into_iter().map(|d| d as u8).collect(),
        from: start,
        through,
        to,
        like,
    }))
}

/// Each condition of an `All` or `Any`, lowered where it stands in the list.
fn lower_each(ctx: &mut Ctx, list: &[CondDef], place: Place, names: &Names, depth: usize) -> Vec<Cond> {
    list.iter().enumerate().map(|(i, c)| ctx.at(Seg::Index(i), |ctx| lower(ctx, c, place, names, depth))).collect()
}

/// A named condition, lowered where it is defined (so its errors point there).
fn lower_named(ctx: &mut Ctx, name: &String, place: Place, names: &Names, depth: usize) -> Cond {
    let Some(def) = names.conditions.get(name) else {
        let message = ctx.unknown("condition", name, names.conditions.keys().map(String::as_str));
        ctx.error(message);
        return Cond::False;
    };
    // `check_named` has refused cycles and long chains; this only keeps
    // a caller that skipped it from recursing without end.
    if depth > MAX_CHAIN {
        ctx.error(format!("condition {name:?}: a chain of more than {MAX_CHAIN} named conditions"));
        return Cond::False;
    }
    ctx.elsewhere(vec![Seg::Field("conditions"), Seg::Key(name.clone())], |ctx| {
        lower(ctx, def, place, names, depth + 1)
    })
}

/// `Opt(name)`: a bool option's value, a constant by now.
fn bool_option(ctx: &mut Ctx, name: &str) -> Cond {
    match ctx.options.get(name) {
        Some(OptionValue::Bool(b)) => bool_test(*b),
        Some(other) => {
            ctx.error(format!("option {name:?} is not a bool option (its value is {other}); use Is({name:?}, value)"));
            Cond::False
        }
        None => unknown_option(ctx, name),
    }
}

/// `Is(name, value)`: whether the option has the value, a constant by now.
fn option_is(ctx: &mut Ctx, name: &str, value: &OptValue) -> Cond {
    let Some(current) = ctx.options.get(name) else { return unknown_option(ctx, name) };
    let matches = match (current, value) {
        (OptionValue::Bool(a), OptValue::Bool(b)) => a == b,
        (OptionValue::Int(a), OptValue::Int(b)) => a == b,
        (OptionValue::Name(a), OptValue::Name(b)) => {
            if let Some(OptionDef::Choice { values, .. }) = ctx.declared.iter().find(|d| d.name() == name) {
                if !values.contains(b) {
                    let list = values.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(", ");
                    ctx.at(Seg::Index(1), |ctx| {
                        ctx.error(format!("option {name:?} has no value {b:?}; its values are {list}"));
                    });
                }
            }
            a == b
        }
        _ => {
            ctx.error(format!("option {name:?} has values like {current}, not like {value:?}"));
            false
        }
    };
    bool_test(matches)
}

fn lower_beside(ctx: &mut Ctx, dirs: &[String], inner: &CondDef, place: Place, names: &Names, depth: usize) -> Cond {
    let expanded = super::dirs::expand_dirs(dirs);
    if expanded.is_empty() {
        ctx.at(Seg::Index(0), |ctx| ctx.error("expected at least one direction"));
    }
    let ids = ctx.at(Seg::Index(0), |ctx| ctx.find_all("direction", &expanded, &names.dirs));
    let was = std::mem::replace(&mut ctx.in_reach, false);
    let inner = ctx.at(Seg::Index(1), |ctx| lower(ctx, inner, place, names, depth));
    ctx.in_reach = was;
    let t = Cond::Beside(ids.into_iter().map(|d| d as u8).collect(), Box::new(inner.compact()));
    field_atom(ctx, place, t, "Beside")
}

/// A line of `n` pieces along one of `dirs`, through the field tested or the last one moved to.
fn lower_line(
    ctx: &mut Ctx,
    place: Place,
    names: &Names,
    n: u8,
    dirs: &[Vec<String>],
    through: Through,
    exact: bool,
) -> Cond {
    if n == 0 {
        ctx.at(Seg::Field("n"), |ctx| ctx.error("a line holds at least 1 piece"));
    }
    let dirs = ctx.at(Seg::Field("dirs"), |ctx| line_dirs(ctx, dirs, names));
    let moved = through == Through::Moved;
    let t = Cond::Line { n, exact, moved, dirs };
    match (moved, place) {
        (false, _) => field_atom(ctx, place, t, "Line(through: Here)"),
        (true, Place::Options) => {
            ctx.error("`Line` cannot be used in a condition on options only");
            Cond::False
        }
        (true, _) => t,
    }
}

/// The directions of a `Line`: lists of one direction or two (both ways along a row).
fn line_dirs(ctx: &mut Ctx, dirs: &[Vec<String>], names: &Names) -> Vec<Vec<u8>> {
    if dirs.is_empty() {
        ctx.error("expected at least one list of directions");
    }
    dirs.iter()
        .enumerate()
        .map(|(i, list)| {
            ctx.at(Seg::Index(i), |ctx| {
                if list.is_empty() || list.len() > 2 {
                    ctx.error(format!(
                        "expected one direction or two (a line runs from the field both ways along a row), found {}",
                        list.len()
                    ));
                }
                ctx.find_all("direction", list, &names.dirs).into_iter().map(|d| d as u8).collect()
            })
        })
        .collect()
}

/// The piece kinds named, as a mask of kind bits.
fn kinds_mask(ctx: &mut Ctx, kinds: &[String], names: &Names) -> u32 {
    ctx.find_all("piece", kinds, &names.kinds).into_iter().fold(0, |m, k| m | 1 << k)
}

/// An error unless the atom `what` stands where it is `wanted`.
fn need(ctx: &mut Ctx, place: Place, wanted: Place, what: &str) {
    if place != wanted {
        let here = match place {
            Place::Options => "a condition on options only",
            Place::Field => "a condition on a move's target field",
            Place::State => "a condition on the game state",
        };
        ctx.error(format!("`{what}` cannot be used in {here}"));
    }
}

/// An atom on the game state, made by `make` once its place is checked.
fn state_atom(ctx: &mut Ctx, place: Place, what: &str, make: impl FnOnce(&mut Ctx) -> Cond) -> Cond {
    need(ctx, place, Place::State, what);
    make(ctx)
}

pub(crate) fn field_atom(ctx: &mut Ctx, place: Place, t: Cond, what: &str) -> Cond {
    need(ctx, place, Place::Field, what);
    if place == Place::Field { t } else { Cond::False }
}

fn unknown_option(ctx: &mut Ctx, name: &str) -> Cond {
    let names: Vec<String> = ctx.options.keys().cloned().collect();
    ctx.find("option", name, &names);
    Cond::False
}

/// A player named in a condition: one player, or any or every opponent.
pub(crate) fn check_who(ctx: &mut Ctx, who: Who, names: &Names) -> Who {
    match who {
        Who::Player(n) if n == 0 || n > names.players => {
            ctx.error(format!("player {n} does not exist: players are numbered 1 to {}", names.players));
            Who::Me
        }
        Who::Opponent | Who::NotStarter if names.players > 2 => {
            ctx.error(format!(
                "`{who:?}` names the other player of two; with {} players say which: Next, Previous, \
                 AnyOpponent or EveryOpponent (or Player(n))",
                names.players
            ));
            Who::Me
        }
        _ => who,
    }
}

/// One player, where a quantifier (`AnyOpponent`, `EveryOpponent`) means nothing: a result, who starts.
pub(crate) fn check_one(ctx: &mut Ctx, who: Who, names: &Names) -> Who {
    match who {
        Who::AnyOpponent | Who::EveryOpponent => {
            ctx.error(format!("`{who:?}` stands in conditions only; here one player is meant"));
            Who::Me
        }
        _ => check_who(ctx, who, names),
    }
}

fn bool_test(b: bool) -> Cond {
    if b { Cond::True } else { Cond::False }
}

fn all(list: Vec<Cond>) -> Cond {
    fold(list, Cond::True, Cond::All)
}

fn any(list: Vec<Cond>) -> Cond {
    fold(list, Cond::False, Cond::Any)
}

/// Folds constants out of `All`/`Any`: `unit` is dropped, its opposite decides.
fn fold(list: Vec<Cond>, unit: Cond, make: fn(Vec<Cond>) -> Cond) -> Cond {
    let decisive = if unit == Cond::True { Cond::False } else { Cond::True };
    if list.contains(&decisive) {
        return decisive;
    }
    let mut rest: Vec<Cond> = list.into_iter().filter(|t| *t != unit).collect();
    match rest.len() {
        0 => unit,
        1 => rest.remove(0),
        _ => make(rest),
    }
}
