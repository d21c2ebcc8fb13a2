//! Applying a move: the move itself, captures and effects, then the turn.

use super::{Effect, Motion, other, test::who};
use crate::board::{FieldId, NO_FIELD};
use crate::error::PlayError;
use crate::game::Game;
use crate::m::{Action, Move};
use crate::piece::{Captured, Piece, Player};
use crate::ruleset::{EndResult, When};
use crate::state::{Continuing, Outcome, Pending, Pool, Reason, State};

impl Game {
    /// Plays a move if it is legal; otherwise says why and leaves the state as it was.
    pub fn play(&self, state: &State, m: Move) -> Result<State, PlayError> {
        let legal = self.legal_moves(state);
        if !legal.contains(&m) {
            return Err(PlayError {
                text: self.move_text(m),
                reason: if state.is_over() { "the game is over".into() } else { "not a legal move here".into() },
                legal: legal.iter().map(|&l| self.move_text(l)).collect(),
            });
        }
        let mut next = state.clone();
        self.play_unchecked(&mut next, m);
        Ok(next)
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]), in place.
    pub fn play_unchecked(&self, s: &mut State, m: Move) {
        let mover = s.to_move;
        match m.action {
            Action::Chance => {
                let Pending::Chance(c) = s.pending else { return };
                s.throw = Some(self.chance[usize::from(c)].outcomes[usize::from(m.to)].value);
                s.pending = Pending::None;
                return;
            }
            Action::Pass => {
                s.passed = true;
                s.decisions_left = 1;
            }
            Action::Stop => {
                s.passed = false;
                s.continuing = None;
                s.decisions_left = 1;
            }
            Action::Convert => {
                s.passed = false;
                s.pool_add(Pool::Hand, mover, m.kind, mover, -1);
                s.push(m.to, Piece::new(m.kind, mover));
                s.pending = Pending::None;
            }
            Action::Board | Action::Place | Action::Lift => {
                s.passed = false;
                let was_continuing = s.continuing.is_some();
                let captured = self.apply_core(s, m);
                let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
                s.continuing = None;
                if let (Some(must), true, Action::Board) = (rule.continues, captured > 0, m.action) {
                    let mut follow = Vec::new();
                    self.capturing_moves_from(s, m.to, &mut follow);
                    if !follow.is_empty() {
                        s.continuing = Some(Continuing { field: m.to, must, rule: m.rule });
                    }
                }
                if was_continuing && s.continuing.is_none() {
                    // The chain is over: the turn ends with it.
                    s.decisions_left = 1;
                }
            }
        }
        s.ply += 1;
        self.after_decision(s, mover);
    }

    /// The move itself, its captures and effects; returns how many pieces it captured.
    pub(crate) fn apply_core(&self, s: &mut State, m: Move) -> u32 {
        let me = s.to_move;
        let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
        let mut captured = 0;
        match m.action {
            Action::Place => {
                s.pool_add(Pool::Hand, me, m.kind, me, -1);
                let piece = Piece::new(m.kind, me);
                match rule.motion {
                    Motion::Place { bottom: true } => s.push_bottom(m.to, piece),
                    _ => s.push(m.to, piece),
                }
            }
            Action::Lift => {
                let stack = s.stack(m.from);
                if let Some(i) = stack.iter().rposition(|p| p.owner == me && p.kind == m.kind) {
                    let piece = s.take(m.from, i);
                    s.pool_add(Pool::Hand, me, piece.kind, me, 1);
                }
            }
            Action::Board => {
                let Some(piece) = s.pop(m.from) else { return 0 };
                if s.top(m.to).is_some_and(|t| t.owner != me) && !rule.stack_on_enemy {
                    captured += self.capture_stack(s, m.to, me);
                }
                s.push(m.to, piece);
            }
            _ => {}
        }
        for effect in &rule.effects {
            match effect {
                Effect::Custodian(dirs) => {
                    for &d in dirs {
                        let victim = self.board.neighbour(m.to, d);
                        if victim == NO_FIELD
                            || s.top(victim).is_none_or(|p| p.owner == me)
                            || self.fields[usize::from(victim)].safe
                        {
                            continue;
                        }
                        let ally = self.board.neighbour(victim, d);
                        if ally != NO_FIELD && s.top(ally).is_some_and(|p| p.owner == me) {
                            captured += self.capture_stack(s, victim, me);
                        }
                    }
                }
            }
        }
        captured
    }

    /// Captures every piece on `field` for `captor`, each as its kind says.
    fn capture_stack(&self, s: &mut State, field: FieldId, captor: Player) -> u32 {
        let n = s.height(field);
        for i in 0..usize::from(n) {
            let piece = s.stack(field)[i];
            let remove = |s: &mut State| s.pool_add(Pool::Prisoners, captor, piece.kind, piece.owner, 1);
            match self.kinds[usize::from(piece.kind)].captured {
                Captured::Remove => remove(s),
                Captured::ToHand => s.pool_add(Pool::Hand, captor, piece.kind, captor, 1),
                Captured::Convert { zone, captor_chooses } => {
                    let groups = &self.zones[usize::from(zone)].groups[usize::from(captor.min(1))];
                    // The field being emptied counts as taken: the captor's piece lands there.
                    let free = |f: &FieldId| *f != field && s.height(*f) == 0 && self.fields[usize::from(*f)].limit > 0;
                    match groups.iter().find(|g| g.iter().any(free)) {
                        None => remove(s),
                        Some(_) if captor_chooses => {
                            s.pool_add(Pool::Hand, captor, piece.kind, captor, 1);
                            s.pending = Pending::Convert { kind: piece.kind, zone };
                        }
                        Some(g) => {
                            let to = *g.iter().find(|f| free(f)).expect("group has a free field");
                            s.push(to, Piece::new(piece.kind, captor));
                        }
                    }
                }
            }
        }
        s.clear(field);
        u32::from(n)
    }

    /// After a decision: end conditions, the turn limit, and whose decision is next.
    fn after_decision(&self, s: &mut State, mover: Player) {
        if self.check_ends(s, When::AfterMove, mover) {
            return;
        }
        if self.max_plies > 0 && s.ply >= self.max_plies {
            s.outcome = Some(Outcome { winner: None, reason: Reason::TurnLimit });
            return;
        }
        if s.pending != Pending::None || s.continuing.is_some() {
            return;
        }
        s.decisions_left = s.decisions_left.saturating_sub(1);
        if s.decisions_left > 0 && self.has_move(s) {
            return;
        }
        self.end_turn(s, mover);
    }

    fn end_turn(&self, s: &mut State, mover: Player) {
        let phase = &self.phases[usize::from(s.phase)];
        let mut next = other(mover);
        if let (Some(until), Some(to)) = (&phase.until, phase.next) {
            if self.eval(until, s, mover, NO_FIELD) {
                s.phase = to;
                if let Some(p) = phase.starts {
                    next = p;
                }
            }
        }
        let phase = &self.phases[usize::from(s.phase)];
        s.to_move = next;
        s.decisions_left = phase.decisions;
        s.turn += 1;
        s.throw = None;
        s.continuing = None;
        if let Some(c) = phase.throw {
            s.pending = Pending::Chance(c);
        }
        if self.check_ends(s, When::StartOfTurn, next) {
            return;
        }
        if s.passed && s.pending == Pending::None && !self.has_move(s) {
            s.outcome = Some(Outcome { winner: None, reason: Reason::Blocked });
        }
    }

    /// Checks the end conditions of one kind for player `me`; true if the game ended.
    fn check_ends(&self, s: &mut State, at: When, me: Player) -> bool {
        for (i, end) in self.ends.iter().enumerate() {
            if end.at != at || !self.eval(&end.test, s, me, NO_FIELD) {
                continue;
            }
            let winner = match end.result {
                EndResult::Win(w) => Some(who(w, me)),
                EndResult::Draw => None,
                EndResult::MorePieces => {
                    let (a, b) = (s.on_board(me), s.on_board(other(me)));
                    if a == b {
                        None
                    } else if a > b {
                        Some(me)
                    } else {
                        Some(other(me))
                    }
                }
            };
            s.outcome = Some(Outcome { winner, reason: Reason::End(i as u16) });
            return true;
        }
        false
    }
}
