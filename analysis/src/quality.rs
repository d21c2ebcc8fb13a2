//! Game-quality measures of one game, named as in Ludii where they overlap:
//! lead changes, drama, decisiveness (moves after the decisive point) and
//! board coverage. Who leads is read off the generic evaluation (the same
//! one the greedy and MCTS agents use): the player it rates highest, where
//! one alone is highest.

use tabula::Game;
use tabula::Player;
use tabula::State;
use tabula::agents::Evaluator;
use tabula::board::FieldSet;

/// Follows one game decision by decision; [`Quality::finish`] gives the measures.
pub(crate) struct Quality<'e> {
    eval: &'e Evaluator,
    /// Per decision: the leader (if one player alone rates highest) and every player's rating.
    ratings: Vec<(Option<Player>, Vec<f64>)>,
    /// Fields that held a piece at some decision.
    covered: FieldSet,
}

/// The measures of one game (see `docs/analysis.md`).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Measures {
    /// Times the leader changed (Ludii: lead change, here a count per game).
    pub lead_changes: u32,
    /// Over the decisions at which the eventual winner did not lead, the
    /// mean of how far the leader's rating was above the winner's, halved
    /// so that it lies in 0..1 (Ludii: drama, average); 0 without a winner.
    pub drama: f64,
    /// The share of the game's decisions made after the eventual winner
    /// took the lead for good (Ludii: decisiveness moves, with "leads" for
    /// its threshold); 0 without a winner.
    pub decided_share: f64,
    /// The share of the board's fields that held a piece at some point
    /// (Ludii: board coverage).
    pub coverage: f64,
}

impl<'e> Quality<'e> {
    pub(crate) fn new(game: &Game, eval: &'e Evaluator) -> Quality<'e> {
        Quality { eval, ratings: Vec::new(), covered: FieldSet::new(game.board().len()) }
    }

    /// Notes the position at a decision.
    pub(crate) fn see(&mut self, game: &Game, s: &State) {
        for f in game.board().fields().filter(|&f| s.height(f) > 0) {
            self.covered.insert(f);
        }
        let ratings: Vec<f64> = (0..game.player_count()).map(|p| self.eval.evaluate(game, s, p)).collect();
        let best = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut top = (0..ratings.len()).filter(|&p| ratings[p] >= best - 1e-9);
        let leader = match (top.next(), top.next()) {
            (Some(p), None) => Some(p as Player),
            _ => None,
        };
        self.ratings.push((leader, ratings));
    }

    /// The measures, for a game won by `winners` (one player, or partners
    /// who win together; none in a draw or an unfinished game). The winners
    /// lead where one of them leads, and are rated by the best of them.
    pub(crate) fn finish(&self, game: &Game, s: &State, winners: &[Player]) -> Measures {
        let mut covered = self.covered.clone();
        for f in game.board().fields().filter(|&f| s.height(f) > 0) {
            covered.insert(f);
        }
        let fields = game.board().len().max(1) as f64;
        let coverage = game.board().fields().filter(|&f| covered.contains(f)).count() as f64 / fields;
        let leaders = self.ratings.iter().filter_map(|(l, _)| *l);
        let lead_changes = leaders.clone().zip(leaders.skip(1)).filter(|(a, b)| a != b).count() as u32;
        if winners.is_empty() {
            return Measures { lead_changes, coverage, ..Measures::default() };
        }
        let winning = |leader: &Option<Player>| leader.is_some_and(|l| winners.contains(&l));
        let behind: Vec<f64> = self
            .ratings
            .iter()
            .filter(|(leader, _)| !winning(leader))
            .map(|(_, r)| {
                let best = |players: &mut dyn Iterator<Item = f64>| players.fold(f64::NEG_INFINITY, f64::max);
                (best(&mut r.iter().copied()) - best(&mut winners.iter().map(|&w| r[usize::from(w)]))) / 2.0
            })
            .collect();
        let drama = if behind.is_empty() { 0.0 } else { behind.iter().sum::<f64>() / behind.len() as f64 };
        // From the last decision at which the winners did not lead, to the end.
        let n = self.ratings.len();
        let last_not_leading = self.ratings.iter().rposition(|(leader, _)| !winning(leader));
        let held = n - last_not_leading.map_or(0, |i| i + 1);
        let decided_share = if n == 0 { 0.0 } else { held as f64 / n as f64 };
        Measures { lead_changes, drama, decided_share, coverage }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_the_winner_led_throughout_has_no_drama_and_is_decided_from_the_start() {
        let game = tabula::shipped::game("classic/tic-tac-toe", &tabula::Options::new()).expect("shipped");
        let eval = Evaluator::new(&game);
        let mut q = Quality::new(&game, &eval);
        let s = game.initial_state();
        q.ratings = vec![(Some(0), vec![0.5, -0.5]), (Some(0), vec![0.6, -0.6])];
        let m = q.finish(&game, &s, &[0]);
        assert_eq!((m.lead_changes, m.drama, m.decided_share), (0, 0.0, 1.0));
    }

    #[test]
    fn a_comeback_counts_its_lead_changes_drama_and_late_decision() {
        let game = tabula::shipped::game("classic/tic-tac-toe", &tabula::Options::new()).expect("shipped");
        let eval = Evaluator::new(&game);
        let mut q = Quality::new(&game, &eval);
        let s = game.initial_state();
        // Player 2 leads by 0.4 and by 0.8 of a rating, then player 1 takes the lead for good.
        q.ratings = vec![
            (Some(1), vec![-0.2, 0.2]),
            (Some(1), vec![-0.4, 0.4]),
            (None, vec![0.0, 0.0]),
            (Some(0), vec![0.3, -0.3]),
        ];
        let m = q.finish(&game, &s, &[0]);
        assert_eq!(m.lead_changes, 1);
        // (0.4 / 2 + 0.8 / 2 + 0 / 2) / 3
        assert!((m.drama - 0.2).abs() < 1e-12, "{}", m.drama);
        assert!((m.decided_share - 0.25).abs() < 1e-12);
        assert_eq!(m.coverage, 0.0);
    }

    #[test]
    fn partners_who_win_together_lead_where_either_leads() {
        let game = tabula::shipped::game("classic/tic-tac-toe", &tabula::Options::new()).expect("shipped");
        let eval = Evaluator::new(&game);
        let mut q = Quality::new(&game, &eval);
        let s = game.initial_state();
        // Four seats, partners 1 and 3 win: seat 2 leads by 0.2 over the better partner, then seat 3 leads.
        q.ratings = vec![(Some(1), vec![0.1, 0.5, 0.3, 0.0]), (Some(2), vec![0.1, 0.2, 0.6, 0.0])];
        let m = q.finish(&game, &s, &[0, 2]);
        assert!((m.drama - 0.1).abs() < 1e-12, "{}", m.drama);
        assert!((m.decided_share - 0.5).abs() < 1e-12);
        // Nobody won: no drama and nothing decided.
        let m = q.finish(&game, &s, &[]);
        assert_eq!((m.lead_changes, m.drama, m.decided_share), (1, 0.0, 0.0));
    }
}
