//! Repetition (`Repeated`): its lowering, where it may stand, and whether a
//! game keeps the history of its positions at all.

use super::Ctx;
use super::locate::Seg;
use crate::program::rules::{End, Filter, Phase};
use crate::program::{Cond, Game};
use crate::ruleset::Compared;
use crate::state::History;

/// `Repeated(times, within, compare)` lowered: `times` from 1, a window of at least one position.
pub(super) fn repeated(ctx: &mut Ctx, times: u8, within: Option<u16>, compare: Compared) -> Cond {
    if times == 0 {
        ctx.at(Seg::Field("times"), |ctx| ctx.error("expected 1 or more: how many times the position occurred before"));
    }
    if within == Some(0) {
        ctx.at(Seg::Field("within"), |ctx| {
            ctx.error("expected 1 or more: the last n positions (leave `within` out for the whole game)");
        });
    }
    Cond::Repeated { times: times.max(1), within: within.map_or(0, u32::from), compare }
}

/// An error where a test that asks whether a position repeats stands
/// anywhere but after a move (an end `at: AfterMove`, a turn filter's
/// `cond`): at the start of a turn or in a rule's `only_if` no move has just
/// been made, and a phase's `until` or an effect's test reads a position not
/// yet, or already, in the history.
pub(super) fn after_a_move_only(ctx: &mut Ctx, test: &Cond, field: &'static str) {
    if test.reads_history() {
        ctx.at(Seg::Field(field), |ctx| {
            ctx.error(
                "`Repeated` compares the position after a move: use it in an end `at: AfterMove` or in a turn \
                 filter's `cond`",
            );
        });
    }
}

/// Whether some test of `phases` or `ends` asks whether a position repeats
/// (`Game::keeps_history`): only then is the history kept. (It may stand
/// only in the ends and the turn filters: see [`after_a_move_only`].)
pub(super) fn keeps_history(phases: &[Phase], ends: &[End]) -> bool {
    let ends = ends.iter().map(|e| &e.test);
    let phases = phases.iter().flat_map(|p| {
        p.filters.iter().flat_map(|f| match f {
            Filter::RequireAfter { cond, .. } => Some(cond),
            Filter::Capture { .. } | Filter::MostCaptures => None,
            Filter::MostValues | Filter::HighestValues => None,
        })
    });
    ends.chain(phases).any(Cond::reads_history)
}

/// Whether the engine reads the pieces' key during play
/// (`Game::keys_kept`): to compare positions with the history, or those a
/// turn filter's search of the rest of a turn reaches (`engine/dice.rs`).
pub(super) fn keys_kept(keeps_history: bool, phases: &[Phase]) -> bool {
    keeps_history
        || phases.iter().flat_map(|p| &p.filters).any(|f| matches!(f, Filter::MostValues | Filter::HighestValues))
}

impl Game {
    /// Where the game keeps the history of its positions, starts it at the
    /// initial position; where it reads no key of its pieces during play,
    /// its states keep none.
    pub(super) fn start_history(&mut self) {
        self.initial.keep_keys(self.keys_kept);
        if self.keeps_history {
            // (The start has no marks: its key is the engine's `position_key` too.)
            let key = self.initial.repetition_key(self.initial.player_before(self.initial.to_move()));
            self.initial.set_history(History::start(key));
        }
    }
}
