//! Capture chains: the moves that go on with one, whether one can go on,
//! and how many pieces a whole chain takes (for "capture the most").

use super::Captures;
use super::emit::Emit;
use super::scratch::{ScratchState, scratch_moves, scratch_numbers};
use crate::moves::Move;
use crate::program::Game;
use crate::state::{Continuing, State};

/// The most jumps a chain is searched for when capturing the most is the rule
/// (each captures at least one piece, so real chains are far shorter).
pub(super) const MAX_CHAIN: u32 = 64;
/// The most positions the search for the longest capture chains of one
/// list of moves plays: their number grows with the ways a chain may branch,
/// and a board full of pieces to jump (9 by 9) took 40 s a move list. A
/// chain is counted as far as the search followed it: in the order the
/// moves are made, the same every time. Real games stay far below.
const MOST_CHAIN_POSITIONS: u32 = 100_000;

impl Game {
    /// Keeps the moves whose whole capture chain takes the most pieces (as
    /// far as [`MOST_CHAIN_POSITIONS`] lets the search see).
    pub(super) fn keep_most_captures(&self, s: &State, moves: &mut Vec<Move>) {
        let mut totals = scratch_numbers();
        let mut left = MOST_CHAIN_POSITIONS;
        totals.extend(moves.iter().map(|&m| self.chain_total(s, m, MAX_CHAIN, &mut left)));
        let best = totals.iter().copied().max().unwrap_or(0);
        if best > 0 {
            let mut i = 0;
            moves.retain(|_| {
                i += 1;
                totals[i - 1] == best
            });
        }
    }

    /// The most pieces a move captures together with the chain it may begin
    /// (searched to `depth` more jumps, playing at most `left` more positions,
    /// which it counts down; where they run out, a chain counts as far as it was followed).
    pub(super) fn chain_total(&self, s: &State, m: Move, depth: u32, left: &mut u32) -> u32 {
        *left = left.saturating_sub(1);
        let mut next = ScratchState::of(s);
        let captured = self.play_counting(&mut next, m);
        let Some(c) =
            next.continuing.filter(|_| depth > 0 && *left > 0 && !next.is_over() && next.to_move == s.to_move)
        else {
            return captured;
        };
        let mut more = scratch_moves();
        self.chain_moves(&next, c, &mut more);
        captured + more.iter().map(|&m| self.chain_total(&next, m, depth - 1, left)).max().unwrap_or(0)
    }

    /// The moves that go on with a capture chain: the chain's piece's
    /// capturing moves, and its hops (in the same direction, where the chain says so).
    pub(crate) fn chain_moves(&self, s: &State, c: Continuing, out: &mut Vec<Move>) {
        let mut scratch = None;
        self.chain_candidates(s, c, &mut |m: Move| {
            if c.allows(m.dir) && !out.contains(&m) && self.goes_on_chain(s, m, &mut scratch) {
                out.push(m);
            }
            true
        });
    }

    /// Whether a capture chain can go on.
    pub(crate) fn can_continue(&self, s: &State, c: Continuing) -> bool {
        let mut scratch = None;
        let mut any = false;
        self.chain_candidates(s, c, &mut |m: Move| {
            any = c.allows(m.dir) && self.goes_on_chain(s, m, &mut scratch);
            !any
        });
        any
    }

    /// The moves of the chain's piece among which those that go on with it
    /// are (see [`Game::goes_on_chain`]), in the generator's order: the
    /// moves of the rules that may capture or hop (issue 48: a rule whose
    /// moves never capture, a step, has nothing to add; the draughts games
    /// made every step of the piece after each jump, to drop them). Where
    /// fallback rules play only if the others make no move, or a pool of
    /// dice is spent, every rule's.
    fn chain_candidates(&self, s: &State, c: Continuing, emit: &mut impl Emit) {
        let (me, phase) = (s.to_move, &self.phases[usize::from(s.phase)]);
        let [ordinary, fallback] = &phase.playable[usize::from(me)];
        let (mut rules, mut n) = ([0u8; 32], 0);
        if !fallback.is_empty() || s.dice.is_thrown() || ordinary.len() > rules.len() {
            return self.generate(s, me, Some(c.field), emit);
        }
        for &r in ordinary {
            let rule = &phase.rules[usize::from(r)];
            rules[n] = r;
            n += usize::from(rule.plan.captures != Captures::Never || rule.hops());
        }
        self.moves_of_rules(s, me, &rules[..n], Some(c.field), emit);
    }
}
