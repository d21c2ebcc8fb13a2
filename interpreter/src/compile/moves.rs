//! Lowering move rules: motions (directions to ids, leaps to tables), target
//! and origin conditions, arrival, and effects.

use super::Ctx;
use super::cond::{Names, Place, constant, test};
use super::dirs::expand_dirs;
use super::locate::Seg;
use super::motion::walking::WalkParts;
use super::statics::Statics;
use crate::board::Board;
use crate::moves::Action;
use crate::program::Cond;
use crate::program::rules::{CaptureRun, Chain, Choice, Effect, Enclosure, Motion, Rule, RulePlan};
use crate::ruleset::ChainDir;
use crate::ruleset::{CondDef, ContinueMode, EffectDef, Motion as MotionDef, MoveDef, Removal, Sides};
use std::collections::BTreeMap;

/// Whether a move rule is an ordinary one or a fallback, tried only where
/// no ordinary rule gives a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Standing {
    Ordinary,
    Fallback,
}

/// Directions relative to the player: a name, and each player's board directions.
pub(crate) type Relative = BTreeMap<String, Vec<Vec<String>>>;

/// The rules of one move rule: itself, or where its directions are relative
/// to the player (`"forward"`), one copy per player with that player's
/// directions, each for that player only (as if written with `PlayerIs`).
pub(crate) fn rules(
    ctx: &mut Ctx,
    def: &MoveDef,
    statics: &Statics,
    names: &Names,
    relative: &Relative,
    standing: Standing,
) -> Vec<Rule> {
    let dirs_of = |def: &MoveDef| -> Vec<String> {
        let mut all: Vec<String> = motion_dirs(&def.by).map(<[String]>::to_vec).unwrap_or_default();
        for e in &def.then {
            match e {
                EffectDef::Enclose { dirs, .. } => all.extend(dirs.iter().cloned()),
                EffectDef::CaptureRun { start, step, .. } => all.extend(start.iter().chain(step).cloned()),
                EffectDef::Claim { run, .. } => all.extend(run.dirs.iter().cloned()),
                EffectDef::CaptureGroups { dirs, .. } => all.extend(dirs.iter().cloned()),
                _ => {}
            }
        }
        all
    };
    if !dirs_of(def).iter().any(|d| relative.contains_key(d)) {
        return rule(ctx, def, statics, names, standing).into_iter().collect();
    }
    let mut out = Vec::new();
    for player in 0..names.players {
        let errors = ctx.diags.len();
        let mut copy = def.clone();
        let resolve = |dirs: &mut Vec<String>| {
            *dirs = dirs
                .iter()
                .flat_map(|d| match relative.get(d) {
                    Some(per_player) => per_player.get(usize::from(player)).cloned().unwrap_or_default(),
                    None => vec![d.clone()],
                })
                .collect();
        };
        if let Some(dirs) = motion_dirs_mut(&mut copy.by) {
            resolve(dirs);
        }
        for e in &mut copy.then {
            match e {
                EffectDef::Enclose { dirs, .. } => resolve(dirs),
                EffectDef::CaptureRun { start, step, .. } => {
                    resolve(start);
                    resolve(step);
                }
                EffectDef::Claim { run, .. } => resolve(&mut run.dirs),
                EffectDef::CaptureGroups { dirs, .. } => resolve(dirs),
                _ => {}
            }
        }
        let mine = CondDef::PlayerIs(player + 1);
        copy.only_if = Some(match copy.only_if {
            Some(c) => CondDef::All(vec![mine, c]),
            None => mine,
        });
        out.extend(rule(ctx, &copy, statics, names, standing));
        if ctx.diags.len() > errors {
            break; // the same mistake would be reported once per player
        }
    }
    out
}

/// The directions a motion names, if it names any.
fn motion_dirs(m: &MotionDef) -> Option<&[String]> {
    match m {
        MotionDef::Step { dirs }
        | MotionDef::Slide { dirs, .. }
        | MotionDef::Run { dirs, .. }
        | MotionDef::RunOff { dirs, .. }
        | MotionDef::Walk { dirs, .. }
        | MotionDef::Enter { dirs, .. }
        | MotionDef::Exit { dirs, .. }
        | MotionDef::Jump { dirs, .. }
        | MotionDef::Sow { dirs, .. } => Some(dirs),
        MotionDef::Leap { .. } | MotionDef::Place { .. } | MotionDef::Lift | MotionDef::Fly | MotionDef::Pass => None,
    }
}

fn motion_dirs_mut(m: &mut MotionDef) -> Option<&mut Vec<String>> {
    match m {
        MotionDef::Step { dirs }
        | MotionDef::Slide { dirs, .. }
        | MotionDef::Run { dirs, .. }
        | MotionDef::RunOff { dirs, .. }
        | MotionDef::Walk { dirs, .. }
        | MotionDef::Enter { dirs, .. }
        | MotionDef::Exit { dirs, .. }
        | MotionDef::Jump { dirs, .. }
        | MotionDef::Sow { dirs, .. } => Some(dirs),
        MotionDef::Leap { .. } | MotionDef::Place { .. } | MotionDef::Lift | MotionDef::Fly | MotionDef::Pass => None,
    }
}

fn rule(ctx: &mut Ctx, def: &MoveDef, statics: &Statics, names: &Names, standing: Standing) -> Option<Rule> {
    let board = statics.board;
    let on = def.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
    let pieces = ctx
        .at(Seg::Field("pieces"), |ctx| ctx.find_all("piece", &def.pieces, &names.kinds))
        .into_iter()
        .fold(0u32, |m, k| m | 1 << k);
    let passes = matches!(def.by, MotionDef::Pass);
    if def.pieces.is_empty() && !passes {
        ctx.at(Seg::Field("pieces"), |ctx| ctx.error("a move rule names at least one piece"));
    }
    if passes && !def.pieces.is_empty() {
        ctx.at(Seg::Field("pieces"), |ctx| ctx.error("a pass moves no piece: write `pieces: []`"));
    }
    let motion = ctx.at(Seg::Field("by"), |ctx| motion(ctx, &def.by, board, names));
    super::motion::run::check_faces(ctx, &def.by, pieces, names);
    let to = ctx.at(Seg::Field("to"), |ctx| test(ctx, &def.to, Place::Field, names));
    let from = optional(ctx, "from", def.from.as_ref(), Place::Field, names);
    let only_if = optional(ctx, "only_if", def.only_if.as_ref(), Place::State, names);
    super::repetition::after_a_move_only(ctx, &only_if, "only_if");
    if only_if.asks_for_moves() {
        // Its moves would be needed to decide whether it has moves: no end.
        ctx.at(Seg::Field("only_if"), |ctx| {
            ctx.error(
                "a move's `only_if` cannot ask whether a player has a move (`NoMoves`, `CanMove`): \
                 the answer depends on this very move; ask it in an end, a phase's `until` or a filter",
            );
        });
    }
    let (effects, continues) =
        ctx.at(Seg::Field("then"), |ctx| effects(ctx, def, motion.as_ref(), pieces, board, names));
    if matches!(def.by, MotionDef::Sow { .. }) && def.to != CondDef::Empty {
        ctx.at(Seg::Field("to"), |ctx| {
            ctx.error("a sowing ends where its last piece drops, whatever is there: leave `to` out (say where it may start with `from`)");
        });
    }
    super::stack_moves::check(ctx, def, motion.as_ref(), continues);
    let motion = motion?;
    if !on {
        return None;
    }
    let (targets, to_on_targets) = statics.targets(&to);
    let only_if_for = statics.only_if_for(&only_if);
    let choices = super::choices::offered(&effects);
    Some(Rule {
        pieces,
        motion,
        to,
        from,
        only_if,
        arrive: def.on_enemy,
        effects,
        continues,
        fallback: standing == Standing::Fallback,
        targets,
        to_on_targets,
        only_if_for,
        // Until the compiler plans the rule (`Game::rule_plan`), every path the
        // general one, which is always right.
        plan: RulePlan::GENERAL,
        carry: def.carry,
        on_jumped: def.on_jumped,
        choices,
        // (Numbered with the game's labels by `run_choices::number`.)
        run_choices: Vec::new(),
    })
}

/// What one effect of a move rule lowers to.
enum Lowered {
    Effect(Effect),
    Chain(Chain),
}

/// The effects of a move rule (its `then`) in force under the options, and
/// how its capture chain goes on; each checked whether in force or not.
fn effects(
    ctx: &mut Ctx,
    def: &MoveDef,
    motion: Option<&Motion>,
    pieces: u32,
    board: &Board,
    names: &Names,
) -> (Vec<Effect>, Option<Chain>) {
    let mut effects: Vec<Effect> = Vec::new();
    let mut continues = None;
    for (i, e) in def.then.iter().enumerate() {
        ctx.at(Seg::Index(i), |ctx| {
            let when = match e {
                EffectDef::Enclose { when, .. }
                | EffectDef::Continue { when, .. }
                | EffectDef::Flip { when }
                | EffectDef::Tip { when }
                | EffectDef::TurnClockwise { when }
                | EffectDef::Spawn { when, .. }
                | EffectDef::CaptureChosen { when, .. }
                | EffectDef::CaptureRun { when, .. } => when,
                EffectDef::Promote { when, .. } => when,
                EffectDef::Claim { when, .. } => when,
                EffectDef::Set { when, .. } | EffectDef::Add { when, .. } => when,
                EffectDef::Mark { when, .. } | EffectDef::Unmark { when, .. } => when,
                EffectDef::CaptureGroups { when, .. } => when,
                EffectDef::Bring { when, .. } => when,
            };
            let on = when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
            let chosen = |effects: &[Effect]| effects.iter().any(|e| matches!(e, Effect::CaptureChosen(_)));
            match effect(ctx, e, def, motion, pieces, board, names) {
                Some(Lowered::Effect(Effect::CaptureChosen(_))) if chosen(&effects) => {
                    ctx.error("a move rule has at most one `CaptureChosen`");
                }
                Some(Lowered::Effect(effect)) if on => effects.push(effect),
                Some(Lowered::Chain(chain)) if on => continues = Some(chain),
                Some(Lowered::Effect(_) | Lowered::Chain(_)) | None => {}
            }
        });
    }
    (effects, continues)
}

/// One effect `e` of move rule `def` lowered, whether in force or not
/// (`None` where it is in error).
fn effect(
    ctx: &mut Ctx,
    e: &EffectDef,
    def: &MoveDef,
    motion: Option<&Motion>,
    pieces: u32,
    board: &Board,
    names: &Names,
) -> Option<Lowered> {
    let effect = match e {
        EffectDef::Enclose { dirs, sides, target, anvil, edge, .. } => {
            let enclosure = Enclosure {
                dirs: ctx.at(Seg::Field("dirs"), |ctx| dir_ids(ctx, dirs, board)),
                all: *sides == Sides::All,
                target: ctx.at(Seg::Field("target"), |ctx| test(ctx, target, Place::Field, names)),
                anvil: ctx.at(Seg::Field("anvil"), |ctx| test(ctx, anvil, Place::Field, names)),
                edge: ctx.at(Seg::Field("edge"), |ctx| constant(ctx, edge, names)),
            };
            // Only an enemy piece is enclosed: a target that never holds of one captures nothing.
            if never_on_enemy(&enclosure.target) {
                ctx.at(Seg::Field("target"), |ctx| {
                    ctx.error(
                        "an enclosure captures only enemy pieces, and this `target` never holds on a \
                         field an enemy piece tops: it would capture nothing",
                    );
                });
            }
            Effect::Enclose(Box::new(enclosure))
        }
        EffectDef::Continue { mode, same_dir, removal, direction, .. } => {
            let how = ChainHow { mode: *mode, same_dir, direction: *direction, removal: *removal };
            return Some(Lowered::Chain(chain(ctx, def, motion, how, names)));
        }
        EffectDef::Promote { to, on: cond, ends_chain, at_end, or, .. } => {
            let kind = ctx.at(Seg::Field("to"), |ctx| ctx.find("piece", to, &names.kinds));
            let test = ctx.at(Seg::Field("on"), |ctx| test(ctx, cond, Place::Field, names));
            let ends_chain = ctx.at(Seg::Field("ends_chain"), |ctx| constant(ctx, ends_chain, names));
            let at_end = ctx.at(Seg::Field("at_end"), |ctx| constant(ctx, at_end, names));
            let choices = super::choices::promotion(ctx, def, motion, kind, or, at_end, names);
            Effect::Promote { to: kind? as u8, on: test, ends_chain, at_end, choices }
        }
        EffectDef::Flip { .. } => Effect::Flip,
        EffectDef::Tip { .. } | EffectDef::TurnClockwise { .. } => {
            needs_dice(ctx, pieces, names, "a die effect");
            if matches!(e, EffectDef::Tip { .. }) {
                compass_only(ctx, &def.by);
                Effect::Tip
            } else {
                Effect::TurnClockwise
            }
        }
        EffectDef::Spawn { on: cond, zone, optional, .. } => {
            let test = ctx.at(Seg::Field("on"), |ctx| test(ctx, cond, Place::Field, names));
            let zone = ctx.at(Seg::Field("zone"), |ctx| ctx.find("zone", zone, &names.zones));
            let optional = ctx.at(Seg::Field("optional"), |ctx| constant(ctx, optional, names));
            Effect::Spawn { on: test, zone: zone? as u8, optional }
        }
        EffectDef::CaptureChosen { if_, among, otherwise, .. } => {
            let cond = ctx.at(Seg::Field("if"), |ctx| test(ctx, if_, Place::State, names));
            super::repetition::after_a_move_only(ctx, &cond, "if");
            let among = ctx.at(Seg::Field("among"), |ctx| test(ctx, among, Place::Field, names));
            let otherwise = ctx.at(Seg::Field("otherwise"), |ctx| test(ctx, otherwise, Place::Field, names));
            Effect::CaptureChosen(Box::new(Choice { cond, among, otherwise }))
        }
        EffectDef::CaptureRun { on, start, step, if_, landed, keep_if, closed_by, spare, from, choice, .. } => {
            let run_def = CaptureRunDef { on, start, step, if_, landed: *landed, keep_if, closed_by, spare };
            let mut run = capture_run(ctx, run_def, board, names);
            super::run_choices::lower(ctx, def, &mut run, *from, choice.as_deref(), board);
            Effect::CaptureRun(Box::new(run))
        }
        EffectDef::Set { counter, n, who, if_, .. } | EffectDef::Add { counter, n, who, if_, .. } => {
            let add = matches!(e, EffectDef::Add { .. });
            let change = super::counters::change(ctx, counter, n, *who, add, names);
            super::counters::change_if(ctx, change?, if_, names)
        }
        EffectDef::Mark { mark, on: fields, .. } | EffectDef::Unmark { mark, on: Some(fields), .. } => {
            let set = matches!(e, EffectDef::Mark { .. });
            Effect::Mark(super::marks::effect(ctx, mark, Some(fields), set, names)?)
        }
        EffectDef::Unmark { mark, on: None, .. } => Effect::Mark(super::marks::effect(ctx, mark, None, false, names)?),
        EffectDef::CaptureGroups { dirs, own, .. } => {
            let dirs = ctx.at(Seg::Field("dirs"), |ctx| dir_ids(ctx, dirs, board));
            let own = ctx.at(Seg::Field("own"), |ctx| constant(ctx, own, names));
            if matches!(def.by, MotionDef::Pass) {
                ctx.error("a pass moves no piece: there is no field its groups are next to");
            }
            Effect::CaptureGroups { dirs, own }
        }
        EffectDef::Claim { run, .. } => {
            Effect::Claim(Box::new(ctx.at(Seg::Field("run"), |ctx| super::cond::run(ctx, run, names))))
        }
        EffectDef::Bring { to, if_, .. } => super::choices::bring(ctx, def, *to, if_, names),
    };
    Some(Lowered::Effect(effect))
}

/// The parts of an `EffectDef::CaptureRun` as written.
#[derive(Clone, Copy)]
struct CaptureRunDef<'a> {
    on: &'a CondDef,
    start: &'a [String],
    step: &'a [String],
    if_: &'a CondDef,
    landed: bool,
    keep_if: &'a Option<CondDef>,
    closed_by: &'a Option<CondDef>,
    spare: &'a Option<CondDef>,
}

/// A `CaptureRun` effect lowered: its tests, its directions, its closing test.
fn capture_run(ctx: &mut Ctx, def: CaptureRunDef<'_>, board: &Board, names: &Names) -> CaptureRun {
    let CaptureRunDef { on: cond, start, step, if_, landed, keep_if, closed_by, spare } = def;
    let run = CaptureRun {
        on: ctx.at(Seg::Field("on"), |ctx| test(ctx, cond, Place::Field, names)),
        start: ctx.at(Seg::Field("start"), |ctx| dir_ids_or_none(ctx, start, board)),
        step: ctx.at(Seg::Field("step"), |ctx| dir_ids_or_none(ctx, step, board)),
        cond: ctx.at(Seg::Field("if"), |ctx| test(ctx, if_, Place::Field, names)),
        landed,
        keep_if: keep_if.as_ref().map(|c| ctx.at(Seg::Field("keep_if"), |ctx| test(ctx, c, Place::State, names))),
        closed_by: closed_by.as_ref().map(|c| ctx.at(Seg::Field("closed_by"), |ctx| test(ctx, c, Place::Field, names))),
        spare: spare.as_ref().map(|c| ctx.at(Seg::Field("spare"), |ctx| test(ctx, c, Place::Field, names))),
        from: crate::ruleset::RunFrom::Landing,
        behind: Vec::new(),
        choice: 0,
        label: None,
    };
    if let Some(keep_if) = &run.keep_if {
        super::repetition::after_a_move_only(ctx, keep_if, "keep_if");
    }
    if closed_by.is_some() && step.is_empty() {
        ctx.at(Seg::Field("closed_by"), |ctx| {
            ctx.error("a run of one field has no field after it to close it: give `step` too");
        });
    }
    run
}

/// What a `Continue` says of how its chain goes on.
#[derive(Clone, Copy)]
struct ChainHow<'a> {
    mode: ContinueMode,
    same_dir: &'a CondDef,
    direction: Option<ChainDir>,
    removal: Removal,
}

/// How a capture chain goes on (a `Continue` effect), checked against the motion.
fn chain(ctx: &mut Ctx, def: &MoveDef, motion: Option<&Motion>, how: ChainHow, names: &Names) -> Chain {
    let ChainHow { mode, same_dir, direction, removal } = how;
    let same_dir = ctx.at(Seg::Field("same_dir"), |ctx| constant(ctx, same_dir, names));
    // `direction` (issue 44) says what `same_dir` says, and more: one of the two.
    if same_dir && direction.is_some() {
        ctx.at(Seg::Field("direction"), |ctx| {
            ctx.error("give the chain's direction once: `direction: Same` is what `same_dir` says");
        });
    }
    let not_same_dir = direction == Some(ChainDir::NotSame);
    let same_dir = same_dir || direction == Some(ChainDir::Same);
    // A chain goes on from where a piece moved on the board: a move from or to
    // the hand, off the board or sowing a stack leaves no piece to go on with.
    if motion.is_some_and(|m| m.action() != Action::Board) {
        ctx.error("a chain goes on after a move on the board (a step, leap, slide, run, walk, flight or jump): this motion makes none");
    }
    // A leap, a flight or a walk moves by no direction: there is none to keep.
    if (same_dir || not_same_dir) && matches!(def.by, MotionDef::Leap { .. } | MotionDef::Fly | MotionDef::Walk { .. })
    {
        ctx.at(Seg::Field("same_dir"), |ctx| {
            ctx.error("a chain keeps the direction of a step, slide, run or jump: this motion has none");
        });
    }
    Chain { must: mode == ContinueMode::Must, same_dir, remove_at_end: removal == Removal::AtEnd, not_same_dir }
}

/// Whether a field test can never hold where an enemy piece tops the field,
/// whatever else it reads (`Own`, `Empty`, `All([Own, ...])`): sure only
/// where what tops the field decides it, so `false` where unsure. Not for
/// `False`: a target that options fold to `False` switches the effect off
/// under them (Brandubh's king taken by two has no enclosure by four).
fn never_on_enemy(t: &Cond) -> bool {
    match t {
        Cond::Tops(mask) => mask & Cond::ENEMY == 0,
        Cond::All(ts) => ts.iter().any(never_on_enemy),
        Cond::Any(ts) => ts.iter().all(never_on_enemy),
        _ => false,
    }
}

/// Die constructs need die pieces.
pub(super) fn needs_dice(ctx: &mut Ctx, pieces: u32, names: &Names, what: &str) {
    if pieces & !names.dice != 0 {
        ctx.at(Seg::Field("pieces"), |ctx| ctx.error(format!("{what} needs pieces that are dice (`die: (...)`)")));
    }
}

/// The face of a die along a move needs the move's directions to be compass points.
pub(super) fn compass_only(ctx: &mut Ctx, motion: &MotionDef) {
    let (MotionDef::Step { dirs } | MotionDef::Slide { dirs, .. } | MotionDef::Run { dirs, .. }) = motion else {
        return;
    };
    let bad: Vec<String> = expand_dirs(dirs).into_iter().filter(|d| crate::die::Face::from_dir(d).is_none()).collect();
    if !bad.is_empty() {
        ctx.at(Seg::Field("by"), |ctx| {
            ctx.error(format!("a die tips or counts only along N, E, S and W, not {}", bad.join(", ")));
        });
    }
}

fn optional(ctx: &mut Ctx, field: &'static str, cond: Option<&CondDef>, place: Place, names: &Names) -> Cond {
    cond.map_or(Cond::True, |c| ctx.at(Seg::Field(field), |ctx| test(ctx, c, place, names)))
}

/// Directions where none is allowed too (an empty list).
fn dir_ids_or_none(ctx: &mut Ctx, dirs: &[String], board: &Board) -> Vec<u8> {
    if dirs.is_empty() { Vec::new() } else { dir_ids(ctx, dirs, board) }
}

pub(super) fn dir_ids(ctx: &mut Ctx, dirs: &[String], board: &Board) -> Vec<u8> {
    let expanded = expand_dirs(dirs);
    if expanded.is_empty() {
        ctx.error("expected at least one direction");
    }
    ctx.find_all("direction (of this board's links)", &expanded, board.dir_names())
        .into_iter()
        .map(|d| d as u8)
        .collect()
}

/// A rule's motion lowered: each motion's lowering is in its own file,
/// `compile/motion/NAME.rs`, beside the table its fast path reads.
fn motion(ctx: &mut Ctx, def: &MotionDef, board: &Board, names: &Names) -> Option<Motion> {
    use super::motion::{enter, exit, jump, place, run, run_off, slide, sow, step, walk};
    let parts = |dirs, turns, pass| WalkParts { dirs, turns, pass, double_again: None, returns: None };
    Some(match def {
        MotionDef::Step { dirs } => step::lower_step(ctx, dirs, board),
        MotionDef::Slide { dirs, max, pass } => slide::lower(ctx, dirs, *max, pass, board, names),
        MotionDef::Leap { offsets, symmetric } => step::lower_leap(ctx, offsets, *symmetric, board)?,
        MotionDef::Place { at, fall } => place::lower(ctx, *at, fall.as_ref(), board),
        MotionDef::Lift => Motion::Lift,
        MotionDef::Pass => Motion::Pass,
        MotionDef::Fly => Motion::Fly,
        MotionDef::Run { dirs, distance, pass } => run::lower(ctx, dirs, *distance, pass, board, names),
        MotionDef::RunOff { dirs, distance, pass, count } => {
            run_off::lower(ctx, dirs, *distance, pass, *count, board, names)
        }
        MotionDef::Walk { dirs, steps, turns, pass, double_again, returns } => {
            let parts = WalkParts { dirs, turns, pass, double_again: Some(double_again), returns: Some(returns) };
            walk::lower(ctx, parts, *steps, board, names)
        }
        MotionDef::Enter { via, steps, dirs, turns, pass } => {
            enter::lower(ctx, via, *steps, parts(dirs, turns, pass), board, names)
        }
        MotionDef::Exit { via, steps, dirs, turns, pass } => {
            exit::lower(ctx, via, *steps, parts(dirs, turns, pass), board, names)
        }
        MotionDef::Sow { dirs, skip, skip_origin } => sow::lower(ctx, dirs, skip, skip_origin, board, names),
        MotionDef::Jump { dirs, over, fly, hop } => jump::lower(ctx, dirs, over, *fly, *hop, board, names),
    })
}
