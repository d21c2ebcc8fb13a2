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
        let most = phase.decisions.max(1);
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
