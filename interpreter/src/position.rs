//! The text form of a position, a RON document:
//!
//! ```ron
//! Position(
//!     to_move: 2,
//!     phase: "movement",
//!     board: {"c3": "S", "c4": "s", "b1": "SP"},
//!     hand: ["3S", ""],
//! )
//! ```
//!
//! A piece is its kind's letter, upper case for player 1 and lower case for
//! player 2, with `'` after it when it is turned over. With more than two
//! players, the letter (either case) is followed by the player's number:
//! `S3` is player 3's. A stack lists its pieces bottom first. Pools (`hand`,
//! `prisoners`, `off`) hold one string per player, with counts: `"12S"` is
//! twelve of player 1's `S` (`"12S1"` with more than two players); a stack
//! may use counts too (`"3Ss"` is `"SSSs"`). A piece of a neutral kind (a
//! seed) is its letter alone, and a run of them is written with its count:
//! `"4S"` is four seeds.

use crate::board::FieldId;
use crate::compile::locate::Seg;
use crate::compile::{Ctx, MAX_PIECES, read_ron};
use crate::engine::Cond;
use crate::error::LoadError;
use crate::moves::NO_DIR;
use crate::piece::{NOBODY, Piece, Player};
pub use crate::position_checks::CounterValueDef;
use crate::program::Game;
use crate::state::{Continuing, Outcome, Pending, Pool, Reason, State};
use serde::{Deserialize, Serialize};

mod read;
use std::collections::BTreeMap;

/// A position as written (names, letters), before it is checked.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Position")]
pub struct PositionDef {
    /// The player to move, 1-based.
    pub to_move: u8,
    #[serde(default)]
    pub phase: Option<String>,
    /// Each field once: a field given twice is refused, not read as the last.
    #[serde(default, deserialize_with = "each_key_once")]
    pub board: BTreeMap<String, String>,
    #[serde(default)]
    pub hand: Vec<String>,
    #[serde(default)]
    pub prisoners: Vec<String>,
    #[serde(default)]
    pub off: Vec<String>,
    #[serde(default)]
    pub ply: u32,
    #[serde(default)]
    pub turn: Option<u32>,
    #[serde(default)]
    pub decisions_left: Option<u8>,
    /// The field of the piece that goes on moving in this turn.
    #[serde(default)]
    pub continuing: Option<String>,
    /// The direction that piece's capture chain must keep, where its rule says so.
    #[serde(default)]
    pub direction: Option<String>,
    /// Whether that chain must go on where it can, where the piece's rules
    /// do not all say alike (else the first of them that goes on says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_must: Option<bool>,
    /// Whether the pieces that chain jumped go only at its end, where the
    /// piece's rules do not all say alike (else the first of them says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_removes_at_end: Option<bool>,
    #[serde(default)]
    pub throw: Option<u8>,
    /// The chance device whose throw is due, by name. Without it, the
    /// phase's own throw is due when no `throw` is given.
    #[serde(default)]
    pub throw_due: Option<String>,
    /// The player who made the first move of the game, 1-based (default 1).
    #[serde(default)]
    pub first: Option<u8>,
    /// Per player, the place they have finished in (0: still playing; 255:
    /// finished while a partner plays on), in games where players finish one by one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finished: Vec<u8>,
    /// The throw of this turn earns another throw after the move.
    #[serde(default, skip_serializing_if = "is_false")]
    pub again: bool,
    /// The last decision was a pass.
    #[serde(default, skip_serializing_if = "is_false")]
    pub passed: bool,
    /// Turns in a row that ended with a pass (up to one fewer than the players).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub passes: u8,
    /// Where the last piece moved or placed ended, where the rules read it (a
    /// `Line` through the piece moved, a `Reach` from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_to: Option<String>,
    /// A piece the player to move must place (or may `skip`) before anything
    /// else: a converted captive, a new die.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placing: Option<PlacingDef>,
    /// The player to move completes their move by choosing a stack to
    /// capture, as move rule n of the phase says (0-based, among the rules in
    /// force: `moves`, then `fallback`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choose_capture: Option<u8>,
    /// Huffing: the player to move may first remove one of the marked (`*`)
    /// pieces of the player before, which left a capture unused, or `skip`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub huff: bool,
    /// How the game ended, if it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeDef>,
    /// The positions so far, where a rule asks whether one repeats: `"2:9f3a0c51d2e87b64"`, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<String>,
    /// The ruleset's counters by name: a number, or per player a list
    /// (`{"quiet": 12, "score": [3, 10]}`); one left out has its start value.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::position_checks::each_counter_once"
    )]
    pub counters: BTreeMap<String, CounterValueDef>,
    // --- marks and the last move (issue 44) ---
    /// The marked fields, per mark: `{"visited": ["c3", "d4"]}`. A mark that
    /// lasts until the next turn is kept per player who set it: `"name@P"`
    /// (P 1-based), `{"passed_over@1": ["e3"]}`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub marks: BTreeMap<String, Vec<String>>,
    /// Where the last move's piece left, where the rules read it (`LastMove(From)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_from: Option<String>,
    /// The fields the last move passed, where the rules read them (`LastMove(Passed)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_passed: Vec<String>,
    // --- dice pools (issue 45) ---
    /// The values of this turn's pool of dice still to spend (`[3, 5]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// The values of this turn's pool already spent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<u8>,
}

/// A map read as written, refusing a key given twice (serde's map keeps the last).
fn each_key_once<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    struct Once;
    impl<'de> serde::de::Visitor<'de> for Once {
        type Value = BTreeMap<String, String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map from field names to stacks")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((field, stack)) = map.next_entry::<String, String>()? {
                if out.contains_key(&field) {
                    let message =
                        format!("the field {field:?} is given twice: give each field once, with its whole stack");
                    return Err(serde::de::Error::custom(message));
                }
                out.insert(field, stack);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Once)
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A piece waiting to be placed: the piece as in a stack (`"P"`, `"D:15"` for a
/// die with its orientation), on the first group of the zone with a free field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacingDef {
    pub piece: String,
    pub zone: String,
    #[serde(default)]
    pub optional: bool,
}

/// How a game ended: each player's place (1 first; all first: a draw), why,
/// and the winner's points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeDef {
    pub places: Vec<u8>,
    pub reason: ReasonDef,
    #[serde(default)]
    pub score: u16,
}

/// Why a game ended: an end condition of the ruleset by its index (0-based,
/// among those in force under the options), the turn limit, or neither player
/// able to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReasonDef {
    End(u16),
    TurnLimit,
    Blocked,
}

impl Game {
    /// Reads a position; every mistake is reported with its line and column.
    pub fn position_from_str(&self, text: &str, source: &str) -> Result<State, LoadError> {
        let text = crate::compile::without_bom(text);
        let def: PositionDef = read_ron(text, source)?;
        let options = BTreeMap::new();
        let mut ctx = Ctx::new(text, &options, &[]);
        let state = self.position_from_def(&mut ctx, &def);
        if ctx.diags.is_empty() {
            Ok(state)
        } else {
            Err(LoadError { source: source.to_string(), diagnostics: ctx.diags })
        }
    }

    fn position_from_def(&self, ctx: &mut Ctx, def: &PositionDef) -> State {
        let players = self.player_count();
        let mut s = State::empty(self.board.len(), self.initial.cap, self.kinds.len() as u8, players);
        let expected = format!("expected a player's number, 1 to {players}");
        if !(1..=players).contains(&def.to_move) {
            ctx.at(Seg::Field("to_move"), |ctx| ctx.error(expected.clone()));
        }
        s.to_move = def.to_move.clamp(1, players) - 1;
        let phases: Vec<String> = self.phases.iter().map(|p| p.name.clone()).collect();
        if let Some(p) = &def.phase {
            s.phase = ctx.at(Seg::Field("phase"), |ctx| ctx.find("phase", p, &phases)).unwrap_or(0) as u8;
        }
        let phase = &self.phases[usize::from(s.phase)];
        self.read_board(ctx, def, &mut s);
        s.keep_keys(self.keys_kept);
        self.read_pools(ctx, def, &mut s);
        self.check_counters(ctx, def.ply, def.turn, def.outcome.is_some());
        s.set_counters(ctx.at(Seg::Field("counters"), |ctx| self.read_counter_values(ctx, &def.counters)));
        s.ply = def.ply;
        s.turn = def.turn.unwrap_or(1);
        self.check_decisions_left(ctx, s.phase, def.decisions_left);
        s.decisions_left = def.decisions_left.unwrap_or(phase.decisions).max(1);
        self.check_throw(ctx, def.throw);
        s.throw = def.throw;
        if let Some(first) = def.first {
            if !(1..=players).contains(&first) {
                ctx.at(Seg::Field("first"), |ctx| ctx.error(expected.clone()));
            }
            s.first = first.clamp(1, players) - 1;
        }
        self.read_finished(ctx, def, &mut s);
        match &def.throw_due {
            Some(name) => {
                let names: Vec<String> = self.chance.iter().map(|c| c.name.clone()).collect();
                if let Some(c) = ctx.at(Seg::Field("throw_due"), |ctx| ctx.find("chance device", name, &names)) {
                    s.pending = Pending::Chance(c as u8);
                }
            }
            // A throw is due by default only where nothing else is pending and the game goes on.
            None if def.throw.is_none()
                && def.dice.is_empty()
                && def.spent.is_empty()
                && def.placing.is_none()
                && def.choose_capture.is_none()
                && !def.huff
                && def.outcome.is_none() =>
            {
                s.pending = phase.throw.map_or(Pending::None, Pending::Chance);
            }
            None => {}
        }
        s.again = def.again;
        s.passed = def.passed;
        if def.passes >= players {
            ctx.at(Seg::Field("passes"), |ctx| ctx.error(format!("expected 0 to {}", players - 1)));
        }
        s.passes = def.passes.min(players - 1);
        if let Some(name) = &def.last_to {
            let found = ctx.at(Seg::Field("last_to"), |ctx| ctx.find("field", name, self.board.names()));
            // Kept only where the rules read it, as in play.
            if let (Some(f), true) = (found, self.reads_last_to) {
                s.last_to = f as FieldId;
            }
        }
        if let Some(placing) = &def.placing {
            ctx.at(Seg::Field("placing"), |ctx| self.read_placing(ctx, placing, &mut s));
        }
        self.read_marks(ctx, def, &mut s);
        self.read_dice(ctx, def, &mut s);
        if let Some(rule) = def.choose_capture {
            if phase.rules.get(usize::from(rule)).is_some_and(|r| r.choice().is_some()) {
                s.pending = Pending::Capture { rule };
            } else {
                ctx.at(Seg::Field("choose_capture"), |ctx| {
                    ctx.error(format!("move rule {rule} of phase {:?} does not capture by choice", phase.name));
                });
            }
        }
        self.read_huff(ctx, def, &mut s);
        if let Some(outcome) = &def.outcome {
            ctx.at(Seg::Field("outcome"), |ctx| {
                if let Some(o) = self.read_outcome(ctx, outcome) {
                    s.outcome = Some(o);
                }
            });
        }
        self.check_still_playing(ctx, def, &s);
        self.read_continuing(ctx, def, &mut s);
        self.read_history(ctx, &def.history, &mut s);
        s
    }

    /// The capture chains the piece of the player to move on `f` may go on
    /// with, by the rules of the phase in force for them, in the rules' order.
    fn chains_of(&self, s: &State, f: FieldId) -> Vec<crate::program::rules::Chain> {
        let me = s.to_move;
        let Some(p) = s.top(f).filter(|p| p.owner == me) else { return Vec::new() };
        let mine = |r: &&crate::engine::Rule| r.only_if_for[usize::from(me)] != Cond::False;
        let rules = self.phases[usize::from(s.phase)].rules.iter().filter(mine);
        rules.filter(|r| r.pieces & (1 << p.kind) != 0).filter_map(|r| r.continues).collect()
    }

    /// A pending placement: one piece of the player to move, a zone.
    fn read_placing(&self, ctx: &mut Ctx, def: &PlacingDef, s: &mut State) {
        let zones: Vec<String> = self.zones.iter().map(|z| z.name.clone()).collect();
        let zone = ctx.at(Seg::Field("zone"), |ctx| ctx.find("zone", &def.zone, &zones));
        let piece = ctx.at(Seg::Field("piece"), |ctx| {
            let pieces = self.read_pieces(ctx, &def.piece, false);
            match pieces.as_slice() {
                [(p, _)] if p.owner == s.to_move => Some(*p),
                [_] => {
                    ctx.error(format!("{:?} is not a piece of the player to move", def.piece));
                    None
                }
                _ => {
                    ctx.error(format!("{:?}: expected one piece", def.piece));
                    None
                }
            }
        });
        if let (Some(zone), Some(p)) = (zone, piece) {
            s.pending = Pending::Place { kind: p.kind, zone: zone as u8, orient: p.orient, optional: def.optional };
        }
    }

    fn read_outcome(&self, ctx: &mut Ctx, def: &OutcomeDef) -> Option<Outcome> {
        let reason = match def.reason {
            ReasonDef::End(i) if usize::from(i) >= self.ends.len() => {
                ctx.at(Seg::Field("reason"), |ctx| {
                    ctx.error(format!("no end condition {i}: this game has {} (counted from 0)", self.ends.len()));
                });
                return None;
            }
            ReasonDef::End(i) => Reason::End(i),
            ReasonDef::TurnLimit => Reason::TurnLimit,
            ReasonDef::Blocked => Reason::Blocked,
        };
        let n = self.players.len();
        if def.places.len() != n || def.places.iter().any(|&p| p == 0 || usize::from(p) > n) {
            ctx.at(Seg::Field("places"), |ctx| ctx.error(format!("expected {n} places, each from 1 to {n}")));
            return None;
        }
        if let Some(problem) = self.ranking_problem(&def.places) {
            ctx.at(Seg::Field("places"), |ctx| ctx.error(problem));
            return None;
        }
        let mut places = [0; crate::piece::MAX_PLAYERS];
        places[..n].copy_from_slice(&def.places);
        Some(Outcome { places, reason, score: def.score })
    }

    /// Reads piece tokens: `[count]Letter[']`; counts only where `counts` is true.
    fn read_pieces(&self, ctx: &mut Ctx, text: &str, counts: bool) -> Vec<(Piece, u16)> {
        let mut out = Vec::new();
        let mut chars = text.chars().filter(|c| !c.is_whitespace()).peekable();
        while chars.peek().is_some() {
            let mut n: u32 = 0;
            let mut digits = false;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d);
                digits = true;
                chars.next();
            }
            if digits && !counts {
                ctx.error(format!("{text:?}: a stack lists its pieces one by one, bottom first, without counts"));
                return out;
            }
            let Some(letter) = chars.next() else {
                ctx.error(format!("{text:?}: a count must be followed by a piece letter"));
                return out;
            };
            let Some(kind) = self.kinds.iter().position(|k| k.letter == letter.to_ascii_uppercase()) else {
                let letters: String = self.kinds.iter().map(|k| format!("{} ({}), ", k.letter, k.name)).collect();
                ctx.error(format!(
                    "{text:?}: no piece has the letter {letter:?}; the letters are {}",
                    letters.trim_end_matches(", ")
                ));
                return out;
            };
            let owner = if self.kinds[kind].neutral {
                NOBODY
            } else if self.players.len() == 2 {
                u8::from(!letter.is_ascii_uppercase())
            } else {
                match chars.next().and_then(|c| c.to_digit(10)) {
                    Some(d) if (1..=self.players.len() as u32).contains(&d) => d as u8 - 1,
                    _ => {
                        ctx.error(format!(
                            "{text:?}: with {} players, a piece letter is followed by its player's number (S3)",
                            self.players.len()
                        ));
                        return out;
                    }
                }
            };
            let flipped = chars.next_if_eq(&'\'').is_some();
            let mark = chars.next_if_eq(&'*').is_some();
            if digits && n > MAX_PIECES {
                ctx.error(format!("{text:?}: a count of {n}; a game has at most {MAX_PIECES} pieces"));
                return out;
            }
            let count = if digits { n as u16 } else { 1 };
            let die = self.kinds[kind].die;
            let mut orient = if die == Some(true) { 24 } else { 0 };
            if chars.next_if_eq(&':').is_some() {
                let faces: Vec<u8> =
                    (0..2).filter_map(|_| chars.next().and_then(|c| c.to_digit(10))).map(|d| d as u8).collect();
                let found = match (die, faces.as_slice()) {
                    (Some(left), [top, north]) => crate::die::orient(*top, crate::die::Face::North, *north, left),
                    _ => None,
                };
                match found {
                    Some(o) => orient = o,
                    None => {
                        ctx.error(format!(
                            "{text:?}: `:` and two digits give a die's top and north faces (e.g. D:15), for a die piece"
                        ));
                        return out;
                    }
                }
            }
            out.push((Piece { kind: kind as u8, owner, flipped, orient, mark }, count));
        }
        out
    }

    /// A piece as text: its letter, upper case for player 1 (with more than
    /// two players, followed by the player's number), `'` when turned over.
    pub fn piece_text(&self, p: &Piece) -> String {
        let mut t = self.owned_letter(p.kind, p.owner);
        if p.flipped {
            t.push('\'');
        }
        if p.mark {
            t.push('*');
        }
        if self.kinds[usize::from(p.kind)].die.is_some() {
            t.push(':');
            t.push_str(&crate::die::text(p.orient));
        }
        t
    }

    /// A stack as text, bottom first (`""` for an empty field); a run of
    /// neutral pieces (seeds) with its count: `"12S"`.
    pub fn stack_text(&self, s: &State, field: FieldId) -> String {
        let stack = s.stack(field);
        let mut out = String::new();
        let mut i = 0;
        while i < stack.len() {
            let p = stack[i];
            let run = if self.kinds[usize::from(p.kind)].neutral {
                stack[i..].iter().take_while(|&&q| q == p).count()
            } else {
                1
            };
            if run > 1 {
                out.push_str(&run.to_string());
            }
            out.push_str(&self.piece_text(&p));
            i += run;
        }
        out
    }

    /// What `holder` keeps in a pool, as text with counts: `"12S1p"`.
    pub fn pool_text(&self, s: &State, pool: Pool, holder: Player) -> String {
        let mut out = String::new();
        for kind in 0..self.kinds.len() as u8 {
            for owner in 0..self.player_count() {
                let n = s.pool(pool, holder, kind, owner);
                if n > 0 {
                    // Pieces off the board have no face or orientation to show.
                    out.push_str(&format!("{n}{}", self.owned_letter(kind, owner)));
                }
            }
        }
        out
    }

    /// A kind's letter for a piece of `owner`: upper case for player 1, lower
    /// case for player 2; with more than two players, upper case and the player's number.
    /// A neutral piece is its letter alone.
    fn owned_letter(&self, kind: u8, owner: Player) -> String {
        let l = self.kinds[usize::from(kind)].letter;
        if self.kinds[usize::from(kind)].neutral {
            return l.to_string();
        }
        match (self.players.len(), owner) {
            (2, 0) => l.to_ascii_uppercase().to_string(),
            (2, _) => l.to_ascii_lowercase().to_string(),
            _ => format!("{}{}", l.to_ascii_uppercase(), owner + 1),
        }
    }

    /// The position as text, readable by [`Game::position_from_str`].
    pub fn position_to_string(&self, s: &State) -> String {
        let board = self
            .board
            .fields()
            .filter(|&f| s.height(f) > 0)
            .map(|f| (self.board.name(f).to_string(), self.stack_text(s, f)))
            .collect();
        let pool = |pool: Pool| -> Vec<String> {
            let list: Vec<String> = (0..self.player_count()).map(|holder| self.pool_text(s, pool, holder)).collect();
            if list.iter().all(String::is_empty) { Vec::new() } else { list }
        };
        let first_chain = s.continuing.and_then(|c| self.chains_of(s, c.field).first().copied());
        let chain_flag = |now: fn(&Continuing) -> bool, said: fn(&crate::program::rules::Chain) -> bool| {
            let c = s.continuing?;
            (first_chain.map(|f| said(&f)) != Some(now(&c))).then_some(now(&c))
        };
        let def = PositionDef {
            to_move: s.to_move + 1,
            phase: Some(self.phases[usize::from(s.phase)].name.clone()),
            board,
            hand: pool(Pool::Hand),
            prisoners: pool(Pool::Prisoners),
            off: pool(Pool::Off),
            ply: s.ply,
            turn: Some(s.turn),
            decisions_left: Some(s.decisions_left),
            continuing: s.continuing.map(|c| self.board.name(c.field).to_string()),
            direction: s
                .continuing
                .filter(|c| c.dir != NO_DIR)
                .map(|c| self.board.dir_names()[usize::from(c.dir)].clone()),
            // The chain's mode where its first rule would not say it (rules that go on alike leave it out).
            chain_must: chain_flag(|c| c.must, |c| c.must),
            chain_removes_at_end: chain_flag(|c| c.at_end, |c| c.remove_at_end),
            throw: s.throw,
            throw_due: match s.pending {
                Pending::Chance(c) => Some(self.chance[usize::from(c)].name.clone()),
                _ => None,
            },
            first: Some(s.first + 1),
            finished: if s.finished.iter().any(|&f| f != 0) {
                s.finished[..usize::from(s.players)].to_vec()
            } else {
                Vec::new()
            },
            again: s.again,
            passed: s.passed,
            passes: s.passes,
            last_to: (s.last_to != crate::board::NO_FIELD).then(|| self.board.name(s.last_to).to_string()),
            placing: match s.pending {
                Pending::Place { kind, zone, orient, optional } => Some(PlacingDef {
                    piece: self.piece_text(&Piece { orient, ..Piece::new(kind, s.to_move) }),
                    zone: self.zones[usize::from(zone)].name.clone(),
                    optional,
                }),
                _ => None,
            },
            choose_capture: match s.pending {
                Pending::Capture { rule } => Some(rule),
                _ => None,
            },
            huff: s.pending == Pending::Huff,
            outcome: s.outcome.map(|o| OutcomeDef {
                places: o.places[..usize::from(s.players)].to_vec(),
                reason: match o.reason {
                    Reason::End(i) => ReasonDef::End(i),
                    Reason::TurnLimit => ReasonDef::TurnLimit,
                    Reason::Blocked => ReasonDef::Blocked,
                },
                score: o.score,
            }),
            history: self.history_texts(s),
            counters: self.counter_values(s),
            dice: s.dice.left().collect(),
            spent: s.dice.thrown().filter(|t| t.1).map(|t| t.0).collect(),
            ..self.marks_text(s)
        };
        ron::ser::to_string_pretty(&def, crate::compile::ron_pretty()).expect("a position serialises")
    }

    /// A board too large to draw as text, as a list of its occupied fields:
    /// each field's name and its stack's pieces, bottom first (issue 47).
    fn occupied_list(&self, s: &State) -> String {
        let mut out = String::from("(board too large to draw as text; occupied fields:)\n");
        let mut any = false;
        for f in self.board.fields() {
            let stack = s.stack(f);
            if stack.is_empty() {
                continue;
            }
            any = true;
            let pieces: Vec<String> = stack.iter().map(|p| self.owned_letter(p.kind, p.owner)).collect();
            out.push_str(&format!("  {}: {}\n", self.board.name(f), pieces.join(" ")));
        }
        if !any {
            out.push_str("  (none)\n");
        }
        out
    }

    /// The board as text, each field at its drawing position: the top
    /// piece's letter (with `'` before it when it is turned over, and the
    /// stack height after it when it is more than one), the field type's
    /// symbol or `.` when empty. Rows are labelled with the name
    /// of their leftmost field, columns with the names along the bottom row.
    /// A board larger than 10,000 character cells is given as
    /// the list of its occupied fields instead.
    pub fn board_text(&self, s: &State) -> String {
        let ((x0, y0), (x1, y1)) = self.board.bounds();
        let (w, h) = ((x1 - x0).round() as usize + 1, (y1 - y0).round() as usize + 1);
        if w * h > 10_000 {
            return self.occupied_list(s);
        }
        let cell_of = |f: FieldId| {
            let (x, y) = self.board.position(f);
            ((x - x0).round() as usize, (y - y0).round() as usize)
        };
        // With more than two players a piece shows its player's number too: cells are wider.
        let wide = self.players.len() > 2;
        let width = if wide { 4 } else { 3 };
        let mut grid = vec![vec![" ".repeat(width); w]; h];
        let mut labels = vec![(usize::MAX, String::new()); h];
        let mut footer = vec![String::new(); w];
        let mut closed = false;
        for f in self.board.fields() {
            let (cx, cy) = cell_of(f);
            grid[cy][cx] = match s.top(f) {
                Some(p) => {
                    let height = s.height(f);
                    let mark = if self.kinds[usize::from(p.kind)].die.is_some() {
                        char::from_digit(u32::from(crate::die::face(p.orient, crate::die::Face::Top)), 10)
                            .unwrap_or('?')
                    } else if height > 1 {
                        char::from_digit(u32::from(height), 10).unwrap_or('+')
                    } else {
                        ' '
                    };
                    // A turned-over (closed) piece is marked before its letter.
                    closed |= p.flipped;
                    let face = if p.flipped { '\'' } else { ' ' };
                    let owned = self.owned_letter(p.kind, p.owner);
                    if wide {
                        format!("{face}{owned}{mark}")
                    } else {
                        format!("{face}{}{mark}", owned.chars().next().unwrap_or('?'))
                    }
                }
                None => {
                    let symbol = self.fields[usize::from(f)]
                        .ftype
                        .and_then(|t| self.field_types[usize::from(t)].symbol.as_deref())
                        .and_then(|sym| sym.chars().next())
                        .unwrap_or('.');
                    format!(" {symbol:<w$}", w = width - 1)
                }
            };
            if cx < labels[cy].0 {
                labels[cy] = (cx, self.board.name(f).to_string());
            }
            if cy + 1 == h {
                footer[cx] = self.board.name(f).chars().take(width).collect();
            }
        }
        let margin = labels.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        let mut out = String::new();
        for (row, (_, label)) in grid.into_iter().zip(labels) {
            out.push_str(&format!("{label:>margin$} {}\n", row.concat().trim_end()));
        }
        let footer: String = footer.iter().map(|n| format!("{n:^width$}")).collect();
        out.push_str(&format!("{:margin$} {}\n", "", footer.trim_end()));
        if closed {
            out.push_str("(' before a letter: the top piece is turned over)\n");
        }
        out
    }
}
