//! The royal filter's fast path (issue 48): "after the move no royal piece
//! of the mover is attacked" (`RequireAfter(cond: Not(RoyalAttacked))`)
//! decided without playing the move where that can be proven.
//!
//! Once a ply, from each royal piece of the mover outward along the attack
//! tables (`engine/attack.rs`): the enemy pieces that attack it (checkers)
//! and the mover's pieces that stand alone between it and an enemy slide that
//! would attack it were they gone (pinned, with the line). The compiler made
//! the fast path only where the attacking rules' tests read nothing but the
//! field under test, the player and the phase (`compile/attacks.rs`), so that
//! a plain move of the mover (one piece from `from` to `to`, capturing only
//! there, making no royal piece) changes what attacks a royal piece that
//! stays only by emptying `from` and filling `to`. Such a move of a piece
//! that stands alone on its field:
//! - leaves a checker's attack on a royal piece that stays standing unless
//!   it captures the checker or lands between it and the royal piece: then
//!   it is refused untested, and where every checker is so answered, kept;
//! - moving a pinned piece off its line opens the slide: refused untested;
//! - otherwise it opens no attack and closes none that matters;
//! - and where the piece is royal itself, it is kept only if `to` is not
//!   attacked once it stands there: the same scan from `to`, the field it
//!   leaves seen empty (so that a slide along its line reaches `to`) and the
//!   attackers' landing read from their masks with the royal piece on `to`
//!   (each player's masks, so that a `to` naming a mirrored zone is read
//!   as the attacker's: `RoyalSafety::lands`).
//!
//! Every other move (en passant, castling, stacks; an attacker whose landing
//! no mask says) is played and tested as the general filter does, which
//! stays the one home of the meaning; `tests/tests/royal_safety.rs` checks the two agree.

use super::Cond;
use super::scratch::ScratchState;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Action, Move};
use crate::piece::{NOBODY, Player};
use crate::program::Game;
use crate::program::attacks::RoyalSafety;
use crate::state::State;
use std::cell::Cell;

/// The most royal pieces, checkers and pins looked at; beyond, every move is tested.
const MOST_ROYALS: usize = 4;
const MOST_LINES: usize = 16;

/// A checker or a pinned piece: the piece on `at`, and the fields from the
/// royal piece on `royal` back along `dir`, `len` of them, the last the
/// checker or the pinner (`dir` `u8::MAX`: a step or leap, `at` alone).
#[derive(Clone, Copy, Default)]
struct Line {
    royal: FieldId,
    at: FieldId,
    dir: u8,
    len: u8,
}

/// What the mover's royal pieces face at the start of a ply.
pub(super) struct Watch<'g> {
    plan: &'g RoyalSafety,
    me: Player,
    royals: [FieldId; MOST_ROYALS],
    royal_count: usize,
    checkers: [Line; MOST_LINES],
    checker_count: usize,
    pins: [Line; MOST_LINES],
    pin_count: usize,
    /// More than the arrays hold: every move is tested.
    overflow: bool,
}

/// Where a scan looks from: the field `k`, as the state stands (`left`
/// `NO_FIELD`) or as after a royal piece's own move from `left` to `k`; with
/// `pins`, what is pinned to the piece on `k` too.
#[derive(Clone, Copy)]
struct Probe {
    k: FieldId,
    left: FieldId,
    pins: bool,
}

/// What a scan from a royal piece finds.
enum Found {
    Checker(Line),
    Pin(Line),
}

/// What the fast path says of a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Verdict {
    /// No royal piece of the mover is attacked after it.
    Passes,
    /// Some royal piece of the mover is attacked after it.
    Fails,
    /// Played and tested.
    Test,
}

impl Game {
    /// The royal filter's watch for the ply, where the phase has the fast path
    /// and `cond` is `Not(RoyalAttacked)`.
    pub(super) fn royal_watch(&self, s: &State, cond: &Cond) -> Option<Watch<'_>> {
        let plan = self.attacks.safety.get(usize::from(s.phase))?.as_ref()?;
        if !matches!(cond, Cond::Not(c) if **c == Cond::RoyalAttacked) {
            return None;
        }
        let mut w = Watch {
            plan,
            me: s.to_move,
            royals: [NO_FIELD; MOST_ROYALS],
            royal_count: 0,
            checkers: [Line::default(); MOST_LINES],
            checker_count: 0,
            pins: [Line::default(); MOST_LINES],
            pin_count: 0,
            overflow: false,
        };
        let royal = self.attacks.royal;
        for k in s.fields_topped_by(w.me).filter(|&f| s.top(f).is_some_and(|p| royal >> p.kind & 1 != 0)) {
            if w.royal_count == MOST_ROYALS {
                w.overflow = true;
                return Some(w);
            }
            w.royals[w.royal_count] = k;
            w.royal_count += 1;
            // A safe field is attacked by nothing (as `Game::attacked_by` reads it).
            if !self.fields[usize::from(k)].safe {
                self.watch_royal(s, &mut w, k);
            }
        }
        Some(w)
    }

    /// The checkers and pins of the royal piece on `k`.
    fn watch_royal(&self, s: &State, w: &mut Watch, k: FieldId) {
        let plan = w.plan;
        let probe = Probe { k, left: NO_FIELD, pins: true };
        self.scan_royal(s, plan, w.me, probe, &Cell::new(false), &mut |found| {
            match found {
                Found::Checker(line) => w.add_checker(line),
                Found::Pin(line) => w.add_pin(line),
            }
            true
        });
    }

    /// `Attacked(by: Enemy)` on `field`, seen from `me`, where the phase has
    /// the fast path's tables: as `Game::attacked_by` answers for every
    /// enemy, each direction walked once for all the slides along it (the
    /// tests the plan allows read nothing else). `None`: no plan.
    pub(super) fn attacked_by_plan(&self, s: &State, me: Player, field: FieldId) -> Option<bool> {
        let plan = self.attacks.safety.get(usize::from(s.phase))?.as_ref()?;
        let mut attacked = false;
        if !self.fields[usize::from(field)].safe {
            let probe = Probe { k: field, left: NO_FIELD, pins: false };
            self.scan_royal(s, plan, me, probe, &Cell::new(false), &mut |_| {
                attacked = true;
                false
            });
        }
        Some(attacked)
    }

    /// What attacks a piece of `me`'s on `k` (or would, were one there), and
    /// with `pins` what is pinned to it, each given to `found` until it says stop.
    /// With `left` a field (a royal piece's own move from `left` to `k`): as
    /// after that move, `left` empty and its piece on `k`; an attacker whose
    /// landing the masks do not say is found as a checker and sets `unknown`.
    fn scan_royal(
        &self,
        s: &State,
        plan: &RoyalSafety,
        me: Player,
        Probe { k, left, pins }: Probe,
        unknown: &Cell<bool>,
        found: &mut impl FnMut(Found) -> bool,
    ) {
        let phase = &self.phases[usize::from(s.phase)];
        let Some(attackers) = self.attacks.phases.get(usize::from(s.phase)) else { return };
        // Whether an enemy piece of one of `kinds` stands on `g` (a look before the rules).
        let enemy_of = |g: FieldId, kinds: u32| {
            s.top(g).is_some_and(|p| {
                kinds >> p.kind & 1 != 0 && self.teams[usize::from(p.owner)] != self.teams[usize::from(me)]
            })
        };
        // Whether the enemy piece on `g` attacks `k` by the attacker `a`'s rule.
        let attacks = |a: usize, g: FieldId| {
            let rule = &phase.rules[usize::from(attackers[a].rule)];
            s.top(g).is_some_and(|p| {
                enemy_of(g, rule.pieces)
                    && self.eval(&rule.only_if_for[usize::from(p.owner)], s, p.owner, NO_FIELD)
                    && self.moves_from(rule, s, p.owner, g)
                    && self.lands_on_probe(plan.lands[a].as_deref(), s, p.owner, Probe { k, left, pins }, || {
                        if left == NO_FIELD {
                            self.lands_for_attack(rule, s, p.owner, me, g, k)
                        } else {
                            // (The state is not yet as after the royal piece's move.)
                            unknown.set(true);
                            true
                        }
                    })
            })
        };
        // The fields an enemy's piece tops, where they are one word and no
        // neutral piece stands: most fields are passed by a bit test, not a
        // look at their stack (chess's king's moves read 18 fields each).
        let enemies = if self.board.len() <= 64 && s.on_board(NOBODY) == 0 {
            let mine = self.teams[usize::from(me)];
            (0..self.player_count())
                .filter(|&p| self.teams[usize::from(p)] != mine)
                .fold(0, |w, p| w | s.topped_first_word(p))
        } else {
            u64::MAX
        };
        let maybe_enemy = |g: FieldId| enemies >> (g & 63) & 1 != 0;
        let toward =
            if plan.toward_fields[usize::from(k)] & enemies == 0 { &[][..] } else { &plan.toward[usize::from(k)] };
        for toward in toward {
            if !maybe_enemy(toward.from) || !enemy_of(toward.from, toward.kinds) {
                continue;
            }
            let g = toward.from;
            let mut bits = toward.attackers;
            while bits != 0 {
                let a = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if attacks(a, g) && !found(Found::Checker(Line { royal: k, at: g, dir: u8::MAX, len: 1 })) {
                    return;
                }
            }
        }
        // Every piece but the one leaving `left`, where the rays are read.
        let left_bit = if left == NO_FIELD { 0 } else { 1u64 << (left & 63) };
        let occupied = if plan.rays.is_empty() { 0 } else { s.topped_word(0) & !left_bit };
        for (i, along) in plan.dirs.iter().enumerate() {
            let d = along.dir;
            // The first piece back along `d` from `k`, and (with `pins`, where it is
            // the mover's) the one after it.
            let mine = |at: FieldId| pins && s.is_topped_by(at, me);
            let (first, second) = match plan.rays.get(usize::from(k) * plan.dirs.len() + i).copied().flatten() {
                // (No enemy on the ray: nothing that checks, nothing that pins.)
                Some(ray) if ray.fields & enemies == 0 => continue,
                Some(ray) => ray.first_two(occupied, mine),
                None => self.first_two_back(s, k, d, left, &mine),
            };
            // (A piece no slide along `d` moves is passed without a look at the slides.)
            let checks = first.0 != NO_FIELD && maybe_enemy(first.0) && enemy_of(first.0, along.kinds);
            let pinned = second.0 != NO_FIELD && maybe_enemy(second.0) && enemy_of(second.0, along.kinds);
            if !checks && !pinned {
                continue;
            }
            for &a in &along.attackers {
                let a = usize::from(a);
                let rule = &phase.rules[usize::from(attackers[a].rule)];
                let super::Motion::Slide { max, .. } = rule.motion else { continue };
                let go_on = if checks && first.1 <= max && attacks(a, first.0) {
                    found(Found::Checker(Line { royal: k, at: first.0, dir: d, len: first.1 }))
                } else if pinned && second.1 <= max && attacks(a, second.0) {
                    found(Found::Pin(Line { royal: k, at: first.0, dir: d, len: second.1 }))
                } else {
                    true
                };
                if !go_on {
                    return;
                }
            }
        }
    }

    /// Whether an attacker of `owner`'s whose rule lands by `lands` (its
    /// `RoyalSafety::lands`) lands on the probe's field `k`: on the piece
    /// there, or on a piece of the other side's where it is empty, or (after
    /// a royal piece's own move) on the piece from `left`. Where the masks do
    /// not say, `in_full` answers.
    fn lands_on_probe(
        &self,
        lands: Option<&[u8]>,
        s: &State,
        owner: Player,
        Probe { k, left, .. }: Probe,
        in_full: impl FnOnce() -> bool,
    ) -> bool {
        // What tops `k` seen from the attacker: the piece from `left`, the
        // piece there, or on an empty field a piece of the other side's.
        const ENEMY_OPEN: u8 = 2;
        let class = if left != NO_FIELD {
            s.top_class(left, owner)
        } else if s.height(k) > 0 {
            s.top_class(k, owner)
        } else if self.fields[usize::from(k)].limit == 1 {
            ENEMY_OPEN
        } else {
            // (No piece may stand there: asked in full, as the general test asks.)
            return in_full();
        };
        match lands {
            Some(masks) => masks[usize::from(owner) * self.board.len() + usize::from(k)] >> class & 1 != 0,
            None => in_full(),
        }
    }

    /// Whether `m` passes the royal filter `cond` (after it, no royal piece of
    /// the mover is attacked): by the watch where it can say, else played on
    /// `scratch` and tested, as `Game::filter_moves` does.
    pub(super) fn passes_royal_filter(
        &self,
        s: &State,
        m: Move,
        cond: &Cond,
        watch: Option<&Watch>,
        scratch: &mut Option<ScratchState>,
    ) -> bool {
        match watch.map_or(Verdict::Test, |w| self.verdict(s, w, m)) {
            Verdict::Passes => true,
            Verdict::Fails => false,
            Verdict::Test => {
                let scratch = scratch.get_or_insert_with(|| ScratchState::of(s));
                scratch.clone_from(s);
                self.apply_core(scratch, m);
                // After the move, `Passed` says whether it was a pass (as `make` leaves it).
                scratch.passed = m.action == Action::Pass;
                self.eval(cond, scratch, s.to_move, NO_FIELD)
            }
        }
    }

    /// What the watch says of `m`.
    fn verdict(&self, s: &State, w: &Watch, m: Move) -> Verdict {
        let (f, t) = (m.from, m.to);
        let plain = m.action == Action::Board && w.plan.plain.get(usize::from(m.rule)).copied().unwrap_or(false);
        // (A piece alone on its field, the mover's.)
        let &[piece] = s.stack(f) else { return Verdict::Test };
        if w.overflow || !plain || piece.owner != w.me || w.royals[..w.royal_count].contains(&t) {
            return Verdict::Test;
        }
        let royal = self.attacks.royal >> piece.kind & 1 != 0;
        // The royal pieces that stay: each checker's attack stands unless the
        // move takes it or stands between; leaving a pin's line opens it.
        let stays = |line: &&Line| line.royal != f;
        if w.checkers[..w.checker_count].iter().filter(stays).any(|c| !self.on_line(c, t)) {
            return Verdict::Fails;
        }
        if w.pins[..w.pin_count].iter().filter(stays).any(|p| p.at == f && !self.on_line(p, t)) {
            return Verdict::Fails;
        }
        if !royal {
            return Verdict::Passes;
        }
        // The royal piece that moves: whether it is attacked where it lands.
        match self.attacked_after_own_move(s, w, f, t) {
            Some(true) => Verdict::Fails,
            Some(false) => Verdict::Passes,
            None => Verdict::Test,
        }
    }

    /// The first piece back along `d` from `k` (`left` seen empty), and the
    /// one after it where `mine` says the first is the mover's, each with its
    /// distance; `(NO_FIELD, 0)`: none. A walk along the links, where the
    /// plan has no rays (`RoyalSafety::rays`) to scan.
    fn first_two_back(
        &self,
        s: &State,
        k: FieldId,
        d: u8,
        left: FieldId,
        mine: &dyn Fn(FieldId) -> bool,
    ) -> ((FieldId, u8), (FieldId, u8)) {
        let (mut first, mut second) = ((NO_FIELD, 0u8), (NO_FIELD, 0u8));
        let mut at = k;
        for n in 1..=self.board.len().min(255) as u8 {
            at = self.attacks.back(at, d);
            if at == NO_FIELD || at == k {
                break;
            }
            if s.height(at) > 0 && at != left {
                if first.0 == NO_FIELD {
                    first = (at, n);
                    if !mine(at) {
                        break;
                    }
                } else {
                    second = (at, n);
                    break;
                }
            }
        }
        (first, second)
    }

    /// Whether the mover's royal piece on `f`, moved to `t` by a plain move,
    /// is attacked there: `f` seen empty (a slide along the line it leaves
    /// reaches `t`), what stood on `t` taken. `None`: an attacker's landing
    /// is not known without playing.
    fn attacked_after_own_move(&self, s: &State, w: &Watch, f: FieldId, t: FieldId) -> Option<bool> {
        if self.fields[usize::from(t)].safe {
            return Some(false);
        }
        let (unknown, mut attacked) = (Cell::new(false), false);
        self.scan_royal(s, w.plan, w.me, Probe { k: t, left: f, pins: false }, &unknown, &mut |_| {
            attacked = true;
            false
        });
        (!unknown.get()).then_some(attacked)
    }

    /// Whether `t` is one of the line's fields (the checker's or pinner's among them).
    fn on_line(&self, line: &Line, t: FieldId) -> bool {
        if line.dir == u8::MAX {
            return t == line.at;
        }
        let mut at = line.royal;
        (0..line.len).any(|_| {
            at = self.attacks.back(at, line.dir);
            at == t
        })
    }
}

impl Watch<'_> {
    fn add_checker(&mut self, line: Line) {
        if self.checker_count == MOST_LINES {
            self.overflow = true;
        } else {
            self.checkers[self.checker_count] = line;
            self.checker_count += 1;
        }
    }

    fn add_pin(&mut self, line: Line) {
        if self.pin_count == MOST_LINES {
            self.overflow = true;
        } else {
            self.pins[self.pin_count] = line;
            self.pin_count += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict;
    use crate::moves::Move;
    use crate::program::rules::Filter;
    use crate::{Game, Options, State};

    fn chess() -> Game {
        let text = crate::shipped::text("classic/chess").expect("shipped chess");
        Game::from_source(text, "classic/chess", &Options::new()).expect("compiles")
    }

    /// Each candidate move of white's in `board` (with `marks`) as text, with
    /// the fast path's verdict; every verdict that decides agrees with playing
    /// the move and testing the king.
    fn verdicts(board: &str, marks: &str) -> Vec<(String, Verdict)> {
        let game = chess();
        let text = format!("Position(to_move: 1, phase: \"play\", board: {{{board}}}, marks: {{{marks}}})");
        let s: State = game.position_from_str(&text, "p").expect("position");
        let Filter::RequireAfter { cond, .. } = &game.phases[0].filters[0] else { panic!("the royal filter") };
        let watch = game.royal_watch(&s, cond).expect("chess has the fast path");
        let mut candidates: Vec<Move> = Vec::new();
        game.generate(&s, 0, None, &mut |m| {
            candidates.push(m);
            true
        });
        candidates
            .into_iter()
            .map(|m| {
                let verdict = game.verdict(&s, &watch, m);
                let played = game.passes_royal_filter(&s, m, cond, None, &mut None);
                let text = game.move_text(m);
                assert!(verdict == Verdict::Test || (verdict == Verdict::Passes) == played, "{text}: {verdict:?}");
                (text, verdict)
            })
            .collect()
    }

    /// The verdict on the move `text` (the first listed so).
    fn on(verdicts: &[(String, Verdict)], text: &str) -> Verdict {
        verdicts.iter().find(|(t, _)| t == text).unwrap_or_else(|| panic!("{text} in {verdicts:?}")).1
    }

    #[test]
    fn a_pinned_piece_may_move_along_its_line_only() {
        let v = verdicts(r#""e1": "K", "e4": "R", "e8": "r", "a8": "k""#, "");
        assert_eq!(on(&v, "e4-e6"), Verdict::Passes);
        assert_eq!(on(&v, "e4-e8"), Verdict::Passes, "it takes the pinner");
        assert_eq!(on(&v, "e4-a4"), Verdict::Fails);
        assert_eq!(on(&v, "e1-d1"), Verdict::Passes, "the king's own move, decided from d1");
    }

    #[test]
    fn a_piece_behind_another_is_not_pinned() {
        let v = verdicts(r#""e1": "K", "e2": "B", "e3": "R", "e8": "r", "a8": "k""#, "");
        assert_eq!(on(&v, "e2-d3"), Verdict::Passes);
        assert_eq!(on(&v, "e3-a3"), Verdict::Passes, "the bishop still stands between");
    }

    #[test]
    fn in_check_a_move_must_take_the_checker_or_stand_between() {
        let v = verdicts(r#""e1": "K", "a4": "Q", "e8": "r", "a8": "k""#, "");
        assert_eq!(on(&v, "a4-e4"), Verdict::Passes, "it stands between");
        assert_eq!(on(&v, "a4-e8"), Verdict::Passes, "it takes the checker");
        assert_eq!(on(&v, "a4-a5"), Verdict::Fails);
    }

    /// The verdicts on white's moves in `board`, move by move as `expected`.
    fn expect(board: &str, expected: &[(&str, Verdict)]) {
        let v = verdicts(board, "");
        for &(text, verdict) in expected {
            assert_eq!(on(&v, text), verdict, "{text} in {board}");
        }
    }

    #[test]
    fn a_king_is_looked_at_where_it_lands_with_its_field_empty() {
        use Verdict::{Fails, Passes, Test};
        // The king on e2 hides e1 from the queen: once it has left, e1 is attacked.
        expect(r#""e2": "K", "e8": "q", "a8": "k""#, &[("e2-e1", Fails), ("e2-d1", Passes), ("e2-e3", Fails)]);
        // It takes only what nothing guards: the queen guards e2 through it, the knight on d2 guards f1.
        let guarded = r#""e1": "K", "e2": "n", "d2": "n", "e8": "q", "a8": "k""#;
        expect(guarded, &[("e1-e2", Fails), ("e1-d2", Passes), ("e1-f1", Fails), ("e1-f2", Passes)]);
        // In double check only the king moves; the queen's rank runs on through e1 once it has left.
        let double = r#""e1": "K", "c3": "B", "a1": "q", "f3": "n", "e8": "k""#;
        let moves = [("c3-a1", Fails), ("c3-d4", Fails), ("e1-e2", Passes), ("e1-f1", Fails), ("e1-d2", Fails)];
        expect(double, &moves);
        // Chess's rooks' `to` reads their side's first squares (a mirrored zone): each
        // player's masks say where they land, so the king's move is decided untested.
        expect(r#""e2": "K", "e8": "r", "a8": "k""#, &[("e2-e1", Fails), ("e2-d1", Passes), ("e2-e3", Fails)]);
        expect(r#""b2": "K", "h1": "r", "a8": "k""#, &[("b2-a1", Fails), ("b2-b1", Fails), ("b2-a3", Passes)]);
        let v = verdicts(r#""e1": "K", "h1": "R", "e8": "k""#, "");
        assert!(v.iter().all(|(t, verdict)| *verdict != Test || t == "e1-g1"), "only castling is tested: {v:?}");
    }

    /// Chess's rays (`RoyalSafety::rays`, every one of them: the board is a
    /// square of 64) find the first two pieces back along each slide
    /// direction that the walk along the links finds, in positions along
    /// random games, with and without a field seen empty.
    #[test]
    fn the_rays_find_the_pieces_the_walk_finds() {
        let game = chess();
        let plan = game.attacks.safety[0].as_ref().expect("chess has the fast path");
        assert_eq!(plan.rays.len(), 64 * plan.dirs.len());
        assert!(plan.rays.iter().all(Option::is_some), "a ray out of order on a square board");
        let mut compared = 0;
        crate::shipped::testing::visit_random_games(&game, 5, 2, |s, _| {
            for k in game.board.fields() {
                for left in [crate::board::NO_FIELD, (k + 9) % 64] {
                    let left_bit = if left == crate::board::NO_FIELD { 0 } else { 1u64 << left };
                    let occupied = s.topped_word(0) & !left_bit;
                    for (i, along) in plan.dirs.iter().enumerate() {
                        let ray = plan.rays[usize::from(k) * plan.dirs.len() + i].expect("a ray");
                        let mine = |at| s.is_topped_by(at, 0);
                        let by_ray = ray.first_two(occupied, mine);
                        assert_eq!(by_ray, game.first_two_back(s, k, along.dir, left, &mine));
                        compared += 1;
                    }
                }
            }
        });
        assert!(compared > 10_000, "{compared}");
    }

    #[test]
    fn every_attacker_of_chess_lands_by_each_players_masks() {
        let game = chess();
        let plan = game.attacks.safety[0].as_ref().expect("chess has the fast path");
        // Not every attacker's: some landings are read in full (a rule whose
        // landing is not a single piece's mask, as `landing_masks_for` says).
        assert!(plan.lands.iter().any(Option::is_some), "no rule's landing is on the tables");
        // The rook's rule onto its first squares lands on a1 for White only, on a8 for Black only.
        let fields = game.board.len();
        let field = |name: &str| usize::from(game.board.field(name).expect("a field"));
        let (a1, a8) = (field("a1"), field("a8"));
        let differ = plan.lands.iter().flatten().any(|m| {
            let (white, black) = (&m[..fields], &m[fields..]);
            white[a1] != black[a1] && white[a8] != black[a8]
        });
        assert!(differ, "no rule's masks differ by player");
    }

    #[test]
    fn en_passant_and_castling_are_played_and_tested() {
        // Taking en passant would open the fifth row to the rook: the general test refuses it.
        let marks = r#""passed_over@2": ["d6"], "passer@2": ["d5"]"#;
        let v = verdicts(r#""a5": "K", "e5": "P", "d5": "p", "h5": "r", "h1": "k""#, marks);
        assert_eq!(on(&v, "e5-d6"), Verdict::Test);
        let v = verdicts(r#""e1": "K", "h1": "R", "e8": "k""#, "");
        assert_eq!(on(&v, "e1-g1"), Verdict::Test);
    }

    #[test]
    fn a_pinned_pawn_promotes_only_by_taking_its_pinner() {
        let v = verdicts(r#""a1": "K", "g7": "P", "h8": "b", "a8": "k""#, "");
        assert!(v.iter().any(|(t, verdict)| t.starts_with("g7-g8") && *verdict == Verdict::Fails), "{v:?}");
        assert!(
            v.iter().filter(|(t, _)| t.starts_with("g7-h8")).all(|(_, verdict)| *verdict == Verdict::Passes),
            "{v:?}"
        );
        assert!(v.iter().any(|(t, _)| t.starts_with("g7-h8")), "{v:?}");
    }
}
