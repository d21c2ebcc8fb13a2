//! Dice pools (issue 45): a throw of several dice kept in the state as a
//! pool of values ([`Dice`]), each move spending one. The moves of a
//! decision are those the phase's rules make with each distinct value left
//! as the throw (`distance: Throw`, `Thrown`), and a move spends the
//! smallest value with which it is made. The turn goes on while values are
//! left and a move exists (the decisions left are the values left); the
//! rest is lost when it ends. The turn filters `MostValues` and
//! `HighestValues` judge whole turns: a bounded search over the sequences
//! of the turn's moves, its positions compared so that each is searched once.

use super::Filter;
use super::emit::Emit;
use super::scratch::{ScratchState, scratch_moves, scratch_numbers};
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Action, Move};
use crate::piece::Player;
use crate::program::Game;
use crate::state::{Dice, Pending, State};
use std::cell::RefCell;
use std::collections::HashMap;

/// The most positions one judgement of whole turns plays (`MostValues`,
/// `HighestValues`); past it, a turn counts as far as it was followed. A
/// turn of four dice on a board of 24 points plays a few thousand.
const MOST_TURN_POSITIONS: u32 = 200_000;

/// What a turn spends, as the filters in force compare it (first the first).
type Spent = [u16; 2];

impl Game {
    /// [`Game::generate`] where a pool is thrown: the moves with each
    /// distinct value left as the throw, smallest first, each move once.
    pub(super) fn generate_by_pool(&self, s: &State, me: Player, only: Option<FieldId>, emit: &mut impl Emit) {
        let mut one = ScratchState::of(s);
        one.dice = Dice::NONE;
        let mut made = scratch_moves();
        for v in s.dice.distinct_left() {
            one.throw = Some(v);
            let mut go_on = true;
            self.generate_of_throw(&one, me, only, &mut |m: Move| {
                if !made.contains(&m) {
                    made.push(m);
                    go_on = emit.emit(m);
                }
                go_on
            });
            if !go_on {
                return;
            }
        }
    }

    /// The value of the pool that move `m` spends: the smallest with which
    /// the phase's rules make it (`None` for a move no value makes: a pass).
    pub(crate) fn pool_value_of(&self, s: &State, m: Move) -> Option<u8> {
        if !matches!(m.action, Action::Board | Action::Place | Action::Lift | Action::Exit | Action::Sow) {
            return None;
        }
        let mut one = ScratchState::of(s);
        one.dice = Dice::NONE;
        let only = (m.from != NO_FIELD).then_some(m.from);
        s.dice.distinct_left().find(|&v| {
            one.throw = Some(v);
            let mut found = false;
            self.generate_of_throw(&one, s.to_move, only, &mut |made: Move| {
                found = made == m;
                !found
            });
            found
        })
    }

    /// Before move `m` is made where a pool is thrown: the value it spends
    /// is taken from the pool and is the throw while the move is made.
    #[inline(never)]
    pub(super) fn spend_die(&self, s: &mut State, m: Move) {
        if let Some(v) = self.pool_value_of(s, m) {
            s.dice.spend(v);
            s.throw = Some(v);
        }
    }

    /// The turn filters on pools, from the first in the phase's list: keeps
    /// the moves that begin a turn spending the most (in the order of the
    /// filters: the most values, the highest total). The others are skipped
    /// where the first is met (`filter_moves`).
    pub(super) fn keep_best_turns(&self, s: &State, moves: &mut Vec<Move>) {
        if !s.dice.is_active() || moves.is_empty() {
            return;
        }
        let mut order = [None, None];
        let pool_filters = self.phases[usize::from(s.phase)]
            .filters
            .iter()
            .filter(|f| matches!(f, Filter::MostValues | Filter::HighestValues));
        for (slot, f) in order.iter_mut().zip(pool_filters) {
            *slot = Some(f.clone());
        }
        let mut search = TurnSearch { order, left: MOST_TURN_POSITIONS, me: s.to_move };
        // The positions this turn's earlier decisions searched are kept for
        // the later ones (engine/turn_cache.rs); another turn's are cleared.
        if !self.turn_cache_holds(s) {
            SEEN.with(|seen| seen.borrow_mut().clear());
        }
        // Each move's spending packed in one number (the first filter's in
        // the high half), so that numbers compare as the filters do; kept in
        // a per-thread list, as no move allocates.
        let mut spent = scratch_numbers();
        spent.clear();
        spent.extend(moves.iter().map(|&m| pack(self.spent_by(s, m, &mut search))));
        let best = spent.iter().copied().max().unwrap_or_default();
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            spent[i - 1] == best
        });
    }

    /// The most a turn that begins with `m` spends (as `search.order` compares).
    fn spent_by(&self, s: &State, m: Move, search: &mut TurnSearch) -> Spent {
        let Some(v) = self.pool_value_of(s, m) else { return [0; 2] };
        search.left = search.left.saturating_sub(1);
        let mut next = ScratchState::of(s);
        self.play_unchecked(&mut next, m);
        let rest = if search.left > 0 && search.goes_on(s, &next) { self.best_rest(&next, search) } else { [0; 2] };
        let mut key = [0; 2];
        for ((k, f), r) in key.iter_mut().zip(search.order.iter()).zip(rest) {
            let own = match f {
                Some(Filter::MostValues) => 1,
                Some(_) => u16::from(v),
                None => 0,
            };
            *k = own + r;
        }
        key
    }

    /// The most the rest of the turn from `s` spends.
    fn best_rest(&self, s: &State, search: &mut TurnSearch) -> Spent {
        // Positions are told apart by their hash, as a transposition table
        // does: a state as key would be copied, and allocate, at every entry.
        let key = s.position_hash();
        if let Some(known) = SEEN.with(|seen| seen.borrow().get(&key).copied()) {
            return known;
        }
        let mut moves = scratch_moves();
        self.generate_by_pool(s, s.to_move, None, &mut |m: Move| {
            moves.push(m);
            true
        });
        // No turn from `s` spends more than the values left (their count,
        // their sum): once a move reaches that, the others need no search.
        let most = search.most_from(s);
        let mut best = Spent::default();
        for &m in moves.iter() {
            best = best.max(self.spent_by(s, m, search));
            if best == most {
                break;
            }
        }
        SEEN.with(|seen| seen.borrow_mut().insert(key, best));
        best
    }
}

thread_local! {
    /// The positions of the turn being judged, by hash, with the most the
    /// rest of the turn spends from them: cleared for each judgement, its
    /// room kept, so that judging a turn allocates nothing once warm.
    static SEEN: RefCell<HashMap<u64, Spent>> = RefCell::new(HashMap::new());
}

/// A turn's spending as one number that compares as the array does.
fn pack(spent: Spent) -> u32 {
    u32::from(spent[0]) << 16 | u32::from(spent[1])
}

/// A judgement of whole turns under way.
struct TurnSearch {
    /// The pool filters in force, in order: what a turn's spending compares first.
    order: [Option<Filter>; 2],
    /// Positions the search may still play.
    left: u32,
    me: Player,
}

impl TurnSearch {
    /// The most any turn from `s` can spend, as `order` compares: each
    /// move spends one value, so at most all that are left.
    fn most_from(&self, s: &State) -> Spent {
        self.order.each_ref().map(|f| match f {
            Some(Filter::MostValues) => u16::from(s.dice.count_left()),
            Some(_) => s.dice.left().map(u16::from).sum(),
            None => 0,
        })
    }

    /// Whether the turn goes on from `before` in `after`: the same player's
    /// turn, nothing pending, a value left.
    fn goes_on(&self, before: &State, after: &State) -> bool {
        after.outcome.is_none()
            && after.to_move == self.me
            && after.turn == before.turn
            && after.pending == Pending::None
            && after.continuing.is_none()
            && after.dice.is_active()
    }
}
