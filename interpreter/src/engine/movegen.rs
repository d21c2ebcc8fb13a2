//! Legal moves.

use super::emit::{Counted, Emit, IntoList};
use super::scratch::{Pooled, ScratchState, scratch_fields, scratch_moves, scratch_numbers, scratch_sowing};
use super::{Cond, Filter, Motion, Rule, RulesLoop, Walk};
use crate::board::{FieldId, FieldSet, NO_FIELD, fields_of_word};
use crate::moves::{Action, Move, NO_DIR};
use crate::piece::{KindId, NOBODY, Piece, Player};
use crate::program::Game;
use crate::program::rules::TopWords;
use crate::ruleset::{Arrive, Distance};
use crate::state::{Continuing, Pending, State};

/// The most jumps a chain is searched for when capturing the most is the rule
/// (each captures at least one piece, so real chains are far shorter).
const MAX_CHAIN: u32 = 64;
/// The most positions the search for the longest capture chains of one
/// list of moves plays: their number grows with the ways a chain may branch,
/// and a board full of pieces to jump (9 by 9) took 40 s a move list. A
/// chain is counted as far as the search followed it: in the order the
/// moves are made, the same every time. Real games stay far below.
const MOST_CHAIN_POSITIONS: u32 = 100_000;

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
        let most = self.phases[usize::from(s.phase)].filters.contains(&Filter::MostCaptures);
        if let Some(c) = s.continuing {
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
        if self.phases[usize::from(s.phase)].may_repeat {
            drop_repeated_moves(moves);
        }
    }

    /// Keeps the moves whose whole capture chain takes the most pieces (as
    /// far as [`MOST_CHAIN_POSITIONS`] lets the search see).
    fn keep_most_captures(&self, s: &State, moves: &mut Vec<Move>) {
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
    fn chain_total(&self, s: &State, m: Move, depth: u32, left: &mut u32) -> u32 {
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
    /// capturing moves (in the same direction, where the chain says so).
    pub(crate) fn chain_moves(&self, s: &State, c: Continuing, out: &mut Vec<Move>) {
        let mut scratch = None;
        self.generate(s, s.to_move, Some(c.field), &mut |m: Move| {
            if (c.dir == NO_DIR || m.dir == c.dir) && !out.contains(&m) && self.captures(s, m, &mut scratch) {
                out.push(m);
            }
            true
        });
    }

    /// Whether a capture chain can go on.
    pub(crate) fn can_continue(&self, s: &State, c: Continuing) -> bool {
        let mut scratch = None;
        let mut any = false;
        self.generate(s, s.to_move, Some(c.field), &mut |m: Move| {
            any = (c.dir == NO_DIR || m.dir == c.dir) && self.captures(s, m, &mut scratch);
            !any
        });
        any
    }

    /// Whether move `m` captures something. Jumps and landings tell at once;
    /// a move with effects that may capture is played on `scratch` (a copy of
    /// the state, made when first needed).
    pub(crate) fn captures(&self, s: &State, m: Move, scratch: &mut Option<ScratchState>) -> bool {
        let Some(rule) = self.phases[usize::from(s.phase)].rules.get(usize::from(m.rule)) else { return false };
        match (rule.captures, m.action) {
            // The rule alone decides (see `Rule::captures`).
            (Some(known), Action::Board | Action::Place) => known,
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
        match (&rule.motion, m.action) {
            (Motion::Jump { over, fly, .. }, Action::Board) => {
                self.jumped(s, me, m.from, m.dir, over, *fly).is_some_and(enemy_on)
            }
            (Motion::Place { bottom: true, .. }, _) => false,
            (_, Action::Board | Action::Place) => rule.arrive == Arrive::Capture && enemy_on(m.to),
            _ => false,
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
        if phase.probes_by_generator {
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
                    && match rule.die_runs.as_ref().filter(|runs| runs.has_bits()).zip(rule.landing_bits) {
                        // A die's run ends, as bits, against where the rule may land.
                        Some((runs, bits)) => runs.reach(f, p.orient) & bits.landable(s, player) != 0,
                        None => !self.piece_moves(s, player, rule, ri, f, p, None, &mut |_| false),
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

    /// A placement's moves where its targets are tested one by one: each
    /// target with room where `to` holds (a guard by what tops the field
    /// decides most), with the field where the piece comes to rest. Apart
    /// from `rule_moves`, so that reading the guard in place there does not
    /// move the compiler's inlining of the generator.
    #[inline(never)]
    fn place_targets(&self, rule: &Rule, s: &State, me: Player, emit: &mut impl FnMut(FieldId) -> bool) -> bool {
        // A piece put on top arrives as a move does: onto an enemy stack it
        // captures (room counted once the stack has gone; not on a safe
        // field) or stacks, as `on_enemy` says. Under a stack, or falling
        // from where it is put, it needs room where it is put.
        let arrives = rule.motion.puts_down_where_put();
        rule.targets[usize::from(me)].iter().all(|&to| {
            let fits = if arrives && s.top(to).is_some_and(|t| t.owner != me && t.owner != NOBODY) {
                self.can_land(rule, s, me, NO_FIELD, to)
            } else {
                s.height(to) < self.fields[usize::from(to)].limit
                    && self.eval_on_field(&rule.to_on_targets[usize::from(me)], s, me, to)
            };
            !fits || emit(self.rest(rule, s, to))
        })
    }

    /// The moves of `me` under the listed rules of the phase: whether there
    /// was any, and false if `emit` asked to stop.
    fn moves_of_rules(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        match self.phases[usize::from(s.phase)].rules_loop {
            RulesLoop::WalksOnly => self.moves_of_walks(s, me, rules, only, emit),
            RulesLoop::General => self.each_rule::<false>(s, me, rules, only, emit),
        }
    }

    /// [`Game::moves_of_rules`] in a phase whose rules all walk along paths
    /// worked out before play or enter from the hand ([`RulesLoop::WalksOnly`]):
    /// a loop of its own, without what the generic loop makes ready for the
    /// other motions on every call (a large part of a walking game's generation).
    #[inline(never)]
    fn moves_of_walks(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        self.each_rule::<true>(s, me, rules, only, emit)
    }

    /// The loop of [`Game::moves_of_rules`] over the rules; `WALKS_ONLY`
    /// where every rule walks by its paths or enters (see [`Game::moves_of_walks`]).
    #[inline(always)]
    fn each_rule<const WALKS_ONLY: bool>(
        &self,
        s: &State,
        me: Player,
        rules: &[u8],
        only: Option<FieldId>,
        emit: &mut impl Emit,
    ) -> (bool, bool) {
        let phase = &self.phases[usize::from(s.phase)];
        let mut found = false;
        // The rules' walks share one pass set where they pass over the same fields.
        let mut walks = None;
        for &ri in rules {
            let rule = &phase.rules[usize::from(ri)];
            if !self.eval(&rule.only_if_for[usize::from(me)], s, me, NO_FIELD) {
                continue;
            }
            let by_paths = rule.walk_plan.by_paths();
            let go_on = if by_paths || WALKS_ONLY {
                // A walk along paths worked out before play (a loop of its own) or,
                // in a phase that only walks, an entry: their ends go to `emit` in one go.
                let mut counting = Counted { found: false, emit: &mut *emit };
                let go_on = if by_paths {
                    self.walks_by_paths(s, me, rule, ri, only, &mut walks, &mut counting)
                } else {
                    debug_assert!(matches!(rule.motion, Motion::Enter { .. }), "a phase marked as walks only");
                    // (A piece on the board enters nothing.)
                    only.is_some()
                        || self.kinds_in_hand(rule, s, me).all(|kind| {
                            self.enter_moves(s, me, rule, placing(ri, kind, NO_FIELD), &mut walks, &mut counting)
                        })
                };
                found |= counting.found;
                go_on
            } else {
                let mut counted = |m: Move| {
                    found = true;
                    emit.emit(m)
                };
                // A jump over what a mask of tops says, landing by masks, outside a
                // chain (where pieces jumped are marked): a tight loop of its own.
                match rule.jump_by_masks().filter(|_| s.continuing.is_none()) {
                    Some((dirs, over, bits)) => {
                        self.jumps_by_masks(s, me, rule, ri, dirs, over, bits.landable(s, me), only, &mut counted)
                    }
                    None => self.rule_moves(s, me, rule, ri, only, &mut walks, &mut counted),
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
        let mut scratch: Option<ScratchState> = None;
        for filter in &self.phases[usize::from(s.phase)].filters {
            match filter {
                Filter::RequireAfter { cond, only_if, keep_all } => {
                    if moves.is_empty() || !self.eval(only_if, s, me, NO_FIELD) {
                        continue;
                    }
                    let scratch = scratch.get_or_insert_with(|| ScratchState::of(s));
                    // The moves that pass go to the front, in their order.
                    let mut kept = 0;
                    for i in 0..moves.len() {
                        scratch.clone_from(s);
                        self.apply_core(scratch, moves[i]);
                        if self.eval(cond, scratch, me, NO_FIELD) {
                            moves.swap(kept, i);
                            kept += 1;
                        }
                    }
                    if kept > 0 || !keep_all {
                        moves.truncate(kept);
                    }
                }
                Filter::Capture { huff: false } => {
                    if moves.iter().any(|&m| self.captures(s, m, &mut scratch)) {
                        moves.retain(|&m| self.captures(s, m, &mut scratch));
                    }
                }
                Filter::Capture { huff: true } => {}
                Filter::MostCaptures => self.keep_most_captures(s, moves),
            }
        }
        self.keep_landings_that_go_on(s, moves);
    }

    /// A flying jump whose chain must go on lands where it can go on, if any
    /// landing of the same jump (piece, rule and direction) can: "a chain
    /// goes on while it can" decides the landing too (capturing the most
    /// implies it anyway). A jump with one landing is
    /// not touched, so only flying pieces pay for this.
    fn keep_landings_that_go_on(&self, s: &State, moves: &mut Vec<Move>) {
        let phase = &self.phases[usize::from(s.phase)];
        if !phase.flying_chains {
            return;
        }
        let rules = &phase.rules;
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

    /// The kinds of piece `me` has in hand that `rule` moves, in kind order.
    fn kinds_in_hand<'a>(&self, rule: &'a Rule, s: &'a State, me: Player) -> impl Iterator<Item = KindId> + 'a {
        (0..self.kinds.len() as KindId).filter(move |&kind| rule.pieces & (1 << kind) != 0 && s.hand(me, kind) > 0)
    }

    /// Calls `emit` with `like` entering each field a piece of `me` may enter
    /// on by `rule` (an `Enter`: none for another motion), in field order;
    /// false if `emit` asked to stop. Written once for the generic loop of rules and
    /// the loop of a phase that only walks, and laid out in each.
    #[inline(always)]
    fn enter_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        like: Move,
        walks: &mut Option<Walking>,
        emit: &mut impl Emit,
    ) -> bool {
        let Motion::Enter { via, steps, walk, entries } = &rule.motion else { return true };
        let Some(steps) = self.distance(*steps, s, NO_FIELD, NO_DIR) else { return true };
        let walking = Walking::of(walks, self, s, me, &walk.pass);
        let mut lands = |to| !self.can_land_at_walk_end(rule, s, me, NO_FIELD, to) || emit.emit(Move { to, ..like });
        let list = entries.as_ref().and_then(|e| Some((e, e.key(0, steps, true)?)));
        match (list, &rule.landing_words) {
            // Where the paths in were worked out before play, a scan of them; where
            // they lead to several fields, where it lands is read off words.
            (Some((e, k)), Some(landing)) if e.list(k).is_some_and(|l| l.len() > 1) => {
                let ends = e.ends(k, walking.word) & landing.landable(walking.tops(self, s, me));
                emit.emit_each_end(like, ends)
            }
            (Some((e, k)), _) => fields_of_word(0, e.ends(k, walking.word)).all(lands),
            (None, _) => self.entry_targets(s, me, via, steps, walk, walking.set(self), &mut lands),
        }
    }

    /// The moves of one rule; false if `emit` asked to stop. `walks` is the
    /// walking state the generation's rules share (see [`Walking::of`]).
    #[allow(clippy::too_many_arguments)] // one call site; the rule, where it moves from, and the generation's scratch
    fn rule_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        only: Option<FieldId>,
        walks: &mut Option<Walking>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        if rule.motion.comes_from_hand() {
            if only.is_some() {
                return true;
            }
            for kind in self.kinds_in_hand(rule, s, me) {
                let place = |to| placing(rule_id, kind, to);
                let go_on = match &rule.motion {
                    Motion::Enter { .. } => self.enter_moves(s, me, rule, place(NO_FIELD), walks, emit),
                    Motion::Place { .. } if rule.empty_targets.is_some() => {
                        let targets = rule.empty_targets.as_ref().map_or(0, |t| t[usize::from(me)]);
                        let occupied = s.topped_word(0);
                        fields_of_word(0, targets & !occupied).all(|to| emit(place(self.rest(rule, s, to))))
                    }
                    Motion::Place { .. } => self.place_targets(rule, s, me, &mut |to| emit(place(to))),
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
                    | Motion::Jump { .. } => true,
                };
                if !go_on {
                    return false;
                }
            }
            return true;
        }
        if rule.motion.sows_or_lifts() {
            let fields = only.map_or(0..self.board.len() as FieldId, |f| f..f + 1);
            return self.sowing_or_lifting(s, me, rule, rule_id, fields, emit);
        }
        // (An entry, which walks too, came from the hand above.)
        let mut walking = rule.motion.walk().map(|walk| Walking::of(walks, self, s, me, &walk.pass));
        // The commonest rule, a step or leap that lands by masks alone, in one
        // tight loop written out (a closure called per piece costs markedly more).
        // The steps are listed first, then made: whether a field is landable
        // is as good as random, and a branch on it is mispredicted often.
        if let (Motion::Step(reach) | Motion::Leap(reach), Some(bits), Cond::True) =
            (&rule.motion, &rule.landing_bits, &rule.from)
        {
            let landable = bits.landable(s, me);
            let movers = s.topped_first_word(me) & only.map_or(!0, |o| 1 << o);
            // A step as its field, where it goes, in which direction, and the
            // kind moved (a board of up to 64 fields: each fits a byte).
            let mut make = |steps: &[u32]| {
                steps.iter().all(|&step| {
                    let [from, to, dir, kind] = step.to_le_bytes();
                    let (from, to) = (FieldId::from(from), FieldId::from(to));
                    emit(Move { action: Action::Board, rule: rule_id, kind, dir, from, to })
                })
            };
            let mut steps = [0u32; 32];
            let mut n = 0;
            for from in fields_of_word(0, movers) {
                let Some(p) = s.top(from) else { continue };
                if rule.pieces & (1 << p.kind) == 0 {
                    continue;
                }
                for &(to, dir) in reach.from(from) {
                    if n == steps.len() {
                        if !make(&steps) {
                            return false;
                        }
                        n = 0;
                    }
                    steps[n] = u32::from_le_bytes([from as u8, to as u8, dir, p.kind]);
                    n += usize::from(landable >> to & 1 != 0);
                }
            }
            return make(&steps[..n]);
        }
        if let (Motion::Step(reach) | Motion::Leap(reach), Some(landing), Cond::True) =
            (&rule.motion, &rule.landing, &rule.from)
        {
            for from in s.fields_topped_by(me) {
                let Some(p) = s.top(from) else { continue };
                if only.is_some_and(|o| o != from) || rule.pieces & (1 << p.kind) == 0 {
                    continue;
                }
                for &(to, dir) in reach.from(from) {
                    if lands_by_mask(landing, s, me, to)
                        && !emit(Move { action: Action::Board, rule: rule_id, kind: p.kind, dir, from, to })
                    {
                        return false;
                    }
                }
            }
            return true;
        }
        let mut piece_moves = |from: FieldId| {
            let Some(p) = s.top(from) else { return true };
            if p.owner != me || rule.pieces & (1 << p.kind) == 0 {
                return true;
            }
            !self.eval(&rule.from, s, me, from)
                || self.piece_moves(s, me, rule, rule_id, from, p, walking.as_deref_mut(), emit)
        };
        match only {
            Some(from) => piece_moves(from),
            None => s.fields_topped_by(me).all(piece_moves),
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
        mut fields: std::ops::Range<FieldId>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let moved = |action, kind, from, to| Move { action, rule: rule_id, kind, dir: NO_DIR, from, to };
        if let Motion::Sow { dirs, skip, skip_origin } = &rule.motion {
            // Looked up while no field on the way can fill up (see `SowEnds`);
            // the scratch space of a sowing is taken only where one is walked.
            let ends = rule.sow_ends.as_ref().filter(|ends| s.pieces_on_board() <= ends.room);
            let mut sowing = None;
            return fields.all(|from| {
                let Some(p) = s.top(from) else { return true };
                if (p.owner != me && p.owner != NOBODY)
                    || rule.pieces & (1 << p.kind) == 0
                    || !self.eval(&rule.from, s, me, from)
                {
                    return true;
                }
                let to = match ends.and_then(|ends| ends.end(me, from, s.height(from))) {
                    Some(to) => to,
                    None => {
                        let added = &mut sowing.get_or_insert_with(scratch_sowing).added;
                        self.sow(s, me, from, dirs, skip, *skip_origin, added, |_| {})
                    }
                };
                to == NO_FIELD || emit(moved(Action::Sow, p.kind, from, to))
            });
        }
        fields.all(|from| {
            // The topmost own piece of a listed kind, wherever it is in the stack.
            let Some(p) = s.stack(from).iter().rev().find(|p| p.owner == me && rule.pieces & (1 << p.kind) != 0) else {
                return true;
            };
            !self.eval(&rule.to, s, me, from) || emit(moved(Action::Lift, p.kind, from, NO_FIELD))
        })
    }

    /// The jumps of `rule` over fields whose top is in the mask `over`, onto
    /// the `landable` fields, outside a chain: the piece-by-piece generator's
    /// jumps in one tight loop. Called beside `rule_moves`, and never inlined:
    /// written into it, it moved the compiler's inlining of the whole
    /// generator.
    #[allow(clippy::too_many_arguments)] // one call site; what the rule and the state say
    #[inline(never)]
    fn jumps_by_masks(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        dirs: &[u8],
        over: u8,
        landable: u64,
        only: Option<FieldId>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let movers = s.topped_first_word(me) & only.map_or(!0, |o| 1 << o);
        for from in fields_of_word(0, movers) {
            let Some(p) = s.top(from) else { continue };
            if rule.pieces & (1 << p.kind) == 0 {
                continue;
            }
            for &dir in dirs {
                let at = self.board.neighbour(from, dir);
                if at == NO_FIELD || at == from || over & super::cond::tops(s, me, at) == 0 {
                    continue;
                }
                let to = self.board.neighbour(at, dir);
                if to != NO_FIELD
                    && to != from
                    && landable >> to & 1 != 0
                    && !emit(Move { action: Action::Board, rule: rule_id, kind: p.kind, dir, from, to })
                {
                    return false;
                }
            }
        }
        true
    }

    /// The moves of the piece `p` on `from` under one rule.
    #[allow(clippy::too_many_arguments)] // one call site; the arguments are what a move is made of
    fn piece_moves(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        from: FieldId,
        p: Piece,
        walking: Option<&mut Walking>,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let moved = |to, dir| Move { action: Action::Board, rule: rule_id, kind: p.kind, dir, from, to };
        let board_move = |to| moved(to, NO_DIR);
        let exit_move = Move { action: Action::Exit, rule: rule_id, kind: p.kind, dir: NO_DIR, from, to: NO_FIELD };
        match &rule.motion {
            Motion::RunOff { dirs, distance, pass, over, .. } => {
                let leaves = dirs.iter().any(|&d| {
                    let Some(n) = self.distance(*distance, s, from, d) else { return false };
                    self.off_steps(from, d, n, |f| self.eval(pass, s, me, f))
                        .is_some_and(|k| k == n || (*over && k < n))
                });
                !leaves || emit(exit_move)
            }
            Motion::Walk { walk, steps } => {
                let Some(n) = self.distance(*steps, s, from, NO_DIR) else { return true };
                let Some(w) = walking else { return true };
                // Back on its own field, the piece lands on what it uncovers there.
                let back_home = walk.returns && w.lands_lifted(self, rule, s, me, from);
                let mut go_on = true;
                w.with_origin_lifted(self, s, me, &walk.pass, from, |pass| {
                    go_on = self.walk_ends(pass, walk, from, n, true, &mut |to| {
                        let lands =
                            if to == from { back_home } else { self.can_land_at_walk_end(rule, s, me, from, to) };
                        !lands || emit(board_move(to))
                    });
                });
                go_on
            }
            Motion::Exit { via, steps, walk, exits: exit_paths } => {
                let Some(w) = walking else { return true };
                let Some(steps) = self.distance(*steps, s, from, NO_DIR) else { return true };
                let mut exits = false;
                w.with_origin_lifted(self, s, me, &walk.pass, from, |pass| {
                    if let Some(paths) = exit_paths.as_ref().and_then(|p| p.of(from, steps - 1, false)) {
                        // Only the paths to where the piece may leave, each a test of two masks.
                        let pass = pass.first_word();
                        exits = paths.iter().any(|p| p.open(pass));
                        return;
                    }
                    self.walk_ends(pass, walk, from, steps - 1, false, &mut |f| {
                        exits = self.eval(via, s, me, f) && (steps == 1 || pass.contains(f));
                        !exits
                    });
                });
                !exits || emit(exit_move)
            }
            Motion::Step(reach) | Motion::Leap(reach) => {
                reach.from(from).iter().all(|&(to, d)| !self.can_land(rule, s, me, from, to) || emit(moved(to, d)))
            }
            Motion::Slide { dirs, max, pass } => {
                let slide = Slide { dirs, max: *max, pass, from, me };
                let slid = |to, d| emit(moved(to, d));
                // Where the rule lands by bits, one word for every field its slides reach.
                match rule.landing_bits.map(|b| b.landable(s, me)) {
                    Some(landable) => self.slides(s, &slide, |at| landable >> at & 1 != 0, slid),
                    None => self.slides(s, &slide, |at| self.can_land(rule, s, me, from, at), slid),
                }
            }
            Motion::Run { dirs, distance, pass } => match &rule.die_runs {
                // A die's run, looked up by where it stands and how it lies (only
                // dice move by their faces: the compiler sees to it).
                Some(runs) => runs
                    .ends(from, p.orient)
                    .iter()
                    .zip(dirs)
                    .all(|(&at, &d)| at == NO_FIELD || !self.can_land(rule, s, me, from, at) || emit(moved(at, d))),
                None => dirs.iter().all(|&d| {
                    let Some(n) = self.distance(*distance, s, from, d) else { return true };
                    let looked_up = match (pass, &self.run_ends) {
                        (Cond::True, Some(ends)) => ends.end(from, d, n),
                        _ => None,
                    };
                    let at = match looked_up {
                        Some(at) => at,
                        None => self.run_end(s, me, from, d, n, pass),
                    };
                    at == NO_FIELD || at == from || !self.can_land(rule, s, me, from, at) || emit(moved(at, d))
                }),
            },
            Motion::Fly => rule.targets[usize::from(me)]
                .iter()
                .all(|&to| to == from || !self.can_land(rule, s, me, from, to) || emit(board_move(to))),
            Motion::Jump { dirs, over, fly } => dirs.iter().all(|&d| {
                let Some(mut to) = self.jumped(s, me, from, d, over, *fly).map(|at| self.board.neighbour(at, d)) else {
                    return true;
                };
                // A flying piece lands on any empty field beyond, up to the next piece.
                while to != NO_FIELD && to != from && self.can_land(rule, s, me, from, to) {
                    if !emit(moved(to, d)) {
                        return false;
                    }
                    if !fly || s.height(to) > 0 {
                        break;
                    }
                    to = self.board.neighbour(to, d);
                }
                true
            }),
            Motion::Place { .. } | Motion::Lift | Motion::Enter { .. } | Motion::Sow { .. } => true,
        }
    }

    /// The moves of a walk or an exit along paths worked out before play
    /// ([`Rule::walk_by_paths`]): one loop over the pieces, each a scan of
    /// its paths against one word, the walk's pass set with the piece's own
    /// field seen without it. The same moves in the same order as
    /// [`Game::piece_moves`] makes them. Apart from `rule_moves`, and calling
    /// nothing of it, so that the other motions' code is laid out as it is
    /// without it (a call of `piece_moves` from here changed their inlining).
    #[allow(clippy::too_many_arguments)] // `rule_moves`' own
    #[inline(never)]
    fn walks_by_paths(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        only: Option<FieldId>,
        walks: &mut Option<Walking>,
        emit: &mut impl Emit,
    ) -> bool {
        let Some(by) = rule.walk_by_paths() else {
            // Not reached: `WalkPlan::ByPaths` is what `walk_by_paths` says of the
            // compiled rule. (A fall-back call of the generic `rule_moves`, even
            // through a pointer, moved the compiler's inlining of it for every
            // game.)
            debug_assert!(false, "a rule said to walk by its paths without them");
            return true;
        };
        let w = Walking::of(walks, self, s, me, &by.walk.pass);
        let pass = w.word;
        let tops = w.tops(self, s, me);
        // Where a walk may end, the piece's own field aside: the paths to the
        // other fields are passed over without a test.
        let landing = rule.landing_words.as_ref().filter(|_| !by.exit);
        let ends = landing.map(|l| l.landable(tops));
        // (Paths are worked out on boards of up to 64 fields only: one word.)
        let only = only.map_or(!0, |o| 1u64.checked_shl(u32::from(o)).unwrap_or(0));
        for from in fields_of_word(0, s.topped_first_word(me) & tops.of(by.from) & only) {
            let Some(p) = s.top(from) else { continue };
            // The paths it scans, worked out per field it starts from (none where it walks no steps).
            let list = by.lists.get(usize::from(from)).map_or(Rule::NO_PATHS, |&k| k);
            if rule.pieces & (1 << p.kind) == 0 || list == Rule::NO_PATHS {
                continue;
            }
            let list = list as usize;
            // What tops the field without the piece is what lies under it (nothing, if it is alone).
            let below = s.class_below_top(from, me);
            let lifted = by.pass & 1 << below != 0;
            let pass = pass & !(1 << from) | u64::from(lifted) << from;
            let moved = |action, to| Move { action, rule: rule_id, kind: p.kind, dir: NO_DIR, from, to };
            let go_on = if by.exit {
                // Only the paths to where the piece may leave: it leaves if one is open.
                emit.emit_if(moved(Action::Exit, NO_FIELD), by.paths.ends(list, pass) != 0)
            } else {
                let (reached, home) = (by.paths.ends(list, pass), 1u64 << from);
                // Back on its own field, the piece lands on what it uncovers there
                // (read off the landing words without a branch: whether it comes back is as good as random).
                let back = match landing {
                    Some(l) => {
                        let room = s.height(from) <= self.fields[usize::from(from)].limit;
                        (reached & home != 0) & by.walk.returns & l.lands_on(below, from, room)
                    }
                    None => reached & home != 0 && by.walk.returns && w.lands_lifted(self, rule, s, me, from),
                };
                let to = reached & !home & ends.unwrap_or(!0) | u64::from(back) << from;
                match ends {
                    // Where it may land was read off words: every end is a move.
                    Some(_) => emit.emit_each_end(moved(Action::Board, NO_FIELD), to),
                    None => fields_of_word(0, to).all(|to| {
                        let lands = to == from || self.can_land_at_walk_end(rule, s, me, from, to);
                        !lands || emit.emit(moved(Action::Board, to))
                    }),
                }
            };
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Sowing the stack on `from` for `me` (see `Motion::Sow`): calls `drop`
    /// with each field that gets a piece, in order, and returns the last one,
    /// or `NO_FIELD` where the pieces cannot all be dropped (the track ends,
    /// or a whole round of it passes every field over). `added` is scratch
    /// space: the pieces dropped so far per field, so that a field filled on
    /// an earlier round is passed over on the next.
    #[allow(clippy::too_many_arguments)] // the motion's parts, and the scratch its callers keep
    pub(crate) fn sow(
        &self,
        s: &State,
        me: Player,
        from: FieldId,
        dirs: &[u8],
        skip: &Cond,
        skip_origin: bool,
        added: &mut Vec<u8>,
        mut drop: impl FnMut(FieldId),
    ) -> FieldId {
        added.clear();
        added.resize(self.board.len(), 0);
        let (mut at, mut last, mut left, mut passed) = (from, NO_FIELD, s.height(from), 0);
        while left > 0 {
            at = dirs.iter().map(|&d| self.board.neighbour(at, d)).find(|&f| f != NO_FIELD).unwrap_or(NO_FIELD);
            if at == NO_FIELD {
                return NO_FIELD;
            }
            let i = usize::from(at);
            let height = if at == from { 0 } else { s.height(at) } + added[i];
            if height >= self.fields[i].limit || (at == from && skip_origin) || self.eval(skip, s, me, at) {
                passed += 1;
                if passed > self.board.len() {
                    return NO_FIELD;
                }
                continue;
            }
            passed = 0;
            added[i] += 1;
            left -= 1;
            drop(at);
            last = at;
        }
        last
    }

    /// The field a jump from `from` in direction `d` goes over: the next one
    /// (with `fly`, the first occupied one), if `over` holds there and its
    /// piece is not marked as jumped already in this chain (outside a chain a
    /// mark means something else: see [`Pending::Huff`]).
    pub(crate) fn jumped(
        &self,
        s: &State,
        me: Player,
        from: FieldId,
        d: u8,
        over: &Cond,
        fly: bool,
    ) -> Option<FieldId> {
        let mut at = self.board.neighbour(from, d);
        while fly && at != NO_FIELD && at != from && s.height(at) == 0 {
            at = self.board.neighbour(at, d);
        }
        let jumpable = at != NO_FIELD
            && at != from
            && s.top(at).is_none_or(|p| !p.mark || s.continuing.is_none())
            && self.eval(over, s, me, at);
        jumpable.then_some(at)
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

    /// Where a run of `n` links from `from` in direction `dir` ends, passing
    /// over fields where `pass` holds; `NO_FIELD` where it cannot.
    #[inline(always)]
    fn run_end(&self, s: &State, me: Player, from: FieldId, dir: u8, n: u8, pass: &Cond) -> FieldId {
        let (mut at, mut left) = (from, n);
        while left > 0 {
            at = self.board.neighbour(at, dir);
            left -= 1;
            if at == NO_FIELD || (left > 0 && !self.eval_on_field(pass, s, me, at)) {
                return NO_FIELD;
            }
        }
        at
    }

    /// The slides of a piece: along each direction over empty fields where
    /// the slide's `pass` holds, each field it `lands` on a move (`emit`,
    /// false to stop; then false). Generic over `lands`, so that a rule that
    /// lands by bits tests one bit per field.
    fn slides(
        &self,
        s: &State,
        slide: &Slide,
        lands: impl Fn(FieldId) -> bool,
        mut emit: impl FnMut(FieldId, u8) -> bool,
    ) -> bool {
        let Slide { dirs, max, pass, from, me } = *slide;
        dirs.iter().all(|&d| {
            let mut at = from;
            for _ in 0..max {
                at = self.board.neighbour(at, d);
                if at == NO_FIELD || at == from {
                    break;
                }
                if lands(at) && !emit(at, d) {
                    return false;
                }
                if s.height(at) > 0 || !self.eval(pass, s, me, at) {
                    break;
                }
            }
            true
        })
    }

    /// Where a piece put on `to` by a placement of `rule` comes to rest.
    /// (Always inlined: most placements do not fall, and then it is `to`.)
    #[inline(always)]
    pub(super) fn rest(&self, rule: &Rule, s: &State, to: FieldId) -> FieldId {
        match (&rule.motion, &rule.fall_lines) {
            (_, Some(_)) => rule.rest_by_bits(s.topped_word(0), to),
            (Motion::Place { fall: Some(d), .. }, None) => self.fall(s, to, *d),
            _ => to,
        }
    }

    /// Where a piece put on `from` comes to rest, falling along `dir` while the next field is empty.
    pub(crate) fn fall(&self, s: &State, from: FieldId, dir: u8) -> FieldId {
        let mut at = from;
        // Links in `dir` may form a cycle that does not pass `from`: a piece
        // falls at most once round the board, then rests where it is.
        for _ in 0..self.board.len() {
            let next = self.board.neighbour(at, dir);
            if next == NO_FIELD || next == from || !self.is_free(s, next) {
                return at;
            }
            at = next;
        }
        at
    }

    /// Whether a piece can be put on `f`: empty, and a field that takes pieces.
    pub(crate) fn is_free(&self, s: &State, f: FieldId) -> bool {
        s.height(f) == 0 && self.fields[usize::from(f)].limit > 0
    }

    /// The first group of `player`'s version of a zone that has a free field.
    pub(crate) fn first_free_group(&self, s: &State, zone: u8, player: Player) -> Option<&[FieldId]> {
        let groups = &self.zones[usize::from(zone)].groups[usize::from(player)];
        groups.iter().find(|g| g.iter().any(|&f| self.is_free(s, f))).map(Vec::as_slice)
    }

    /// Following direction `d` from `from`, the number of the step that goes
    /// off the board, if it comes within `n` steps over fields where `pass` holds.
    pub(crate) fn off_steps(&self, from: FieldId, d: u8, n: u8, pass: impl Fn(FieldId) -> bool) -> Option<u8> {
        let mut at = from;
        for k in 1..=n {
            let next = self.board.neighbour(at, d);
            if next == NO_FIELD {
                return Some(k);
            }
            if k == n || !pass(next) {
                return None;
            }
            at = next;
        }
        None
    }

    /// Calls `visit` with each field an entering piece can end on, each once,
    /// in field order: through an entry field (step 1), then a walk of the
    /// remaining steps. Stops when `visit` returns false, and then returns false.
    #[allow(clippy::too_many_arguments)]
    fn entry_targets(
        &self,
        s: &State,
        me: Player,
        via: &Cond,
        steps: u8,
        walk: &Walk,
        pass: &FieldSet,
        visit: &mut impl FnMut(FieldId) -> bool,
    ) -> bool {
        let mut ends = scratch_fields(self.board.len());
        let enter_on = |f: FieldId| {
            if steps == 1 {
                ends.insert(f);
            } else if pass.contains(f) {
                self.walk_ends(pass, walk, f, steps - 1, true, &mut |end| {
                    ends.insert(end);
                    true
                });
            }
            true
        };
        match via {
            // Entry fields the board decides (see `Game::specialise_rules`): only those.
            Cond::Fields(entries) => entries.iter().all(enter_on),
            // Decided by the board and the player: the player's own (none for a player without a set, as `eval` says).
            Cond::FieldsFor(entries) => entries.get(usize::from(me)).is_none_or(|set| set.iter().all(enter_on)),
            _ => self.board.fields().filter(|&f| self.eval(via, s, me, f)).all(enter_on),
        };
        ends.iter().all(visit)
    }

    /// The fields of a board of up to 64 fields where `pass` holds for player `me`, as a word.
    #[inline(never)]
    fn pass_word(&self, s: &State, me: Player, pass: &Cond) -> u64 {
        // Without a branch per field: whether a field passes is as good as random.
        self.board.fields().fold(0, |w, f| w | u64::from(self.eval(pass, s, me, f)) << f)
    }

    /// Calls `visit` with each field a walk of `n` steps from `start` can end
    /// on (no link used twice; every field passed over in `pass`), each once,
    /// in field order, until it returns false; returns false if stopped. With
    /// `double`, a walk that ends on a doubling field goes on as far again.
    fn walk_ends(
        &self,
        pass: &FieldSet,
        walk: &Walk,
        start: FieldId,
        n: u8,
        double: bool,
        visit: &mut impl FnMut(FieldId) -> bool,
    ) -> bool {
        // Where the paths were worked out before play, a scan of them finds the same ends.
        if let Some((paths, k)) = walk.paths.as_ref().and_then(|p| Some((p, p.key(start, n, double)?))) {
            return fields_of_word(0, paths.ends(k, pass.first_word())).all(visit);
        }
        self.search_walk_ends(pass, walk, start, n, double, visit)
    }

    /// [`Game::walk_ends`] by searching the board: for walks whose paths were not worked out.
    fn search_walk_ends(
        &self,
        pass: &FieldSet,
        walk: &Walk,
        start: FieldId,
        n: u8,
        double: bool,
        visit: &mut dyn FnMut(FieldId) -> bool,
    ) -> bool {
        /// A depth-first search over paths; `used` is a bit set of the links walked.
        struct Search<'a> {
            game: &'a Game,
            walk: &'a Walk,
            n: u8,
            double: bool,
            pass: &'a FieldSet,
            used: &'a mut [u64],
            depth: usize,
            ends: &'a mut FieldSet,
        }
        impl Search<'_> {
            fn go(&mut self, at: FieldId, left: u8, last: Option<u8>, doubled: bool) {
                if left == 0 {
                    let props = self.game.fields[usize::from(at)];
                    // (A walk of no steps goes nowhere, doubled or not.)
                    let again = self.double && self.n > 0 && props.double && (!doubled || self.walk.double_again);
                    if again && self.depth < 64 && self.pass.contains(at) {
                        return self.go(at, self.n, last, true);
                    }
                    self.ends.insert(at);
                    return;
                }
                for &d in &self.walk.dirs {
                    if !self.walk.turns && last.is_some_and(|l| l != d) {
                        continue;
                    }
                    let next = self.game.board.neighbour(at, d);
                    if next == NO_FIELD || (left > 1 && !self.pass.contains(next)) {
                        continue;
                    }
                    let link = usize::from(self.game.board.link_id(at, d));
                    let (word, bit) = (link / 64, 1u64 << (link % 64));
                    if self.used[word] & bit != 0 {
                        continue;
                    }
                    self.used[word] |= bit;
                    self.depth += 1;
                    self.go(next, left - 1, Some(d), doubled);
                    self.depth -= 1;
                    self.used[word] &= !bit;
                }
            }
        }
        // Walks run for every piece at every move: no allocation on a board of up to 256 links.
        let words = self.board.undirected_links().div_ceil(64);
        let (mut inline, mut heap) = ([0u64; 4], Vec::new());
        let used: &mut [u64] = if words <= inline.len() {
            &mut inline[..words]
        } else {
            heap.resize(words, 0);
            &mut heap
        };
        // The ends are listed in field order, as the paths list them: found first, then visited.
        let mut ends = scratch_fields(self.board.len());
        Search { game: self, walk, n, double, pass, used, depth: 0, ends: &mut ends }.go(start, n, None, false);
        ends.iter().all(visit)
    }

    /// Whether a piece may end its move on `to`: the rule's condition; not a
    /// capture on a safe field; room on the field once an enemy stack it
    /// captures or exchanges has gone, and room for that stack on `from`.
    #[inline]
    pub(crate) fn can_land(&self, rule: &Rule, s: &State, me: Player, from: FieldId, to: FieldId) -> bool {
        match &rule.landing {
            Some(masks) => lands_by_mask(masks, s, me, to),
            None => self.can_land_on_stacks(rule, s, me, from, to),
        }
    }

    /// [`Game::can_land`] where stacks grow: by [`Rule::stack_landing`] where
    /// the rule has it, else in full. (Apart, so that `can_land` stays inlined.)
    fn can_land_on_stacks(&self, rule: &Rule, s: &State, me: Player, from: FieldId, to: FieldId) -> bool {
        match &rule.stack_landing {
            Some(masks) => self.lands_on_stack_by_mask(masks, s, me, to),
            None => self.can_land_in_full(rule, s, me, from, to),
        }
    }

    /// What tops each field of `s`, seen from `me`, and where there is room:
    /// the [`TopWords`] of a board of up to 64 fields (its first 64 elsewhere).
    fn top_words(&self, s: &State, me: Player) -> TopWords {
        if let Some(empty) = &self.empty_tops {
            // The empty board, and a look at each occupied field.
            let occupied = s.topped_word(0);
            let mut tops = TopWords { room: empty.room & !occupied, ..TopWords::default() };
            tops.by_class[0] = empty.by_class[0] & !occupied;
            for f in fields_of_word(0, occupied) {
                tops.by_class[usize::from(s.top_class(f, me) & 7)] |= 1 << f;
                tops.room |= u64::from(s.height(f) < self.fields[usize::from(f)].limit) << f;
            }
            return tops;
        }
        let mut tops = TopWords::default();
        for (f, ((height, class), props)) in s.heights_and_classes(me).zip(&self.fields).take(64).enumerate() {
            let bit = 1 << f;
            tops.by_class[usize::from(class & 7)] |= bit;
            tops.room |= if height < props.limit { bit } else { 0 };
        }
        tops
    }

    /// [`Game::can_land`] with the stack masks tested in place: walks end on
    /// many fields, and the games that walk mostly stack (no call per end).
    #[inline(always)]
    fn can_land_at_walk_end(&self, rule: &Rule, s: &State, me: Player, from: FieldId, to: FieldId) -> bool {
        match (&rule.landing, &rule.stack_landing) {
            (None, Some(masks)) => self.lands_on_stack_by_mask(masks, s, me, to),
            _ => self.can_land(rule, s, me, from, to),
        }
    }

    /// Whether a piece of `me` can land on `to` by a rule's stack landing
    /// masks ([`Rule::stack_landing`]): what tops the field, and room on it.
    #[inline(always)]
    fn lands_on_stack_by_mask(&self, masks: &[u8], s: &State, me: Player, to: FieldId) -> bool {
        // Both read, without a branch between them: landing words test every field.
        lands_by_mask(masks, s, me, to) & (s.height(to) < self.fields[usize::from(to)].limit)
    }

    /// [`Game::can_land`] in full, for stacks and conditions beyond what tops a field.
    fn can_land_in_full(&self, rule: &Rule, s: &State, me: Player, from: FieldId, to: FieldId) -> bool {
        let props = self.fields[usize::from(to)];
        let enemy = s.top(to).is_some_and(|t| t.owner != me);
        let displaces = enemy && rule.arrive != Arrive::Stack;
        if displaces && props.safe {
            return false;
        }
        if enemy && rule.arrive == Arrive::Exchange {
            let room = from != NO_FIELD && s.height(from) - 1 + s.height(to) <= self.fields[usize::from(from)].limit;
            if !room {
                return false;
            }
        }
        let height = if displaces { 0 } else { s.height(to) };
        height < props.limit && self.eval_on_field(&rule.to, s, me, to)
    }
}

/// A piece's slides (see [`Game::slides`]): the motion's directions, most
/// steps and `pass`, the field it starts from and its owner.
struct Slide<'r> {
    dirs: &'r [u8],
    max: u8,
    pass: &'r Cond,
    from: FieldId,
    me: Player,
}

/// The move that places (or enters) a piece of `kind` from the hand on `to` by rule `rule`.
#[inline(always)]
fn placing(rule: u8, kind: KindId, to: FieldId) -> Move {
    Move { action: Action::Place, rule, kind, dir: NO_DIR, from: NO_FIELD, to }
}

/// Whether a piece of `me` can land on `to` by a rule's landing masks ([`Rule::landing`]).
#[inline(always)]
fn lands_by_mask(landing: &[u8], s: &State, me: Player, to: FieldId) -> bool {
    landing[usize::from(to)] & super::cond::tops(s, me, to) != 0
}

/// What the walks of a generation's rules share: where they may pass (for
/// the state as it is, remade where a rule passes by another mask), what
/// tops each field, and a scratch copy of the state to see a piece's field
/// without it, each made when first needed.
#[derive(Default)]
pub(crate) struct Walking {
    /// The mask over what tops a field that `pass` was made for, if it is one.
    mask: Option<u8>,
    /// The fields 0 to 63 of the pass set: all of it on a board of up to 64
    /// fields, where walks along their paths read this word alone.
    word: u64,
    /// What tops each field, on a board of up to 64 fields, made when first needed.
    tops: Option<TopWords>,
    /// The pass set as a set, made when a walk that searches the board first
    /// asks for it (at once on a board of more than 64 fields): a set is
    /// taken from the thread's pool, which costs more than the word.
    set: Option<Pooled<FieldSet>>,
    /// A copy of the state to lift the walking piece off in, made when first needed.
    scratch: Option<ScratchState>,
}

impl Walking {
    /// Makes this the walking state of the generation in `s` for player
    /// `me` of walks that pass where `pass` holds (its mask over what tops a
    /// field `mask`). What tops the fields and the scratch copy of `s` hold
    /// for the whole generation: they are kept.
    fn reset(&mut self, game: &Game, s: &State, me: Player, pass: &Cond, mask: Option<u8>) {
        self.mask = mask;
        self.set = None;
        if game.board.len() <= 64 {
            self.word = match mask {
                // Anything passes (a track's walk): every field, without looking.
                Some(Cond::ALL) => game.board.word(),
                Some(mask) => self.tops(game, s, me).of(mask),
                None => game.pass_word(s, me, pass),
            };
            return;
        }
        let mut set = scratch_fields(game.board.len());
        game.board.fields().filter(|&f| game.eval(pass, s, me, f)).for_each(|f| set.insert(f));
        self.word = set.first_word();
        self.set = Some(set);
    }

    /// What tops each field of `s` for `me` (the generation's state and
    /// player), worked out when first asked for.
    fn tops(&mut self, game: &Game, s: &State, me: Player) -> &TopWords {
        self.tops.get_or_insert_with(|| game.top_words(s, me))
    }

    /// The pass set as a set, made from the word where there is none yet.
    fn set(&mut self, game: &Game) -> &mut FieldSet {
        let word = self.word;
        self.set.get_or_insert_with(|| {
            let mut set = scratch_fields(game.board.len());
            set.set_word(0, word);
            set
        })
    }

    /// The walking state in `walks` (the generation's) for walks that pass
    /// where `pass` does: as it is if it was made for the same mask over
    /// what tops a field, else made so in place.
    fn of<'w>(walks: &'w mut Option<Walking>, game: &Game, s: &State, me: Player, pass: &Cond) -> &'w mut Walking {
        let mask = pass.tops_mask();
        // (A new one has no mask: it is made.)
        let walking = walks.get_or_insert_with(Walking::default);
        if mask.is_none() || walking.mask != mask {
            walking.reset(game, s, me, pass, mask);
        }
        walking
    }

    /// The scratch state, a copy of `s` (the generation's state).
    fn scratch(&mut self, s: &State) -> &mut State {
        self.scratch.get_or_insert_with(|| ScratchState::of(s))
    }

    /// Whether the piece on `origin` may land there again, on what it
    /// uncovers, under `rule`.
    fn lands_lifted(&mut self, game: &Game, rule: &Rule, s: &State, me: Player, origin: FieldId) -> bool {
        if let (true, Some(mask)) = (s.height(origin) <= 1, rule.to.tops_mask()) {
            // A piece alone on its field leaves it empty.
            return game.fields[usize::from(origin)].limit > 0 && mask & Cond::EMPTY != 0;
        }
        if let (None, Some(masks)) = (&rule.landing, &rule.stack_landing) {
            // By masks: what is under the piece, and the room left once it is lifted.
            let room = s.height(origin) <= game.fields[usize::from(origin)].limit;
            return room && masks[usize::from(origin)] & 1 << s.class_below_top(origin, me) != 0;
        }
        let scratch = self.scratch(s);
        let piece = scratch.pop(origin);
        let lands = game.can_land(rule, scratch, me, NO_FIELD, origin);
        if let Some(p) = piece {
            scratch.push(origin, p);
        }
        lands
    }

    /// Runs `f` with the pass set as it is for the piece on `origin` in `s`,
    /// whose own field is seen without it (a walk may come back over it).
    #[allow(clippy::too_many_arguments)]
    fn with_origin_lifted(
        &mut self,
        game: &Game,
        s: &State,
        me: Player,
        pass: &Cond,
        origin: FieldId,
        f: impl FnOnce(&FieldSet),
    ) {
        let was = self.set(game).contains(origin);
        let now = match pass.tops_mask() {
            // What tops the field without the piece is what lies under it (nothing, if it is alone).
            Some(mask) => mask & 1 << s.class_below_top(origin, me) != 0,
            None => {
                let scratch = self.scratch(s);
                let piece = scratch.pop(origin);
                let now = game.eval(pass, scratch, me, origin);
                if let Some(p) = piece {
                    scratch.push(origin, p);
                }
                now
            }
        };
        let set = self.set(game);
        set.set(origin, now);
        f(set);
        set.set(origin, was);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{FieldId, NO_FIELD};
    use crate::engine::{Cond, Motion, Rule, RulesLoop, WalkPlan};
    use crate::moves::{Action, Move};
    use crate::program::rules::RunEnds;
    use crate::ruleset::Distance;
    use crate::shipped::testing::{games, variants, visit_random_games};
    use crate::{Options, shipped};
    use rand::{Rng, SeedableRng};

    /// The ends a scan of paths finds are those of the open paths: random
    /// lists of up to 200 paths over up to 64 ends, each open where every
    /// field it needs passes and none it needs not does.
    #[test]
    fn a_scan_of_paths_finds_the_ends_of_the_open_ones() {
        use crate::program::rules::PathEnd;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut reached = 0;
        for _ in 0..3_000 {
            let len = rng.random_range(0..200);
            let ends = rng.random_range(1..=64);
            let paths: Vec<PathEnd> = (0..len)
                .filter_map(|_| {
                    let need = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
                    let need_not =
                        rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
                    // (One that needs a field both ways is never open: there is none.)
                    PathEnd::new(need, need_not & !need, rng.random_range(0..ends))
                })
                .collect();
            let pass = rng.random::<u64>() | rng.random::<u64>();
            let open = |p: &&PathEnd| p.need() & pass == p.need() && p.need_not() & pass == 0;
            let expected = paths.iter().filter(open).fold(0u64, |w, p| w | 1 << p.end);
            assert_eq!(crate::program::rules::path_ends(&paths, pass), expected, "{len} paths");
            reached += expected.count_ones();
        }
        assert!(reached > 1_000, "only {reached} ends reached");
        // A path that needs a field passable and not passable is never open: it is not made.
        assert_eq!(PathEnd::new(0b10, 0b110, 3), None);
        assert_eq!(PathEnd::new(0b10, 0b100, 3).map(|p| (p.need(), p.need_not(), p.end)), Some((0b10, 0b100, 3)));
    }

    /// On a board of up to 32 fields a table's lists are scanned as blocks of
    /// four paths: they find what the paths one by one find, for lists of
    /// every length (a last block part empty), and tables of larger boards
    /// have none.
    #[test]
    fn blocks_of_four_paths_find_what_the_paths_find() {
        use crate::program::rules::{PathEnd, WalkPaths, path_ends};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let mut table = WalkPaths::new(0);
        for _ in 0..400 {
            let len = rng.random_range(0..23);
            let paths = (0..len).filter_map(|_| {
                let need = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & 0xffff_ffff;
                let need_not = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & 0xffff_ffff;
                PathEnd::new(need, need_not & !need, rng.random_range(0..32))
            });
            table.paths.extend(paths);
            table.index.push(table.paths.len() as u32);
        }
        assert!(table.clone().with_blocks(33).blocks.is_none(), "none past 32 fields");
        let table = table.with_blocks(32);
        let mut reached = 0;
        for k in 0..table.index.len() - 1 {
            for _ in 0..20 {
                let pass = (rng.random::<u64>() | rng.random::<u64>()) & 0xffff_ffff;
                let ends = path_ends(table.list(k).expect("a list"), pass);
                assert_eq!(table.ends(k, pass), ends, "list {k}, pass {pass:#x}");
                reached += ends.count_ones();
            }
        }
        assert!(reached > 1_000, "only {reached} ends reached");
        let seneti = shipped::game("seneti", &Options::new()).expect("compiles");
        let walks = seneti.phases.iter().flat_map(|p| &p.rules).filter_map(|r| match &r.motion {
            Motion::Walk { walk, .. } => walk.paths.as_ref(),
            _ => None,
        });
        assert!(walks.clone().count() > 0 && walks.clone().all(|p| p.blocks.is_some()), "Seneti's 20 fields");
    }

    /// The search for the longest capture chain plays at most the positions
    /// it is given: a chain of three jumps counts one jump per position
    /// played, and all three once the search may follow it to its end.
    #[test]
    fn the_longest_chain_is_searched_within_a_count_of_positions() {
        let text = r#"Ruleset(
    name: "chain", title: "Chain", players: ["X", "O"],
    board: Grid(cols: 7, rows: 1, links: ["Orthogonal"]),
    pieces: [(name: "M", letter: 'M')],
    setup: [On(piece: "M", player: Player(1), fields: ["a1"]), On(piece: "M", player: Player(2), fields: ["b1", "d1", "f1"])],
    phases: [(name: "play", moves: [
        (pieces: ["M"], by: Step(dirs: ["Orthogonal"])),
        (pieces: ["M"], by: Jump(dirs: ["Orthogonal"]), then: [Continue(mode: Must, removal: AtEnd)]),
    ], filters: [Capture(), MostCaptures()])],
)"#;
        let game = crate::Game::from_source(text, "chain.ron", &Options::new()).expect("compiles");
        let s = game.initial_state();
        let legal = game.legal_moves(&s);
        assert_eq!(game.move_texts(&legal), ["a1-c1"]);
        let totals: Vec<u32> =
            [1, 2, 3, 100].iter().map(|&n| game.chain_total(&s, legal[0], super::MAX_CHAIN, &mut { n })).collect();
        assert_eq!(totals, [1, 2, 3, 3]);
    }

    /// Long lists of moves lose their repeats by sorting, as short ones by
    /// comparing each move with those kept: the same moves, in the same order.
    #[test]
    fn repeats_dropped_by_sorting_are_those_dropped_one_by_one() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for len in (0..300).step_by(7) {
            let moves: Vec<Move> = (0..len)
                .map(|_| Move {
                    action: [Action::Board, Action::Place][rng.random_range(0..2)],
                    rule: rng.random_range(0..3),
                    kind: rng.random_range(0..2),
                    dir: rng.random_range(0..2),
                    from: rng.random_range(0..4),
                    to: rng.random_range(0..5),
                })
                .collect();
            let mut one_by_one: Vec<Move> = Vec::new();
            for &m in &moves {
                if !one_by_one.iter().any(|k| Move { rule: m.rule, ..*k } == m) {
                    one_by_one.push(m);
                }
            }
            let mut sorted = moves.clone();
            super::drop_repeats_sorted(&mut sorted);
            assert_eq!(sorted, one_by_one, "{len} moves");
        }
    }

    /// Where the compiler says whether a rule's moves capture, playing them
    /// says the same: along random games of every shipped ruleset, for every
    /// legal move of such a rule; captures and quiet moves both seen.
    #[test]
    fn captures_known_by_the_rule_are_those_made() {
        let mut seen = [0u32; 2];
        for name in shipped::names() {
            // The capture options too, where a ruleset has them (the filters and chains differ).
            for capture in [None, Some("Huff"), Some("Most")] {
                let mut options = Options::new();
                capture.map(|v| options.set("capture", v));
                let Ok(game) = shipped::game(name, &options) else { continue };
                visit_random_games(&game, 3, 5, |s, legal| {
                    for &m in legal {
                        let rule = &game.phases[usize::from(s.phase)].rules[usize::from(m.rule)];
                        let (Some(known), crate::moves::Action::Board | crate::moves::Action::Place) =
                            (rule.captures, m.action)
                        else {
                            continue;
                        };
                        assert_eq!(known, game.captures_in_full(s, m, rule, &mut None), "{name} {capture:?}: {m:?}");
                        seen[usize::from(known)] += 1;
                    }
                });
            }
        }
        assert!(seen.iter().all(|&n| n > 100), "quiet moves and captures known by the rule: {seen:?}");
    }

    /// Where the compiler found that no two rules of a phase can make one
    /// move (`Phase::may_repeat` false, so repeats are not looked for), none
    /// is made twice: along random games of every shipped ruleset, at every
    /// ordinary decision.
    #[test]
    fn phases_said_not_to_repeat_make_no_move_twice() {
        let (mut checked, mut spared) = (0, std::collections::BTreeSet::new());
        // The arrivals' two steps "next" make the same moves: a phase that must be compared.
        let arrivals = crate::Game::from_source(ARRIVALS, "arrivals.ron", &Options::new()).expect("compiles");
        assert!(arrivals.phases[0].may_repeat, "rules with a direction in common may repeat");
        for (name, game) in games().chain([("arrivals", arrivals)]) {
            visit_random_games(&game, 5, 10, |s, _| {
                let phase = &game.phases[usize::from(s.phase)];
                if phase.may_repeat || s.pending != crate::state::Pending::None || s.continuing.is_some() {
                    return;
                }
                let mut made = Vec::new();
                game.generate(s, s.to_move, None, &mut |m| {
                    made.push(m);
                    true
                });
                for (i, m) in made.iter().enumerate() {
                    assert!(!made[..i].iter().any(|k| crate::Move { rule: m.rule, ..*k } == *m), "{name}: {m:?} twice");
                }
                checked += 1;
                if phase.rules.len() > 1 {
                    spared.insert(name);
                }
            });
        }
        assert!(checked > 1_000, "only {checked} positions checked");
        // Phases of several rules told apart: by their directions (Setron, Nine Men's Morris), their targets, their actions.
        assert!(spared.len() >= 5, "only {spared:?} have phases of several rules that cannot repeat");
    }

    /// Along random games of every shipped ruleset and of one made for the
    /// test, a rule's landing masks say what the full landing check says, for
    /// every field a piece could come from (or the hand) and every target.
    /// Every way of arriving, on a track with a safe field and a field that takes no piece.
    const ARRIVALS: &str = r#"Ruleset(
        name: "arrivals",
        title: "Arrivals",
        players: ["A", "B"],
        board: Track(length: 8, cols: 8),
        field_types: [(name: "safe", fields: ["4"], safe: true), (name: "hole", fields: ["6"], limit: 0)],
        pieces: [(name: "Stone", letter: 'S')],
        setup: [
            On(piece: "Stone", player: Player(1), fields: ["1", "3"]), Hand(piece: "Stone", player: Player(1), count: 3),
            On(piece: "Stone", player: Player(2), fields: ["5", "8"]), Hand(piece: "Stone", player: Player(2), count: 3),
        ],
        phases: [(name: "play", moves: [
            (pieces: ["Stone"], by: Step(dirs: ["next", "prev"]), to: Any([Empty, Enemy]), on_enemy: Capture),
            (pieces: ["Stone"], by: Step(dirs: ["next"]), to: Any([Empty, Enemy]), on_enemy: Exchange),
            (pieces: ["Stone"], by: Step(dirs: ["prev"]), to: Not(Empty), on_enemy: Stack),
            (pieces: ["Stone"], by: Enter(via: Field(["1", "8"]), steps: 1, dirs: ["next"]), to: Any([Empty, Enemy]), on_enemy: Exchange),
            (pieces: ["Stone"], by: Enter(via: Field(["2", "7"]), steps: 1, dirs: ["next"]), to: Any([Empty, Enemy])),
        ])],
    )"#;

    /// A walk's paths worked out before play find the ends the search finds,
    /// both in field order, whatever is passable, but those where nothing
    /// lands: every walk of every shipped ruleset under every value of its
    /// options, from every field, for every number of steps, doubling or not,
    /// over random sets of passable fields (passable where the board says so).
    #[test]
    fn walk_paths_find_what_the_search_finds() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut compared = 0u32;
        for (name, options, game) in variants() {
            let walks = game.phases.iter().flat_map(|p| &p.rules).filter_map(|r| match &r.motion {
                Motion::Walk { walk, .. } | Motion::Enter { walk, .. } => Some((walk, true)),
                Motion::Exit { walk, .. } => Some((walk, false)),
                _ => None,
            });
            for (walk, lands) in walks {
                assert!(walk.paths.is_some() || game.board.len() > 64, "{name}: a walk without its paths");
                if walk.paths.is_none() {
                    continue;
                }
                let known = game.known_of_walk(&walk.pass, lands);
                for _ in 0..40 {
                    let pass = random_pass(&game, &mut rng, &known);
                    for start in game.board.fields() {
                        for (n, double) in (1..=8).flat_map(|n| [(n, false), (n, true)]) {
                            let ends = |by_paths: bool| {
                                let mut ends = Vec::new();
                                let mut visit = |f| {
                                    ends.push(f);
                                    true
                                };
                                if by_paths {
                                    game.walk_ends(&pass, walk, start, n, double, &mut visit);
                                } else {
                                    game.search_walk_ends(&pass, walk, start, n, double, &mut visit);
                                }
                                ends.retain(|&f| known.dead >> f & 1 == 0);
                                ends
                            };
                            assert_eq!(ends(true), ends(false), "{name} {options:?}: {start} {n} {double}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "only {compared} walks compared");
    }

    /// Where the paths in by an entry's fields were worked out, their scan
    /// finds the fields the walks from each entry field find, both in field
    /// order, each once: every entry of every shipped ruleset under every value of
    /// its options, for every number of steps, over random sets of passable
    /// fields. (Their moves in play: `entries_and_exits_by_their_paths_make_the_moves_the_walks_make`.)
    #[test]
    fn entry_paths_say_what_the_walks_say() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let mut compared = 0u32;
        for (name, options, game) in variants() {
            for rule in game.phases.iter().flat_map(|p| &p.rules) {
                let Motion::Enter { via, walk, entries: Some(entries), .. } = &rule.motion else { continue };
                let s = game.initial_state();
                let known = game.known_of_walk(&walk.pass, true);
                for _ in 0..40 {
                    let pass = random_pass(&game, &mut rng, &known);
                    for steps in 1..=entries.most {
                        let (mut scanned, mut walked) = (Vec::new(), Vec::new());
                        let k = entries.key(0, steps, true).expect("every number of steps up to the most");
                        scanned.extend(super::fields_of_word(0, entries.ends(k, pass.first_word())));
                        game.entry_targets(&s, 0, via, steps, walk, &pass, &mut |f| {
                            walked.extend((known.dead >> f & 1 == 0).then_some(f));
                            true
                        });
                        assert_eq!(scanned, walked, "{name} {options:?}: {steps} steps");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 1_000, "only {compared} entries compared");
    }

    /// A walk's moves and an entry's are listed, piece by piece (and kind by
    /// kind from the hand), in the field order of where they end: the
    /// canonical order (docs/language.md). Random games of every shipped
    /// variant; a walk of Seneti's reaches several ends in most turns.
    #[test]
    fn walks_list_their_ends_in_field_order() {
        let mut pairs = 0;
        for (name, options, game) in variants() {
            visit_random_games(&game, 3, 4, |s, legal| {
                let rules = &game.phases[usize::from(s.phase)].rules;
                let walks = |m: &Move| {
                    rules
                        .get(usize::from(m.rule))
                        .is_some_and(|r| matches!(r.motion, Motion::Walk { .. } | Motion::Enter { .. }))
                };
                for pair in legal.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    if walks(&a) && (a.rule, a.from, a.kind) == (b.rule, b.from, b.kind) {
                        assert!(a.to < b.to, "{name} {options:?}: {a:?} before {b:?}");
                        pairs += 1;
                    }
                }
            });
        }
        assert!(pairs > 10_000, "only {pairs} pairs of walks compared");
    }

    /// A random set of about 70% of the fields of `game`'s board, as it can
    /// be where a walk passes: with the fields `known` to pass, without those
    /// known not to.
    fn random_pass(
        game: &crate::Game,
        rng: &mut impl Rng,
        known: &crate::program::rules::Known,
    ) -> crate::board::FieldSet {
        let mut pass = crate::board::FieldSet::new(game.board.len());
        let passes = |f: FieldId, r: bool| known.pass >> f & 1 != 0 || (r && known.block >> f & 1 == 0);
        game.board.fields().filter(|&f| passes(f, rng.random_bool(0.7))).for_each(|f| pass.insert(f));
        pass
    }

    /// Where an exit's paths to the fields it may leave from were worked
    /// out, a piece may leave exactly where the walk reaches such a field and
    /// (after a step) may pass over it: every exit of every shipped ruleset
    /// and test ruleset under every value of its options, from every field,
    /// for every number of steps, over random sets of passable fields.
    #[test]
    fn exit_paths_say_what_the_walk_says() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let (mut compared, mut exits) = (0u32, 0u32);
        let turning = ruleset_edited("tests/blocks/turning-walk.ron", "", "");
        let turning = crate::Game::from_source(&turning, "turning-walk.ron", &Options::new()).expect("compiles");
        let games = variants().map(|(name, options, game)| (format!("{name} {options:?}"), game));
        for (name, game) in games.chain([("turning-walk".to_string(), turning)]) {
            for rule in game.phases.iter().flat_map(|p| &p.rules) {
                let Motion::Exit { via: Cond::Fields(via), walk, exits: Some(table), .. } = &rule.motion else {
                    continue;
                };
                let known = game.known_of_walk(&walk.pass, false);
                for _ in 0..40 {
                    let pass = random_pass(&game, &mut rng, &known);
                    for (start, n) in game.board.fields().flat_map(|f| (0..=8).map(move |n| (f, n))) {
                        let mut by_walk = false;
                        game.walk_ends(&pass, walk, start, n, false, &mut |f| {
                            by_walk = via.contains(f) && (n == 0 || pass.contains(f));
                            !by_walk
                        });
                        let paths = table.of(start, n, false).expect("worked out");
                        let word = pass.first_word();
                        let by_table = paths.iter().any(|p| p.open(word));
                        assert_eq!(by_table, by_walk, "{name}: from {start}, {n} steps");
                        compared += 1;
                        exits += u32::from(by_walk);
                    }
                }
            }
        }
        assert!(compared > 10_000 && exits > 1_000, "{compared} exits compared, {exits} open");
    }

    /// The text of a ruleset file of the repository (`path` from its root),
    /// with `from` replaced by `to` (which must be there).
    fn ruleset_edited(path: &str, from: &str, to: &str) -> String {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let text = std::fs::read_to_string(format!("{root}/{path}")).expect("a ruleset of the repository");
        assert!(from.is_empty() || text.contains(from), "{path} has {from:?}");
        text.replacen(from, to, 1)
    }

    /// `game` with `strip` done to each of its rules (a table taken out).
    fn stripped(game: &crate::Game, strip: impl FnMut(&mut Rule)) -> crate::Game {
        let mut without = game.clone();
        without.phases.iter_mut().flat_map(|p| &mut p.rules).for_each(strip);
        without.choose_rules_loops();
        without
    }

    /// Along random games of `game` (from `seed`, `games` of them), its legal
    /// moves are those of `without` (`what` says which game, where they are
    /// not); `each` sees every position. How many there were.
    fn same_legal_moves(
        what: &str,
        game: &crate::Game,
        without: &crate::Game,
        seed: u64,
        games: usize,
        mut each: impl FnMut(&crate::State),
    ) -> u32 {
        let mut positions = 0;
        visit_random_games(game, seed, games, |s, legal| {
            assert_eq!(legal, without.legal_moves(s), "{what}");
            each(s);
            positions += 1;
        });
        positions
    }

    /// The moves `player` would have in `s` as an ordinary decision, as the
    /// generator makes them (no filter).
    fn generated_for(game: &crate::Game, s: &crate::State, player: crate::piece::Player) -> Vec<Move> {
        let mut moves = Vec::new();
        game.generate(s, player, None, &mut |m| {
            moves.push(m);
            true
        });
        moves
    }

    /// Along random games of every shipped variant where `take_out` takes
    /// something out of a rule (and says so), the legal moves, and those the
    /// player not to move would have, are the same with it and without it.
    /// Returns the number of positions compared.
    fn same_moves_without(seed: u64, take_out: impl Fn(&mut Rule) -> bool) -> u32 {
        let mut positions = 0;
        for (name, options, game) in variants() {
            let mut without = game.clone();
            let taken = without.phases.iter_mut().flat_map(|p| &mut p.rules).map(&take_out).filter(|&t| t).count();
            if taken == 0 {
                continue;
            }
            without.choose_rules_loops();
            visit_random_games(&game, seed, 3, |s, legal| {
                assert_eq!(legal, without.legal_moves(s), "{name} {options:?}");
                let other = (s.to_move + 1) % s.players;
                let (moves, moves_without) = (generated_for(&game, s, other), generated_for(&without, s, other));
                assert_eq!(moves, moves_without, "{name} {options:?}: player {other}");
                positions += 1;
            });
        }
        positions
    }

    /// The jumps of the tight loop (over a mask of tops, landing by bits,
    /// outside a chain) are those the piece-by-piece generator makes: the
    /// moves with the loop and with the jump rules' landing bits (which the
    /// loop needs) taken out.
    #[test]
    fn jumps_in_the_tight_loop_are_those_made_piece_by_piece() {
        let positions = same_moves_without(9, |rule| {
            let tight = rule.jump_by_masks().is_some();
            if tight {
                rule.landing_bits = None;
            }
            tight
        });
        assert!(positions > 2_000, "only {positions} positions with jumps in the loop");
    }

    /// Where the generator looks up a die's runs by its orientation, it
    /// makes the moves it makes reading the die's face and counting out the
    /// run: the moves with the tables and with them taken out.
    #[test]
    fn die_runs_looked_up_make_the_moves_runs_counted_out_make() {
        let positions = same_moves_without(13, |rule| rule.die_runs.take().is_some());
        assert!(positions > 1_000, "only {positions} positions with die runs looked up");
    }

    /// The dice test block under each of its options, and on a board of 81
    /// fields (too many for the ends as bits: the probe counts out the
    /// looked-up ends one by one): the moves with the die tables and
    /// without are the same, and so are the probe's and the generator's
    /// answers for every piece, along random games.
    #[test]
    fn die_runs_make_the_same_moves_on_any_board_and_under_any_option() {
        let duel = ruleset_edited("tests/blocks/dice-duel.ron", "", "");
        let large =
            ruleset_edited("tests/blocks/dice-duel.ron", "cols: 5,\n        rows: 5,", "cols: 9,\n        rows: 9,");
        let options = ["wrap_straight", "left", "grace", "prisoners"].map(|o| Options::from_iter([(o, "true")]));
        let (mut positions, mut probed) = (0, [0u32; 2]);
        for (source, options) in [(&duel, Options::new()), (&large, Options::new())]
            .into_iter()
            .chain(options.into_iter().map(|o| (&duel, o)))
        {
            let game = crate::Game::from_source(source, "dice.ron", &options).expect("compiles");
            let runs: Vec<_> = game.phases.iter().flat_map(|p| &p.rules).filter_map(|r| r.die_runs.as_ref()).collect();
            assert_eq!(runs.len(), 2, "{options:?}");
            assert_eq!(runs.iter().all(|r| r.has_bits()), game.board.len() <= 64, "{options:?}");
            let without = stripped(&game, |r| r.die_runs = None);
            positions += same_legal_moves(&format!("{options:?}"), &game, &without, 17, 6, |s| {
                for f in game.board.fields() {
                    let Some(p) = s.top(f) else { continue };
                    let mut made = false;
                    without.generate_as(s, p.owner, Some(f), &mut |_| {
                        made = true;
                        false
                    });
                    assert_eq!(game.piece_has_move(s, p.owner, f), made, "{options:?}: {f} {p:?}");
                    probed[usize::from(made)] += 1;
                }
            });
        }
        assert!(positions > 300 && probed.iter().all(|&n| n > 100), "{positions} positions, {probed:?} probed");
    }

    /// A die's run table gives, for every field, orientation and direction
    /// of its rule, where the face the die shows that way, counted out link
    /// by link, ends (nothing where it comes back to its field), and the
    /// same as bits; nothing for an orientation no die has.
    #[test]
    fn a_die_runs_table_ends_where_its_face_and_links_lead() {
        use crate::die::{Face, ORIENTATIONS, face};
        let mut looked_up = 0;
        for (name, options, game) in variants() {
            let s = game.initial_state();
            for rule in game.phases.iter().flat_map(|p| &p.rules) {
                let (Some(runs), Motion::Run { dirs, distance, .. }) = (&rule.die_runs, &rule.motion) else { continue };
                for from in game.board.fields() {
                    for o in 0..ORIENTATIONS.len() as u8 {
                        let expected: Vec<FieldId> = dirs
                            .iter()
                            .map(|&d| {
                                let towards = match distance {
                                    Distance::TopFace => Some(Face::Top),
                                    _ => game.compass[usize::from(d)],
                                };
                                let n = towards.map_or(0, |f| face(o, f));
                                let at = if n == 0 { NO_FIELD } else { game.run_end(&s, 0, from, d, n, &Cond::True) };
                                if at == from { NO_FIELD } else { at }
                            })
                            .collect();
                        assert_eq!(runs.ends(from, o), expected, "{name} {options:?} from {from} orientation {o}");
                        let bits = expected.iter().filter(|&&f| f != NO_FIELD).fold(0u64, |b, &f| b | 1 << f);
                        assert!(runs.has_bits());
                        assert_eq!(runs.reach(from, o), bits, "{name} {options:?} from {from} orientation {o}");
                        looked_up += 1;
                    }
                    assert!(runs.ends(from, 48).is_empty(), "{name}: no die lies so");
                    assert_eq!(runs.reach(from, 48), 0, "{name}: no die lies so");
                }
            }
        }
        assert!(looked_up > 10_000, "only {looked_up} die runs looked up");
    }

    /// A ruleset of many rules that run dice by their faces gets tables for
    /// the first of them only, up to what one game's tables may hold (a
    /// hostile file would otherwise take memory by the rule); the runs of
    /// the others are counted out, and the moves are the same.
    #[test]
    fn die_runs_tables_of_a_game_are_bounded() {
        use crate::program::rules::DieRuns;
        let rule = r#"(pieces: ["Die"], by: Run(dirs: ["Orthogonal"], distance: Face), to: Empty),"#;
        let many = ruleset_edited(
            "tests/blocks/dice-duel.ron",
            "        moves: [\n",
            &format!("        moves: [\n{}", rule.repeat(60)),
        );
        let game = crate::Game::from_source(&many, "many-dice-runs.ron", &Options::new()).expect("compiles");
        let rules: Vec<&Rule> = game.phases.iter().flat_map(|p| &p.rules).collect();
        let tables: Vec<&DieRuns> = rules.iter().filter_map(|r| r.die_runs.as_ref()).collect();
        assert!(tables.len() > 10 && tables.len() < rules.len(), "{} tables for {} rules", tables.len(), rules.len());
        assert!(tables.iter().map(|t| t.len()).sum::<usize>() <= DieRuns::MOST_ENDS);
        let positions =
            same_legal_moves("many dice runs", &game, &stripped(&game, |r| r.die_runs = None), 3, 4, |_| {});
        assert!(positions > 100, "{positions}");
    }

    /// Where the generator looks up where a sowing ends, it makes the moves
    /// it makes sowing piece by piece: the moves with the tables and with
    /// them taken out, along random games of every shipped variant that sows.
    #[test]
    fn sowings_looked_up_make_the_moves_sowings_walked_make() {
        let positions = same_moves_without(23, |rule| rule.sow_ends.take().is_some());
        assert!(positions > 1_000, "only {positions} positions with sowings looked up");
    }

    /// A sowing along a row that ends (seeds that run off the row make no
    /// move), past a field that takes nothing and each player's own field,
    /// by three players: the moves with the table and without are the same.
    #[test]
    fn sowings_looked_up_off_a_row_past_fields_skipped_for_three_players() {
        let source = r#"Ruleset(
            name: "row sowing", title: "Row sowing", players: ["A", "B", "C"],
            board: Grid(cols: 8, rows: 1, links: ["E", "W"]), stack_limit: 30,
            field_types: [(name: "hole", fields: ["f1"], limit: 0)],
            zones: [(name: "own", groups: [["c1"], ["d1"], ["e1"]])],
            pieces: [(name: "Seed", letter: 'S', neutral: true)],
            setup: [On(piece: "Seed", fields: ["a1", "b1", "c1", "d1", "e1", "g1"], count: 3)],
            phases: [(name: "play", moves: [(pieces: ["Seed"], by: Sow(dirs: ["E", "W"], skip: InZone("own")))])],
            end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "no sowing")],
        )"#;
        let game = crate::Game::from_source(source, "row-sowing.ron", &Options::new()).expect("compiles");
        let ends = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| r.sow_ends.as_ref()).expect("a table");
        assert_eq!(ends.room, 30);
        let positions = same_legal_moves("row sowing", &game, &stripped(&game, |r| r.sow_ends = None), 29, 12, |_| {});
        assert!(positions > 100, "{positions}");
    }

    /// Kalah with pits that hold at most ten seeds (of 48): a sowing passes
    /// over a full pit, which the table cannot know, so the table is not
    /// read while the board has more pieces than a pit holds; the moves are
    /// those of sowing piece by piece (read anyway, the table would sow into
    /// full pits).
    #[test]
    fn sowings_are_not_looked_up_where_a_pit_may_fill_up() {
        let small = ruleset_edited("rulesets/traditional/kalah.ron", "stack_limit: 48,", "stack_limit: 10,");
        let game = crate::Game::from_source(&small, "small-kalah.ron", &Options::new()).expect("compiles");
        let ends = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| r.sow_ends.as_ref()).expect("a table");
        assert_eq!(ends.room, 10);
        let mut full_pits = 0;
        same_legal_moves("small kalah", &game, &stripped(&game, |r| r.sow_ends = None), 5, 20, |s| {
            full_pits += usize::from(game.board.fields().any(|f| s.height(f) >= 10));
        });
        assert!(full_pits > 20, "only {full_pits} positions with a full pit");
    }

    /// Where the generator reads the paths in by an entry's fields or out
    /// by an exit's, it makes the moves it makes without them: the moves with
    /// the tables and with them taken out.
    #[test]
    fn entries_and_exits_by_their_paths_make_the_moves_the_walks_make() {
        let positions = same_moves_without(7, |rule| {
            let taken = match &mut rule.motion {
                Motion::Enter { entries, .. } => entries.take().is_some(),
                Motion::Exit { exits, .. } => exits.take().is_some(),
                _ => false,
            };
            // (Without its exits' paths, an exit is made as any rule's move.)
            if taken {
                rule.walk_plan = WalkPlan::General;
            }
            taken
        });
        assert!(positions > 1_000, "only {positions} positions with entries or exits by their paths");
    }

    /// The walks and exits generated along their paths in one loop over the
    /// pieces (`Game::walks_by_paths`) are the moves made piece by piece:
    /// every shipped variant, for the player to move and the other.
    #[test]
    fn walks_along_their_paths_make_the_moves_made_piece_by_piece() {
        let positions =
            same_moves_without(9, |rule| std::mem::replace(&mut rule.walk_plan, WalkPlan::General).by_paths());
        assert!(positions > 1_000, "only {positions} positions with walks by their paths");
    }

    /// A phase whose rules all walk by their paths or enter has its moves
    /// from a loop of its own (`Game::moves_of_walks`): Seneti's phases are
    /// such, a phase with a step is not, and the loop's moves are those the
    /// generic loop makes in every shipped variant that has such a phase
    /// (Seneti's; taking the mark away sends the phase to the generic loop).
    /// Fallback rules and a second kind: the test after the next.
    #[test]
    fn phases_that_only_walk_make_the_moves_the_generic_loop_makes() {
        let seneti = shipped::game("seneti", &Options::new()).expect("compiles");
        assert!(seneti.phases.iter().all(|p| p.rules_loop == RulesLoop::WalksOnly));
        let breakthrough = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        assert!(breakthrough.phases.iter().all(|p| p.rules_loop == RulesLoop::General));
        let mut positions = 0;
        for (name, options, game) in variants() {
            if !game.phases.iter().any(|p| p.rules_loop == RulesLoop::WalksOnly) {
                continue;
            }
            let mut generic = game.clone();
            generic.phases.iter_mut().for_each(|p| p.rules_loop = RulesLoop::General);
            visit_random_games(&game, 17, 3, |s, legal| {
                assert_eq!(legal, generic.legal_moves(s), "{name} {options:?}");
                let other = (s.to_move + 1) % s.players;
                assert_eq!(generated_for(&game, s, other), generated_for(&generic, s, other), "{name} {options:?}");
                positions += 1;
            });
        }
        assert!(positions > 1_000, "only {positions} positions in phases that only walk");
    }

    /// The moves of `game` along random games (from `seed`, `games` of them)
    /// are those made on the general plans (every path table taken out: see
    /// `Game::with_general_plans`) and those of the generic loop over the rules, for every player; `each` sees the legal
    /// moves. How many positions there were.
    fn same_moves_searched_and_generic(
        what: &str,
        game: &crate::Game,
        seed: u64,
        games: usize,
        mut each: impl FnMut(&[Move]),
    ) -> u32 {
        let without = game.with_general_plans();
        let mut generic = game.clone();
        generic.phases.iter_mut().for_each(|p| p.rules_loop = RulesLoop::General);
        let mut positions = 0;
        visit_random_games(game, seed, games, |s, legal| {
            assert_eq!(legal, without.legal_moves(s), "{what}");
            assert_eq!(legal, generic.legal_moves(s), "{what}");
            for player in 0..s.players {
                let moves = generated_for(game, s, player);
                assert_eq!(moves, generated_for(&without, s, player), "{what}: player {player}");
                assert_eq!(moves, generated_for(&generic, s, player), "{what}: player {player}");
            }
            each(legal);
            positions += 1;
        });
        positions
    }

    /// A walk that comes back to its own field lands there on what it
    /// uncovers as the walk searched says, whatever the rule lands on (read
    /// off its landing words): Seneti's walks landing on other tops, stacked,
    /// and the turning walk's landing on other tops, unstacked; some refuse
    /// what the piece uncovers (an empty field, or an open piece of its own).
    #[test]
    fn a_walk_back_to_its_own_field_lands_as_the_search_says() {
        let seneti = ["Any([Empty, Open])", "Closed", "Any([Empty, Closed])", "Enemy", "Any([Empty, Own])"].map(|to| {
            (
                to,
                ruleset_edited(
                    "rulesets/seneti.ron",
                    r#""landable": Any([Empty, Open]),"#,
                    &format!(r#""landable": {to},"#),
                ),
            )
        });
        let walk = "returns: Opt(\"returns\")),\n            to: Empty,";
        let turning = ["Enemy", "Any([Empty, Enemy])", r#"Any([Enemy, Type("4-point")])"#].map(|to| {
            let source =
                ruleset_edited("tests/blocks/turning-walk.ron", walk, &walk.replace("to: Empty", &format!("to: {to}")));
            // (Stuck is not lost: the games go on.)
            (
                to,
                source.replacen(
                    r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#,
                    "",
                    1,
                ),
            )
        });
        let (mut positions, mut back) = (0, 0);
        for (to, source) in seneti.into_iter().chain(turning) {
            let game = crate::Game::from_source(&source, "landing back", &Options::new()).expect("compiles");
            assert!(
                game.phases.iter().flat_map(|p| &p.rules).any(|r| r.walk_plan.by_paths() && r.landing_words.is_some()),
                "{to}"
            );
            positions += same_moves_searched_and_generic(to, &game, 23, 4, |legal| {
                back += legal.iter().filter(|m| m.action == Action::Board && m.from == m.to).count();
            });
        }
        assert!(positions > 3_000 && back > 1_000, "{positions} positions, {back} walks back");
    }

    /// A phase that only walks, with two kinds of piece (entered in either
    /// order) and fallback rules for the player or piece by piece, makes the
    /// moves of the generic loop and of the walks searched: the fallback
    /// rules and the second kind make moves.
    #[test]
    fn phases_that_only_walk_with_fallbacks_and_two_kinds_make_the_generic_loops_moves() {
        let stone = "(name: \"Stone\", letter: 'S', enters_flipped: true)";
        let hands = "Hand(piece: \"Stone\", player: Player(2), count: 2),";
        let fallback = r#"], fallback_per_piece: PER_PIECE, fallback: [(pieces: ["Stone", "Pebble"],
            by: Walk(dirs: ["Orthogonal"], steps: Const(1), pass: Any([Empty, Open])), to: Any([Empty, Closed]))])]"#;
        for per_piece in ["True", "False"] {
            for entering in [r#"["Stone", "Pebble"]"#, r#"["Pebble", "Stone"]"#] {
                let source = ruleset_edited("tests/blocks/turning-walk.ron", stone, &format!("{stone}, (name: \"Pebble\", letter: 'P')"))
                    .replacen(hands, &format!("{hands} Hand(piece: \"Pebble\", player: Player(1), count: 2), Hand(piece: \"Pebble\", player: Player(2), count: 2),"), 1)
                    .replacen(r#"(pieces: ["Stone"], by: Enter("#, &format!("(pieces: {entering}, by: Enter("), 1)
                    .replacen("            pieces: [\"Stone\"],\n            by: Walk(", "            pieces: [\"Stone\", \"Pebble\"],\n            by: Walk(", 1)
                    .replacen("from: Open),\n    ])]", &format!("from: Open),\n    {}", fallback.replace("PER_PIECE", per_piece)), 1)
                    .replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1);
                let game = crate::Game::from_source(&source, "two kinds", &Options::new()).expect("compiles");
                assert!(game.phases.iter().all(|p| p.rules_loop == RulesLoop::WalksOnly), "{per_piece} {entering}");
                let (mut fallbacks, mut pebbles) = (0, 0);
                let what = format!("{per_piece} {entering}");
                same_moves_searched_and_generic(&what, &game, 29, 10, |legal| {
                    fallbacks += legal.iter().filter(|m| m.rule == 3).count();
                    pebbles += legal.iter().filter(|m| m.action == Action::Place && m.kind == 1).count();
                });
                assert!(fallbacks > 0 && pebbles > 0, "{what}: {fallbacks} fallback moves, {pebbles} pebbles entered");
            }
        }
    }

    /// Walks by their paths in a game of three (the turning-walk test ruleset
    /// with a third player, its walks turning or not): every player's moves,
    /// the one to move and the two others, are those made piece by piece.
    #[test]
    fn walks_by_their_paths_serve_three_players() {
        let mut positions = 0;
        for turning in ["true", "false"] {
            let source = ruleset_edited(
                "tests/blocks/turning-walk.ron",
                r#"players: ["White", "Black"],"#,
                r#"players: ["White", "Black", "Red"],"#,
            )
            .replacen(
                r#"Hand(piece: "Stone", player: Player(2), count: 2),"#,
                r#"Hand(piece: "Stone", player: Player(2), count: 2), Hand(piece: "Stone", player: Player(3), count: 2),"#,
                1,
            )
            // (A player with no move passes: the game goes on to the turn limit or a block.)
            .replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1);
            let mut options = Options::new();
            options.set("turning", turning);
            let game = crate::Game::from_source(&source, "three", &options).expect("compiles");
            assert_eq!(game.player_count(), 3);
            let rules = game.phases.iter().flat_map(|p| &p.rules);
            assert_eq!(rules.filter(|r| r.walk_plan.by_paths()).count(), 2, "the walk and the exit go by their paths");
            let without = stripped(&game, |rule| rule.walk_plan = WalkPlan::General);
            visit_random_games(&game, 4, 30, |s, legal| {
                assert_eq!(legal, without.legal_moves(s), "turning {turning}");
                for player in 0..3 {
                    let (moves, moves_without) = (generated_for(&game, s, player), generated_for(&without, s, player));
                    assert_eq!(moves, moves_without, "turning {turning}: player {player}");
                }
                positions += 1;
            });
        }
        assert!(positions > 500, "only {positions} positions of three players");
    }

    /// Where the board decides a walk's `pass` on some fields (a field type
    /// always passed, or never), its paths are kept without them, as the
    /// compiled test says (guarded by what tops a field): the moves are those
    /// of the walks searched field by field, every table taken out, for
    /// every player, along random games of the turning-walk test ruleset.
    #[test]
    fn walks_by_what_the_board_decides_make_the_moves_searched() {
        let mut positions = 0;
        let a1 = 0u64.checked_add(1).expect("a1 is the first field");
        for (pass, known) in [
            ("Any([Empty, Open, Type(\"4-point\")])", (a1, 0)),
            ("All([Any([Empty, Open]), Not(Type(\"4-point\"))])", (0, a1)),
        ] {
            let from = "pass: Any([Empty, Open]), returns";
            let source = ruleset_edited("tests/blocks/turning-walk.ron", from, &format!("pass: {pass}, returns"))
                // (A player with no move passes: the game goes on to the turn limit or a block.)
                .replacen(r#"(at: StartOfTurn, cond: NoMoves, result: Win(Opponent), reason: "no move"),"#, "", 1);
            let game = crate::Game::from_source(&source, "known", &Options::new()).expect("compiles");
            let walk = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| match &r.motion {
                Motion::Walk { walk, .. } => Some(walk),
                _ => None,
            });
            let walk = walk.expect("the walk");
            let said = game.known_of_walk(&walk.pass, true);
            assert_eq!((said.pass & a1, said.block & a1), known, "{pass}: as compiled");
            let without = game.with_general_plans();
            visit_random_games(&game, 13, 10, |s, legal| {
                assert_eq!(legal, without.legal_moves(s), "{pass}");
                for player in 0..s.players {
                    assert_eq!(generated_for(&game, s, player), generated_for(&without, s, player), "{pass}");
                }
                positions += 1;
            });
        }
        assert!(positions > 1_000, "only {positions} positions");
    }

    /// A rule walks along its paths alone only where no walk of it is longer
    /// than they go: Seneti's walks (a field's steps, 6 at most) and exits
    /// (5 steps) do; with a field of 9 steps, past the 8 the paths are
    /// worked out for, its walk is made piece by piece, its exits still not.
    #[test]
    fn a_rule_walks_by_its_paths_alone_only_as_far_as_they_go() {
        let by_paths = |source: &str| {
            let game = crate::Game::from_source(source, "seneti", &Options::new()).expect("compiles");
            let rules = game.phases.iter().flat_map(|p| &p.rules);
            let by = |walks: bool| {
                rules
                    .clone()
                    .filter(|r| matches!(r.motion, Motion::Walk { .. }) == walks)
                    .map(|r| r.walk_plan.by_paths())
                    .collect()
            };
            let exits =
                rules.clone().filter(|r| matches!(r.motion, Motion::Exit { .. })).map(|r| r.walk_plan.by_paths());
            (by(true), exits.collect::<Vec<_>>())
        };
        let (walks, exits) = by_paths(&ruleset_edited("rulesets/seneti.ron", "", ""));
        assert_eq!((walks, exits), (vec![true], vec![true]));
        let far = ruleset_edited("rulesets/seneti.ron", "steps: 6, limit: 6", "steps: 9, limit: 6");
        let (walks, exits) = by_paths(&far);
        assert_eq!((walks, exits), (vec![false], vec![true]));
    }

    /// A piece has a move, as the probe for stuck pieces says, exactly where
    /// the generator makes one for it: every piece of every player along
    /// random games of every shipped variant (a walk's pieces included, which
    /// the probe hands to the generator).
    #[test]
    fn a_piece_has_a_move_where_the_generator_makes_one() {
        let mut probed = [0u32; 2];
        for (name, options, game) in variants() {
            visit_random_games(&game, 13, 2, |s, _| {
                for f in game.board.fields() {
                    let Some(p) = s.top(f).filter(|p| p.owner < s.players) else { continue };
                    let mut made = false;
                    game.generate_as(s, p.owner, Some(f), &mut |_| {
                        made = true;
                        false
                    });
                    assert_eq!(game.piece_has_move(s, p.owner, f), made, "{name} {options:?}: {f} {p:?}");
                    probed[usize::from(made)] += 1;
                }
            });
        }
        assert!(probed.iter().all(|&n| n > 1_000), "pieces stuck and free: {probed:?}");
    }

    /// Where the generator looks up a run's end, it makes the moves it makes
    /// walking the run step by step: the moves with the table and without,
    /// along random games of every shipped variant with a run over anything.
    #[test]
    fn runs_looked_up_make_the_moves_runs_walked_make() {
        let mut positions = 0;
        for (name, options, game) in variants() {
            let Some(_) = game.run_ends else { continue };
            let mut without = game.clone();
            without.run_ends = None;
            positions += same_legal_moves(&format!("{name} {options:?}"), &game, &without, 11, 3, |_| {});
        }
        assert!(positions > 1_000, "only {positions} positions with runs looked up");
    }

    /// The table gives, for every field, direction and distance it holds,
    /// the field a run walked link by link ends on, and nothing beyond its
    /// longest distance (those runs are walked).
    #[test]
    fn a_runs_table_ends_where_its_links_lead() {
        let mut looked_up = 0;
        for (name, options, game) in variants() {
            let Some(ends) = &game.run_ends else { continue };
            let s = game.initial_state();
            for from in game.board.fields() {
                for d in 0..game.board.dir_names().len() as u8 {
                    for n in 0..=RunEnds::MOST + 2 {
                        let walked = game.run_end(&s, 0, from, d, n, &Cond::True);
                        let expected = (n <= RunEnds::MOST).then_some(walked);
                        assert_eq!(ends.end(from, d, n), expected, "{name} {options:?} from {from} dir {d} n {n}");
                        looked_up += 1;
                    }
                }
            }
        }
        assert!(looked_up > 10_000, "only {looked_up} runs looked up");
    }

    #[test]
    fn landing_masks_say_what_the_full_check_says() {
        let (mut checked, mut checked_bits, mut checked_stacks) = (0u64, 0u64, 0u64);
        let arrivals = crate::Game::from_source(ARRIVALS, "arrivals.ron", &Options::new()).expect("compiles");
        for (name, game) in games().chain([("arrivals", arrivals)]) {
            visit_random_games(&game, 3, 10, |s, _| {
                let by_masks = |r: &&Rule| r.landing.is_some() || r.stack_landing.is_some();
                for rule in game.phases.iter().flat_map(|p| &p.rules).filter(by_masks) {
                    for me in 0..2 {
                        // An entering piece comes from the hand, any other from the board.
                        let froms: Vec<_> = match rule.motion {
                            Motion::Enter { .. } => vec![NO_FIELD],
                            _ => s.fields_topped_by(me).collect(),
                        };
                        for from in froms {
                            let bits = rule.landing_bits.map(|b| b.landable(s, me));
                            for to in game.board.fields() {
                                let full = game.can_land_in_full(rule, s, me, from, to);
                                if let Some(bits) = bits {
                                    assert_eq!(bits >> to & 1 != 0, full, "{name}: landing bits {from} to {to}");
                                    checked_bits += 1;
                                }
                                assert_eq!(
                                    game.can_land(rule, s, me, from, to),
                                    full,
                                    "{name}: {from} to {to}: {:?} {:?} {:?}",
                                    rule.arrive,
                                    rule.to,
                                    rule.landing
                                );
                                checked += 1;
                                checked_stacks += u64::from(rule.stack_landing.is_some());
                            }
                        }
                    }
                }
            });
        }
        assert!(checked > 100_000, "only {checked} landings checked");
        assert!(checked_bits > 100_000, "only {checked_bits} landings checked by bits");
        assert!(checked_stacks > 100_000, "only {checked_stacks} landings on stacks checked by masks");
    }

    /// The words of what tops each field say what a look at each field says:
    /// for every mask of classes, the fields whose top is of one of them, and
    /// the fields with room; and a rule's landing words the fields where it
    /// may land (`can_land`), for every player, in random games of every
    /// shipped variant whose board has at most 64 fields.
    #[test]
    fn words_of_what_tops_the_fields_say_what_each_field_says() {
        let mut landings = 0u64;
        for (name, options, game) in variants().filter(|(_, _, g)| g.board.len() <= 64) {
            let rules: Vec<&Rule> = game.phases.iter().flat_map(|p| &p.rules).collect();
            visit_random_games(&game, 11, 2, |s, _| {
                for me in 0..s.players {
                    let tops = game.top_words(s, me);
                    for mask in 0..=Cond::ALL {
                        let fields = game.board.fields().filter(|&f| mask >> s.top_class(f, me) & 1 != 0);
                        assert_eq!(
                            tops.of(mask) & game.board.word(),
                            fields.fold(0, |w, f| w | 1 << f),
                            "{name}: mask {mask:#b}"
                        );
                    }
                    let room = game.board.fields().filter(|&f| s.height(f) < game.fields[usize::from(f)].limit);
                    assert_eq!(tops.room, room.fold(0, |w, f| w | 1 << f), "{name} {options:?}: room");
                    for rule in rules.iter().filter(|r| r.landing_words.is_some()) {
                        let words = rule.landing_words.as_ref().map(|l| l.landable(&tops));
                        let lands = game.board.fields().filter(|&f| game.can_land(rule, s, me, NO_FIELD, f));
                        assert_eq!(words, Some(lands.fold(0, |w, f| w | 1 << f)), "{name} {options:?}");
                        landings += 1;
                    }
                }
            });
        }
        assert!(landings > 10_000, "only {landings} landing words compared");
    }

    /// What lies under a field's top piece, read in place, is what tops the
    /// field once the piece is lifted, for every field and player along
    /// random games of every shipped ruleset (the walks of stacking games
    /// read it to see a piece's own field without it).
    #[test]
    fn what_lies_under_the_top_is_what_tops_the_field_without_it() {
        let mut checked = 0u64;
        for (name, game) in games() {
            visit_random_games(&game, 7, 5, |s, _| {
                let mut lifted = s.clone();
                for f in game.board.fields().filter(|&f| s.height(f) > 0) {
                    lifted.clone_from(s);
                    lifted.pop(f);
                    for me in 0..s.players {
                        assert_eq!(s.class_below_top(f, me), lifted.top_class(f, me), "{name}: {f}");
                        checked += u64::from(s.height(f) > 1);
                    }
                }
            });
        }
        assert!(checked > 1_000, "only {checked} stacks looked under");
    }

    /// Falls down, up, sideways and aslant on a grid with a field that takes
    /// no piece; and down a column that wraps round (a line back to its start).
    const FALLS: &str = r#"Ruleset(
        name: "falls",
        title: "Falls",
        players: ["A", "B"],
        board: Grid(cols: 4, rows: 4, links: ["All"], wrap: WRAP),
        field_types: [(name: "hole", fields: ["b2"], limit: 0)],
        pieces: [(name: "Stone", letter: 'S')],
        setup: [Hand(piece: "Stone", player: Player(1), count: 8), Hand(piece: "Stone", player: Player(2), count: 8)],
        phases: [(name: "play", moves: [
            (pieces: ["Stone"], by: Place(fall: "S"), to: Empty),
            (pieces: ["Stone"], by: Place(fall: "N"), to: Empty),
            (pieces: ["Stone"], by: Place(fall: "W"), to: Empty),
            (pieces: ["Stone"], by: Place(fall: "NE"), to: Empty),
        ])],
        end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "full")],
    )"#;

    /// Entering by fields decided per player ([`Cond::FieldsFor`], a zone of
    /// the player's own) makes the moves that testing the same condition on
    /// every field makes: along random games of every shipped ruleset that
    /// enters so (Ur, Ludo, Hounds and Jackals). An exit reads such fields by
    /// `eval`, which `fields_decided_per_player_are_where_the_condition_holds` checks.
    #[test]
    fn entries_by_fields_per_player_are_those_tested_field_by_field() {
        let mut checked = 0u64;
        for (name, game) in games() {
            let mut tested = game.clone();
            let mut changed = 0;
            for rule in tested.phases.iter_mut().flat_map(|p| &mut p.rules) {
                if let Motion::Enter { via, .. } | Motion::Exit { via, .. } = &mut rule.motion {
                    if let Cond::FieldsFor(sets) = via {
                        // The same fields, as a condition read on each field in turn.
                        let per_player = sets
                            .iter()
                            .enumerate()
                            .map(|(p, set)| Cond::All(vec![Cond::PlayerIs(p as u8 + 1), Cond::Fields(set.clone())]));
                        *via = Cond::Any(per_player.collect());
                        changed += 1;
                    }
                }
            }
            if changed == 0 {
                continue;
            }
            visit_random_games(&game, 12, 10, |s, legal| {
                assert_eq!(tested.legal_moves(s), legal, "{name}");
                checked += u64::from(legal.iter().any(|m| matches!(m.action, Action::Place | Action::Exit)));
            });
        }
        assert!(checked > 1_000, "only {checked} positions with an entry or exit checked");
    }

    /// Where a piece comes to rest by its fall line's bits is where it falls
    /// field by field, along random games of every shipped ruleset and of
    /// the falls above; a line that wraps round is left to the fall itself.
    #[test]
    fn fall_lines_rest_where_the_fall_does() {
        let falls = |wrap: &str| {
            let source = FALLS.replace("WRAP", wrap);
            crate::Game::from_source(&source, "falls.ron", &Options::new()).expect("compiles")
        };
        let wrapping = falls(r#"["N", "S"]"#);
        let falling = |r: &&Rule| matches!(r.motion, Motion::Place { fall: Some(_), .. });
        let rules =
            |g: &crate::Game| g.phases.iter().flat_map(|p| &p.rules).filter(falling).cloned().collect::<Vec<_>>();
        let wrapped = rules(&wrapping);
        assert!(wrapped[..2].iter().all(|r| r.fall_lines.is_none()), "a column that wraps has no fall line");
        assert!(rules(&falls("[]")).iter().all(|r| r.fall_lines.is_some()), "every way down a grid is a fall line");
        let mut checked = 0u64;
        for (name, game) in games().chain([("falls", falls("[]")), ("wrapping falls", wrapping)]) {
            for rule in rules(&game).iter().filter(|r| r.fall_lines.is_some() || name == "wrapping falls") {
                let Motion::Place { fall: Some(d), .. } = rule.motion else { unreachable!() };
                visit_random_games(&game, 4, 20, |s, _| {
                    for to in game.board.fields() {
                        assert_eq!(game.rest(rule, s, to), game.fall(s, to, d), "{name}: put on {to}");
                        checked += 1;
                    }
                });
            }
        }
        assert!(checked > 20_000, "only {checked} falls checked");
    }
}
