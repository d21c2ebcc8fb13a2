//! The compiled rules: phases, move rules, motions, effects, chance and the
//! end of the game, as the compiler lowers them and the engine reads them.
//! Indices only; no name is looked up.

use super::Cond;
use crate::board::{Board, DirId, FieldId, NO_FIELD};
use crate::die::{Face, ORIENTATIONS};
use crate::piece::Player;
use crate::ruleset::{Arrive, Distance, When, Who};

mod effect;
mod foresight; // a turn filter's test decided before the move (issue 48)
mod motion;
mod plan;
mod run_shifts;
mod step_shifts; // steps counted by shifts of the numbering (issue 48)
mod tables;
mod walk;

pub(crate) use effect::*;
pub(crate) use foresight::*;
pub(crate) use plan::*;
pub(crate) use run_shifts::*;
pub(crate) use step_shifts::*;
pub(crate) use tables::*;
pub(crate) use walk::*;

/// A phase as compiled.
#[derive(Debug, Clone)]
pub(crate) struct Phase {
    pub name: String,
    pub rules: Vec<Rule>,
    /// Per player, the indices of the rules that can be theirs (their
    /// `only_if` does not rule the player out): `[0]` the ordinary rules,
    /// `[1]` the fallback ones. Worked out once by the lowering, from the
    /// rules' `only_if_for` (`Statics::playable`).
    pub playable: Vec<[Vec<u8>; 2]>,
    pub decisions: u8,
    pub throw: Option<u8>,
    pub until: Option<Cond>,
    pub next: Option<u8>,
    pub starts: Option<Player>,
    pub replace: Option<Replace>,
    /// Fallback rules apply piece by piece (see `PhaseDef::fallback_per_piece`).
    pub fallback_per_piece: bool,
    /// Turn filters, in order (see [`Filter`]).
    pub filters: Vec<Filter>,
    /// The `doc` of each move rule in force (under the options), in words.
    pub docs: Vec<String>,
    /// Whether two rules of the phase may make one and the same move (see
    /// `Game::drop_repeats`); where none can, the moves are not compared.
    /// Worked out once by the lowering, from the board and the rules (`Statics::playable`).
    pub repeats: Repeats,
    /// Which paths the phase's moves take, chosen by the compiler (see [`PhasePlan`]).
    pub plan: PhasePlan,
}

/// Which loop over a phase's rules makes its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RulesLoop {
    /// The generic loop, ready for every motion (`Game::each_rule`).
    General,
    /// Every rule of the phase walks (or leaves) along paths worked out
    /// before play ([`MotionPlan::WalkPaths`]) or enters from the hand: its moves
    /// come from a loop of their own (see `Game::moves_by_loop`).
    WalksOnly,
    // The next player's moves (issue 48):
    /// Every rule of the phase steps or leaps landing by bits, or jumps by
    /// masks ([`Rule::jump_by_masks`]), from any piece of its kinds, with no
    /// `only_if` that play decides and no choice inside the move: outside a capture chain its
    /// moves come from a loop of their own (see `Game::moves_by_bits`).
    ByBits,
}

/// How a phase's mandatory capture (`Capture` as its only turn filter) is
/// applied (issue 48: the moves that cannot stay are not made).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CaptureFilter {
    /// Every move made, then those that capture kept if any does (`Game::filter_moves`).
    General,
    /// Every rule of the phase captures always or never, as the rule alone
    /// decides ([`Captures`]): per player, the ordinary rules that capture
    /// and those that do not, each in the phase's order. The capturing
    /// rules' moves are made first, the others' only where they made none.
    ByRules(Vec<[Vec<u8>; 2]>),
}

impl Phase {
    /// Whether the generator's moves are the legal moves as they come, with
    /// nothing to drop or filter after (no move two rules make, no turn
    /// filter, no flying chain's landings to choose among).
    pub(crate) fn keeps_generated_moves(&self) -> bool {
        self.repeats == Repeats::Impossible && !self.filters_moves()
    }

    /// Whether the legal moves go through `Game::filter_moves`: turn filters,
    /// or the landings of flying chains that must go on.
    pub(crate) fn filters_moves(&self) -> bool {
        !self.filters.is_empty() || self.plan.chain_landings == ChainLandings::Compared
    }
}

/// Whether two rules of a phase may make one and the same move. Not a path
/// but what the legal moves are: comparing also drops a move one rule makes
/// twice (a placement that falls, put on two fields of one column), which
/// rules that cannot repeat keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeats {
    /// They may: the moves are compared and the repeats dropped.
    Possible,
    /// None can: the moves are not compared.
    Impossible,
}

/// Whether a phase compares the landings of flying jumps in chains that
/// must go on (see `Game::keep_landings_that_go_on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChainLandings {
    /// The landings are compared (the general path; a phase without such
    /// jumps finds nothing to compare).
    Compared,
    /// No rule of the phase jumps flying pieces in chains that must go on.
    AsMade,
}

/// How a phase asks whether a piece has a move (see `Game::piece_has_move`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Probe {
    /// Of the generator, piece by piece (the general path): what a rule that
    /// walks, sows or lifts needs (the walking state, the generator's loop).
    ByGenerator,
    /// Of each rule's motion at the piece's field.
    ByMotion,
}

/// How a phase's moves are had: made one by one (the general way), or
/// counted without being made, and then how far its turns go by the count.
/// Each variant is the one before it and more. (Steps that land by bits
/// are made about as fast as they would be counted, so only placements are
/// counted.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Counting {
    /// The moves are generated.
    General,
    /// The moves can be counted without being made (see `Game::count_moves`):
    /// every rule a placement on empty fields kept as bits, no fallback rules,
    /// no turn filters, no move made by two rules.
    Counted(Placings),
    /// Every turn of the phase is one counted placement made the plain way,
    /// then the next player's turn, nothing else to decide: one decision, no
    /// throw, no change of phase, no end by which a player finishes (see
    /// `Game::play_counted_turns`).
    Turns(Placings),
    /// The counted turns can be read from an outline of the state (see
    /// `engine/outline.rs`): the game ends by lines through the piece put
    /// (one end at most asks for them) and "no move" alone, no rule of a player tests the state, and where
    /// a piece comes to rest reads the fields taken alone.
    Outlined(Placings),
}

/// Per player, the rules that may be theirs as [`Placing`]s, in the order of the moves.
pub(crate) type Placings = Vec<Vec<Placing>>;

impl Counting {
    /// The placings, where the moves are counted.
    #[inline(always)]
    pub(crate) fn placings(&self) -> Option<&[Vec<Placing>]> {
        match self {
            Counting::General => None,
            Counting::Counted(p) | Counting::Turns(p) | Counting::Outlined(p) => Some(p),
        }
    }

    /// Whether every turn is one counted placement (see [`Counting::Turns`]).
    #[inline(always)]
    pub(crate) fn turns(&self) -> bool {
        match self {
            Counting::General | Counting::Counted(_) => false,
            Counting::Turns(_) | Counting::Outlined(_) => true,
        }
    }

    /// The placings, where the turns are read from an outline (see [`Counting::Outlined`]).
    #[inline(always)]
    pub(crate) fn outlined(&self) -> Option<&[Vec<Placing>]> {
        match self {
            Counting::General | Counting::Counted(_) | Counting::Turns(_) => None,
            Counting::Outlined(p) => Some(p),
        }
    }
}

/// A counted rule of a player, read once: its index, the fields it puts on
/// when empty, the kinds it puts, and whether its `only_if` needs a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placing {
    pub rule: u8,
    pub targets: u64,
    pub kinds: u32,
    pub tested: bool,
}

/// A turn filter as compiled (see `FilterDef`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Filter {
    /// Keeps the moves after which `cond` holds, where `only_if` holds
    /// before the move; if none passes, all stay (`keep_all`) or none.
    RequireAfter { cond: Cond, only_if: Cond, keep_all: bool },
    /// If a move captures, only those; with `huff`, not forced, but a turn
    /// that leaves a capture unused forfeits a piece.
    Capture { huff: bool },
    /// Only the turns that capture the most, over whole chains.
    MostCaptures,
    // --- dice pools (issue 45): over whole turns (`engine/dice.rs`) ---
    /// Only the moves that begin a turn spending the most values of the pool.
    MostValues,
    /// Only the moves that begin a turn spending the highest total of the pool.
    HighestValues,
}

impl Filter {
    /// Whether the filter always leaves a move where there was one.
    pub(crate) fn keeps_some(&self) -> bool {
        match self {
            Filter::RequireAfter { keep_all, .. } => *keep_all,
            Filter::Capture { .. } | Filter::MostCaptures => true,
            Filter::MostValues | Filter::HighestValues => true,
        }
    }
}

/// How a capture chain goes on (see `EffectDef::Continue`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Chain {
    pub must: bool,
    /// Only in the direction of the move before.
    pub same_dir: bool,
    /// The jumped pieces stay, marked, until the chain ends.
    pub remove_at_end: bool,
    /// Only in a direction other than that of the move before (issue 44).
    pub not_same_dir: bool,
}

/// A move rule as compiled.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    /// Bit set of the kinds it moves.
    pub pieces: u32,
    pub motion: Motion,
    pub to: Cond,
    pub from: Cond,
    /// As written; generation reads `only_if_for`.
    pub only_if: Cond,
    pub arrive: Arrive,
    pub effects: Vec<Effect>,
    pub continues: Option<Chain>,
    /// Used only when no other rule of the phase gives a move.
    pub fallback: bool,
    /// Per player, the fields where `to` can hold at all (see [`Game::static_value`]):
    /// placements look only there.
    pub targets: Vec<Vec<FieldId>>,
    /// Per player, `to` as it reads on the `targets`: the parts the board
    /// alone decides the same way on all of them replaced by their value.
    pub to_on_targets: Vec<Cond>,
    /// Per player, `only_if` with the player it names folded in (`False`:
    /// the rule is never the player's).
    ///
    /// `targets`, `to_on_targets` and `only_if_for` are worked out once by
    /// the lowering, from the board, its zones and the player (`Statics`),
    /// as it makes the rule; later passes only rewrite them into forms that
    /// say the same (`only_if_for`'s lines read from masks by
    /// `Game::precompute_lines`, `to_on_targets` guarded by what tops a field).
    pub only_if_for: Vec<Cond>,
    /// Which fast paths serve its moves, chosen by the compiler (see [`RulePlan`]).
    pub plan: RulePlan,
    // Stack moves (issue 45; `engine/stack_moves.rs`).
    /// Which pieces of the stack it leaves move (default: the top one).
    pub carry: crate::ruleset::Carry,
    /// What its jump does to an enemy stack jumped (default: captures it).
    pub on_jumped: crate::ruleset::OnJumped,
    // --- choices inside a move (issue 45) ---
    /// Where a `Promote` offers a choice: the kinds offered and where (`on`,
    /// read on the landing field before the move): each landing there is one
    /// move per kind (see `engine/choices.rs`).
    pub choices: Option<Box<(Vec<crate::piece::KindId>, Cond)>>,
    // --- approach and withdrawal (issue 45) ---
    /// The numbers (from 1, one a label in the whole game) of its capture runs
    /// that are choices inside the move, in order: each move is listed once
    /// per such run that takes something (see `engine/run_choices.rs`).
    pub run_choices: Vec<u8>,
}

impl Rule {
    /// In [`MotionPlan::WalkPaths`]' lists: no paths to scan from that field.
    pub(crate) const NO_PATHS: u32 = u32::MAX;

    /// Whether where a piece the rule puts comes to rest reads the fields
    /// taken alone, the rule planned as `plan`: no fall, or a fall along
    /// [`FallLines`] ([`Rule::rest_by_bits`]).
    pub(crate) fn rests_by_bits(&self, plan: &RulePlan) -> bool {
        self.motion.facts().falls.is_none() || plan.motion.fall_lines().is_some()
    }

    /// Where a piece the rule puts on `to` comes to rest, `taken` the fields a
    /// piece tops, where [`Rule::rests_by_bits`] under its plan.
    #[inline(always)]
    pub(crate) fn rest_by_bits(&self, taken: u64, to: FieldId) -> FieldId {
        match &self.plan.motion {
            MotionPlan::FallLines(lines) => lines.rest(taken, to),
            MotionPlan::General
            | MotionPlan::DieRuns(_)
            | MotionPlan::SowEnds(_)
            | MotionPlan::WalkPaths(_)
            | MotionPlan::JumpLines(_)
            | MotionPlan::PlaceRuns(_) => to,
        }
    }

    /// The tests the rule makes of a field as it makes its moves: `to` (as
    /// written and as it reads on its targets), `from`, and what its motion
    /// asks of the fields it passes, jumps, enters, leaves or skips.
    pub(crate) fn field_tests_mut(&mut self) -> Vec<&mut Cond> {
        let mut tests: Vec<&mut Cond> = vec![&mut self.to, &mut self.from];
        tests.extend(self.to_on_targets.iter_mut());
        match &mut self.motion {
            Motion::Slide { pass, .. } | Motion::Run { pass, .. } | Motion::RunOff { pass, .. } => tests.push(pass),
            Motion::Jump { over, .. } => tests.push(over),
            Motion::Sow { skip, .. } => tests.push(skip),
            Motion::Walk { walk, .. } => tests.push(&mut walk.pass),
            Motion::Enter { via, walk, .. } | Motion::Exit { via, walk, .. } => {
                tests.push(via);
                tests.push(&mut walk.pass);
            }
            Motion::Step(_) | Motion::Leap(_) | Motion::Place { .. } | Motion::Lift | Motion::Fly | Motion::Pass => {}
        }
        tests
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Motion {
    /// One step in one of some directions.
    Step(Reach),
    /// To the fields the offsets give (no direction).
    Leap(Reach),
    Slide {
        dirs: Vec<DirId>,
        max: u8,
        pass: Cond,
    },
    Place {
        bottom: bool,
        fall: Option<DirId>,
    },
    Lift,
    /// To any field where the rule's `to` holds.
    Fly,
    Run {
        dirs: Vec<DirId>,
        distance: Distance,
        pass: Cond,
    },
    RunOff {
        dirs: Vec<DirId>,
        distance: Distance,
        pass: Cond,
        /// A longer distance leaves too; with `remainder` its rest moves another piece.
        over: bool,
        remainder: bool,
    },
    Walk {
        walk: Walk,
        steps: Distance,
    },
    /// From the hand onto a field where `via` holds, then a walk of the
    /// rest of its steps (its paths, worked out before play, are in the
    /// rule's plan: see [`WalkPlan`]).
    Enter {
        via: Cond,
        steps: Distance,
        walk: Walk,
    },
    /// A walk of its steps, the last off the board from a field where `via` holds.
    Exit {
        via: Cond,
        steps: Distance,
        walk: Walk,
    },
    /// The whole stack, one piece on each following field (see `Motion::Sow`).
    Sow {
        dirs: Vec<DirId>,
        skip: Cond,
        skip_origin: bool,
    },
    /// No piece moves: a voluntary pass (see `MotionDef::Pass`).
    Pass,
    /// Over a field where `over` holds to the field beyond, capturing; with
    /// `fly`, over empty fields before it and onto any empty field after it.
    Jump {
        dirs: Vec<DirId>,
        over: Cond,
        fly: bool,
        /// A hop (issue 45): the jumped piece stays; see `MotionDef::Jump`.
        hop: bool,
    },
}

impl Rule {
    /// A flying jump whose capture chain must go on.
    pub(crate) fn flies_in_chains(&self) -> bool {
        matches!(self.motion, Motion::Jump { fly: true, .. }) && self.continues.is_some_and(|c| c.must)
    }

    /// A hop (a `Jump` with `hop: true`): it captures nothing, and a chain
    /// goes on after it with more hops.
    pub(crate) fn hops(&self) -> bool {
        matches!(self.motion, Motion::Jump { hop: true, .. })
    }

    /// Where the rule jumps over what a mask of tops says (its `over`),
    /// landing by bits, from any piece of its kinds: its directions, that
    /// mask and its landing bits (the generator's tight loop for jumps,
    /// outside a chain).
    pub(crate) fn jump_by_masks(&self) -> Option<(&[DirId], u8, &LandingBits)> {
        let (Some(bits), Cond::True) = (self.plan.landing.bits(), &self.from) else { return None };
        let Motion::Jump { dirs, over, fly: false, .. } = &self.motion else { return None };
        over.tops_mask().map(|over| (dirs.as_slice(), over, bits))
    }

    /// Where the rule walks (or leaves by a walk) along paths worked out
    /// before play, passing, and starting from fields, by what tops them: the
    /// generator's loop over the pieces with one pass word (see `WalkByPaths`).
    pub(crate) fn walk_by_paths(&self) -> Option<WalkByPaths<'_>> {
        match &self.plan.motion {
            MotionPlan::WalkPaths(lists) => self.walk_parts(&self.plan.walk).map(|by| WalkByPaths { lists, ..by }),
            MotionPlan::General
            | MotionPlan::FallLines(_)
            | MotionPlan::DieRuns(_)
            | MotionPlan::SowEnds(_)
            | MotionPlan::JumpLines(_)
            | MotionPlan::PlaceRuns(_) => None,
        }
    }

    /// The parts of a walk or exit with its paths worked out (`planned`),
    /// passing and starting by masks over what tops a field, however far it
    /// goes (what `Game::rule_plan` reads to choose [`MotionPlan::WalkPaths`]); no lists yet.
    pub(crate) fn walk_parts<'r>(&'r self, planned: &'r WalkPlan) -> Option<WalkByPaths<'r>> {
        let (walk, steps, paths, exit) = match &self.motion {
            Motion::Walk { walk, steps } => (walk, *steps, planned.paths()?, false),
            // (An exit scans its paths out: see `WalkPlan::via_paths`.)
            Motion::Exit { walk, steps, .. } => (walk, *steps, planned.via_paths()?, true),
            // (An entry's paths are read by `enter_moves`; no other motion walks.)
            _ => return None,
        };
        let (pass, from) = (walk.pass.tops_mask()?, self.from.tops_mask()?);
        Some(WalkByPaths { walk, steps, paths, exit, pass, from, lists: &[] })
    }

    /// The rule's walk with its paths, where it walks (see [`PlannedWalk`]).
    #[cfg(test)]
    pub(crate) fn planned_walk(&self) -> Option<PlannedWalk<'_>> {
        self.motion.walk().map(|walk| PlannedWalk { walk, paths: self.plan.walk.paths() })
    }

    /// Whether a move by this rule may leave its mover a choice that
    /// completes the move: a capture chosen, or a chain that goes on.
    pub(crate) fn may_leave_a_choice(&self) -> bool {
        self.choice().is_some() || self.continues.is_some()
    }

    /// The rule's `CaptureChosen`, if it has one.
    pub(crate) fn choice(&self) -> Option<&Choice> {
        self.effects.iter().find_map(|e| match e {
            Effect::CaptureChosen(c) => Some(&**c),
            _ => None,
        })
    }
}
