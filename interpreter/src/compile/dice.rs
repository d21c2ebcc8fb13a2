//! Dice pools (issue 45): a chance device thrown as several dice is lowered
//! to one outcome per throw of all of them (the values as a multiset,
//! smallest first: `throw:3-5`), each with the pool of values it gives, so
//! that a throw stays one explicit chance node that a test or a record names.

use super::Ctx;
use super::cond::{Names, constant};
use super::locate::Seg;
use crate::program::rules::{Chance, ChanceOutcome};
use crate::ruleset::ChanceDef;
use crate::state::{Dice, MOST_DICE};

/// The most dice a device throws at once.
const MOST_THROWN: u8 = 4;
/// The most outcomes a throw of several dice may have (six faces, four dice: 126).
const MOST_POOL_OUTCOMES: usize = 1000;

/// `chance` as a throw of `def.dice` dice, where it is one of several; as it
/// is otherwise. Each die gives one of the device's outcomes, by their
/// weights; an outcome of the pool weighs as the ways the dice give it.
pub(super) fn pooled(ctx: &mut Ctx, def: &ChanceDef, chance: Chance, names: &Names) -> Chance {
    let doubles = ctx.at(Seg::Field("doubles"), |ctx| constant(ctx, &def.doubles, names));
    if def.dice == 1 {
        if doubles {
            ctx.at(Seg::Field("doubles"), |ctx| ctx.error("`doubles` is for a throw of several dice: give `dice`"));
        }
        return chance;
    }
    if !(2..=MOST_THROWN).contains(&def.dice) {
        ctx.at(Seg::Field("dice"), |ctx| ctx.error(format!("a throw is of 1 to {MOST_THROWN} dice")));
        return chance;
    }
    let faces = &chance.outcomes;
    for (i, o) in def.outcomes.iter().enumerate() {
        if o.again.is_some() || o.rethrow || !o.set.is_empty() {
            ctx.at(Seg::Field("outcomes"), |ctx| {
                ctx.at(Seg::Index(i), |ctx| {
                    ctx.error("a face of a throw of several dice gives a value only: no `again`, `rethrow` or `set`");
                });
            });
        }
    }
    let n = usize::from(def.dice);
    // Every multiset of faces, as face indices that never go down.
    let mut throws: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..n {
        throws = throws
            .into_iter()
            .flat_map(|t| {
                let from = t.last().copied().unwrap_or(0);
                (from..faces.len()).map(move |f| [t.as_slice(), &[f]].concat())
            })
            .collect();
        if throws.len() > MOST_POOL_OUTCOMES {
            ctx.at(Seg::Field("dice"), |ctx| {
                ctx.error(format!("the dice give more than {MOST_POOL_OUTCOMES} throws: fewer dice or fewer faces"));
            });
            return chance;
        }
    }
    let mut outcomes = Vec::new();
    let mut pools = Vec::new();
    let mut total = 0u64;
    for t in &throws {
        // The ways the dice give this multiset: n! over the repeats' factorials.
        let mut ways: u64 = (1..=n as u64).product();
        let mut i = 0;
        while i < t.len() {
            let run = t[i..].iter().take_while(|&&f| f == t[i]).count();
            ways /= (1..=run as u64).product::<u64>();
            i += run;
        }
        let weight = t.iter().fold(ways, |w, &f| w.saturating_mul(u64::from(faces[f].weight)));
        total = total.saturating_add(weight);
        let mut values: Vec<u8> = t.iter().map(|&f| faces[f].value).collect();
        if doubles && t.iter().all(|&f| f == t[0]) {
            values.extend(values.clone());
        }
        values.truncate(MOST_DICE);
        let label = t.iter().map(|&f| faces[f].label.as_str()).collect::<Vec<_>>().join("-");
        outcomes.push(ChanceOutcome {
            label,
            value: values.iter().copied().max().unwrap_or(0),
            weight: weight.min(u64::from(u32::MAX)) as u32,
            again: false,
            rethrow: false,
            set: Vec::new(),
        });
        pools.push(Dice::of(&values));
    }
    if total > u64::from(u32::MAX) {
        ctx.at(Seg::Field("outcomes"), |ctx| {
            ctx.error(format!("the weights of the throws of all the dice add up to more than {}", u32::MAX));
        });
    }
    Chance { outcomes, total: total.clamp(1, u64::from(u32::MAX)) as u32, pools, ..chance }
}
