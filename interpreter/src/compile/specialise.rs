//! Specialising the compiled rules: what the board alone decides about each
//! rule that the lowering did not fold in (`via` as fields, landing masks,
//! the lines a `Line` may make) is worked out once, before play, and every
//! plan is chosen. The last step of compiling; the engine reads the result.

use super::motion::run::runs_over_anything;
use super::statics::Statics;
use crate::board::{FieldId, FieldSet};
use crate::piece::Player;
use crate::program::rules::{
    Applying, Captures, ChainLandings, Counting, DieRuns, Effect, EmptyTargets, End, Filter, GamePlan, Landing,
    LandingBits, LandingMasks, LandingWords, Motion, MotionPlan, Phase, PhasePlan, Placing, Placings, Probe, Ranking,
    Repeats, Room, Rule, RulePlan, RulesLoop, RunEnds, TopWords, WalkPlan,
};
use crate::program::{Cond, Game};
use crate::ruleset::{Arrive, When};
use crate::ruleset::{Carry, OnJumped};

impl Game {
    /// Works out what the board alone decides about each rule that the
    /// lowering did not (its `via` as fields, the lines a `Line` may make;
    /// targets and conditions per player come folded in: see
    /// [`Statics`]), then plans every rule and phase by one pure
    /// function of what is folded, [`Game::plans`]: which fast path serves
    /// each (see [`RulePlan`], [`PhasePlan`]). Called once the game is compiled.
    pub(crate) fn specialise_rules(&mut self) {
        for p in 0..self.phases.len() {
            for r in 0..self.phases[p].rules.len() {
                self.fold_via(p, r);
            }
        }
        self.precompute_lines();
        let plans = self.plans();
        self.adopt(plans);
        // Last, once the plans have read the tests as written.
        for rule in self.phases.iter_mut().flat_map(|p| &mut p.rules) {
            for test in rule.field_tests_mut() {
                *test = std::mem::replace(test, Cond::True).guard_by_tops();
            }
        }
    }

    /// Every plan of the game, from its rules as folded (see [`Plans`]).
    fn plans(&self) -> Plans {
        let rules = self.rule_plans();
        let phases: Vec<PhasePlan> =
            self.phases.iter().zip(&rules).map(|(p, plans)| self.phase_plan(p, plans)).collect();
        let at_start = |e: &&End| e.at == When::StartOfTurn;
        let lists_next_moves = self.ends.iter().filter(at_start).any(|e| e.test.mentions_no_moves())
            && phases.iter().any(|p| p.counting.placings().is_none());
        // (A move that spends a value of a pool is never plain: `engine/dice.rs`.)
        let plain_rules = self.chance.iter().all(|c| c.pools.is_empty())
            && rules.iter().flatten().any(|plan| plan.applying == Applying::Plain);
        // One table of where runs end, for the runs that may pass over any field.
        let any_run = self.phases.iter().flat_map(|p| &p.rules).any(|r| runs_over_anything(&r.motion).is_some());
        let run_ends = if any_run { RunEnds::new(&self.board) } else { None };
        let empty_tops = self.occupancy_is_one_word().then(|| {
            let fields = self.board.fields().zip(&self.fields);
            let room = fields.filter(|(_, props)| props.limit > 0).fold(0, |w, (f, _)| w | 1 << f);
            let mut empty = TopWords { room, ..TopWords::default() };
            empty.by_class[0] = self.board.word();
            empty
        });
        let ends = Some(self.flat_ends());
        Plans { rules, phases, game: GamePlan { lists_next_moves, plain_rules, run_ends, empty_tops, ends } }
    }

    /// The game with `plans` as its plans: each written here, once.
    fn adopt(&mut self, plans: Plans) {
        let Plans { rules, phases, game } = plans;
        for ((phase, rule_plans), plan) in self.phases.iter_mut().zip(rules).zip(phases) {
            for (rule, plan) in phase.rules.iter_mut().zip(rule_plans) {
                rule.plan = plan;
            }
            phase.plan = plan;
        }
        self.plan = game;
    }

    /// How phase `phase` is played, its rules planned as `plans` (see [`PhasePlan`]).
    fn phase_plan(&self, phase: &Phase, plans: &[RulePlan]) -> PhasePlan {
        let flying = phase.rules.iter().any(Rule::flies_in_chains);
        let chain_landings = if flying { ChainLandings::Compared } else { ChainLandings::AsMade };
        let probed = phase.rules.iter().any(|r| r.motion.probed_by_generator());
        let probe = if probed { Probe::ByGenerator } else { Probe::ByMotion };
        let capture_filter = super::capture_filter::capture_filter(phase, plans);
        let counting = self.counting(phase, plans);
        let listed_turns = counting == Counting::General && self.plain_turns(phase, plans);
        let rules_loop = rules_loop(phase, plans);
        let step_shifts =
            listed_turns.then(|| self.step_shifts(phase, plans, rules_loop, chain_landings)).flatten().map(Box::new);
        PhasePlan {
            chain_landings,
            probe,
            counting,
            listed_turns,
            step_shifts,
            rules_loop,
            capture_filter,
            foresight: self.foresight(phase),
        }
    }

    /// Rule `r` of phase `p` with its `via` as fields, where the board (and
    /// the player) decide it.
    fn fold_via(&mut self, p: usize, r: usize) {
        let via_fields = self.via_deciding(&self.phases[p].rules[r].motion);
        if let (Some(via), Some(fields)) = (self.phases[p].rules[r].motion.via_mut(), via_fields) {
            *via = fields;
        }
    }

    /// Every rule's plan (see [`Game::rule_plan`]), by phase, made in the
    /// order of the phases and their rules (the tables' rooms are spent in
    /// that order).
    fn rule_plans(&self) -> Vec<Vec<RulePlan>> {
        let mut rooms = Rooms { die_runs: DieRuns::MOST_ENDS, paths: super::walk_paths::MOST_PATHS_IN_ALL };
        // (A move that keeps its fields for a `LastMove` is not plain either: issue 44.)
        let plain_fields =
            self.fields.iter().all(|f| f.send_to.is_none() && !f.again) && !self.marks.keeps_move_fields();
        let plan_phase = |phase: &Phase| {
            let plain_phase =
                plain_fields && phase.replace.is_none() && !phase.filters.contains(&Filter::Capture { huff: true });
            phase.rules.iter().map(|rule| self.rule_plan(rule, plain_phase, &mut rooms)).collect()
        };
        self.phases.iter().map(plan_phase).collect()
    }

    /// Which fast paths serve `rule`'s moves (see [`RulePlan`]), once its
    /// conditions are folded: from the rule and the board alone, and whether
    /// its phase lets a move be `plain` (no huff, no replacing, no field that
    /// sends a piece on or gives another turn). `rooms`: what the game's
    /// tables may still hold.
    fn rule_plan(&self, rule: &Rule, plain_phase: bool, rooms: &mut Rooms) -> RulePlan {
        let landing = self.landing_plan(rule);
        let captures = match captures_by_rule(rule, landing.masks()) {
            Some(true) => Captures::Always,
            Some(false) => Captures::Never,
            None => Captures::Unknown,
        };
        let mover_only = rule.effects.iter().all(Effect::changes_the_mover_only);
        let plain = plain_phase && rule.motion.only_puts_down() && mover_only && rule.continues.is_none();
        let applying = if plain { Applying::Plain } else { Applying::Checked };
        let walk = self.walk_plan(rule, &mut rooms.paths);
        let motion = self.motion_plan(rule, &walk, &mut rooms.die_runs);
        RulePlan { landing, motion, captures, applying, walk }
    }

    /// How `rule` tests where a move lands (see [`Landing`]).
    fn landing_plan(&self, rule: &Rule) -> Landing {
        if rule.carry != Carry::Piece || rule.on_jumped != OnJumped::Capture {
            // A stack move's room depends on the stack it moves (engine/stack_moves.rs).
            return Landing::General;
        }
        let players = 0..self.player_count();
        // Per field, `to` with what the board decides there folded in (a throne no soldier
        // may stop on), if what is left looks only at what tops the field, alike for every player.
        let to_on = |f: FieldId| {
            let mut masks = players.clone().map(|me| self.simplify(&rule.to, me, &[f]).tops_mask());
            let first = masks.next().flatten();
            first.filter(|_| masks.all(|m| m == first))
        };
        if self.fields.iter().all(|f| f.limit <= 1) {
            if let Some(masks) = self.single_landing(rule, to_on) {
                return Landing::Masks(self.landing_masks(rule, masks));
            }
            // Each player's masks, where each player's `to` reads only what tops a field.
            let per_player: Option<Vec<Vec<u8>>> = players.clone().map(|me| self.landing_masks_for(rule, me)).collect();
            return match per_player {
                Some(masks) => {
                    let bits = masks.iter().map(|m| self.landing_bits(m)).collect();
                    Landing::Players { bits, masks: masks.concat(), fields: self.board.len() }
                }
                None => Landing::General,
            };
        }
        // Where stacks grow, a rule that stacks on what it lands on needs room and `to`.
        if rule.arrive != Arrive::Stack {
            return Landing::General;
        }
        let fields = self.board.fields().zip(&self.fields);
        let masks = fields.map(|(f, props)| if props.limit == 0 { Some(0) } else { to_on(f) });
        match masks.collect::<Option<Vec<u8>>>() {
            Some(masks) => Landing::Stacks { words: LandingWords::new(&masks, Room::Needed), masks },
            None => Landing::General,
        }
    }

    /// Per field of a board where none holds more than one piece, the mask
    /// over what tops it (see `Cond::Tops`) where `rule`'s piece may land,
    /// `to_on` giving `to`'s mask on a field; `None` where it gives none.
    fn single_landing(&self, rule: &Rule, to_on: impl Fn(FieldId) -> Option<u8>) -> Option<Vec<u8>> {
        // An occupied field takes a piece only by a capture or an exchange, which a safe
        // field forbids; an exchange needs a field to send the enemy to, which the hand is not.
        let displaces = match rule.arrive {
            Arrive::Capture => true,
            Arrive::Exchange => rule.motion.facts().exchange_sends_to_field,
            Arrive::Stack => false,
        };
        let captures = |safe: bool| if displaces && !safe { Cond::ENEMY } else { 0 };
        let masks = self.board.fields().zip(&self.fields).map(|(f, props)| match props.limit {
            1 => to_on(f).map(|to| to & (Cond::EMPTY | captures(props.safe))),
            _ => Some(0),
        });
        masks.collect()
    }

    /// [`Landing::Masks`] for one player: where no field holds more than one
    /// piece and `rule` moves one piece, per field the mask over what tops it
    /// where a piece of `me`'s may land, `to` read as `me`'s (a mirrored
    /// zone as `me`'s fields); `None` where `to` reads more than what tops
    /// the field. The attack tables read it (`compile/attacks.rs`) where the
    /// players' masks differ.
    pub(crate) fn landing_masks_for(&self, rule: &Rule, me: Player) -> Option<Vec<u8>> {
        let single = self.fields.iter().all(|f| f.limit <= 1);
        if !single || rule.carry != Carry::Piece || rule.on_jumped != OnJumped::Capture {
            return None;
        }
        self.single_landing(rule, |f| self.simplify(&rule.to, me, &[f]).tops_mask())
    }

    /// Single-piece landing `masks` of `rule` with the forms the board allows.
    fn landing_masks(&self, rule: &Rule, masks: Vec<u8>) -> LandingMasks {
        let facts = rule.motion.facts();
        let on_empty_only = facts.places && !facts.puts_under && self.topped_sets_hold_every_piece();
        let empty_only = |f: &FieldId| matches!(masks[usize::from(*f)], 0 | Cond::EMPTY);
        let words = self.board.len().div_ceil(64);
        let bits = |targets: &Vec<FieldId>| {
            targets.iter().all(empty_only).then(|| {
                let mut set = vec![0u64; words];
                for &f in targets.iter().filter(|&&f| masks[usize::from(f)] != 0) {
                    set[usize::from(f) / 64] |= 1 << (f % 64);
                }
                set
            })
        };
        let empty_targets = on_empty_only
            .then(|| rule.targets.iter().map(bits).collect::<Option<Vec<Vec<u64>>>>())
            .flatten()
            .map(|sets| EmptyTargets { words, bits: sets.concat() });
        LandingMasks {
            bits: self.landing_bits(&masks),
            words: LandingWords::new(&masks, Room::NotAsked),
            empty_targets,
            masks,
        }
    }

    /// How far `phase`'s moves are counted (see [`Counting`]), its rules
    /// planned as `plans`: counted where every rule places on empty fields
    /// by bits, whole turns where nothing else happens in a turn, and read
    /// from an outline where the ends read the lines through the piece put
    /// and "no move" alone (the lines as masks) and every piece put rests
    /// by bits.
    fn counting(&self, phase: &Phase, plans: &[RulePlan]) -> Counting {
        let countable = |rules: &Vec<u8>| {
            rules.iter().all(|&r| {
                let (rule, plan) = (&phase.rules[usize::from(r)], &plans[usize::from(r)]);
                rule.motion.facts().places && plan.landing.empty_targets().and_then(|t| t.one_word(0)).is_some()
            })
        };
        let counted = phase.filters.is_empty()
            && phase.repeats == Repeats::Impossible
            && phase.playable.iter().all(|[ordinary, fallback]| fallback.is_empty() && countable(ordinary));
        if !counted {
            return Counting::General;
        }
        let placing = |me: usize, r: u8| {
            let rule = &phase.rules[usize::from(r)];
            let targets = plans[usize::from(r)].landing.empty_targets().and_then(|t| t.one_word(me)).unwrap_or(0);
            let tested = rule.only_if_for[me] != Cond::True;
            Placing { rule: r, targets, kinds: rule.pieces, tested }
        };
        let placings: Placings = (phase.playable.iter().enumerate())
            .map(|(me, [ordinary, _])| ordinary.iter().map(|&r| placing(me, r)).collect())
            .collect();
        if !self.plain_turns(phase, plans) {
            return Counting::Counted(placings);
        }
        let read_by_outline = |e: &End| {
            matches!((e.at, &e.test), (When::AfterMove, Cond::MovedLineMasks(_)) | (When::StartOfTurn, Cond::NoMoves))
        };
        // (One line at most: the outline reads its masks, not the list of ends.)
        let lines = self.ends.iter().filter(|e| matches!(e.test, Cond::MovedLineMasks(_))).count();
        let ends_outlined = self.ends.iter().all(read_by_outline) && lines <= 1 && self.kinds.len() <= 32;
        let rests_by_bits = |p: &Placing| {
            let r = usize::from(p.rule);
            phase.rules[r].rests_by_bits(&plans[r])
        };
        let outlined = ends_outlined && placings.iter().flatten().all(|p| !p.tested && rests_by_bits(p));
        if outlined { Counting::Outlined(placings) } else { Counting::Turns(placings) }
    }

    /// Whether every turn of `phase`, its rules planned as `plans`, is one
    /// plain decision after which the turn passes with nothing else to
    /// decide: one decision a turn, no throw, no change of phase, no end by
    /// which a player finishes and the game goes on, every rule plain. Such
    /// turns can be played in a loop of their own (counted turns, listed turns).
    fn plain_turns(&self, phase: &Phase, plans: &[RulePlan]) -> bool {
        let nobody_finishes = self.ends.iter().all(|e| !matches!(e.result, Ranking::Finish(_)));
        nobody_finishes
            && phase.decisions == 1
            && phase.throw.is_none()
            && phase.until.is_none()
            && plans.iter().all(|plan| plan.applying == Applying::Plain)
            && !self.keeps_history // (turns played in a loop of their own add no history)
            && !self.marks.expire // (nor take off marks whose time is up: `Game::pass_turn`)
            && self.marks.gone.is_empty() // (nor mark the fields whose piece went: `Game::play_counting`)
    }

    /// Chooses each phase's [`RulesLoop`]
    /// from its rules as they are (again, where a test has changed them).
    #[cfg(test)]
    pub(crate) fn choose_rules_loops(&mut self) {
        for phase in &mut self.phases {
            let plans: Vec<RulePlan> = phase.rules.iter().map(|r| r.plan.clone()).collect();
            phase.plan.rules_loop = rules_loop(phase, &plans);
        }
    }

    /// `t` as the fields where it holds, where the board decides it alike for
    /// every player ([`Cond::Fields`]) or the board and each player do
    /// ([`Cond::FieldsFor`]); `None` where it depends on the pieces.
    fn fields_deciding(&self, t: &Cond) -> Option<Cond> {
        let for_player = |me: Player| {
            let mut set = FieldSet::new(self.board.len());
            for f in self.board.fields() {
                if self.static_value(t, me, f)? {
                    set.insert(f);
                }
            }
            Some(set)
        };
        let mut sets = (0..self.player_count()).map(for_player).collect::<Option<Vec<_>>>()?;
        if sets.windows(2).all(|w| w[0] == w[1]) {
            return sets.pop().map(Cond::Fields);
        }
        Some(Cond::FieldsFor(sets))
    }

    /// A rule's landing masks as bits (see [`LandingMasks::bits`]), where they
    /// can be: a board of at most 64 fields, no neutral pieces, and masks that
    /// read only who owns the top of a field.
    pub(super) fn landing_bits(&self, landing: &[u8]) -> Option<LandingBits> {
        let by_owner = |m: u8| (m >> 1 & 1 == m >> 3 & 1) && (m >> 2 & 1 == m >> 4 & 1);
        if !self.occupancy_is_one_word() || !landing.iter().all(|&m| by_owner(m)) {
            return None;
        }
        let bits =
            |class: u8| landing.iter().enumerate().filter(|&(_, &m)| m & class != 0).fold(0u64, |b, (f, _)| b | 1 << f);
        Some(LandingBits { empty: bits(Cond::EMPTY), own: bits(Cond::OWN), other: bits(Cond::ENEMY) })
    }

    /// Every state condition with its lines made by the last move read from masks.
    fn precompute_lines(&mut self) {
        // One budget for all the lines of the game.
        let mut steps = crate::program::lines::MOST_STEPS;
        for e in 0..self.ends.len() {
            self.ends[e].test = self.with_line_masks(&self.ends[e].test, &mut steps);
        }
        for p in 0..self.phases.len() {
            self.phases[p].until = self.phases[p].until.as_ref().map(|t| self.with_line_masks(t, &mut steps));
            for r in 0..self.phases[p].rules.len() {
                self.phases[p].rules[r].only_if_for =
                    self.phases[p].rules[r].only_if_for.iter().map(|t| self.with_line_masks(t, &mut steps)).collect();
                for e in 0..self.phases[p].rules[r].effects.len() {
                    if let Effect::CaptureChosen(choice) = &self.phases[p].rules[r].effects[e] {
                        let cond = self.with_line_masks(&choice.cond, &mut steps);
                        if let Effect::CaptureChosen(choice) = &mut self.phases[p].rules[r].effects[e] {
                            choice.cond = cond;
                        }
                    }
                }
            }
        }
    }
}

impl Game {
    /// An entry's or exit's `via` as fields, where the board (and the player)
    /// decide it: read per field at every move otherwise. (A walk has none.)
    fn via_deciding(&self, motion: &Motion) -> Option<Cond> {
        match motion {
            Motion::Enter { via, .. } | Motion::Exit { via, .. } => self.fields_deciding(via),
            Motion::Walk { .. }
            | Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Place { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::Run { .. }
            | Motion::RunOff { .. }
            | Motion::Sow { .. }
            | Motion::Jump { .. }
            | Motion::Pass => None,
        }
    }

    /// The table `rule`'s motion reads, where the board allows one (see
    /// [`MotionPlan`]), its walk's paths planned (`walk`); `die_run_room`
    /// what the game's die runs may still hold. A motion without a table of
    /// its own is `General` here.
    fn motion_plan(&self, rule: &Rule, walk: &WalkPlan, die_run_room: &mut usize) -> MotionPlan {
        let plan = match &rule.motion {
            Motion::Place { fall, .. } => (fall.and_then(|d| self.fall_lines_along(d)).map(MotionPlan::FallLines))
                .or_else(|| self.plan_place_runs(rule).map(MotionPlan::PlaceRuns)),
            Motion::Run { .. } => self.run_plan(&rule.motion, die_run_room),
            Motion::Sow { dirs, skip, skip_origin } => {
                self.sowings_ended(dirs, skip, *skip_origin).map(MotionPlan::SowEnds)
            }
            Motion::Walk { .. } | Motion::Exit { .. } => self.walk_lists(rule, walk).map(MotionPlan::WalkPaths),
            Motion::Jump { .. } => self.jumps_per_field(rule).map(MotionPlan::JumpLines),
            Motion::Step(_)
            | Motion::Leap(_)
            | Motion::Slide { .. }
            | Motion::Lift
            | Motion::Fly
            | Motion::RunOff { .. }
            | Motion::Enter { .. }
            | Motion::Pass => None,
        };
        plan.unwrap_or(MotionPlan::General)
    }
}

impl Game {
    /// What `t` says on `field` for `me` in every position: `Some` when that
    /// follows from the board alone (zones, field types, named fields, the
    /// player), `None` when it depends on the pieces.
    pub(crate) fn static_value(&self, t: &Cond, me: Player, field: FieldId) -> Option<bool> {
        self.statics().static_value(t, me, field)
    }

    /// What the board, its fields, its zones and the players decide (see [`Statics`]).
    fn statics(&self) -> Statics<'_> {
        Statics { board: &self.board, fields: &self.fields, zones: &self.zones, players: self.player_count() }
    }
}

impl Game {
    /// `t` for `me` on `fields`, with every part that the board alone decides
    /// the same way on all of them replaced by its value.
    pub(crate) fn simplify(&self, t: &Cond, me: Player, fields: &[FieldId]) -> Cond {
        self.statics().simplify(t, me, fields)
    }
}

/// Which loop over `phase`'s rules makes its moves (see [`RulesLoop`]), its
/// rules planned as `plans`.
fn rules_loop(phase: &Phase, plans: &[RulePlan]) -> RulesLoop {
    let walks_or_enters = |(r, plan): (&Rule, &RulePlan)| plan.motion.by_paths() || r.motion.facts().enters;
    let walks_only = phase.rules.iter().zip(plans).all(walks_or_enters);
    if walks_only {
        return RulesLoop::WalksOnly;
    }
    if phase.rules.iter().zip(plans).all(|(r, plan)| by_bits(r, plan)) {
        return RulesLoop::ByBits;
    }
    RulesLoop::General
}

/// Whether `rule`, planned as `plan`, makes its moves by bits alone, as
/// [`RulesLoop::ByBits`] needs: a step or leap landing by bits or a jump by
/// masks (`Rule::jump_by_masks`), from any piece of its kinds, with no
/// `only_if` that play decides (a rule of one player's, as a rule naming
/// directions per player is made, is left out of the others' lists:
/// `Phase::playable`), and with no choice inside the move.
fn by_bits(rule: &Rule, plan: &RulePlan) -> bool {
    let plain = rule.only_if_for.iter().all(|c| matches!(c, Cond::True | Cond::False))
        && rule.choices.is_none()
        && rule.run_choices.is_empty()
        && rule.from == Cond::True
        && !plan.motion.by_paths()
        && plan.landing.bits().is_some();
    let moves_by_bits = match &rule.motion {
        Motion::Step(_) | Motion::Leap(_) => true,
        Motion::Jump { over, fly: false, .. } => over.tops_mask().is_some(),
        Motion::Jump { .. }
        | Motion::Place { .. }
        | Motion::Enter { .. }
        | Motion::Sow { .. }
        | Motion::Lift
        | Motion::Slide { .. }
        | Motion::Fly
        | Motion::Run { .. }
        | Motion::RunOff { .. }
        | Motion::Walk { .. }
        | Motion::Exit { .. }
        | Motion::Pass => false,
    };
    plain && moves_by_bits
}

/// Every plan of a game (see [`Game::plans`]): the game's compiled rules
/// are not changed by making it, and [`Game::adopt`] puts it in place.
struct Plans {
    /// Each rule's, by phase.
    rules: Vec<Vec<RulePlan>>,
    phases: Vec<PhasePlan>,
    game: GamePlan,
}

/// What the game's tables may still hold, spent rule by rule in the order
/// of the phases and their rules.
struct Rooms {
    /// Die runs' ends (see [`DieRuns::MOST_ENDS`]).
    die_runs: usize,
    /// Walks' paths (see `walk_paths::MOST_PATHS_IN_ALL`).
    paths: usize,
}

/// Whether every move of `rule` captures or none does, where the rule alone
/// decides it (`landing`: its landing masks, if it has them); see
/// `Game::captures`, which this answers ahead of play.
fn captures_by_rule(rule: &Rule, landing: Option<&[u8]>) -> Option<bool> {
    if rule.effects.iter().any(Effect::captures_in_passing) {
        return None;
    }
    match &rule.motion {
        // The field jumped holds `over`: an enemy, where nothing else may be jumped.
        // A hop captures nothing; see `MotionDef::Jump`.
        Motion::Jump { hop: true, .. } => Some(false),
        Motion::Jump { over, .. } => super::motion::jump::always_captures(over),
        Motion::Place { bottom: true, .. }
        | Motion::Lift
        | Motion::Exit { .. }
        | Motion::RunOff { .. }
        | Motion::Sow { .. }
        | Motion::Pass => Some(false),
        // A move captures by landing on an enemy: never where it does not capture there, or cannot land there.
        Motion::Place { bottom: false, .. }
        | Motion::Step(_)
        | Motion::Leap(_)
        | Motion::Slide { .. }
        | Motion::Fly
        | Motion::Run { .. }
        | Motion::Walk { .. }
        | Motion::Enter { .. } => {
            if rule.arrive != Arrive::Capture {
                Some(false)
            } else {
                landing.filter(|l| l.iter().all(|&m| m & (Cond::ENEMY | Cond::NEUTRAL) == 0)).map(|_| false)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::Cond;
    use crate::program::rules::Motion;
    use crate::shipped::testing::games;

    /// A zone, which the board and the player decide, read as fields per
    /// player says on every field what the zone says, for every player of
    /// every shipped ruleset; and the race games' entries by a zone of each
    /// player's own are read so.
    #[test]
    fn fields_decided_per_player_are_where_the_condition_holds() {
        let (mut checked, mut per_player) = (0u32, 0u32);
        for (name, game) in games() {
            for z in 0..game.zones.len() as u8 {
                let zone = Cond::InZone(z);
                let fields = game.fields_deciding(&zone).expect("the board and the player decide a zone");
                per_player += u32::from(matches!(fields, Cond::FieldsFor(_)));
                for me in 0..game.player_count() {
                    for f in game.board.fields() {
                        let reads = |t: &Cond| game.eval(t, &game.initial, me, f);
                        assert_eq!(reads(&fields), reads(&zone), "{name}: zone {z}, player {me}, field {f}");
                        checked += 1;
                    }
                }
            }
            let enters_by_own_zone = game
                .phases
                .iter()
                .flat_map(|p| &p.rules)
                .any(|r| matches!(&r.motion, Motion::Enter { via: Cond::FieldsFor(_), .. }));
            if ["traditional/ur", "traditional/ludo", "traditional/hounds-and-jackals"].contains(&name) {
                assert!(enters_by_own_zone, "{name}: entries by the player's own zone read as fields");
            }
        }
        assert!(checked > 1_000 && per_player > 3, "{checked} fields, {per_player} zones per player");
    }
}
