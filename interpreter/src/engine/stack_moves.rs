//! Stack moves (issue 45): a rule that carries more than the top piece of a
//! stack (`carry: Stack`, `carry: Top(n)`), and a jump that takes the top
//! piece of a stack it jumps prisoner, under the captor's stack
//! (`on_jumped: Prisoner`). A stack is its top piece's owner's and moves as
//! its top piece's kind; pieces are never created nor lost: the pieces
//! under a captured top stay where they are, the new top deciding whose
//! they are. The compiler's checks are in `compile/stack_moves.rs`.

use super::Rule;
use super::apply::Changes;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::Move;
use crate::piece::{Piece, Player};
use crate::program::Game;
use crate::ruleset::{Carry, OnJumped};
use crate::state::State;

/// The most pieces a field holds (the compiler's bound on a stack limit).
const MOST: usize = 64;

impl Game {
    /// How many pieces a move of `rule` carries from `from`: the top one, the
    /// whole stack, or its top n (fewer where the stack holds fewer).
    pub(in crate::engine) fn carried(&self, rule: &Rule, s: &State, from: FieldId) -> u8 {
        let height = if from == NO_FIELD { 1 } else { s.height(from) };
        match rule.carry {
            Carry::Piece => 1,
            Carry::Stack => height,
            Carry::Top(n) => n.min(height),
        }
    }

    /// How many pieces a move of `rule` from `from` brings onto the field it
    /// ends on: those it carries, and a prisoner it may take on the way (a
    /// flying jump takes at most one a move only where one enemy stands on its
    /// line before it lands).
    pub(in crate::engine) fn arriving(&self, rule: &Rule, s: &State, from: FieldId) -> u8 {
        self.carried(rule, s, from) + u8::from(rule.on_jumped == OnJumped::Prisoner)
    }

    /// [`Game::put_down`]'s board move for a rule that carries more than the
    /// top piece: the pieces carried lifted off `m.from` together, what the
    /// rule takes on `m.to` taken, and the pieces put there in their order
    /// (the rule's changes made to the top one). Where it landed and how
    /// many pieces were captured.
    pub(super) fn put_down_carried(
        &self,
        s: &mut State,
        rule: &Rule,
        m: Move,
        me: Player,
        changes: Changes,
    ) -> (FieldId, u32) {
        let k = usize::from(self.carried(rule, s, m.from)).min(MOST);
        if k == 0 {
            return (NO_FIELD, 0);
        }
        let mut moving = [Piece::new(0, 0); MOST];
        for slot in moving[..k].iter_mut().rev() {
            let Some(p) = s.pop(m.from) else { return (NO_FIELD, 0) };
            *slot = p;
        }
        let captured = self.arrive(s, rule.arrive, m.from, m.to, me);
        if changes == Changes::WhilePutDown {
            rule.effects.iter().for_each(|e| self.change_moved(e, m, &mut moving[k - 1]));
        }
        for &p in &moving[..k] {
            s.push(m.to, p);
        }
        (m.to, captured)
    }

    /// The enemy stacks a jump went over, between `m.from` and `m.to`: the
    /// top piece of each taken prisoner, put under the captor's stack on
    /// `m.to`. How many were taken.
    pub(super) fn take_prisoners(&self, s: &mut State, m: Move, me: Player) -> u32 {
        let mut n = 0;
        let mut at = self.board.neighbour(m.from, m.dir);
        let mut guard = self.board.len();
        while at != NO_FIELD && at != m.to && guard > 0 {
            if s.top(at).is_some_and(|p| p.owner != me)
                && s.height(m.to) < self.fields[usize::from(m.to)].limit
                && let Some(p) = s.pop(at)
            {
                s.push_bottom(m.to, p);
                n += 1;
            }
            at = self.board.neighbour(at, m.dir);
            guard -= 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::program::Game;

    /// A column game on a 3x3 board: the moves of player 1, and the stacks of
    /// b2, c3, a1 and a2 after the first.
    fn after_first(setup: &str, rule: &str) -> (Vec<String>, [String; 4]) {
        let src = format!(
            r#"Ruleset(name: "t", title: "T", players: ["A", "B"], stack_limit: 8,
            board: Grid(cols: 3, rows: 3, links: ["All"]),
            pieces: [(name: "S", letter: 'S')], setup: [{setup}],
            phases: [(name: "p", moves: [{rule}])],
            end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "stuck")])"#
        );
        let game = Game::from_source(&src, "t.ron", &crate::Options::new()).expect("compiles");
        let s = game.initial_state();
        let moves = game.legal_moves(&s);
        let after = game.play(s, moves[0]).expect("plays");
        let field = |name: &str| game.board.field(name).expect("a field");
        let stacks = ["b2", "c3", "a1", "a2"].map(|f| game.stack_text(&after, field(f)));
        (game.move_texts(&moves), stacks)
    }

    #[test]
    fn a_column_moves_whole_and_a_jump_takes_its_top_prisoner() {
        let (moves, after) = after_first(
            r#"On(piece: "S", player: Player(2), fields: ["a1"]), On(piece: "S", player: Player(1), fields: ["a1"]),
               On(piece: "S", player: Player(1), fields: ["b2"]), On(piece: "S", player: Player(2), fields: ["b2"])"#,
            r#"(pieces: ["S"], by: Jump(dirs: ["NE"]), carry: Stack, on_jumped: Prisoner)"#,
        );
        assert_eq!(moves, ["a1-c3"]);
        // The column a1 (B's under A's) lands on c3 with B's top of b2 under it (bottom first: "ssS"); b2 keeps A's piece.
        assert_eq!(after[..2], ["S", "ssS"]);
    }

    #[test]
    fn top_n_leaves_the_rest_of_the_stack() {
        let (moves, after) = after_first(
            r#"On(piece: "S", player: Player(1), fields: ["a1", "a1", "a1"])"#,
            r#"(pieces: ["S"], by: Step(dirs: ["N"]), carry: Top(2))"#,
        );
        assert_eq!(moves, ["a1-a2"]);
        assert_eq!(after[2..], ["S", "SS"]);
    }
}
