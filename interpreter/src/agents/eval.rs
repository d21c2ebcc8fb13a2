//! A generic evaluation of a position, read off the ruleset's own end
//! conditions: what the rules say wins is what the evaluation rewards.

use crate::board::NO_FIELD;
use crate::engine::{Cond, Motion, Ranking};
use crate::piece::Player;
use crate::program::Game;
use crate::ruleset::Who;
use crate::state::{Pending, Pool, State};
use area::Area;
use lines::{Lines, straight_lines};
use zones::{Fill, Goal};

mod area;
mod lines;
mod zones;

/// What the evaluation looks at, found in the end conditions that make the
/// player they are about win.
#[derive(Debug, Clone, Default)]
pub struct Evaluator {
    /// Capturing everything wins: count material (board and hand).
    material: bool,
    /// Reaching a zone wins: per goal, whose pieces of which kinds, and how far.
    goals: Vec<Goal>,
    /// Having n of one's pieces in a zone wins (Halma's camp): per such end,
    /// how near the player's pieces are to filling it.
    fills: Vec<Fill>,
    /// Getting rid of one's pieces wins (bearing off): per player, steps left
    /// to the exit per field (along that player's track).
    exit_steps: Option<Vec<Vec<u16>>>,
    /// Having pieces on the board wins (a count or a lead).
    presence: bool,
    /// The most area wins (Go): the area each player would score.
    area: Option<Area>,
    /// Having no move loses: count moves.
    pub(crate) mobility: bool,
    /// Most pieces in a zone (a store) wins: count them, against the total.
    stores: Vec<u8>,
    /// The largest total of piece values, to scale material.
    scale: f64,
    // --- the race games' tempo (issue 46) ---
    /// Per chance device, the steps one throw is worth on average (its
    /// further throws included): see [`Evaluator::tempo`].
    throw_steps: Vec<f64>,
    // Issue 46: the terms only the searching agents use (`Evaluator::for_search`).
    /// A line of n wins: every line of n fields, to count the pieces on each.
    lines: Lines,
    /// Having no move loses and nothing else counts material: the pieces a
    /// player has on top of a stack or in hand (what moves), by value.
    control: bool,
    /// The largest total of `control` at the start, to scale it.
    control_scale: f64,
}

impl Evaluator {
    pub fn new(game: &Game) -> Evaluator {
        let mut e = Evaluator::default();
        for end in &game.ends {
            let mut atoms = Vec::new();
            positive_atoms(&end.test, &mut atoms);
            match end.result {
                Ranking::MostIn(zone) => e.stores.push(zone),
                // Read once, however many ends score by area (Go's two passes, its turn limit).
                Ranking::MostArea { dirs, plus } if e.area.is_none() => e.area = Some(Area::new(dirs, plus)),
                _ => {}
            }
            for atom in atoms {
                match (atom, end.result) {
                    (
                        Cond::NoPieces(Who::Opponent | Who::Next | Who::AnyOpponent | Who::EveryOpponent),
                        Ranking::Win(Who::Me),
                    ) => e.material = true,
                    (Cond::NoPieces(Who::Me), Ranking::Win(Who::Me) | Ranking::Finish(Who::Me)) => {
                        e.exit_steps = Some(exit_steps(game));
                    }
                    (Cond::PieceIn(who, kinds, zone), Ranking::Win(winner) | Ranking::Finish(winner)) => {
                        e.goals.extend(Goal::new(game, *who, winner, *kinds, *zone));
                    }
                    (Cond::CountIn(Who::Me, zone, n), Ranking::Win(Who::Me) | Ranking::Finish(Who::Me)) => {
                        e.fills.extend(Fill::new(game, *zone, *n));
                    }
                    (Cond::OnBoard(..) | Cond::Lead(..), _) => e.presence = true,
                    (Cond::NoMoves, Ranking::Win(Who::Opponent)) => e.mobility = true,
                    (_, Ranking::MorePieces | Ranking::MorePiecesOr(_)) => e.presence = true,
                    _ => {}
                }
            }
            // Too few pieces, or no piece of a kind, on the board loses (Nine
            // Men's Morris' two men, Tablut's king): every capture counts.
            let mut negated = Vec::new();
            negative_atoms(&end.test, &mut negated);
            for atom in negated {
                if let (Cond::OnBoard(who, _) | Cond::PieceOnBoard(who, _), Ranking::Win(winner)) = (atom, end.result) {
                    e.material |= others(*who, winner);
                }
            }
        }
        let initial = game.initial_state();
        e.scale = (0..game.player_count()).map(|p| material(game, &initial, p)).fold(1.0, f64::max);
        e.throw_steps = game.chance.iter().map(throw_steps).collect();
        e
    }

    /// [`Evaluator::new`] with the terms a search needs beyond what the end
    /// conditions name outright, still read from them: where a line of n
    /// wins, the lines of n fields with only one player's pieces on them
    /// (n − 1 of them most, n − 2 less); where having no move loses and
    /// nothing else counts material, the pieces a player controls (on top of
    /// a field, or in hand) by value: having none of them is having no move.
    /// The agents use it (MCTS too: with the plain evaluation, `mcts:200` lost
    /// Connect Four to a greedy that reads the lines, 12–19); the analyses
    /// keep [`Evaluator::new`].
    pub fn for_search(game: &Game) -> Evaluator {
        let mut e = Evaluator::new(game);
        let mut lines = Vec::new();
        for end in &game.ends {
            let mut atoms = Vec::new();
            positive_atoms(&end.test, &mut atoms);
            for atom in atoms {
                match (atom, end.result) {
                    (Cond::Line { n, dirs, .. }, Ranking::Win(Who::Me)) => {
                        lines.extend(straight_lines(game, *n, dirs));
                    }
                    (Cond::MovedLineMasks(masks), Ranking::Win(Who::Me)) => {
                        let masks = masks.all_lines();
                        lines.extend(masks.into_iter().map(|m| crate::board::fields_in_words(&[m]).collect()));
                    }
                    (Cond::NoMoves, Ranking::Win(Who::Opponent)) => e.control = !e.material,
                    _ => {}
                }
            }
        }
        e.lines = Lines::new(game, lines);
        let initial = game.initial_state();
        e.control_scale = (0..game.player_count()).map(|p| control(game, &initial, p)).fold(1.0, f64::max);
        e
    }

    /// The weight of [`Evaluator::mobility_term`] where a search judges a
    /// position it stops at (its leaves: [`Evaluator::judge`]).
    pub const MOBILITY: f64 = 0.5;

    /// How good `s` is for `player` where a search stops: the evaluation
    /// and, weighted by [`Evaluator::MOBILITY`], the mobility term.
    pub fn judge(&self, game: &Game, s: &State, player: Player) -> f64 {
        self.evaluate(game, s, player) + Self::MOBILITY * self.mobility_term(game, s, player)
    }

    /// How good `s` is for `player`, in -1..1 (mobility left out: see
    /// [`Evaluator::mobility_term`]). Each term sets the player against the
    /// strongest opponent; a finished game scores by place, 1 first, -1 last.
    pub fn evaluate(&self, game: &Game, s: &State, player: Player) -> f64 {
        if let Some(o) = s.outcome() {
            if o.is_draw() {
                return 0.0;
            }
            let last = f64::from(o.places.iter().copied().max().unwrap_or(2).max(2));
            return 1.0 - 2.0 * (f64::from(o.places[usize::from(player)]) - 1.0) / (last - 1.0);
        }
        // A player who has taken a place while the others play on (a race
        // game's placings) is rated by that place, as at the end; the others
        // race for the places left, against those still racing.
        let last = game.player_count().max(2);
        let place_value = |place: u8| 1.0 - 2.0 * f64::from(place.clamp(1, last) - 1) / f64::from(last - 1);
        if let Some(place) = s.finished(player) {
            return place_value(place);
        }
        let placed = (0..game.player_count()).filter(|&p| s.finished(p).is_some()).count() as u8;
        // Against the best of the others, term by term: in a game of two, the other player.
        let against = |f: &dyn Fn(Player) -> f64| {
            let best =
                game.opponents(player).filter(|&p| s.finished(p).is_none()).map(f).fold(f64::NEG_INFINITY, f64::max);
            f(player) - if best.is_finite() { best } else { 0.0 }
        };
        let mut score = 0.0;
        if self.material {
            score += 2.0 * against(&|p| material(game, s, p)) / self.scale;
        }
        for goal in &self.goals {
            score += against(&|p| goal.closest(s, p)) * 1.5;
        }
        for fill in &self.fills {
            score += 2.0 * against(&|p| fill.progress(s, p));
        }
        if let Some(steps) = &self.exit_steps {
            score +=
                2.0 * against(&|p| exit_progress(game, s, p, &steps[usize::from(p)]) + self.tempo(game, s, p, steps));
        }
        if self.presence {
            let total: f64 = (0..game.player_count()).map(|p| f64::from(s.on_board(p))).sum();
            let share = f64::from(game.player_count()) / 2.0;
            score += against(&|p| f64::from(s.on_board(p))) * share / total.max(1.0);
        }
        if let Some(area) = &self.area {
            let scores = area.estimate(game, s);
            score += 2.0 * against(&|p| scores[usize::from(p)]) / game.board.len().max(1) as f64;
        }
        if self.control {
            score += 2.0 * against(&|p| control(game, s, p)) / self.control_scale;
        }
        if !self.lines.is_empty() {
            let open = self.lines.open(s);
            score += 0.1 * against(&|p| open[usize::from(p)]);
        }
        for &zone in &self.stores {
            let total = f64::from(s.total_pieces()).max(1.0);
            score += 2.0 * against(&|p| f64::from(game.count_in(s, zone, p))) / total;
        }
        if placed == 0 {
            return score.tanh();
        }
        // Scaled into the range of the places left.
        let (best, worst) = (place_value(placed + 1), place_value(last));
        worst + (score.tanh() + 1.0) / 2.0 * (best - worst)
    }

    /// Moves of `player` less moves of the other, scaled to -1..1: costly (two
    /// move generations), so callers use it where the rules make it matter.
    pub fn mobility_term(&self, game: &Game, s: &State, player: Player) -> f64 {
        if !self.mobility || s.is_over() {
            return 0.0;
        }
        let count = |p: Player| {
            let mut n = 0u32;
            game.generate_as(s, p, None, &mut |_| {
                n += 1;
                n < 64
            });
            f64::from(n)
        };
        let a = count(player);
        let b = game.opponents(player).map(count).fold(0.0, f64::max);
        (a - b) / (a + b).max(1.0)
    }

    /// The throw to come, in a race (issue 46): where `player` is about to
    /// throw, half a throw's mean steps, on the scale of [`exit_progress`]
    /// (half: the turns alternate, so between two turns neither has it).
    /// A move that earns another throw (a field's or an outcome's `again`,
    /// entering in Hounds and Jackals, a rosette in Ur) leaves its mover to
    /// throw, and is worth a throw more than one that hands the dice over.
    fn tempo(&self, game: &Game, s: &State, player: Player, steps: &[Vec<u16>]) -> f64 {
        let Pending::Chance(c) = s.pending() else { return 0.0 };
        if s.to_move() != player {
            return 0.0;
        }
        let mean = self.throw_steps.get(usize::from(c)).copied().unwrap_or(0.0);
        let pieces = f64::from(pieces_racing(game, s, player)).max(1.0);
        mean / 2.0 / track_length(&steps[usize::from(player)]) / pieces
    }
}

/// The steps a throw of `c` gives on average: each outcome's value (a
/// pool's values summed), and where an outcome throws again, the throws
/// after it (the mean over 1 - P(again)).
fn throw_steps(c: &crate::program::Chance) -> f64 {
    let total = f64::from(c.total.max(1));
    let mut sum = 0.0;
    let mut again = 0.0;
    for (i, o) in c.outcomes.iter().enumerate() {
        let w = f64::from(o.weight) / total;
        let value = match c.pools.get(i) {
            Some(pool) => pool.thrown().map(|(v, _)| f64::from(v)).sum(),
            None => f64::from(o.value),
        };
        sum += w * value;
        if o.again || o.rethrow {
            again += w;
        }
    }
    sum / (1.0 - again).max(0.1)
}

/// The value of the pieces `p` has on top of a field or in hand.
fn control(game: &Game, s: &State, p: Player) -> f64 {
    let value = |k: u8| f64::from(game.kinds[usize::from(k)].value.max(1));
    let board: f64 = s.fields_topped_by(p).filter_map(|f| s.top(f)).map(|x| value(x.kind)).sum();
    let hand: f64 = (0..game.kinds.len() as u8).map(|k| f64::from(s.hand(p, k)) * value(k)).sum();
    board + hand
}

/// The atoms a condition needs to be false: those under one `Not`.
fn negative_atoms<'t>(t: &'t Cond, out: &mut Vec<&'t Cond>) {
    match t {
        Cond::All(ts) | Cond::Any(ts) => ts.iter().for_each(|t| negative_atoms(t, out)),
        Cond::Not(t) => positive_atoms(t, out),
        _ => {}
    }
}

/// Whether `who` (in a condition) and `winner` (of its end) are not the
/// same player: a condition on the others that makes `winner` win.
fn others(who: Who, winner: Who) -> bool {
    match (who, winner) {
        (Who::Player(a), Who::Player(b)) => a != b,
        (Who::Opponent | Who::Next | Who::AnyOpponent | Who::EveryOpponent, Who::Me) => true,
        (Who::Me, Who::Opponent) => true,
        _ => false,
    }
}

/// The atoms a condition needs to be true (those under `Not` are left out).
fn positive_atoms<'t>(t: &'t Cond, out: &mut Vec<&'t Cond>) {
    match t {
        Cond::All(ts) | Cond::Any(ts) => ts.iter().for_each(|t| positive_atoms(t, out)),
        Cond::Not(_) => {}
        atom => out.push(atom),
    }
}

fn material(game: &Game, s: &State, p: Player) -> f64 {
    let board: i32 = game
        .board
        .fields()
        .flat_map(|f| s.stack(f))
        .filter(|x| x.owner == p)
        .map(|x| game.kinds[usize::from(x.kind)].value)
        .sum();
    let hand: i32 =
        (0..game.kinds.len() as u8).map(|k| i32::from(s.hand(p, k)) * game.kinds[usize::from(k)].value).sum();
    f64::from(board + hand)
}

/// Per player, for each field, the steps along that player's bearing-off
/// direction to the end of the board (a rule with directions relative to
/// the player is one rule per player: each player's own).
fn exit_steps(game: &Game) -> Vec<Vec<u16>> {
    (0..game.player_count())
        .map(|p| {
            let rules = game.phases.iter().flat_map(|phase| &phase.rules);
            let dir = rules.filter(|r| r.only_if_for[usize::from(p)] != Cond::False).find_map(|r| match &r.motion {
                Motion::RunOff { dirs, .. } => dirs.first().copied(),
                Motion::Step(_)
                | Motion::Leap(_)
                | Motion::Slide { .. }
                | Motion::Place { .. }
                | Motion::Lift
                | Motion::Fly
                | Motion::Run { .. }
                | Motion::Walk { .. }
                | Motion::Enter { .. }
                | Motion::Exit { .. }
                | Motion::Sow { .. }
                | Motion::Jump { .. }
                | Motion::Pass => None,
            });
            game.board
                .fields()
                .map(|f| {
                    let Some(d) = dir else { return 0 };
                    let (mut at, mut n) = (f, 0u16);
                    while at != NO_FIELD && usize::from(n) <= game.board.len() {
                        at = game.board.neighbour(at, d);
                        n += 1;
                    }
                    n
                })
                .collect()
        })
        .collect()
}

/// Pieces borne off, and how far those on the board still have to go: 0..1.
fn exit_progress(game: &Game, s: &State, p: Player, steps: &[u16]) -> f64 {
    let off: u32 = (0..game.kinds.len() as u8).map(|k| u32::from(s.pool(Pool::Off, p, k, p))).sum();
    let in_hand: u32 = (0..game.kinds.len() as u8).map(|k| u32::from(s.hand(p, k))).sum();
    // Every piece of a stack (Backgammon's points), not the field once.
    let on: Vec<u16> = game
        .board
        .fields()
        .flat_map(|f| s.stack(f).iter().filter(|x| x.owner == p).map(move |_| steps[usize::from(f)]))
        .collect();
    // A piece still to come on has all the way to go, and the step onto the
    // board too: it counts as no progress, and one that came on as one step.
    let total = f64::from(off + in_hand) + on.len() as f64;
    let longest = track_length(steps);
    let left: f64 = on.iter().map(|&n| f64::from(n) / longest).sum();
    (f64::from(off) + on.len() as f64 - left) / total.max(1.0)
}

/// The steps from the hand to the exit: the longest way from a field, and
/// the step onto the board.
fn track_length(steps: &[u16]) -> f64 {
    f64::from(steps.iter().copied().max().unwrap_or(0)) + 1.0
}

/// The player's pieces borne off, in hand and on the board: those whose
/// progress [`exit_progress`] averages.
fn pieces_racing(game: &Game, s: &State, p: Player) -> u32 {
    let off: u32 = (0..game.kinds.len() as u8).map(|k| u32::from(s.pool(Pool::Off, p, k, p))).sum();
    let in_hand: u32 = (0..game.kinds.len() as u8).map(|k| u32::from(s.hand(p, k))).sum();
    off + in_hand + game.board.fields().flat_map(|f| s.stack(f)).filter(|x| x.owner == p).count() as u32
}

#[cfg(test)]
mod tests {
    use super::Evaluator;
    use crate::shipped::testing::visit_random_games;
    use crate::{Options, shipped};

    /// Where four in a row wins, the search's evaluation counts open lines:
    /// three red discs in a row on an open bottom row are worth something to
    /// Red, and nothing to the plain evaluation, which sees no line.
    #[test]
    fn the_search_evaluation_counts_open_lines() {
        let game = shipped::game("classic/connect-four", &Options::new()).expect("compiles");
        let mut s = game.initial_state();
        for column in ["b", "g", "c", "g", "d"] {
            let legal = game.legal_moves(&s);
            let texts = game.move_texts(&legal);
            let at = texts.iter().position(|t| t.split('@').nth(1).is_some_and(|f| f.starts_with(column)));
            game.play_unchecked(&mut s, legal[at.expect(column)]);
        }
        let search = Evaluator::for_search(&game);
        assert!(search.evaluate(&game, &s, 0) > 0.1, "{}", search.evaluate(&game, &s, 0));
        assert!(search.evaluate(&game, &s, 1) < -0.1);
        assert_eq!(Evaluator::new(&game).evaluate(&game, &s, 0), 0.0);
    }

    /// The open lines read by masks are the open lines read field by field:
    /// over random Connect Four and Tic-Tac-Toe positions, for both players.
    #[test]
    fn the_lines_by_masks_are_the_lines_field_by_field() {
        // And on a board of 88 fields, whose lines lie in two words of a set.
        let wide = shipped::text("classic/connect-four")
            .expect("shipped")
            .replace("cols: 7, rows: 6", "cols: 11, rows: 8")
            .replace(
                r#""a6", "b6", "c6", "d6", "e6", "f6", "g6""#,
                r#""a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "i8", "j8", "k8""#,
            )
            .replace("count: 21", "count: 44");
        for name in ["classic/connect-four", "classic/tic-tac-toe", "wide"] {
            let game = match name {
                "wide" => crate::compile::compile(&wide, name, &Options::new()).expect("compiles"),
                _ => shipped::game(name, &Options::new()).expect("compiles"),
            };
            assert!(name != "wide" || game.board.len() == 88);
            let lines = &Evaluator::for_search(&game).lines;
            assert!(!lines.is_empty(), "{name}");
            let by_fields = |s: &crate::state::State, p| {
                // The lines one piece short or whole, two short, more.
                let mut counts = [0.0; 3];
                for line in &lines.fields {
                    let tops: Vec<_> = line.iter().filter_map(|&f| s.top(f)).collect();
                    let own = tops.iter().filter(|x| x.owner == p).count();
                    if own > 0 && own == tops.len() {
                        counts[(line.len() - own).clamp(1, 3) - 1] += 1.0;
                    }
                }
                counts[0] + 0.25 * counts[1] + 0.05 * counts[2]
            };
            let mut seen = 0;
            visit_random_games(&game, 6, 5, |s, _| {
                for p in 0..2 {
                    let open = lines.open(s)[usize::from(p)];
                    assert_eq!(open, by_fields(s, p), "{name}");
                    seen += usize::from(open > 0.0);
                }
            });
            assert!(seen > 10, "{name}: {seen}");
        }
    }

    /// Where having no move loses (draughts), the search's evaluation counts
    /// the pieces that move: a player ahead in men is ahead.
    #[test]
    fn the_search_evaluation_counts_the_pieces_that_move_where_no_move_loses() {
        let game = shipped::game("traditional/english-draughts", &Options::new()).expect("compiles");
        let search = Evaluator::for_search(&game);
        let mut checked = 0;
        visit_random_games(&game, 3, 4, |s, _| {
            if s.is_over() {
                return;
            }
            let [a, b] = [0, 1].map(|p| super::control(&game, s, p));
            if a > b + 2.0 {
                assert!(search.evaluate(&game, s, 0) > 0.0 && search.evaluate(&game, s, 1) < 0.0);
                checked += 1;
            }
        });
        assert!(checked > 0);
    }

    /// Where n pieces in a zone win (Halma's camp, `CountIn(Me, "goal",
    /// 19)`), a piece brought nearer the zone is progress: the plain
    /// evaluation (greedy's, MCTS's) sees it, for two players and for four.
    #[test]
    fn pieces_brought_nearer_the_zone_they_must_fill_are_progress() {
        for (name, forward) in [("traditional/halma", "e1-f2"), ("traditional/halma-four", "d1-e2")] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let eval = Evaluator::new(&game);
            let mut s = game.initial_state();
            assert_eq!(eval.evaluate(&game, &s, 0), 0.0, "{name}");
            let m = game.parse_move(&s, forward).unwrap_or_else(|e| panic!("{name} {forward}: {e:?}"));
            game.play_unchecked(&mut s, m);
            assert!(eval.evaluate(&game, &s, 0) > 0.0, "{name}: {}", eval.evaluate(&game, &s, 0));
            assert!(eval.evaluate(&game, &s, 1) < 0.0, "{name}");
        }
    }

    /// Where one player, named by number, wins by bringing a piece of a kind
    /// into a zone (Fox and Hounds: `PieceIn(Player(1), ["Fox"], "goal")`),
    /// that piece's way there is that player's progress and the other's
    /// loss; on its first row, as far as a field can be, it is none. Before,
    /// only `PieceIn(Me, ..)` was read, and the fox's value was 0 everywhere.
    #[test]
    fn the_goal_of_one_player_is_that_players_progress() {
        let game = shipped::game("traditional/fox-and-hounds", &Options::new()).expect("compiles");
        let eval = Evaluator::new(&game);
        let mut s = game.initial_state();
        for (text, forward) in [("F@b8", false), ("b8-c7", true)] {
            let m = game.parse_move(&s, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            game.play_unchecked(&mut s, m);
            let (value, hounds) = (eval.evaluate(&game, &s, 0), eval.evaluate(&game, &s, 1));
            assert!(value >= 0.0 && (value > 0.0) == forward, "{text}: {value}");
            assert_eq!(hounds, -value, "{text}");
        }
    }

    /// One player's goal is counted in its piece's own moves around the
    /// pieces in the way: the tafl king with four open lanes to the edge is
    /// nearer than with one, and with none (enclosed) has made no progress,
    /// though by the links all three are as far; four attackers in each.
    #[test]
    fn the_goal_of_one_player_is_counted_around_the_pieces_in_the_way() {
        let game = shipped::game("traditional/tablut", &Options::new()).expect("compiles");
        let eval = Evaluator::new(&game);
        let swedes = |attackers: &str| {
            let board: String = attackers.split(' ').map(|f| format!("\"{f}\": \"S\", ")).collect();
            let text = format!("Position(to_move: 1, board: {{ {board} \"e5\": \"k\" }}, hand: [\"\", \"\"])");
            let s = game.position_from_str(&text, "test").unwrap_or_else(|e| panic!("{text}: {e}"));
            eval.evaluate(&game, &s, 1)
        };
        let (open, one, closed) = (swedes("b2 b8 h2 h8"), swedes("e4 e6 d5 h8"), swedes("e4 e6 d5 f5"));
        assert!(open > one && one > closed, "four lanes {open}, one {one}, enclosed {closed}");
    }

    /// Where too few pieces on the board lose (Nine Men's Morris: two men,
    /// `Not(OnBoard(Opponent, 3))`; Tablut: no king, `Not(PieceOnBoard(..))`),
    /// material counts: taken off the board, a piece of a kind its owner has
    /// several of is a loss to its owner and a gain to the other. (The first
    /// player's: in Tablut, a Muscovite taken off may also open the king's
    /// way, which only adds to the loss; a Swede taken off may open it too,
    /// which outweighs a man, rightly.)
    #[test]
    fn material_counts_where_too_few_pieces_lose() {
        for name in ["traditional/nine-mens-morris", "traditional/tablut"] {
            let game = shipped::game(name, &Options::new()).expect("compiles");
            let eval = Evaluator::new(&game);
            let mut checked = 0;
            visit_random_games(&game, 7, 3, |s, _| {
                let Some(f) = s.fields_topped_by(0).find(|&f| {
                    let kind = s.top(f).map(|t| t.kind);
                    s.fields_topped_by(0).filter(|&g| s.top(g).map(|t| t.kind) == kind).count() > 1
                }) else {
                    return;
                };
                let mut less = s.clone();
                less.pop(f);
                assert!(eval.evaluate(&game, &less, 0) < eval.evaluate(&game, s, 0), "{name}");
                assert!(eval.evaluate(&game, &less, 1) > eval.evaluate(&game, s, 1), "{name}");
                checked += 1;
            });
            assert!(checked > 0, "{name}");
        }
    }
}
