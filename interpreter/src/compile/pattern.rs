//! Field patterns (issue 47): the colours a `pattern` lays over the fields
//! in turn, worked out once per field from its grid coordinates.

use super::Ctx;
use super::board::parse_colour;
use super::locate::Seg;
use crate::board::Board;
use crate::ruleset::PatternDef;

/// The most colours a pattern takes.
const MAX_COLOURS: usize = 8;

/// Each field's colour under the pattern (none written: empty). A pattern
/// of fewer than two or more than [`MAX_COLOURS`] colours is refused, and
/// so is a field without grid coordinates (a `Graph` field off the whole
/// numbers), which no pattern can colour.
pub(super) fn colours(ctx: &mut Ctx, def: Option<&PatternDef>, board: &Board) -> Vec<[u8; 3]> {
    let Some(def) = def else { return Vec::new() };
    ctx.at(Seg::Field("pattern"), |ctx| {
        let colours: Vec<Option<[u8; 3]>> = ctx.at(Seg::Field("colours"), |ctx| {
            if !(2..=MAX_COLOURS).contains(&def.colours.len()) {
                ctx.error(format!("a pattern alternates 2 to {MAX_COLOURS} colours; got {}", def.colours.len()));
            }
            def.colours.iter().enumerate().map(|(i, c)| ctx.at(Seg::Index(i), |ctx| parse_colour(ctx, c))).collect()
        });
        let colours: Vec<[u8; 3]> = colours.into_iter().flatten().collect();
        if colours.len() < 2 || colours.len() != def.colours.len() {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(board.len());
        for f in board.fields() {
            let Some((c, r)) = board.coord(f) else {
                let (x, y) = board.position(f);
                ctx.error(format!(
                    "field {:?} at ({x}, {y}) has no grid place: a pattern colours fields at whole-number \
                     positions (move it, or colour it by a field type)",
                    board.name(f)
                ));
                return Vec::new();
            };
            let turn = (i32::from(c) + i32::from(r)).rem_euclid(colours.len() as i32);
            out.push(colours[turn as usize]);
        }
        out
    })
}
