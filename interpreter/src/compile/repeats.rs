//! Which rules of a phase may make one and the same move, so that the
//! generator compares their moves and drops the repeats (`Phase::repeats`):
//! worked out from the board and the rules alone, before play. Where no
//! rule can, the moves are not compared at play.

use crate::board::{Board, DirId, FieldId, FieldSet, NO_FIELD};
use crate::moves::{Action, NO_DIR};
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
    let lands = !matches!(a.motion.action(), Action::Lift | Action::Exit);
    if lands && a.targets.iter().zip(&b.targets).all(|(x, y)| !x.iter().any(|f| y.contains(f))) {
        return false;
    }
    board.fields().any(|f| match (reached(board, &a.motion, f), reached(board, &b.motion, f)) {
        (Some(x), Some(y)) => x.iter().any(|t| y.contains(t)),
        _ => true,
    })
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
        Motion::Jump { fly: true, .. }
        | Motion::Slide { .. }
        | Motion::Place { .. }
        | Motion::Lift
        | Motion::Fly
        | Motion::Run { .. }
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
