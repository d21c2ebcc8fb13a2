//! What the walking motions (`Walk`, `Enter`, `Exit`) share: the walks'
//! pass set for a generation, and the ends of a walk along its paths or by
//! a search of the board.

use super::super::Doubling;
use super::super::scratch::{Pooled, ScratchState, scratch_fields};
use super::super::{Cond, Landing, Rule, Walk};
use crate::board::{FieldId, FieldSet, NO_FIELD, fields_of_word};
use crate::piece::Player;
use crate::program::Game;
use crate::program::rules::{PlannedWalk, TopWords};
use crate::state::State;

impl Game {
    /// The fields of a board of up to 64 fields where `pass` holds for player `me`, as a word.
    #[inline(never)]
    pub(in crate::engine) fn pass_word(&self, s: &State, me: Player, pass: &Cond) -> u64 {
        // Without a branch per field: whether a field passes is as good as random.
        self.board.fields().fold(0, |w, f| w | u64::from(self.eval(pass, s, me, f)) << f)
    }

    /// Calls `visit` with each field a walk of `n` steps from `start` can end
    /// on (no link used twice; every field passed over in `pass`), each once,
    /// in field order, until it returns false; returns false if stopped. With
    /// `Doubling::Doubles`, a walk that ends on a doubling field goes on as far again.
    pub(in crate::engine) fn walk_ends(
        &self,
        pass: &FieldSet,
        walk: PlannedWalk,
        start: FieldId,
        n: u8,
        double: Doubling,
        visit: &mut impl FnMut(FieldId) -> bool,
    ) -> bool {
        // Where the paths were worked out before play, a scan of them finds the same ends.
        if let Some((paths, k)) = walk.paths.and_then(|p| Some((p, p.key(start, n, double)?))) {
            return fields_of_word(0, paths.ends(k, pass.first_word())).all(visit);
        }
        self.search_walk_ends(pass, walk.walk, start, n, double, visit)
    }

    /// [`Game::walk_ends`] by searching the board: for walks whose paths were not worked out.
    pub(in crate::engine) fn search_walk_ends(
        &self,
        pass: &FieldSet,
        walk: &Walk,
        start: FieldId,
        n: u8,
        double: Doubling,
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
        Search { game: self, walk, n, double: double == Doubling::Doubles, pass, used, depth: 0, ends: &mut ends }
            .go(start, n, None, false);
        ends.iter().all(visit)
    }
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
    pub(in crate::engine) word: u64,
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
    pub(in crate::engine) fn reset(&mut self, game: &Game, s: &State, me: Player, pass: &Cond, mask: Option<u8>) {
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
    pub(in crate::engine) fn tops(&mut self, game: &Game, s: &State, me: Player) -> &TopWords {
        self.tops.get_or_insert_with(|| game.top_words(s, me))
    }

    /// The pass set as a set, made from the word where there is none yet.
    pub(in crate::engine) fn set(&mut self, game: &Game) -> &mut FieldSet {
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
    pub(in crate::engine) fn of<'w>(
        walks: &'w mut Option<Walking>,
        game: &Game,
        s: &State,
        me: Player,
        pass: &Cond,
    ) -> &'w mut Walking {
        let mask = pass.tops_mask();
        // (A new one has no mask: it is made.)
        let walking = walks.get_or_insert_with(Walking::default);
        if mask.is_none() || walking.mask != mask {
            walking.reset(game, s, me, pass, mask);
        }
        walking
    }

    /// The scratch state, a copy of `s` (the generation's state).
    pub(in crate::engine) fn scratch(&mut self, s: &State) -> &mut State {
        self.scratch.get_or_insert_with(|| ScratchState::of(s))
    }

    /// Whether the piece on `origin` may land there again, on what it
    /// uncovers, under `rule`.
    pub(in crate::engine) fn lands_lifted(
        &mut self,
        game: &Game,
        rule: &Rule,
        s: &State,
        me: Player,
        origin: FieldId,
    ) -> bool {
        if let (true, Some(mask)) = (s.height(origin) <= 1, rule.to.tops_mask()) {
            // A piece alone on its field leaves it empty.
            return game.fields[usize::from(origin)].limit > 0 && mask & Cond::EMPTY != 0;
        }
        if let Landing::Stacks { masks, .. } = &rule.plan.landing {
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
    pub(in crate::engine) fn with_origin_lifted(
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
mod tests;
