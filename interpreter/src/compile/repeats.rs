//! Which rules of a phase may make one and the same move, so that the
//! generator compares their moves and drops the repeats (`Phase::repeats`):
//! worked out from the board and the rules alone, before play. Where no
//! rule can, the moves are not compared at play.

use crate::board::{Board, DirId, FieldId, FieldSet, NO_FIELD};
use crate::moves::{Action, NO_DIR};
use crate::program::Cond;
use crate::program::rules::{Motion, Rule};

/// Whether two rules may make one and the same move: they move a common kind,
/// make moves of one action, and can land on a common field (for motions that
/// land), and, where both reach fixed fields from each field (steps, leaps,
/// short jumps), reach a common field from one field. Rules that cannot are
/// not compared at play.
pub(super) fn may_share_moves(board: &Board, a: &Rule, b: &Rule) -> bool {
    if a.pieces & b.pieces == 0 || a.motion.action() != b.motion.action() {
        return false;
    }
    // A move names its direction: rules whose moves go in no direction in common share none.
    if let (Some(x), Some(y)) = (move_dirs(board, &a.motion), move_dirs(board, &b.motion)) {
        if !x.iter().any(|d| y.contains(d)) {
            return false;
        }
    }
    if apart_in_one_state(a, b) {
        return false;
    }
    let lands = !matches!(a.motion.action(), Action::Lift | Action::Exit);
    if lands && a.targets.iter().zip(&b.targets).all(|(x, y)| !x.iter().any(|f| y.contains(f))) {
        return false;
    }
    board.fields().any(|f| match (reached(board, &a.motion, f), reached(board, &b.motion, f)) {
        (Some(x), Some(y)) => x.iter().any(|t| y.contains(t)),
        _ => true,
    })
}

/// Whether two rules moving a piece on the board (by a step, leap, slide,
/// run or flight, no chain, no fall) cannot make one move in one generation,
/// which reads one state (issue 48): their landing tests hold on no common
/// top, or their `from` tests contradict each other (a test and its `Not`).
fn apart_in_one_state(a: &Rule, b: &Rule) -> bool {
    let plain = |r: &Rule| {
        matches!(r.motion, Motion::Step(_) | Motion::Leap(_) | Motion::Slide { .. } | Motion::Run { .. } | Motion::Fly)
            && r.continues.is_none()
            && r.motion.facts().falls.is_none()
    };
    plain(a) && plain(b) && (tops_bound(&a.to) & tops_bound(&b.to) == 0 || contradict(&a.from, &b.from))
}

/// The tops (a [`Cond::Tops`] mask) on which a field's test may hold.
fn tops_bound(c: &Cond) -> u8 {
    if let Some(mask) = c.tops_mask() {
        return mask;
    }
    match c {
        Cond::All(ts) => ts.iter().fold(Cond::ALL, |m, t| m & tops_bound(t)),
        Cond::Any(ts) => ts.iter().fold(0, |m, t| m | tops_bound(t)),
        Cond::ByTops { yes, no, rest } => (yes | tops_bound(rest)) & !no & Cond::ALL,
        _ => Cond::ALL,
    }
}

/// Whether two field tests cannot both hold: a part of one is the `Not` of a
/// part of the other, or both are sets of fields with none in common.
fn contradict(a: &Cond, b: &Cond) -> bool {
    let parts = |c: &Cond| match c {
        Cond::All(ts) => ts.clone(),
        c => vec![c.clone()],
    };
    let (x, y) = (parts(a), parts(b));
    let negates = |p: &Cond, q: &Cond| matches!(p, Cond::Not(n) if **n == *q);
    let apart = |p: &FieldSet, q: &FieldSet| !p.iter().any(|f| q.contains(f));
    let disjoint = |p: &Cond, q: &Cond| match (p, q) {
        (Cond::Fields(p), Cond::Fields(q)) => apart(p, q),
        (Cond::FieldsFor(p), Cond::FieldsFor(q)) => p.len() == q.len() && p.iter().zip(q).all(|(p, q)| apart(p, q)),
        _ => false,
    };
    x.iter().any(|p| y.iter().any(|q| negates(p, q) || negates(q, p) || disjoint(p, q)))
}

/// Whether one rule may make one move twice: a placement that falls, where
/// one of its targets lies on the fall of another (both rest on the same
/// field, and the move is named by where the piece rests).
pub(super) fn repeats_itself(board: &Board, rule: &Rule) -> bool {
    let Some(fall) = rule.motion.facts().falls else { return false };
    rule.targets.iter().any(|targets| {
        let mut set = FieldSet::new(board.len());
        targets.iter().for_each(|&t| set.insert(t));
        targets.iter().any(|&t| {
            // The fields below `t`, at most once round the board (a fall line may loop).
            let next = |at: FieldId| Some(board.neighbour(at, fall)).filter(|&f| f != NO_FIELD && f != t);
            let below = std::iter::successors(next(t), |&at| next(at));
            below.take(board.len()).any(|at| set.contains(at))
        })
    })
}

/// The fields a motion reaches from `from` whatever the state, where they are fixed.
fn reached(board: &Board, m: &Motion, from: FieldId) -> Option<Vec<FieldId>> {
    match m {
        Motion::Step(reach) | Motion::Leap(reach) => Some(super::motion::step::reached(reach, from)),
        Motion::Jump { dirs, fly: false, .. } => Some(super::motion::jump::reached(board, dirs, from)),
        // A run of a fixed length ends that many links along each direction (issue 48).
        Motion::Run { dirs, distance: crate::ruleset::Distance::Const(n), .. } => Some(
            dirs.iter()
                .filter_map(|&d| {
                    let mut at = from;
                    for _ in 0..*n {
                        at = board.neighbour(at, d);
                        if at == NO_FIELD {
                            return None;
                        }
                    }
                    Some(at)
                })
                .collect(),
        ),
        Motion::Jump { fly: true, .. }
        | Motion::Run { .. }
        | Motion::Slide { .. }
        | Motion::Place { .. }
        | Motion::Lift
        | Motion::Fly
        | Motion::RunOff { .. }
        | Motion::Walk { .. }
        | Motion::Enter { .. }
        | Motion::Exit { .. }
        | Motion::Sow { .. }
        | Motion::Pass => None,
    }
}

/// The directions a motion's moves are named by (`NO_DIR` for those that
/// name none), where the motion alone fixes them.
fn move_dirs(board: &Board, m: &Motion) -> Option<Vec<DirId>> {
    match m {
        Motion::Slide { dirs, .. } | Motion::Run { dirs, .. } | Motion::Jump { dirs, .. } => Some(dirs.clone()),
        Motion::Step(reach) | Motion::Leap(reach) => {
            Some(board.fields().flat_map(|f| reach.from(f).iter().map(|&(_, d)| d)).collect())
        }
        Motion::Walk { .. } | Motion::Fly => Some(vec![NO_DIR]),
        Motion::Place { .. }
        | Motion::Lift
        | Motion::RunOff { .. }
        | Motion::Enter { .. }
        | Motion::Exit { .. }
        | Motion::Sow { .. }
        | Motion::Pass => None,
    }
}
