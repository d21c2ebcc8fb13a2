//! Legal moves.

use super::{Motion, Rule, other};
use crate::board::{FieldId, NO_FIELD};
use crate::game::Game;
use crate::m::{Action, Move};
use crate::piece::Player;
use crate::state::{Pending, State};

impl Game {
    /// The legal moves in `state`: at a chance node, its outcomes; when nothing
    /// else can move, `pass`; when the game is over, none.
    pub fn legal_moves(&self, state: &State) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(state, &mut out);
        out
    }

    /// Like [`Game::legal_moves`], into a buffer that is cleared first (no allocation once warm).
    pub fn legal_moves_into(&self, s: &State, out: &mut Vec<Move>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        match s.pending {
            Pending::Chance(c) => {
                let n = self.chance[usize::from(c)].outcomes.len();
                out.extend((0..n).map(|i| Move { to: i as FieldId, ..Move::simple(Action::Chance) }));
                return;
            }
            Pending::Convert { kind, zone } => {
                let zone = &self.zones[usize::from(zone)];
                let free = |f: &FieldId| s.height(*f) == 0;
                if let Some(group) = zone.groups[usize::from(s.to_move.min(1))].iter().find(|g| g.iter().any(free)) {
                    out.extend(group.iter().filter(|f| free(f)).map(|&to| Move {
                        kind,
                        to,
                        ..Move::simple(Action::Convert)
                    }));
                }
                return;
            }
            Pending::None => {}
        }
        if let Some(c) = s.continuing {
            self.capturing_moves_from(s, c.field, out);
            if !c.must {
                out.push(Move::simple(Action::Stop));
            }
            return;
        }
        self.generate(s, None, &mut |m| {
            out.push(m);
            true
        });
        if out.is_empty() {
            out.push(Move::simple(Action::Pass));
        }
    }

    /// Whether the player to move has a move other than `pass`.
    pub(crate) fn has_move(&self, s: &State) -> bool {
        let mut any = false;
        self.generate(s, None, &mut |_| {
            any = true;
            false
        });
        any
    }

    /// The moves of the piece on `field` that capture something.
    pub(crate) fn capturing_moves_from(&self, s: &State, field: FieldId, out: &mut Vec<Move>) {
        let mut scratch = s.clone();
        self.generate(s, Some(field), &mut |m| {
            scratch.clone_from(s);
            if self.apply_core(&mut scratch, m) > 0 {
                out.push(m);
            }
            true
        });
    }

    /// Calls `emit` with each ordinary move (of the piece on `only`, if given)
    /// until it returns false.
    pub(crate) fn generate(&self, s: &State, only: Option<FieldId>, emit: &mut dyn FnMut(Move) -> bool) {
        let me = s.to_move;
        for (ri, rule) in self.phases[usize::from(s.phase)].rules.iter().enumerate() {
            let rule_id = ri as u8;
            match &rule.motion {
                Motion::Place { .. } => {
                    if only.is_some() {
                        continue;
                    }
                    for kind in 0..self.kinds.len() as u8 {
                        if rule.pieces & (1 << kind) == 0 || s.hand(me, kind) == 0 {
                            continue;
                        }
                        for to in self.board.fields() {
                            if s.height(to) < self.fields[usize::from(to)].limit
                                && self.eval(&rule.to, s, me, to)
                                && !emit(Move { action: Action::Place, rule: rule_id, kind, from: NO_FIELD, to })
                            {
                                return;
                            }
                        }
                    }
                }
                Motion::Lift => {
                    if only.is_some() {
                        continue;
                    }
                    for from in self.board.fields() {
                        // The topmost own piece of a listed kind, wherever it is in the stack.
                        let Some(p) =
                            s.stack(from).iter().rev().find(|p| p.owner == me && rule.pieces & (1 << p.kind) != 0)
                        else {
                            continue;
                        };
                        if self.eval(&rule.to, s, me, from)
                            && !emit(Move { action: Action::Lift, rule: rule_id, kind: p.kind, from, to: NO_FIELD })
                        {
                            return;
                        }
                    }
                }
                _ => {
                    for from in only.map_or(0..self.board.len() as FieldId, |f| f..f + 1) {
                        let Some(p) = s.top(from) else { continue };
                        if p.owner != me || rule.pieces & (1 << p.kind) == 0 {
                            continue;
                        }
                        let mut go = |to: FieldId| {
                            if self.can_land(rule, s, me, to) {
                                emit(Move { action: Action::Board, rule: rule_id, kind: p.kind, from, to })
                            } else {
                                true
                            }
                        };
                        if !self.targets(rule, s, from, &mut go) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Calls `go` with each field the rule's motion reaches from `from`.
    fn targets(&self, rule: &Rule, s: &State, from: FieldId, go: &mut dyn FnMut(FieldId) -> bool) -> bool {
        match &rule.motion {
            Motion::Step(dirs) => dirs.iter().all(|&d| {
                let to = self.board.neighbour(from, d);
                to == NO_FIELD || go(to)
            }),
            Motion::Leap(table) => table[usize::from(from)].iter().all(|&to| go(to)),
            Motion::Slide { dirs, max } => dirs.iter().all(|&d| {
                let mut at = from;
                for _ in 0..*max {
                    at = self.board.neighbour(at, d);
                    if at == NO_FIELD || at == from {
                        break;
                    }
                    if !go(at) {
                        return false;
                    }
                    if s.height(at) > 0 {
                        break;
                    }
                }
                true
            }),
            Motion::Place { .. } | Motion::Lift => true,
        }
    }

    /// Whether a piece may end its move on `to`: the rule's condition, and room
    /// on the field once an enemy stack it captures is gone.
    fn can_land(&self, rule: &Rule, s: &State, me: Player, to: FieldId) -> bool {
        let limit = self.fields[usize::from(to)].limit;
        let height = match s.top(to) {
            Some(t) if t.owner == other(me) && !rule.stack_on_enemy => 0,
            _ => s.height(to),
        };
        height < limit && self.eval(&rule.to, s, me, to)
    }
}
