//! The plan of a phase's `RequireAfter` filters decided before the move
//! ([`Foresight`], issue 48): which parts of a filter's test after a move
//! the state before it proves, and which rules' moves the proof covers.
//!
//! The proof rests on one fact of a move, that it *fills only its landing*:
//! it ends with its piece on its `to`, which `State::last_to` then names,
//! and puts no piece on any other field. Its captures only empty fields and
//! its effects change the piece moved, owners, counters or marks. So a field
//! other than `to` that is empty before the move is empty after it, and a
//! test that holds on an empty field holds there after it: a `Reach` from
//! the field moved to whose goal holds on an empty field holds at once where
//! such a field is next to `to` (a stone with a liberty beside it keeps it,
//! whatever it captures). `Passed` after a move is whether it is a pass.
//!
//! Where no field beside `to` is empty, a `Reach` through `Like` to `Empty`
//! after a placement that changes the board only by its piece and the enemy
//! groups it takes holds iff the placement takes a group beside `to` (its
//! fields are then empty, next to `to`) or the mover's pieces joined to `to`
//! reach an empty field: the others' pieces and the empty fields are the
//! same after the move but for `to` and the groups taken, so both searches
//! read the state before with `to` counted as the mover's.
//!
//! A placement *put alone* changes the board by its piece alone unless it
//! captures a group, and a group next to its landing with an empty field
//! beside it (other than the landing) keeps that liberty: where every
//! enemy group beside the landing has one, and the mover's too (the landing
//! has an empty neighbour) where its own group may go, it captures nothing,
//! and in a game without marks the position after it is the position before
//! with the piece put, whose key `Repeated` looks up in the history.

use crate::piece::Captured;
use crate::program::rules::{Effect, Foreseen, ForeseenFilter, Foresight, Motion, Phase, Rule};
use crate::program::{Cond, Game, ReachSearch, ReachStart};
use crate::ruleset::Carry;

impl Game {
    /// What `phase`'s `RequireAfter` filters decide before a move, if any
    /// part of one does (see the module).
    pub(super) fn foresight(&self, phase: &Phase) -> Option<Box<Foresight>> {
        // A captured piece put back on the board, a field that sends a piece
        // on, or the last field moved to not kept: no move fills only its landing.
        let captures_empty =
            self.kinds.iter().all(|k| matches!(k.captured, Captured::Remove | Captured::ToHand | Captured::ToOwner));
        let lands_on_to = self.fields.iter().all(|f| f.send_to.is_none());
        let fill_only_landing: Vec<bool> = phase
            .rules
            .iter()
            .map(|rule| captures_empty && lands_on_to && self.reads_last_to && fills_only_landing(rule))
            .collect();
        // Without marks, a position's key is its board's and its phase's (`State::repetition_key`);
        // the phase is the one before the move only where no `until` may end it.
        let keyed_by_board = self.marks.slots == 0 && phase.until.is_none();
        let alone: Vec<bool> =
            phase.rules.iter().zip(&fill_only_landing).map(|(rule, &fills)| fills && puts_alone(rule)).collect();
        let put_alone: Vec<bool> = alone.iter().map(|&alone| keyed_by_board && alone).collect();
        let proof = Proof { keyed_by_board, rules: &phase.rules, alone: &alone };
        let filters: Vec<Option<ForeseenFilter>> = phase
            .filters
            .iter()
            .map(|filter| match filter {
                crate::program::rules::Filter::RequireAfter { cond, .. } => {
                    let sides = ForeseenFilter {
                        after_pass: proof.foreseen(cond, true),
                        after_other: proof.foreseen(cond, false),
                    };
                    (sides.after_pass.decides_some() || sides.after_other.decides_some()).then_some(sides)
                }
                _ => None,
            })
            .collect();
        filters.iter().any(Option::is_some).then(|| Box::new(Foresight { filters, fill_only_landing, put_alone }))
    }
}

/// Whether every move of `rule` fills only its landing, as far as the rule
/// says (the game's part is asked by [`Game::foresight`]): a piece put
/// down or moved alone onto its `to`, its effects putting no piece anywhere.
fn fills_only_landing(rule: &Rule) -> bool {
    let motion = match &rule.motion {
        Motion::Place { .. } => true,
        Motion::Step(_) | Motion::Leap(_) | Motion::Slide { .. } | Motion::Fly => rule.carry == Carry::Piece,
        // A jump takes or keeps what it jumps; a walk, run, entry or exit may
        // leave the board or end elsewhere; a sowing fills many fields.
        Motion::Jump { .. }
        | Motion::Run { .. }
        | Motion::RunOff { .. }
        | Motion::Walk { .. }
        | Motion::Enter { .. }
        | Motion::Exit { .. }
        | Motion::Sow { .. }
        | Motion::Lift
        | Motion::Pass => false,
    };
    motion && rule.effects.iter().all(puts_no_piece)
}

/// Whether `rule` places a piece from the hand where it is put (no fall,
/// not under a stack) and changes nothing else a position's key reads but
/// by capturing groups: see [`Foresight::put_alone`].
fn puts_alone(rule: &Rule) -> bool {
    matches!(rule.motion, Motion::Place { bottom: false, fall: None })
        && rule
            .effects
            .iter()
            .all(|e| matches!(e, Effect::CaptureGroups { .. } | Effect::Counter(_) | Effect::CounterIf(_)))
}

/// Whether `effect` puts no piece on any field (it may take pieces off).
fn puts_no_piece(effect: &Effect) -> bool {
    match effect {
        Effect::Flip | Effect::Tip | Effect::TurnClockwise | Effect::Promote { .. } | Effect::Claim(_) => true,
        Effect::Enclose(_) | Effect::CaptureRun(_) | Effect::CaptureGroups { .. } | Effect::CaptureChosen(_) => true,
        Effect::Counter(_) | Effect::CounterIf(_) | Effect::Mark(_) => true,
        Effect::Spawn { .. } | Effect::Bring(_) => false,
    }
}

/// What the compiler knows of a phase's moves while it reads a filter's test.
struct Proof<'a> {
    /// No marks and no `until`: a position's key after a quiet placement is the board's before with its piece.
    keyed_by_board: bool,
    rules: &'a [Rule],
    /// Per rule: its moves fill only their landing and are placements put alone (`puts_alone`).
    alone: &'a [bool],
}

impl Proof<'_> {
    /// A `RequireAfter` test as the state before a move decides it (see
    /// [`Foreseen`]), after a pass (`passed`) or after any other move.
    fn foreseen(&self, cond: &Cond, passed: bool) -> Foreseen {
        let part = |c: &Cond| self.foreseen(c, passed);
        match cond {
            Cond::True => Foreseen::Is(true),
            Cond::False => Foreseen::Is(false),
            Cond::Passed => Foreseen::Is(passed),
            Cond::Reach(r) if r.from == ReachStart::Moved && holds_on_empty(&r.to) => {
                Foreseen::EmptyBeside { dirs: r.dirs.clone(), searched: self.searched(r) }
            }
            Cond::Repeated { times, within, compare } if self.keyed_by_board => {
                Foreseen::Repeated { times: *times, within: *within, compare: *compare }
            }
            Cond::All(parts) => Foreseen::each(parts.iter().map(part).collect(), false),
            Cond::Any(parts) => Foreseen::each(parts.iter().map(part).collect(), true),
            Cond::Not(negated) => Foreseen::not(part(negated)),
            _ => Foreseen::Unknown,
        }
    }

    /// Per rule: whether the `Reach` `r` after its moves is decided whole
    /// by a search on the state before (see [`Foreseen::EmptyBeside`]): `r`
    /// goes through `Like` to `Empty` alone, and the rule's moves are put
    /// alone, taking only enemy groups along some of `r`'s directions (a
    /// group taken leaves an empty field beside the landing that `r` reads).
    fn searched(&self, r: &ReachSearch) -> Vec<bool> {
        let to_empty = matches!(r.to, Cond::Empty) || r.to == Cond::Tops(Cond::EMPTY);
        let takes_beside = |e: &Effect| match e {
            Effect::CaptureGroups { dirs, own } => !own && dirs.iter().all(|d| r.dirs.contains(d)),
            _ => true,
        };
        self.rules
            .iter()
            .zip(self.alone)
            .map(|(rule, &alone)| to_empty && r.through == Cond::Like && alone && rule.effects.iter().all(takes_beside))
            .collect()
    }
}

/// Whether a field test surely holds on an empty field, whatever else it reads.
fn holds_on_empty(test: &Cond) -> bool {
    match test {
        Cond::Empty | Cond::True => true,
        Cond::Tops(mask) => mask & Cond::EMPTY != 0,
        _ => false,
    }
}
