//! Whether a phase's steps are counted by shifts ([`StepShifts`]): every
//! move of every player a step or leap by bits, each direction one shift of
//! the numbering on a board of up to 64 fields, and the moves the loop by
//! bits makes the legal moves as they come.

use crate::program::Game;
use crate::program::rules::{
    ChainLandings, Motion, Phase, PlayerShifts, Reach, Repeats, RulePlan, RulesLoop, Shift, ShiftedRule, StepShifts,
};

impl Game {
    /// `phase`'s [`StepShifts`], its rules planned as `plans` and its moves
    /// made by `rules_loop`, where they serve (see the module's comment).
    pub(super) fn step_shifts(
        &self,
        phase: &Phase,
        plans: &[RulePlan],
        rules_loop: RulesLoop,
        chain_landings: ChainLandings,
    ) -> Option<StepShifts> {
        let as_generated =
            phase.repeats == Repeats::Impossible && phase.filters.is_empty() && chain_landings == ChainLandings::AsMade;
        if rules_loop != RulesLoop::ByBits || !as_generated || !self.occupancy_is_one_word() {
            return None;
        }
        let shifted = |ri: &u8| {
            let rule = phase.rules.get(usize::from(*ri))?;
            let landing = *plans.get(usize::from(*ri))?.landing.bits()?;
            let (Motion::Step(reach) | Motion::Leap(reach)) = &rule.motion else { return None };
            Some((ShiftedRule { rule: *ri, kinds: rule.pieces, landing, first: 0, dirs: 0 }, self.shifts(reach)?))
        };
        let by_player = phase
            .playable
            .iter()
            .map(|[ordinary, fallback]| {
                let rules = fallback.is_empty().then(|| ordinary.iter().map(shifted).collect::<Option<Vec<_>>>())??;
                let mut player = PlayerShifts { rules: Vec::new(), shifts: [Shift::NONE; StepShifts::MOST] };
                let mut at = 0;
                for (mut rule, shifts) in rules {
                    let end = at + shifts.len();
                    player.shifts.get_mut(at..end)?.copy_from_slice(&shifts);
                    (rule.first, rule.dirs) = (u8::try_from(at).ok()?, u8::try_from(shifts.len()).ok()?);
                    player.rules.push(rule);
                    at = end;
                }
                (player.rules.len() <= StepShifts::MOST).then_some(player)
            })
            .collect::<Option<Vec<_>>>()?;
        Some(StepShifts { by_player })
    }

    /// The directions of `reach` as shifts, in the order its targets from a
    /// field come: where each is one shift from every field that has it, and
    /// every field's targets come in one order of the directions.
    fn shifts(&self, reach: &Reach) -> Option<Vec<Shift>> {
        let mut shifts: Vec<Shift> = Vec::new();
        // The order: that of a field with the most targets, which every other field's must keep.
        let fullest = self.board.fields().max_by_key(|&f| reach.from(f).len())?;
        for &(to, dir) in reach.from(fullest) {
            let by = i8::try_from(i32::from(to) - i32::from(fullest)).ok()?;
            if shifts.iter().any(|s| s.dir == dir) {
                return None;
            }
            shifts.push(Shift::new(dir, by));
        }
        for f in self.board.fields() {
            let mut next = 0;
            for &(to, dir) in reach.from(f) {
                let at = next + shifts[next..].iter().position(|s| s.dir == dir)?;
                let shift = &mut shifts[at];
                if shift.to(f) != to || f >= 64 {
                    return None;
                }
                shift.from |= 1 << f;
                next = at + 1;
            }
        }
        Some(shifts)
    }
}
