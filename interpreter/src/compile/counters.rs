//! Lowering counters: their declarations (slots in the state, bounds, start
//! values), the `Counter` condition and the `Set` and `Add` effects. Names
//! become slots here; an unknown name, a value out of bounds or a player
//! where none is meant is a located error.

use super::Ctx;
use super::cond::{Names, Place, check_one, check_who};
use super::locate::Seg;
use crate::options::OptionValue;
use crate::program::Cond;
use crate::program::counters::{Cmp, Counter, CounterChange, CounterTest, MAX_COUNTER_VALUE, MAX_COUNTERS, Slot};
use crate::program::rules::{CounterIf, Effect};
use crate::ruleset::{Compare, CondDef, CounterDef, Num, Per, StartDef, Who};

/// The counters declared, each with its slots, and the values they start with (one a slot).
pub(crate) fn declare(ctx: &mut Ctx, defs: &[CounterDef], players: u8) -> (Vec<Counter>, Vec<i32>) {
    let (mut counters, mut starts) = (Vec::new(), Vec::new());
    if defs.len() > MAX_COUNTERS {
        ctx.at(Seg::Field("counters"), |ctx| {
            ctx.error(format!("a ruleset has at most {MAX_COUNTERS} counters; this one has {}", defs.len()));
        });
        return (counters, starts);
    }
    ctx.at(Seg::Field("counters"), |ctx| {
        for (i, def) in defs.iter().enumerate() {
            ctx.at(Seg::Index(i), |ctx| {
                if defs[..i].iter().any(|d| d.name == def.name) {
                    ctx.at(Seg::Field("name"), |ctx| ctx.error(format!("a second counter named {:?}", def.name)));
                }
                let (min, max) = bounds(ctx, def);
                let per_player = def.per == Per::Player;
                let slots = if per_player { usize::from(players) } else { 1 };
                let values = start_values(ctx, def, slots, min, max);
                counters.push(Counter { name: def.name.clone(), per_player, slot: starts.len() as u16, min, max });
                starts.extend(values);
            });
        }
    });
    (counters, starts)
}

/// A counter's bounds, within [`MAX_COUNTER_VALUE`] either way, `min` not above `max`.
fn bounds(ctx: &mut Ctx, def: &CounterDef) -> (i32, i32) {
    let mut ok = true;
    for (field, v) in [("min", def.min), ("max", def.max)] {
        if v.abs() > MAX_COUNTER_VALUE {
            ok = false;
            ctx.at(Seg::Field(field), |ctx| {
                ctx.error(format!(
                    "{v}: a counter's bounds are -{MAX_COUNTER_VALUE} to {MAX_COUNTER_VALUE}, so that no sum overflows"
                ));
            });
        }
    }
    if ok && def.min > def.max {
        ctx.at(Seg::Field("max"), |ctx| ctx.error(format!("max {} is below min {}", def.max, def.min)));
    }
    let clip = |v: i64| v.clamp(-MAX_COUNTER_VALUE, MAX_COUNTER_VALUE) as i32;
    (clip(def.min), clip(def.max).max(clip(def.min)))
}

/// The values a counter starts with, one a slot: 0 by default, one value for
/// all, or (per player) one a player; each within the bounds.
fn start_values(ctx: &mut Ctx, def: &CounterDef, slots: usize, min: i32, max: i32) -> Vec<i32> {
    ctx.at(Seg::Field("start"), |ctx| {
        let nums: Vec<(Option<usize>, &Num)> = match &def.start {
            None => return vec![0.clamp(min, max); slots],
            Some(StartDef::One(n)) => vec![(None, n); slots],
            Some(StartDef::Each(list)) => {
                if def.per == Per::Game {
                    ctx.error("a counter per game starts with one value, not a list");
                } else if list.len() != slots {
                    ctx.error(format!("expected one start value per player ({slots}); got {}", list.len()));
                }
                list.iter().enumerate().map(|(i, n)| (Some(i), n)).collect()
            }
        };
        let mut values: Vec<i32> = nums
            .into_iter()
            .map(|(i, n)| {
                let at = |ctx: &mut Ctx| {
                    let v = number(ctx, n);
                    if !(i64::from(min)..=i64::from(max)).contains(&v) {
                        ctx.error(format!("start value {v} is outside the counter's bounds, {min} to {max}"));
                    }
                    v.clamp(i64::from(min), i64::from(max)) as i32
                };
                match i {
                    Some(i) => ctx.at(Seg::Index(i), at),
                    None => at(ctx),
                }
            })
            .collect();
        values.resize(slots, 0.clamp(min, max));
        values
    })
}

/// A number as written, or the value of the integer option it names (0, once
/// reported, where there is none).
pub(crate) fn number(ctx: &mut Ctx, n: &Num) -> i64 {
    match n {
        Num::Const(v) => *v,
        Num::Opt(name) => match ctx.options.get(name) {
            Some(OptionValue::Int(v)) => *v,
            Some(other) => {
                ctx.error(format!("option {name:?} is not an integer option (its value is {other})"));
                0
            }
            None => {
                let names: Vec<String> = ctx.options.keys().cloned().collect();
                ctx.find("option", name, &names);
                0
            }
        },
    }
}

/// The counter named `name` and where its values stand.
fn find(ctx: &mut Ctx, name: &str, names: &Names) -> Option<(Slot, i32, i32)> {
    let list: Vec<String> = names.counters.iter().map(|c| c.name.clone()).collect();
    let c = &names.counters[ctx.find("counter", name, &list)?];
    Some((Slot { first: c.slot, per_player: c.per_player }, c.min, c.max))
}

/// The player of a counter per player (`Me` unless said); a counter per game names none.
fn whose(ctx: &mut Ctx, slot: Slot, who: Option<Who>, names: &Names, one: bool) -> Who {
    match (who, slot.per_player) {
        (Some(_), false) => {
            ctx.at(Seg::Field("who"), |ctx| ctx.error("this counter is one for the game: leave `who` out"));
            Who::Me
        }
        (Some(w), true) if one => ctx.at(Seg::Field("who"), |ctx| check_one(ctx, w, names)),
        (Some(w), true) => ctx.at(Seg::Field("who"), |ctx| check_who(ctx, w, names)),
        (None, _) => Who::Me,
    }
}

/// `Counter(name: .., who: .., is: ..)`, once its place is checked.
pub(crate) fn test(ctx: &mut Ctx, name: &str, who: Option<Who>, is: &Compare, names: &Names) -> Cond {
    let Some((slot, _, _)) = ctx.at(Seg::Field("name"), |ctx| find(ctx, name, names)) else { return Cond::False };
    let who = whose(ctx, slot, who, names, false);
    let (cmp, n) = match is {
        Compare::AtLeast(n) => (Cmp::AtLeast, n),
        Compare::AtMost(n) => (Cmp::AtMost, n),
        Compare::Exactly(n) => (Cmp::Exactly, n),
    };
    let n = ctx.at(Seg::Field("is"), |ctx| {
        let v = number(ctx, n);
        if v.abs() > MAX_COUNTER_VALUE {
            ctx.error(format!("{v}: a counter is compared with -{MAX_COUNTER_VALUE} to {MAX_COUNTER_VALUE}"));
        }
        v.clamp(-MAX_COUNTER_VALUE, MAX_COUNTER_VALUE) as i32
    });
    Cond::Counter(CounterTest { slot, who, cmp, n })
}

/// `Set(counter: .., n: ..)` or (with `add`) `Add(..)`: refused where `n`
/// is out of what the counter can hold (a `Set` outside its bounds, an `Add`
/// larger than the distance between them).
pub(crate) fn change(
    ctx: &mut Ctx,
    counter: &str,
    n: &Num,
    who: Option<Who>,
    add: bool,
    names: &Names,
) -> Option<CounterChange> {
    let (slot, min, max) = ctx.at(Seg::Field("counter"), |ctx| find(ctx, counter, names))?;
    let who = whose(ctx, slot, who, names, true);
    let n = ctx.at(Seg::Field("n"), |ctx| {
        let v = number(ctx, n);
        let (lo, hi) = if add {
            let span = i64::from(max) - i64::from(min);
            (-span, span)
        } else {
            (i64::from(min), i64::from(max))
        };
        if !(lo..=hi).contains(&v) {
            let what = if add { "added to" } else { "set to" };
            ctx.error(format!("{v}: this counter can be {what} {lo} to {hi} (its bounds are {min} to {max})"));
        }
        v.clamp(lo, hi) as i32
    });
    Some(CounterChange { slot, who, add, n, min, max })
}

/// A `Set` or `Add` with its `if` (issue 48): a plain counter change where
/// the condition always holds (no cost in play), else one made where it holds
/// after the move.
pub(crate) fn change_if(ctx: &mut Ctx, change: CounterChange, if_: &CondDef, names: &Names) -> Effect {
    let cond = ctx.at(Seg::Field("if"), |ctx| super::cond::test(ctx, if_, Place::State, names));
    super::repetition::after_a_move_only(ctx, &cond, "if");
    match cond {
        Cond::True => Effect::Counter(change),
        cond => Effect::CounterIf(Box::new(CounterIf { change, cond })),
    }
}
