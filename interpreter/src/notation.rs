//! The text form of moves: `b1-b2`, `S@c3` (place), `S^a4` (take back), `xd7` (capture a chosen piece), `c1` (sow),
//! `pass`, `stop`, `throw:4`. Parsing matches against the legal moves, so every
//! move that can be played has exactly one text and every text one move.

use crate::board::NO_FIELD;
use crate::error::{MoveError, Refusal, did_you_mean};
use crate::moves::{Action, Move, NO_DIR};
use crate::program::Game;
use crate::state::{Pending, State};

impl Game {
    /// The move's text form.
    pub fn move_text(&self, m: Move) -> String {
        let field = |f| if f == NO_FIELD { "?" } else { self.board.name(f) };
        let letter = || self.kinds.get(usize::from(m.kind)).map_or('?', |k| k.letter);
        match m.action {
            Action::Board => {
                // Where two directions wrap, two moves from one field may end on the
                // same field (three east, four west): the direction tells them apart.
                if m.dir != NO_DIR && self.board.wraps(m.dir) && self.board.wrapping_dirs() > 1 {
                    format!("{}-{}/{}", field(m.from), field(m.to), self.board.dir_names()[usize::from(m.dir)])
                } else if m.kind & crate::moves::CHOSEN != 0 {
                    // A choice inside the move (issue 45): the kind the piece becomes.
                    let chosen = self.kinds.get(usize::from(m.kind & !crate::moves::CHOSEN)).map_or('?', |k| k.letter);
                    format!("{}-{}={chosen}", field(m.from), field(m.to))
                } else if let Some(label) = self.run_choice_text(m) {
                    // A capture run chosen inside the move (issue 45): approach or withdrawal.
                    format!("{}-{}/{label}", field(m.from), field(m.to))
                } else {
                    format!("{}-{}", field(m.from), field(m.to))
                }
            }
            Action::Place | Action::PlacePending => format!("{}@{}", letter(), field(m.to)),
            Action::Capture => format!("x{}", field(m.to)),
            Action::Skip => "skip".into(),
            Action::Lift => format!("{}^{}", letter(), field(m.from)),
            Action::Exit => format!("{}-off", field(m.from)),
            Action::Sow => field(m.from).to_string(),
            Action::Pass => "pass".into(),
            Action::Stop => "stop".into(),
            Action::Chance => self
                .chance
                .get(usize::from(m.from))
                .and_then(|c| c.outcomes.get(usize::from(m.to)))
                .map_or_else(|| "throw:?".into(), |o| format!("throw:{}", o.label)),
        }
    }

    /// The texts of `moves`, the legal moves of one state, each told apart
    /// from the others: where two would read alike (on a ring, a jump either
    /// way round to the same field; two rules that sow the same pit), each
    /// gets its direction (`p1-p3/cw`), or where that does not tell them
    /// apart, its rule's number in the phase (`p1/2`).
    pub fn move_texts(&self, moves: &[Move]) -> Vec<String> {
        let plain: Vec<String> = moves.iter().map(|&m| self.move_text(m)).collect();
        let alike = tally(plain.iter().map(String::as_str));
        let alike_dir = tally(plain.iter().zip(moves).map(|(t, m)| (t.as_str(), m.dir)));
        plain
            .iter()
            .zip(moves)
            .map(|(text, m)| {
                if alike[text.as_str()] == 1 {
                    text.clone()
                } else if m.dir != NO_DIR && alike_dir[&(text.as_str(), m.dir)] == 1 {
                    format!("{text}/{}", self.board.dir_names()[usize::from(m.dir)])
                } else {
                    format!("{text}/{}", u16::from(m.rule) + 1)
                }
            })
            .collect()
    }

    /// The text of `m` among the legal moves of `s` (see [`Game::move_texts`]).
    pub fn move_text_in(&self, s: &State, m: Move) -> String {
        let legal = self.legal_moves(s);
        match legal.iter().position(|&l| l == m) {
            Some(i) => self.move_texts(&legal).swap_remove(i),
            None => self.move_text(m),
        }
    }

    /// Reads a move in `state`; an illegal or malformed one comes back with the reason.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let legal = self.legal_moves(state);
        let mut texts = self.move_texts(&legal);
        let found = match_text(text, &texts)
            .or_else(|e| match_text(&text.replacen('x', "-", 1), &texts).map_err(|other| e.or(other)))
            .map_err(|e| e.or_else(|| told_apart(text, &texts)));
        let reason = match found {
            Ok(i) => return Ok(legal[i]),
            Err(Some(ambiguous)) => ambiguous,
            Err(None) => self.why_illegal(state, text),
        };
        texts.sort();
        Err(MoveError::new(text, reason, texts))
    }

    fn why_illegal(&self, s: &State, text: &str) -> Refusal {
        if s.is_over() {
            return Refusal::GameOver;
        }
        if let Pending::Chance(c) = s.pending() {
            let device = &self.chance[usize::from(c)];
            let outcomes: Vec<String> = device.outcomes.iter().map(|o| format!("throw:{}", o.label)).collect();
            let device = device.name.clone();
            return match text.strip_prefix("throw:") {
                Some(value) => Refusal::NotAnOutcome { value: value.to_string(), device, outcomes },
                None => Refusal::ThrowFirst { device, outcomes },
            };
        }
        if text.starts_with("throw:") {
            return Refusal::NoThrowDue;
        }
        match s.pending() {
            Pending::Huff => return Refusal::HuffFirst,
            Pending::Capture { .. } => return Refusal::ChooseCapture,
            Pending::Place { .. } => return Refusal::PlaceFirst,
            _ => {}
        }
        let names = self.board.names().iter().map(String::as_str);
        let check_field = |f: &str| -> Result<crate::board::FieldId, Refusal> {
            self.board.field(f).ok_or_else(|| Refusal::UnknownField {
                field: f.to_string(),
                close: did_you_mean(f, names.clone()).map(str::to_string),
            })
        };
        let me = s.to_move();
        if let Some((a, b)) = text.split_once('-').or_else(|| text.split_once('x')) {
            let from = match check_field(a) {
                Ok(f) => f,
                Err(e) => return e,
            };
            if b != "off" {
                if let Err(e) = check_field(b) {
                    return e;
                }
            }
            return match s.top(from) {
                None => Refusal::NoPiece { field: a.to_string() },
                Some(p) if p.owner != me => {
                    Refusal::NotYours { field: a.to_string(), mover: self.players[usize::from(me)].clone() }
                }
                Some(_) if s.continuing().is_some_and(|c| c.field != from) => Refusal::CapturerGoesOn,
                Some(p) => Refusal::CannotMove {
                    piece: self.kinds[usize::from(p.kind)].name.clone(),
                    from: a.to_string(),
                    to: b.to_string(),
                },
            };
        }
        for sep in ['@', '^'] {
            let Some((letter, f)) = text.split_once(sep) else { continue };
            if let Err(e) = check_field(f) {
                return e;
            }
            let kind =
                letter.chars().next().and_then(|l| self.kinds.iter().position(|k| k.letter == l.to_ascii_uppercase()));
            let Some(kind) = kind else {
                return Refusal::UnknownLetter { letter: letter.to_string() };
            };
            let (piece, field) = (self.kinds[kind].name.clone(), f.to_string());
            if sep == '^' {
                return Refusal::CannotLift { piece, field };
            }
            if s.hand(me, kind as u8) == 0 {
                return Refusal::NotInHand { player: self.players[usize::from(me)].clone(), piece };
            }
            return Refusal::CannotPlace { piece, field };
        }
        if matches!(text, "pass" | "stop") {
            return Refusal::PassOrStop { text: text.to_string() };
        }
        Refusal::Unreadable
    }
}

/// How many times each key comes: counted in one pass, so that telling the
/// texts of n moves apart takes time in n (a board with 138,840 legal moves
/// took 56 s when each move's text was compared with every other's).
fn tally<K: std::hash::Hash + Eq>(keys: impl Iterator<Item = K>) -> std::collections::HashMap<K, u32> {
    let mut counts = std::collections::HashMap::new();
    for key in keys {
        *counts.entry(key).or_insert(0) += 1;
    }
    counts
}

/// The legal move whose text is `t`. Letter case tells players' pieces apart
/// (`S@a1`, `s@a1`): the exact text wins, and another case is taken only when
/// exactly one move fits it; `Err(Some(..))` says why a text is ambiguous.
/// Where `t` is the text of several moves told apart (`p1-p3/cw`,
/// `p1-p3/ccw`), which to write.
fn told_apart(t: &str, texts: &[String]) -> Option<Refusal> {
    let apart: Vec<String> =
        texts.iter().filter(|l| l.strip_prefix(t).is_some_and(|r| r.starts_with('/'))).cloned().collect();
    (apart.len() > 1).then_some(Refusal::WriteWhich { could_be: apart })
}

fn match_text(t: &str, texts: &[String]) -> Result<usize, Option<Refusal>> {
    if let Some(i) = texts.iter().position(|l| l == t) {
        return Ok(i);
    }
    let mut fits = texts.iter().enumerate().filter(|(_, l)| l.eq_ignore_ascii_case(t));
    match (fits.next(), fits.next()) {
        (Some((i, _)), None) => Ok(i),
        (Some((_, a)), Some((_, b))) => Err(Some(Refusal::LetterCase { could_be: [a.clone(), b.clone()] })),
        _ => Err(None),
    }
}

#[cfg(test)]
mod tests {
    use crate::error::Refusal;
    use crate::shipped::testing::{variants, visit_random_games};
    use std::cell::Cell;
    use std::hash::{Hash, Hasher};

    thread_local! {
        static COMPARED: Cell<u64> = const { Cell::new(0) };
    }

    /// A key that counts how often it is compared.
    #[derive(Clone, Copy)]
    struct Counted(u32);
    impl PartialEq for Counted {
        fn eq(&self, other: &Counted) -> bool {
            COMPARED.with(|c| c.set(c.get() + 1));
            self.0 == other.0
        }
    }
    impl Eq for Counted {}
    impl Hash for Counted {
        fn hash<H: Hasher>(&self, h: &mut H) {
            self.0.hash(h);
        }
    }

    /// Texts are told apart in time linear in the number of moves: tallying
    /// 100,000 keys (in pairs that read alike) compares about one key per key,
    /// where comparing each with every other (as `move_texts` did) made
    /// 10,000,000,000 comparisons.
    #[test]
    fn telling_texts_apart_compares_each_text_a_few_times_not_with_every_other() {
        let n = 100_000u32;
        COMPARED.with(|c| c.set(0));
        let counts = super::tally((0..n).map(|i| Counted(i / 2)));
        assert_eq!(counts.len() as u32, n / 2);
        assert!(counts.values().all(|&c| c == 2));
        let compared = COMPARED.with(Cell::get);
        assert!(compared <= 4 * u64::from(n), "{compared} comparisons for {n} keys");
    }

    /// The texts of 120,000 moves on a 26x40 board, half of them in pairs
    /// that read alike: told apart by rule, at once (comparing each with every
    /// other, as before, took minutes for as many).
    #[test]
    fn the_texts_of_many_moves_on_a_big_board_are_told_apart() {
        use crate::moves::{Action, Move, NO_DIR};
        let text = r#"Ruleset(name: "big", title: "Big", players: ["A", "B"],
            board: Grid(cols: 26, rows: 40, links: ["All"]), pieces: [(name: "S", letter: 'S')],
            phases: [(name: "play", moves: [(pieces: ["S"], by: Place())])])"#;
        let game = crate::Game::from_source(text, "big.ron", &crate::Options::new()).expect("compiles");
        let board = |from: u16, to: u16, rule| Move { action: Action::Board, rule, kind: 0, dir: NO_DIR, from, to };
        let mut moves: Vec<Move> = (0..60_000u16).map(|i| board(i % 1040, i / 1040, 0)).collect();
        moves.extend(
            (0..30_000u16).flat_map(|i| [board(i % 1040, 100 + i / 1040, 1), board(i % 1040, 100 + i / 1040, 2)]),
        );
        let texts = game.move_texts(&moves);
        assert_eq!(texts.len(), moves.len());
        assert_eq!(texts.iter().collect::<std::collections::HashSet<_>>().len(), moves.len(), "each told apart");
        assert_eq!(
            (texts[0].as_str(), texts[60_000].as_str(), texts[60_001].as_str()),
            ("a1-a1", "a1-w4/2", "a1-w4/3")
        );
    }

    /// `throw:5` where 5 is no outcome said "a throw of throw is due first".
    #[test]
    fn a_throw_that_is_no_outcome_says_what_the_outcomes_are() {
        let game = crate::shipped::game("senet", &Default::default()).expect("senet");
        // Senet begins with the first throw made (a 1): no throw is due.
        let start = game.initial_state();
        let refused = game.parse_move(&start, "throw:1").expect_err("no throw due");
        assert_eq!((refused.reason.to_string(), *refused.reason), ("no throw is due now".into(), Refusal::NoThrowDue));
        let first = game.parse_move(&start, "10-11").expect("legal");
        let state = game.play(start, first).expect("plays");
        let reason = |text: &str| game.parse_move(&state, text).expect_err(text).reason.to_string();
        assert!(matches!(
            *game.parse_move(&state, "throw:5").expect_err("no outcome").reason,
            Refusal::NotAnOutcome { value, device, .. } if value == "5" && device == "throw"
        ));
        assert_eq!(
            reason("throw:5"),
            "\"5\" is not something the chance device \"throw\" gives: expected one of throw:1, throw:2, \
             throw:3, throw:4, throw:6"
        );
        assert!(reason("9-12").starts_with("the chance device \"throw\" is to be thrown first: throw:1"));
    }

    /// No two legal moves of a shipped game read alike: their texts need no
    /// telling apart, so records written before moves were told apart read
    /// as they did.
    #[test]
    fn shipped_games_need_no_moves_told_apart() {
        let mut positions = 0;
        for (name, options, game) in variants() {
            visit_random_games(&game, 5, 2, |_, legal| {
                let plain: Vec<String> = legal.iter().map(|&m| game.move_text(m)).collect();
                assert_eq!(game.move_texts(legal), plain, "{name} {options:?}");
                positions += 1;
            });
        }
        assert!(positions > 10_000, "only {positions} positions");
    }
}
