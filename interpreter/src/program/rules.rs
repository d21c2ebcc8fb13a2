//! The compiled rules: phases, move rules, motions, effects, chance and the
//! end of the game, as the compiler lowers them and the engine reads them.
//! Indices only; no name is looked up.

use super::Cond;
use crate::board::{Board, DirId, FieldId, NO_FIELD};
use crate::die::{Face, ORIENTATIONS};
use crate::piece::Player;
use crate::ruleset::{Arrive, Distance, When, Who};

/// A phase as compiled.
#[derive(Debug, Clone)]
pub(crate) struct Phase {
    pub name: String,
    pub rules: Vec<Rule>,
    /// Per player, the indices of the rules that can be theirs (their
    /// `only_if` does not rule the player out): `[0]` the ordinary rules,
    /// `[1]` the fallback ones.
    pub playable: Vec<[Vec<u8>; 2]>,
    pub decisions: u8,
    pub throw: Option<u8>,
    pub until: Option<Cond>,
    pub next: Option<u8>,
    pub starts: Option<Player>,
    pub replace: Option<Replace>,
    /// Fallback rules apply piece by piece (see `PhaseDef::fallback_per_piece`).
    pub fallback_per_piece: bool,
    /// Turn filters, in order (see [`Filter`]).
    pub filters: Vec<Filter>,
    /// The `doc` of each move rule in force (under the options), in words.
    pub docs: Vec<String>,
    /// Two rules of the phase may make one and the same move (see
    /// `Game::drop_repeats`); where none can, the moves are not compared.
    pub may_repeat: bool,
    /// A rule of the phase jumps flying pieces in chains that must go on (see
    /// `Game::keep_landings_that_go_on`); where none does, landings are not compared.
    pub flying_chains: bool,
    /// A rule of the phase walks, sows or lifts: whether a piece has a move
    /// is asked of the generator (see `Game::piece_has_move`).
    pub probes_by_generator: bool,
    /// Whether and how far the phase's moves are counted rather than made (see [`Counting`]).
    pub counting: Counting,
    /// Which loop over the rules makes the phase's moves (see [`RulesLoop`]).
    pub rules_loop: RulesLoop,
}

/// Which loop over a phase's rules makes its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RulesLoop {
    /// The generic loop, ready for every motion (`Game::each_rule`).
    General,
    /// Every rule of the phase walks (or leaves) along paths worked out
    /// before play ([`WalkPlan::ByPaths`]) or enters from the hand: its moves
    /// come from a loop of their own (see `Game::moves_of_walks`).
    WalksOnly,
}

impl Phase {
    /// Whether the generator's moves are the legal moves as they come, with
    /// nothing to drop or filter after (no move two rules make, no turn
    /// filter, no flying chain's landings to choose among).
    pub(crate) fn keeps_generated_moves(&self) -> bool {
        !self.may_repeat && !self.filters_moves()
    }

    /// Whether the legal moves go through `Game::filter_moves`: turn filters,
    /// or the landings of flying chains that must go on.
    pub(crate) fn filters_moves(&self) -> bool {
        !self.filters.is_empty() || self.flying_chains
    }
}

/// How a phase's moves are had: made one by one (the general way), or
/// counted without being made, and then how far its turns go by the count.
/// Each variant is the one before it and more. (Steps that land by bits
/// are made about as fast as they would be counted, so only placements are
/// counted.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Counting {
    /// The moves are generated.
    General,
    /// The moves can be counted without being made (see `Game::count_moves`):
    /// every rule a placement on empty fields kept as bits, no fallback rules,
    /// no turn filters, no move made by two rules.
    Counted(Placings),
    /// Every turn of the phase is one counted placement made the plain way,
    /// then the next player's turn, nothing else to decide: one decision, no
    /// throw, no change of phase, no end by which a player finishes (see
    /// `Game::play_counted_turns`).
    Turns(Placings),
    /// The counted turns can be read from an outline of the state (see
    /// `engine/outline.rs`): the game ends by lines through the piece put
    /// and "no move" alone, no rule of a player tests the state, and where
    /// a piece comes to rest reads the fields taken alone.
    Outlined(Placings),
}

/// Per player, the rules that may be theirs as [`Placing`]s, in the order of the moves.
pub(crate) type Placings = Vec<Vec<Placing>>;

impl Counting {
    /// The placings, where the moves are counted.
    #[inline(always)]
    pub(crate) fn placings(&self) -> Option<&[Vec<Placing>]> {
        match self {
            Counting::General => None,
            Counting::Counted(p) | Counting::Turns(p) | Counting::Outlined(p) => Some(p),
        }
    }

    /// Whether every turn is one counted placement (see [`Counting::Turns`]).
    #[inline(always)]
    pub(crate) fn turns(&self) -> bool {
        match self {
            Counting::General | Counting::Counted(_) => false,
            Counting::Turns(_) | Counting::Outlined(_) => true,
        }
    }

    /// The placings, where the turns are read from an outline (see [`Counting::Outlined`]).
    #[inline(always)]
    pub(crate) fn outlined(&self) -> Option<&[Vec<Placing>]> {
        match self {
            Counting::General | Counting::Counted(_) | Counting::Turns(_) => None,
            Counting::Outlined(p) => Some(p),
        }
    }
}

/// A counted rule of a player, read once: its index, the fields it puts on
/// when empty, the kinds it puts, and whether its `only_if` needs a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placing {
    pub rule: u8,
    pub targets: u64,
    pub kinds: u32,
    pub tested: bool,
}

/// A turn filter as compiled (see `FilterDef`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Filter {
    /// Keeps the moves after which `cond` holds, where `only_if` holds
    /// before the move; if none passes, all stay (`keep_all`) or none.
    RequireAfter { cond: Cond, only_if: Cond, keep_all: bool },
    /// If a move captures, only those; with `huff`, not forced, but a turn
    /// that leaves a capture unused forfeits a piece.
    Capture { huff: bool },
    /// Only the turns that capture the most, over whole chains.
    MostCaptures,
}

impl Filter {
    /// Whether the filter always leaves a move where there was one.
    pub(crate) fn keeps_some(&self) -> bool {
        match self {
            Filter::RequireAfter { keep_all, .. } => *keep_all,
            Filter::Capture { .. } | Filter::MostCaptures => true,
        }
    }
}

/// How a capture chain goes on (see `EffectDef::Continue`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Chain {
    pub must: bool,
    /// Only in the direction of the move before.
    pub same_dir: bool,
    /// The jumped pieces stay, marked, until the chain ends.
    pub remove_at_end: bool,
}

/// A move rule as compiled.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    /// Bit set of the kinds it moves.
    pub pieces: u32,
    pub motion: Motion,
    pub to: Cond,
    pub from: Cond,
    /// As written; generation reads `only_if_for`.
    pub only_if: Cond,
    pub arrive: Arrive,
    pub effects: Vec<Effect>,
    pub continues: Option<Chain>,
    /// Used only when no other rule of the phase gives a move.
    pub fallback: bool,
    /// Per player, the fields where `to` can hold at all (see [`Game::static_value`]):
    /// placements look only there.
    pub targets: Vec<Vec<FieldId>>,
    /// Per player, `to` as it reads on the `targets`: the parts the board
    /// alone decides the same way on all of them replaced by their value.
    pub to_on_targets: Vec<Cond>,
    /// Per player, `only_if` with the player it names folded in (`False`:
    /// the rule is never the player's).
    pub only_if_for: Vec<Cond>,
    /// Where no field holds more than one piece, per field whether a move of
    /// this rule can land there, as a mask over what tops it (see
    /// [`Cond::Tops`]): `to`, the stack limit, capturing and safe fields in
    /// one test. `None` where stacks or `to` need the full check.
    pub landing: Option<Vec<u8>>,
    /// Per player, for a placement that may go on empty fields only, on a
    /// board of at most 64 fields without neutral pieces: the fields it may
    /// go on when they are empty, as bits. Its moves are then these bits
    /// less the occupied fields, in field order.
    pub empty_targets: Option<Vec<u64>>,
    /// For a rule that stacks its piece on what it lands on, on a board where
    /// stacks grow: per field, the mask over what tops it that `to` allows
    /// there (see [`Cond::Tops`]); the piece lands where the mask holds and
    /// the stack has room. `None` where `to` needs the full check.
    pub stack_landing: Option<Vec<u8>>,
    /// [`Rule::landing`] as bits, where the board has at most 64 fields, no
    /// piece is neutral and the masks read only who owns a top (not whether
    /// it is turned over): a step tests one bit of a word worked out once
    /// per generation instead of looking up what tops its target.
    pub landing_bits: Option<LandingBits>,
    /// [`Rule::landing`], else [`Rule::stack_landing`], as words by what
    /// tops a field, where the board has at most 64 fields: where a walk or
    /// an entry may end is then a few operations on the words of a
    /// generation's [`TopWords`].
    pub landing_words: Option<LandingWords>,
    /// For a placement that falls, where the board allows: the line each
    /// field falls along, so that where a piece comes to rest is a bit scan
    /// (see [`FallLines`]).
    pub fall_lines: Option<FallLines>,
    /// For a run whose length a die reads off itself, where it may pass over
    /// any field: its ends by field and orientation (see [`DieRuns`]).
    pub die_runs: Option<DieRuns>,
    /// For a sowing whose passed-over fields the board decides: where it
    /// ends, by player, field and pieces sown (see [`SowEnds`]).
    pub sow_ends: Option<SowEnds>,
    /// Whether every move of this rule captures (`Some(true)`: a jump over
    /// enemy pieces only) or none does (`Some(false)`: it neither jumps nor
    /// lands on an enemy, and no effect captures), where the rule alone
    /// decides it (see `Game::captures`).
    pub captures: Option<bool>,
    /// A move of this rule only puts its piece down, from the hand or from
    /// the field it leaves, taking what `arrive` takes there, its effects
    /// changing that piece alone (turned over, tipped or turned: see
    /// [`Effect::changes_the_mover_only`]): no chain, no jump, no placing
    /// under a stack; its phase offers no huff and replaces no piece; no
    /// field of the board sends a piece on or gives another turn. Outside a
    /// chain and with nothing pending, such a move is played without the
    /// checks for what it cannot do (`Game::plain_rule`).
    pub plain: bool,
    /// How the rule's walks are made (see [`WalkPlan`]).
    pub walk_plan: WalkPlan,
}

/// How a rule that walks, or leaves by a walk, makes its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum WalkPlan {
    /// Piece by piece, each walk searched or scanned as `Game::piece_moves`
    /// makes it (every rule that does not walk by its paths).
    General,
    /// The rule walks no farther than its paths were worked out for, passing
    /// and starting by what tops a field: the generator's loop of its own
    /// ([`Rule::walk_by_paths`] says it all). Per field, the list of its
    /// paths (a walk's, or an exit's to where a piece may leave) that a piece
    /// starting there scans ([`WalkPaths::key`]); [`Rule::NO_PATHS`] where
    /// there is none or it is empty.
    ByPaths(Vec<u32>),
}

impl WalkPlan {
    /// Whether the rule walks by its paths.
    #[inline(always)]
    pub(crate) fn by_paths(&self) -> bool {
        match self {
            WalkPlan::General => false,
            WalkPlan::ByPaths(_) => true,
        }
    }
}

/// Per field, the fields a piece put there falls through, in order, where
/// the fields of every such line are numbered in one order (rising or
/// falling), as on a grid: the first field of a line that is not free is
/// then the lowest or highest bit of the line's fields less the free ones,
/// and the piece rests on the field before it. For boards of up to 64 fields.
#[derive(Debug, Clone)]
pub(crate) struct FallLines {
    pub lines: Vec<FallLine>,
    /// The fields that take pieces (a field with no room for one is not free).
    pub takes: u64,
}

/// The line a piece put on one field falls along.
#[derive(Debug, Clone)]
pub(crate) struct FallLine {
    /// The field put on, then each field below it, in the order of the fall.
    pub fields: Vec<FieldId>,
    /// The fields below, as bits.
    pub below: u64,
    /// The fields below are numbered falling (else rising).
    pub falling: bool,
}

impl FallLines {
    /// Where a piece put on `from` comes to rest, `occupied` the fields a piece tops.
    #[inline]
    pub(crate) fn rest(&self, occupied: u64, from: FieldId) -> FieldId {
        let line = &self.lines[usize::from(from)];
        let blocked = line.below & (occupied | !self.takes);
        let passed = if blocked == 0 {
            line.fields.len() - 1
        } else if line.falling {
            // The first field not free is the highest; those passed lie above it.
            let first = 63 - blocked.leading_zeros();
            ((line.below >> first) >> 1).count_ones() as usize
        } else {
            let first = blocked.trailing_zeros();
            (line.below & ((1u64 << first) - 1)).count_ones() as usize
        };
        line.fields[passed]
    }
}

impl Rule {
    /// In [`WalkPlan::ByPaths`]' lists: no paths to scan from that field.
    pub(crate) const NO_PATHS: u32 = u32::MAX;

    /// Whether where a piece the rule puts comes to rest reads the fields
    /// taken alone: no fall, or a fall along [`FallLines`] ([`Rule::rest_by_bits`]).
    pub(crate) fn rests_by_bits(&self) -> bool {
        match &self.motion {
            Motion::Place { fall: Some(_), .. } => self.fall_lines.is_some(),
            Motion::Place { fall: None, .. }
            | Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Enter { .. }
            | Motion::Exit { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. } => true,
        }
    }

    /// Where a piece the rule puts on `to` comes to rest, `taken` the fields a
    /// piece tops, where [`Rule::rests_by_bits`].
    #[inline(always)]
    pub(crate) fn rest_by_bits(&self, taken: u64, to: FieldId) -> FieldId {
        match &self.fall_lines {
            Some(lines) => lines.rest(taken, to),
            None => to,
        }
    }

    /// The tests the rule makes of a field as it makes its moves: `to` (as
    /// written and as it reads on its targets), `from`, and what its motion
    /// asks of the fields it passes, jumps, enters, leaves or skips.
    pub(crate) fn field_tests_mut(&mut self) -> Vec<&mut Cond> {
        let mut tests: Vec<&mut Cond> = vec![&mut self.to, &mut self.from];
        tests.extend(self.to_on_targets.iter_mut());
        match &mut self.motion {
            Motion::Slide { pass, .. } | Motion::Run { pass, .. } | Motion::RunOff { pass, .. } => tests.push(pass),
            Motion::Jump { over, .. } => tests.push(over),
            Motion::Sow { skip, .. } => tests.push(skip),
            Motion::Walk { walk, .. } => tests.push(&mut walk.pass),
            Motion::Enter { via, walk, .. } | Motion::Exit { via, walk, .. } => {
                tests.push(via);
                tests.push(&mut walk.pass);
            }
            Motion::Step(_) | Motion::Leap(_) | Motion::Place { .. } | Motion::Lift | Motion::Fly => {}
        }
        tests
    }
}

/// Where a rule's moves may land, by who owns the top of the field: bits of
/// the fields (see [`Rule::landing_bits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LandingBits {
    pub empty: u64,
    pub own: u64,
    pub other: u64,
}

impl LandingBits {
    /// The fields a move of `me` may land on in `s`.
    #[inline]
    pub(crate) fn landable(&self, s: &crate::state::State, me: Player) -> u64 {
        let own = s.topped_first_word(me);
        let occupied = s.topped_word(0);
        (self.empty & !occupied) | (self.own & own) | (self.other & occupied & !own)
    }
}

/// What tops each field of a board of up to 64 fields, seen from one
/// player: for each class of [`Cond::Tops`] (see `State::top_class`) the
/// fields it tops, and the fields with room for one more piece. Worked out
/// once per generation where pieces walk: the fields they may pass over,
/// start from and end on are then a few operations on words.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct TopWords {
    pub by_class: [u64; 8],
    pub room: u64,
}

impl TopWords {
    /// The fields whose top is of a class of `mask` (a [`Cond::Tops`] mask);
    /// for every class, every field (and the bits past the board too).
    #[inline]
    pub(crate) fn of(&self, mask: u8) -> u64 {
        if mask & Cond::ALL == Cond::ALL {
            return !0;
        }
        // Without a branch per class.
        let classes = self.by_class.iter().enumerate();
        classes.fold(0, |w, (c, &fields)| w | fields & u64::from(mask >> c & 1).wrapping_neg())
    }
}

/// A rule's landing masks per field ([`Rule::landing`], [`Rule::stack_landing`])
/// turned round, for a board of up to 64 fields: per class of what tops a
/// field, the fields where a piece may land on such a top; and whether the
/// field must have room for it too (a rule that stacks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LandingWords {
    by_class: [u64; 8],
    room: bool,
}

impl LandingWords {
    /// The words of `masks` (one per field), `None` past 64 fields.
    pub(crate) fn new(masks: &[u8], room: bool) -> Option<LandingWords> {
        if masks.len() > 64 {
            return None;
        }
        let mut by_class = [0u64; 8];
        for (f, &mask) in masks.iter().enumerate() {
            for (c, fields) in by_class.iter_mut().enumerate() {
                *fields |= u64::from(mask >> c & 1) << f;
            }
        }
        Some(LandingWords { by_class, room })
    }

    /// Whether a piece may land on `field` (below 64) topped as `class` says,
    /// where it has room if `room` (asked only where the rule stacks); without a branch.
    #[inline(always)]
    pub(crate) fn lands_on(&self, class: u8, field: FieldId, room: bool) -> bool {
        (self.by_class[usize::from(class & 7)] >> (field & 63) & 1 != 0) & (room | !self.room)
    }

    /// The fields a piece may land on where the fields are topped as `tops` says.
    #[inline]
    pub(crate) fn landable(&self, tops: &TopWords) -> u64 {
        let lands = self.by_class.iter().zip(&tops.by_class).fold(0, |w, (l, t)| w | l & t);
        lands & if self.room { tops.room } else { !0 }
    }
}

/// Where a run that may pass over any field ends: the field `n` links away
/// from each field in each direction of the board (`NO_FIELD` off the
/// board), for `n` up to [`RunEnds::MOST`]. A run's `n` steps from one field
/// are then one look-up instead of `n` dependent ones (dice as pieces,
/// throws along a track). One table per game, for all its runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RunEnds {
    dirs: usize,
    ends: Vec<FieldId>,
}

impl RunEnds {
    /// The longest run looked up; a longer one is walked step by step.
    pub(crate) const MOST: u8 = 15;
    /// The most (field, direction) pairs a table is made for (128 KiB); a
    /// larger board's runs are walked.
    const MOST_PAIRS: usize = 4096;

    pub(crate) fn new(board: &Board) -> Option<RunEnds> {
        let dirs = board.dir_names().len();
        if board.len() * dirs > Self::MOST_PAIRS {
            return None;
        }
        let mut ends = Vec::with_capacity(board.len() * dirs * (usize::from(Self::MOST) + 1));
        for from in board.fields() {
            for d in 0..dirs as DirId {
                let mut at = from;
                ends.push(from);
                for _ in 1..=Self::MOST {
                    at = if at == NO_FIELD { at } else { board.neighbour(at, d) };
                    ends.push(at);
                }
            }
        }
        Some(RunEnds { dirs, ends })
    }

    /// Where `n` links from `from` in direction `dir` end, if `n` is looked up.
    #[inline]
    pub(crate) fn end(&self, from: FieldId, dir: DirId, n: u8) -> Option<FieldId> {
        if n > Self::MOST {
            return None;
        }
        let k = (usize::from(from) * self.dirs + usize::from(dir)) * (usize::from(Self::MOST) + 1) + usize::from(n);
        self.ends.get(k).copied()
    }
}

/// The face of a die that a `distance` reads in direction `dir`: the one
/// pointing that way (`Face`, where the compass gives the direction a face)
/// or the top (`TopFace`); `None` for other distances.
pub(crate) fn face_read(distance: Distance, compass: &[Option<Face>], dir: DirId) -> Option<Face> {
    match distance {
        Distance::Face => compass.get(usize::from(dir)).copied().flatten(),
        Distance::TopFace => Some(Face::Top),
        Distance::Const(_) | Distance::Throw | Distance::FieldSteps => None,
    }
}

/// Where a run whose length a die piece reads off itself ends (`distance:
/// Face` or `TopFace`, passing over any field): for each field and
/// orientation of the die, the end of each of the rule's directions
/// (`NO_FIELD` where the run leaves the board, comes back to where it
/// began, or the die shows no face that way), and where the board has at
/// most 64 fields all of them as bits. Reading the face, counting out the
/// run and finding its end are then one look-up (any game of dice as pieces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DieRuns {
    dirs: usize,
    ends: Vec<FieldId>,
    /// Per field and orientation, the ends as bits (empty where the board has more than 64 fields).
    reach: Vec<u64>,
}

impl DieRuns {
    /// The most ends the tables of one game hold (256 Ki, half a megabyte):
    /// the runs of rules past it, or of a board too large, are counted out.
    pub(crate) const MOST_ENDS: usize = 1 << 18;

    /// The table of a run in `dirs` over `board`, its length the face
    /// `distance` reads (`compass`: the face each direction reads, for
    /// `Face`), if its ends fit in `room` (what the game's tables may still
    /// hold), which it then takes; `None` for other distances.
    pub(crate) fn new(
        board: &Board,
        compass: &[Option<Face>],
        dirs: &[DirId],
        distance: Distance,
        room: &mut usize,
    ) -> Option<DieRuns> {
        let orients = ORIENTATIONS.len();
        let size = board.len() * orients * dirs.len();
        if !matches!(distance, Distance::Face | Distance::TopFace) || size > *room {
            return None;
        }
        *room -= size;
        let towards: Vec<Option<Face>> = dirs.iter().map(|&d| face_read(distance, compass, d)).collect();
        let mut ends = Vec::with_capacity(size);
        for from in board.fields() {
            for faces in &ORIENTATIONS {
                for (&d, towards) in dirs.iter().zip(&towards) {
                    let n = towards.map_or(0, |f| faces[f as usize]);
                    let mut at = if n == 0 { NO_FIELD } else { from };
                    for _ in 0..n {
                        at = if at == NO_FIELD { at } else { board.neighbour(at, d) };
                    }
                    ends.push(if at == from { NO_FIELD } else { at });
                }
            }
        }
        let reach = if board.len() <= 64 {
            let bits = |ends: &[FieldId]| ends.iter().filter(|&&f| f != NO_FIELD).fold(0u64, |b, &f| b | 1 << f);
            ends.chunks(dirs.len().max(1)).map(bits).collect()
        } else {
            Vec::new()
        };
        Some(DieRuns { dirs: dirs.len(), ends, reach })
    }

    /// The ends of the run from `from` for a die in orientation `orient`, one per direction of the rule.
    #[inline]
    pub(crate) fn ends(&self, from: FieldId, orient: u8) -> &[FieldId] {
        let Some(k) = Self::index(from, orient) else { return &[] };
        self.ends.get(k * self.dirs..(k + 1) * self.dirs).unwrap_or_default()
    }

    /// Where the entries of `from` and `orient` stand (`None`: no die lies so).
    #[inline]
    fn index(from: FieldId, orient: u8) -> Option<usize> {
        let orients = ORIENTATIONS.len();
        (usize::from(orient) < orients).then(|| usize::from(from) * orients + usize::from(orient))
    }

    /// How many ends the table holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether the ends are kept as bits too (the board has at most 64 fields).
    pub(crate) fn has_bits(&self) -> bool {
        !self.reach.is_empty()
    }

    /// [`DieRuns::ends`] as bits, where [`DieRuns::has_bits`].
    #[inline]
    pub(crate) fn reach(&self, from: FieldId, orient: u8) -> u64 {
        Self::index(from, orient).and_then(|k| self.reach.get(k)).copied().unwrap_or(0)
    }
}

/// Where a sowing ends, looked up: for each player, field sown from and
/// number of pieces sown, the field the last piece is dropped on
/// (`NO_FIELD`: the pieces cannot all be dropped), for a `Sow` whose
/// `skip` the board and the player decide. A sowing passes over a field
/// that is full as well, which the board cannot say; but a field that
/// takes pieces at all holds at least `room`, so the table holds while the
/// board has no more pieces than that (the state's count, read per
/// generation). Looked up, a pit's move is one read instead of a walk of
/// all its pieces (any mancala).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SowEnds {
    fields: usize,
    /// The most pieces sown that the table holds.
    most: usize,
    /// The least limit of a field that takes pieces.
    pub room: u32,
    ends: Vec<FieldId>,
}

impl SowEnds {
    /// The most ends a table holds (64 Ki); a larger one is not made.
    pub(crate) const MOST_ENDS: usize = 1 << 16;
    /// The most steps the sowings that fill a table may take (each of up
    /// to `most` pieces may pass the whole board once): a hostile ruleset
    /// compiles in well under a second.
    const MOST_STEPS: usize = 1 << 26;

    /// The table for `players` on a board of `fields`, holding up to `most`
    /// pieces sown, each end as `sown(player, from, n)` says, with `room` as above.
    pub(crate) fn new(
        players: usize,
        fields: usize,
        most: usize,
        room: u32,
        mut sown: impl FnMut(Player, FieldId, usize) -> FieldId,
    ) -> Option<SowEnds> {
        let size = players.checked_mul(fields)?.checked_mul(most + 1)?;
        let steps = size.checked_mul(most)?.checked_mul(fields + 1)?;
        if size > Self::MOST_ENDS || steps > Self::MOST_STEPS {
            return None;
        }
        let mut ends = Vec::with_capacity(size);
        for p in 0..players {
            for from in 0..fields {
                ends.extend((0..=most).map(|n| sown(p as Player, from as FieldId, n)));
            }
        }
        Some(SowEnds { fields, most, room, ends })
    }

    /// Where `n` pieces sown by `me` from `from` end, if the table holds it.
    #[inline]
    pub(crate) fn end(&self, me: Player, from: FieldId, n: u8) -> Option<FieldId> {
        let n = usize::from(n);
        if n > self.most {
            return None;
        }
        let k = (usize::from(me) * self.fields + usize::from(from)) * (self.most + 1) + n;
        self.ends.get(k).copied()
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Motion {
    /// One step in one of some directions.
    Step(Reach),
    /// To the fields the offsets give (no direction).
    Leap(Reach),
    Slide {
        dirs: Vec<DirId>,
        max: u8,
        pass: Cond,
    },
    Place {
        bottom: bool,
        fall: Option<DirId>,
    },
    Lift,
    /// To any field where the rule's `to` holds.
    Fly,
    Run {
        dirs: Vec<DirId>,
        distance: Distance,
        pass: Cond,
    },
    RunOff {
        dirs: Vec<DirId>,
        distance: Distance,
        pass: Cond,
        /// A longer distance leaves too; with `remainder` its rest moves another piece.
        over: bool,
        remainder: bool,
    },
    Walk {
        walk: Walk,
        steps: Distance,
    },
    Enter {
        via: Cond,
        steps: Distance,
        walk: Walk,
        /// Where `via` is a set of fields the board decides: the paths in by
        /// any of them, for every number of steps (see [`WalkPaths::entries`]).
        entries: Option<WalkPaths>,
    },
    Exit {
        via: Cond,
        steps: Distance,
        walk: Walk,
        /// Where `via` is a set of fields the board decides: the walk's paths
        /// that end on one of them (see [`WalkPaths::exits`]).
        exits: Option<WalkPaths>,
    },
    /// The whole stack, one piece on each following field (see `Motion::Sow`).
    Sow {
        dirs: Vec<DirId>,
        skip: Cond,
        skip_origin: bool,
    },
    /// Over a field where `over` holds to the field beyond, capturing; with
    /// `fly`, over empty fields before it and onto any empty field after it.
    Jump {
        dirs: Vec<DirId>,
        over: Cond,
        fly: bool,
    },
}

impl Motion {
    /// The action of the moves the motion makes.
    pub(crate) fn action(&self) -> crate::moves::Action {
        use crate::moves::Action;
        match self {
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::Walk { .. }
            | Motion::Jump { .. } => Action::Board,
            Motion::Place { .. } | Motion::Enter { .. } => Action::Place,
            Motion::Lift => Action::Lift,
            Motion::RunOff { .. } | Motion::Exit { .. } => Action::Exit,
            Motion::Sow { .. } => Action::Sow,
        }
    }

    /// Whether whether a piece has a move must be asked of the generator:
    /// a walk needs the generator's walking state, a sowing or lift is made
    /// by the generator's own loop (see `Game::piece_has_move`).
    pub(crate) fn probed_by_generator(&self) -> bool {
        match self {
            Motion::Walk { .. } | Motion::Exit { .. } | Motion::Sow { .. } | Motion::Lift => true,
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Enter { .. }
            | Motion::Jump { .. } => false,
        }
    }

    /// Whether a move only puts its piece down on its target, from the hand
    /// or from the field it leaves, taking what arrives there takes: no
    /// piece jumped, none put under a stack, none taken off, no stack sown.
    /// (One of the conditions of a plain rule: see [`Rule::plain`].)
    pub(crate) fn only_puts_down(&self) -> bool {
        match self {
            Motion::Place { bottom, .. } => !bottom,
            Motion::Enter { .. }
            | Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::Walk { .. } => true,
            Motion::Lift | Motion::RunOff { .. } | Motion::Exit { .. } | Motion::Sow { .. } | Motion::Jump { .. } => {
                false
            }
        }
    }

    /// The walk of a motion that walks, enters or leaves by a walk.
    pub(crate) fn walk(&self) -> Option<&Walk> {
        match self {
            Motion::Walk { walk, .. } | Motion::Enter { walk, .. } | Motion::Exit { walk, .. } => Some(walk),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. } => None,
        }
    }

    /// [`Motion::walk`], to change.
    pub(crate) fn walk_mut(&mut self) -> Option<&mut Walk> {
        match self {
            Motion::Walk { walk, .. } | Motion::Enter { walk, .. } | Motion::Exit { walk, .. } => Some(walk),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. } => None,
        }
    }

    /// The fields an entry comes in by or an exit leaves by (`via`), to change.
    pub(crate) fn via_mut(&mut self) -> Option<&mut Cond> {
        match self {
            Motion::Enter { via, .. } | Motion::Exit { via, .. } => Some(via),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. } => None,
        }
    }

    /// Whether a piece it puts from the hand stays on top of the field it is
    /// put on, arriving there as a move does: not under the stack, not falling.
    pub(crate) fn puts_down_where_put(&self) -> bool {
        match self {
            Motion::Place { bottom, fall } => !bottom && fall.is_none(),
            Motion::Enter { .. } => true,
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Exit { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. } => false,
        }
    }

    /// Whether a piece it puts from the hand goes under the stack of the field.
    pub(crate) fn puts_under(&self) -> bool {
        match self {
            Motion::Place { bottom, .. } => *bottom,
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Enter { .. }
            | Motion::Exit { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. } => false,
        }
    }

    /// Whether its moves jump over a field, capturing what they jump.
    pub(crate) fn jumps(&self) -> bool {
        match self {
            Motion::Jump { .. } => true,
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Enter { .. }
            | Motion::Exit { .. }
            | Motion::Sow { .. } => false,
        }
    }
}

impl Rule {
    /// A flying jump whose capture chain must go on.
    pub(crate) fn flies_in_chains(&self) -> bool {
        let flies = match self.motion {
            Motion::Jump { fly, .. } => fly,
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Walk { .. }
            | Motion::Enter { .. }
            | Motion::Exit { .. }
            | Motion::Sow { .. } => false,
        };
        flies && self.continues.is_some_and(|c| c.must)
    }

    /// Where the rule jumps over what a mask of tops says (its `over`),
    /// landing by bits, from any piece of its kinds: its directions, that
    /// mask and its landing bits (the generator's tight loop for jumps,
    /// outside a chain).
    pub(crate) fn jump_by_masks(&self) -> Option<(&[DirId], u8, &LandingBits)> {
        match (&self.motion, &self.landing_bits, &self.from) {
            (Motion::Jump { dirs, over, fly: false }, Some(bits), Cond::True) => {
                over.tops_mask().map(|over| (dirs.as_slice(), over, bits))
            }
            _ => None,
        }
    }

    /// Where the rule walks (or leaves by a walk) along paths worked out
    /// before play, passing, and starting from fields, by what tops them: the
    /// generator's loop over the pieces with one pass word (see `WalkByPaths`).
    pub(crate) fn walk_by_paths(&self) -> Option<WalkByPaths<'_>> {
        match &self.walk_plan {
            WalkPlan::General => None,
            WalkPlan::ByPaths(lists) => self.walk_parts().map(|by| WalkByPaths { lists, ..by }),
        }
    }

    /// The parts of a walk or exit with its paths worked out, passing and
    /// starting by masks over what tops a field, however far it goes (what
    /// `Game::specialise_rules` reads to choose [`WalkPlan::ByPaths`]); no lists yet.
    pub(crate) fn walk_parts(&self) -> Option<WalkByPaths<'_>> {
        let (walk, steps, paths, exit) = match &self.motion {
            Motion::Walk { walk: walk @ Walk { paths: Some(paths), .. }, steps } => (walk, *steps, paths, false),
            Motion::Exit { walk, steps, exits: Some(exits), .. } => (walk, *steps, exits, true),
            _ => return None,
        };
        let (pass, from) = (walk.pass.tops_mask()?, self.from.tops_mask()?);
        Some(WalkByPaths { walk, steps, paths, exit, pass, from, lists: &[] })
    }

    /// Whether a move by this rule may leave its mover a choice that
    /// completes the move: a capture chosen, or a chain that goes on.
    pub(crate) fn may_leave_a_choice(&self) -> bool {
        self.choice().is_some() || self.continues.is_some()
    }

    /// The rule's `CaptureChosen`, if it has one.
    pub(crate) fn choice(&self) -> Option<&Choice> {
        self.effects.iter().find_map(|e| match e {
            Effect::CaptureChosen(c) => Some(&**c),
            _ => None,
        })
    }
}

/// Per field, the fields a motion reaches from it in one move, each with the
/// direction taken ([`crate::moves::NO_DIR`] for none): worked out once from the
/// board, and kept in one flat table.
#[derive(Debug, Clone)]
pub(crate) struct Reach {
    /// `to[start[f]..start[f + 1]]` are the targets from field `f`.
    start: Vec<u32>,
    to: Vec<(FieldId, DirId)>,
}

impl Reach {
    /// The table of the targets `targets(f)` of every field `f` of `board`.
    pub(crate) fn new<I: IntoIterator<Item = (FieldId, DirId)>>(
        board: &crate::board::Board,
        targets: impl Fn(FieldId) -> I,
    ) -> Reach {
        let mut reach = Reach { start: vec![0], to: Vec::new() };
        for f in board.fields() {
            reach.to.extend(targets(f));
            reach.start.push(reach.to.len() as u32);
        }
        reach
    }

    #[inline]
    pub(crate) fn from(&self, field: FieldId) -> &[(FieldId, DirId)] {
        let f = usize::from(field);
        &self.to[self.start[f] as usize..self.start[f + 1] as usize]
    }
}

/// How a walk goes: along which links, turning or not, over what.
#[derive(Debug, Clone)]
pub(crate) struct Walk {
    pub dirs: Vec<DirId>,
    pub turns: bool,
    pub pass: Cond,
    pub double_again: bool,
    /// A board walk may end on the field it started from.
    pub returns: bool,
    /// Every path of the walk, worked out from the board once (see
    /// [`WalkPaths`]); `None` where the board is too large or the paths too many.
    pub paths: Option<WalkPaths>,
}

/// The paths of a walk from every field, for every number of steps up to
/// `most`, with and without doubling. The fields a path passes over are not
/// known before play (they must be passable then), so each path keeps them
/// as a mask: at play a walk is a scan of its paths, each a test of two
/// masks, instead of a search. Which ends are reached is all a scan tells
/// (a walk's moves are listed in the field order of their ends), so a path
/// another to the same end makes needless is not kept; in an exit's table,
/// which tells only whether any path is open, one that any other makes
/// needless (see `compile::walk_paths`). For boards of up to 64 fields.
/// `blocks` are made from `index` and `paths` last ([`WalkPaths::with_blocks`]):
/// a table is not changed after that.
/// Whether a walk that ends on a doubling field goes on as far again (see
/// [`Walk::double_again`]): a walk does, an exit's walk to the edge does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Doubling {
    Once,
    Doubles,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct WalkPaths {
    /// The paths of (start, steps, double) are `paths[index[k]..index[k + 1]]`,
    /// `k = (start * (most + 1) + steps) * 2 + double` ([`WalkPaths::key`]).
    pub index: Vec<u32>,
    pub paths: Vec<PathEnd>,
    pub most: u8,
    /// The same lists four paths to a block, on a board of up to 32 fields
    /// (see [`WalkPaths::with_blocks`]); a scan reads these where they are.
    pub blocks: Option<PathBlocks>,
}

/// Four paths side by side, on a board of up to 32 fields: what tops a field
/// in one lane each, so that one SIMD AND, compare and AND test four paths
/// for where they are open and what they reach (SSE2, which every x86-64
/// has; NEON on aarch64; through the `wide` crate, so no unsafe code here).
/// A lane no path fills reads no field and needs one: it is never open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct PathBlock {
    care: [u32; 4],
    need: [u32; 4],
    ends: [u32; 4],
}

/// [`WalkPaths`]' lists as blocks: list `k` is `blocks[index[k]..index[k + 1]]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PathBlocks {
    index: Vec<u32>,
    blocks: Vec<PathBlock>,
}

impl PathBlocks {
    /// The ends of the open paths of list `k` where `pass` says the walk may pass.
    #[inline]
    fn ends(&self, k: usize, pass: u32) -> u32 {
        use wide::u32x4;
        let (Some(&from), Some(&to)) = (self.index.get(k), self.index.get(k + 1)) else { return 0 };
        let blocks = self.blocks.get(from as usize..to as usize).unwrap_or(&[]);
        let pass = u32x4::splat(pass);
        let reached = blocks.iter().fold(u32x4::ZERO, |reached, b| {
            let open = (pass & u32x4::from(b.care)).cmp_eq(u32x4::from(b.need));
            reached | (open & u32x4::from(b.ends))
        });
        reached.to_array().iter().fold(0, |w, lane| w | lane)
    }
}

/// What the board alone says of the fields of a walk, whatever the pieces
/// (see `Game::known_of_walk`): where it may always pass, where never, and
/// where it can end to no purpose (a field that takes no piece, for a walk
/// whose end must be landed on). A walk's paths are kept without the fields
/// they are sure of, and not at all where they can never be open or lead
/// anywhere; so where the board has no say, they are as the search finds them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Known {
    pub pass: u64,
    pub block: u64,
    pub dead: u64,
}

/// A rule that walks along paths worked out before play (see [`Rule::walk_by_paths`]).
pub(crate) struct WalkByPaths<'r> {
    pub walk: &'r Walk,
    pub steps: Distance,
    /// The walk's paths, or for an exit the paths to where a piece may leave.
    pub paths: &'r WalkPaths,
    pub exit: bool,
    /// The masks over what tops a field of the walk's `pass` and the rule's `from`.
    pub pass: u8,
    pub from: u8,
    /// Per field, the list of paths a piece starting there scans (see
    /// [`WalkPlan::ByPaths`]); empty before the plan is chosen.
    pub lists: &'r [u32],
}

/// One path of a walk: it ends on `end` if every field of `need` is passable
/// and none of `need_not` is (a doubling field where the walk stops instead).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PathEnd {
    need: u64,
    /// The fields the path's test reads: those of `need`, and those of `need_not`.
    care: u64,
    pub end: FieldId,
}

impl PathEnd {
    /// The path to `end` open where the fields of `need` are passable and
    /// those of `need_not` are not; `None` where a field is in both (such a
    /// path is never open).
    pub(crate) fn new(need: u64, need_not: u64, end: FieldId) -> Option<PathEnd> {
        (need & need_not == 0).then_some(PathEnd { need, care: need | need_not, end })
    }

    /// The fields that must be passable.
    pub(crate) fn need(&self) -> u64 {
        self.need
    }

    /// The fields that must not be passable.
    pub(crate) fn need_not(&self) -> u64 {
        self.care & !self.need
    }

    /// The same path with the fields of `more` to be passable too.
    pub(crate) fn needing(self, more: u64) -> Option<PathEnd> {
        PathEnd::new(self.need | more, self.need_not(), self.end)
    }

    /// Whether the path is open where `pass` (a board's one word) says the walk may pass.
    #[inline(always)]
    pub(crate) fn open(&self, pass: u64) -> bool {
        // Of the fields it reads, those it needs pass and no others:
        // one test, without a branch (see `path_ends`).
        pass & self.care == self.need
    }
}

impl WalkPaths {
    /// A table with no list yet, for walks of up to `most` steps.
    pub(crate) fn new(most: u8) -> WalkPaths {
        WalkPaths { index: vec![0], paths: Vec::new(), most, blocks: None }
    }

    /// The paths of a walk of `steps` from `start`, if worked out.
    #[inline]
    pub(crate) fn of(&self, start: FieldId, steps: u8, double: Doubling) -> Option<&[PathEnd]> {
        self.list(self.key(start, steps, double)?)
    }

    /// The number of the list of a walk of `steps` from `start`, if worked out.
    #[inline]
    pub(crate) fn key(&self, start: FieldId, steps: u8, double: Doubling) -> Option<usize> {
        let k = (usize::from(start) * (usize::from(self.most) + 1) + usize::from(steps)) * 2
            + usize::from(double == Doubling::Doubles);
        (steps <= self.most && k + 1 < self.index.len()).then_some(k)
    }

    /// List `k` ([`WalkPaths::key`], [`WalkPlan::ByPaths`]).
    #[inline]
    pub(crate) fn list(&self, k: usize) -> Option<&[PathEnd]> {
        let (from, to) = (*self.index.get(k)?, *self.index.get(k + 1)?);
        self.paths.get(from as usize..to as usize)
    }

    /// The ends of the open paths of list `k` where `pass` (a board's one
    /// word) says the walk may pass, as a word. Without a branch on whether a
    /// path is open, which is as good as random where there are many (a
    /// mispredicted branch costs some 15 cycles): which ends are reached is
    /// all a walk's moves need (they are listed in the field order of their ends).
    #[inline]
    pub(crate) fn ends(&self, k: usize, pass: u64) -> u64 {
        match &self.blocks {
            // (On a board of up to 32 fields the word's high half is empty.)
            Some(blocks) => u64::from(blocks.ends(k, pass as u32)),
            None => path_ends(self.list(k).unwrap_or(&[]), pass),
        }
    }

    /// The table with its lists as blocks too, where the board has at most 32 fields.
    pub(crate) fn with_blocks(mut self, fields: usize) -> WalkPaths {
        if fields > 32 {
            return self;
        }
        let mut blocks = PathBlocks { index: vec![0], blocks: Vec::new() };
        for k in 0..self.index.len() - 1 {
            for four in self.list(k).unwrap_or(&[]).chunks(4) {
                // (The masks fit in 32 bits: the board does.)
                let lane =
                    |i: usize, part: fn(&PathEnd) -> u64, none: u32| four.get(i).map_or(none, |p| part(p) as u32);
                blocks.blocks.push(PathBlock {
                    care: std::array::from_fn(|i| lane(i, |p| p.care, 0)),
                    need: std::array::from_fn(|i| lane(i, |p| p.need, 1)),
                    ends: std::array::from_fn(|i| lane(i, |p| 1 << p.end, 0)),
                });
            }
            blocks.index.push(blocks.blocks.len() as u32);
        }
        self.blocks = Some(blocks);
        self
    }
}

/// The ends of the paths of `paths` open where `pass` (a board's one word)
/// says, as a word (see [`WalkPaths::ends`]).
#[inline]
pub(crate) fn path_ends(paths: &[PathEnd], pass: u64) -> u64 {
    paths.iter().fold(0, |ends, p| ends | u64::from(p.open(pass)) << p.end)
}

#[derive(Debug, Clone)]
pub(crate) enum Effect {
    Enclose(Box<Enclosure>),
    Flip,
    Tip,
    TurnClockwise,
    Spawn {
        on: Cond,
        zone: u8,
        optional: bool,
    },
    /// Where `cond` holds after the move, the mover captures a stack of their
    /// choice (see [`crate::state::Pending::Capture`]).
    CaptureChosen(Box<Choice>),
    CaptureRun(Box<CaptureRun>),
    Promote {
        to: crate::piece::KindId,
        on: Cond,
        ends_chain: bool,
        /// Only where the move ends (not on the way of a chain that goes on).
        at_end: bool,
    },
}

impl Effect {
    /// Whether the effect changes the piece moved and nothing else: turns it
    /// over, tips it or turns it. (A plain rule may have such effects; see [`Rule::plain`].)
    pub(crate) fn changes_the_mover_only(&self) -> bool {
        match self {
            Effect::Flip | Effect::Tip | Effect::TurnClockwise => true,
            Effect::Enclose(_)
            | Effect::Spawn { .. }
            | Effect::CaptureChosen(_)
            | Effect::CaptureRun(_)
            | Effect::Promote { .. } => false,
        }
    }

    /// Whether the effect itself may capture a piece the move did not land
    /// on or jump: by enclosure or along a run (a capture chosen is a
    /// decision of its own, not part of the move).
    pub(crate) fn captures_in_passing(&self) -> bool {
        match self {
            Effect::Enclose(_) | Effect::CaptureRun(_) => true,
            Effect::Flip
            | Effect::Tip
            | Effect::TurnClockwise
            | Effect::Spawn { .. }
            | Effect::CaptureChosen(_)
            | Effect::Promote { .. } => false,
        }
    }

    /// Whether the effect leaves every piece's owner as it was (it may
    /// turn, tip or promote the mover, or leave a capture to choose).
    pub(crate) fn keeps_owners(&self) -> bool {
        match self {
            Effect::CaptureChosen(_) | Effect::Flip | Effect::Tip | Effect::TurnClockwise | Effect::Promote { .. } => {
                true
            }
            Effect::Enclose(_) | Effect::CaptureRun(_) | Effect::Spawn { .. } => false,
        }
    }

    /// The conditions of the effect that may ask where the last move ended or
    /// which lines it made (see `Game::precompute_lines`): a capture's
    /// choice and a spawn's `on`.
    pub(crate) fn choice_tests(&self) -> Vec<&Cond> {
        match self {
            Effect::CaptureChosen(c) => vec![&c.cond, &c.among, &c.otherwise],
            Effect::Spawn { on, .. } => vec![on],
            Effect::Enclose(_)
            | Effect::Flip
            | Effect::Tip
            | Effect::TurnClockwise
            | Effect::CaptureRun(_)
            | Effect::Promote { .. } => Vec::new(),
        }
    }
}

/// Capture by enclosure (see `EffectDef::Enclose`).
#[derive(Debug, Clone)]
pub(crate) struct Enclosure {
    pub dirs: Vec<DirId>,
    /// All sides must be closed, not only the one beyond on a line.
    pub all: bool,
    pub target: Cond,
    pub anvil: Cond,
    /// The board's edge closes a side (with `all`).
    pub edge: bool,
}

/// Capture along a run of fields from where the move ended (see `EffectDef::CaptureRun`).
#[derive(Debug, Clone)]
pub(crate) struct CaptureRun {
    /// Of the field the move ended on.
    pub on: Cond,
    /// Links from there to the run's first field (none: that field).
    pub start: Vec<DirId>,
    /// Links from each field of the run to the next (none: one field).
    pub step: Vec<DirId>,
    /// Of each field of the run: captured while it holds.
    pub cond: Cond,
    /// The stack the move ended on goes too, when the run took any.
    pub landed: bool,
    /// After the run: where it does not hold, the run is undone.
    pub keep_if: Option<Cond>,
}

/// Which stacks a mover may choose to capture: where `among` holds, or where
/// none does, where `otherwise` holds (occupied fields only).
#[derive(Debug, Clone)]
pub(crate) struct Choice {
    pub cond: Cond,
    pub among: Cond,
    pub otherwise: Cond,
}

/// Replacing pieces that cannot move (see `ReplaceDef`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Replace {
    pub grace: bool,
    pub prisoners: bool,
}

/// What a chance outcome sets.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Set {
    Orient { field: FieldId, orient: u8 },
    Starts(Player),
}

#[derive(Debug, Clone)]
pub(crate) struct End {
    pub at: When,
    pub test: Cond,
    pub result: Ranking,
    pub reason: String,
    /// (zone, points) for each enemy piece on the board in the zone.
    pub score: Vec<(u8, u16)>,
    /// Pieces moved before the result is worked out (see `GatherDef`).
    pub gather: Vec<Gather>,
}

/// How an end condition places the players (see `EndResult`; zones by index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ranking {
    Win(Who),
    Draw,
    MorePieces,
    MorePiecesOr(Who),
    Finish(Who),
    /// By the pieces on each player's version of the zone.
    MostIn(u8),
}

/// At the end, the pieces on every version of zone `from` go onto the
/// first field of `player`'s version of zone `to` (each player's own: `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Gather {
    pub from: u8,
    pub to: u8,
    pub player: Option<Who>,
}

#[derive(Debug, Clone)]
pub(crate) struct Chance {
    pub name: String,
    pub looks: Option<crate::ruleset::Looks>,
    pub outcomes: Vec<ChanceOutcome>,
    pub total: u32,
}

#[derive(Debug, Clone)]
pub(crate) struct ChanceOutcome {
    pub label: String,
    pub value: u8,
    pub weight: u32,
    pub again: bool,
    pub rethrow: bool,
    pub set: Vec<Set>,
}
