//! Seega written by hand, as a yardstick for the interpreter: the rules of
//! `rulesets/seega.ron` at its default options. 5 x 5; each player places 12
//! stones two a turn anywhere but the centre (White first); then Black moves
//! first, a stone steps orthogonally to an empty field and captures every enemy
//! stone it encloses with another own stone along a line (not on the centre);
//! after a capture the stone may go on capturing, or stop. Taking every enemy
//! stone wins; at 1000 decisions the player with more stones wins. A player
//! without a move passes; when the next one cannot move either the game is
//! drawn. Its perft counts are tested equal to the interpreter's.

use super::Position as _;

const SIDE: i32 = 5;
const CENTRE: usize = 12;
const STONES: u8 = 12;
const MAX_PLIES: u32 = 1000;
const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    Place(u8),
    Step(u8, u8),
    Stop,
    Pass,
}

#[derive(Clone)]
pub struct Position {
    /// `board[row * 5 + col]`: 0 empty, 1 White, 2 Black.
    board: [u8; 25],
    hand: [u8; 2],
    /// 0 White, 1 Black.
    to_move: u8,
    movement: bool,
    decisions_left: u8,
    continuing: Option<u8>,
    passed: bool,
    ply: u32,
    /// The winner (1 or 2), 3 for a draw, 0 while the game goes on.
    pub result: u8,
}

fn neighbour(f: usize, (dc, dr): (i32, i32)) -> Option<usize> {
    let (c, r) = (f as i32 % SIDE + dc, f as i32 / SIDE + dr);
    ((0..SIDE).contains(&c) && (0..SIDE).contains(&r)).then_some((r * SIDE + c) as usize)
}

impl super::Position for Position {
    type Move = Decision;

    fn start() -> Position {
        Position {
            board: [0; 25],
            hand: [STONES; 2],
            to_move: 0,
            movement: false,
            decisions_left: 2,
            continuing: None,
            passed: false,
            ply: 0,
            result: 0,
        }
    }

    /// The legal decisions, into `out` (cleared first): none once the game is over.
    fn moves(&self, out: &mut Vec<Decision>) {
        out.clear();
        if self.result != 0 {
            return;
        }
        if let Some(f) = self.continuing {
            self.steps_from(usize::from(f), true, out);
            out.push(Decision::Stop);
            return;
        }
        self.ordinary(out);
        if out.is_empty() {
            out.push(Decision::Pass);
        }
    }

    const CHAINS: bool = true;

    fn continuing(&self) -> bool {
        self.continuing.is_some()
    }

    fn play(&mut self, m: Decision) {
        let me = self.to_move;
        self.passed = false;
        match m {
            Decision::Pass => {
                self.passed = true;
                self.decisions_left = 1;
            }
            Decision::Stop => {
                self.continuing = None;
                self.decisions_left = 1;
            }
            Decision::Place(to) => {
                self.hand[usize::from(me)] -= 1;
                self.board[usize::from(to)] = me + 1;
            }
            Decision::Step(from, to) => {
                let was_continuing = self.continuing.take().is_some();
                self.board[usize::from(from)] = 0;
                self.board[usize::from(to)] = me + 1;
                let mut victims = [0; 4];
                let mut n = 0;
                for v in self.enclosed(usize::from(to), me) {
                    victims[n] = v;
                    n += 1;
                }
                for &v in &victims[..n] {
                    self.board[v] = 0;
                }
                if n > 0 {
                    let mut follow = Vec::new();
                    self.steps_from(usize::from(to), true, &mut follow);
                    if !follow.is_empty() {
                        self.continuing = Some(to);
                    }
                }
                if was_continuing && self.continuing.is_none() {
                    self.decisions_left = 1;
                }
            }
        }
        self.ply += 1;
        self.after_decision(me);
    }
}

impl Position {
    /// A position of the movement phase at the start of a turn, with these
    /// stones (`board[row * 5 + col]`: 0 empty, 1 White, 2 Black), `to_move`
    /// (0 White, 1 Black) and decisions made so far.
    pub fn movement(board: [u8; 25], to_move: u8, ply: u32) -> Position {
        Position { board, hand: [0; 2], to_move, movement: true, decisions_left: 1, ply, ..Position::start() }
    }

    fn stones(&self, player: u8) -> usize {
        self.board.iter().filter(|&&c| c == player + 1).count()
    }

    /// The stones a stone of `me` arriving on `to` encloses.
    fn enclosed(&self, to: usize, me: u8) -> impl Iterator<Item = usize> + '_ {
        let (own, enemy) = (me + 1, 2 - me);
        DIRS.into_iter().filter_map(move |d| {
            let victim = neighbour(to, d)?;
            let ally = neighbour(victim, d)?;
            (victim != CENTRE && self.board[victim] == enemy && self.board[ally] == own).then_some(victim)
        })
    }

    /// Steps of the stone on `from` (to empty neighbours), capturing ones only if asked.
    fn steps_from(&self, from: usize, capturing_only: bool, out: &mut Vec<Decision>) {
        let me = self.to_move;
        for d in DIRS {
            let Some(to) = neighbour(from, d) else { continue };
            if self.board[to] != 0 {
                continue;
            }
            let mut after = self.clone();
            after.board[from] = 0;
            after.board[to] = me + 1;
            if !capturing_only || after.enclosed(to, me).next().is_some() {
                out.push(Decision::Step(from as u8, to as u8));
            }
        }
    }

    /// The decisions other than pass and stop.
    fn ordinary(&self, out: &mut Vec<Decision>) {
        let me = self.to_move;
        if !self.movement {
            if self.hand[usize::from(me)] > 0 {
                out.extend((0..25).filter(|&f| f != CENTRE && self.board[f] == 0).map(|f| Decision::Place(f as u8)));
            }
            return;
        }
        for from in (0..25).filter(|&f| self.board[f] == me + 1) {
            self.steps_from(from, false, out);
        }
    }

    fn has_move(&self) -> bool {
        let me = self.to_move;
        if !self.movement {
            return self.hand[usize::from(me)] > 0 && (0..25).any(|f| f != CENTRE && self.board[f] == 0);
        }
        (0..25).any(|f| {
            self.board[f] == me + 1 && DIRS.into_iter().any(|d| neighbour(f, d).is_some_and(|to| self.board[to] == 0))
        })
    }

    fn after_decision(&mut self, mover: u8) {
        let enemy = 1 - mover;
        if self.movement && self.stones(enemy) == 0 && self.hand[usize::from(enemy)] == 0 {
            self.result = mover + 1;
            return;
        }
        if self.ply >= MAX_PLIES {
            self.result = match self.stones(mover).cmp(&self.stones(enemy)) {
                std::cmp::Ordering::Greater => mover + 1,
                std::cmp::Ordering::Less => enemy + 1,
                std::cmp::Ordering::Equal => 3,
            };
            return;
        }
        if self.continuing.is_some() {
            return;
        }
        self.decisions_left = self.decisions_left.saturating_sub(1);
        if self.decisions_left > 0 && self.has_move() {
            return;
        }
        let mut next = enemy;
        if !self.movement && self.hand == [0, 0] {
            self.movement = true;
            next = 1;
        }
        self.to_move = next;
        self.decisions_left = if self.movement { 1 } else { 2 };
        if self.passed && !self.has_move() {
            self.result = 3;
        }
    }
}
