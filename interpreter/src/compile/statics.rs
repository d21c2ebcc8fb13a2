//! What the board and the player alone decide of a condition (zones, field
//! types, named fields, the player), read without a game: the lowering
//! folds it into each rule and phase as it makes them, and the compiler's
//! later passes ask it through `Game::static_value` and `Game::simplify`.

use super::repeats::{may_share_moves, repeats_itself};
use crate::board::{Board, FieldId};
use crate::piece::Player;
use crate::program::rules::{Repeats, Rule};
use crate::program::{Cond, FieldProps, Zone};

/// The board, its fields' properties and its zones, and the number of
/// players: what decides a condition's parts that read no piece.
#[derive(Clone, Copy)]
pub(crate) struct Statics<'g> {
    pub board: &'g Board,
    pub fields: &'g [FieldProps],
    pub zones: &'g [Zone],
    pub players: u8,
}

impl Statics<'_> {
    /// What `t` says on `field` for `me` in every position: `Some` when that
    /// follows from the board alone (zones, field types, named fields, the
    /// player), `None` when it depends on the pieces.
    pub(crate) fn static_value(&self, t: &Cond, me: Player, field: FieldId) -> Option<bool> {
        match t {
            Cond::True => Some(true),
            Cond::False => Some(false),
            Cond::InZone(z) => self.zones.get(usize::from(*z)).map(|z| z.contains(me, field)),
            Cond::Type(mask) => {
                self.fields.get(usize::from(field)).map(|f| f.ftype.is_some_and(|t| mask & (1 << t) != 0))
            }
            Cond::Fields(set) => Some(set.contains(field)),
            Cond::FieldsFor(sets) => Some(sets.get(usize::from(me)).is_some_and(|set| set.contains(field))),
            Cond::PlayerIs(n) => Some(me + 1 == *n),
            Cond::Not(t) => self.static_value(t, me, field).map(|v| !v),
            // A guard by what tops the field says what the test it guards says.
            Cond::ByTops { rest, .. } => self.static_value(rest, me, field),
            Cond::All(ts) | Cond::Any(ts) => t.decided_by_parts(ts, |t| self.static_value(t, me, field)),
            _ => None,
        }
    }

    /// `t` for `me` on `fields`, with every part that the board alone decides
    /// the same way on all of them replaced by its value.
    pub(crate) fn simplify(&self, t: &Cond, me: Player, fields: &[FieldId]) -> Cond {
        let mut values = fields.iter().map(|&f| self.static_value(t, me, f));
        if let Some(Some(v)) = values.next() {
            if values.all(|x| x == Some(v)) {
                return if v { Cond::True } else { Cond::False };
            }
        }
        match t {
            Cond::All(ts) | Cond::Any(ts) => {
                // A part equal to `neutral` drops out; one equal to `decider` decides.
                let all = matches!(t, Cond::All(_));
                let (neutral, decider) = if all { (Cond::True, Cond::False) } else { (Cond::False, Cond::True) };
                let mut parts: Vec<Cond> =
                    ts.iter().map(|t| self.simplify(t, me, fields)).filter(|p| *p != neutral).collect();
                if parts.contains(&decider) {
                    decider
                } else if parts.len() <= 1 {
                    parts.pop().unwrap_or(neutral)
                } else if all {
                    Cond::All(parts)
                } else {
                    Cond::Any(parts)
                }
            }
            Cond::Not(inner) => Cond::Not(Box::new(self.simplify(inner, me, fields))),
            _ => t.clone(),
        }
    }

    /// Per player, the fields where `to` can hold at all, and `to` as it
    /// reads there (see `Rule::targets`, `Rule::to_on_targets`).
    pub(crate) fn targets(&self, to: &Cond) -> (Vec<Vec<FieldId>>, Vec<Cond>) {
        (0..self.players)
            .map(|me| {
                let targets: Vec<FieldId> =
                    self.board.fields().filter(|&f| self.static_value(to, me, f) != Some(false)).collect();
                let rest = self.simplify(to, me, &targets).compact();
                (targets, rest)
            })
            .unzip()
    }

    /// Per player, `only_if` with the player it names folded in (see `Rule::only_if_for`).
    pub(crate) fn only_if_for(&self, only_if: &Cond) -> Vec<Cond> {
        // A state condition has no field atoms: any field stands for all.
        (0..self.players).map(|me| self.simplify(only_if, me, &[0]).compact()).collect()
    }

    /// Per player, the indices of `rules` that can be theirs, ordinary and
    /// fallback (see `Phase::playable`), and whether two of them may make
    /// one move (see `Phase::repeats`).
    pub(crate) fn playable(&self, rules: &[Rule]) -> (Vec<[Vec<u8>; 2]>, Repeats) {
        let playable: Vec<[Vec<u8>; 2]> = (0..self.players)
            .map(|me| {
                [false, true].map(|fallback| {
                    let mine = |(_, r): &(usize, &Rule)| {
                        r.fallback == fallback && r.only_if_for.get(usize::from(me)) != Some(&Cond::False)
                    };
                    rules.iter().enumerate().filter(mine).map(|(i, _)| i as u8).collect()
                })
            })
            .collect();
        let may_repeat = playable.iter().flatten().any(|mine| {
            mine.iter().enumerate().any(|(i, &a)| {
                let a = &rules[usize::from(a)];
                repeats_itself(self.board, a)
                    || mine[i + 1..].iter().any(|&b| may_share_moves(self.board, a, &rules[usize::from(b)]))
            })
        });
        (playable, if may_repeat { Repeats::Possible } else { Repeats::Impossible })
    }
}
