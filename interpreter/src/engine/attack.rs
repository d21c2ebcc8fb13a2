//! Attack and royal pieces (issue 45): whether a field is attacked, looked
//! at outward from the field along each capturing motion reversed (the
//! tables of `program/attacks.rs`), never by listing the attacker's moves.
//! A field is attacked by a player where one of the player's rules of the
//! phase would capture on it, were a piece of the other side there: a
//! step's or leap's piece one move away, a slide's at the end of a run of
//! empty fields its `pass` lets it cross, a jump's piece on one side with
//! room to land on the other. The rule's `only_if`, `from` and `to` are
//! read as they are for the attacker's own move.

use super::scratch::ScratchState;
use crate::board::{FieldId, NO_FIELD};
use crate::piece::{Piece, Player};
use crate::program::Game;
use crate::program::attacks::Reversed;
use crate::program::rules::{Motion, Rule};
use crate::state::State;
use std::cell::Cell;

thread_local! {
    /// Whether an attack test is under way: inside it (a rule's `to` that asks
    /// `Attacked` in turn) a field is not attacked, so a test never recurses.
    static TESTING: Cell<bool> = const { Cell::new(false) };
}

impl Game {
    /// `Attacked(by)` on `field`, seen from `me`: by the mover's own rules
    /// (`own`) or by any player not on the mover's team.
    pub(crate) fn attacked(&self, s: &State, me: Player, field: FieldId, own: bool) -> bool {
        if TESTING.with(|t| t.replace(true)) {
            return false;
        }
        let found = if own {
            self.opponents(me).next().is_some_and(|them| self.attacked_by(s, me, them, field))
        } else if let Some(found) = self.attacked_by_plan(s, me, field) {
            // By the royal filter's tables, where the phase has them (engine/royal_safety.rs).
            found
        } else {
            self.opponents(me).any(|p| self.attacked_by(s, p, me, field))
        };
        TESTING.with(|t| t.set(false));
        found
    }

    /// `RoyalAttacked`: a royal piece of `me` stands on a field an enemy attacks.
    pub(crate) fn royal_attacked(&self, s: &State, me: Player) -> bool {
        let royal = self.attacks.royal;
        royal != 0
            && s.fields_topped_by(me)
                .filter(|&f| s.top(f).is_some_and(|p| royal >> p.kind & 1 != 0))
                .any(|f| self.attacked(s, me, f, false))
    }

    /// Whether a rule of `p`'s would capture on `field`, were a piece of `victim`'s there.
    fn attacked_by(&self, s: &State, p: Player, victim: Player, field: FieldId) -> bool {
        if self.fields[usize::from(field)].safe {
            return false;
        }
        let phase = &self.phases[usize::from(s.phase)];
        let Some(attackers) = self.attacks.phases.get(usize::from(s.phase)) else { return false };
        attackers.iter().any(|a| {
            let rule = &phase.rules[usize::from(a.rule)];
            self.eval(&rule.only_if_for[usize::from(p)], s, p, NO_FIELD)
                && match &a.by {
                    Reversed::Table(reach) => reach.from(field).iter().any(|&(g, _)| {
                        self.moves_from(rule, s, p, g) && self.lands_for_attack(rule, s, p, victim, g, field)
                    }),
                    Reversed::Slide => self.slides_onto(rule, s, p, victim, field),
                    Reversed::Jump => self.jumps_over(rule, s, p, field),
                    Reversed::Forward => self.attacks_forward(rule, s, p, victim, field),
                }
        })
    }

    /// Whether `g` holds a piece of `p` that `rule` moves, from where it may move.
    pub(super) fn moves_from(&self, rule: &Rule, s: &State, p: Player, g: FieldId) -> bool {
        s.top(g).is_some_and(|t| t.owner == p && rule.pieces >> t.kind & 1 != 0) && self.eval(&rule.from, s, p, g)
    }

    /// Whether `rule`'s piece on `g` of `p`'s may land on `field`, were a piece of `victim`'s there.
    pub(super) fn lands_for_attack(
        &self,
        rule: &Rule,
        s: &State,
        p: Player,
        victim: Player,
        g: FieldId,
        field: FieldId,
    ) -> bool {
        if s.height(field) > 0 {
            return self.can_land(rule, s, p, g, field);
        }
        // An empty field: as if a piece of the victim's stood there.
        const ENEMY_OPEN: u8 = 1 << 2;
        match rule.to.tops_mask() {
            Some(mask) => mask & ENEMY_OPEN != 0,
            None => {
                // (A scratch copy, as no move allocates.)
                let mut there = ScratchState::of(s);
                there.push(field, Piece::new(0, victim));
                self.can_land(rule, &there, p, g, field)
            }
        }
    }

    /// A slide of `rule`'s ending on `field`: back along each direction over
    /// empty fields (its `pass` holding) to the first piece.
    fn slides_onto(&self, rule: &Rule, s: &State, p: Player, victim: Player, field: FieldId) -> bool {
        let Motion::Slide { dirs, max, pass } = &rule.motion else { return false };
        dirs.iter().any(|&d| {
            let mut at = field;
            for _ in 0..*max {
                at = self.attacks.back(at, d);
                if at == NO_FIELD || at == field {
                    return false;
                }
                if s.height(at) > 0 {
                    return self.moves_from(rule, s, p, at) && self.lands_for_attack(rule, s, p, victim, at, field);
                }
                if !self.eval(pass, s, p, at) {
                    return false;
                }
            }
            false
        })
    }

    /// A jump of `rule`'s over `field`: its piece on one side, room to land on the other.
    fn jumps_over(&self, rule: &Rule, s: &State, p: Player, field: FieldId) -> bool {
        let Motion::Jump { dirs, over, .. } = &rule.motion else { return false };
        s.height(field) > 0
            && self.eval(over, s, p, field)
            && dirs.iter().any(|&d| {
                let (g, land) = (self.attacks.back(field, d), self.board.neighbour(field, d));
                g != NO_FIELD
                    && land != NO_FIELD
                    && s.height(land) == 0
                    && self.moves_from(rule, s, p, g)
                    && self.can_land(rule, s, p, g, land)
            })
    }

    /// Where the board's links do not run back one way: each of `p`'s pieces
    /// that `rule` moves, looked at forwards (a slide onto `field`, or a jump over it).
    fn attacks_forward(&self, rule: &Rule, s: &State, p: Player, victim: Player, field: FieldId) -> bool {
        let (dirs, jump, fly, pass) = match &rule.motion {
            Motion::Slide { dirs, pass, .. } => (dirs, false, true, pass),
            Motion::Jump { hop: true, .. } => return false,
            Motion::Jump { dirs, fly, over, .. } => (dirs, true, *fly, over),
            _ => return false,
        };
        let max = match &rule.motion {
            Motion::Slide { max, .. } => usize::from(*max),
            _ => self.board.len(),
        };
        s.fields_topped_by(p).filter(|&g| self.moves_from(rule, s, p, g)).any(|g| {
            dirs.iter().any(|&d| {
                let mut at = g;
                for _ in 0..max {
                    at = self.board.neighbour(at, d);
                    if at == NO_FIELD || at == g {
                        return false;
                    }
                    if at == field {
                        return if jump {
                            let land = self.board.neighbour(field, d);
                            s.height(field) > 0
                                && self.eval(pass, s, p, field)
                                && land != NO_FIELD
                                && s.height(land) == 0
                                && self.can_land(rule, s, p, g, land)
                        } else {
                            self.lands_for_attack(rule, s, p, victim, g, field)
                        };
                    }
                    if s.height(at) > 0 || !fly || (!jump && !self.eval(pass, s, p, at)) {
                        return false;
                    }
                }
                false
            })
        })
    }
}

#[cfg(test)]
mod tests {
    /// Which of `fields` player 1 sees attacked by an enemy in `board` (a 5 x 5 game
    /// of leaping knights, sliding rooks, and checkers that jump to capture).
    fn attacked(board: &str, fields: &[&str]) -> Vec<bool> {
        let ron = r#"Ruleset(
            name: "attack", title: "Attack", players: ["A", "B"],
            board: Grid(cols: 5, rows: 5, links: ["All"]),
            pieces: [(name: "Knight", letter: 'N'), (name: "Rook", letter: 'R'), (name: "Checker", letter: 'C'),
                (name: "Pawn", letter: 'P')],
            phases: [(name: "play", moves: [
                (pieces: ["Knight"], by: Leap(offsets: [(2, 1)]), to: Not(Own)),
                (pieces: ["Rook"], by: Slide(dirs: ["Orthogonal"]), to: Not(Own)),
                (pieces: ["Checker"], by: Jump(dirs: ["Diagonal"])),
                (pieces: ["Pawn"], by: Step(dirs: ["S"]), to: Empty),
            ])],
            end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "stuck")],
        )"#;
        let game = crate::Game::from_source(ron, "attack.ron", &crate::Options::new()).expect("compiles");
        let s = game.position_from_str(&format!("Position(to_move: 1, board: {{{board}}})"), "p").expect("position");
        fields.iter().map(|f| game.attacked(&s, 0, game.board.field(f).expect("field"), false)).collect()
    }

    #[test]
    fn a_leap_attacks_over_pieces_and_a_slide_up_to_the_first() {
        let board = r#""c3": "n", "a1": "r", "a3": "P""#;
        // The knight on c3: b1, d1, e2, e4, ...; the rook on a1: along row 1 and up to a3.
        assert_eq!(
            attacked(board, &["b1", "e2", "c2", "a2", "a3", "a5", "e1"]),
            [true, true, false, true, true, false, true]
        );
    }

    #[test]
    fn a_jump_attacks_the_field_it_jumps_with_room_beyond() {
        let board = r#""b2": "c", "c3": "P", "e5": "P", "d4": "P""#;
        // The checker on b2 jumps c3 (d4 beyond is taken: no), not an empty field; a pawn's
        // step that captures nothing attacks nothing.
        assert_eq!(attacked(board, &["c3", "a1"]), [false, false]);
        let board = r#""b2": "c", "c3": "P""#;
        assert_eq!(attacked(board, &["c3"]), [true]);
    }
}
