//! The evaluation's terms for zones: a zone a piece wins by reaching (a
//! goal) and a zone a player wins by filling, with the distances they read.

use crate::board::{FieldId, NO_FIELD};
use crate::engine::{Cond, Motion};
use crate::piece::Player;
use crate::program::Game;
use crate::ruleset::Who;
use crate::state::State;
use std::collections::VecDeque;

/// Links away from the zone (its player's version), for each field; by breadth-first search over all links.
fn distances(game: &Game, zone: u8) -> Vec<Vec<u16>> {
    (0..game.player_count())
        .map(|p| {
            let z = &game.zones[usize::from(zone)];
            let mut dist = vec![u16::MAX; game.board.len()];
            let mut queue: VecDeque<FieldId> = game.board.fields().filter(|&f| z.contains(p, f)).collect();
            queue.iter().for_each(|&f| dist[usize::from(f)] = 0);
            while let Some(f) = queue.pop_front() {
                for (a, b, _) in game.board.links() {
                    for (from, to) in [(a, b), (b, a)] {
                        if from == f && dist[usize::from(to)] == u16::MAX {
                            dist[usize::from(to)] = dist[usize::from(f)] + 1;
                            queue.push_back(to);
                        }
                    }
                }
            }
            dist
        })
        .collect()
}

/// The largest of the distances from which the zone can be reached (at least 1).
fn farthest<'d>(dist: impl Iterator<Item = &'d u16>) -> f64 {
    f64::from(dist.filter(|&&d| d != u16::MAX).copied().max().unwrap_or(0).max(1))
}

/// A zone that n of a player's pieces in it win (`CountIn(Me, zone, n)`):
/// the player's progress is the mean distance of its n nearest pieces to the
/// zone (by the links, as for a goal), and the count already in.
#[derive(Debug, Clone)]
pub(super) struct Fill {
    /// Per player, each field's distance to the player's version of the zone.
    dist: Vec<Vec<u16>>,
    n: u16,
    /// The largest distance from a field to the zone: a piece that far has made no progress.
    far: f64,
}

impl Fill {
    /// Where the player's own pieces can make the count (n at most those it
    /// starts with, board and hand); a count of anyone's pieces that needs
    /// others' too (Oware's seeds in a store) is the stores' term's.
    pub(super) fn new(game: &Game, zone: u8, n: u16) -> Option<Fill> {
        let initial = game.initial_state();
        let own = |p: Player| {
            let hand: u32 = (0..game.kinds.len() as u8).map(|k| u32::from(initial.hand(p, k))).sum();
            initial.on_board(p) + hand
        };
        if n == 0 || (0..game.player_count()).any(|p| u32::from(n) > own(p)) {
            return None;
        }
        let dist = distances(game, zone);
        let far = farthest(dist.iter().flatten());
        Some(Fill { dist, n, far })
    }

    /// 0..1: the n nearest pieces' mean distance (a piece missing, or with
    /// no way to the zone, as far as the farthest field) as three quarters,
    /// the share of the n already in as one quarter (what the end counts).
    pub(super) fn progress(&self, s: &State, p: Player) -> f64 {
        let dist = &self.dist[usize::from(p)];
        let n = usize::from(self.n);
        let of = |f: FieldId| f64::from(dist[usize::from(f)]).min(self.far);
        let (mut count, mut sum, mut inside) = (0usize, 0.0, 0usize);
        for d in s.fields_topped_by(p).map(of) {
            (count, sum, inside) = (count + 1, sum + d, inside + usize::from(d == 0.0));
        }
        if count > n {
            // More pieces than the count needs: the n nearest (kept off the common path).
            let mut near: Vec<f64> = s.fields_topped_by(p).map(of).collect();
            near.select_nth_unstable_by(n - 1, f64::total_cmp);
            (count, sum, inside) = (n, near[..n].iter().sum(), near[..n].iter().filter(|&&d| d == 0.0).count());
        }
        let mean = (sum + (n - count) as f64 * self.far) / n as f64;
        0.75 * (1.0 - mean / self.far) + 0.25 * inside as f64 / n as f64
    }
}

/// A zone that a piece of some kinds wins by reaching (`PieceIn` in an end
/// that makes the same player win).
#[derive(Debug, Clone)]
pub(super) struct Goal {
    /// The one player it wins for, where the end names a player by number
    /// (the tafl games' king, Fox and Hounds' fox); else each player, on
    /// their own version of the zone.
    owner: Option<Player>,
    /// The kinds that win there (a bit set, as the condition reads it).
    kinds: u32,
    /// Per player, each field's distance to the player's version of the zone.
    dist: Vec<Vec<u16>>,
    /// A distance that is no progress. For every player's goal, the board's
    /// size (both sides' terms are read against each other); for one
    /// player's goal, which nothing balances, the farthest a field is from
    /// it and a move more (see [`Goal::new`]), so that a piece as far as any
    /// field can be (the tafl king in the middle, the fox on its first row)
    /// scores 0, not most of a win.
    far: f64,
    /// For one player's goal, per field, the rays the goal's pieces move
    /// along from there (a slide's fields in order, a step's one field):
    /// that goal's distance is counted in those moves, around the pieces in
    /// the way (see [`Goal::closest`]).
    rays: Option<Vec<Vec<Vec<FieldId>>>>,
}

impl Goal {
    /// The goal where `who`'s piece in the zone makes `winner` win, if they
    /// are one player: `Me` and `Me`, or one player by number.
    pub(super) fn new(game: &Game, who: Who, winner: Who, kinds: u32, zone: u8) -> Option<Goal> {
        let owner = match (who, winner) {
            (Who::Me, Who::Me) => None,
            (Who::Player(a), Who::Player(b)) if a == b && a >= 1 => Some(a - 1),
            _ => return None,
        };
        let dist = distances(game, zone);
        // Counted in moves around the pieces in the way, a field of the zone
        // that a piece holds is a move farther: no progress is one more.
        let far = match owner {
            None => game.board.len() as f64,
            Some(o) => farthest(dist[usize::from(o)].iter()) + 1.0,
        };
        let rays = owner.map(|o| goal_rays(game, o, kinds));
        Some(Goal { owner, kinds, dist, far, rays })
    }

    /// How near the player's closest piece of the kinds is to the goal: 1 on
    /// it, 0 far away, and 0 for a player the goal is not for.
    pub(super) fn closest(&self, s: &State, p: Player) -> f64 {
        if self.owner.is_some_and(|o| o != p) {
            return 0.0;
        }
        let dist = &self.dist[usize::from(p)];
        let of_kinds = |f: &FieldId| s.top(*f).is_some_and(|t| self.kinds & (1 << t.kind) != 0);
        let best = match &self.rays {
            Some(rays) => moves_around(s, rays, dist, s.fields_topped_by(p).filter(of_kinds)),
            None => s.fields_topped_by(p).filter(of_kinds).map(|f| dist[usize::from(f)]).min().map(f64::from),
        };
        let best = best.unwrap_or(self.far);
        1.0 - best.min(self.far) / self.far
    }
}

/// Per field, the rays that `owner`'s pieces of `kinds` move along from it:
/// a slide's fields in order as far as it goes, a step's or a leap's target
/// alone. Where their rules move otherwise (jumps, walks), a step along
/// each link, so the distance is at worst the links'.
fn goal_rays(game: &Game, owner: Player, kinds: u32) -> Vec<Vec<Vec<FieldId>>> {
    let mut rays = vec![Vec::new(); game.board.len()];
    let rules = game.phases.iter().flat_map(|phase| &phase.rules);
    let mut read = false;
    for rule in rules.filter(|r| r.pieces & kinds != 0 && r.only_if_for[usize::from(owner)] != Cond::False) {
        for f in game.board.fields() {
            let out: &mut Vec<Vec<FieldId>> = &mut rays[usize::from(f)];
            match &rule.motion {
                Motion::Slide { dirs, max, .. } => {
                    for &d in dirs {
                        let mut ray = Vec::new();
                        let mut at = game.board.neighbour(f, d);
                        while at != NO_FIELD && at != f && ray.len() < usize::from(*max) && !ray.contains(&at) {
                            ray.push(at);
                            at = game.board.neighbour(at, d);
                        }
                        out.push(ray);
                    }
                }
                Motion::Step(reach) | Motion::Leap(reach) => out.extend(reach.from(f).iter().map(|&(to, _)| vec![to])),
                _ => continue,
            }
            read = true;
        }
    }
    if !read {
        for (a, b, _) in game.board.links() {
            rays[usize::from(a)].push(vec![b]);
            rays[usize::from(b)].push(vec![a]);
        }
    }
    for out in &mut rays {
        out.retain(|ray| !ray.is_empty());
        out.sort();
        out.dedup();
    }
    rays
}

/// The moves from the nearest of `from` to an empty field of the zone (a
/// field at `dist` 0), along `rays` through empty fields only, if there is
/// such a way, less half a move where a field on the way opens onto two
/// fields of the zone or more (one move of the others closes one lane, not
/// two); a field of the zone with a piece on it counts a move more (the
/// hounds' row, open once they go). Where one player's piece must reach a
/// zone, the others' play is to close its way (the tafl attackers round the
/// king, the hounds before the fox): counted this way, an open lane to the
/// zone is one move, a closed way is no progress, and a longer way round is
/// less, where the links alone see none of it.
fn moves_around(
    s: &State,
    rays: &[Vec<Vec<FieldId>>],
    dist: &[u16],
    from: impl Iterator<Item = FieldId>,
) -> Option<f64> {
    // On the stack where the board is small (an evaluation is made at every node of a search).
    const SMALL: usize = 256;
    let n = rays.len();
    if n <= SMALL {
        let (mut steps, mut queue) = ([u16::MAX; SMALL], [NO_FIELD; SMALL]);
        search_around(s, rays, dist, from, &mut steps[..n], &mut queue[..n])
    } else {
        search_around(s, rays, dist, from, &mut vec![u16::MAX; n], &mut vec![NO_FIELD; n])
    }
}

/// [`moves_around`]'s breadth-first search, with its moves per field and
/// its queue (each field enters once) as the caller keeps them.
fn search_around(
    s: &State,
    rays: &[Vec<Vec<FieldId>>],
    dist: &[u16],
    from: impl Iterator<Item = FieldId>,
    steps: &mut [u16],
    queue: &mut [FieldId],
) -> Option<f64> {
    let (mut head, mut tail) = (0, 0);
    for f in from {
        if dist[usize::from(f)] == 0 {
            return Some(0.0);
        }
        steps[usize::from(f)] = 0;
        queue[tail] = f;
        tail += 1;
    }
    // The layer that first reaches the zone, and the most lanes into it from one field of the layer before.
    let (mut found, mut lanes) = (u16::MAX, 0);
    // A field of the zone another piece holds: a move more, for that piece to go first.
    let mut held = u16::MAX;
    while head < tail {
        let f = queue[head];
        head += 1;
        let next = steps[usize::from(f)] + 1;
        if next > found {
            break;
        }
        let mut open = 0;
        for ray in &rays[usize::from(f)] {
            for &to in ray {
                let zone = dist[usize::from(to)] == 0;
                if s.top(to).is_some() {
                    if zone {
                        held = held.min(next + 1);
                    }
                    break;
                }
                if zone {
                    open += 1;
                } else if steps[usize::from(to)] == u16::MAX {
                    steps[usize::from(to)] = next;
                    queue[tail] = to;
                    tail += 1;
                }
            }
        }
        if open > 0 {
            (found, lanes) = (next, lanes.max(open));
        }
    }
    let open = (found != u16::MAX).then(|| f64::from(found) - if lanes > 1 { 0.5 } else { 0.0 });
    let held = (held != u16::MAX).then_some(f64::from(held));
    open.into_iter().chain(held).reduce(f64::min)
}
