//! The area a player is likely to score where the most area wins
//! (`Ranking::MostArea`, Go's end): the end's own count, with the empty
//! points not yet enclosed given to the player whose pieces are nearest.

use crate::board::{FieldId, NO_FIELD};
use crate::piece::MAX_PLAYERS;
use crate::program::Game;
use crate::state::State;

/// One end scored by area: its directions, and the counter per player added to it.
#[derive(Debug, Clone)]
pub(super) struct Area {
    dirs: Vec<u8>,
    plus: Option<u16>,
}

/// A field no piece reaches (yet) in the search from the pieces.
const FAR: u16 = u16::MAX;

impl Area {
    pub fn new(dirs: u64, plus: Option<u16>) -> Area {
        Area { dirs: (0..64u8).filter(|&d| dirs & 1 << d != 0).collect(), plus }
    }

    /// Each player's estimated score: their pieces, each empty point whose
    /// nearest pieces (counted in steps along the directions, through empty
    /// points) are all theirs, and the counter. Where every empty region is
    /// bordered by one player alone, this is the end's count exactly (every
    /// point of such a region is nearest to that player's pieces); before,
    /// it reads the pieces' reach, as territory estimates in Go programs do
    /// (Zobrist 1969, "A model of visual organization for the game of Go").
    pub fn estimate(&self, game: &Game, s: &State) -> [f64; MAX_PLAYERS] {
        // On the stack where the board is small (an evaluation is made at every
        // node of a search), as `zones::moves_around` keeps its search.
        const SMALL: usize = 256;
        let n = game.board.len();
        let mut score = if n <= SMALL {
            let (mut dist, mut owners, mut queue) = ([FAR; SMALL], [0u32; SMALL], [NO_FIELD; SMALL]);
            self.nearest(game, s, &mut dist[..n], &mut owners[..n], &mut queue[..n])
        } else {
            self.nearest(game, s, &mut vec![FAR; n], &mut vec![0; n], &mut vec![NO_FIELD; n])
        };
        if let Some(first) = self.plus {
            for p in 0..s.players {
                score[usize::from(p)] += f64::from(s.counter(usize::from(first) + usize::from(p)));
            }
        }
        score
    }

    /// Each player's pieces and the empty points nearest to theirs alone: a
    /// search breadth first from every piece at once, where a field's
    /// owners (a bit each) are those of its neighbours one step nearer, with
    /// its steps from the nearest piece and its queue (each field enters
    /// once) as the caller keeps them.
    fn nearest(
        &self,
        game: &Game,
        s: &State,
        dist: &mut [u16],
        owners: &mut [u32],
        queue: &mut [FieldId],
    ) -> [f64; MAX_PLAYERS] {
        let (mut head, mut tail) = (0, 0);
        for f in game.board.fields() {
            if let Some(p) = s.top(f) {
                dist[usize::from(f)] = 0;
                owners[usize::from(f)] = 1 << p.owner.min(31);
                queue[tail] = f;
                tail += 1;
            }
        }
        let mut score = [0.0; MAX_PLAYERS];
        while head < tail {
            let f = queue[head];
            head += 1;
            // Taken from the queue, a field's owners are all known: the fields
            // one step nearer were all taken before it. (A piece counts too.)
            let (d, o) = (dist[usize::from(f)], owners[usize::from(f)]);
            if o.count_ones() == 1 && (o.trailing_zeros() as usize) < MAX_PLAYERS {
                score[o.trailing_zeros() as usize] += 1.0;
            }
            for &dir in &self.dirs {
                let g = game.board.neighbour(f, dir);
                if g == NO_FIELD {
                    continue;
                }
                // A field with a piece is at 0 steps: never reached again, nor given owners.
                let at = usize::from(g);
                if dist[at] == FAR {
                    dist[at] = d + 1;
                    queue[tail] = g;
                    tail += 1;
                }
                if dist[at] == d + 1 {
                    owners[at] |= o;
                }
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::Evaluator;
    use super::*;
    use crate::engine::Ranking;
    use crate::shipped::testing::visit_random_games;
    use crate::{Options, shipped};

    fn go(size: &str) -> (Game, u64, Option<u16>) {
        let options: Options = [("size".to_string(), size.to_string())].into_iter().collect();
        let game = shipped::game("traditional/go", &options).expect("compiles");
        let Some((dirs, plus)) = game.ends.iter().find_map(|e| match e.result {
            Ranking::MostArea { dirs, plus } => Some((dirs, plus)),
            _ => None,
        }) else {
            panic!("Go scores by area");
        };
        (game, dirs, plus)
    }

    /// Where every empty region is bordered by one player alone (the exact
    /// count then gives every field to someone), the estimate is the end's
    /// own count; before, it is at least as large for each player.
    #[test]
    fn settled_the_estimate_is_the_count_the_end_makes() {
        let (game, dirs, plus) = go("5");
        let area = Area::new(dirs, plus);
        let (mut settled, mut open) = (0, 0);
        visit_random_games(&game, 11, 6, |s, _| {
            let exact = game.area_scores(s, dirs, plus);
            let estimate = area.estimate(&game, s);
            let komi: i64 =
                (0..s.players).map(|p| i64::from(s.counter(usize::from(plus.unwrap()) + usize::from(p)))).sum();
            let fields = game.board.len() as i64;
            if exact.iter().sum::<i64>() - komi == fields {
                settled += 1;
                for p in 0..usize::from(s.players) {
                    assert_eq!(estimate[p], exact[p] as f64, "player {p}");
                }
            } else {
                open += 1;
                for p in 0..usize::from(s.players) {
                    assert!(estimate[p] >= exact[p] as f64, "player {p}: {estimate:?} {exact:?}");
                }
            }
        });
        assert!(settled > 0 && open > 0, "settled {settled}, open {open}");
    }

    /// One stone each on an empty board: the stone in the middle reaches more
    /// of it than the one in the corner, which counting stones cannot see.
    #[test]
    fn the_middle_reaches_more_than_the_corner() {
        let (game, ..) = go("9");
        let eval = Evaluator::new(&game);
        let black = |black: &str, white: &str| {
            let text = format!("Position(to_move: 1, board: {{ \"{black}\": \"S\", \"{white}\": \"s\" }})");
            let s = game.position_from_str(&text, "test").unwrap_or_else(|e| panic!("{text}: {e}"));
            eval.evaluate(&game, &s, 0)
        };
        let (middle, corner) = (black("e5", "a1"), black("a1", "e5"));
        assert!(middle > 0.0 && corner < 0.0 && middle > corner, "middle {middle}, corner {corner}");
    }
}
