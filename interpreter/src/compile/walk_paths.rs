//! Working out a walk's paths before play ([`WalkPaths`]): the same search
//! the engine would run at every move, run once per start field and number of
//! steps on the empty board, keeping for each path the fields it must pass;
//! and from them the paths of entries and exits.

use super::walk_cost::Leg;
use crate::board::{Board, FieldId, FieldSet, NO_FIELD};
use crate::program::FieldProps;
use crate::program::rules::{Doubling, Known, PathEnd, Walk, WalkPaths};

/// Walks of more steps than this are searched at play.
const MOST_STEPS: u8 = 8;
/// Paths kept for one walk at most (about 24 bytes each); beyond, the walk is searched at play.
const MOST_PATHS: usize = 1 << 18;
/// Paths kept for all the walks of a game at most (some 48 MiB; 500 rules
/// that walk 8 steps took 2.8 GB); the walks past it are searched at play.
pub(crate) const MOST_PATHS_IN_ALL: usize = 1 << 21;

/// `p` without the fields whose passing is `known`, `None` where it is
/// never open, or (where the scan tells the ends) ends where nothing lands.
fn simplify(known: &Known, p: PathEnd, reach: Reach) -> Option<PathEnd> {
    let never = p.need() & known.block != 0 || p.need_not() & known.pass != 0;
    let dead = reach == Reach::Ends && known.dead >> p.end & 1 != 0;
    if never || dead {
        return None;
    }
    PathEnd::new(p.need() & !known.pass, p.need_not() & !known.block, p.end)
}

/// The paths of `walk` on `board`, or `None` where the board has more than
/// 64 fields or the paths are too many to keep: more than [`MOST_PATHS`], or
/// than the `room` left for the game's walks (which they take from it).
/// Simplified by what is `known` of its fields.
pub(crate) fn walk_paths(
    board: &Board,
    fields: &[FieldProps],
    walk: &Walk,
    known: &Known,
    room: &mut usize,
) -> Option<WalkPaths> {
    if board.len() > 64 {
        return None;
    }
    let most = MOST_PATHS.min(*room);
    let mut out = WalkPaths::new(MOST_STEPS);
    let mut used = vec![0u64; board.undirected_links().div_ceil(64)];
    let mut comparisons = 0;
    for start in board.fields() {
        for n in 0..=MOST_STEPS {
            for double in [false, true] {
                let first = out.paths.len();
                let mut search =
                    Search { board, fields, walk, n, double, used: &mut used, depth: 0, most, out: &mut out.paths };
                if !search.go(start, n, None, Leg::First, 0) {
                    return None;
                }
                keep_minimal(&mut out.paths, first, (Reach::Ends, known), &mut comparisons, COMPARISONS_PER_PATH);
                out.index.push(out.paths.len() as u32);
            }
        }
    }
    *room -= out.paths.len();
    Some(out.with_blocks(board.len()))
}

/// The paths of an exit through the fields `via` (see [`walk_paths`] for
/// `paths`): those of the walk that end on one of them, the end itself to
/// be passed too where the walk takes a step (the exit leaves over it). A
/// piece may leave exactly where one of them is open, wherever it ends, so
/// only the paths no other one makes needless are kept. The same index.
pub(crate) fn exit_paths(paths: &WalkPaths, via: &FieldSet, known: &Known, fields: usize) -> WalkPaths {
    let mut exits = WalkPaths::new(paths.most);
    let mut comparisons = 0;
    for (k, range) in paths.index.windows(2).enumerate() {
        let steps = k / 2 % (usize::from(paths.most) + 1);
        let first = exits.paths.len();
        let ending = paths.paths[range[0] as usize..range[1] as usize].iter().filter(|p| via.contains(p.end));
        exits.paths.extend(ending.filter_map(|&p| if steps > 0 { p.needing(1 << p.end) } else { Some(p) }));
        keep_minimal(&mut exits.paths, first, (Reach::Any, known), &mut comparisons, COMPARISONS_PER_PATH);
        exits.index.push(exits.paths.len() as u32);
    }
    exits.with_blocks(fields)
}

/// The paths in by any of the fields `via`, for every number of steps (the
/// field entered on counts as the first), up to one more than `paths` walks:
/// an entry of `steps` may end where one of `of(0, steps, true)` is open, the
/// field entered on passed over where the walk goes on from it. `None` where
/// the walk's paths do not reach so far.
pub(crate) fn entry_paths(paths: &WalkPaths, via: &FieldSet, known: &Known, fields: usize) -> Option<WalkPaths> {
    let most = paths.most.checked_add(1)?;
    let mut entries = WalkPaths::new(most);
    let mut comparisons = 0;
    for steps in 0..=most {
        // None that does not double, then those that do.
        entries.index.push(entries.paths.len() as u32);
        let first = entries.paths.len();
        for f in via.iter().filter(|_| steps > 0) {
            if steps == 1 {
                entries.paths.extend(PathEnd::new(0, 0, f));
            } else {
                let walked = paths.of(f, steps - 1, Doubling::Doubles)?;
                entries.paths.extend(walked.iter().filter_map(|&p| p.needing(1 << f)));
            }
        }
        keep_minimal(&mut entries.paths, first, (Reach::Ends, known), &mut comparisons, COMPARISONS_PER_PATH);
        entries.index.push(entries.paths.len() as u32);
    }
    Some(entries.with_blocks(fields))
}

/// What a scan of a list of paths must still tell once needless paths are dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Which ends an open path reaches (a walk, an entry).
    Ends,
    /// Whether any path is open (an exit).
    Any,
}

/// Comparisons of paths allowed per path of a list, in dropping the needless
/// ones: bounded by the work of finding them. Past the allowance, the rest
/// are kept: a needless path kept costs time at play, never a wrong answer.
const COMPARISONS_PER_PATH: usize = 64;

/// Simplifies each of `paths[first..]` by what is `known` (see [`Known`]),
/// and drops each that another makes needless: a path that
/// needs no field passable that this one does not, and no field not passable
/// that this one does not, is open wherever this one is; for [`Reach::Ends`]
/// it must end on the same field. Of equal paths the first is kept. What a
/// scan tells (`reach`) stays the same for every pass set. The list comes
/// out with the paths that need fewer fields first (where a scan stops at
/// the first open one, as an exit's tested path by path does, it stops
/// sooner). `comparisons` is the allowance left from earlier lists, to which
/// this one adds `per_path` for each of its paths.
fn keep_minimal(
    paths: &mut Vec<PathEnd>,
    first: usize,
    (reach, known): (Reach, &Known),
    comparisons: &mut usize,
    per_path: usize,
) {
    let simplified: Vec<PathEnd> = paths.drain(first..).filter_map(|p| simplify(known, p, reach)).collect();
    paths.extend(simplified);
    let fields = |p: &PathEnd| p.need().count_ones() + p.need_not().count_ones();
    // A path is made needless only by one of no more fields, which a stable
    // sort puts before it; that one is kept, or one that makes it needless is.
    paths[first..].sort_by_key(fields);
    *comparisons += per_path * (paths.len() - first);
    let mut kept = first;
    for i in first..paths.len() {
        let p = paths[i];
        let earlier = &paths[first..kept];
        let needless = *comparisons >= earlier.len()
            && earlier.iter().any(|k| {
                (reach == Reach::Any || k.end == p.end)
                    && k.need() & !p.need() == 0
                    && k.need_not() & !p.need_not() == 0
            });
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
    fn go(&mut self, at: FieldId, left: u8, last: Option<u8>, leg: Leg, need: u64) -> bool {
        if left == 0 {
            let props = self.fields[usize::from(at)];
            // (A walk of no steps goes nowhere, doubled or not.)
            let again = self.double && self.n > 0 && props.double && (leg == Leg::First || self.walk.double_again);
            let bit = 1u64 << at;
            if again && self.depth < 64 {
                // Passable, the doubling field sends the walk on; else it ends there.
                if !self.go(at, self.n, last, Leg::Doubled, need | bit) {
                    return false;
                }
                // (One that passed over the doubling field before is never open.)
                self.out.extend(PathEnd::new(need, bit, at));
            } else {
                self.out.extend(PathEnd::new(need, 0, at));
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
            let go_on = self.go(next, left - 1, Some(d), leg, need);
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

    use super::Reach;
    use crate::program::rules::Known;
    use crate::program::rules::{Motion, PathEnd};
    use crate::{Options, shipped};

    /// The ends of the open paths, as a word, and whether any is open.
    fn scan(paths: &[PathEnd], pass: u64) -> (u64, bool) {
        let open = paths.iter().filter(|p| p.open(pass));
        (open.clone().fold(0, |ends, p| ends | 1 << p.end), open.count() > 0)
    }

    /// Random lists over a few fields, so that many paths are needless,
    /// each after a first list, as in a walk's table.
    fn random_lists(seed: u64) -> impl Iterator<Item = (Vec<PathEnd>, Vec<PathEnd>)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..300).map(move |_| {
            let len = rng.random_range(1..40);
            let paths: Vec<PathEnd> = (0..len)
                .filter_map(|_| {
                    let need = rng.random::<u64>() & rng.random::<u64>() & 0x3f;
                    let need_not = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & 0x3f & !need;
                    PathEnd::new(need, need_not, rng.random_range(0..6))
                })
                .collect();
            let mut kept: Vec<PathEnd> = PathEnd::new(1, 0, 9).into_iter().collect();
            kept.extend(&paths);
            (paths, kept)
        })
    }

    /// Keeping only the minimal paths of a list leaves the ends a scan finds
    /// (a walk's, an entry's) or whether any path is open (an exit's) as they
    /// were, for every pass set, and drops many; the earlier list is left alone.
    #[test]
    fn keeping_the_minimal_paths_changes_no_scan() {
        for reach in [Reach::Ends, Reach::Any] {
            let (mut before, mut after) = (0, 0);
            for (paths, mut kept) in random_lists(3) {
                let mut comparisons = 0;
                super::keep_minimal(
                    &mut kept,
                    1,
                    (reach, &Known::default()),
                    &mut comparisons,
                    super::COMPARISONS_PER_PATH,
                );
                (before, after) = (before + paths.len(), after + kept.len() - 1);
                assert_eq!(kept[0].end, 9, "the earlier list is left alone");
                for pass in 0..64u64 {
                    let (ends, any) = scan(&kept[1..], pass);
                    match reach {
                        Reach::Ends => assert_eq!((ends, any), scan(&paths, pass), "{paths:?}, pass {pass:#b}"),
                        Reach::Any => assert_eq!(any, scan(&paths, pass).1, "{paths:?}, pass {pass:#b}"),
                    }
                }
                // No kept path makes another needless.
                for (i, p) in kept[1..].iter().enumerate() {
                    let needless = kept[1..].iter().enumerate().any(|(j, k)| {
                        j != i
                            && (reach == Reach::Any || k.end == p.end)
                            && k.need() & !p.need() == 0
                            && k.need_not() & !p.need_not() == 0
                    });
                    assert!(!needless, "{reach:?}: {p:?} kept in {kept:?}");
                }
            }
            // Bounds above what these lists keep, so that a change that keeps
            // more paths than it should is seen.
            let most = if reach == Reach::Ends { 7 } else { 3 };
            assert!(after * 10 < before * most, "{reach:?}: {before} paths, {after} kept");
        }
    }

    /// What is known of the fields leaves what a scan finds where it holds
    /// (every field known to pass passes, none known to block does), but the
    /// ends where nothing lands (where the ends are what a scan tells).
    #[test]
    fn what_is_known_of_the_fields_changes_no_scan_where_it_holds() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut dropped = 0;
        for (reach, (paths, _)) in [Reach::Ends, Reach::Any].into_iter().cycle().zip(random_lists(7)) {
            let (pass, dead) = (rng.random::<u64>() & 0x3f & rng.random::<u64>(), rng.random::<u64>() & 0x3f);
            let known = Known { pass, block: rng.random::<u64>() & 0x3f & !pass & rng.random::<u64>(), dead };
            let mut kept = paths.clone();
            super::keep_minimal(&mut kept, 0, (reach, &known), &mut 0, super::COMPARISONS_PER_PATH);
            dropped += paths.len() - kept.len();
            for open in (0..64u64).filter(|p| p & known.pass == known.pass && p & known.block == 0) {
                let ((ends, any), (was_ends, was_any)) = (scan(&kept, open), scan(&paths, open));
                match reach {
                    Reach::Ends => assert_eq!(ends, was_ends & !dead, "{paths:?} {known:?}, pass {open:#b}"),
                    Reach::Any => assert_eq!(any, was_any, "{paths:?} {known:?}, pass {open:#b}"),
                }
            }
        }
        assert!(dropped > 1_000, "only {dropped} paths dropped");
    }

    /// Seneti's rosettes take no piece: a walk always passes them (they are
    /// empty, and it passes empty fields) and never ends on one; an exit's
    /// walk may. Nothing else is known of its fields.
    #[test]
    fn a_field_that_takes_no_piece_is_known_to_be_empty() {
        let game = shipped::game("seneti", &Options::new()).expect("compiles");
        let rosettes = game.board.fields().filter(|&f| game.fields[usize::from(f)].limit == 0);
        let rosettes = rosettes.fold(0u64, |w, f| w | 1 << f);
        assert_eq!(rosettes.count_ones(), 5);
        let pass = game.phases.iter().flat_map(|p| &p.rules).find_map(|r| match &r.motion {
            Motion::Walk { walk, .. } => Some(walk.pass.clone()),
            _ => None,
        });
        let pass = pass.expect("Seneti walks");
        assert_eq!(game.known_of_walk(&pass, true), Known { pass: rosettes, block: 0, dead: rosettes });
        assert_eq!(game.known_of_walk(&pass, false), Known { pass: rosettes, block: 0, dead: 0 });
    }

    /// Past its allowance of comparisons, a list keeps its paths: as many
    /// as it had, and the same ones.
    #[test]
    fn past_the_allowance_of_comparisons_paths_are_kept() {
        let mut dropped = 0;
        for (paths, _) in random_lists(4).take(50) {
            let (mut some, mut none) = (paths.clone(), paths.clone());
            super::keep_minimal(&mut some, 0, (Reach::Ends, &Known::default()), &mut 0, super::COMPARISONS_PER_PATH);
            super::keep_minimal(&mut none, 0, (Reach::Ends, &Known::default()), &mut 0, 0);
            assert_eq!(none.len(), paths.len(), "every path kept");
            assert!(paths.iter().all(|p| none.contains(p)));
            dropped += paths.len() - some.len();
        }
        assert!(dropped > 100, "with an allowance, {dropped} paths dropped");
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
        let kept =
            super::walk_paths(&game.board, &game.fields, walk, &Known::default(), &mut room).expect("fits").paths.len();
        assert!(kept > 1000 && room == super::MOST_PATHS_IN_ALL - kept, "{kept} paths");
        let mut room = kept - 1;
        assert!(super::walk_paths(&game.board, &game.fields, walk, &Known::default(), &mut room).is_none());
        assert_eq!(room, kept - 1, "nothing taken by a walk that does not fit");
    }
}
