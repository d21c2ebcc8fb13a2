//! Applying a move: the move itself, captures and effects, then the turn.

use super::scratch::{ScratchState, scratch_fields, scratch_sowing};
use super::{
    Effect, Enclosure, Filter, Gather, Motion, Ranking, Replace, Rule, Set,
    cond::{Cond, who},
};
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::die;
use crate::error::PlayError;
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{Captured, KindId, MAX_PLAYERS, Piece, Player};
use crate::program::Game;
use crate::ruleset::{Arrive, When};
use crate::state::{Continuing, OUT, Outcome, Pending, Pool, Reason, State};

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
        let mover = s.to_move;
        if let Some(rule) = self.plain_rule(s, m) {
            let captured = self.put_plainly(s, m, rule);
            s.ply += 1;
            self.after_decision(s, mover);
            return captured;
        }
        // A throw is no decision.
        let Some(made) = self.make(s, m) else { return 0 };
        s.ply += 1;
        self.after_decision(s, mover);
        if made.huffable {
            self.offer_huff(s, mover);
        }
        made.captured
    }

    /// The rule of `m` if it is plain ([`Rule::plain`]) and `m` is made
    /// outside a chain, with nothing pending: such a move is played without
    /// the checks for what it cannot do.
    #[inline(always)]
    fn plain_rule(&self, s: &State, m: Move) -> Option<&Rule> {
        if !self.plain_rules
            || !matches!(m.action, Action::Place | Action::Board)
            || s.continuing.is_some()
            || s.pending != Pending::None
        {
            return None;
        }
        Some(&self.phases[usize::from(s.phase)].rules[usize::from(m.rule)]).filter(|r| r.plain)
    }

    /// A move of a plain rule made: the piece put down (see [`Rule::plain`]
    /// for all that such a move cannot do besides). How many pieces it captured.
    #[inline(always)]
    pub(super) fn put_plainly(&self, s: &mut State, m: Move, rule: &Rule) -> u32 {
        s.passed = false;
        let (landed, captured) = self.put_down(s, rule, m, s.to_move, true);
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
                s.passed = false;
                let was = s.continuing;
                let was_continuing = was.is_some();
                huffable = !was_continuing && self.mark_huffable(s, m);
                let applied = self.apply_core(s, m);
                captured = applied.captured;
                let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
                s.continuing = None;
                if let (Some(chain), true, Action::Board, false) =
                    (rule.continues, applied.captured > 0, m.action, applied.ends_chain)
                {
                    let dir = if chain.same_dir { m.dir } else { NO_DIR };
                    // Pieces jumped by any step of the chain that removes at its end wait for its end.
                    let at_end = chain.remove_at_end || was.is_some_and(|c| c.at_end);
                    let c = Continuing { field: m.to, must: chain.must, dir, at_end };
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
            }
        }
        // What the move left to decide, decided again once all of it is done:
        // a capture to choose whose every candidate went with what came after
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
        Some(Made { captured, huffable })
    }

    /// The piece of a placement (from the hand) or a board move (lifted off
    /// `m.from`) put on top of `m.to`, once what `rule.arrive` takes there is
    /// taken: where it landed (`NO_FIELD` if `m.from` had no piece) and how
    /// many pieces were captured. With `plain`, the piece is put down as the
    /// rule's effects leave it (a plain rule's change only the piece moved).
    #[inline(always)]
    fn put_down(&self, s: &mut State, rule: &Rule, m: Move, me: Player, plain: bool) -> (FieldId, u32) {
        let (from, mut piece) = if m.action == Action::Place {
            (NO_FIELD, self.take_from_hand(s, m, me))
        } else {
            let Some(piece) = s.pop(m.from) else { return (NO_FIELD, 0) };
            (m.from, piece)
        };
        let captured = self.arrive(s, rule.arrive, from, m.to, me);
        if plain {
            rule.effects.iter().for_each(|e| self.change_moved(e, m, &mut piece));
        }
        s.push(m.to, piece);
        (m.to, captured)
    }

    /// What an effect that changes the piece moved alone does to it (see
    /// [`Effect::changes_the_mover_only`]); any other effect, nothing here.
    fn change_moved(&self, effect: &Effect, m: Move, p: &mut Piece) {
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
            | Effect::Promote { .. } => {}
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
    /// (the moving one carries its mark along). Whether any was marked.
    fn mark_huffable(&self, s: &mut State, m: Move) -> bool {
        let huffing = self.phases[usize::from(s.phase)].filters.contains(&Filter::Capture { huff: true });
        if !huffing || !matches!(m.action, Action::Board | Action::Place) {
            return false;
        }
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
    fn offer_huff(&self, s: &mut State, mover: Player) {
        if s.outcome.is_none() && s.to_move != mover && s.pending == Pending::None && s.continuing.is_none() {
            s.pending = Pending::Huff;
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
        let me = s.to_move;
        let rule = &self.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
        let mut applied = Applied::default();
        let mut landed = NO_FIELD;
        match m.action {
            Action::Place if rule.motion.puts_under() => {
                let piece = self.take_from_hand(s, m, me);
                s.push_bottom(m.to, piece);
                landed = m.to;
            }
            Action::Place => (landed, applied.captured) = self.put_down(s, rule, m, me, false),
            Action::Lift => {
                if let Some(i) = s.stack(m.from).iter().rposition(|p| p.owner == me && p.kind == m.kind) {
                    let piece = s.take(m.from, i);
                    s.pool_add(Pool::Hand, me, piece.kind, me, 1);
                }
            }
            Action::Board => {
                (landed, applied.captured) = self.put_down(s, rule, m, me, false);
                if landed == NO_FIELD {
                    return applied;
                }
                if rule.motion.jumps() {
                    let at_end = rule.continues.is_some_and(|c| c.remove_at_end);
                    applied.captured += self.capture_jumped(s, m, me, at_end);
                }
            }
            Action::Sow => {
                if let Motion::Sow { dirs, skip, skip_origin } = &rule.motion {
                    let mut sowing = scratch_sowing();
                    let super::scratch::Sowing { added, fields } = &mut *sowing;
                    landed = self.sow(s, me, m.from, dirs, skip, *skip_origin, added, |f| fields.push(f));
                    if landed != NO_FIELD {
                        for &f in fields.iter() {
                            let piece = s.pop(m.from).expect("one piece for each field sown");
                            s.push(f, piece);
                        }
                    }
                }
            }
            Action::Exit => {
                let Some(piece) = s.pop(m.from) else { return applied };
                match &rule.motion {
                    Motion::RunOff { dirs, distance, remainder, .. } => {
                        s.pool_add(Pool::Off, me, piece.kind, piece.owner, 1);
                        let n =
                            self.distance(*distance, s, m.from, dirs.first().copied().unwrap_or(NO_DIR)).unwrap_or(0);
                        let k = dirs.iter().find_map(|&d| self.off_steps(m.from, d, n, |_| true)).unwrap_or(n);
                        if *remainder && k < n {
                            s.throw = Some(n - k);
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
                    | Motion::Jump { .. } => s.pool_add(Pool::Hand, me, piece.kind, piece.owner, 1),
                }
            }
            _ => {}
        }
        if landed != NO_FIELD {
            landed = self.send_on(s, landed);
            if self.reads_last_to {
                s.last_to = landed;
            }
            if self.fields[usize::from(landed)].again {
                s.again = true;
            }
        }
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
                Effect::Promote { to, on, ends_chain, at_end }
                    if landed != NO_FIELD
                        && self.eval(on, s, me, landed)
                        && s.top(landed).is_some_and(|p| p.kind != *to) =>
                {
                    if *at_end {
                        applied.promote_at_end = Some((landed, *to));
                    } else {
                        change_top(s, landed, |p| p.kind = *to);
                        applied.ends_chain |= *ends_chain;
                    }
                }
                Effect::Spawn { on, zone, optional } if landed != NO_FIELD && self.eval(on, s, me, landed) => {
                    if let Some(p) = s.top(landed).filter(|p| s.hand(me, p.kind) > 0) {
                        self.place_due(s, me, p.kind, *zone, p.orient, true, *optional);
                    }
                }
                Effect::CaptureRun(run) if landed != NO_FIELD && self.eval(&run.on, s, me, landed) => {
                    applied.captured += self.capture_run(s, run, landed, me);
                }
                Effect::CaptureChosen(choice)
                    if self.eval(&choice.cond, s, me, NO_FIELD) && self.has_capture_choice(s, m.rule) =>
                {
                    s.pending = Pending::Capture { rule: m.rule };
                }
                // Where the guard above does not hold, the effect does nothing.
                Effect::Enclose(_)
                | Effect::Flip
                | Effect::Tip
                | Effect::TurnClockwise
                | Effect::Promote { .. }
                | Effect::Spawn { .. }
                | Effect::CaptureRun(_)
                | Effect::CaptureChosen(_) => {}
            }
        }
        applied
    }

    /// A capture run from `landed` (see `EffectDef::CaptureRun`): how many pieces it took.
    fn capture_run(&self, s: &mut State, run: &super::CaptureRun, landed: FieldId, me: Player) -> u32 {
        let before = run.keep_if.as_ref().map(|_| ScratchState::of(s));
        let next = |f: FieldId, dirs: &[u8]| {
            dirs.iter().map(|&d| self.board.neighbour(f, d)).find(|&t| t != NO_FIELD).unwrap_or(NO_FIELD)
        };
        let mut at = if run.start.is_empty() { landed } else { next(landed, &run.start) };
        let mut taken = 0;
        // A run visits each field once at most, even round a cycle of links.
        for _ in 0..self.board.len() {
            if at == NO_FIELD || !self.eval(&run.cond, s, me, at) {
                break;
            }
            taken += self.capture_stack(s, at, me);
            if run.step.is_empty() {
                break;
            }
            at = next(at, &run.step);
        }
        if taken > 0 && run.landed {
            taken += self.capture_stack(s, landed, me);
        }
        if let (Some(keep), Some(before)) = (&run.keep_if, before) {
            if !self.eval(keep, s, me, NO_FIELD) {
                s.clone_from(&before);
                return 0;
            }
        }
        taken
    }

    /// The enemy pieces a jump went over, between `m.from` and `m.to`:
    /// captured, or (`at_end`) marked, to be removed when the chain ends.
    /// Returns how many.
    fn capture_jumped(&self, s: &mut State, m: Move, me: Player, at_end: bool) -> u32 {
        let mut n = 0;
        let mut at = self.board.neighbour(m.from, m.dir);
        let mut guard = self.board.len();
        while at != NO_FIELD && at != m.to && guard > 0 {
            if s.top(at).is_some_and(|p| p.owner != me) {
                if at_end {
                    n += u32::from(s.height(at));
                    change_top(s, at, |p| p.mark = true);
                } else {
                    n += self.capture_stack(s, at, me);
                }
            }
            at = self.board.neighbour(at, m.dir);
            guard -= 1;
        }
        n
    }

    /// Whether the piece on `victim`, next to `landed` in direction `d`, is an
    /// enemy of `me` that the enclosure captures.
    fn enclosed(&self, s: &State, e: &Enclosure, me: Player, landed: FieldId, victim: FieldId, d: u8) -> bool {
        if victim == NO_FIELD {
            return false;
        }
        let Some(owner) = s.top(victim).map(|p| p.owner).filter(|&o| o != me) else { return false };
        if self.fields[usize::from(victim)].safe || !self.eval(&e.target, s, me, victim) {
            return false;
        }
        let closed = |side: FieldId| match side {
            NO_FIELD => e.edge,
            _ => self.eval(&e.anvil, s, me, side) || self.hostile(s, side, owner),
        };
        if e.all {
            e.dirs.iter().map(|&side| self.board.neighbour(victim, side)).all(|side| side == landed || closed(side))
        } else {
            let beyond = self.board.neighbour(victim, d);
            beyond != NO_FIELD && closed(beyond)
        }
    }

    /// Whether `field` closes an enclosure of a piece of `owner` as a hostile field.
    fn hostile(&self, s: &State, field: FieldId, owner: Player) -> bool {
        let props = &self.fields[usize::from(field)];
        let players = if s.height(field) == 0 { props.hostile_empty } else { props.hostile_occupied };
        players & (1 << owner) != 0
    }

    /// What a piece arriving on `to` does to an enemy stack there; returns the
    /// number of pieces captured.
    #[inline(always)]
    fn arrive(&self, s: &mut State, arrive: Arrive, from: FieldId, to: FieldId, me: Player) -> u32 {
        if s.top(to).is_none_or(|t| t.owner == me) {
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
    fn place_due(
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
        s.pop(f);
        s.pool_add(Pool::Hand, receiver, p.kind, receiver, -1);
        s.push(f, Piece { owner: receiver, mark: replace.grace, ..p });
        if replace.prisoners {
            s.pool_add(Pool::Prisoners, receiver, p.kind, p.owner, 1);
        } else {
            s.pool_add(Pool::Hand, p.owner, p.kind, p.owner, 1);
        }
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
                Captured::ToOwner => s.pool_add(Pool::Hand, piece.owner, piece.kind, piece.owner, 1),
                Captured::Store { zone } => {
                    let store = self.zones[usize::from(zone)].groups[usize::from(captor)].iter().flatten().next();
                    match store.copied().filter(|&f| f != field && s.height(f) < self.fields[usize::from(f)].limit) {
                        Some(f) => s.push(f, piece),
                        None => remove(s),
                    }
                }
                Captured::Convert { zone, captor_chooses } => {
                    // The captured stack still stands on its field, which is so not free.
                    if self.first_free_group(s, zone, captor).is_none() {
                        remove(s);
                    } else {
                        s.pool_add(Pool::Hand, captor, piece.kind, captor, 1);
                        self.place_due(s, captor, piece.kind, zone, 0, captor_chooses, false);
                    }
                }
            }
        }
        s.clear(field);
        u32::from(n)
    }

    /// After a decision: end conditions, the turn limit, and whose decision is next.
    #[inline(always)]
    fn after_decision(&self, s: &mut State, mover: Player) {
        if self.ended_after_move(s, mover) {
            return;
        }
        if s.finished[usize::from(mover)] != 0 {
            // The mover has finished: their turn ends here.
            s.pending = Pending::None;
            s.continuing = None;
            self.end_turn(s, mover);
            return;
        }
        if s.pending != Pending::None || s.continuing.is_some() {
            return;
        }
        s.decisions_left = s.decisions_left.saturating_sub(1);
        if s.decisions_left > 0 && self.has_move(s) {
            return;
        }
        let phase = &self.phases[usize::from(s.phase)];
        if s.again && !s.passed {
            // The move earned another turn: the same player throws again (or, without throws, moves again).
            s.again = false;
            s.throw = None;
            s.decisions_left = phase.decisions;
            if let Some(c) = phase.throw {
                s.pending = Pending::Chance(c);
            }
            // Another turn begins, unless its start finished the player (as in `end_turn`).
            if !self.check_ends(s, When::StartOfTurn, mover) && s.finished[usize::from(mover)] != 0 {
                s.pending = Pending::None;
                self.end_turn(s, mover);
            }
            return;
        }
        self.end_turn(s, mover);
    }

    /// The ends after `mover`'s move, then the turn limit: true if the game ended.
    #[inline(always)]
    pub(super) fn ended_after_move(&self, s: &mut State, mover: Player) -> bool {
        if self.check_ends(s, When::AfterMove, mover) {
            return true;
        }
        if self.max_plies > 0 && s.ply >= self.max_plies {
            self.conclude(s, Reason::TurnLimit, [0; MAX_PLAYERS]);
            return true;
        }
        false
    }

    fn end_turn(&self, s: &mut State, mover: Player) {
        let phase = &self.phases[usize::from(s.phase)];
        let mut next = self.next_playing(s, mover);
        if let (Some(until), Some(to)) = (&phase.until, phase.next) {
            if self.eval(until, s, mover, NO_FIELD) {
                s.phase = to;
                if let Some(p) = phase.starts {
                    next = p;
                }
            }
        }
        self.hand_over(s, next);
        if self.check_ends(s, When::StartOfTurn, next) {
            return;
        }
        if s.finished[usize::from(next)] != 0 {
            // Finished as their turn began: the turn goes on to the next player,
            // if anyone is left to play (a game reaches no such state, but a hand-made one must end).
            s.pending = Pending::None;
            if self.next_playing(s, next) == next {
                self.conclude(s, Reason::Blocked, [0; MAX_PLAYERS]);
            } else {
                self.end_turn(s, next);
            }
            return;
        }
        if s.passed && s.pending == Pending::None {
            // Blocked when every player still playing has passed in a row and the next cannot move either.
            let playing = s.finished[..usize::from(s.players)].iter().filter(|&&f| f == 0).count() as u8;
            if s.passes + 1 >= playing && !self.has_move(s) {
                self.conclude(s, Reason::Blocked, [0; MAX_PLAYERS]);
            }
        }
    }

    /// The turn passes to `next`, in the phase `s` is in now: a new turn's
    /// decisions and throw, nothing carried over but the passes in a row.
    #[inline(always)]
    pub(super) fn hand_over(&self, s: &mut State, next: Player) {
        // Counted up to one fewer than the players, all the blocked rule below
        // reads: states it cannot tell apart stay equal.
        s.passes = if s.passed { (s.passes + 1).min(s.players - 1) } else { 0 };
        let phase = &self.phases[usize::from(s.phase)];
        s.to_move = next;
        s.decisions_left = phase.decisions;
        s.turn += 1;
        s.throw = None;
        s.again = false;
        s.continuing = None;
        if let Some(c) = phase.throw {
            s.pending = Pending::Chance(c);
        }
    }

    /// The player after `p` in the turn order who has not finished (`p` itself if nobody else is left).
    pub(super) fn next_playing(&self, s: &State, p: Player) -> Player {
        let mut q = p;
        for _ in 0..s.players {
            q = if q + 1 >= s.players { 0 } else { q + 1 };
            if s.finished[usize::from(q)] == 0 {
                return q;
            }
        }
        p
    }

    /// Checks the end conditions of one kind for player `me`; true if the game ended.
    fn check_ends(&self, s: &mut State, at: When, me: Player) -> bool {
        self.check_ends_knowing(s, at, me, None)
    }

    /// [`Game::check_ends`], where whether `me` has no move may be known
    /// already (`no_move`): then a test that is just "no move" reads it.
    #[inline(always)]
    pub(super) fn check_ends_knowing(&self, s: &mut State, at: When, me: Player, no_move: Option<bool>) -> bool {
        for (i, end) in self.ends.iter().enumerate() {
            if end.at == at && self.end_holds(&end.test, s, me, no_move) && self.end_by(s, i, me) {
                return true;
            }
        }
        false
    }

    /// Whether an end's test holds for `me`: a line through the last piece
    /// by masks, the commonest test after a move, read here without a call;
    /// "no move" where it is known. (Asking for "no move" here, not known,
    /// costs the games where it is rarely asked more than it saves.)
    #[inline(always)]
    fn end_holds(&self, test: &Cond, s: &State, me: Player, no_move: Option<bool>) -> bool {
        match (test, no_move) {
            (Cond::MovedLineMasks(lines), _) => self.made_line_by_masks(s, lines),
            (Cond::NoMoves, Some(none)) => none,
            _ => self.eval(test, s, me, NO_FIELD),
        }
    }

    /// The end condition `i` holds for `me`: the game ends by it (true), or
    /// the player it names finishes (or had) and the game goes on (false). Apart from
    /// [`Game::check_ends`], which runs after every move: its loop stays small.
    #[cold]
    #[inline(never)]
    fn end_by(&self, s: &mut State, i: usize, me: Player) -> bool {
        let end = &self.ends[i];
        let reason = Reason::End(i as u16);
        let team = |p: Player| self.teams[usize::from(p)];
        for g in &end.gather {
            self.gather(s, *g, me);
        }
        match end.result {
            Ranking::Win(w) => {
                let mut ranks = [0; MAX_PLAYERS];
                ranks[usize::from(team(who(w, me, s)))] = 1;
                self.conclude(s, reason, ranks);
            }
            Ranking::Draw => self.conclude(s, reason, [0; MAX_PLAYERS]),
            Ranking::MostIn(zone) => {
                let mut pieces = [0i64; MAX_PLAYERS];
                (0..s.players).for_each(|p| pieces[usize::from(team(p))] += i64::from(self.count_in(s, zone, p)));
                self.conclude(s, reason, pieces);
            }
            Ranking::MorePieces | Ranking::MorePiecesOr(_) => {
                // Teams by their pieces on the board; on a tie for the most, `w`'s team is ahead.
                let favoured = match end.result {
                    Ranking::MorePiecesOr(w) => Some(team(who(w, me, s))),
                    _ => None,
                };
                let mut pieces = [0i64; MAX_PLAYERS];
                (0..s.players).for_each(|p| pieces[usize::from(team(p))] += i64::from(s.on_board(p)));
                let most = pieces.iter().copied().max().unwrap_or(0);
                let mut ranks = pieces.map(|n| 2 * n);
                if let Some(t) = favoured.filter(|&t| pieces[usize::from(t)] == most) {
                    ranks[usize::from(t)] += 1;
                }
                self.conclude(s, reason, ranks);
            }
            Ranking::Finish(w) => {
                let p = who(w, me, s);
                if s.finished[usize::from(p)] == 0 {
                    self.finish(s, p, reason);
                }
                if s.outcome.is_none() {
                    return false;
                }
            }
        }
        let winner = s.outcome.and_then(|o| o.winners().next());
        let score = winner.map_or(0, |w| self.score(s, &end.score, w));
        if let Some(o) = &mut s.outcome {
            o.score = score;
        }
        true
    }

    /// At the end: the pieces on every version of zone `g.from` go onto the
    /// first field of a version of zone `g.to` (the owner's of the version
    /// they stand on, or `g.player`'s), as far as that field holds them.
    fn gather(&self, s: &mut State, g: Gather, me: Player) {
        let (from, to) = (&self.zones[usize::from(g.from)], &self.zones[usize::from(g.to)]);
        for p in 0..s.players {
            let taker = g.player.map_or(p, |w| who(w, me, s));
            let Some(&store) = to.groups[usize::from(taker)].iter().flatten().next() else { continue };
            for f in self.board.fields().filter(|&f| from.contains(p, f) && f != store) {
                while s.height(store) < self.fields[usize::from(store)].limit {
                    let Some(piece) = s.pop(f) else { break };
                    s.push(store, piece);
                }
            }
        }
    }

    /// Player `p` has finished: their team takes the next place once all its
    /// members have; when one team is left, it takes the last and the game ends.
    fn finish(&self, s: &mut State, p: Player, reason: Reason) {
        let players = usize::from(s.players);
        s.finished[usize::from(p)] = OUT;
        let team = self.teams[usize::from(p)];
        let members = || (0..players).filter(move |&q| self.teams[q] == team);
        if members().all(|q| s.finished[q] != 0) {
            let place = next_place(s);
            members().for_each(|q| s.finished[q] = place);
        }
        let mut left = (0..players).filter(|&q| s.finished[q] == 0 || s.finished[q] == OUT).map(|q| self.teams[q]);
        let first = left.next();
        if left.all(|t| Some(t) == first) {
            self.conclude(s, reason, [0; MAX_PLAYERS]);
        }
    }

    /// Ends the game: the teams not yet placed take the places after those
    /// taken, highest `ranks[team]` first (equal ranks share a place).
    fn conclude(&self, s: &mut State, reason: Reason, ranks: [i64; MAX_PLAYERS]) {
        let players = usize::from(s.players);
        let base = next_place(s) - 1;
        let unplaced = |q: usize| s.finished[q] == 0 || s.finished[q] == OUT;
        // Each team still in the game once.
        let mut open = [false; MAX_PLAYERS];
        (0..players).filter(|&q| unplaced(q)).for_each(|q| open[usize::from(self.teams[q])] = true);
        let rank = |t: u8| ranks[usize::from(t)];
        let mut places = [0u8; MAX_PLAYERS];
        for (q, place) in places.iter_mut().enumerate().take(players) {
            *place = if unplaced(q) {
                let mine = rank(self.teams[q]);
                // (Teams are numbered below the players.)
                let ahead = (0..s.players).filter(|&t| open[usize::from(t)] && rank(t) > mine).count();
                base + 1 + ahead as u8
            } else {
                s.finished[q]
            };
        }
        s.finished[..players].copy_from_slice(&places[..players]);
        s.outcome = Some(Outcome { places, reason, score: 0 });
    }

    /// The winner's points: for each enemy piece on the board in a scoring zone.
    fn score(&self, s: &State, table: &[(u8, u16)], winner: Player) -> u16 {
        let mut total = 0u16;
        for &(zone, points) in table {
            let zone = &self.zones[usize::from(zone)];
            for f in self.board.fields() {
                if zone.contains(winner, f) {
                    let enemies = s.stack(f).iter().filter(|p| p.owner != winner).count() as u16;
                    total = total.saturating_add(enemies * points);
                }
            }
        }
        total
    }
}

/// The best place no team has taken yet.
fn next_place(s: &State) -> u8 {
    s.finished[..usize::from(s.players)].iter().filter(|&&f| f != OUT).max().copied().unwrap_or(0) + 1
}

/// Changes the top piece of a field in place.
fn change_top(s: &mut State, field: FieldId, change: impl FnOnce(&mut Piece)) {
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
        for (name, options, game) in variants().filter(|(_, _, g)| g.plain_rules) {
            let mut general = game.clone();
            general.plain_rules = false;
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
