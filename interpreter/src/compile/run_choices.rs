//! Approach and withdrawal (issue 45): a `CaptureRun` along the move's own
//! direction (`from: Ahead`, `from: Behind`) and a run that is a choice
//! inside the move (`choice: "A"`), lowered and checked; the game's labels
//! numbered (see `engine/run_choices.rs`).

use super::Ctx;
use super::locate::Seg;
use crate::board::{Board, FieldId, NO_FIELD};
use crate::program::rules::{CaptureRun, Effect, Phase};
use crate::ruleset::{Motion as MotionDef, MoveDef, RunFrom};

/// The most labels of choices a game may have (a move holds its choice in two bits).
pub(crate) const MAX_LABELS: usize = 3;

/// `from` and `choice` of a `CaptureRun` lowered into `run`, each refused where
/// it cannot be: a run along the move's direction needs a motion with one and
/// no `start` or `step` of its own; a label is a short word.
pub(super) fn lower(
    ctx: &mut Ctx,
    def: &MoveDef,
    run: &mut CaptureRun,
    from: RunFrom,
    choice: Option<&str>,
    board: &Board,
) {
    run.from = from;
    if from != RunFrom::Landing {
        ctx.at(Seg::Field("from"), |ctx| {
            if !run.start.is_empty() || !run.step.is_empty() {
                ctx.error("a run along the move's direction (`Ahead`, `Behind`) takes no `start` or `step`: leave them out");
            }
            if !has_direction(def) {
                ctx.error("a run `Ahead` or `Behind` lies along the move's direction: the motion must have one (`Step`, `Slide`, `Run`, `Jump`)");
            }
        });
    }
    if from == RunFrom::Behind {
        run.behind = behind_table(board);
    }
    if let Some(label) = choice {
        ctx.at(Seg::Field("choice"), |ctx| {
            let word = !label.is_empty()
                && label.len() <= 8
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !word {
                ctx.error(format!(
                    "a choice's label is written after the move (`c3-d3/A`): a word of 1 to 8 letters or digits, not {label:?}"
                ));
            }
            if !has_direction(def) {
                ctx.error("a choice of capture runs is made by a move on the board (`Step`, `Slide`, `Run`, `Jump`)");
            }
            if def.then.iter().any(|e| matches!(e, crate::ruleset::EffectDef::Promote { or, .. } if !or.is_empty())) {
                ctx.error("a rule offers one kind of choice inside its moves: a choice of capture runs or a promotion's `or`, not both");
            }
        });
        run.label = Some(label.into());
    }
}

/// Whether the motion gives its moves a direction.
fn has_direction(def: &MoveDef) -> bool {
    matches!(def.by, MotionDef::Step { .. } | MotionDef::Slide { .. } | MotionDef::Run { .. } | MotionDef::Jump { .. })
}

/// For each field and direction, the field behind it: the one field whose
/// neighbour in that direction it is (`NO_FIELD` where none is, or several).
fn behind_table(board: &Board) -> Vec<FieldId> {
    let dirs = board.dir_names().len();
    let mut behind = vec![NO_FIELD; board.len() * dirs];
    let mut seen = vec![0u8; board.len() * dirs];
    for f in board.fields() {
        for d in 0..dirs {
            let to = board.neighbour(f, d as u8);
            if to != NO_FIELD {
                let i = usize::from(to) * dirs + d;
                seen[i] = seen[i].saturating_add(1);
                behind[i] = f;
            }
        }
    }
    behind.iter_mut().zip(&seen).for_each(|(b, &n)| {
        if n != 1 {
            *b = NO_FIELD;
        }
    });
    behind
}

/// The labels of the game's choices numbered in the order first written
/// (each run's `choice`, each rule's `run_choices`), the same label the same
/// number in every phase; more than [`MAX_LABELS`] refused.
pub(super) fn number(ctx: &mut Ctx, phases: &mut [Phase]) {
    let mut labels: Vec<String> = Vec::new();
    for rule in phases.iter_mut().flat_map(|p| p.rules.iter_mut()) {
        for effect in &mut rule.effects {
            let Effect::CaptureRun(run) = effect else { continue };
            let Some(label) = run.label.as_deref() else { continue };
            let i = match labels.iter().position(|l| l == label) {
                Some(i) => i,
                None => {
                    labels.push(label.to_string());
                    labels.len() - 1
                }
            };
            if i < MAX_LABELS {
                run.choice = i as u8 + 1;
                if !rule.run_choices.contains(&run.choice) {
                    rule.run_choices.push(run.choice);
                }
            }
        }
    }
    if labels.len() > MAX_LABELS {
        ctx.error(format!(
            "a game has at most {MAX_LABELS} labels of capture runs chosen inside a move, not {} ({})",
            labels.len(),
            labels.join(", ")
        ));
    }
}
