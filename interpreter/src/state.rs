//! A game state: stacks per field, off-board pools, the player to move, the
//! phase, and where the current turn stands.

use crate::board::FieldId;
use crate::piece::{KindId, MAX_PLAYERS, NOBODY, Piece, Player};
use field_top::{FieldTop, top_code};

/// Off-board places a piece can be in. Each player holds one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pool {
    /// Pieces a player may bring onto the board (reserve, supply).
    Hand = 0,
    /// Pieces a player has captured and keeps.
    Prisoners = 1,
    /// Pieces that have left the board for good (borne off).
    Off = 2,
}

impl Pool {
    pub const ALL: [Pool; 3] = [Pool::Hand, Pool::Prisoners, Pool::Off];

    pub fn name(self) -> &'static str {
        match self {
            Pool::Hand => "hand",
            Pool::Prisoners => "prisoners",
            Pool::Off => "off",
        }
    }
}

/// What the game waits for besides an ordinary move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pending {
    None,
    /// A throw of this chance device is due.
    Chance(u8),
    /// The player to move places a piece of this kind from their hand on a
    /// free field of the first group of the zone that has one (a converted
    /// captive, a new die); with `optional` they may `skip`.
    Place {
        kind: KindId,
        zone: u8,
        orient: u8,
        optional: bool,
    },
    /// The player to move completes their move by choosing a stack to
    /// capture, as the `CaptureChosen` effect of this move rule (of the
    /// phase) says.
    Capture {
        rule: u8,
    },
    /// Huffing: the player before left a capture unused; the player to move
    /// may first remove one of that player's marked pieces (those that could
    /// have captured), or `skip`, and then makes their own move.
    Huff,
}

/// In [`State::finished`]: a player who has finished while a partner plays
/// on (their team has no place yet).
pub(crate) const OUT: u8 = u8::MAX;

/// A position and everything needed to go on from it. Cheap to clone, and
/// `clone_from` reuses the buffers of the state it overwrites.
///
/// **The game state for the rules** (what `==` and `Hash` compare, and what
/// a position's text carries) is: the stacks (heights and pieces, not the
/// unused cells above them), the pools, the player to move, the phase, the
/// decisions left in the turn, the pending throw or placement, the piece
/// continuing a capture chain, this turn's throw and whether it earns another
/// (`again`), the pool of thrown values left to spend (`dice`: see `state/dice.rs`), whether the last decision was a pass (`passed`: a blocked
/// player's opponent moves again, or a voluntary `Pass`; two passes end the game) and how many
/// turns in a row ended so (`passes`, up to one fewer than the players: when
/// everyone still playing has passed, the game is blocked), who moved
/// first (`Starter`), who has finished (players who finish one by one), where the last piece ended (`last_to`, kept only where
/// the rules read it: a `Line` through the piece moved, a `Reach` from it), the ply (the turn limit reads it), the
/// outcome, and the history of positions where a rule asks whether one repeats
/// (`Repeated`: see [`History`]; kept only then), and the marked fields (`marks`: each mark's sets, and the
/// fields of the last move where a condition reads them). Left out: what is worked out from the stacks and kept up to date
/// with them (`topped`, the top codes, `counts`, `zobrist`), the turn
/// number, which no rule reads, and the count of changes (see [`Edition`]). [`State::position_hash`] hashes the same
/// fields but the ply and the history: the same position reached twice (a repetition). (The
/// repetition rules compare less: [`State::repetition_key`], of which the game's
/// `position_key` leaves out one-turn memory (marks that last `NextTurn`, the last
/// move's fields) where it changes no legal move: `engine/repetition.rs`.)
/// The counters (see `state/counters.rs`) are in `==` and `Hash` too, but not in
/// [`State::position_hash`] nor in any repetition key. The counters, the marks
/// and the history are kept together in one box (see `state/memory.rs`),
/// which a state of a game that uses none of them does not have: such a state
/// is equal to one whose box holds nothing.
#[derive(Debug)]
pub struct State {
    /// `cells[field * cap + i]` is the i-th piece from the bottom of the stack.
    pub(crate) cells: Vec<Piece>,
    /// Per field, its height and what tops it.
    pub(crate) fields: Vec<FieldTop>,
    /// Per player, the fields with one of their pieces on top, kept up to
    /// date with the stacks: move generation starts from these. Player p's
    /// are the `set_words` words from `p * set_words` (see [`FieldSet`](crate::board::FieldSet)):
    /// one buffer for all, as copying a state copies every buffer.
    pub(crate) topped: Vec<u64>,
    pub(crate) set_words: u8,
    /// Pieces of each player on the board, kept up to date by every change of
    /// a stack; the last entry counts the neutral pieces (owner [`NOBODY`]).
    pub(crate) counts: [u32; MAX_PLAYERS + 1],
    /// The Zobrist hash of the pieces on the board (`state/keys.rs`), kept
    /// up to date by every change of a stack where `keyed`, else 0.
    pub(crate) zobrist: u64,
    /// Whether `zobrist` is kept (the game's choice, or a search's).
    pub(crate) keyed: bool,
    pub(crate) cap: u8,
    /// Pool counts, see [`State::pool_index`].
    pub(crate) pools: Vec<u16>,
    pub(crate) kinds: u8,
    pub(crate) players: u8,
    pub(crate) to_move: Player,
    pub(crate) phase: u8,
    pub(crate) decisions_left: u8,
    /// Decisions made so far in the game (chance outcomes do not count).
    pub(crate) ply: u32,
    pub(crate) turn: u32,
    /// The piece that must or may go on moving in this turn.
    pub(crate) continuing: Option<Continuing>,
    pub(crate) pending: Pending,
    /// The value of the last throw in this turn.
    pub(crate) throw: Option<u8>,
    /// The throw of this turn earns another throw after the move.
    pub(crate) again: bool,
    /// The pool of thrown values the turn spends (issue 45: dice pools; empty without one).
    pub(crate) dice: dice::Dice,
    /// The last decision was a pass.
    pub(crate) passed: bool,
    /// Turns in a row that ended with a pass.
    pub(crate) passes: u8,
    /// The player who made (or makes) the first move of the game.
    pub(crate) first: Player,
    /// Where the last piece moved or placed ended (`NO_FIELD` if none yet).
    pub(crate) last_to: FieldId,
    /// Per player, the place they finished in (0: still playing); a player
    /// who has finished has no more turns.
    pub(crate) finished: [u8; MAX_PLAYERS],
    pub(crate) outcome: Option<Outcome>,
    /// Changes of the pieces, pools, counters and marks of this state so far: a number that
    /// only grows (copying another state in advances it too), so that what was
    /// worked out from the pieces can be known to still hold (see [`Edition`]).
    edits: u64,
    /// The counters, the marked fields and the history of positions (issue
    /// 44), read through `counters()`, `marks()` and `history()`: `None` where
    /// the game uses none of them (see `state/memory.rs`).
    memory: Option<Box<memory::Memory>>,
}

/// Where a state stands: its changes of pieces and pools so far and every
/// other field the rules read (and the turn). The same object at the same
/// edition as when something was worked out from it has the same pieces and
/// pools as then, and is the same for the rules: what was worked out holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Edition {
    edits: u64,
    ply: u32,
    turn: u32,
    rules: RulesPart,
}

/// [`State::top_class`] as one flat table, at `player << 5 | top code`: 256
/// entries, so that an index masked to a byte needs no bounds check.
const TOP_CLASS: [u8; 256] = {
    assert!(MAX_PLAYERS <= 8 && 2 * MAX_PLAYERS + 2 < 32 && NOBODY as usize == MAX_PLAYERS);
    let mut table = [0; 256];
    let mut me = 0;
    while me < MAX_PLAYERS {
        let mut owner = 0;
        while owner < MAX_PLAYERS {
            let other = if owner == me { 0 } else { 1 };
            table[me << 5 | (1 + 2 * owner)] = 1 + other;
            table[me << 5 | (2 + 2 * owner)] = 3 + other;
            owner += 1;
        }
        // A neutral piece: nobody's, open or turned over.
        table[me << 5 | (1 + 2 * MAX_PLAYERS)] = 5;
        table[me << 5 | (2 + 2 * MAX_PLAYERS)] = 6;
        me += 1;
    }
    table
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Continuing {
    pub field: FieldId,
    pub must: bool,
    /// The direction the chain must keep (`NO_DIR`: any).
    pub dir: u8,
    /// The pieces jumped stay on the board, marked, until the chain ends.
    pub at_end: bool,
    /// `dir` is the direction the chain must not go on in, not the one it
    /// must keep (`Continue(direction: NotSame)`).
    pub avoid: bool,
}

impl Clone for State {
    fn clone(&self) -> State {
        // Every field not named here is Copy; a new buffer fails to compile until it is named.
        State {
            cells: self.cells.clone(),
            fields: self.fields.clone(),
            topped: self.topped.clone(),
            pools: self.pools.clone(),
            memory: self.memory.clone(),
            ..*self
        }
    }

    /// Search copies states at every node: this keeps their allocations.
    fn clone_from(&mut self, source: &State) {
        copy(&mut self.cells, &source.cells);
        copy(&mut self.fields, &source.fields);
        copy(&mut self.topped, &source.topped);
        copy(&mut self.pools, &source.pools);
        memory::copy_memory(&mut self.memory, &source.memory);
        // Every other field, each copied in place (no buffer moved or dropped);
        // the pattern names them all, so a new field fails to compile until it is here.
        let State {
            cells: _,
            fields: _,
            topped: _,
            pools: _,
            set_words,
            counts,
            zobrist,
            keyed,
            cap,
            kinds,
            players,
            to_move,
            phase,
            decisions_left,
            ply,
            turn,
            continuing,
            pending,
            throw,
            again,
            dice,
            passed,
            passes,
            first,
            last_to,
            finished,
            outcome,
            edits: _,
            memory: _,
        } = *source;
        (self.set_words, self.counts, self.zobrist, self.keyed, self.cap, self.kinds, self.players) =
            (set_words, counts, zobrist, keyed, cap, kinds, players);
        (self.to_move, self.phase, self.decisions_left, self.ply, self.turn) =
            (to_move, phase, decisions_left, ply, turn);
        (self.continuing, self.pending, self.throw, self.again, self.passed, self.passes) =
            (continuing, pending, throw, again, passed, passes);
        (self.first, self.last_to, self.finished, self.outcome) = (first, last_to, finished, outcome);
        self.dice = dice;
        self.edits = self.edits.wrapping_add(1);
    }
}

/// Makes `to` a copy of `from`, keeping its buffer: one copy of the bytes
/// where the lengths agree, as they do between states of one game.
#[inline]
fn copy<T: Copy>(to: &mut Vec<T>, from: &[T]) {
    if to.len() == from.len() {
        to.copy_from_slice(from);
    } else {
        to.clear();
        to.extend_from_slice(from);
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.fields.iter().map(|f| f.height).eq(other.fields.iter().map(|f| f.height))
            && self.ply == other.ply
            && self.rules_part() == other.rules_part()
            && self.pools == other.pools
            && self.counters() == other.counters()
            && self.marks() == other.marks()
            && self.board_fields().all(|f| self.stack(f) == other.stack(f))
            && self.history() == other.history()
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        // The Zobrist key and the top codes are functions of the stacks alone: equal states hash equal.
        (self.pieces_key(), &self.fields, &self.pools, self.ply, self.rules_part(), self.history().len()).hash(h);
        // Equal states have equal counters; a game without any hashes nothing more.
        if !self.counters().is_empty() {
            self.counters().hash(h);
        }
        self.marks().iter().for_each(|w| w.hash(h)); // nothing without marks
    }
}

/// The scalar fields of the game state for the rules, but the ply (see [`State`]).
type RulesPart = (
    Player,
    u8,
    u8,
    Option<Continuing>,
    Pending,
    Option<u8>,
    (bool, bool, u8),
    Player,
    FieldId,
    [u8; MAX_PLAYERS],
    Option<Outcome>,
    dice::Dice,
);

impl State {
    fn rules_part(&self) -> RulesPart {
        (
            self.to_move,
            self.phase,
            self.decisions_left,
            self.continuing,
            self.pending,
            self.throw,
            (self.again, self.passed, self.passes),
            self.first,
            self.last_to,
            self.finished,
            self.outcome,
            self.dice,
        )
    }

    fn board_fields(&self) -> impl Iterator<Item = FieldId> + use<> {
        0..self.fields.len() as FieldId
    }

    pub(crate) fn empty(fields: usize, cap: u8, kinds: u8, players: u8) -> State {
        State {
            cells: vec![Piece::new(0, 0); fields * usize::from(cap)],
            fields: vec![FieldTop { height: 0, code: 0, kind: 0 }; fields],
            topped: vec![0; usize::from(players) * fields.div_ceil(64)],
            set_words: u8::try_from(fields.div_ceil(64)).expect("a board of at most 16,320 fields"),
            counts: [0; MAX_PLAYERS + 1],
            zobrist: 0,
            keyed: true,
            cap,
            pools: vec![0; Pool::ALL.len() * usize::from(players) * usize::from(kinds) * usize::from(players)],
            kinds,
            players,
            to_move: 0,
            phase: 0,
            decisions_left: 1,
            ply: 0,
            turn: 1,
            continuing: None,
            pending: Pending::None,
            throw: None,
            again: false,
            dice: dice::Dice::NONE,
            passed: false,
            passes: 0,
            first: 0,
            last_to: crate::board::NO_FIELD,
            finished: [0; MAX_PLAYERS],
            outcome: None,
            edits: 0,
            memory: None,
        }
    }

    /// The state's generation (issue 48): moves on with every change of the pieces, pools, counters and
    /// marks (as the [`Edition`]) and wherever the engine changes the rest after a decision's ends are
    /// checked ([`State::touch`]): what was worked out then holds while it is the same (`engine/known_moves.rs`).
    #[inline]
    pub(crate) fn generation(&self) -> u64 {
        self.edits
    }

    /// Moves the [generation](State::generation) on: the turn handed on, the game ended, a choice due.
    #[inline]
    pub(crate) fn touch(&mut self) {
        self.edits = self.edits.wrapping_add(1);
    }

    /// The state's [`Edition`]. (Every field is named: a new one must be
    /// placed in the edition, or said to be worked out from the pieces.)
    pub(crate) fn edition(&self) -> Edition {
        let State {
            cells: _,
            fields: _,
            topped: _,
            set_words: _,
            counts: _,
            zobrist: _,
            keyed: _,
            cap: _,
            pools: _,
            kinds: _,
            players: _,
            to_move: _,
            phase: _,
            decisions_left: _,
            ply,
            turn,
            continuing: _,
            pending: _,
            throw: _,
            again: _,
            dice: _,
            passed: _,
            passes: _,
            first: _,
            last_to: _,
            finished: _,
            outcome: _,
            edits,
            // A change of a counter or of the marks is counted in `edits`; the
            // history changes only with a decision, which changes the ply.
            memory: _,
        } = *self;
        Edition { edits, ply, turn, rules: self.rules_part() }
    }

    /// Whether the next decision is an ordinary one: the game goes on, and no
    /// throw, pending choice or capture chain is due.
    #[inline]
    pub(crate) fn awaits_ordinary_decision(&self) -> bool {
        self.outcome.is_none() && self.pending == Pending::None && self.continuing.is_none()
    }

    /// The player whose decision it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    pub fn phase(&self) -> usize {
        self.phase.into()
    }

    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// How many players the game has.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The place `player` finished in, if they have finished (see [`Outcome`]).
    pub fn finished(&self, player: Player) -> Option<u8> {
        Some(self.finished[usize::from(player)]).filter(|&p| p > 0 && p != OUT)
    }

    /// Whether `player` has finished and has no more turns.
    pub fn is_out(&self, player: Player) -> bool {
        self.finished[usize::from(player)] != 0
    }

    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn pending(&self) -> Pending {
        self.pending
    }

    pub fn last_throw(&self) -> Option<u8> {
        self.throw
    }

    pub fn continuing(&self) -> Option<Continuing> {
        self.continuing
    }

    pub fn decisions_left(&self) -> u8 {
        self.decisions_left
    }

    /// The stack on a field, bottom first.
    #[inline]
    pub fn stack(&self, field: FieldId) -> &[Piece] {
        let start = usize::from(field) * usize::from(self.cap);
        &self.cells[start..start + usize::from(self.fields[usize::from(field)].height)]
    }

    #[inline]
    pub fn height(&self, field: FieldId) -> u8 {
        self.fields[usize::from(field)].height
    }

    #[inline]
    pub fn top(&self, field: FieldId) -> Option<Piece> {
        self.stack(field).last().copied()
    }

    /// The fields with a piece of `player` on top, in field order.
    #[inline]
    pub fn fields_topped_by(&self, player: Player) -> impl Iterator<Item = FieldId> + '_ {
        crate::board::fields_in_words(self.topped_by(player))
    }

    /// The fields with a piece of `player` on top, as the words of a set (see [`FieldSet`](crate::board::FieldSet)).
    #[inline]
    pub(crate) fn topped_by(&self, player: Player) -> &[u64] {
        let n = usize::from(self.set_words);
        &self.topped[usize::from(player) * n..][..n]
    }

    /// The fields 0 to 63 with a piece of `player` on top, as one word: all
    /// of them on boards of up to 64 fields.
    #[inline]
    pub(crate) fn topped_first_word(&self, player: Player) -> u64 {
        // (A neutral piece's owner has no set: none.)
        self.topped.get(usize::from(player) * usize::from(self.set_words)).copied().unwrap_or(0)
    }

    /// Word `i` (see [`FieldSet`](crate::board::FieldSet)) of the fields a player's piece tops,
    /// whoever's; `i` is below the words of a set.
    #[inline]
    pub(crate) fn topped_word(&self, i: usize) -> u64 {
        debug_assert!(i < usize::from(self.set_words), "word {i} of a set of {}", self.set_words);
        match usize::from(self.set_words) {
            // Boards of up to 64 fields: every word is one player's set.
            1 if i == 0 => match self.topped[..] {
                // (Two players, the commonest: two reads, where a fold is a loop.)
                [a, b] => a | b,
                ref all => all.iter().fold(0, |o, w| o | w),
            },
            n => (0..usize::from(self.players)).fold(0, |o, p| o | self.topped.get(p * n + i).copied().unwrap_or(0)),
        }
    }

    /// The owner of what tops `field` plus one, 0 where it is empty: one
    /// read of the field's top code, for comparing owners (a group's).
    #[inline(always)]
    pub(crate) fn top_owner_plus_one(&self, field: FieldId) -> u8 {
        self.fields[usize::from(field)].code.div_ceil(2)
    }

    /// The kind of the piece on top of `field`, where one of the player's
    /// (as the fields of [`State::topped_by`]) or any piece tops it.
    #[inline(always)]
    pub(crate) fn top_kind(&self, field: FieldId) -> Option<KindId> {
        let top = self.fields[usize::from(field)];
        (top.code != 0).then_some(top.kind)
    }

    /// Whether a piece of `player` tops `field`.
    #[inline(always)]
    pub(crate) fn is_topped_by(&self, field: FieldId, player: Player) -> bool {
        let code = self.fields[usize::from(field)].code;
        code != 0 && (code - 1) / 2 == player
    }

    /// What tops `field`, seen from `player`: 0 nothing, 1 their open piece,
    /// 2 another player's open piece, 3 their turned-over piece, 4 another's,
    /// 5 a neutral open piece, 6 a neutral turned-over one.
    #[inline(always)]
    pub(crate) fn top_class(&self, field: FieldId, player: Player) -> u8 {
        self.fields[usize::from(field)].class(player)
    }

    /// Per field in field order, its height and [`State::top_class`] for `player`.
    #[inline]
    pub(crate) fn heights_and_classes(&self, player: Player) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.fields.iter().map(move |top| (top.height, top.class(player)))
    }

    /// [`State::top_class`] of `field` with its top piece lifted off: what
    /// the piece below is, seen from `player` (0 where there is none).
    #[inline]
    pub(crate) fn class_below_top(&self, field: FieldId, player: Player) -> u8 {
        // Without a branch on the height (as good as random where pieces stack):
        // the field's bottom cell is read where there is nothing under the top, and not used.
        let height = usize::from(self.fields[usize::from(field)].height);
        let cell = usize::from(field) * usize::from(self.cap) + height.saturating_sub(2);
        let code = self.cells.get(cell).map_or(0, |&p| top_code(p)) & u8::from(height >= 2).wrapping_neg();
        TOP_CLASS[(usize::from(player) << 5 | usize::from(code)) & 0xff]
    }

    /// Brings [`State::topped`] up to date after the stack on `field` changed.
    #[inline]
    fn retop(&mut self, field: FieldId) {
        self.retop_to(field, self.top(field));
    }

    /// [`State::retop`] where the caller knows the new top (a piece just put on).
    #[inline(always)]
    fn retop_to(&mut self, field: FieldId, top: Option<Piece>) {
        let old = self.fields[usize::from(field)].code;
        let (word, bit) = (usize::from(field) / 64, 1u64 << (field % 64));
        let n = usize::from(self.set_words);
        if old != 0 && (old - 1) / 2 != NOBODY {
            self.topped[usize::from((old - 1) / 2) * n + word] &= !bit;
        }
        if let Some(p) = top.filter(|p| p.owner != NOBODY) {
            self.topped[usize::from(p.owner) * n + word] |= bit;
        }
        self.fields[usize::from(field)].code = top.map_or(0, top_code);
        self.fields[usize::from(field)].kind = top.map_or(0, |p| p.kind);
        self.edits = self.edits.wrapping_add(1);
    }

    /// How many pieces the state can hold on one field at most (the largest stack limit).
    pub fn capacity(&self) -> u8 {
        self.cap
    }

    /// Puts a piece on top of a stack. The caller keeps to the field's limit.
    #[inline(always)]
    pub(crate) fn push(&mut self, field: FieldId, piece: Piece) {
        let h = self.fields[usize::from(field)].height;
        debug_assert!(h < self.cap, "stack over capacity");
        self.cells[usize::from(field) * usize::from(self.cap) + usize::from(h)] = piece;
        self.fields[usize::from(field)].height = h + 1;
        self.counts[usize::from(piece.owner)] += 1;
        self.rekey(|_| piece_key(field, h, piece));
        self.retop_to(field, Some(piece));
    }

    /// Puts `piece` in place of the top piece of `field` (none there: nothing
    /// changes): one change of the stack where a pop and a push were two.
    pub(crate) fn replace_top(&mut self, field: FieldId, piece: Piece) {
        let Some(h) = self.fields[usize::from(field)].height.checked_sub(1) else { return };
        let cell = usize::from(field) * usize::from(self.cap) + usize::from(h);
        let old = std::mem::replace(&mut self.cells[cell], piece);
        self.counts[usize::from(old.owner)] -= 1;
        self.counts[usize::from(piece.owner)] += 1;
        self.rekey(|_| piece_key(field, h, old) ^ piece_key(field, h, piece));
        self.retop_to(field, Some(piece));
    }

    /// Puts a piece under a stack.
    pub(crate) fn push_bottom(&mut self, field: FieldId, piece: Piece) {
        let h = usize::from(self.fields[usize::from(field)].height);
        let start = usize::from(field) * usize::from(self.cap);
        self.rekey(|s| s.stack_key(field));
        self.cells.copy_within(start..start + h, start + 1);
        self.cells[start] = piece;
        self.fields[usize::from(field)].height += 1;
        self.counts[usize::from(piece.owner)] += 1;
        self.rekey(|s| s.stack_key(field));
        self.retop(field);
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self, field: FieldId) -> Option<Piece> {
        let piece = self.top(field)?;
        self.fields[usize::from(field)].height -= 1;
        self.counts[usize::from(piece.owner)] -= 1;
        self.rekey(|s| piece_key(field, s.fields[usize::from(field)].height, piece));
        self.retop(field);
        Some(piece)
    }

    /// Takes out the piece at `index` from the bottom; those above drop down.
    pub(crate) fn take(&mut self, field: FieldId, index: usize) -> Piece {
        let h = usize::from(self.fields[usize::from(field)].height);
        let start = usize::from(field) * usize::from(self.cap);
        let piece = self.cells[start + index];
        self.rekey(|s| s.stack_key(field));
        self.cells.copy_within(start + index + 1..start + h, start + index);
        self.fields[usize::from(field)].height -= 1;
        self.counts[usize::from(piece.owner)] -= 1;
        self.rekey(|s| s.stack_key(field));
        self.retop(field);
        piece
    }

    pub(crate) fn clear(&mut self, field: FieldId) {
        while self.pop(field).is_some() {}
    }

    #[inline]
    fn pool_index(&self, pool: Pool, holder: Player, kind: KindId, owner: Player) -> usize {
        let p = usize::from(self.players);
        let k = usize::from(self.kinds);
        ((pool as usize * p + usize::from(holder)) * k + usize::from(kind)) * p + usize::from(owner)
    }

    /// How many pieces of `kind` owned by `owner` the `holder` keeps in `pool`.
    pub fn pool(&self, pool: Pool, holder: Player, kind: KindId, owner: Player) -> u16 {
        self.pools[self.pool_index(pool, holder, kind, owner)]
    }

    /// A neutral piece (owner [`NOBODY`]) is kept as the holder's: pools are per player.
    /// Inlined: a placement from the hand calls it on every move of random play.
    #[inline]
    pub(crate) fn pool_add(&mut self, pool: Pool, holder: Player, kind: KindId, owner: Player, n: i32) {
        let owner = if owner == NOBODY { holder } else { owner };
        let i = self.pool_index(pool, holder, kind, owner);
        self.pools[i] = (i32::from(self.pools[i]) + n).try_into().expect("pool count stays within 0..=u16::MAX");
        self.edits = self.edits.wrapping_add(1);
    }

    /// Pieces of a player's own colour in their hand, of one kind.
    pub fn hand(&self, player: Player, kind: KindId) -> u16 {
        self.pool(Pool::Hand, player, kind, player)
    }

    /// All pieces a player holds in a pool, of any kind and owner.
    /// (Read by `HandEmpty` at every turn: the holder's counts of a pool lie side by side.)
    #[inline]
    pub fn pool_total(&self, pool: Pool, holder: Player) -> u32 {
        let start = self.pool_index(pool, holder, 0, 0);
        let len = usize::from(self.kinds) * usize::from(self.players);
        self.pools[start..start + len].iter().map(|&n| u32::from(n)).sum()
    }

    /// Pieces on the board, of every owner (neutral ones too).
    #[inline]
    pub(crate) fn pieces_on_board(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Pieces owned by `player` on the board.
    #[inline]
    pub fn on_board(&self, player: Player) -> u32 {
        self.counts[usize::from(player)]
    }

    /// A hash of the game state for the rules (see [`State`]) but the ply and the counters:
    /// the same position reached twice hashes the same (repetition counting).
    /// The pieces' part is kept up to date move by move (Zobrist hashing):
    /// this costs the same on any board. For use within one run only: it goes
    /// through `std`'s `DefaultHasher`, whose output may change between Rust
    /// releases (and `Hash` of a `usize` between platforms); what is written
    /// to files (a position's history) uses the fixed keys of [`History`].
    pub fn position_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.pieces_key(), &self.pools, self.rules_part()).hash(&mut h);
        self.marks().iter().for_each(|w| w.hash(&mut h));
        h.finish()
    }

    /// Every piece in the game, on the board and in all pools.
    pub fn total_pieces(&self) -> u32 {
        let board: u32 = self.fields.iter().map(|f| u32::from(f.height)).sum();
        board + self.pools.iter().map(|&n| u32::from(n)).sum::<u32>()
    }
}

mod field_top;
mod history;
mod keys;
use keys::piece_key;
mod outcome;
pub use history::{History, Key};
pub use outcome::{Outcome, Reason};

mod counters;
mod dice;
pub use dice::{Dice, MOST_DICE};
mod marks;
mod memory;

#[cfg(test)]
mod tests;
