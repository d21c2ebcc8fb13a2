//! What the motions that walk (`Walk`, `Enter`, `Exit`) share at compile
//! time: a walk's parts lowered, its search bounded where it is written
//! (`compile/walk_cost.rs`), its paths worked out before play where the
//! board allows (`compile/walk_paths.rs`, [`WalkPlan`]), and each field's
//! list of paths scanned (`MotionPlan::WalkPaths`). At play:
//! `engine/motion/walking.rs`.

use crate::board::{Board, FieldId};
use crate::compile::Ctx;
use crate::compile::cond::{Names, Place, constant, test};
use crate::compile::locate::Seg;
use crate::compile::moves::dir_ids;
use crate::compile::walk_cost::{MAX_LIST_STEPS, TooCostly, WalkShape, blocked_fields, worst_walk};
use crate::moves::Action;
use crate::piece::Player;
use crate::program::rules::{Doubling, Known, Rule, Walk, WalkPlan};
use crate::program::{Cond, Game};
use crate::ruleset::{CondDef, Distance};

/// The parts of a walk as written; `double_again` and `returns` only a board walk has.
#[derive(Clone, Copy)]
pub(in crate::compile) struct WalkParts<'a> {
    pub dirs: &'a [String],
    pub turns: &'a CondDef,
    pub pass: &'a CondDef,
    pub double_again: Option<&'a CondDef>,
    pub returns: Option<&'a CondDef>,
}

pub(in crate::compile) fn walk(ctx: &mut Ctx, parts: WalkParts, board: &Board, names: &Names) -> Walk {
    let option = |ctx: &mut Ctx, name: &'static str, c: Option<&CondDef>| {
        c.is_some_and(|c| ctx.at(Seg::Field(name), |ctx| constant(ctx, c, names)))
    };
    Walk {
        dirs: ctx.at(Seg::Field("dirs"), |ctx| dir_ids(ctx, parts.dirs, board)),
        turns: ctx.at(Seg::Field("turns"), |ctx| constant(ctx, parts.turns, names)),
        pass: ctx.at(Seg::Field("pass"), |ctx| test(ctx, parts.pass, Place::Field, names)),
        double_again: option(ctx, "double_again", parts.double_again),
        returns: option(ctx, "returns", parts.returns),
    }
}

/// The steps of an entry or exit: a number from 1 to 32, or the throw.
fn steps(ctx: &mut Ctx, steps: Distance) -> Distance {
    match steps {
        Distance::Const(n) if (1..=32).contains(&n) => steps,
        Distance::Throw => steps,
        Distance::Const(n) => {
            ctx.at(Seg::Field("steps"), |ctx| ctx.error("an entry or exit takes 1 to 32 steps"));
            Distance::Const(n.clamp(1, 32))
        }
        _ => {
            ctx.at(Seg::Field("steps"), |ctx| ctx.error("an entry or exit takes a number of steps or `Throw`"));
            Distance::Const(1)
        }
    }
}

/// Which edge of the board a walk crosses: an entry's first step comes on
/// (and it may double where it ends), an exit's last step takes the piece off.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::compile) enum Edge {
    Enters,
    Exits,
}

/// An entry's or exit's `via`, steps and walk lowered, its search bounded.
pub(in crate::compile) fn edge_walk(
    ctx: &mut Ctx,
    via: &CondDef,
    n: Distance,
    parts: WalkParts,
    edge: Edge,
    board: &Board,
    names: &Names,
) -> (Cond, Distance, Walk) {
    let via = ctx.at(Seg::Field("via"), |ctx| test(ctx, via, Place::Field, names));
    let (steps, walk) = (steps(ctx, n), walk(ctx, parts, board, names));
    // An entry may double where it ends; an exit's last step leaves the board.
    let enters = edge == Edge::Enters;
    let longest = match steps {
        Distance::Const(n) => n,
        _ => names.walk.longest_throw,
    };
    walk_cost(ctx, board, names, &walk, enters, enters, |_| Some(longest.saturating_sub(1)));
    (via, steps, walk)
}

/// Refuses a walk whose move search could take more than
/// [`walk_cost::MAX_WALK_STEPS`] steps from one field.
pub(in crate::compile) fn walk_cost(
    ctx: &mut Ctx,
    board: &Board,
    names: &Names,
    walk: &Walk,
    double: bool,
    enters: bool,
    len: impl Fn(FieldId) -> Option<u8>,
) {
    let shape = WalkShape {
        dirs: &walk.dirs,
        turns: walk.turns,
        double,
        double_again: walk.double_again,
        blocked: blocked_fields(board, &names.walk, &walk.pass),
        from_pieces: !enters,
    };
    if names.walk.checked.get() > crate::compile::walk_cost::MAX_CHECK_STEPS {
        return; // Said once, at the walk that went past.
    }
    let longest = || board.fields().filter_map(&len).max().unwrap_or(0);
    // A list of moves walks from every piece, or enters from every field it may enter by.
    let starts = if enters { board.len() as u64 } else { names.walk.pieces };
    let worst = worst_walk(board, &names.walk, &shape, &len).and_then(|worst| {
        if worst.saturating_mul(starts) > MAX_LIST_STEPS { Err(TooCostly::PerList) } else { Ok(worst) }
    });
    match worst {
        Ok(_) => {}
        Err(TooCostly::FromOneField) => ctx.error(format!(
            "this walk of up to {} steps may try more than {} paths from one field on this board \
             (it tries every path that uses no link twice); shorten it, or give it fewer directions",
            longest(),
            crate::compile::walk_cost::MAX_WALK_STEPS
        )),
        Err(TooCostly::InAll) => ctx.error(format!(
            "this walk of up to {} steps, checked from each of the board's {} fields with the ruleset's \
             walks before it, tries more than {} paths in all (every path that uses no link twice); \
             shorten the walks, give them fewer directions, or use a smaller board",
            longest(),
            board.len(),
            crate::compile::walk_cost::MAX_CHECK_STEPS
        )),
        Err(TooCostly::PerList) => ctx.error(format!(
            "this walk of up to {} steps, from each of {starts} {}, may try more than {MAX_LIST_STEPS} paths \
             for one list of moves (every path that uses no link twice); shorten it, give it fewer \
             directions, or use fewer pieces",
            longest(),
            if enters { "fields it may enter by" } else { "pieces of the setup" },
        )),
    }
}

impl Game {
    /// Which of a walk's (or exit's) paths a piece scans from each field,
    /// where it walks by its paths: passing and starting by masks over what
    /// tops a field, and never longer than its paths go (an exit's paths are
    /// one step short: the last takes the piece off).
    pub(in crate::compile) fn walk_lists(&self, rule: &Rule, walk: &WalkPlan) -> Option<Vec<u32>> {
        let longest_field_steps = self.fields.iter().filter_map(|f| f.steps).max().unwrap_or(0);
        let longest = |steps: Distance| match steps {
            Distance::Const(n) => Some(n),
            Distance::FieldSteps => Some(longest_field_steps),
            _ => None,
        };
        let by = rule.walk_parts(walk)?;
        longest(by.steps).filter(|&n| n <= by.paths.most.saturating_add(u8::from(by.exit)))?;
        let fields = self.fields.iter().enumerate();
        let list = |(f, props): (usize, &crate::program::FieldProps)| {
            let n = match by.steps {
                Distance::Const(n) => n,
                Distance::FieldSteps => props.steps.unwrap_or(0),
                _ => 0,
            };
            // (An exit's last step takes the piece off the board.)
            let list = match n {
                0 => None,
                n if by.exit => by.paths.key(f as FieldId, n - 1, Doubling::Once),
                n => by.paths.key(f as FieldId, n, Doubling::Doubles),
            };
            let scanned = list.filter(|&k| by.paths.list(k).is_some_and(|l| !l.is_empty()));
            scanned.map_or(Rule::NO_PATHS, |k| k as u32)
        };
        Some(fields.map(list).collect())
    }

    /// The paths of `rule`'s walk, worked out where the board and
    /// `path_room` (what the game's walks may still hold) allow (see
    /// [`WalkPlan`]): with what the board says of the fields it goes over
    /// (see [`Known`]; an exit's walk need not land where it ends), and an
    /// entry's paths in or an exit's paths out where its `via` is fields.
    pub(in crate::compile) fn walk_plan(&self, rule: &Rule, path_room: &mut usize) -> WalkPlan {
        let Some(walk) = rule.motion.walk() else { return WalkPlan::Searched };
        let known = self.known_of_walk(&walk.pass, rule.motion.action() != Action::Exit);
        let paths = crate::compile::walk_paths::walk_paths(&self.board, &self.fields, walk, &known, path_room);
        let Some(paths) = paths else { return WalkPlan::Searched };
        let fields = self.board.len();
        let via = match (rule.motion.via(), rule.motion.facts().enters) {
            (Some(Cond::Fields(via)), true) => crate::compile::walk_paths::entry_paths(&paths, via, &known, fields),
            (Some(Cond::Fields(via)), false) => {
                Some(crate::compile::walk_paths::exit_paths(&paths, via, &known, fields))
            }
            (Some(_) | None, _) => None,
        };
        WalkPlan::Paths { walk: paths, via }
    }

    /// What the board alone says of the fields a walk that passes where
    /// `pass` holds goes over, for every player alike (see [`Known`]): where
    /// it may always pass and where never, by the board (a zone, a field
    /// type), or because a field that takes no piece is always empty; and,
    /// where the walk must land where it ends (`ends_land`), that it cannot
    /// end on such a field. Nothing on a board of more than 64 fields.
    pub(crate) fn known_of_walk(&self, pass: &Cond, ends_land: bool) -> Known {
        let mut known = Known::default();
        if self.board.len() > 64 {
            return known;
        }
        // (The test as written: a guard by what tops the field says the same.)
        let pass = match pass {
            Cond::ByTops { rest, .. } => rest,
            pass => pass,
        };
        for (f, props) in self.board.fields().zip(&self.fields) {
            let always_empty = props.limit == 0;
            let value = |me: Player| {
                let on_empty = || self.simplify(pass, me, &[f]).tops_mask().map(|m| m & Cond::EMPTY != 0);
                self.static_value(pass, me, f).or_else(|| always_empty.then(on_empty).flatten())
            };
            let values: Option<Vec<bool>> = (0..self.player_count()).map(value).collect();
            let bit = 1u64 << f;
            match values.as_deref() {
                Some(vs) if vs.iter().all(|&v| v) => known.pass |= bit,
                Some(vs) if vs.iter().all(|&v| !v) => known.block |= bit,
                _ => {}
            }
            if ends_land && always_empty {
                known.dead |= bit;
            }
        }
        known
    }
}
