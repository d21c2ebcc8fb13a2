//! Applying a move: the move itself, captures and effects, then the turn.

use super::marks::WatchedTops;
use super::scratch::scratch_fields;
use super::{Applying, Effect, Filter, Motion, Replace, Rule, Set};
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::die;
use crate::error::PlayError;
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{KindId, Piece, Player};
use crate::program::Game;
use crate::ruleset::Arrive;
use crate::ruleset::{Carry, OnJumped};
use crate::state::{Continuing, Pending, Pool, State};

/// What a move did besides moving.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Applied {
    pub captured: u32,
    /// The move left part of the throw unused: another decision in the turn.
    pub remainder: bool,
    /// The piece was promoted where that ends a capture chain.
    pub ends_chain: bool,
    /// A promotion that waits for the move to end there: the field and the kind.
    pub promote_at_end: Option<(FieldId, crate::piece::KindId)>,
}

/// When a rule's changes to the piece moved are made ([`Game::put_down`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Changes {
    /// As it is put down: a plain rule, whose effects change only the piece moved.
    WhilePutDown,
    /// After it landed, with the rule's other effects ([`Game::apply_effects`]).
    WithTheEffects,
}

/// What making a move in full did ([`Game::make`]): the pieces it captured,
/// and whether it left a capture unused that the next player may huff.
struct Made {
    captured: u32,
    huffable: bool,
}

impl Game {
    /// Plays `m` on `state` if it is legal there and gives the state after
    /// it; otherwise says why, and hands `state` back unchanged in the error.
    /// The state is taken, not borrowed, so that playing on needs no copy;
    /// a caller who keeps the state before gives a clone.
    pub fn play(&self, mut state: State, m: Move) -> Result<State, PlayError> {
        let legal = self.legal_moves(&state);
        if !legal.contains(&m) {
            use crate::error::{MoveError, Refusal};
            let reason = if state.is_over() { Refusal::GameOver } else { Refusal::NotLegal };
            let error = MoveError::new(self.move_text(m), reason, self.move_texts(&legal));
            return Err(PlayError { state: Box::new(state), error });
        }
        self.play_unchecked(&mut state, m);
        Ok(state)
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]), in place.
    pub fn play_unchecked(&self, s: &mut State, m: Move) {
        self.play_counting(s, m);
    }

    /// [`Game::play_unchecked`], returning how many pieces the move captured.
    pub(crate) fn play_counting(&self, s: &mut State, m: Move) -> u32 {
        if !self.marks.gone.is_empty() {
            return self.play_marking_gone(s, m);
        }
        self.play_made(s, m, None)
    }

    /// [`Game::play_counting`]: the move made and the turn handed on; with
    /// `gone`, the tops of the fields `when_gone` watches before the move,
    /// marked where their piece went (before the turn goes on, so that the
    /// position it makes, and its history, carry the marks).
    #[inline(always)]
    pub(super) fn play_made(&self, s: &mut State, m: Move, gone: Option<&WatchedTops>) -> u32 {
        let mover = s.to_move;
        if let Some(rule) = self.plain_rule(s, m) {
            let captured = self.put_plainly(s, m, rule);
            if let Some(tops) = gone {
                self.mark_gone(s, tops, mover);
            }
            s.ply += 1;
            self.after_decision(s, mover);
            return captured;
        }
        // A throw is no decision.
        let Some(made) = self.make(s, m) else { return 0 };
        if let Some(tops) = gone {
            self.mark_gone(s, tops, mover);
        }
        s.ply += 1;
        self.after_decision(s, mover);
        if made.huffable {
            self.offer_huff(s, mover);
        }
        made.captured
    }

    /// Makes `m` in `s` with all the move itself does (its captures,
    /// promotions, a chain ended), but does not go on to the next decision:
    /// no turn handed on, no end tested, so `s` is left half-made, fit only
    /// to be looked at. A search tells a capture from a quiet move by the
    /// pieces this leaves, at a small part of a move's cost where ending a
    /// turn generates the next player's moves (chess's checkmate and
    /// stalemate). A throw makes nothing.
    pub(crate) fn make_without_ending(&self, s: &mut State, m: Move) {
        match self.plain_rule(s, m) {
            Some(rule) => {
                self.put_plainly(s, m, rule);
            }
            None => {
                self.make(s, m);
            }
        }
    }

    /// The rule of `m` if it is plain ([`Applying::Plain`](crate::program::rules::Applying::Plain)) and `m` is made
    /// outside a chain, with nothing pending: such a move is played without
    /// the checks for what it cannot do.
    #[inline(always)]
    pub(super) fn plain_rule(&self, s: &State, m: Move) -> Option<&Rule> {
        if !self.plan.plain_rules
            || !matches!(m.action, Action::Place | Action::Board)
            || s.continuing.is_some()
            || s.pending != Pending::None
        {
            return None;
        }
        Some(&self.phases[usize::from(s.phase)].rules[usize::from(m.rule)])
            .filter(|r| r.plan.applying == Applying::Plain)
    }

    /// A move of a plain rule made: the piece put down (see [`Applying::Plain`](crate::program::rules::Applying::Plain)
    /// for all that such a move cannot do besides). How many pieces it captured.
    #[inline(always)]
    pub(super) fn put_plainly(&self, s: &mut State, m: Move, rule: &Rule) -> u32 {
        s.passed = false;
        let (landed, captured) = self.put_down(s, rule, m, s.to_move, Changes::WhilePutDown);
        // (No plain move keeps the fields of the last move for `LastMove`: see `Marks::keeps_move_fields`.)
        debug_assert!(!self.marks.keeps_move_fields());
        if landed != NO_FIELD && self.reads_last_to {
            s.last_to = landed;
        }
        captured
    }

    /// A move made, with all it does, before the turn goes on; `None` for a
    /// throw, which is no decision.
    #[inline(always)]
    fn make(&self, s: &mut State, m: Move) -> Option<Made> {
        let mover = s.to_move;
        let mut captured = 0;
        let mut huffable = false;
        match m.action {
            Action::Chance => {
                let Pending::Chance(c) = s.pending else { return None };
                let outcome = &self.chance[usize::from(c)].outcomes[usize::from(m.to)];
                if !outcome.rethrow {
                    s.throw = Some(outcome.value);
                    s.again = outcome.again;
                    s.pending = Pending::None;
                }
                if let Some(&dice) = self.chance[usize::from(c)].pools.get(usize::from(m.to)) {
                    // A pool of values (issue 45): a decision per value, each move spending one.
                    (s.dice, s.throw, s.decisions_left) = (dice, None, dice.count_left());
                }
                for set in &outcome.set {
                    match *set {
                        Set::Orient { field, orient } => change_top(s, field, |p| p.orient = orient),
                        Set::Starts(p) => {
                            s.to_move = p;
                            s.first = p;
                        }
                    }
                }
                return None;
            }
            Action::Pass => {
                s.passed = true;
                s.decisions_left = 1;
            }
            Action::Stop => {
                s.passed = false;
                self.end_chain(s, mover);
            }
            Action::PlacePending => {
                s.passed = false;
                if let Pending::Place { orient, .. } = s.pending {
                    s.pool_add(Pool::Hand, mover, m.kind, mover, -1);
                    s.push(m.to, Piece { orient, ..Piece::new(m.kind, mover) });
                }
                s.pending = Pending::None;
            }
            Action::Capture | Action::Skip if s.pending == Pending::Huff => {
                // The huff comes before the player's own move: it uses no decision.
                s.pending = Pending::None;
                if m.action == Action::Capture {
                    // The piece that left a capture unused is forfeited (off the board for good).
                    if let Some(p) = s.pop(m.to) {
                        s.pool_add(Pool::Off, p.owner, p.kind, p.owner, 1);
                    }
                }
                self.clear_marks(s);
                s.decisions_left += 1;
            }
            Action::Capture => {
                s.passed = false;
                s.pending = Pending::None;
                self.capture_stack(s, m.to, mover);
            }
            Action::Skip => {
                s.passed = false;
                s.pending = Pending::None;
            }
            Action::Board | Action::Place | Action::Lift | Action::Exit | Action::Sow => {
                (captured, huffable) = self.make_piece_move(s, m, mover);
                if s.dice.is_thrown() {
                    // The value spent was the throw while the move was made (issue 45).
                    s.throw = None;
                }
            }
        }
        self.settle(s, m, mover);
        Some(Made { captured, huffable })
    }

    /// A move of a piece (on the board, from the hand, off it, or a
    /// sowing) made, with the capture chain it begins or goes on with:
    /// the pieces it captured, and whether it left a capture unused that the
    /// next player may huff.
    #[inline(always)]
    fn make_piece_move(&self, s: &mut State, m: Move, mover: Player) -> (u32, bool) {
        s.passed = false;
        let was = s.continuing;
        let was_continuing = was.is_some();
        let huffable = !was_continuing && self.mark_huffable(s, m);
        let applied = self.apply_core(s, m);
        let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
        s.continuing = None;
        // (A hop goes on too: asked only of a rule that continues.)
        if let (Some(chain), Action::Board, false) =
            (rule.continues.filter(|_| applied.captured > 0 || rule.hops()), m.action, applied.ends_chain)
        {
            let dir = if chain.same_dir || chain.not_same_dir { m.dir } else { NO_DIR };
            // Pieces jumped by any step of the chain that removes at its end wait for its end.
            let at_end = chain.remove_at_end || was.is_some_and(|c| c.at_end);
            let c = Continuing { field: m.to, must: chain.must, dir, at_end, avoid: chain.not_same_dir };
            // Set first: the pieces marked as jumped count as such only during a chain.
            s.continuing = Some(c);
            if !self.can_continue(s, c) {
                s.continuing = None;
            }
        }
        let removes_at_end = rule.continues.is_some_and(|c| c.remove_at_end) || was.is_some_and(|c| c.at_end);
        if s.continuing.is_none() && removes_at_end {
            self.remove_jumped(s, mover);
        }
        if let (None, Some((f, kind))) = (s.continuing, applied.promote_at_end) {
            // The move ends on the zone: now the piece is crowned.
            change_top(s, f, |p| p.kind = kind);
        }
        if was_continuing && s.continuing.is_none() {
            // The chain is over: the turn ends with it.
            s.decisions_left = 1;
        }
        if applied.remainder {
            s.decisions_left += 1;
        }
        (applied.captured, huffable)
    }

    /// What a move left to decide, decided again once all of it is done.
    #[inline(always)]
    fn settle(&self, s: &mut State, m: Move, mover: Player) {
        // A capture to choose whose every candidate went with what came after
        // it in the move (an enclosure, the pieces a chain removes at its end)
        // is no choice; a chain that a piece captured or placed meanwhile left
        // nothing to jump is over, as if stopped.
        if let Pending::Capture { rule } = s.pending
            && !self.has_capture_choice(s, rule)
        {
            s.pending = Pending::None;
        }
        if matches!(m.action, Action::Capture | Action::PlacePending | Action::Skip)
            && s.pending == Pending::None
            && s.continuing.is_some_and(|c| !self.can_continue(s, c))
        {
            self.end_chain(s, mover);
        }
        if s.pending == Pending::None && !matches!(m.action, Action::Pass | Action::Stop) {
            if let Some(replace) = self.phases[usize::from(s.phase)].replace {
                self.replace_stuck(s, mover, replace);
            }
        }
    }

    /// The piece of a placement (from the hand) or a board move (lifted off
    /// `m.from`) put on top of `m.to`, once what `rule.arrive` takes there is
    /// taken: where it landed (`NO_FIELD` if `m.from` had no piece) and how
    /// many pieces were captured. With [`Changes::WhilePutDown`], the piece is put
    /// down as the rule's effects leave it (a plain rule's change only the piece moved).
    #[inline(always)]
    fn put_down(&self, s: &mut State, rule: &Rule, m: Move, me: Player, changes: Changes) -> (FieldId, u32) {
        let (from, mut piece) = if m.action == Action::Place {
            (NO_FIELD, self.take_from_hand(s, m, me))
        } else {
            if rule.carry != Carry::Piece {
                // More than its top piece moves (engine/stack_moves.rs).
                return self.put_down_carried(s, rule, m, me, changes);
            }
            let Some(piece) = s.pop(m.from) else { return (NO_FIELD, 0) };
            (m.from, piece)
        };
        let captured = self.arrive(s, rule.arrive, from, m.to, me);
        if changes == Changes::WhilePutDown {
            rule.effects.iter().for_each(|e| self.change_moved(e, m, &mut piece));
        }
        s.push(m.to, piece);
        (m.to, captured)
    }

    /// What an effect that changes the piece moved alone does to it (see
    /// [`Effect::changes_the_mover_only`]); any other effect, nothing here.
    pub(super) fn change_moved(&self, effect: &Effect, m: Move, p: &mut Piece) {
        match effect {
            Effect::Flip => p.flipped = !p.flipped,
            Effect::Tip => {
                if let Some(face) = self.compass.get(usize::from(m.dir)).copied().flatten() {
                    p.orient = die::tip(p.orient, face);
                }
            }
            Effect::TurnClockwise => p.orient = die::turn_clockwise(p.orient),
            Effect::Enclose(_)
            | Effect::Spawn { .. }
            | Effect::CaptureChosen(_)
            | Effect::CaptureRun(_)
            | Effect::Promote { .. }
            | Effect::Claim(_)
            | Effect::Counter(_)
            | Effect::Mark(_)
            | Effect::CaptureGroups { .. }
            | Effect::Bring(_)
            | Effect::CounterIf(_) => {}
        }
    }

    /// The piece of kind `m.kind` that `me` places, taken from their hand
    /// (turned over if its kind enters so).
    #[inline(always)]
    fn take_from_hand(&self, s: &mut State, m: Move, me: Player) -> Piece {
        s.pool_add(Pool::Hand, me, m.kind, me, -1);
        Piece { flipped: self.kinds[usize::from(m.kind)].enters_flipped, ..Piece::new(m.kind, me) }
    }

    /// With huffing, before a move that captures nothing while a capture was
    /// there to be made: marks the mover's pieces that could have captured
    /// (the moving one carries its mark along). Whether any was marked. (Asked
    /// where the move is made, issue 48: a call cost some 40 instructions a move.)
    #[inline(always)]
    fn mark_huffable(&self, s: &mut State, m: Move) -> bool {
        let huffing =
            self.phases[usize::from(s.phase)].filters.iter().any(|f| matches!(f, Filter::Capture { huff: true }));
        huffing && matches!(m.action, Action::Board | Action::Place) && self.mark_huffable_apart(s, m)
    }

    #[inline(never)] // (where the phase huffs, `m` a board move or a placement)
    fn mark_huffable_apart(&self, s: &mut State, m: Move) -> bool {
        let mut scratch = None;
        if self.captures(s, m, &mut scratch) {
            return false;
        }
        let mut could = scratch_fields(self.board.len());
        let mut any = false;
        self.generate(s, s.to_move, None, &mut |c: Move| {
            if c.from != NO_FIELD && self.captures(s, c, &mut scratch) {
                could.insert(c.from);
                any = true;
            }
            true
        });
        for f in self.board.fields().filter(|&f| could.contains(f)) {
            change_top(s, f, |p| p.mark = true);
        }
        any
    }

    /// After a move that left a capture unused: the next player may huff, if
    /// the turn has passed to them with nothing else due; otherwise the marks go.
    pub(super) fn offer_huff(&self, s: &mut State, mover: Player) {
        if s.outcome.is_none() && s.to_move != mover && s.pending == Pending::None && s.continuing.is_none() {
            s.pending = Pending::Huff;
            s.touch();
        } else {
            self.clear_marks(s);
        }
    }

    fn clear_marks(&self, s: &mut State) {
        for f in self.board.fields() {
            if s.top(f).is_some_and(|p| p.mark) {
                change_top(s, f, |p| p.mark = false);
            }
        }
    }

    /// At the end of a chain whose jumped pieces stay until then: removes them
    /// (the marked pieces of the other players), each captured by `mover`.
    /// The chain in progress ends here (the player stops, or it can go on no
    /// further): the pieces it jumped go if they go at its end, and the turn
    /// ends with it.
    fn end_chain(&self, s: &mut State, mover: Player) {
        if s.continuing.take().is_some_and(|c| c.at_end) {
            self.remove_jumped(s, mover);
        }
        s.decisions_left = 1;
    }

    fn remove_jumped(&self, s: &mut State, mover: Player) {
        for f in self.board.fields() {
            if s.top(f).is_some_and(|p| p.mark && p.owner != mover) {
                self.capture_stack(s, f, mover);
            }
        }
    }

    /// The move itself, its captures and effects.
    pub(crate) fn apply_core(&self, s: &mut State, m: Move) -> Applied {
        if s.dice.is_thrown() {
            // A pool of values (issue 45): the move spends one (`engine/dice.rs`).
            self.spend_die(s, m);
        }
        let me = s.to_move;
        let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
        let mut applied = Applied::default();
        let Some(mut landed) = self.move_the_piece(s, rule, m, me, &mut applied) else { return applied };
        if landed != NO_FIELD {
            landed = self.send_on(s, landed);
            if self.reads_last_to {
                s.last_to = landed;
                if self.marks.reads_last_move {
                    self.note_last_move(s, m);
                }
            }
            if self.fields[usize::from(landed)].again {
                s.again = true;
            }
        }
        self.apply_effects(s, rule, m, me, landed, &mut applied);
        applied
    }

    /// The move's piece (or stack) moved, its captures on arrival made: where
    /// it landed (`NO_FIELD` where it landed on no field), or `None` where
    /// nothing moved and the move does nothing more.
    #[inline(always)]
    fn move_the_piece(
        &self,
        s: &mut State,
        rule: &Rule,
        m: Move,
        me: Player,
        applied: &mut Applied,
    ) -> Option<FieldId> {
        let mut landed = NO_FIELD;
        match m.action {
            Action::Place if rule.motion.puts_under() => {
                let piece = self.take_from_hand(s, m, me);
                s.push_bottom(m.to, piece);
                landed = m.to;
            }
            Action::Place => (landed, applied.captured) = self.put_down(s, rule, m, me, Changes::WithTheEffects),
            Action::Lift => {
                if let Some(i) = s.stack(m.from).iter().rposition(|p| p.owner == me && p.kind == m.kind) {
                    let piece = s.take(m.from, i);
                    s.pool_add(Pool::Hand, me, piece.kind, me, 1);
                }
            }
            Action::Board => {
                (landed, applied.captured) = self.put_down(s, rule, m, me, Changes::WithTheEffects);
                if landed == NO_FIELD {
                    return None;
                }
                if rule.motion.jumps() && !rule.hops() {
                    let at_end = rule.continues.is_some_and(|c| c.remove_at_end);
                    applied.captured += match rule.on_jumped {
                        OnJumped::Capture => self.capture_jumped(s, m, me, at_end),
                        OnJumped::Prisoner => self.take_prisoners(s, m, me),
                    };
                }
            }
            // A pass played on a copy (a turn filter's look-ahead): after it, `Passed` holds.
            Action::Pass => {
                s.passed = true;
                return None;
            }
            Action::Sow => {
                // (Only `Sow` has the action `Sow`: `Motion::facts`.)
                if let Motion::Sow { dirs, skip, skip_origin } = &rule.motion {
                    landed = self.sow_stack(s, me, m.from, (dirs, skip, *skip_origin));
                }
            }
            Action::Exit => {
                let piece = s.pop(m.from)?;
                match &rule.motion {
                    Motion::RunOff { dirs, distance, remainder, .. } => {
                        s.pool_add(Pool::Off, me, piece.kind, piece.owner, 1);
                        if let Some(left) = self.steps_left_off(s, m.from, dirs, *distance).filter(|_| *remainder) {
                            s.throw = Some(left);
                            applied.remainder = true;
                        }
                    }
                    // An exit by a walk (or any other) goes to the hand, to come in again.
                    Motion::Exit { .. }
                    | Motion::Step(_)
                    | Motion::Leap(_)
                    | Motion::Slide { .. }
                    | Motion::Place { .. }
                    | Motion::Lift
                    | Motion::Fly
                    | Motion::Run { .. }
                    | Motion::Walk { .. }
                    | Motion::Enter { .. }
                    | Motion::Sow { .. }
                    | Motion::Jump { .. }
                    | Motion::Pass => s.pool_add(Pool::Hand, me, piece.kind, piece.owner, 1),
                }
            }
            _ => {}
        }
        Some(landed)
    }

    /// The rule's effects once the piece has landed on `landed` (`NO_FIELD`
    /// where it landed nowhere: then only the effects that need no field).
    #[inline(always)]
    fn apply_effects(&self, s: &mut State, rule: &Rule, m: Move, me: Player, landed: FieldId, applied: &mut Applied) {
        for effect in &rule.effects {
            match effect {
                Effect::Enclose(e) if landed != NO_FIELD => {
                    for &d in &e.dirs {
                        let victim = self.board.neighbour(landed, d);
                        if self.enclosed(s, e, me, landed, victim, d) {
                            applied.captured += self.capture_stack(s, victim, me);
                        }
                    }
                }
                Effect::Flip | Effect::Tip | Effect::TurnClockwise if landed != NO_FIELD => {
                    change_top(s, landed, |p| self.change_moved(effect, m, p));
                }
                Effect::Promote { to, on, ends_chain, at_end, choices }
                    if landed != NO_FIELD
                        && self.eval(on, s, me, landed)
                        && s.top(landed).is_some_and(|p| p.kind != super::choices::chosen(m, *to, *choices)) =>
                {
                    let to = super::choices::chosen(m, *to, *choices);
                    if *at_end {
                        applied.promote_at_end = Some((landed, to));
                    } else {
                        change_top(s, landed, |p| p.kind = to);
                        applied.ends_chain |= *ends_chain;
                    }
                }
                Effect::Spawn { on, zone, optional } if landed != NO_FIELD && self.eval(on, s, me, landed) => {
                    if let Some(p) = s.top(landed).filter(|p| s.hand(me, p.kind) > 0) {
                        self.place_due(s, me, p.kind, *zone, p.orient, true, *optional);
                    }
                }
                Effect::CaptureRun(run)
                    if landed != NO_FIELD
                        && super::run_choices::run_made(run, m)
                        && self.eval(&run.on, s, me, landed) =>
                {
                    applied.captured += self.capture_run(s, run, m, landed, me);
                }
                Effect::Claim(run) if landed != NO_FIELD => {
                    self.claim(s, run, landed, me);
                }
                Effect::CaptureGroups { dirs, own } if landed != NO_FIELD => {
                    applied.captured += self.capture_groups(s, dirs, *own, landed, me);
                }
                Effect::CaptureChosen(choice)
                    if self.eval(&choice.cond, s, me, NO_FIELD) && self.has_capture_choice(s, m.rule) =>
                {
                    s.pending = Pending::Capture { rule: m.rule };
                }
                Effect::Counter(c) => self.change_counter(c, s, me),
                Effect::Mark(e) => self.apply_mark(s, *e, m, landed, me),
                Effect::Bring(b) if landed != NO_FIELD => self.bring(s, b, m, landed, me),
                Effect::CounterIf(c) => self.change_counter_if(c, s, me),
                // Where the guard above does not hold, the effect does nothing.
                Effect::Enclose(_)
                | Effect::Flip
                | Effect::Tip
                | Effect::TurnClockwise
                | Effect::Promote { .. }
                | Effect::Spawn { .. }
                | Effect::CaptureRun(_)
                | Effect::CaptureChosen(_)
                | Effect::Claim(_)
                | Effect::CaptureGroups { .. }
                | Effect::Bring(_) => {}
            }
        }
    }

    /// What a piece arriving on `to` does to an enemy stack there; returns the
    /// number of pieces captured.
    #[inline(always)]
    pub(super) fn arrive(&self, s: &mut State, arrive: Arrive, from: FieldId, to: FieldId, me: Player) -> u32 {
        let top = s.top_owner_plus_one(to); // (the field's top code read, not its stack)
        if top == 0 || top == me + 1 {
            return 0;
        }
        self.arrive_on_enemy(s, arrive, from, to, me)
    }

    /// [`Game::arrive`] where an enemy tops `to`. (Apart: most moves land on
    /// an empty field or their own piece, and need no call.)
    fn arrive_on_enemy(&self, s: &mut State, arrive: Arrive, from: FieldId, to: FieldId, me: Player) -> u32 {
        match arrive {
            Arrive::Stack => 0,
            Arrive::Exchange if from != NO_FIELD => {
                // The enemy stack goes to `from` as it stands, bottom first.
                for i in 0..usize::from(s.height(to)) {
                    let p = s.stack(to)[i];
                    s.push(from, p);
                }
                s.clear(to);
                0
            }
            _ => self.capture_stack(s, to, me),
        }
    }

    /// A field that sends pieces on: to its target, or if that is taken, to a
    /// free field reached from it by `back` links (the nearest, or the
    /// farthest with `from_start`). Returns where the piece ends.
    fn send_on(&self, s: &mut State, at: FieldId) -> FieldId {
        let Some(send) = self.fields[usize::from(at)].send_to else { return at };
        let target = send.field.unwrap_or_else(|| send.along.map_or(NO_FIELD, |d| self.board.neighbour(at, d)));
        if target == NO_FIELD {
            return at;
        }
        let free = |f: FieldId| s.height(f) == 0 && self.fields[usize::from(f)].limit > 0;
        // The target, else along the chain back, back of back... (a board's
        // fields at most, so a cycle ends) the nearest free field, or the farthest.
        let mut found = free(target).then_some(target);
        let mut f = target;
        for _ in 1..self.board.len() {
            if found.is_some() && (found == Some(target) || !send.from_start) {
                break;
            }
            match send.back.map(|b| self.board.neighbour(f, b)) {
                Some(next) if next != NO_FIELD => f = next,
                _ => break,
            }
            if free(f) {
                found = Some(f);
            }
        }
        let Some(f) = found else { return at };
        if f == at {
            return at;
        }
        let Some(piece) = s.pop(at) else { return at };
        s.push(f, piece);
        f
    }

    /// A piece of `kind` from `player`'s hand goes onto the first group of the
    /// zone with a free field: at once on its first free field, unless the
    /// player `chooses` among several or may decline (`optional`): then that is
    /// their next decision.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn place_due(
        &self,
        s: &mut State,
        player: Player,
        kind: KindId,
        zone: u8,
        orient: u8,
        chooses: bool,
        optional: bool,
    ) {
        let Some(group) = self.first_free_group(s, zone, player) else { return };
        let mut free = group.iter().copied().filter(|&f| self.is_free(s, f));
        let Some(first) = free.next() else { return };
        if optional || (chooses && free.next().is_some()) {
            s.pending = Pending::Place { kind, zone, orient, optional };
        } else {
            s.pool_add(Pool::Hand, player, kind, player, -1);
            s.push(first, Piece { orient, ..Piece::new(kind, player) });
        }
    }

    /// After a move by `mover`: every piece that cannot move is replaced by a
    /// piece of the other player's from their hand, with its orientation.
    fn replace_stuck(&self, s: &mut State, mover: Player, replace: Replace) {
        if replace.grace {
            // The mover has moved: their replacing pieces are no longer exempt.
            // (Word by word: taking a mark off changes no set of topped fields.)
            for w in 0..s.topped_by(mover).len() {
                for f in fields_of_word(w, s.topped_by(mover)[w]) {
                    if s.top(f).is_some_and(|p| p.mark) {
                        change_top(s, f, |p| p.mark = false);
                    }
                }
            }
        }
        // The fields a player's piece tops (all, where neutral pieces may), word by word:
        // replacing a piece changes its owner, never which fields are occupied.
        let topped = self.topped_sets_hold_every_piece();
        for w in 0..s.topped_by(mover).len() {
            let occupied = if topped { s.topped_word(w) } else { !0 };
            for f in fields_of_word(w, occupied).filter(|&f| usize::from(f) < self.board.len()) {
                self.replace_if_stuck(s, f, mover, replace);
            }
        }
        if replace.prisoners {
            // Prisoners held both ways go home one for one.
            for kind in 0..self.kinds.len() as KindId {
                while s.pool(Pool::Prisoners, 0, kind, 1) > 0 && s.pool(Pool::Prisoners, 1, kind, 0) > 0 {
                    s.pool_add(Pool::Prisoners, 0, kind, 1, -1);
                    s.pool_add(Pool::Prisoners, 1, kind, 0, -1);
                    s.pool_add(Pool::Hand, 0, kind, 0, 1);
                    s.pool_add(Pool::Hand, 1, kind, 1, 1);
                }
            }
        }
    }

    /// The piece on `f`, if it is checked and cannot move, goes to the other player.
    fn replace_if_stuck(&self, s: &mut State, f: FieldId, mover: Player, replace: Replace) {
        let Some(p) = s.top(f) else { return };
        let checked = if replace.grace { !p.mark } else { p.owner != mover };
        // Replacing is for games of two (the compiler sees to it): the receiver is the other player.
        let receiver = (p.owner + 1) % s.players;
        if !checked || s.hand(receiver, p.kind) == 0 {
            return;
        }
        if self.piece_has_move(s, p.owner, f) {
            return;
        }
        s.pool_add(Pool::Hand, receiver, p.kind, receiver, -1);
        super::claim::change_owner(s, f, receiver, replace.grace);
        if replace.prisoners {
            s.pool_add(Pool::Prisoners, receiver, p.kind, p.owner, 1);
        } else {
            s.pool_add(Pool::Hand, p.owner, p.kind, p.owner, 1);
        }
    }
}

/// Changes the top piece of a field in place.
pub(super) fn change_top(s: &mut State, field: FieldId, change: impl FnOnce(&mut Piece)) {
    if let Some(mut p) = s.top(field) {
        change(&mut p);
        s.replace_top(field, p);
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::Action;
    use crate::shipped::testing::{variants, visit_random_games};

    /// A move of a plain rule, played the short way, leaves the state the
    /// general way leaves: after every legal move along random games of every
    /// shipped variant with plain rules (placements and board moves both, and
    /// moves whose effects turn over or tip the piece moved).
    #[test]
    fn plain_moves_leave_the_state_the_general_path_leaves() {
        let (mut placements, mut board_moves, mut changing) = (0, 0, 0);
        for (name, options, game) in variants().filter(|(_, _, g)| g.plan.plain_rules) {
            let mut general = game.clone();
            general.plan.plain_rules = false;
            visit_random_games(&game, 3, 3, |s, legal| {
                for &m in legal {
                    if let Some(rule) = game.plain_rule(s, m) {
                        *(if m.action == Action::Place { &mut placements } else { &mut board_moves }) += 1;
                        changing += usize::from(!rule.effects.is_empty());
                    }
                    let (mut short, mut long) = (s.clone(), s.clone());
                    game.play_unchecked(&mut short, m);
                    general.play_unchecked(&mut long, m);
                    let what = format!("{name} {options:?}: {}", game.move_text(m));
                    assert_eq!(short, long, "{what}");
                    assert_eq!((short.position_hash(), short.turn()), (long.position_hash(), long.turn()), "{what}");
                }
            });
        }
        assert!(placements > 1000 && board_moves > 1000, "plain placements {placements}, board moves {board_moves}");
        // Seneti's pieces turn over as they move, Setron's dice tip: the mover changed on the short way too.
        assert!(changing > 1000, "plain moves that change their piece: {changing}");
    }
}
