//! Lowering state conditions flat (issue 48; see `program/flat.rs`): the
//! game's end conditions per moment and per player, each a [`Flat`] test.

use crate::piece::Player;
use crate::program::flat::{Atom, Flat, FlatEnds, Term};
use crate::program::{Cond, Game};
use crate::ruleset::{When, Who};

impl Game {
    /// The game's ends lowered flat for every player (see [`FlatEnds`]).
    pub(super) fn flat_ends(&self) -> FlatEnds {
        let per_player = |at: When| -> Vec<Box<[(u16, Flat)]>> {
            (0..self.player_count())
                .map(|me| {
                    let ends = self.ends.iter().enumerate().filter(|(_, e)| e.at == at);
                    ends.map(|(i, e)| (i as u16, self.lower_flat(&e.test, me))).collect()
                })
                .collect()
        };
        FlatEnds { after_move: per_player(When::AfterMove), start_of_turn: per_player(When::StartOfTurn) }
    }

    /// `t`, a state condition, lowered flat for player `me`.
    fn lower_flat(&self, t: &Cond, me: Player) -> Flat {
        let terms = |ts: &[Cond], not: bool| -> Box<[Term]> { ts.iter().map(|t| self.term(t, me, not)).collect() };
        match t {
            Cond::True => Flat::All(Box::new([])),
            Cond::False => Flat::Any(Box::new([])),
            Cond::All(ts) => Flat::All(terms(ts, false)),
            Cond::Any(ts) => Flat::Any(terms(ts, false)),
            // Not(All(a, b)) is Any(not a, not b), and the other way round.
            Cond::Not(inner) => match &**inner {
                Cond::All(ts) => Flat::Any(terms(ts, true)),
                Cond::Any(ts) => Flat::All(terms(ts, true)),
                _ => Flat::One(self.term(t, me, false)),
            },
            _ => Flat::One(self.term(t, me, false)),
        }
    }

    /// `t` (negated with `not`) as one term for `me`: an atom where it is
    /// one of the common shapes, else the tree.
    fn term(&self, t: &Cond, me: Player, not: bool) -> Term {
        if let Cond::Not(inner) = t {
            return self.term(inner, me, !not);
        }
        let atom = self.atom(t, me).unwrap_or_else(|| Atom::Tree(t.clone()));
        Term { atom, not }
    }

    /// `t` as an atom for `me`, where it is one of the common shapes and the
    /// player it names is known from `me` alone.
    fn atom(&self, t: &Cond, me: Player) -> Option<Atom> {
        let p = |w: Who| self.named_player(w, me);
        Some(match t {
            Cond::Phase(n) => Atom::Phase(*n),
            Cond::NoMoves => Atom::NoMoves,
            Cond::LimitReached => Atom::LimitReached,
            Cond::OnBoard(w, n) => Atom::OnBoard(p(*w)?, *n),
            Cond::NoPieces(w) => Atom::NoPieces(p(*w)?),
            Cond::HandEmpty(w) => Atom::HandEmpty(p(*w)?),
            Cond::PieceOnBoard(w, kinds) => Atom::PieceOnBoard(p(*w)?, *kinds),
            Cond::PieceIn(w, kinds, zone) => {
                let p = p(*w)?;
                match self.zones.get(usize::from(*zone)) {
                    Some(z) if self.board.len() <= 64 => {
                        Atom::PieceInWord(p, *kinds, z.members[usize::from(p)].first_word())
                    }
                    _ => Atom::PieceIn(p, *kinds, *zone),
                }
            }
            Cond::CountIn(w, zone, n) => Atom::CountIn(p(*w)?, *zone, *n),
            Cond::Counter(c) => Atom::Counter(u16::try_from(c.slot.of(p(c.who)?)).ok()?, *c),
            Cond::MovedLineMasks(lines) => Atom::MovedLine(lines.clone()),
            _ => return None,
        })
    }

    /// The one player `w` names seen from `me`, where `me` alone decides it
    /// (as `engine::cond::who` and `Game::holds` read it): not the starter,
    /// which the state says, nor "any"/"every" opponent where there are several.
    fn named_player(&self, w: Who, me: Player) -> Option<Player> {
        let players = self.player_count();
        let after = |p: Player| if p + 1 >= players { 0 } else { p + 1 };
        match w {
            Who::Me => Some(me),
            Who::Opponent | Who::Next => Some(after(me)),
            Who::Previous => Some(if me == 0 { players.saturating_sub(1) } else { me - 1 }),
            Who::Player(n) => n.checked_sub(1).filter(|&p| p < players),
            Who::AnyOpponent | Who::EveryOpponent => {
                let team = self.teams[usize::from(me)];
                let mut opponents = (0..players).filter(|&q| self.teams[usize::from(q)] != team);
                match (opponents.next(), opponents.next()) {
                    (Some(only), None) => Some(only),
                    _ => None,
                }
            }
            Who::Starter | Who::NotStarter => None,
        }
    }
}
