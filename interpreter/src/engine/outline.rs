//! Counted turns read from an outline of the state. Where the game's ends
//! are lines through the piece put (after a move) and "no move" (at the
//! start of a turn), and every player's moves are counted placements whose
//! rules test nothing of the state (`Counting::Outlined`), what a turn may do
//! and what it leads to can be read from the fields taken, each player's
//! fields and what each holds in hand ([`Outline`]), without the state:
//!
//! - perft counts every level below such a turn on the outline alone, each
//!   move put on and taken off again, no state copied and no turn played;
//! - random play draws each move from the outline's count and makes it on
//!   the state the general way, but reads from the outline whether the game
//!   ended and what the next player may do.
//!
//! The moves, their order and the ends are those of [`Game::perft_counted`]
//! and [`Game::play_counted_turns`]; tests compare them.

use super::count::placed;
use super::{Cond, Phase, Placing};
use crate::board::{FieldId, fields_of_word, nth_field_of_word};
use crate::piece::{KindId, MAX_PLAYERS, Player};
use crate::program::Game;
use crate::program::lines::LineMasks;
use crate::ruleset::When;
use crate::state::State;

/// The kinds an outline counts in hand: a game of more is played the
/// general way. (An outline is made per game: held small, it is set up by a
/// few stores, where one with room for 32 kinds was a call of `memset`.)
const KINDS: usize = 8;

/// What a counted turn reads of a state, and what making one changes.
struct Outline {
    /// The fields a piece tops.
    taken: u64,
    /// Per player, the fields their pieces top.
    mine: [u64; MAX_PLAYERS],
    /// Per player and kind, the pieces in hand.
    hands: [[u16; KINDS]; MAX_PLAYERS],
    /// Per player, the kinds they hold any of in hand (bits).
    in_hand: [u32; MAX_PLAYERS],
    ply: u32,
}

impl Outline {
    fn of(s: &State) -> Outline {
        let mut o = Outline {
            taken: s.topped_word(0),
            mine: [0; MAX_PLAYERS],
            hands: [[0; KINDS]; MAX_PLAYERS],
            in_hand: [0; MAX_PLAYERS],
            ply: s.ply,
        };
        for p in 0..s.players {
            let q = usize::from(p);
            o.mine[q] = s.topped_first_word(p);
            for kind in 0..s.kinds.min(KINDS as KindId) {
                let n = s.hand(p, kind);
                o.hands[q][usize::from(kind)] = n;
                o.in_hand[q] |= u32::from(n != 0) << kind;
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

/// A phase's counted turns as read on an [`Outline`].
struct Turns<'a> {
    game: &'a Game,
    phase: &'a Phase,
    /// Per player, the phase's placings (see `Counting::Outlined`).
    placings: &'a [Vec<Placing>],
    /// "No move" ends the game (else the player passes).
    ends_if_stuck: bool,
    /// The lines through the piece put that end the game, where an end asks for them.
    lines: Option<&'a LineMasks>,
    players: u8,
}

impl<'a> Turns<'a> {
    /// The turns of `phase` in `s`, where its counted turns are read from an outline.
    /// Inlined into the loop of random turns: what it returns (the phase's
    /// placings, whether "no move" ends the game, the players) is then read
    /// from registers in every turn of the loop, not from a value returned
    /// through memory (about 100 instructions a game; see the performance log).
    #[inline(always)]
    fn of(game: &'a Game, s: &State, phase: &'a Phase) -> Option<Turns<'a>> {
        let ends_if_stuck = game.ends.iter().any(|end| matches!(end.test, Cond::NoMoves));
        // (The phase is outlined where one end at most asks for a line.)
        let lines = game.ends.iter().find_map(|end| match &end.test {
            Cond::MovedLineMasks(lines) => Some(&**lines),
            _ => None,
        });
        let placings = phase
            .plan
            .counting
            .outlined()
            .filter(|p| p.len() >= usize::from(s.players) && usize::from(s.kinds) <= KINDS)?;
        Some(Turns { game, phase, placings, ends_if_stuck, lines, players: s.players })
    }

    fn next(&self, me: Player) -> Player {
        if me + 1 >= self.players { 0 } else { me + 1 }
    }

    /// The moves of `me` in `o`: per rule, the fields free for it times the kinds it puts that they hold.
    #[inline(always)]
    fn moves(&self, o: &Outline, me: Player) -> u32 {
        let me = usize::from(me);
        let placings = &self.placings[me];
        placings.iter().map(|p| (p.targets & !o.taken).count_ones() * (p.kinds & o.in_hand[me]).count_ones()).sum()
    }

    /// The `i`th move of `me` in `o` (below [`Turns::moves`]), in the order
    /// of the legal moves: its rule, kind and the field it comes to rest on.
    #[inline(always)]
    fn nth(&self, o: &Outline, me: Player, mut i: u32) -> Option<(u8, KindId, FieldId)> {
        for p in &self.placings[usize::from(me)] {
            let free = p.targets & !o.taken;
            let here = free.count_ones();
            for kind in fields_of_word(0, u64::from(p.kinds & o.in_hand[usize::from(me)])) {
                if i < here {
                    let to = self.phase.rules[usize::from(p.rule)].rest_by_bits(o.taken, nth_field_of_word(free, i));
                    return Some((p.rule, kind as KindId, to));
                }
                i -= here;
            }
        }
        None
    }

    /// Whether a piece put on `to`, its owner's fields then `mine`, ends the game by a line.
    #[inline(always)]
    fn makes_line(&self, to: FieldId, mine: u64) -> bool {
        self.lines.is_some_and(|lines| lines.any_within(to, mine))
    }

    /// Whether the game is over by the turn limit at ply `ply`.
    #[inline(always)]
    fn at_limit(&self, ply: u32) -> bool {
        self.game.max_plies > 0 && ply >= self.game.max_plies
    }

    /// The sequences of `depth` (2 or more) moves from `o`, `me` to move with a move to make.
    fn count_below(&self, o: &mut Outline, me: Player, depth: usize) -> u64 {
        if self.at_limit(o.ply + 1) {
            return 0;
        }
        let next = self.next(me);
        let q = usize::from(me);
        let mut total = 0;
        for p in &self.placings[q] {
            let rule = &self.phase.rules[usize::from(p.rule)];
            let free = p.targets & !o.taken;
            for kind in fields_of_word(0, u64::from(p.kinds & o.in_hand[q])) {
                for put_on in fields_of_word(0, free) {
                    let to = rule.rest_by_bits(o.taken, put_on);
                    let bit = 1u64 << to;
                    if self.makes_line(to, o.mine[q] | bit) {
                        continue;
                    }
                    o.put(q, usize::from(kind), bit);
                    total += match (self.moves(o, next), depth) {
                        // No move: the game ends, or a pass is the last move.
                        (0, _) => u64::from(!self.ends_if_stuck),
                        (n, 2) => u64::from(n),
                        _ => self.count_below(o, next, depth - 1),
                    };
                    o.take_back(q, usize::from(kind), bit);
                }
            }
        }
        total
    }
}

impl Game {
    /// `perft(s, depth)` at a counted turn, for a `depth` of 2 or more, on an
    /// outline (see the module's comment); `None` where the phase's turns are
    /// not read so, or where a player who cannot move passes and a level
    /// follows (the general way plays the pass). After each move the game is
    /// over (a line, the turn limit, no move for the next player where that
    /// ends it) or the next player counts on.
    pub(super) fn perft_unmade(&self, s: &State, phase: &Phase, depth: usize) -> Option<u64> {
        let turns = Turns::of(self, s, phase)?;
        if depth < 2 || (depth > 2 && !turns.ends_if_stuck) {
            return None;
        }
        Some(turns.count_below(&mut Outline::of(s), s.to_move, depth))
    }

    /// [`Game::play_counted_turns`] on an outline (see the module's comment),
    /// where the phase's turns are read so: `None` elsewhere.
    #[inline(always)]
    pub(super) fn play_outlined(
        &self,
        s: &mut State,
        phase: &Phase,
        draw: &mut impl FnMut(u32) -> u32,
        plies: u32,
    ) -> Option<u32> {
        let turns = Turns::of(self, s, phase)?;
        let mut o = Outline::of(s);
        let mut me = s.to_move;
        let mut n = turns.moves(&o, me);
        let mut played = 0;
        while played < plies && n > 0 {
            let Some((rule, kind, to)) = turns.nth(&o, me, draw(n)) else { break };
            played += 1;
            self.put_plainly(s, placed(rule, kind, to), &phase.rules[usize::from(rule)]);
            s.ply += 1;
            let (q, bit) = (usize::from(me), 1u64 << to);
            o.put(q, usize::from(kind), bit);
            // Where the outline sees the game end, the general way ends it, as it reads it.
            if (turns.makes_line(to, o.mine[q]) || turns.at_limit(o.ply)) && self.ended_after_move(s, me) {
                break;
            }
            me = turns.next(me);
            debug_assert!(!self.marks.expire, "counted turns are planned where no mark expires");
            self.pass_turn(s, me);
            n = turns.moves(&o, me);
            if n == 0 && turns.ends_if_stuck {
                self.check_ends_knowing(s, When::StartOfTurn, me, Some(true));
            }
        }
        Some(played)
    }
}
