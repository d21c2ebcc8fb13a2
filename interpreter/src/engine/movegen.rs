//! Legal moves.

use super::emit::{Counted, Emit, IntoList, listed};
use super::foresight::Probes;
use super::motion::{FieldsByKind, Tops, Walking, placing};
use super::scratch::{ScratchState, scratch_moves, scratch_numbers};
use super::{CaptureFilter, Captures, ChainLandings, Cond, Filter, Motion, Probe, Repeats, Rule, RulesLoop};
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{KindId, Piece, Player};
use crate::program::Game;
use crate::ruleset::{Arrive, Distance};
use crate::state::{Pending, State};

/// [`Game::drop_repeats`] where rules may repeat each other's moves. (Apart
/// and cold: written in place, it changed how the compiler inlines the
/// generator of every game, including those where no rule repeats another.)
#[cold]
#[inline(never)]
fn drop_repeated_moves(moves: &mut Vec<Move>) {
    if moves.len() > 32 {
        return drop_repeats_sorted(moves);
    }
    let mut kept = 0;
    for i in 0..moves.len() {
        let m = moves[i];
        if !moves[..kept].iter().any(|k| Move { rule: m.rule, ..*k } == m) {
            moves[kept] = m;
            kept += 1;
        }
    }
    moves.truncate(kept);
}

/// [`drop_repeated_moves`] for long lists (a comparison of each move with
/// every move kept grows with the square: 250 pieces that may fly anywhere
/// by two rules took seconds a ply): the moves sorted by what they do, the
/// first of each kept, in their order.
fn drop_repeats_sorted(moves: &mut Vec<Move>) {
    // What a move does, its rule aside.
    let key = |m: Move| {
        (m.action as u64) << 56
            | u64::from(m.kind) << 48
            | u64::from(m.dir) << 40
            | u64::from(m.from) << 16
            | u64::from(m.to)
    };
    let mut order = scratch_numbers();
    order.extend(0..moves.len() as u32);
    order.sort_unstable_by_key(|&i| (key(moves[i as usize]), i));
    let mut kept = 0;
    for j in 0..order.len() {
        if j == 0 || key(moves[order[j] as usize]) != key(moves[order[j - 1] as usize]) {
            order[kept] = order[j];
            kept += 1;
        }
    }
    order.truncate(kept);
    order.sort_unstable();
    for (to, &from) in order.iter().enumerate() {
        moves[to] = moves[from as usize];
    }
    moves.truncate(kept);
}

impl Game {
    /// The legal moves in `state`: at a chance node, its outcomes; when nothing
    /// else can move, `pass`; when the game is over, none.
    pub fn legal_moves(&self, state: &State) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(state, &mut out);
        out
    }

    /// Like [`Game::legal_moves`], into a buffer that is cleared first.
    pub fn legal_moves_into(&self, s: &State, out: &mut Vec<Move>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        match s.pending {
            Pending::Chance(c) => {
                let n = self.chance[usize::from(c)].outcomes.len();
                out.extend((0..n).map(|i| Move {
                    from: FieldId::from(c),
                    to: i as FieldId,
                    ..Move::simple(Action::Chance)
                }));
                return;
            }
            Pending::Place { kind, zone, optional, .. } => {
                if let Some(group) = self.first_free_group(s, zone, s.to_move) {
                    out.extend(group.iter().filter(|&&f| self.is_free(s, f)).map(|&to| Move {
                        kind,
                        to,
                        ..Move::simple(Action::PlacePending)
                    }));
                }
                if optional || out.is_empty() {
                    out.push(Move::simple(Action::Skip));
                }
                return;
            }
            Pending::Capture { rule } => {
                self.capture_choices(s, rule, |to| {
                    out.push(Move { to, ..Move::simple(Action::Capture) });
                    true
                });
                if out.is_empty() {
                    // Not reached (a move leaves no capture without a candidate); should it
                    // be, the player skips it rather than being left with no move.
                    out.push(Move::simple(Action::Skip));
                }
                return;
            }
            Pending::Huff => {
                out.extend(
                    self.board
                        .fields()
                        .filter(|&f| s.top(f).is_some_and(|p| p.mark && p.owner != s.to_move))
                        .map(|to| Move { to, ..Move::simple(Action::Capture) }),
                );
                out.push(Move::simple(Action::Skip));
                return;
            }
            Pending::None => {}
        }
        if self.list_counted(s, out) {
            return;
        }
        if let Some(c) = s.continuing {
            let most = self.phases[usize::from(s.phase)].filters.contains(&Filter::MostCaptures);
            self.chain_moves(s, c, out);
            self.drop_repeats(s, out);
            self.keep_landings_that_go_on(s, out);
            if most {
                self.keep_most_captures(s, out);
            } else if !c.must {
                out.push(Move::simple(Action::Stop));
            }
            if out.is_empty() {
                // Not reached (a chain goes on only where it can); should it be,
                // the chain stops rather than leaving the player with no move.
                out.push(Move::simple(Action::Stop));
            }
            return;
        }
        self.list_ordinary(s, out);
    }

    /// The legal moves of an ordinary decision, into `out`, empty: nothing
    /// pending, no chain going on, the moves not counted (where random play
    /// runs listed turns, it lists them so, without asking).
    #[inline(always)]
    pub(super) fn list_ordinary(&self, s: &State, out: &mut Vec<Move>) {
        debug_assert!(out.is_empty() && s.awaits_ordinary_decision() && self.countable(s).is_none());
        if let CaptureFilter::ByRules(split) = &self.phases[usize::from(s.phase)].plan.capture_filter {
            // A mandatory capture planned by the rules (engine/capture_filter.rs).
            if self.capturing_first(s, split, out) {
                return;
            }
        }
        self.generate(s, s.to_move, None, &mut IntoList(out));
        self.drop_repeats(s, out);
        if self.phases[usize::from(s.phase)].filters_moves() {
            // (Most phases have nothing to filter: the call and its scratch are not free.)
            self.filter_moves(s, out);
        }
        if out.is_empty() {
            out.push(Move::simple(Action::Pass));
        }
    }

    /// The legal moves are a set: a move that two rules make (the same piece
    /// from the same field to the same field) is one move, made by the first
    /// of those rules in the phase, whose effects it has.
    fn drop_repeats(&self, s: &State, moves: &mut Vec<Move>) {
        match self.phases[usize::from(s.phase)].repeats {
            Repeats::Possible => drop_repeated_moves(moves),
            Repeats::Impossible => {}
        }
    }

    /// Whether move `m` captures something. Jumps and landings tell at once;
    /// a move with effects that may capture is played on `scratch` (a copy of
    /// the state, made when first needed).
    pub(crate) fn captures(&self, s: &State, m: Move, scratch: &mut Option<ScratchState>) -> bool {
        let Some(rule) = self.phases[usize::from(s.phase)].rules.get(usize::from(m.rule)) else { return false };
        match (rule.plan.captures, m.action) {
            // The rule alone decides (see `Captures`).
            (Captures::Always, Action::Board | Action::Place) => true,
            (Captures::Never, Action::Board | Action::Place) => false,
            _ => self.captures_in_full(s, m, rule, scratch),
        }
    }

    /// [`Game::captures`] worked out from the state.
    fn captures_in_full(&self, s: &State, m: Move, rule: &Rule, scratch: &mut Option<ScratchState>) -> bool {
        let me = s.to_move;
        let enemy_on = |f: FieldId| f != NO_FIELD && s.top(f).is_some_and(|p| p.owner != me);
        if rule.effects.iter().any(super::Effect::captures_in_passing) {
            let scratch = scratch.get_or_insert_with(|| ScratchState::of(s));
            scratch.clone_from(s);
            return self.apply_core(scratch, m).captured > 0;
        }
        // A move that lands captures by landing on an enemy.
        let lands_on_enemy =
            || matches!(m.action, Action::Board | Action::Place) && rule.arrive == Arrive::Capture && enemy_on(m.to);
        match &rule.motion {
            Motion::Jump { over, fly, hop: false, .. } if m.action == Action::Board => {
                self.jumped(s, me, m.from, m.dir, over, *fly).is_some_and(enemy_on)
            }
            motion @ (Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Enter { .. }
            | Motion::Exit { .. }
            | Motion::Sow { .. }
            | Motion::Pass
            | Motion::Jump { .. }) => !motion.puts_under() && lands_on_enemy(),
        }
    }

    /// Calls `emit` with each field whose stack the mover may choose to
    /// capture after a move of `rule` (`CaptureChosen`): where `among` holds,
    /// or where it holds on no occupied field, where `otherwise` holds.
    /// `emit` returning false stops.
    fn capture_choices(&self, s: &State, rule: u8, mut emit: impl FnMut(FieldId) -> bool) {
        let me = s.to_move;
        let rule = &self.phases[usize::from(s.phase)].rules[usize::from(rule)];
        let Some(choice) = rule.choice() else { return };
        for set in [&choice.among, &choice.otherwise] {
            let mut found = false;
            for f in self.board.fields().filter(|&f| s.height(f) > 0 && self.eval(set, s, me, f)) {
                found = true;
                if !emit(f) {
                    return;
                }
            }
            if found {
                return;
            }
        }
    }

    /// Whether the mover has a stack to choose to capture after a move of `rule`.
    pub(crate) fn has_capture_choice(&self, s: &State, rule: u8) -> bool {
        let mut any = false;
        self.capture_choices(s, rule, |_| {
            any = true;
            false
        });
        any
    }

    /// Whether the player to move has a move other than `pass`.
    pub(crate) fn has_move(&self, s: &State) -> bool {
        if let Some(any) = self.has_counted_move(s) {
            return any;
        }
        let phase = &self.phases[usize::from(s.phase)];
        if phase.filters.iter().any(|f| !f.keeps_some()) {
            // A lone filter that keeps the moves after which a test holds: the first
            // that passes will do (issue 45: see engine/any_passes.rs).
            if let [Filter::RequireAfter { cond, only_if, keep_all: false }] = phase.filters.as_slice() {
                return self.any_passes(s, cond, only_if);
            }
            // A filter may leave no move: the moves are worked out and filtered.
            let mut moves = scratch_moves();
            self.generate(s, s.to_move, None, &mut |m| {
                moves.push(m);
                true
            });
            self.filter_moves(s, &mut moves);
            return !moves.is_empty();
        }
        self.has_move_for(s, s.to_move)
    }

    /// Whether `player` would have a move under the phase's move rules (turn
    /// filters aside) if the decision were theirs.
    pub(crate) fn has_move_for(&self, s: &State, player: Player) -> bool {
        let mut any = false;
        self.generate(s, player, None, &mut |_| {
            any = true;
            false
        });
        any
    }

    /// Whether the piece on `f` has a move as an ordinary decision of its
    /// owner `player`: whether [`Game::generate_as`] makes any for it. Asked
    /// of every piece after every move where stuck pieces are replaced, so
    /// each rule is tried on the piece at once, without the generator's
    /// dispatch over the whole board (rules that walk, sow or lift take the
    /// generator's way).
    pub(crate) fn piece_has_move(&self, s: &State, player: Player, f: FieldId) -> bool {
        let phase = &self.phases[usize::from(s.phase)];
        let [ordinary, fallback] = &phase.playable[usize::from(player)];
        let Some(p) = s.top(f).filter(|p| p.owner == player) else { return false };
        // Walks need the generator's walking state; sowing and lifting are made there.
        // (A pool of dice, issue 45, is the generator's to spend value by value.)
        if phase.plan.probe == Probe::ByGenerator || s.dice.is_thrown() {
            let mut any = false;
            self.generate_as(s, player, Some(f), &mut |_| {
                any = true;
                false
            });
            return any;
        }
        // The per-piece test of `rule_moves`, written again: one helper for
        // both changed how the compiler inlines the generator;
        // `a_piece_has_a_move_where_the_generator_makes_one` ties them.
        let any_of = |rules: &[u8]| {
            rules.iter().any(|&ri| {
                let rule = &phase.rules[usize::from(ri)];
                rule.pieces & (1 << p.kind) != 0
                    && self.eval(&rule.only_if_for[usize::from(player)], s, player, NO_FIELD)
                    && self.eval(&rule.from, s, player, f)
                    && match rule.plan.motion.die_runs().filter(|runs| runs.has_bits()).zip(rule.plan.landing.bits()) {
                        // A die's run ends, as bits, against where the rule may land.
                        Some((runs, bits)) => runs.reach(f, p.orient) & bits.landable(s, player) != 0,
                        None => {
                            let mover = Mover { s, me: player, rule, rule_id: ri, from: f, p };
                            !self.piece_moves(&mover, None, &mut |_| false)
                        }
                    }
            })
        };
        any_of(ordinary) || any_of(fallback)
    }

    /// Like [`Game::generate`], for the moves `player` would have in `s` as
    /// an ordinary decision (whatever throw, placement or capture chain is pending).
    pub(crate) fn generate_as(&self, s: &State, player: Player, only: Option<FieldId>, emit: &mut impl Emit) {
        self.generate(s, player, only, emit);
    }

    /// Calls `emit` with each ordinary move of `me` (of the piece on `only`,
    /// if given), trying the fallback rules only when no other rule gives a
    /// move (to the player, or where the phase says so, to the piece); `emit`
    /// returning false stops the search. Generic over `emit`, so that each
    /// caller's closure is inlined rather than called through a pointer per move.
    pub(crate) fn generate(&self, s: &State, me: Player, only: Option<FieldId>, emit: &mut impl Emit) {
        if s.dice.is_thrown() {
            // A pool of values (issue 45): the moves of each value left (`engine/dice.rs`).
            return self.generate_by_pool(s, me, only, emit);
        }
        self.generate_of_throw(s, me, only, emit);
    }

    /// [`Game::generate`] with the state's throw, whatever pool it holds.
    #[inline(always)]
    pub(super) fn generate_of_throw(&self, s: &State, me: Player, only: Option<FieldId>, emit: &mut impl Emit) {
        let phase = &self.phases[usize::from(s.phase)];
        let [ordinary, fallback] = &phase.playable[usize::from(me)];
        let (found, go_on) = self.moves_of_rules(s, me, ordinary, only, emit);
        if !go_on || fallback.is_empty() {
            return;
        }
        if !phase.fallback_per_piece || only.is_some() {
            if !found {
                self.moves_of_rules(s, me, fallback, only, emit);
            }
            return;
        }
        // Piece by piece: a piece with no ordinary move may use the fallback rules.
        for from in s.fields_topped_by(me) {
            let (has, _) = self.moves_of_rules(s, me, ordinary, Some(from), &mut |_| false);
            if !has && !self.moves_of_rules(s, me, fallback, Some(from), emit).1 {
                return;
            }
        }
    }

    /// The moves of `me` under the listed rules of the phase: whether there
    /// was any, and false if `emit` asked to stop. Each loop is a function
    /// of its own, this one only chooses (issue 48: with the generic loop
    /// written in, its frame was made ready, some 40 instructions, on every
    /// call, also of the loops by bits and by walks).
    #[inline(always)]
    pub(super) fn moves_of_rules(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        match self.phases[usize::from(s.phase)].plan.rules_loop {
            RulesLoop::WalksOnly => self.moves_by_loop::<true>(s, me, rules, only, emit),
            RulesLoop::ByBits => self.moves_by_bits(s, me, rules, only, emit),
            RulesLoop::General => self.moves_by_loop::<false>(s, me, rules, only, emit),
        }
    }

    /// [`Game::moves_of_rules`] by the loop over the rules, a function of
    /// its own for each `WALKS_ONLY`. With it true, the loop of a phase
    /// whose rules all walk along paths worked out before play or enter from
    /// the hand ([`RulesLoop::WalksOnly`]), without what the generic loop
    /// makes ready for the other motions on every call (a large part of a
    /// walking game's generation).
    #[inline(never)]
    fn moves_by_loop<const WALKS_ONLY: bool>(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        self.each_rule::<WALKS_ONLY>(s, me, rules, only, emit)
    }

    /// The loop of [`Game::moves_of_rules`] over the rules; `WALKS_ONLY`
    /// where every rule walks by its paths or enters (see [`Game::moves_by_loop`]).
    #[inline(always)]
    pub(super) fn each_rule<const WALKS_ONLY: bool>(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        let phase = &self.phases[usize::from(s.phase)];
        let mut found = false;
        // The rules' walks share one pass set where they pass over the same
        // fields; the rules that go piece by piece, the pieces read by kind.
        let mut shared = Shared::default();
        for &ri in rules {
            let rule = &phase.rules[usize::from(ri)];
            if !self.eval(&rule.only_if_for[usize::from(me)], s, me, NO_FIELD) {
                continue;
            }
            let by_paths = rule.plan.motion.by_paths();
            let go_on = if by_paths || WALKS_ONLY {
                // A walk along paths worked out before play (a loop of its own) or,
                // in a phase that only walks, an entry: their ends go to `emit` in one go.
                let mut counting = Counted { found: false, emit: &mut *emit };
                let go_on = if by_paths {
                    self.walks_by_paths(s, me, rule, ri, only, &mut shared.walks, &mut counting)
                } else {
                    debug_assert!(rule.motion.facts().enters, "a phase marked as walks only");
                    // (A piece on the board enters nothing.)
                    only.is_some()
                        || self.kinds_in_hand(rule, s, me).all(|kind| {
                            self.enter_moves(s, me, rule, placing(ri, kind, NO_FIELD), &mut shared.walks, &mut counting)
                        })
                };
                found |= counting.found;
                go_on
            } else if rule.choices.is_some() || !rule.run_choices.is_empty() {
                // Choices inside a move (issue 45): the kinds a landing offers, or the
                // capture runs that take (a rule has one or the other), one move each.
                // One branch for both keeps `rule_moves` to two copies in the hot path.
                let mut counted = |m: Move| {
                    found = true;
                    if rule.choices.is_some() {
                        self.emit_choices(rule, s, me, m, &mut |c| emit.emit(c))
                    } else {
                        self.emit_run_choices(rule, s, m, &mut |c| emit.emit(c))
                    }
                };
                self.rule_moves(s, me, rule, ri, only, &mut shared, &mut counted)
            } else {
                let mut counted = |m: Move| {
                    found = true;
                    emit.emit(m)
                };
                // A jump over what a mask of tops says, landing by masks, outside a
                // chain (where pieces jumped are marked): a tight loop of its own.
                match rule.jump_by_masks().filter(|_| s.continuing.is_none()) {
                    Some((dirs, over, bits)) => {
                        let movers = &Tops::of(s, me, only);
                        self.jumps_by_masks(s, me, rule, ri, dirs, over, bits.landable(s, me), movers, &mut counted)
                    }
                    None => self.rule_moves(s, me, rule, ri, only, &mut shared, &mut counted),
                }
            };
            if !go_on {
                return (found, false);
            }
        }
        (found, true)
    }

    /// Applies the phase's turn filters, in order, to the moves of an ordinary
    /// decision. A filter that looks ahead plays each move on a copy of the
    /// state (one copy per call, reused): its cost is one move and one test per
    /// legal move, paid only where its `only_if` holds.
    fn filter_moves(&self, s: &State, moves: &mut Vec<Move>) {
        let me = s.to_move;
        let mut probes = Probes::default();
        let mut pooled = false;
        for (number, filter) in self.phases[usize::from(s.phase)].filters.iter().enumerate() {
            match filter {
                Filter::RequireAfter { cond, only_if, keep_all } => {
                    if moves.is_empty() || !self.eval(only_if, s, me, NO_FIELD) {
                        continue;
                    }
                    // (The royal filter decided from checkers and pins where it can: engine/royal_safety.rs;
                    // a test the state before the move decides, without playing it: engine/foresight.rs.)
                    let watch = self.royal_watch(s, cond);
                    // The moves that pass go to the front, in their order.
                    let mut kept = 0;
                    for i in 0..moves.len() {
                        if self.passes_require_after(s, moves[i], (number, cond), watch.as_ref(), &mut probes) {
                            moves.swap(kept, i);
                            kept += 1;
                        }
                    }
                    if kept > 0 || !keep_all {
                        moves.truncate(kept);
                    }
                }
                Filter::Capture { huff: false } => {
                    if moves.iter().any(|&m| self.captures(s, m, &mut probes.state)) {
                        moves.retain(|&m| self.captures(s, m, &mut probes.state));
                    }
                }
                Filter::Capture { huff: true } => {}
                Filter::MostCaptures => self.keep_most_captures(s, moves),
                // Dice pools (issue 45): whole turns, all the pool filters at once, at the first.
                Filter::MostValues | Filter::HighestValues => {
                    if !std::mem::replace(&mut pooled, true) {
                        self.keep_best_turns(s, moves);
                    }
                }
            }
        }
        self.keep_landings_that_go_on(s, moves);
    }

    /// A flying jump whose chain must go on lands where it can go on, if any
    /// landing of the same jump (piece, rule and direction) can: "a chain
    /// goes on while it can" decides the landing too (capturing the most
    /// implies it anyway). A jump with one landing is
    /// not touched, so only flying pieces pay for this.
    /// (The plan asked where the moves are made: most phases' is `AsMade`, and a call cost more than the question.)
    #[inline(always)]
    pub(super) fn keep_landings_that_go_on(&self, s: &State, moves: &mut Vec<Move>) {
        match self.phases[usize::from(s.phase)].plan.chain_landings {
            ChainLandings::Compared => self.keep_landings_compared(s, moves),
            ChainLandings::AsMade => {}
        }
    }

    /// [`Game::keep_landings_that_go_on`] where the phase's plan compares them.
    #[inline(never)]
    fn keep_landings_compared(&self, s: &State, moves: &mut Vec<Move>) {
        let rules = &self.phases[usize::from(s.phase)].rules;
        let flying_must =
            |m: &Move| m.action == Action::Board && rules.get(usize::from(m.rule)).is_some_and(Rule::flies_in_chains);
        let same_jump = |a: &Move, b: &Move| a.from == b.from && a.rule == b.rule && a.dir == b.dir;
        let jumps = moves.iter().filter(|m| flying_must(m));
        if !jumps.clone().any(|a| jumps.clone().any(|b| same_jump(a, b) && a.to != b.to)) {
            return;
        }
        let mut scratch = ScratchState::of(s);
        // The flying jumps whose chain goes on after them.
        let mut going = scratch_moves();
        for &m in moves.iter().filter(|m| flying_must(m)) {
            scratch.clone_from(s);
            self.play_unchecked(&mut scratch, m);
            if scratch.continuing.is_some() {
                going.push(m);
            }
        }
        moves.retain(|m| going.contains(m) || !flying_must(m) || !going.iter().any(|g| same_jump(m, g)));
    }

    /// How far the piece on `from` goes in direction `dir`, if that is known now.
    pub(crate) fn distance(&self, d: Distance, s: &State, from: FieldId, dir: u8) -> Option<u8> {
        let die = || s.top(from).filter(|p| self.kinds[usize::from(p.kind)].die.is_some());
        match d {
            Distance::Const(n) => Some(n),
            Distance::Throw => s.throw,
            Distance::FieldSteps => self.fields.get(usize::from(from)).and_then(|f| f.steps),
            Distance::Face | Distance::TopFace => {
                let towards = crate::program::rules::face_read(d, &self.compass, dir)?;
                die().map(|p| crate::die::face(p.orient, towards))
            }
        }
        .filter(|&n| n > 0)
    }

    /// The moves of one rule; false if `emit` asked to stop. `shared` is
    /// what the generation's rules share (see [`Shared`]). Each motion's
    /// generation is in its own file of engine/motion/.
    #[allow(clippy::too_many_arguments)] // one call site; the rule, where it moves from, and the generation's scratch
    fn rule_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        only: Option<FieldId>,
        shared: &mut Shared,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        match &rule.motion {
            // (A piece on the board enters or places nothing.)
            Motion::Place { .. } | Motion::Enter { .. } => {
                only.is_some() || self.hand_moves(s, me, rule, rule_id, &mut shared.walks, emit)
            }
            Motion::Sow { .. } | Motion::Lift => {
                let fields = only.map_or(0..self.board.len() as FieldId, |f| f..f + 1);
                self.sowing_or_lifting(s, me, rule, rule_id, fields, emit)
            }
            Motion::Step(reach) | Motion::Leap(reach) => {
                match (rule.plan.landing.bits(), rule.plan.landing.masks(), &rule.from) {
                    (Some(bits), _, Cond::True) => {
                        let (movers, steps) = (&Tops::of(s, me, only), &mut listed());
                        self.steps_by_bits(s, me, rule, rule_id, reach, bits, movers, steps, emit)
                    }
                    (None, Some(landing), Cond::True) => {
                        self.steps_by_masks(s, me, rule, rule_id, reach, landing, only, emit)
                    }
                    _ => self.each_piece_moves(s, me, rule, rule_id, only, shared, emit),
                }
            }
            Motion::Slide { .. }
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Exit { .. }
            | Motion::Jump { .. } => self.each_piece_moves(s, me, rule, rule_id, only, shared, emit),
            // (No piece moves: one move, not one per piece.)
            Motion::Pass => only.is_some() || self.pass_moves(rule_id, emit),
        }
    }

    /// The moves of a rule that brings pieces from the hand: for each kind
    /// `me` has there, in kind order; false if `emit` asked to stop.
    #[inline(always)]
    fn hand_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        walks: &mut Option<Walking>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        self.kinds_in_hand(rule, s, me).all(|kind| {
            let place = |to| placing(rule_id, kind, to);
            match &rule.motion {
                Motion::Enter { .. } => self.enter_moves(s, me, rule, place(NO_FIELD), walks, emit),
                Motion::Place { .. } => self.place_moves(rule, s, me, &mut |to| emit(place(to))),
                // (Not from the hand.)
                Motion::Step(_)
                | Motion::Leap(_)
                | Motion::Slide { .. }
                | Motion::Lift
                | Motion::Fly
                | Motion::Run { .. }
                | Motion::RunOff { .. }
                | Motion::Walk { .. }
                | Motion::Exit { .. }
                | Motion::Sow { .. }
                | Motion::Jump { .. }
                | Motion::Pass => true,
            }
        })
    }

    /// The moves of a rule piece by piece (of the piece on `only`, if given).
    #[allow(clippy::too_many_arguments)] // `rule_moves`' own
    #[inline(always)]
    fn each_piece_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        only: Option<FieldId>,
        shared: &mut Shared,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        // (An entry, which walks too, comes from the hand.)
        let Shared { walks, kinds } = shared;
        let mut walking = rule.motion.walk().map(|walk| Walking::of(walks, self, s, me, &walk.pass));
        let mut piece_moves = |from: FieldId| {
            let Some(p) = s.top(from) else { return true };
            if p.owner != me || rule.pieces & (1 << p.kind) == 0 {
                return true;
            }
            let mover = Mover { s, me, rule, rule_id, from, p };
            !self.eval(&rule.from, s, me, from) || self.piece_moves(&mover, walking.as_deref_mut(), emit)
        };
        match only {
            Some(from) => piece_moves(from),
            None if self.board.len() <= 64 => {
                let of_kinds = kinds.get_or_insert_with(|| FieldsByKind::of(s, me)).fields(rule.pieces);
                fields_of_word(0, of_kinds).all(piece_moves)
            }
            None => s.fields_topped_by(me).all(piece_moves),
        }
    }

    /// The moves of one piece under one rule: its motion's (see engine/motion/).
    fn piece_moves(&self, m: &Mover, walking: Option<&mut Walking>, emit: &mut impl FnMut(Move) -> bool) -> bool {
        match &m.rule.motion {
            Motion::RunOff { dirs, distance, pass, over, .. } => {
                self.run_off_moves(m, dirs, *distance, pass, *over, emit)
            }
            Motion::Walk { walk, steps } => walking.is_none_or(|w| self.walk_moves(m, walk, *steps, w, emit)),
            Motion::Exit { via, steps, walk } => walking.is_none_or(|w| self.exit_moves(m, via, *steps, walk, w, emit)),
            Motion::Step(reach) | Motion::Leap(reach) => self.step_moves(m, reach, emit),
            Motion::Slide { dirs, max, pass } => self.slide_moves(m, dirs, *max, pass, emit),
            Motion::Run { dirs, distance, pass } => self.run_moves(m, dirs, *distance, pass, emit),
            Motion::Fly => self.fly_moves(m, emit),
            Motion::Jump { dirs, over, fly, .. } => self.jump_moves(m, dirs, over, *fly, emit),
            // (Not piece by piece.)
            Motion::Place { .. } | Motion::Lift | Motion::Enter { .. } | Motion::Sow { .. } | Motion::Pass => true,
        }
    }

    /// The moves of a rule that sows a stack or lifts a piece, from `fields`;
    /// false if `emit` asked to stop. Apart from `rule_moves`, so that the
    /// board moves' code is laid out as it is without them.
    #[inline(never)]
    fn sowing_or_lifting(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        fields: std::ops::Range<FieldId>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        match &rule.motion {
            Motion::Sow { dirs, skip, skip_origin } => {
                self.sowings(s, me, rule, rule_id, (dirs, skip, *skip_origin), fields, emit)
            }
            _ => self.lifts(s, me, rule, rule_id, fields, emit),
        }
    }

    /// The kinds of piece `me` has in hand that `rule` moves, in kind order.
    pub(super) fn kinds_in_hand<'a>(
        &self,
        rule: &'a Rule,
        s: &'a State,
        me: Player,
    ) -> impl Iterator<Item = KindId> + 'a {
        (0..self.kinds.len() as KindId).filter(move |&kind| rule.pieces & (1 << kind) != 0 && s.hand(me, kind) > 0)
    }
}

/// What the rules of one generation share, each part made when a rule
/// first needs it.
#[derive(Default)]
pub(super) struct Shared {
    /// The walking state (see [`Walking::of`]).
    walks: Option<Walking>,
    /// On a board of up to 64 fields, the player's pieces by kind.
    kinds: Option<FieldsByKind>,
}

/// A piece about to move under one rule: what its moves are made of.
pub(super) struct Mover<'a> {
    pub(super) s: &'a State,
    pub(super) me: Player,
    pub(super) rule: &'a Rule,
    pub(super) rule_id: u8,
    pub(super) from: FieldId,
    pub(super) p: Piece,
}

impl Mover<'_> {
    /// Its move to `to` in direction `dir` (`NO_DIR` where none is told).
    #[inline(always)]
    pub(super) fn to(&self, to: FieldId, dir: u8) -> Move {
        Move { action: Action::Board, rule: self.rule_id, kind: self.p.kind, dir, from: self.from, to }
    }

    /// Its move off the board.
    #[inline(always)]
    pub(super) fn off(&self) -> Move {
        Move { action: Action::Exit, rule: self.rule_id, kind: self.p.kind, dir: NO_DIR, from: self.from, to: NO_FIELD }
    }
}

mod by_bits; // the loop of a phase whose rules step or jump by bits (issue 48)

#[cfg(test)]
pub(super) mod tests;
