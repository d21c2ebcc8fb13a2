//! The interpreter proper: tests, legal moves, applying a move, turns, chance
//! and the end of the game. It works on indices only; no name is looked up.

mod apply;
mod lines;
mod movegen;
mod perft;
mod test;

pub(crate) use test::Test;

use crate::board::{DirId, FieldId};
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
    pub until: Option<Test>,
    pub next: Option<u8>,
    pub starts: Option<Player>,
    pub replace: Option<Replace>,
    /// Fallback rules apply piece by piece (see `PhaseDef::fallback_per_piece`).
    pub fallback_per_piece: bool,
    /// Turn filters, in order (see [`Filter`]).
    pub filters: Vec<Filter>,
    /// The `doc` of each move rule in force (under the options), in words.
    pub docs: Vec<String>,
}

/// A turn filter as compiled (see `FilterDef`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Filter {
    /// Keeps the moves after which `cond` holds, where `only_if` holds
    /// before the move; if none passes, all stay (`keep_all`) or none.
    RequireAfter { cond: Test, only_if: Test, keep_all: bool },
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
    pub to: Test,
    pub from: Test,
    /// As written; generation reads `only_if_for`.
    pub only_if: Test,
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
    pub to_on_targets: Vec<Test>,
    /// Per player, `only_if` with the player it names folded in (`False`:
    /// the rule is never the player's).
    pub only_if_for: Vec<Test>,
    /// Where no field holds more than one piece, per field whether a move of
    /// this rule can land there, as a mask over what tops it (see
    /// [`Test::Tops`]): `to`, the stack limit, capturing and safe fields in
    /// one test. `None` where stacks or `to` need the full check.
    pub landing: Option<Vec<u8>>,
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
        pass: Test,
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
        pass: Test,
    },
    RunOff {
        dirs: Vec<DirId>,
        distance: Distance,
        pass: Test,
        /// A longer distance leaves too; with `remainder` its rest moves another piece.
        over: bool,
        remainder: bool,
    },
    Walk {
        walk: Walk,
        steps: Distance,
    },
    Enter {
        via: Test,
        steps: Distance,
        walk: Walk,
    },
    Exit {
        via: Test,
        steps: Distance,
        walk: Walk,
    },
    /// The whole stack, one piece on each following field (see `Motion::Sow`).
    Sow {
        dirs: Vec<DirId>,
        skip: Test,
        skip_origin: bool,
    },
    /// Over a field where `over` holds to the field beyond, capturing; with
    /// `fly`, over empty fields before it and onto any empty field after it.
    Jump {
        dirs: Vec<DirId>,
        over: Test,
        fly: bool,
    },
}

impl Rule {
    /// The rule's `CaptureChosen`, if it has one.
    pub(crate) fn choice(&self) -> Option<&Choice> {
        self.effects.iter().find_map(|e| match e {
            Effect::CaptureChosen(c) => Some(&**c),
            _ => None,
        })
    }
}

/// Per field, the fields a motion reaches from it in one move, each with the
/// direction taken ([`crate::m::NO_DIR`] for none): worked out once from the
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
    pub pass: Test,
    pub double_again: bool,
    /// A board walk may end on the field it started from.
    pub returns: bool,
}

#[derive(Debug, Clone)]
pub(crate) enum Effect {
    Enclose(Box<Enclosure>),
    Flip,
    Tip,
    TurnClockwise,
    Spawn {
        on: Test,
        zone: u8,
        optional: bool,
    },
    /// Where `cond` holds after the move, the mover captures a stack of their
    /// choice (see [`crate::state::Pending::Capture`]).
    CaptureChosen(Box<Choice>),
    CaptureRun(Box<CaptureRun>),
    Promote {
        to: crate::piece::KindId,
        on: Test,
        ends_chain: bool,
        /// Only where the move ends (not on the way of a chain that goes on).
        at_end: bool,
    },
}

/// Capture by enclosure (see `EffectDef::Enclose`).
#[derive(Debug, Clone)]
pub(crate) struct Enclosure {
    pub dirs: Vec<DirId>,
    /// All sides must be closed, not only the one beyond on a line.
    pub all: bool,
    pub target: Test,
    pub anvil: Test,
    /// The board's edge closes a side (with `all`).
    pub edge: bool,
}

/// Capture along a run of fields from where the move ended (see `EffectDef::CaptureRun`).
#[derive(Debug, Clone)]
pub(crate) struct CaptureRun {
    /// Of the field the move ended on.
    pub on: Test,
    /// Links from there to the run's first field (none: that field).
    pub start: Vec<DirId>,
    /// Links from each field of the run to the next (none: one field).
    pub step: Vec<DirId>,
    /// Of each field of the run: captured while it holds.
    pub cond: Test,
    /// The stack the move ended on goes too, when the run took any.
    pub landed: bool,
    /// After the run: where it does not hold, the run is undone.
    pub keep_if: Option<Test>,
}

/// Which stacks a mover may choose to capture: where `among` holds, or where
/// none does, where `otherwise` holds (occupied fields only).
#[derive(Debug, Clone)]
pub(crate) struct Choice {
    pub cond: Test,
    pub among: Test,
    pub otherwise: Test,
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
    pub test: Test,
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

impl crate::game::Game {
    /// Fills in what each rule can know before play: its placement targets,
    /// its conditions with what the board and the player decide folded in,
    /// and its landing mask; and the lines `Line` looks for. Called once
    /// the game is compiled.
    pub(crate) fn specialise_rules(&mut self) {
        let single = self.fields.iter().all(|f| f.limit <= 1);
        let players = 0..self.player_count();
        for p in 0..self.phases.len() {
            for r in 0..self.phases[p].rules.len() {
                let rule = &self.phases[p].rules[r];
                let (targets, to_on_targets) = players
                    .clone()
                    .map(|me| {
                        let targets: Vec<FieldId> = self
                            .board
                            .fields()
                            .filter(|&f| self.static_value(&rule.to, me, f) != Some(false))
                            .collect();
                        let rest = self.simplify(&rule.to, me, &targets).compact();
                        (targets, rest)
                    })
                    .unzip();
                // A state condition has no field atoms: any field stands for all.
                let only_if_for = players.clone().map(|me| self.simplify(&rule.only_if, me, &[0]).compact()).collect();
                // An occupied field takes a piece only by a capture or an exchange, which a safe
                // field forbids; an exchange needs a field to send the enemy to, which the hand is not.
                let displaces = match rule.arrive {
                    Arrive::Capture => true,
                    Arrive::Exchange => !matches!(rule.motion, Motion::Enter { .. }),
                    Arrive::Stack => false,
                };
                let captures = |safe: bool| if displaces && !safe { Test::ENEMY } else { 0 };
                // Per field, `to` with what the board decides there folded in (a throne no soldier
                // may stop on), if what is left looks only at what tops the field, alike for every player.
                let to_on = |f: FieldId| {
                    let mut masks = players.clone().map(|me| self.simplify(&rule.to, me, &[f]).tops_mask());
                    let first = masks.next().flatten();
                    first.filter(|_| masks.all(|m| m == first))
                };
                let landing = single.then(|| {
                    let fields = self.board.fields().zip(&self.fields);
                    fields
                        .map(|(f, props)| match props.limit {
                            1 => to_on(f).map(|to| to & (Test::EMPTY | captures(props.safe))),
                            _ => Some(0),
                        })
                        .collect::<Option<Vec<u8>>>()
                });
                let landing = landing.flatten();
                let rule = &mut self.phases[p].rules[r];
                rule.targets = targets;
                rule.to_on_targets = to_on_targets;
                rule.only_if_for = only_if_for;
                rule.landing = landing;
            }
            let phase = &mut self.phases[p];
            phase.playable = players
                .clone()
                .map(|me| {
                    [false, true].map(|fallback| {
                        let rules = phase.rules.iter().enumerate();
                        let playable = rules
                            .filter(|(_, r)| r.fallback == fallback && r.only_if_for[usize::from(me)] != Test::False);
                        playable.map(|(i, _)| i as u8).collect()
                    })
                })
                .collect();
        }
        self.precompute_lines();
    }

    /// Every state condition with its lines made by the last move read from masks; and
    /// whether any condition reads where the last piece ended.
    fn precompute_lines(&mut self) {
        let ends = self.ends.iter().map(|e| &e.test);
        let phases = self.phases.iter().flat_map(|p| {
            let rules = p.rules.iter().flat_map(|r| {
                let effects = r.effects.iter().flat_map(|e| match e {
                    Effect::CaptureChosen(c) => vec![&c.cond, &c.among, &c.otherwise],
                    Effect::Spawn { on, .. } => vec![on],
                    _ => Vec::new(),
                });
                [&r.to, &r.from, &r.only_if].into_iter().chain(effects)
            });
            let filters = p.filters.iter().flat_map(|f| match f {
                Filter::RequireAfter { cond, only_if, .. } => vec![cond, only_if],
                Filter::Capture { .. } | Filter::MostCaptures => Vec::new(),
            });
            p.until.iter().chain(rules).chain(filters)
        });
        self.reads_last_to = ends.chain(phases).any(Test::mentions_last_to);
        for e in 0..self.ends.len() {
            self.ends[e].test = self.with_line_masks(&self.ends[e].test);
        }
        for p in 0..self.phases.len() {
            self.phases[p].until = self.phases[p].until.as_ref().map(|t| self.with_line_masks(t));
            for r in 0..self.phases[p].rules.len() {
                self.phases[p].rules[r].only_if_for =
                    self.phases[p].rules[r].only_if_for.iter().map(|t| self.with_line_masks(t)).collect();
                for e in 0..self.phases[p].rules[r].effects.len() {
                    if let Effect::CaptureChosen(choice) = &self.phases[p].rules[r].effects[e] {
                        let cond = self.with_line_masks(&choice.cond);
                        if let Effect::CaptureChosen(choice) = &mut self.phases[p].rules[r].effects[e] {
                            choice.cond = cond;
                        }
                    }
                }
            }
        }
    }
}
