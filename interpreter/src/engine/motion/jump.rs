//! `Jump`: a piece jumps over the next field (flying, over the first piece
//! on its line) where `over` holds, landing beyond. General: piece by piece
//! ([`Game::jump_moves`]); fast, outside a chain, where what it jumps and
//! where it lands are masks of what tops a field: [`Game::jumps_by_masks`].

use super::super::emit::{Emit, pack};
use super::super::movegen::Mover;
use super::super::{Cond, JumpLines, Rule};
use super::movers::Movers;
use crate::board::{FieldId, NO_FIELD, fields_of_word};
use crate::moves::{Action, Move};
use crate::piece::Player;
use crate::program::Game;
use crate::state::State;

impl Game {
    /// The jumps of one piece.
    #[inline(always)]
    pub(in crate::engine) fn jump_moves(
        &self,
        m: &Mover,
        dirs: &[u8],
        over: &Cond,
        fly: bool,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let Mover { s, me, rule, from, .. } = *m;
        dirs.iter().all(|&d| {
            let Some(mut to) = self.jumped(s, me, from, d, over, fly).map(|at| self.board.neighbour(at, d)) else {
                return true;
            };
            // A flying piece lands on any empty field beyond, up to the next piece.
            while to != NO_FIELD && to != from && self.can_land(rule, s, me, from, to) {
                if !emit(m.to(to, d)) {
                    return false;
                }
                if !fly || s.height(to) > 0 {
                    break;
                }
                to = self.board.neighbour(to, d);
            }
            true
        })
    }

    /// The jumps of `rule` over fields whose top is in the mask `over` (in a
    /// chain, not jumped by it yet), onto the `landable` fields, from the fields `movers` gives:
    /// the piece-by-piece generator's jumps in one tight loop (listed first,
    /// where the rule has a table per field). Called beside `rule_moves`, and never inlined:
    /// written into it, it moved the compiler's inlining of the whole
    /// generator.
    #[allow(clippy::too_many_arguments)] // one call site; what the rule and the state say
    #[inline(never)]
    pub(in crate::engine) fn jumps_by_masks(
        &self,
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        dirs: &[u8],
        over: u8,
        landable: u64,
        movers: &impl Movers,
        emit: &mut impl Emit,
    ) -> bool {
        let from_fields = movers.fields(rule.pieces);
        if from_fields == 0 {
            // (Nothing to make ready: a rule of kinds the player has none of.)
            return true;
        }
        if let Some(lines) = rule.plan.motion.jump_lines() {
            return Self::jumps_by_lines(s, me, rule, rule_id, lines, landable, movers, from_fields, emit);
        }
        for from in fields_of_word(0, from_fields) {
            let Some(kind) = movers.kind(s, from, rule.pieces) else { continue };
            for &dir in dirs {
                let at = self.board.neighbour(from, dir);
                if at == NO_FIELD
                    || at == from
                    || over & super::super::cond::tops(s, me, at) == 0
                    || !not_jumped_yet(s, at)
                {
                    continue;
                }
                let to = self.board.neighbour(at, dir);
                if to != NO_FIELD
                    && to != from
                    && landable >> to & 1 != 0
                    && !emit.emit(Move { action: Action::Board, rule: rule_id, kind, dir, from, to })
                {
                    return false;
                }
            }
        }
        true
    }

    /// [`Game::jumps_by_masks`] by the rule's jumps per field ([`JumpLines`];
    /// issue 48): the jumps listed first, kept by a count rather than a
    /// branch (whether a field may be jumped and landed on is as good as
    /// random), each as a word ([`pack`]: most are not kept), then taken in
    /// one go; in the same order.
    #[allow(clippy::too_many_arguments)] // `jumps_by_masks`' own
    #[inline(always)]
    fn jumps_by_lines(
        s: &State,
        me: Player,
        rule: &Rule,
        rule_id: u8,
        lines: &JumpLines,
        landable: u64,
        movers: &impl Movers,
        from_fields: u64,
        emit: &mut impl Emit,
    ) -> bool {
        let over = lines.over.landable(s, me);
        // (Most often none: then nothing more is read.)
        let from_fields = lines.may_jump(from_fields, over, landable);
        if from_fields == 0 {
            return true;
        }
        let over = if s.continuing.is_some() { unjumped(s, over) } else { over };
        let (jumps, mut n) = (&mut [0; 32], 0);
        for from in fields_of_word(0, from_fields) {
            let Some(kind) = movers.kind(s, from, rule.pieces) else { continue };
            for &line in lines.from(from) {
                if n == jumps.len() {
                    if !emit.emit_packed(rule_id, &jumps[..]) {
                        return false;
                    }
                    n = 0;
                }
                let [at, to, dir, _] = line.to_le_bytes();
                jumps[n] = pack(from, to, dir, kind);
                n += (over >> at & landable >> to & 1) as usize;
            }
        }
        emit.emit_packed(rule_id, &jumps[..n])
    }

    /// Whether move `m` goes on with a chain: it captures, or it is a hop
    /// (a `Jump` with `hop: true`, which captures nothing: Halma's chains).
    pub(in crate::engine) fn goes_on_chain(
        &self,
        s: &State,
        m: Move,
        scratch: &mut Option<crate::engine::scratch::ScratchState>,
    ) -> bool {
        let hops = m.action == Action::Board
            && self.phases[usize::from(s.phase)].rules.get(usize::from(m.rule)).is_some_and(Rule::hops);
        hops || self.captures(s, m, scratch)
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
        let jumpable = at != NO_FIELD && at != from && not_jumped_yet(s, at) && self.eval(over, s, me, at);
        jumpable.then_some(at)
    }
}

/// Whether the piece on `at` (if any) may be jumped in `s`: not where a
/// capture chain is going on and it is marked as jumped already by it
/// (outside a chain a mark means something else: see [`Pending::Huff`]).
#[inline(always)]
fn not_jumped_yet(s: &State, at: FieldId) -> bool {
    s.top(at).is_none_or(|p| !p.mark || s.continuing.is_none())
}

/// The fields of `fields` (0 to 63) whose piece may be jumped ([`not_jumped_yet`]).
#[inline(never)] // (in a chain only)
fn unjumped(s: &State, fields: u64) -> u64 {
    fields_of_word(0, fields).filter(|&f| !not_jumped_yet(s, f)).fold(fields, |w, f| w & !(1 << f))
}

#[cfg(test)]
mod tests {
    use super::super::first_moves;
    use crate::engine::movegen::tests::{same_moves_without, take_motion_plan};

    /// The jumps read from the rule's table per field ([`JumpLines`](crate::program::rules::JumpLines),
    /// issue 48) are those the tight loop over the directions makes: the
    /// moves with the table and with it taken out, along random games of
    /// every shipped variant.
    #[test]
    fn jumps_by_lines_are_the_jumps_by_masks() {
        let positions = same_moves_without(17, |rule| take_motion_plan(rule, |p| p.jump_lines().is_some()));
        assert!(positions > 2_000, "only {positions} positions with jumps by lines");
    }

    /// The fields with a jump found by shifts of words ([`JumpShift`](crate::program::rules::JumpShift))
    /// leave the jumps read from the table as they are: the moves with the
    /// shifts and with them taken out, along random games of every shipped
    /// variant (the draughts games' boards have them).
    #[test]
    fn jumps_found_by_shifts_are_the_jumps_by_lines() {
        use crate::engine::MotionPlan;
        let game = crate::shipped::game("traditional/english-draughts", &crate::Options::new()).expect("compiles");
        let shifts = |rule: &crate::engine::Rule| match &rule.plan.motion {
            MotionPlan::JumpLines(lines) => lines.shifts.is_some(),
            _ => false,
        };
        assert!(game.phases.iter().flat_map(|p| &p.rules).any(shifts), "draughts' jumps by shifts");
        let positions = same_moves_without(19, |rule| match &mut rule.plan.motion {
            MotionPlan::JumpLines(lines) => lines.shifts.take().is_some(),
            _ => false,
        });
        assert!(positions > 2_000, "only {positions} positions with jumps by shifts");
    }

    #[test]
    fn a_jump_goes_over_an_enemy_to_the_empty_field_beyond() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Jump(dirs: ["Diagonal"]), to: Empty)"#,
        );
        assert_eq!(moves, ["a1-c3"]);
    }

    #[test]
    fn a_jump_needs_a_piece_to_go_over() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1"]), On(piece: "Stone", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["Stone"], by: Jump(dirs: ["Orthogonal"]), to: Empty)"#,
        );
        assert_eq!(moves, ["pass"]);
    }

    #[test]
    fn a_hop_goes_over_a_piece_of_either_player() {
        let moves = first_moves(
            r#"On(piece: "Stone", player: Player(1), fields: ["a1", "a2"]), On(piece: "Stone", player: Player(2), fields: ["b1"])"#,
            r#"(pieces: ["Stone"], by: Jump(dirs: ["Orthogonal"], over: Not(Empty), hop: true), to: Empty)"#,
        );
        assert_eq!(moves, ["a1-a3", "a1-c1"]);
    }
}
