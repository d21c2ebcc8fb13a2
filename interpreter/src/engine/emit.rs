//! Where the generator's moves go. Most callers take one move at a time (a
//! closure). The legal moves are written into a list, which takes a walk's
//! moves in one go: how many ends a piece reaches, and whether it may leave,
//! are as good as random, and a branch on them (the last turn of a loop over
//! the ends) is mispredicted nearly every time, some 15 cycles each.

use crate::board::{FieldId, fields_of_word};
use crate::moves::Move;
use crate::piece::KindId;

/// Takes the moves a generator makes; returning false asks it to stop.
pub(crate) trait Emit {
    /// Takes `m`.
    fn emit(&mut self, m: Move) -> bool;

    /// Takes `like` with each field of `ends` (fields 0 to 63) as where it
    /// ends, in field order, as that many calls of [`Emit::emit`] would.
    #[inline]
    fn emit_each_end(&mut self, like: Move, ends: u64) -> bool {
        fields_of_word(0, ends).all(|to| self.emit(Move { to, ..like }))
    }

    /// Takes `m` where `made` holds, as a call of [`Emit::emit`] would.
    #[inline]
    fn emit_if(&mut self, m: Move, made: bool) -> bool {
        !made || self.emit(m)
    }

    /// Takes each of `moves` in order, as that many calls of [`Emit::emit`]
    /// would (the steps a tight loop listed: [`Listed`]).
    #[inline]
    fn emit_all(&mut self, moves: &[Move]) -> bool {
        moves.iter().all(|&m| self.emit(m))
    }

    /// Takes each of `packed`, board moves of rule `rule` packed by
    /// [`pack`], in order, as that many calls of [`Emit::emit`] would.
    #[inline]
    fn emit_packed(&mut self, rule: u8, packed: &[u32]) -> bool {
        packed.iter().all(|&p| self.emit(unpack(rule, p)))
    }
}

/// A board move from `from` to `to` in direction `dir` of a piece of `kind`
/// (a board of up to 256 fields) as one word, for a tight loop's list
/// ([`Emit::emit_packed`]): where most of what is listed is not kept, a
/// word is written for less than a move.
#[inline(always)]
pub(crate) fn pack(from: FieldId, to: u8, dir: u8, kind: KindId) -> u32 {
    u32::from_le_bytes([from as u8, to, dir, kind])
}

/// The move [`pack`] packed, made by rule `rule`.
#[inline(always)]
fn unpack(rule: u8, packed: u32) -> Move {
    let [from, to, dir, kind] = packed.to_le_bytes();
    Move { action: crate::moves::Action::Board, rule, kind, dir, from: FieldId::from(from), to: FieldId::from(to) }
}

/// The moves a tight loop lists before they are taken (`steps_by_bits`),
/// a list its caller lends: as moves, so that a list takes them in one
/// copy ([`Emit::emit_all`]; issue 48: made into moves one at a time and
/// pushed one by one, they were about a quarter of Fox and Hounds'
/// generation).
pub(crate) type Listed = [Move; 32];

/// A list to lend, its entries not read before they are written.
#[inline(always)]
pub(crate) fn listed() -> Listed {
    [Move { action: crate::moves::Action::Board, rule: 0, kind: 0, dir: 0, from: 0, to: 0 }; 32]
}

impl<F: FnMut(Move) -> bool> Emit for F {
    #[inline(always)]
    fn emit(&mut self, m: Move) -> bool {
        self(m)
    }
}

/// Every move, at the end of a list.
pub(crate) struct IntoList<'l>(pub &'l mut Vec<Move>);

impl IntoList<'_> {
    /// How many ends of one move are written without a branch on their number.
    const AT_ONCE: usize = 8;
}

impl Emit for IntoList<'_> {
    #[inline(always)]
    fn emit(&mut self, m: Move) -> bool {
        self.0.push(m);
        true
    }

    /// Writes [`IntoList::AT_ONCE`] moves whatever the number of ends and
    /// keeps as many as there are: no branch on how many.
    #[inline(always)]
    fn emit_each_end(&mut self, like: Move, ends: u64) -> bool {
        let n = ends.count_ones() as usize;
        if n > Self::AT_ONCE {
            fields_of_word(0, ends).for_each(|to| self.0.push(Move { to, ..like }));
            return true;
        }
        let mut moves = [like; Self::AT_ONCE];
        let mut left = ends;
        for m in &mut moves {
            // (Past the last end, the field is 64: a move not kept.)
            m.to = left.trailing_zeros() as FieldId;
            left &= left.wrapping_sub(1);
        }
        let kept = self.0.len() + n;
        self.0.extend_from_slice(&moves);
        self.0.truncate(kept);
        true
    }

    #[inline(always)]
    fn emit_if(&mut self, m: Move, made: bool) -> bool {
        self.0.push(m);
        let kept = self.0.len() - usize::from(!made);
        self.0.truncate(kept);
        true
    }

    #[inline(always)]
    fn emit_all(&mut self, moves: &[Move]) -> bool {
        self.0.extend_from_slice(moves);
        true
    }

    #[inline(always)]
    fn emit_packed(&mut self, rule: u8, packed: &[u32]) -> bool {
        self.0.extend(packed.iter().map(|&p| unpack(rule, p)));
        true
    }
}

/// What a rule emits, and whether it emitted any.
pub(crate) struct Counted<'e, E> {
    pub found: bool,
    pub emit: &'e mut E,
}

impl<E: Emit> Emit for Counted<'_, E> {
    #[inline(always)]
    fn emit(&mut self, m: Move) -> bool {
        self.found = true;
        self.emit.emit(m)
    }

    #[inline(always)]
    fn emit_each_end(&mut self, like: Move, ends: u64) -> bool {
        self.found |= ends != 0;
        self.emit.emit_each_end(like, ends)
    }

    #[inline(always)]
    fn emit_if(&mut self, m: Move, made: bool) -> bool {
        self.found |= made;
        self.emit.emit_if(m, made)
    }

    #[inline(always)]
    fn emit_all(&mut self, moves: &[Move]) -> bool {
        self.found |= !moves.is_empty();
        self.emit.emit_all(moves)
    }

    #[inline(always)]
    fn emit_packed(&mut self, rule: u8, packed: &[u32]) -> bool {
        self.found |= !packed.is_empty();
        self.emit.emit_packed(rule, packed)
    }
}

#[cfg(test)]
mod tests {
    use super::{Counted, Emit, IntoList, pack};
    use crate::moves::{Action, Move};
    use rand::{Rng, SeedableRng};

    /// Moves taken in one go are those taken one by one, in field order,
    /// into a list (of up to eight ends and of more) and through a closure
    /// alike; a move taken where it is made is one move, else none; a count
    /// sees each.
    #[test]
    fn moves_taken_in_one_go_are_the_moves_one_by_one() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let like = Move { from: 3, ..Move::simple(Action::Board) };
        let mut words: Vec<u64> = vec![0, 1, 1 << 63, 0xff, 0x1ff, !0];
        words.extend((0..200).map(|_| rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>()));
        for ends in words {
            let one_by_one: Vec<Move> = (0..64).filter(|f| ends >> f & 1 != 0).map(|to| Move { to, ..like }).collect();
            let mut list = vec![like];
            let mut counted = Counted { found: false, emit: &mut IntoList(&mut list) };
            assert!(counted.emit_each_end(like, ends));
            assert_eq!(counted.found, ends != 0);
            assert_eq!(list[1..], one_by_one[..], "{ends:#x}");
            let mut seen = Vec::new();
            let mut closure = |m| {
                seen.push(m);
                true
            };
            assert!(closure.emit_each_end(like, ends));
            assert_eq!(seen, one_by_one);
        }
        let moves: Vec<Move> = (0..40).map(|to| Move { to, ..like }).collect();
        taken_in_one_go(like, &moves, &moves, |emit, moves| emit.emit_all(moves));
        let like = Move { rule: 3, kind: 2, dir: 5, ..like };
        let moves: Vec<Move> = (0..40).map(|to| Move { to, ..like }).collect();
        let packed: Vec<u32> = moves.iter().map(|m| pack(m.from, m.to as u8, m.dir, m.kind)).collect();
        taken_in_one_go(like, &moves, &packed, |emit, packed| emit.emit_packed(3, packed));
        for made in [false, true] {
            let mut list = vec![like];
            let mut counted = Counted { found: false, emit: &mut IntoList(&mut list) };
            assert!(counted.emit_if(like, made));
            assert_eq!(counted.found, made);
            assert_eq!(list.len(), 1 + usize::from(made));
        }
    }

    /// `take` given the first n of `given` (n = 0, 1, 7, 32, 40) passes
    /// the first n of `moves` to a list through [`Counted`], which says
    /// whether any was, and to a closure that stops at the fifth only
    /// that far, as that many calls of [`Emit::emit`] would.
    fn taken_in_one_go<T>(like: Move, moves: &[Move], given: &[T], take: impl Fn(&mut dyn Emit, &[T]) -> bool) {
        for n in [0, 1, 7, 32, 40] {
            let mut list = vec![like];
            let mut counted = Counted { found: false, emit: &mut IntoList(&mut list) };
            assert!(take(&mut counted, &given[..n]));
            assert_eq!(counted.found, n > 0);
            assert_eq!(list[1..], moves[..n]);
            let mut seen = Vec::new();
            let mut closure = |m| {
                seen.push(m);
                seen.len() < 5
            };
            assert_eq!(take(&mut closure, &given[..n]), n < 5, "stopped at the fifth");
            assert_eq!(seen[..], moves[..n.min(5)]);
        }
    }
}
