//! The plan of a phase's mandatory capture ([`CaptureFilter`], issue 48):
//! where every rule of the phase is known to capture always or never, the
//! moves that the filter would drop are not made.

use crate::program::rules::{CaptureFilter, Captures, Filter, Phase, Repeats, RulePlan};

/// How `phase`, its rules planned as `plans`, applies its mandatory capture.
///
/// The legal moves are the generator's, in the phase's rule order, then the
/// capturing ones alone if there is any. Where each rule alone says whether
/// its moves capture (`Captures::Always` or `Never`), the capturing rules'
/// moves are those moves: made first, the others' made only where they are
/// none, they are the same list. Not where a move may be dropped as made by
/// two rules (which keeps the first rule's, capturing or not), or where
/// fallback rules play only when the ordinary ones make no move.
pub(super) fn capture_filter(phase: &Phase, plans: &[RulePlan]) -> CaptureFilter {
    let by_rules = phase.filters == [Filter::Capture { huff: false }]
        && phase.repeats == Repeats::Impossible
        && phase.playable.iter().all(|[_, fallback]| fallback.is_empty())
        && phase.rules.iter().zip(plans).all(|(rule, plan)| match plan.captures {
            // (A choice inside a move makes moves of its own: left to the general way.)
            Captures::Always => rule.choices.is_none() && rule.run_choices.is_empty(),
            Captures::Never => true,
            Captures::Unknown => false,
        });
    if !by_rules {
        return CaptureFilter::General;
    }
    let split = |ordinary: &Vec<u8>| {
        let (capturing, quiet): (Vec<u8>, Vec<u8>) =
            ordinary.iter().partition(|&&r| plans[usize::from(r)].captures == Captures::Always);
        [capturing, quiet]
    };
    CaptureFilter::ByRules(phase.playable.iter().map(|[ordinary, _]| split(ordinary)).collect())
}
