//! The plans: which fast paths serve a rule's moves ([`RulePlan`]), a
//! phase's ([`PhasePlan`]) and the whole game's ([`GamePlan`]), chosen once
//! by the compiler (`Game::plans`) from the rules as folded and the board,
//! and put in place by `Game::adopt`. Every plan has a `GENERAL` value that
//! is always right (the engine then tests, walks, counts and applies in
//! full): the lowering gives it, so a game lowered and not yet planned plays
//! correctly, only slower; `Game::with_general_plans` turns every plan back
//! to it. The engine reads each part with an exhaustive `match`: a new
//! motion or table fails to compile until each place decides.

use super::{
    CaptureFilter, ChainLandings, Counting, DieRuns, FallLines, Foresight, JumpLines, LandingBits, LandingWords,
    PlaceRuns, Probe, RulesLoop, RunEnds, SowEnds, StepShifts, TopWords, Walk, WalkPaths,
};

/// How a phase is played: the paths its moves take (see the module's comment).
#[derive(Debug, Clone)]
pub(crate) struct PhasePlan {
    /// Whether the landings of flying jumps in chains that must go on are
    /// compared (see `Game::keep_landings_that_go_on`).
    pub chain_landings: ChainLandings,
    /// How whether a piece has a move is asked (see [`Probe`]).
    pub probe: Probe,
    /// Whether and how far the phase's moves are counted rather than made (see [`Counting`]).
    pub counting: Counting,
    /// Every turn is one plain decision whose moves are listed, not
    /// counted: random play runs such turns in one loop (`Game::play_listed_turns`).
    pub listed_turns: bool,
    /// Where listed turns' moves are steps by shifts, their counts and
    /// the words they are read from (see [`StepShifts`]): random play
    /// counts them instead of listing them.
    pub step_shifts: Option<Box<StepShifts>>,
    /// Which loop over the rules makes the phase's moves (see [`RulesLoop`]).
    pub rules_loop: RulesLoop,
    /// How its mandatory capture is applied (see [`CaptureFilter`]; issue 48).
    pub capture_filter: CaptureFilter,
    /// What its `RequireAfter` filters decide before a move (see [`Foresight`];
    /// issue 48); `None`: every move played and tested.
    pub foresight: Option<Box<Foresight>>,
}

impl PhasePlan {
    /// Every part on its general path: moves made by the generic loop,
    /// flying landings compared, asked of the generator, never counted.
    pub(crate) const GENERAL: PhasePlan = PhasePlan {
        chain_landings: ChainLandings::Compared,
        probe: Probe::ByGenerator,
        counting: Counting::General,
        listed_turns: false,
        step_shifts: None,
        rules_loop: RulesLoop::General,
        capture_filter: CaptureFilter::General,
        foresight: None,
    };
}

/// The plans of the whole game, beside its phases' and rules' (see the
/// module's comment): what the engine reads of every move, whatever its
/// phase.
#[derive(Debug, Clone)]
pub(crate) struct GamePlan {
    /// Some end at the start of a turn asks whether the player to move has a
    /// move (`NoMoves`), and some phase's moves are not counted: playing a move
    /// there works out the next player's moves, which random play keeps (see
    /// `Game::play_listing`).
    pub lists_next_moves: bool,
    /// Some rule is plain ([`Applying::Plain`]): moves are asked whether
    /// they are (elsewhere that costs every move a look-up).
    pub plain_rules: bool,
    /// Where runs that may pass over any field end, looked up (see
    /// [`RunEnds`]); `None` where the game has none, or its board is too large.
    pub run_ends: Option<RunEnds>,
    /// The [`TopWords`] of the empty board, where the board has at most
    /// 64 fields and the players' sets hold every piece: what tops a field is
    /// then looked at on the occupied fields alone.
    pub empty_tops: Option<TopWords>,
    // --- end conditions lowered flat (issue 48) ---
    /// The ends as flat tests per moment and player (see `program/flat.rs`);
    /// `None`: each end's tree is read.
    pub ends: Option<super::super::flat::FlatEnds>,
}

impl GamePlan {
    /// Every part on its general path: no next moves kept, no move asked
    /// whether it is plain, every run counted out, every top looked up.
    pub(crate) const GENERAL: GamePlan =
        GamePlan { lists_next_moves: false, plain_rules: false, run_ends: None, empty_tops: None, ends: None };
}

/// Which fast paths serve a rule's moves (see the module's comment).
#[derive(Debug, Clone)]
pub(crate) struct RulePlan {
    /// How where a move may land is tested.
    pub landing: Landing,
    /// The table the rule's motion reads, if any.
    pub motion: MotionPlan,
    /// Whether its moves capture, where the rule alone decides it.
    pub captures: Captures,
    /// How its moves are applied.
    pub applying: Applying,
    /// The paths of its walk, worked out before play, if any.
    pub walk: WalkPlan,
}

impl RulePlan {
    /// Every part on its general path.
    pub(crate) const GENERAL: RulePlan = RulePlan {
        landing: Landing::General,
        motion: MotionPlan::General,
        captures: Captures::Unknown,
        applying: Applying::Checked,
        walk: WalkPlan::Searched,
    };
}

/// How a rule tests where a move may land.
#[derive(Debug, Clone)]
pub(crate) enum Landing {
    /// In full: the rule's `to`, the stack limit, capturing, safe fields.
    General,
    /// Where no field holds more than one piece: per field, a mask over what
    /// tops it (see `Cond::Tops`) that says it all in one test.
    Masks(LandingMasks),
    /// Where no field holds more than one piece and `to` reads differently
    /// for each player (a mirrored zone): each player's masks as
    /// [`Landing::Masks`]'s, one after another (`player * fields + field`).
    Players {
        masks: Vec<u8>,
        fields: usize,
        /// Each player's masks as bits, where the board allows (see [`LandingMasks::bits`]).
        bits: Option<Vec<LandingBits>>,
    },
    /// A rule that stacks its piece on what it lands on, on a board where
    /// stacks grow: per field, the mask over what tops it that `to` allows
    /// there; the piece lands where the mask holds and the stack has room.
    Stacks {
        masks: Vec<u8>,
        /// The masks as words by what tops a field, on a board of at most 64 fields.
        words: Option<LandingWords>,
    },
}

/// [`Landing::Masks`]: the masks, and the forms of them the board allows.
#[derive(Debug, Clone)]
pub(crate) struct LandingMasks {
    /// Per field, the mask over what tops it where a move may land.
    pub masks: Vec<u8>,
    /// The masks as bits, where the board has at most 64 fields, no piece
    /// is neutral and the masks read only who owns a top (not whether it is
    /// turned over): a step tests one bit of a word worked out once per
    /// generation instead of looking up what tops its target.
    pub bits: Option<LandingBits>,
    /// The masks as words by what tops a field, where the board has at most
    /// 64 fields: where a walk or an entry may end is then a few operations
    /// on the words of a generation's `TopWords`.
    pub words: Option<LandingWords>,
    /// For a placement that may go on empty fields only, on a board
    /// without neutral pieces: the fields it may go on when they are empty.
    pub empty_targets: Option<EmptyTargets>,
}

/// [`LandingMasks::empty_targets`]: per player, the fields a placement may
/// go on when they are empty, as the words of a field set (one word a 64
/// fields). Its moves are then these bits less the occupied fields, word by
/// word, in field order.
#[derive(Debug, Clone)]
pub(crate) struct EmptyTargets {
    /// The words of each player's set: the state's `set_words`.
    pub words: usize,
    /// Player 1's words, then player 2's, and so on.
    pub bits: Vec<u64>,
}

impl EmptyTargets {
    /// `me`'s targets, one word a 64 fields.
    #[inline(always)]
    pub(crate) fn of(&self, me: crate::piece::Player) -> &[u64] {
        &self.bits[usize::from(me) * self.words..][..self.words]
    }

    /// `me`'s targets where the board is one word (what counted placements read).
    pub(crate) fn one_word(&self, me: usize) -> Option<u64> {
        (self.words == 1).then(|| self.bits[me])
    }
}

impl Landing {
    /// The single-piece landing masks, where the rule has them.
    #[inline(always)]
    pub(crate) fn masks(&self) -> Option<&[u8]> {
        match self {
            Landing::Masks(m) => Some(&m.masks),
            Landing::General | Landing::Players { .. } | Landing::Stacks { .. } => None,
        }
    }

    /// The landing masks as bits (see [`LandingMasks::bits`]).
    #[inline(always)]
    pub(crate) fn bits(&self) -> Option<&LandingBits> {
        match self {
            Landing::Masks(m) => m.bits.as_ref(),
            Landing::General | Landing::Players { .. } | Landing::Stacks { .. } => None,
        }
    }

    /// The landing masks of `me`'s moves as bits: [`Landing::bits`], or
    /// the player's own where each player has masks ([`Landing::Players`]).
    #[inline(always)]
    pub(crate) fn bits_for(&self, me: crate::piece::Player) -> Option<&LandingBits> {
        match self {
            Landing::Players { bits, .. } => bits.as_ref().map(|b| &b[usize::from(me)]),
            _ => self.bits(),
        }
    }

    /// The landing masks, single-piece or stack, as words (see [`LandingMasks::words`]).
    #[inline(always)]
    pub(crate) fn words(&self) -> Option<&LandingWords> {
        match self {
            Landing::Masks(LandingMasks { words, .. }) | Landing::Stacks { words, .. } => words.as_ref(),
            Landing::General | Landing::Players { .. } => None,
        }
    }

    /// A placement's targets on empty fields as bits, per player (see [`LandingMasks::empty_targets`]).
    #[inline(always)]
    pub(crate) fn empty_targets(&self) -> Option<&EmptyTargets> {
        match self {
            Landing::Masks(m) => m.empty_targets.as_ref(),
            Landing::General | Landing::Players { .. } | Landing::Stacks { .. } => None,
        }
    }
}

/// The table a rule's motion reads instead of working its moves out step
/// by step. Each variant serves one motion; the rest go `General`.
#[derive(Debug, Clone)]
pub(crate) enum MotionPlan {
    /// Step by step, walks searched or scanned piece by piece.
    General,
    /// A placement that falls: where a piece comes to rest is a bit scan.
    FallLines(FallLines),
    /// A run whose length a die reads off itself, passing over any field:
    /// its ends by field and orientation.
    DieRuns(DieRuns),
    /// A sowing whose passed-over fields the board decides: where it ends,
    /// by player, field and pieces sown.
    SowEnds(SowEnds),
    /// A walk or an exit no farther than its paths were worked out for,
    /// passing and starting by what tops a field: the generator's loop of
    /// its own (`Rule::walk_by_paths` says it all). Per field, the list of
    /// its paths (a walk's, or an exit's to where a piece may leave) that a
    /// piece starting there scans (`WalkPaths::key`); [`Rule::NO_PATHS`]
    /// where there is none or it is empty.
    ///
    /// [`Rule::NO_PATHS`]: super::Rule::NO_PATHS
    WalkPaths(Vec<u32>),
    // Issue 48: jumps by a table.
    /// A jump of the next field over what a mask of tops says, landing by
    /// bits: its jumps per field worked out before play (`Game::jumps_by_masks`).
    JumpLines(JumpLines),
    // Issue 48: bracketed runs by shifts.
    /// A placement on empty fields that bracket a run, on a board of up to
    /// 64 fields whose run directions are shifts: its targets as one word
    /// (`Game::place_by_runs`).
    PlaceRuns(PlaceRuns),
}

impl MotionPlan {
    /// The targets of a placement that brackets a run, by shifts.
    #[inline(always)]
    pub(crate) fn place_runs(&self) -> Option<&PlaceRuns> {
        match self {
            MotionPlan::PlaceRuns(runs) => Some(runs),
            _ => None,
        }
    }

    /// The fall lines of a placement that falls.
    #[inline(always)]
    pub(crate) fn fall_lines(&self) -> Option<&FallLines> {
        match self {
            MotionPlan::FallLines(lines) => Some(lines),
            _ => None,
        }
    }

    /// The ends of a die's runs.
    #[inline(always)]
    pub(crate) fn die_runs(&self) -> Option<&DieRuns> {
        match self {
            MotionPlan::DieRuns(runs) => Some(runs),
            _ => None,
        }
    }

    /// The ends of a sowing.
    #[inline(always)]
    pub(crate) fn sow_ends(&self) -> Option<&SowEnds> {
        match self {
            MotionPlan::SowEnds(ends) => Some(ends),
            _ => None,
        }
    }

    /// The jumps of a rule that jumps by masks, per field (issue 48).
    #[inline(always)]
    pub(crate) fn jump_lines(&self) -> Option<&JumpLines> {
        match self {
            MotionPlan::JumpLines(lines) => Some(lines),
            _ => None,
        }
    }

    /// Whether the rule walks by its paths.
    #[inline(always)]
    pub(crate) fn by_paths(&self) -> bool {
        matches!(self, MotionPlan::WalkPaths(_))
    }
}

/// Whether a rule's moves capture, where the rule alone decides it (see
/// `Game::captures`, which this answers ahead of play).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Captures {
    /// Worked out from the state, move by move.
    Unknown,
    /// Every move captures: a jump over enemy pieces only.
    Always,
    /// No move captures: it neither jumps nor lands on an enemy, and no effect captures.
    Never,
}

/// How a rule's moves are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Applying {
    /// With every check a move may need.
    Checked,
    /// A move only puts its piece down, from the hand or from the field it
    /// leaves, taking what `arrive` takes there, its effects changing that
    /// piece alone (turned over, tipped or turned: see
    /// `Effect::changes_the_mover_only`): no chain, no jump, no placing
    /// under a stack; its phase offers no huff and replaces no piece; no
    /// field of the board sends a piece on or gives another turn; the game
    /// keeps no fields of the last move for `LastMove(From)` or
    /// `LastMove(Passed)` (`Marks::keeps_move_fields`). Outside a
    /// chain and with nothing pending, such a move is played without the
    /// checks for what it cannot do (`Game::plain_rule`).
    Plain,
}

/// The paths of a rule's walk (a `Walk`'s, an `Enter`'s or an `Exit`'s),
/// worked out once from the board (see [`WalkPaths`]): a walk then scans
/// its paths where it would search the board.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // one a rule, read in place at play: no box to follow
pub(crate) enum WalkPlan {
    /// The walk searches the board at play (the general path): the rule
    /// does not walk, or the board or the walk's paths are too large.
    Searched,
    /// The walk's paths from every field; and where `via` is a set of
    /// fields the board decides, an entry's paths in by them (see
    /// [`WalkPaths::entries`]) or an exit's paths that end on one of them
    /// (see [`WalkPaths::exits`]).
    Paths { walk: WalkPaths, via: Option<WalkPaths> },
}

impl WalkPlan {
    /// The walk's paths, where they were worked out.
    #[inline(always)]
    pub(crate) fn paths(&self) -> Option<&WalkPaths> {
        match self {
            WalkPlan::Paths { walk, .. } => Some(walk),
            WalkPlan::Searched => None,
        }
    }

    /// An entry's paths in or an exit's paths out by `via`, where they were worked out.
    #[inline(always)]
    pub(crate) fn via_paths(&self) -> Option<&WalkPaths> {
        match self {
            WalkPlan::Paths { via, .. } => via.as_ref(),
            WalkPlan::Searched => None,
        }
    }
}

/// A walk with its paths where they were worked out (see [`WalkPlan`]):
/// what finding a walk's ends reads (`Game::walk_ends`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct PlannedWalk<'r> {
    pub walk: &'r Walk,
    pub paths: Option<&'r WalkPaths>,
}
