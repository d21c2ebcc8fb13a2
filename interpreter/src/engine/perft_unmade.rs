//! Perft through counted turns without making the moves. Where the game's
//! ends are lines through the piece put (after a move) and "no move" (at the
//! start of a turn), and every player's moves are counted placements whose
//! rules test nothing of the state, what a move leads to can be read from the
//! fields taken, each player's fields and what each holds in hand ([`Outline`]):
//! the levels below are counted on those alone, each move put on and taken
//! off again, no state copied and no turn played. The moves counted are those
//! [`Game::perft_counted`] makes, and a test compares the two.

use super::Cond;
use super::Phase;
use crate::board::{FieldId, fields_of_word};
use crate::piece::{MAX_PLAYERS, Player};
use crate::program::Game;
use crate::program::rules::{Motion, Rule};
use crate::ruleset::When;
use crate::state::State;

/// What a counted turn reads of a state, and what making one changes.
struct Outline {
    /// The fields a piece tops.
    taken: u64,
    /// Per player, the fields their pieces top.
    mine: [u64; MAX_PLAYERS],
    /// Per player and kind, the pieces in hand.
    hands: [[u16; 32]; MAX_PLAYERS],
    /// Per player, the kinds they hold any of in hand (bits).
    in_hand: [u32; MAX_PLAYERS],
    ply: u32,
}

impl Outline {
    fn of(s: &State) -> Outline {
        let mut o = Outline {
            taken: s.topped_word(0),
            mine: [0; MAX_PLAYERS],
            hands: [[0; 32]; MAX_PLAYERS],
            in_hand: [0; MAX_PLAYERS],
            ply: s.ply,
        };
        for p in 0..s.players {
            let q = usize::from(p);
            o.mine[q] = s.topped_first_word(p);
            for kind in 0..s.kinds.min(32) {
                o.hands[q][usize::from(kind)] = s.hand(p, kind);
                o.in_hand[q] |= u32::from(s.hand(p, kind) != 0) << kind;
            }
        }
        o
    }

    /// `me` puts a piece of `kind` on the field `bit`.
    #[inline(always)]
    fn put(&mut self, me: usize, kind: usize, bit: u64) {
        self.taken |= bit;
        self.mine[me] |= bit;
        self.hands[me][kind] -= 1;
        self.in_hand[me] &= !(u32::from(self.hands[me][kind] == 0) << kind);
        self.ply += 1;
    }

    /// Takes back what [`Outline::put`] did.
    #[inline(always)]
    fn take_back(&mut self, me: usize, kind: usize, bit: u64) {
        self.taken &= !bit;
        self.mine[me] &= !bit;
        self.hands[me][kind] += 1;
        self.in_hand[me] |= 1 << kind;
        self.ply -= 1;
    }
}

impl Game {
    /// `perft(s, depth)` at a counted turn, for a `depth` of 2 or more, without
    /// making the moves, where what follows a move can be read without it (see
    /// the module's comment); `None` elsewhere. After each move the game is
    /// over (a line, the turn limit, no move for the next player where that
    /// ends it) or the next player counts on; a pass (no move, where that does
    /// not end the game) is counted as the last move only: before a deeper
    /// level, the general way plays it.
    pub(super) fn perft_unmade(&self, s: &State, phase: &Phase, depth: usize) -> Option<u64> {
        let mut ends_if_stuck = false;
        for end in &self.ends {
            match (end.at, &end.test) {
                (When::AfterMove, Cond::MovedLineMasks(_)) => {}
                (When::StartOfTurn, Cond::NoMoves) => ends_if_stuck = true,
                _ => return None,
            }
        }
        let readable = |placings: &Vec<_>| {
            placings.iter().all(|p: &super::Placing| !p.tested && rests_by_bits(&phase.rules[usize::from(p.rule)]))
        };
        let players = usize::from(s.players);
        let ok = depth >= 2
            && (depth == 2 || ends_if_stuck)
            && s.kinds <= 32
            && phase.placings.len() >= players
            && phase.placings[..players].iter().all(readable);
        if !ok {
            return None;
        }
        let mut o = Outline::of(s);
        Some(Counting { game: self, phase, ends_if_stuck, players: s.players }.below(&mut o, s.to_move, depth))
    }
}

/// Whether where a piece of `rule` comes to rest reads the fields taken alone ([`rest_by_bits`]).
fn rests_by_bits(rule: &Rule) -> bool {
    match (&rule.motion, &rule.fall_lines) {
        (Motion::Place { fall: None, .. }, _) | (_, Some(_)) => true,
        (Motion::Place { fall: Some(_), .. }, None) => false,
        _ => true,
    }
}

/// Where a piece of `rule` put on `to` comes to rest, `taken` the fields taken
/// (as [`Game::rest`] has it, where [`rests_by_bits`]).
#[inline(always)]
fn rest_by_bits(rule: &Rule, taken: u64, to: FieldId) -> FieldId {
    match &rule.fall_lines {
        Some(lines) => lines.rest_in(taken, to),
        None => to,
    }
}

/// The levels below a counted turn, counted on an [`Outline`].
struct Counting<'a> {
    game: &'a Game,
    phase: &'a Phase,
    ends_if_stuck: bool,
    players: u8,
}

impl Counting<'_> {
    /// The moves of `me` in `o`: per rule, the fields free for it times the kinds it puts that they hold.
    #[inline(always)]
    fn moves(&self, o: &Outline, me: Player) -> u64 {
        let me = usize::from(me);
        let placings = &self.phase.placings[me];
        placings
            .iter()
            .map(|p| u64::from((p.targets & !o.taken).count_ones() * (p.kinds & o.in_hand[me]).count_ones()))
            .sum()
    }

    /// The sequences of `depth` (2 or more) moves from `o`, `me` to move with a move to make.
    fn below(&self, o: &mut Outline, me: Player, depth: usize) -> u64 {
        let next = if me + 1 >= self.players { 0 } else { me + 1 };
        let at_limit = self.game.max_plies > 0 && o.ply + 1 >= self.game.max_plies;
        if at_limit {
            return 0;
        }
        let q = usize::from(me);
        let mut total = 0;
        for p in &self.phase.placings[q] {
            let rule = &self.phase.rules[usize::from(p.rule)];
            let free = p.targets & !o.taken;
            for kind in fields_of_word(0, u64::from(p.kinds & o.in_hand[q])) {
                for put_on in fields_of_word(0, free) {
                    let to = rest_by_bits(rule, o.taken, put_on);
                    let bit = 1u64 << to;
                    if self.makes_line(to, o.mine[q] | bit) {
                        continue;
                    }
                    o.put(q, usize::from(kind), bit);
                    let n = self.moves(o, next);
                    total += match (n, depth) {
                        // No move: the game ends, or a pass is the last move.
                        (0, _) => u64::from(!self.ends_if_stuck),
                        (n, 2) => n,
                        _ => self.below(o, next, depth - 1),
                    };
                    o.take_back(q, usize::from(kind), bit);
                }
            }
        }
        total
    }

    /// Whether a piece put on `to`, its owner's fields then `mine`, ends the game by a line.
    #[inline(always)]
    fn makes_line(&self, to: FieldId, mine: u64) -> bool {
        self.game.ends.iter().any(|end| match &end.test {
            Cond::MovedLineMasks(lines) => lines.any_within(to, mine),
            _ => false,
        })
    }
}
