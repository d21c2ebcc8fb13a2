//! `Place` at compile time: on top or at the bottom, and the direction a
//! piece falls in, if it falls; its table, where the board allows: the
//! lines pieces fall along as bits ([`FallLines`]). Its play is
//! `engine/motion/place.rs`.

use crate::board::{Board, DirId, FieldId, NO_FIELD};
use crate::compile::Ctx;
use crate::compile::locate::Seg;
use crate::program::rules::{FallLine, FallLines, Motion, PlaceRuns, Rule, RunShifts};
use crate::program::{Cond, Game, Run};
use crate::ruleset::PlaceAt;

/// A `Place` lowered.
pub(in crate::compile) fn lower(ctx: &mut Ctx, at: PlaceAt, fall: Option<&String>, board: &Board) -> Motion {
    Motion::Place {
        bottom: at == PlaceAt::Bottom,
        fall: fall
            .and_then(|d| ctx.at(Seg::Field("fall"), |ctx| ctx.find("direction", d, board.dir_names())))
            .map(|d| d as u8),
    }
}

impl Game {
    /// The lines pieces fall along in direction `dir` (see [`FallLines`]), where
    /// the board has at most 64 fields, none neutral, and every line runs
    /// one way through the numbering of the fields.
    pub(in crate::compile) fn fall_lines_along(&self, dir: DirId) -> Option<FallLines> {
        if !self.occupancy_is_one_word() {
            return None;
        }
        let line = |from: FieldId| {
            // As `Game::fall` goes: until the edge or back at the start.
            let mut fields = vec![from];
            let mut at = from;
            loop {
                at = self.board.neighbour(at, dir);
                if at == NO_FIELD || at == from {
                    break;
                }
                if fields.len() > self.board.len() {
                    return None; // round a cycle that misses the start
                }
                fields.push(at);
            }
            let below = &fields[1..];
            let falling = below.windows(2).all(|w| w[0] > w[1]);
            let rising = below.windows(2).all(|w| w[0] < w[1]);
            let bits = below.iter().fold(0u64, |b, &f| b | 1 << f);
            (falling || rising).then_some(FallLine { below: bits, fields, falling })
        };
        let lines = self.board.fields().map(line).collect::<Option<Vec<_>>>()?;
        let takes =
            self.board.fields().filter(|&f| self.fields[usize::from(f)].limit > 0).fold(0u64, |b, f| b | 1 << f);
        Some(FallLines { lines, takes })
    }
}

// Issue 48: a placement that brackets a run, by shifts.
impl Game {
    /// The plan of a placement on empty fields that must bracket a run
    /// (`to: All([Empty, Brackets(run)])`), put on top and not falling, on a
    /// board where the run reads by shifts (see [`PlaceRuns`]); its targets
    /// in field order, as the general path tests them.
    pub(in crate::compile) fn plan_place_runs(&self, rule: &Rule) -> Option<PlaceRuns> {
        if !matches!(rule.motion, Motion::Place { bottom: false, fall: None }) {
            return None;
        }
        let mut runs: Option<RunShifts> = None;
        let mut targets = Vec::with_capacity(rule.targets.len());
        for (to, fields) in rule.to_on_targets.iter().zip(&rule.targets) {
            let these = RunShifts::new(&self.board, empty_and_brackets(to)?)?;
            if *runs.get_or_insert_with(|| these.clone()) != these || !fields.windows(2).all(|w| w[0] < w[1]) {
                return None;
            }
            let take = fields.iter().filter(|&&f| self.fields[usize::from(f)].limit > 0);
            targets.push(take.fold(0u64, |bits, &f| bits | 1 << f));
        }
        Some(PlaceRuns { runs: runs?, targets })
    }
}

/// The run of a `to` that holds exactly on the empty fields that bracket
/// it: `All` of tests of what tops a field that together say "empty" and
/// one `Brackets` (a guard by what tops the field read through).
fn empty_and_brackets(to: &Cond) -> Option<&Run> {
    match to {
        Cond::ByTops { rest, .. } => empty_and_brackets(rest),
        Cond::All(parts) => {
            let mut run = None;
            let mut mask = Cond::ALL;
            for part in parts {
                match (part, part.tops_mask()) {
                    (_, Some(m)) => mask &= m,
                    (Cond::Brackets(r), None) if run.is_none() => run = Some(&**r),
                    _ => return None,
                }
            }
            (mask == Cond::EMPTY).then_some(run).flatten()
        }
        _ => None,
    }
}
