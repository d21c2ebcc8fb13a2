//! Groups of like pieces and their liberties, worked out once for a list of
//! moves (issue 48): where a turn filter asks of each placement whether the
//! stone put down has a liberty after its captures (Go's suicide rule, and
//! any game that captures groups without liberty: Atari Go, Gonnect), each
//! group beside such a placement is searched once for the whole list, and
//! each placement is then answered by the groups beside it, instead of
//! searching them again for every point (`Game::liberty_group`, which
//! stays the definition).

use super::scratch::{Pooled, scratch_numbers};
use crate::board::{FieldId, NO_FIELD};
use crate::program::Game;
use crate::state::State;

/// The number of no group: an empty field's, or one not searched yet.
const NONE: u32 = u32::MAX;
/// No liberty, as the groups' list holds it.
const NO_LIBERTY: u32 = NO_FIELD as u32;

/// The groups of a state: the fields joined along `dirs` whose tops have
/// the same owner (what `Reach`'s `Like` and `CaptureGroups` join), each
/// searched the first time it is asked about, with up to two of its
/// liberties (empty fields beside it): all a question "a liberty other than
/// this field?" needs.
pub(super) struct Groups {
    /// The directions joined, as bits (`None`: a direction's number does
    /// not fit the bits, and no question is answered here).
    dirs: Option<u64>,
    /// Per field, its group's number, or [`NONE`].
    of_field: Pooled<Vec<u32>>,
    /// Per group, two liberties: the first found and another, or [`NO_LIBERTY`].
    liberties: Pooled<Vec<u32>>,
    /// The fields still to visit in a search.
    todo: Pooled<Vec<u32>>,
}

impl Groups {
    /// The groups of a board of `fields` joined along `dirs`, none searched
    /// yet. (Nothing allocated once the scratch pool has grown.)
    pub(super) fn new(fields: usize, dirs: &[u8]) -> Groups {
        let mut of_field = scratch_numbers();
        of_field.resize(fields, NONE);
        Groups { dirs: as_bits(dirs), of_field, liberties: scratch_numbers(), todo: scratch_numbers() }
    }

    /// Whether these are the groups joined along `dirs` (in any order).
    pub(super) fn joined_along(&self, dirs: &[u8]) -> bool {
        self.dirs.is_some() && as_bits(dirs) == self.dirs
    }

    /// Whether the group on the occupied field `at` of `s` has a liberty
    /// other than `but`: `Game::liberty_group` from `at` along `dirs` (those
    /// the groups are [joined along](Groups::joined_along)) with `but`
    /// counted as filled, where `but` is empty (a field no group joins).
    pub(super) fn breathes_besides(
        &mut self,
        (game, s): (&Game, &State),
        dirs: &[u8],
        at: FieldId,
        but: FieldId,
    ) -> bool {
        let group = match self.of_field[usize::from(at)] {
            NONE => self.search(game, s, dirs, at),
            group => group,
        } as usize;
        let (first, other) = (self.liberties[2 * group], self.liberties[2 * group + 1]);
        first != NO_LIBERTY && (first != u32::from(but) || other != NO_LIBERTY)
    }

    /// Numbers the group on the occupied field `start` and finds two of its
    /// liberties: O(its fields x directions). It stops at the second: a
    /// group with two breathes whatever single field is filled. A field of
    /// it not numbered then is searched again if asked, and stops where it
    /// meets the part numbered (a field of its owner numbered otherwise can
    /// only be one: a group searched in full numbers all its fields).
    fn search(&mut self, game: &Game, s: &State, dirs: &[u8], start: FieldId) -> u32 {
        let group = (self.liberties.len() / 2) as u32;
        let owner = s.top_owner_plus_one(start);
        let (mut first, mut other) = (NO_LIBERTY, NO_LIBERTY);
        self.of_field[usize::from(start)] = group;
        self.todo.push(u32::from(start));
        while let Some(f) = self.todo.pop() {
            for &d in dirs {
                let g = game.board.neighbour(f as FieldId, d);
                if g == NO_FIELD {
                    continue;
                }
                match s.top_owner_plus_one(g) {
                    0 => {
                        let g = u32::from(g);
                        if first == NO_LIBERTY {
                            first = g;
                        } else if g != first {
                            // Two liberties answer every question: the
                            // rest of the group, numbered by a search of its own if asked.
                            other = g;
                            self.todo.clear();
                            break;
                        }
                    }
                    o if o == owner => match self.of_field[usize::from(g)] {
                        NONE => {
                            self.of_field[usize::from(g)] = group;
                            self.todo.push(u32::from(g));
                        }
                        // The same group, numbered in part by a search that
                        // stopped at two liberties: so has this one.
                        part if part != group => {
                            let part = part as usize;
                            (first, other) = (self.liberties[2 * part], self.liberties[2 * part + 1]);
                            self.todo.clear();
                            break;
                        }
                        _ => {}
                    },
                    _ => {}
                }
            }
        }
        self.liberties.extend([first, other]);
        group
    }
}

/// `dirs` as a bit set, where each fits one.
fn as_bits(dirs: &[u8]) -> Option<u64> {
    dirs.iter().try_fold(0u64, |bits, &d| (d < 64).then(|| bits | 1 << d))
}
