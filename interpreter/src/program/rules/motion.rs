//! What each motion is, as the compiler and the engine ask it: one table,
//! [`Motion::facts`], one row a motion. Every row writes every field, so a
//! new motion fails to compile until its row answers every question, and a
//! new question until every row answers it. The parts of a motion (its
//! walk, its `via`, its directions) are read by the exhaustive `match`es
//! that need them.

use super::{Cond, Motion, Walk};
use crate::board::DirId;
use crate::moves::Action;

/// What a motion is (see the module's comment): a row of [`Motion::facts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MotionFacts {
    /// The action of the moves it makes.
    pub action: Action,
    /// Whether whether a piece has a move must be asked of the generator:
    /// a walk needs the generator's walking state, a sowing or lift is made
    /// by the generator's own loop (see `Game::piece_has_move`).
    pub probed_by_generator: bool,
    /// Whether a move only puts its piece down on its target, from the hand
    /// or from the field it leaves, taking what arrives there takes: no
    /// piece jumped, none put under a stack, none taken off, no stack sown.
    /// (One of the conditions of a plain rule: see [`super::Applying::Plain`].)
    pub only_puts_down: bool,
    /// Whether a piece it puts from the hand stays on top of the field it is
    /// put on, arriving there as a move does: not under the stack, not falling.
    pub puts_down_where_put: bool,
    /// Whether a piece it puts from the hand goes under the stack of the field.
    pub puts_under: bool,
    /// The direction a piece it puts falls in, if it falls.
    pub falls: Option<DirId>,
    /// Whether its moves jump over a field, capturing what they jump.
    pub jumps: bool,
    /// Whether it places a piece from the hand onto a field it names (its
    /// moves may be counted by bits: see [`super::Counting`]).
    pub places: bool,
    /// Whether it enters from the hand by a walk (its moves come from the
    /// walks' loop too: see [`super::RulesLoop::WalksOnly`]).
    pub enters: bool,
    /// Whether an exchange on arrival sends the enemy to a field (the one
    /// the mover left): not for a piece entering from the hand by a walk.
    pub exchange_sends_to_field: bool,
}

impl MotionFacts {
    /// A move over the board to a field it lands on: a step, a leap, a slide,
    /// a flight, a run, a walk.
    const LANDS: MotionFacts = MotionFacts {
        action: Action::Board,
        probed_by_generator: false,
        only_puts_down: true,
        puts_down_where_put: false,
        puts_under: false,
        falls: None,
        jumps: false,
        places: false,
        enters: false,
        exchange_sends_to_field: true,
    };
    /// A walk: a board move whose probe needs the generator's walking state.
    const WALKS: MotionFacts = MotionFacts { probed_by_generator: true, ..MotionFacts::LANDS };
    /// A jump over a field, capturing.
    const JUMPS: MotionFacts = MotionFacts {
        action: Action::Board,
        probed_by_generator: false,
        only_puts_down: false,
        puts_down_where_put: false,
        puts_under: false,
        falls: None,
        jumps: true,
        places: false,
        enters: false,
        exchange_sends_to_field: true,
    };
    /// A piece put from the hand on top of a field it names (`Place`, before
    /// what its `bottom` and `fall` say: see [`Motion::facts`]).
    const PLACES: MotionFacts = MotionFacts {
        action: Action::Place,
        probed_by_generator: false,
        only_puts_down: true,
        puts_down_where_put: true,
        puts_under: false,
        falls: None,
        jumps: false,
        places: true,
        enters: false,
        exchange_sends_to_field: true,
    };
    /// A piece brought in from the hand by a walk.
    const ENTERS: MotionFacts = MotionFacts {
        action: Action::Place,
        probed_by_generator: false,
        only_puts_down: true,
        puts_down_where_put: true,
        puts_under: false,
        falls: None,
        jumps: false,
        places: false,
        enters: true,
        exchange_sends_to_field: false,
    };
    /// A piece taken off the board along a run (`RunOff`).
    const RUNS_OFF: MotionFacts = MotionFacts {
        action: Action::Exit,
        probed_by_generator: false,
        only_puts_down: false,
        puts_down_where_put: false,
        puts_under: false,
        falls: None,
        jumps: false,
        places: false,
        enters: false,
        exchange_sends_to_field: true,
    };
    /// A piece taken off the board by a walk (`Exit`).
    const EXITS: MotionFacts = MotionFacts { probed_by_generator: true, ..MotionFacts::RUNS_OFF };
    /// A piece taken from the board back to the hand.
    const LIFTS: MotionFacts = MotionFacts {
        action: Action::Lift,
        probed_by_generator: true,
        only_puts_down: false,
        puts_down_where_put: false,
        puts_under: false,
        falls: None,
        jumps: false,
        places: false,
        enters: false,
        exchange_sends_to_field: true,
    };
    /// A stack sown one piece a field.
    const SOWS: MotionFacts = MotionFacts {
        action: Action::Sow,
        probed_by_generator: true,
        only_puts_down: false,
        puts_down_where_put: false,
        puts_under: false,
        falls: None,
        jumps: false,
        places: false,
        enters: false,
        exchange_sends_to_field: true,
    };
    /// No piece moves.
    const PASSES: MotionFacts = MotionFacts {
        action: Action::Pass,
        probed_by_generator: false,
        only_puts_down: false,
        puts_down_where_put: false,
        puts_under: false,
        falls: None,
        jumps: false,
        places: false,
        enters: false,
        exchange_sends_to_field: true,
    };
}

impl Motion {
    /// What the motion is: its row of the table (see [`MotionFacts`]).
    #[inline(always)]
    pub(crate) fn facts(&self) -> MotionFacts {
        match self {
            Motion::Step(_) | Motion::Leap(_) | Motion::Slide { .. } | Motion::Fly | Motion::Run { .. } => {
                MotionFacts::LANDS
            }
            Motion::Walk { .. } => MotionFacts::WALKS,
            Motion::Jump { .. } => MotionFacts::JUMPS,
            Motion::Place { bottom, fall } => MotionFacts {
                only_puts_down: !bottom,
                puts_down_where_put: !bottom && fall.is_none(),
                puts_under: *bottom,
                falls: *fall,
                ..MotionFacts::PLACES
            },
            Motion::Enter { .. } => MotionFacts::ENTERS,
            Motion::RunOff { .. } => MotionFacts::RUNS_OFF,
            Motion::Exit { .. } => MotionFacts::EXITS,
            Motion::Lift => MotionFacts::LIFTS,
            Motion::Sow { .. } => MotionFacts::SOWS,
            Motion::Pass => MotionFacts::PASSES,
        }
    }

    /// The action of the moves the motion makes.
    #[inline(always)]
    pub(crate) fn action(&self) -> Action {
        self.facts().action
    }

    /// See [`MotionFacts::probed_by_generator`].
    pub(crate) fn probed_by_generator(&self) -> bool {
        self.facts().probed_by_generator
    }

    /// See [`MotionFacts::only_puts_down`].
    pub(crate) fn only_puts_down(&self) -> bool {
        self.facts().only_puts_down
    }

    /// See [`MotionFacts::puts_down_where_put`].
    #[inline(always)]
    pub(crate) fn puts_down_where_put(&self) -> bool {
        self.facts().puts_down_where_put
    }

    /// See [`MotionFacts::puts_under`].
    #[inline(always)]
    pub(crate) fn puts_under(&self) -> bool {
        self.facts().puts_under
    }

    /// See [`MotionFacts::jumps`].
    #[inline(always)]
    pub(crate) fn jumps(&self) -> bool {
        self.facts().jumps
    }

    /// The walk of a motion that walks, enters or leaves by a walk.
    pub(crate) fn walk(&self) -> Option<&Walk> {
        match self {
            Motion::Walk { walk, .. } | Motion::Enter { walk, .. } | Motion::Exit { walk, .. } => Some(walk),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. }
            | Motion::Pass => None,
        }
    }

    /// The fields an entry comes in by or an exit leaves by (`via`).
    pub(crate) fn via(&self) -> Option<&Cond> {
        match self {
            Motion::Enter { via, .. } | Motion::Exit { via, .. } => Some(via),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. }
            | Motion::Pass => None,
        }
    }

    /// [`Motion::via`], to change.
    pub(crate) fn via_mut(&mut self) -> Option<&mut Cond> {
        match self {
            Motion::Enter { via, .. } | Motion::Exit { via, .. } => Some(via),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. }
            | Motion::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows say what the motions said property by property before the
    /// table: a placement's `bottom` and `fall` read as they were.
    #[test]
    fn a_placement_reads_its_bottom_and_fall() {
        let on_top = Motion::Place { bottom: false, fall: None }.facts();
        assert!(on_top.only_puts_down && on_top.puts_down_where_put && !on_top.puts_under && on_top.places);
        let under = Motion::Place { bottom: true, fall: None }.facts();
        assert!(!under.only_puts_down && !under.puts_down_where_put && under.puts_under);
        let falling = Motion::Place { bottom: false, fall: Some(2) }.facts();
        assert!(falling.only_puts_down && !falling.puts_down_where_put && falling.falls == Some(2));
        let enters = Motion::Enter { via: Cond::True, steps: crate::ruleset::Distance::Const(1), walk: walk() };
        assert_eq!(enters.facts().action, Action::Place);
        assert!(enters.facts().enters && !enters.facts().exchange_sends_to_field && !enters.facts().places);
        assert!(Motion::Lift.facts().probed_by_generator && !Motion::Pass.facts().only_puts_down);
    }

    fn walk() -> Walk {
        Walk { dirs: Vec::new(), turns: false, pass: Cond::True, double_again: false, returns: false }
    }
}
