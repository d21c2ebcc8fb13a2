//! Lowering marks (issue 44): the declared marks to slots of the state, the
//! `Mark` and `Unmark` effects to [`MarkEffect`]s, and the slots of the last
//! move's fields where a condition reads them.

use super::Ctx;
use super::cond::{Names, Place, field_atom};
use super::locate::Seg;
use crate::program::Cond;
use crate::program::Zone;
use crate::program::marks::{MOST_WATCHED, MarkEffect, MarkSpec, Marks, Watched, field_bit};
use crate::ruleset::{CondDef, Lasts, MarkDef, MarkOn, MoveField};

/// The most marks a ruleset may declare (marks are indexed by a byte).
const MOST_MARKS: usize = 64;

/// The declared marks, each given its slots, and their names. The slots of
/// the last move are placed once every condition is lowered ([`with_last_move_slots`]).
pub(crate) fn lower(ctx: &mut Ctx, defs: &[MarkDef], players: u8) -> (Marks, Vec<String>) {
    let mut marks = Marks::default();
    let mut names: Vec<String> = Vec::new();
    ctx.at(Seg::Field("marks"), |ctx| {
        if defs.len() > MOST_MARKS {
            ctx.error(format!("at most {MOST_MARKS} marks; got {}", defs.len()));
            return;
        }
        for (i, def) in defs.iter().enumerate() {
            ctx.at(Seg::Index(i), |ctx| {
                if names.contains(&def.name) {
                    ctx.at(Seg::Field("name"), |ctx| ctx.error(format!("mark {:?} is declared twice", def.name)));
                }
                let slots = if def.lasts == Lasts::NextTurn { players } else { 1 };
                marks.specs.push(MarkSpec { name: def.name.clone(), lasts: def.lasts, first: marks.slots, slots });
                marks.slots += u16::from(slots);
                marks.expire |= def.lasts != Lasts::Cleared;
                names.push(def.name.clone());
            });
        }
    });
    (marks, names)
}

/// The fields each mark declared with `when_gone` watches: every player's
/// version of the zone named (found among the zones in force; an error
/// where none is so named, or where more than [`MOST_WATCHED`] fields would
/// be watched in all).
pub(crate) fn watch_gone(ctx: &mut Ctx, defs: &[MarkDef], marks: &mut Marks, zones: &[Zone], names: &Names) {
    ctx.at(Seg::Field("marks"), |ctx| {
        for (i, def) in defs.iter().enumerate() {
            let Some(zone) = &def.when_gone else { continue };
            ctx.at(Seg::Index(i), |ctx| {
                ctx.at(Seg::Field("when_gone"), |ctx| {
                    let Some(z) = ctx.find("zone", zone, &names.zones) else { return };
                    let mut fields: Vec<_> = zones[z].groups.iter().flatten().flatten().copied().collect();
                    fields.sort_unstable();
                    fields.dedup();
                    if marks.gone.len() + fields.len() > MOST_WATCHED {
                        ctx.error(format!(
                            "`when_gone` may watch at most {MOST_WATCHED} fields in all; zone {zone:?} makes {}",
                            marks.gone.len() + fields.len()
                        ));
                        return;
                    }
                    marks.gone.extend(fields.into_iter().map(|field| Watched { field, mark: i as u8 }));
                });
            });
        }
    });
}

/// A `Mark` (`set`) or `Unmark` effect: its mark found by name (an error where
/// none is declared so), the fields of the move it is about, and the zone
/// (`Zone("name")`, at most one, found among the zones in force) whose
/// fields it reaches wherever the move went.
pub(crate) fn effect(ctx: &mut Ctx, mark: &str, on: Option<&[MarkOn]>, set: bool, names: &Names) -> Option<MarkEffect> {
    let found = ctx.at(Seg::Field("mark"), |ctx| ctx.find("mark", mark, &names.marks));
    let mut bits = 0;
    let mut zone = None;
    ctx.at(Seg::Field("on"), |ctx| {
        if on.is_some_and(<[MarkOn]>::is_empty) {
            ctx.error("expected at least one field of the move: `From`, `To` or `Passed`, or a `Zone(\"name\")`");
        }
        for (i, item) in on.unwrap_or(&[]).iter().enumerate() {
            match item {
                MarkOn::From => bits |= field_bit(MoveField::From),
                MarkOn::To => bits |= field_bit(MoveField::To),
                MarkOn::Passed => bits |= field_bit(MoveField::Passed),
                MarkOn::Zone(name) => ctx.at(Seg::Index(i), |ctx| {
                    let z = ctx.at(Seg::Index(0), |ctx| ctx.find("zone", name, &names.zones));
                    if zone.is_some() {
                        ctx.error("one zone to a `Mark` or `Unmark`: write another for a second zone");
                    } else if let Some(z) = z {
                        zone = Some(z as u8);
                    }
                }),
            }
        }
    });
    Some(MarkEffect { mark: found? as u8, on: bits, zone, set, everywhere: on.is_none() })
}

/// The field atoms `Marked` (its mark found by name) and `LastMove` (noted
/// in `names`, so that the last move's fields are kept); any other, `False`.
pub(crate) fn atom(ctx: &mut Ctx, cond: &CondDef, place: Place, names: &Names) -> Cond {
    match cond {
        CondDef::Marked(name) => {
            let m = ctx.at(Seg::Index(0), |ctx| ctx.find("mark", name, &names.marks));
            field_atom(ctx, place, m.map_or(Cond::False, |m| Cond::Marked(m as u8)), "Marked")
        }
        CondDef::LastMove(f) => {
            names.last_move.set(names.last_move.get() | field_bit(*f));
            field_atom(ctx, place, Cond::LastMove(*f), "LastMove")
        }
        _ => Cond::False,
    }
}

/// `marks` with the last move's `From` and `Passed` given their slots where
/// a condition reads them (`names` saw each `LastMove` lowered, so this
/// comes once every condition is), and kept where any `LastMove` is read.
pub(crate) fn with_last_move_slots(mut marks: Marks, names: &Names) -> Marks {
    let read = names.last_move.get();
    marks.reads_last_move = read != 0;
    for (f, slot) in [(MoveField::From, &mut marks.last_from), (MoveField::Passed, &mut marks.last_passed)] {
        if read & field_bit(f) != 0 {
            *slot = Some(marks.slots);
            marks.slots += 1;
        }
    }
    marks
}
