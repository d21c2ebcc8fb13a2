//! The end of the game: its end conditions tested, the winner and ranks
//! decided, pieces gathered and scores counted.

use super::cond::{Cond, who};
use super::{Gather, Ranking};
use crate::board::NO_FIELD;
use crate::piece::{MAX_PLAYERS, Player};
use crate::program::Game;
use crate::ruleset::When;
use crate::state::{OUT, Outcome, Reason, State};

impl Game {
    /// Checks the end conditions of one kind for player `me`; true if the game ended.
    pub(super) fn check_ends(&self, s: &mut State, at: When, me: Player) -> bool {
        self.check_ends_knowing(s, at, me, None)
    }

    /// [`Game::check_ends`], where whether `me` has no move may be known
    /// already (`no_move`): then a test that is just "no move" reads it.
    /// Worked out by a test, it is kept for the next ones, while no end
    /// has changed the state (a player who finishes and the game goes on).
    #[inline(always)]
    pub(super) fn check_ends_knowing(&self, s: &mut State, at: When, me: Player, no_move: Option<bool>) -> bool {
        let mut no_move = no_move;
        if let Some(flat) = &self.plan.ends {
            let ends = match at {
                When::AfterMove => &flat.after_move,
                When::StartOfTurn => &flat.start_of_turn,
            };
            for (i, test) in ends[usize::from(me)].iter() {
                if self.flat_holds(test, s, me, &mut no_move) {
                    if self.end_by(s, usize::from(*i), me) {
                        return true;
                    }
                    no_move = None;
                }
            }
            return false;
        }
        for (i, end) in self.ends.iter().enumerate() {
            if end.at == at && self.end_holds(&end.test, s, me, no_move) && self.end_by(s, i, me) {
                return true;
            }
        }
        false
    }

    /// Whether an end's test holds for `me`: a line through the last piece
    /// by masks, the commonest test after a move, read here without a call;
    /// "no move" where it is known. (Asking for "no move" here, not known,
    /// costs the games where it is rarely asked more than it saves.)
    #[inline(always)]
    pub(super) fn end_holds(&self, test: &Cond, s: &State, me: Player, no_move: Option<bool>) -> bool {
        match (test, no_move) {
            (Cond::MovedLineMasks(lines), _) => self.made_line_by_masks(s, lines),
            (Cond::NoMoves, Some(none)) => none,
            _ => self.eval(test, s, me, NO_FIELD),
        }
    }

    /// The end condition `i` holds for `me`: the game ends by it (true), or
    /// the player it names finishes (or had) and the game goes on (false). Apart from
    /// [`Game::check_ends`], which runs after every move: its loop stays small.
    #[cold]
    #[inline(never)]
    pub(super) fn end_by(&self, s: &mut State, i: usize, me: Player) -> bool {
        let end = &self.ends[i];
        let reason = Reason::End(i as u16);
        let team = |p: Player| self.teams[usize::from(p)];
        for g in &end.gather {
            self.gather(s, *g, me);
        }
        match end.result {
            Ranking::Win(w) => {
                let mut ranks = [0; MAX_PLAYERS];
                ranks[usize::from(team(who(w, me, s)))] = 1;
                self.conclude(s, reason, ranks);
            }
            Ranking::Draw => self.conclude(s, reason, [0; MAX_PLAYERS]),
            Ranking::MostArea { dirs, plus } => {
                let area = self.area_scores(s, dirs, plus);
                let mut scores = [0i64; MAX_PLAYERS];
                (0..s.players).for_each(|p| scores[usize::from(team(p))] += area[usize::from(p)]);
                self.conclude(s, reason, scores);
            }
            Ranking::MostIn(zone) => {
                let mut pieces = [0i64; MAX_PLAYERS];
                (0..s.players).for_each(|p| pieces[usize::from(team(p))] += i64::from(self.count_in(s, zone, p)));
                self.conclude(s, reason, pieces);
            }
            Ranking::MorePieces | Ranking::MorePiecesOr(_) => {
                // Teams by their pieces on the board; on a tie for the most, `w`'s team is ahead.
                let favoured = match end.result {
                    Ranking::MorePiecesOr(w) => Some(team(who(w, me, s))),
                    _ => None,
                };
                let mut pieces = [0i64; MAX_PLAYERS];
                (0..s.players).for_each(|p| pieces[usize::from(team(p))] += i64::from(s.on_board(p)));
                let most = pieces.iter().copied().max().unwrap_or(0);
                let mut ranks = pieces.map(|n| 2 * n);
                if let Some(t) = favoured.filter(|&t| pieces[usize::from(t)] == most) {
                    ranks[usize::from(t)] += 1;
                }
                self.conclude(s, reason, ranks);
            }
            Ranking::Finish(w) => {
                let p = who(w, me, s);
                if s.finished[usize::from(p)] == 0 {
                    self.finish(s, p, reason);
                }
                if s.outcome.is_none() {
                    return false;
                }
            }
        }
        // (The winner looked for only where the end scores.)
        if !end.score.is_empty() {
            let winner = s.outcome.and_then(|o| o.winners().next());
            let score = winner.map_or(0, |w| self.score(s, &end.score, w));
            if let Some(o) = &mut s.outcome {
                o.score = score;
            }
        }
        true
    }

    /// At the end: the pieces on every version of zone `g.from` go onto the
    /// first field of a version of zone `g.to` (the owner's of the version
    /// they stand on, or `g.player`'s), as far as that field holds them.
    pub(super) fn gather(&self, s: &mut State, g: Gather, me: Player) {
        let (from, to) = (&self.zones[usize::from(g.from)], &self.zones[usize::from(g.to)]);
        for p in 0..s.players {
            let taker = g.player.map_or(p, |w| who(w, me, s));
            let Some(&store) = to.groups[usize::from(taker)].iter().flatten().next() else { continue };
            for f in self.board.fields().filter(|&f| from.contains(p, f) && f != store) {
                while s.height(store) < self.fields[usize::from(store)].limit {
                    let Some(piece) = s.pop(f) else { break };
                    s.push(store, piece);
                }
            }
        }
    }

    /// Player `p` has finished: their team takes the next place once all its
    /// members have; when one team is left, it takes the last and the game ends.
    pub(super) fn finish(&self, s: &mut State, p: Player, reason: Reason) {
        s.touch();
        let players = usize::from(s.players);
        s.finished[usize::from(p)] = OUT;
        let team = self.teams[usize::from(p)];
        let members = || (0..players).filter(move |&q| self.teams[q] == team);
        if members().all(|q| s.finished[q] != 0) {
            let place = next_place(s);
            members().for_each(|q| s.finished[q] = place);
        }
        let mut left = (0..players).filter(|&q| s.finished[q] == 0 || s.finished[q] == OUT).map(|q| self.teams[q]);
        let first = left.next();
        if left.all(|t| Some(t) == first) {
            self.conclude(s, reason, [0; MAX_PLAYERS]);
        }
    }

    /// Ends the game: the teams not yet placed take the places after those
    /// taken, highest `ranks[team]` first (equal ranks share a place).
    pub(super) fn conclude(&self, s: &mut State, reason: Reason, ranks: [i64; MAX_PLAYERS]) {
        s.touch();
        // (Slices of the players once, and teams read modulo MAX_PLAYERS: the
        // loops run over the players, not unrolled over MAX_PLAYERS with a
        // bounds check in each: some 110 of 180 instructions a game.)
        let players = usize::from(s.players).min(MAX_PLAYERS);
        let (teams, finished) = (&self.teams[..players], &s.finished[..players]);
        let base = finished.iter().fold(0, |base, &f| if f == OUT { base } else { base.max(f) });
        let unplaced = |f: u8| f == 0 || f == OUT;
        // Each team still in the game once (teams are numbered below the players).
        let mut open = [false; MAX_PLAYERS];
        for (&f, &t) in finished.iter().zip(teams) {
            open[usize::from(t) % MAX_PLAYERS] |= unplaced(f);
        }
        let rank = |t: u8| ranks[usize::from(t) % MAX_PLAYERS];
        let mut places = [0u8; MAX_PLAYERS];
        for ((place, &f), &t) in places.iter_mut().zip(finished).zip(teams) {
            *place = if unplaced(f) {
                let mine = rank(t);
                let ahead = (0..players).filter(|&u| open[u] && ranks[u] > mine).count();
                base + 1 + ahead as u8
            } else {
                f
            };
        }
        // (Past the players both are 0: the whole array, not a call to copy a slice.)
        s.finished = places;
        s.outcome = Some(Outcome { places, reason, score: 0 });
    }

    /// The winner's points: for each enemy piece on the board in a scoring zone.
    pub(super) fn score(&self, s: &State, table: &[(u8, u16)], winner: Player) -> u16 {
        let mut total = 0u16;
        for &(zone, points) in table {
            let zone = &self.zones[usize::from(zone)];
            for f in self.board.fields() {
                if zone.contains(winner, f) {
                    let enemies = s.stack(f).iter().filter(|p| p.owner != winner).count() as u16;
                    total = total.saturating_add(enemies * points);
                }
            }
        }
        total
    }
}

/// The best place no team has taken yet.
fn next_place(s: &State) -> u8 {
    s.finished[..usize::from(s.players)].iter().filter(|&&f| f != OUT).max().copied().unwrap_or(0) + 1
}
