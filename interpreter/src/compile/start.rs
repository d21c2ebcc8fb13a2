//! What a game starts from: the initial state with the setup made, and the
//! `set` actions of chance outcomes, which need the pieces set up.

use super::Ctx;
use super::cond::{Names, check_one, check_who, constant};
use super::limits::MAX_PIECES;
use super::locate::Seg;
use crate::board::{Board, FieldId};
use crate::piece::{Kind, NOBODY, Piece};
use crate::program::FieldProps;
use crate::program::rules::{Chance, Phase, Set};
use crate::ruleset::{ChanceDef, RulesetDef, SetDef, SetupDef, Who};
use crate::state::{Pool, State};

/// The state a game starts from: the first phase's, with the setup made.
pub(super) fn initial_state(
    ctx: &mut Ctx,
    def: &RulesetDef,
    first: Option<&Phase>,
    board: &Board,
    fields: &[FieldProps],
    names: &Names,
    kinds: &[Kind],
) -> State {
    let cap = fields.iter().map(|f| f.limit).max().unwrap_or(1).max(1);
    let mut initial = State::empty(board.len(), cap, kinds.len() as u8, names.players);
    initial.decisions_left = first.map_or(1, |p| p.decisions);
    if let Some(c) = first.and_then(|p| p.throw) {
        initial.pending = crate::state::Pending::Chance(c);
    }
    ctx.at(Seg::Field("setup"), |ctx| {
        for (i, line) in def.setup.iter().enumerate() {
            ctx.at(Seg::Index(i), |ctx| setup(ctx, line, &mut initial, board, fields, names, kinds));
        }
    });
    initial
}

fn setup(
    ctx: &mut Ctx,
    line: &SetupDef,
    state: &mut State,
    board: &Board,
    fields: &[FieldProps],
    names: &Names,
    kinds: &[Kind],
) {
    let (piece, player, when) = match line {
        SetupDef::On { piece, player, when, .. } | SetupDef::Hand { piece, player, when, .. } => (piece, player, when),
    };
    let on = when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
    let kind = ctx.at(Seg::Field("piece"), |ctx| ctx.find("piece", piece, &names.kinds));
    let neutral = kind.is_some_and(|k| kinds[k].neutral);
    let owner = match (*player, neutral) {
        (None, true) => NOBODY,
        (Some(Who::Player(n)), false) if (1..=names.players).contains(&n) => n - 1,
        (Some(p @ Who::Player(_)), false) => {
            ctx.at(Seg::Field("player"), |ctx| check_who(ctx, p, names));
            return;
        }
        (Some(_), true) => {
            ctx.at(Seg::Field("player"), |ctx| ctx.error("a neutral piece belongs to nobody: leave `player` out"));
            return;
        }
        (_, false) => {
            ctx.error("setup names a player by number: player: Player(1), Player(2), ...");
            return;
        }
    };
    if neutral && matches!(line, SetupDef::Hand { .. }) {
        ctx.error("a neutral piece is in no player's hand: set it up `On` fields");
        return;
    }
    let Some(kind) = kind else { return };
    let kind = kind as u8;
    match line {
        SetupDef::On { fields: list, count, .. } => {
            let ids = ctx.at(Seg::Field("fields"), |ctx| ctx.find_all("field", list, board.names()));
            if !on {
                return;
            }
            for (i, f) in ids.into_iter().enumerate() {
                let f = f as FieldId;
                for _ in 0..*count {
                    // One error per listed field: the rest of its count would overflow too.
                    if state.height(f) >= fields[usize::from(f)].limit {
                        ctx.at(Seg::Field("fields"), |ctx| {
                            ctx.at(Seg::Index(i), |ctx| {
                                ctx.error(format!(
                                    "field {:?} is full: its stack limit is {}",
                                    board.name(f),
                                    fields[usize::from(f)].limit
                                ));
                            });
                        });
                        break;
                    }
                    if state.total_pieces() >= MAX_PIECES {
                        ctx.at(Seg::Field("fields"), |ctx| {
                            ctx.error(format!("a game has at most {MAX_PIECES} pieces"));
                        });
                        return;
                    }
                    let orient = if kinds[usize::from(kind)].die == Some(true) { 24 } else { 0 };
                    state.push(f, Piece { orient, ..Piece::new(kind, owner) });
                }
            }
        }
        SetupDef::Hand { count, .. } => {
            if !on {
                return;
            }
            if state.total_pieces() + u32::from(*count) > MAX_PIECES {
                ctx.at(Seg::Field("count"), |ctx| ctx.error(format!("a game has at most {MAX_PIECES} pieces")));
                return;
            }
            state.pool_add(Pool::Hand, owner, kind, owner, i32::from(*count));
        }
    }
}

/// The sets of every chance device's outcomes, lowered once the start
/// position is known.
pub(super) fn every_chance_sets(
    ctx: &mut Ctx,
    def: &RulesetDef,
    chance: &mut [Chance],
    initial: &State,
    board: &Board,
    kinds: &[Kind],
    names: &Names,
) {
    ctx.at(Seg::Field("chance"), |ctx| {
        for (i, c) in def.chance.iter().enumerate() {
            if let Some(lowered) = chance.iter_mut().find(|l| l.name == c.name && l.outcomes.len() == c.outcomes.len())
            {
                ctx.at(Seg::Index(i), |ctx| chance_sets(ctx, c, lowered, initial, board, kinds, names));
            }
        }
    });
}

/// The `set` actions of a chance device's outcomes: an orientation needs the
/// die that stands on the field at the start.
fn chance_sets(
    ctx: &mut Ctx,
    def: &ChanceDef,
    lowered: &mut Chance,
    initial: &State,
    board: &Board,
    kinds: &[Kind],
    names: &Names,
) {
    for (i, o) in def.outcomes.iter().enumerate() {
        ctx.at(Seg::Field("outcomes"), |ctx| {
            ctx.at(Seg::Index(i), |ctx| {
                for (j, set) in o.set.iter().enumerate() {
                    let lowered_set = ctx.at(Seg::Field("set"), |ctx| {
                        ctx.at(Seg::Index(j), |ctx| lower_set(ctx, set, initial, board, kinds, names))
                    });
                    if let Some(set) = lowered_set {
                        lowered.outcomes[i].set.push(set);
                    }
                }
            });
        });
    }
}

fn lower_set(
    ctx: &mut Ctx,
    set: &SetDef,
    initial: &State,
    board: &Board,
    kinds: &[Kind],
    names: &Names,
) -> Option<Set> {
    match set {
        SetDef::Starts(w) => match check_one(ctx, *w, names) {
            Who::Player(n) => Some(Set::Starts(n - 1)),
            _ => {
                ctx.error("`Starts` names a player by number: Player(1), Player(2), ...");
                None
            }
        },
        SetDef::Orient { field, top, facing, value } => {
            let f = ctx.at(Seg::Field("field"), |ctx| ctx.find("field", field, board.names()))? as FieldId;
            let Some(left) = initial.top(f).and_then(|p| kinds[usize::from(p.kind)].die) else {
                ctx.error(format!("no die stands on {field:?} at the start"));
                return None;
            };
            let Some(face) = crate::die::Face::from_dir(facing) else {
                ctx.at(Seg::Field("facing"), |ctx| {
                    ctx.error(format!("facing {facing:?}: expected \"N\", \"E\", \"S\" or \"W\""));
                });
                return None;
            };
            match crate::die::orient(*top, face, *value, left) {
                Some(orient) => Some(Set::Orient { field: f, orient }),
                None => {
                    ctx.error(format!("no die shows {top} on top and {value} facing {facing}"));
                    None
                }
            }
        }
    }
}
