//! Where a rule's pieces stand, and their kinds, as the tight loops of the
//! moves by bits read them (`steps_by_bits`, `jumps_by_masks`; a board of up
//! to 64 fields): off the state as the loop goes, for one rule ([`Tops`]), or
//! read once for all the rules of a generation ([`KindsRead`]; issue 48: in
//! the step-and-jump games each rule read every piece's kind again, most of
//! them to skip it), and as words by kind for the rules that go piece by
//! piece ([`FieldsByKind`]; chess's slides, the king's moves).

use crate::board::{FieldId, fields_of_word};
use crate::piece::{KindId, Player};
use crate::state::State;

/// The fields a rule moves from and the kind on each.
pub(in crate::engine) trait Movers {
    /// The player's fields that may hold a piece of one of `kinds` (bits).
    fn fields(&self, kinds: u32) -> u64;
    /// The kind of the piece on `from`, one of [`Movers::fields`]'s, if it is of `kinds`.
    fn kind(&self, s: &State, from: FieldId, kinds: u32) -> Option<KindId>;
}

/// The player's fields (within `only`), each piece's kind read off its
/// stack when the loop comes to it.
pub(in crate::engine) struct Tops(u64);

impl Tops {
    #[inline(always)]
    pub(in crate::engine) fn of(s: &State, me: Player, only: Option<FieldId>) -> Tops {
        Tops(s.topped_first_word(me) & only.map_or(!0, |o| 1 << o))
    }
}

impl Movers for Tops {
    #[inline(always)]
    fn fields(&self, _: u32) -> u64 {
        self.0
    }

    #[inline(always)]
    fn kind(&self, s: &State, from: FieldId, kinds: u32) -> Option<KindId> {
        s.top_kind(from).filter(|&k| kinds & (1 << k) != 0)
    }
}

/// The player's pieces (within `only`) and their kinds, read once.
pub(in crate::engine) struct KindsRead {
    fields: u64,
    /// The kinds among them (bits).
    kinds: u32,
    /// The kind on each of `fields` (the other entries unread).
    kind_at: [KindId; 64],
}

impl KindsRead {
    #[inline(always)]
    pub(in crate::engine) fn of(s: &State, me: Player, only: Option<FieldId>) -> KindsRead {
        let mut read = KindsRead { fields: 0, kinds: 0, kind_at: [0; 64] };
        for from in fields_of_word(0, Tops::of(s, me, only).0) {
            if let Some(kind) = s.top_kind(from) {
                read.fields |= 1 << from;
                read.kinds |= 1 << kind;
                read.kind_at[usize::from(from) & 63] = kind;
            }
        }
        read
    }
}

impl KindsRead {
    /// The kind on `from`, one of the fields read.
    #[inline(always)]
    pub(in crate::engine) fn kind_of(&self, from: FieldId) -> KindId {
        self.kind_at[usize::from(from) & 63]
    }
}

impl Movers for KindsRead {
    #[inline(always)]
    fn fields(&self, kinds: u32) -> u64 {
        if self.kinds & !kinds == 0 {
            // (Every piece is of the kinds, or there is none.)
            return self.fields;
        }
        if self.kinds & kinds == 0 {
            return 0;
        }
        // (Without a branch on each piece's kind: in the draughts games, men
        // and kings mixed, it was mispredicted about once a ply.)
        fields_of_word(0, self.fields)
            .fold(0, |w, f| w | u64::from(kinds >> self.kind_at[usize::from(f) & 63] & 1) << f)
    }

    #[inline(always)]
    fn kind(&self, _: &State, from: FieldId, _: u32) -> Option<KindId> {
        Some(self.kind_of(from))
    }
}

/// The player's fields 0 to 63 by the kind of the piece on top, read once a
/// generation for the rules that go piece by piece (`each_piece_moves`): a
/// rule visits its own kinds' pieces, not every piece to skip most of them.
pub(in crate::engine) struct FieldsByKind([u64; 32]);

impl FieldsByKind {
    #[inline(always)]
    pub(in crate::engine) fn of(s: &State, me: Player) -> FieldsByKind {
        let mut by_kind = [0u64; 32];
        for from in fields_of_word(0, s.topped_first_word(me)) {
            if let Some(kind) = s.top_kind(from) {
                by_kind[usize::from(kind) & 31] |= 1 << from;
            }
        }
        FieldsByKind(by_kind)
    }

    /// The fields with a piece of one of `kinds` (bits) on top.
    #[inline(always)]
    pub(in crate::engine) fn fields(&self, kinds: u32) -> u64 {
        let (mut word, mut left) = (0, kinds);
        while left != 0 {
            word |= self.0[left.trailing_zeros() as usize];
            left &= left - 1;
        }
        word
    }
}
