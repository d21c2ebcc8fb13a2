//! How a game ended: each player's place and why.

use crate::piece::{MAX_PLAYERS, Player};

/// How a game ended: each player's place, 1 for the first. Players who
/// share a place tied; everyone first is a draw; partners share their team's place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `places[p]` is player p's place (1-based); 0 past the last player.
    pub places: [u8; MAX_PLAYERS],
    pub reason: Reason,
    /// The winner's points, where the ruleset scores the end.
    pub score: u16,
}

impl Outcome {
    /// Everyone placed first: a draw.
    pub fn draw(players: u8, reason: Reason) -> Outcome {
        let mut places = [0; MAX_PLAYERS];
        places[..usize::from(players)].fill(1);
        Outcome { places, reason, score: 0 }
    }

    /// Whether `player` won: placed first while someone else was not.
    pub fn won(&self, player: Player) -> bool {
        self.places[usize::from(player)] == 1 && !self.is_draw()
    }

    /// Whether nobody lost: every player placed first.
    #[inline]
    pub fn is_draw(&self) -> bool {
        // (Every place 0 or 1 when all of them together are: no early end to mispredict.)
        self.places.iter().fold(0, |all, &p| all | p) <= 1
    }

    /// The winner, where one player alone is first (not in a draw, nor where a team won).
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        let mut first = self.places.iter().enumerate().filter(|(_, p)| **p == 1).map(|(i, _)| i as Player);
        match (first.next(), first.next()) {
            (Some(w), None) if !self.is_draw() => Some(w),
            _ => None,
        }
    }

    /// The players placed first, where the game was not a draw.
    #[inline]
    pub fn winners(&self) -> impl Iterator<Item = Player> + '_ {
        let decided = !self.is_draw();
        self.places.iter().enumerate().filter(move |(_, p)| decided && **p == 1).map(|(i, _)| i as Player)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The ruleset's end condition with this index.
    End(u16),
    /// `max_plies` was reached and no end condition said otherwise.
    TurnLimit,
    /// Neither player can move.
    Blocked,
}
