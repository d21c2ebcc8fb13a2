//! Working out a walk's paths before play ([`WalkPaths`]): the same search
//! the engine would run at every move, run once per start field and number of
//! steps on the empty board, keeping for each path the fields it must pass.

use crate::board::{Board, FieldId, NO_FIELD};
use crate::program::FieldProps;
use crate::program::rules::{PathEnd, Walk, WalkPaths};

/// Walks of more steps than this are searched at play.
const MOST_STEPS: u8 = 8;
/// Paths kept for one walk at most (about 24 bytes each); beyond, the walk is searched at play.
const MOST_PATHS: usize = 1 << 18;
/// Paths kept for all the walks of a game at most (some 48 MiB; 500 rules
/// that walk 8 steps took 2.8 GB); the walks past it are searched at play.
pub(crate) const MOST_PATHS_IN_ALL: usize = 1 << 21;

/// The paths of `walk` on `board`, or `None` where the board has more than
/// 64 fields or the paths are too many to keep: more than [`MOST_PATHS`], or
/// than the `room` left for the game's walks (which they take from it).
pub(crate) fn walk_paths(board: &Board, fields: &[FieldProps], walk: &Walk, room: &mut usize) -> Option<WalkPaths> {
    if board.len() > 64 {
        return None;
    }
    let most = MOST_PATHS.min(*room);
    let mut out = WalkPaths { index: vec![0], paths: Vec::new(), most: MOST_STEPS };
    let mut used = vec![0u64; board.undirected_links().div_ceil(64)];
    let mut comparisons = 0;
    for start in board.fields() {
        for n in 0..=MOST_STEPS {
            for double in [false, true] {
                let first = out.paths.len();
                let mut search =
                    Search { board, fields, walk, n, double, used: &mut used, depth: 0, most, out: &mut out.paths };
                if !search.go(start, n, None, false, 0) {
                    return None;
                }
                comparisons += COMPARISONS_PER_PATH * (out.paths.len() - first);
                drop_needless(&mut out.paths, first, &mut comparisons);
                out.index.push(out.paths.len() as u32);
            }
        }
    }
    *room -= out.paths.len();
    Some(out)
}

/// Comparisons of paths (each against those kept before it) allowed per
/// path found, in dropping the needless ones of a walk: bounded by the
/// search's own work. Past the allowance, the rest are kept. (Seneti's walk
/// makes 13 a path.)
const COMPARISONS_PER_PATH: usize = 64;

/// Drops each of `paths[first..]` that an earlier one to the same end makes
/// needless: one that needs no field passable that it does not, and no field
/// not passable that it does not, is open wherever it is, and is met first.
/// The ends a scan finds, and their order, stay the same (see `scan_paths`);
/// so does whether any path is open.
fn drop_needless(paths: &mut Vec<PathEnd>, first: usize, comparisons: &mut usize) {
    let mut kept = first;
    for i in first..paths.len() {
        let p = paths[i];
        let earlier = &paths[first..kept];
        let needless = *comparisons >= earlier.len()
            && earlier.iter().any(|k| k.end == p.end && k.need & !p.need == 0 && k.need_not & !p.need_not == 0);
        *comparisons = comparisons.saturating_sub(earlier.len());
        paths[kept] = p;
        kept += usize::from(!needless);
    }
    paths.truncate(kept);
}

/// The engine's walk search (`Game::walk_ends`) with the fields' passability
/// left open: where the engine tests a field, the path notes it.
struct Search<'a> {
    board: &'a Board,
    fields: &'a [FieldProps],
    walk: &'a Walk,
    n: u8,
    double: bool,
    used: &'a mut [u64],
    depth: usize,
    /// The paths kept at most.
    most: usize,
    out: &'a mut Vec<PathEnd>,
}

impl Search<'_> {
    /// False once the paths are too many.
    fn go(&mut self, at: FieldId, left: u8, last: Option<u8>, doubled: bool, need: u64) -> bool {
        if left == 0 {
            let props = self.fields[usize::from(at)];
            // (A walk of no steps goes nowhere, doubled or not.)
            let again = self.double && self.n > 0 && props.double && (!doubled || self.walk.double_again);
            let bit = 1u64 << at;
            if again && self.depth < 64 {
                // Passable, the doubling field sends the walk on; else it ends there.
                if !self.go(at, self.n, last, true, need | bit) {
                    return false;
                }
                self.out.push(PathEnd { need, need_not: bit, end: at });
            } else {
                self.out.push(PathEnd { need, need_not: 0, end: at });
            }
            return self.out.len() <= self.most;
        }
        for &d in &self.walk.dirs {
            if !self.walk.turns && last.is_some_and(|l| l != d) {
                continue;
            }
            let next = self.board.neighbour(at, d);
            if next == NO_FIELD {
                continue;
            }
            let need = if left > 1 { need | 1u64 << next } else { need };
            let link = usize::from(self.board.link_id(at, d));
            let (word, bit) = (link / 64, 1u64 << (link % 64));
            if self.used[word] & bit != 0 {
                continue;
            }
            self.used[word] |= bit;
            self.depth += 1;
            let go_on = self.go(next, left - 1, Some(d), doubled, need);
            self.depth -= 1;
            self.used[word] &= !bit;
            if !go_on {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::board::FieldId;
    use crate::program::rules::{Motion, PathEnd};
    use crate::{Options, shipped};

    /// The ends of the open paths in the order first found, and whether any is open.
    fn scan(paths: &[PathEnd], pass: u64) -> (Vec<FieldId>, bool) {
        let mut ends = Vec::new();
        for p in paths.iter().filter(|p| p.open(pass)) {
            if !ends.contains(&p.end) {
                ends.push(p.end);
            }
        }
        let any = !ends.is_empty();
        (ends, any)
    }

    /// Dropping the needless paths of a list leaves the ends a scan finds,
    /// their order and whether any path is open as they were, for every pass
    /// set; random lists over a few fields, so that many paths are needless.
    #[test]
    fn dropping_needless_paths_changes_no_scan() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut before, mut after) = (0, 0);
        for _ in 0..300 {
            let len = rng.random_range(1..40);
            let paths: Vec<PathEnd> = (0..len)
                .map(|_| PathEnd {
                    need: rng.random::<u64>() & rng.random::<u64>() & 0x3f,
                    need_not: rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & 0x3f,
                    end: rng.random_range(0..6),
                })
                .collect();
            // (After a first list, as in a walk's table.)
            let mut kept = vec![PathEnd { need: 1, need_not: 0, end: 9 }];
            kept.extend(&paths);
            let mut comparisons = super::COMPARISONS_PER_PATH * paths.len();
            super::drop_needless(&mut kept, 1, &mut comparisons);
            (before, after) = (before + paths.len(), after + kept.len() - 1);
            assert_eq!(kept[0].end, 9, "the earlier list is left alone");
            for pass in 0..64u64 {
                assert_eq!(scan(&kept[1..], pass), scan(&paths, pass), "{paths:?}, pass {pass:#b}");
            }
        }
        assert!(after * 20 < before * 17, "{before} paths, {after} kept");
    }

    /// The paths of a game's walks come out of one room: what one walk keeps,
    /// the next cannot, and a walk that does not fit in what is left is
    /// searched at play (no table).
    #[test]
    fn the_walks_of_a_game_share_one_room_for_their_paths() {
        let game = shipped::game("seneti", &Options::new()).expect("compiles");
        let walk = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| match &r.motion {
            Motion::Walk { walk, .. } => Some(walk),
            _ => None,
        });
        let walk = walk.expect("Seneti walks");
        let mut room = super::MOST_PATHS_IN_ALL;
        let kept = super::walk_paths(&game.board, &game.fields, walk, &mut room).expect("fits").paths.len();
        assert!(kept > 1000 && room == super::MOST_PATHS_IN_ALL - kept, "{kept} paths");
        let mut room = kept - 1;
        assert!(super::walk_paths(&game.board, &game.fields, walk, &mut room).is_none());
        assert_eq!(room, kept - 1, "nothing taken by a walk that does not fit");
    }
}
