//! The interpreter proper: tests, legal moves, applying a move, turns, chance
//! and the end of the game. It works on indices only; no name is looked up.

mod apply;
// attack and royal pieces (issue 45)
mod attack;
// legality filters (issue 45)
mod any_passes;
// compound moves (issue 45)
mod bring;
mod capture;
mod capture_filter; // a mandatory capture by the rules that capture (issue 48)
mod chains;
// choices inside a move (issue 45)
pub(crate) mod choices;
mod claim;
mod cond;
mod count;
mod counted_steps; // listed turns' steps counted by shifts (issue 48)
mod counted_turns;
mod counters;
mod dice;
mod emit;
mod end;
mod flat; // state conditions lowered flat (issue 48)
mod foresight; // a turn filter's test decided before the move (issue 48)
mod groups; // groups and their liberties, worked out once for a list of moves (issue 48)
mod known_moves;
mod listed_turns; // random turns of plain moves in one loop (issue 48)
mod marks;
mod motion;
mod movegen;
mod outline;
mod perft;
mod perft_made; // perft that makes every move, the last level's too (issue 48)
mod reach;
mod repetition;
mod royal_safety; // the royal filter by checkers and pins (issue 48)
mod run_choices; // approach and withdrawal (issue 45)
mod scratch;
mod stack_moves;
mod turn;
// A per-turn cache for dice pools (issue 45).
mod turn_cache;

pub(crate) use crate::program::Cond;
pub(crate) use crate::program::rules::*;
