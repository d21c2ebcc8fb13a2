//! Where the generator's moves go. Most callers take one move at a time (a
//! closure). The legal moves are written into a list, which takes a walk's
//! moves in one go: how many ends a piece reaches, and whether it may leave,
//! are as good as random, and a branch on them (the last turn of a loop over
//! the ends) is mispredicted nearly every time, some 15 cycles each.

use crate::board::{FieldId, fields_of_word};
use crate::moves::Move;

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
}

#[cfg(test)]
mod tests {
    use super::{Counted, Emit, IntoList};
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
        for made in [false, true] {
            let mut list = vec![like];
            let mut counted = Counted { found: false, emit: &mut IntoList(&mut list) };
            assert!(counted.emit_if(like, made));
            assert_eq!(counted.found, made);
            assert_eq!(list.len(), 1 + usize::from(made));
        }
    }
}
