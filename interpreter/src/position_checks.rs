//! What a position must be for the rules to have made it, beyond what each of
//! its entries says alone: counters the game can reach, a throw the game can
//! give, a ranking that ranks. Checked as a position is read (`position.rs`),
//! so that a position the rules could never reach is refused where it is
//! written instead of being misread (a ply that wraps, a turn limit that never
//! fires, a throw no die shows).

use crate::compile::Ctx;
use crate::compile::locate::Seg;
use crate::program::Game;
use crate::program::rules::{Effect, Filter, Motion};
use std::collections::BTreeSet;

impl Game {
    /// The ply and turn counters. The turn limit ends the game at its ply, so
    /// a game going on is below it and one that is over at it at most; and
    /// neither counter may be at its largest value, where the next move would
    /// wrap it round to 0.
    pub(crate) fn check_counters(&self, ctx: &mut Ctx, ply: u32, turn: Option<u32>, over: bool) {
        let limit = self.max_plies;
        ctx.at(Seg::Field("ply"), |ctx| {
            if limit > 0 && !over && ply >= limit {
                ctx.error(format!(
                    "the turn limit ends the game at ply {limit}: a game going on is at ply 0 to {}, \
                     and one at ply {ply} is over (give its `outcome`)",
                    limit - 1
                ));
            } else if limit > 0 && ply > limit {
                ctx.error(format!("the turn limit ends the game at ply {limit}: expected 0 to {limit}"));
            } else if ply == u32::MAX {
                ctx.error(format!("expected a ply from 0 to {}", u32::MAX - 1));
            }
        });
        if let Some(turn) = turn.filter(|&t| t == 0 || t == u32::MAX) {
            ctx.at(Seg::Field("turn"), |ctx| {
                ctx.error(format!("turn {turn}: turns are counted from 1, expected 1 to {}", u32::MAX - 1));
            });
        }
    }

    /// Decisions left in the turn: at least the one being made, at most as
    /// many as a turn of the phase has, and one more where a move may earn
    /// one (the rest of a throw, a huff) and the game ended or waits on
    /// something else before counting it.
    pub(crate) fn check_decisions_left(&self, ctx: &mut Ctx, phase: u8, left: Option<u8>) {
        let phase = &self.phases[usize::from(phase)];
        // A pool's turn has a decision per value (issue 45).
        let pooled = self.chance.iter().any(|c| !c.pools.is_empty());
        let most = if pooled { phase.decisions.max(crate::state::MOST_DICE as u8) } else { phase.decisions.max(1) };
        let earned = u16::from(
            self.remainders() || self.phases.iter().any(|p| p.filters.contains(&Filter::Capture { huff: true })),
        );
        // Wide: a turn of 255 decisions that earns one more has 256.
        let bound = u16::from(most) + earned;
        if left.is_some_and(|n| !(1..=bound).contains(&u16::from(n))) {
            ctx.at(Seg::Field("decisions_left"), |ctx| {
                ctx.error(format!("expected 1 to {bound}: a turn of phase {:?} has {most} decision(s)", phase.name));
            });
        }
    }

    /// Whether a piece bearing off may leave the rest of its throw for another (`remainder`).
    fn remainders(&self) -> bool {
        let rules = self.phases.iter().flat_map(|p| &p.rules);
        rules.into_iter().any(|r| matches!(r.motion, Motion::RunOff { remainder: true, .. }))
    }

    /// A throw is a value some outcome of a chance device gives, or, where a
    /// piece that bears off may leave the rest of a throw for another
    /// (`remainder`), less than the highest.
    pub(crate) fn check_throw(&self, ctx: &mut Ctx, throw: Option<u8>) {
        let Some(value) = throw else { return };
        let outcomes = self.chance.iter().flat_map(|c| &c.outcomes);
        let values: BTreeSet<u8> = outcomes.filter(|o| !o.rethrow).map(|o| o.value).collect();
        let remainders = self.remainders();
        let highest = values.last().copied().unwrap_or(0);
        if values.contains(&value) || (remainders && value > 0 && value < highest) {
            return;
        }
        let list: Vec<String> = values.iter().map(u8::to_string).collect();
        let message = match (list.is_empty(), remainders) {
            (true, _) => "this game has no chance device, so no throw: leave `throw` out".to_string(),
            (false, false) => format!("no throw gives {value}: the throws give {}", list.join(", ")),
            (false, true) => {
                format!("no throw gives {value}: the throws give {}, or less as the rest of one", list.join(", "))
            }
        };
        ctx.at(Seg::Field("throw"), |ctx| ctx.error(message));
    }

    /// Whether a player may hold one of their own pieces as a prisoner: where
    /// a stack may mix players' pieces (a stack is captured whole), or a
    /// `CaptureRun` takes whatever its test lets it, or a group capture
    /// takes the mover's own group (a suicide).
    pub(crate) fn may_imprison_own(&self) -> bool {
        let capture_runs = self
            .phases
            .iter()
            .flat_map(|p| &p.rules)
            .flat_map(|r| &r.effects)
            .any(|e| matches!(e, Effect::CaptureRun(_) | Effect::CaptureGroups { own: true, .. }));
        capture_runs || self.fields.iter().any(|f| f.limit > 1)
    }

    /// What is wrong with a game's final places, if anything: places are
    /// ranks, so someone is first, partners share their place, and a place is
    /// at most one more than the number of teams ahead of it (1, 2, 2, 4 or
    /// 1, 2, 2, 3; all 1: a draw). `places` has one place per player, each
    /// from 1 to the number of players.
    pub(crate) fn ranking_problem(&self, places: &[u8]) -> Option<String> {
        let team = |p: usize| self.teams.get(p).copied().unwrap_or(p as u8);
        for p in 0..places.len() {
            if let Some(q) = (0..p).find(|&q| team(q) == team(p) && places[q] != places[p]) {
                return Some(format!(
                    "players {} and {} are partners and share their place; got {} and {}",
                    q + 1,
                    p + 1,
                    places[q],
                    places[p]
                ));
            }
        }
        if !places.contains(&1) {
            return Some("no player is first: places start at 1 (all 1: a draw)".into());
        }
        // One place per team: partners count once.
        let mut teams: Vec<(u8, u8)> = (0..places.len()).map(|p| (team(p), places[p])).collect();
        teams.sort_unstable();
        teams.dedup();
        let who = if self.team_names.is_empty() { "player(s)" } else { "team(s)" };
        teams.iter().find_map(|&(_, place)| {
            let ahead = teams.iter().filter(|&&(_, other)| other < place).count();
            (usize::from(place) > ahead + 1).then(|| {
                format!(
                    "place {place} has {ahead} {who} ahead of it: a place is at most one more than the places \
                     ahead of it (1, 2, 2, 4 or 1, 2, 2, 3)"
                )
            })
        })
    }
}

// --- history (issue 44): a position's `history` ---
impl Game {
    /// A position's `history`, oldest first: each position after a decision
    /// as the player who made it and its key in 16 hex digits
    /// (`"2:9f3a0c51d2e87b64"`; see [`History`](crate::state::History)).
    /// Given only where the game keeps one; at most one position per decision
    /// so far and the start (`ply + 1`). Where the game keeps one and none is
    /// given, the history starts at this position.
    pub(crate) fn read_history(&self, ctx: &mut Ctx, texts: &[String], s: &mut crate::state::State) {
        use crate::state::{History, Key};
        if !self.keeps_history {
            if !texts.is_empty() {
                ctx.at(Seg::Field("history"), |ctx| {
                    ctx.error("this game keeps no history: no rule of it asks whether a position repeats (`Repeated`)");
                });
            }
            return;
        }
        if texts.is_empty() {
            s.set_history(History::start(self.position_key(s, s.player_before(s.to_move()))));
            return;
        }
        let most = u64::from(s.ply()) + 1;
        let players = s.players();
        let keys = ctx.at(Seg::Field("history"), |ctx| {
            if texts.len() as u64 > most {
                ctx.error(format!(
                    "{} positions at ply {}: a history holds one position per decision and the start, {most} at most",
                    texts.len(),
                    s.ply()
                ));
                return Vec::new();
            }
            let read = |text: &str| {
                let (mover, key) = text.split_once(':')?;
                let mover: u8 = mover.parse().ok().filter(|m| (1..=players).contains(m))?;
                let ok = key.len() == 16 && key.bytes().all(|b| b.is_ascii_hexdigit());
                let board = u64::from_str_radix(key, 16).ok().filter(|_| ok)?;
                Some(Key { board, mover: mover - 1 })
            };
            let mut keys = Vec::with_capacity(texts.len());
            for (i, text) in texts.iter().enumerate() {
                match read(text) {
                    Some(key) => keys.push(key),
                    None => ctx.at(Seg::Index(i), |ctx| {
                        ctx.error(format!(
                            "{text:?}: expected the player who moved (1 to {players}), `:` and the position's \
                             key in 16 hex digits, as \"1:9f3a0c51d2e87b64\""
                        ));
                    }),
                }
            }
            keys
        });
        s.set_history(History::of(keys));
    }

    /// A position's `history` as text, oldest first (empty where the game keeps none).
    pub(crate) fn history_texts(&self, s: &crate::state::State) -> Vec<String> {
        let mut texts: Vec<String> = s.history().keys().map(|k| format!("{}:{:016x}", k.mover + 1, k.board)).collect();
        texts.reverse();
        texts
    }
}

// --- counters (issue 44) ---

/// A counter's value in a position: one (a counter per game) or one a player.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum CounterValueDef {
    One(i64),
    Each(Vec<i64>),
}

/// The counters' map, refusing a name given twice (serde's map keeps the last).
pub(crate) fn each_counter_once<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<std::collections::BTreeMap<String, CounterValueDef>, D::Error> {
    struct Once;
    impl<'de> serde::de::Visitor<'de> for Once {
        type Value = std::collections::BTreeMap<String, CounterValueDef>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map from counter names to values")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = std::collections::BTreeMap::new();
            while let Some((name, value)) = map.next_entry::<String, CounterValueDef>()? {
                if out.insert(name.clone(), value).is_some() {
                    return Err(serde::de::Error::custom(format!("the counter {name:?} is given twice")));
                }
            }
            Ok(out)
        }
    }
    d.deserialize_map(Once)
}

impl Game {
    /// The counters of a position: each name one the ruleset declares, each
    /// value within its bounds, a list of one a player for a counter per
    /// player; a counter left out has its start value.
    pub(crate) fn read_counter_values(
        &self,
        ctx: &mut Ctx,
        values: &std::collections::BTreeMap<String, CounterValueDef>,
    ) -> Vec<i32> {
        let mut out = self.initial.counters().to_vec();
        let names: Vec<String> = self.counters.iter().map(|c| c.name.clone()).collect();
        for (name, value) in values {
            ctx.at(Seg::Key(name.clone()), |ctx| {
                let Some(i) = ctx.find("counter", name, &names) else { return };
                let c = &self.counters[i];
                let players = usize::from(self.player_count());
                let list: Vec<i64> = match (value, c.per_player) {
                    (CounterValueDef::One(v), false) => vec![*v],
                    (CounterValueDef::Each(list), true) if list.len() == players => list.clone(),
                    (_, true) => {
                        ctx.error(format!("{name:?} is a counter per player: expected a list of {players} values"));
                        return;
                    }
                    (CounterValueDef::Each(_), false) => {
                        ctx.error(format!("{name:?} is one counter for the game: expected one value"));
                        return;
                    }
                };
                for (p, &v) in list.iter().enumerate() {
                    if !(i64::from(c.min)..=i64::from(c.max)).contains(&v) {
                        let (min, max) = (c.min, c.max);
                        let at = |ctx: &mut Ctx| ctx.error(format!("{v}: counter {name:?} holds {min} to {max}"));
                        if c.per_player {
                            ctx.at(Seg::Index(p), at);
                        } else {
                            at(ctx);
                        }
                        continue;
                    }
                    out[usize::from(c.slot) + p] = v as i32;
                }
            });
        }
        out
    }

    /// The counters of `s` as a position writes them (none: an empty map).
    pub(crate) fn counter_values(
        &self,
        s: &crate::state::State,
    ) -> std::collections::BTreeMap<String, CounterValueDef> {
        let players = usize::from(self.player_count());
        self.counters
            .iter()
            .map(|c| {
                let at = usize::from(c.slot);
                let value = if c.per_player {
                    CounterValueDef::Each(s.counters()[at..at + players].iter().map(|&v| i64::from(v)).collect())
                } else {
                    CounterValueDef::One(i64::from(s.counters()[at]))
                };
                (c.name.clone(), value)
            })
            .collect()
    }
}

/// Marks in positions (issue 44): read (each name and field checked, located)
/// and written.
impl Game {
    /// The slot a mark's key in a position's `marks` names: the mark's name,
    /// or for a mark kept per player `"name@P"`; `Err` says what is expected.
    fn mark_slot_named(&self, key: &str) -> Result<u16, String> {
        let (name, player) = match key.rsplit_once('@') {
            Some((name, p)) => (name, Some(p)),
            None => (key, None),
        };
        let Some(spec) = self.marks.specs.iter().find(|m| m.name == name) else {
            let names: Vec<&str> = self.marks.specs.iter().map(|m| m.name.as_str()).collect();
            return Err(if names.is_empty() {
                format!("no mark {name:?}: this game declares no marks")
            } else {
                format!("no mark {name:?}: expected one of {}", names.join(", "))
            });
        };
        match (spec.slots > 1, player) {
            (false, None) => Ok(spec.first),
            (false, Some(_)) => Err(format!("mark {name:?} is one set for all players: write it {name:?}")),
            (true, None) => Err(format!(
                "mark {name:?} lasts until the next turn of the player who set it: write it \"{name}@P\" (P from 1 to {})",
                spec.slots
            )),
            (true, Some(p)) => match p.parse::<u8>() {
                Ok(p) if (1..=spec.slots).contains(&p) => Ok(spec.first + u16::from(p - 1)),
                _ => Err(format!("{key:?}: expected a player from 1 to {} after `@`", spec.slots)),
            },
        }
    }

    /// A position's `marks`, `last_from` and `last_passed` into `s`.
    pub(crate) fn read_marks(&self, ctx: &mut Ctx, def: &crate::position::PositionDef, s: &mut crate::State) {
        // The state as the game's states are: a set per slot (none without marks).
        if self.marks.slots > 0 {
            s.make_mark_slots(self.marks.slots);
        }
        ctx.at(Seg::Field("marks"), |ctx| {
            for (key, fields) in &def.marks {
                ctx.at(Seg::Key(key.clone()), |ctx| {
                    let slot = match self.mark_slot_named(key) {
                        Ok(slot) => slot,
                        Err(message) => return ctx.error(message),
                    };
                    for (i, name) in fields.iter().enumerate() {
                        let found = ctx.at(Seg::Index(i), |ctx| ctx.find("field", name, self.board.names()));
                        if let Some(f) = found {
                            s.set_mark_slot(slot, f as crate::board::FieldId, true);
                        }
                    }
                });
            }
        });
        // Kept only where the rules read them, as in play (and as `last_to`).
        if let Some(name) = &def.last_from {
            let found = ctx.at(Seg::Field("last_from"), |ctx| ctx.find("field", name, self.board.names()));
            if let (Some(f), Some(slot)) = (found, self.marks.last_from) {
                s.set_mark_slot(slot, f as crate::board::FieldId, true);
            }
        }
        ctx.at(Seg::Field("last_passed"), |ctx| {
            for (i, name) in def.last_passed.iter().enumerate() {
                let found = ctx.at(Seg::Index(i), |ctx| ctx.find("field", name, self.board.names()));
                if let (Some(f), Some(slot)) = (found, self.marks.last_passed) {
                    s.set_mark_slot(slot, f as crate::board::FieldId, true);
                }
            }
        });
    }

    /// The pool of dice of a position (issue 45): values left and spent, each
    /// a value a die of one of the game's pools shows, at most
    /// [`MOST_DICE`](crate::state::MOST_DICE) in all.
    pub(crate) fn read_dice(&self, ctx: &mut Ctx, def: &crate::position::PositionDef, s: &mut crate::State) {
        if def.dice.is_empty() && def.spent.is_empty() {
            return;
        }
        let faces: BTreeSet<u8> =
            self.chance.iter().flat_map(|c| &c.pools).flat_map(|d| d.thrown().map(|t| t.0)).collect();
        let all: Vec<u8> = def.dice.iter().chain(&def.spent).copied().collect();
        let field = if def.dice.is_empty() { "spent" } else { "dice" };
        if faces.is_empty() {
            ctx.at(Seg::Field(field), |ctx| {
                ctx.error("this game throws no pool of dice: leave `dice` and `spent` out");
            });
            return;
        }
        if all.len() > crate::state::MOST_DICE {
            ctx.at(Seg::Field(field), |ctx| {
                ctx.error(format!("a pool holds at most {} values", crate::state::MOST_DICE));
            });
            return;
        }
        if let Some(v) = all.iter().find(|v| !faces.contains(v)) {
            let list: Vec<String> = faces.iter().map(u8::to_string).collect();
            ctx.at(Seg::Field(field), |ctx| {
                ctx.error(format!("no die shows {v}: the dice show {}", list.join(", ")));
            });
            return;
        }
        s.dice = crate::state::Dice::of(&all);
        for &v in &def.spent {
            s.dice.spend(v);
        }
        if def.decisions_left.is_none() {
            s.decisions_left = s.dice.count_left().max(1);
        }
    }

    /// The marks of `s` as a position writes them (the rest of the position left default).
    pub(crate) fn marks_text(&self, s: &crate::State) -> crate::position::PositionDef {
        let names =
            |slot: u16| -> Vec<String> { s.mark_slot_fields(slot).map(|f| self.board.name(f).to_string()).collect() };
        let mut marks = std::collections::BTreeMap::new();
        for spec in &self.marks.specs {
            for i in 0..spec.slots {
                let fields = names(spec.first + u16::from(i));
                if !fields.is_empty() {
                    let key = if spec.slots > 1 { format!("{}@{}", spec.name, i + 1) } else { spec.name.clone() };
                    marks.insert(key, fields);
                }
            }
        }
        crate::position::PositionDef {
            marks,
            last_from: self.marks.last_from.and_then(|slot| names(slot).into_iter().next()),
            last_passed: self.marks.last_passed.map(names).unwrap_or_default(),
            ..Default::default()
        }
    }
}
