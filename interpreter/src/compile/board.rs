//! Lowering the board: generators and explicit graphs to a [`Board`]; field
//! types to per-field properties; zones to per-player field sets.

use super::Ctx;
use super::cond::{Names, constant, options_only};
use super::counters::number;
use super::dirs::{GRID_DIRS, expand_dirs};
use super::limits::MAX_STACK;
use super::locate::Seg;
use crate::board::{Board, DirId, FieldId, FieldSet, MAX_LINKS, NewField};
use crate::program::{FieldProps, FieldType, Zone};
use crate::ruleset::{BoardDef, Diagonals, FieldDef, FieldTypeDef, LinkDef, Naming, SendTo, ZoneDef};
use crate::ruleset::{CondDef, Num};
use std::collections::{BTreeMap, HashMap, HashSet};

const MAX_FIELDS: usize = 4096;
/// What a grid may be: its columns (and, named by letters, its rows) are named by one letter each.
const GRID_LIMITS: &str = "a grid needs 1 to 26 columns and at most 4096 fields";
/// Direction ids are bytes, and the last byte means "no direction".
const MAX_DIRS: usize = 255;
/// The largest drawing position of a field of a `Graph` board.
const MAX_COORD: f32 = 10_000.0;

pub(crate) fn board(ctx: &mut Ctx, def: &BoardDef, conditions: &BTreeMap<String, CondDef>) -> Option<Board> {
    match def {
        BoardDef::Grid { cols, rows, links, wrap, wrap_when, holes, names, diagonals } => {
            let mut wrap = wrap.clone();
            ctx.at(Seg::Field("wrap_when"), |ctx| {
                for (i, w) in wrap_when.iter().enumerate() {
                    let on = ctx.at(Seg::Index(i), |ctx| {
                        ctx.at(Seg::Field("when"), |ctx| options_only(ctx, &w.when, conditions))
                    });
                    if on {
                        wrap.extend(w.dirs.iter().cloned());
                    }
                }
            });
            let [c, r] = [("cols", cols), ("rows", rows)].map(|(seg, n)| ctx.at(Seg::Field(seg), |ctx| side(ctx, n)));
            let (Some(c), Some(r)) = (c, r) else { return None };
            let from = match (cols, rows) {
                (Num::Opt(a), Num::Opt(b)) if a != b => format!(" (options {a:?} and {b:?})"),
                (Num::Opt(_), _) => from_option(cols),
                _ => from_option(rows),
            };
            grid(ctx, &GridDef { cols: c, rows: r, naming: *names, diagonals: *diagonals, from }, links, &wrap, holes)
        }
        BoardDef::Track { length, cols, first, next, prev } => track(ctx, *length, *cols, *first, next, prev),
        BoardDef::Graph { fields, links } => graph(ctx, fields, links),
    }
}

/// A grid's number of columns or rows as written or read from an integer
/// option (board size from an option); `None`, once reported, if it is no
/// size at all (negative or huge). The grid's limits are checked in [`grid`].
fn side(ctx: &mut Ctx, n: &Num) -> Option<u16> {
    let v = number(ctx, n);
    u16::try_from(v).ok().or_else(|| {
        ctx.error(format!("{GRID_LIMITS}; got {v}{}", from_option(n)));
        None
    })
}

/// Names the option a number was read from, for a message.
fn from_option(n: &Num) -> String {
    match n {
        Num::Opt(name) => format!(" (option {name:?})"),
        Num::Const(_) => String::new(),
    }
}

/// A board of listed fields and links.
fn graph(ctx: &mut Ctx, fields: &[FieldDef], links: &[LinkDef]) -> Option<Board> {
    let new = graph_fields(ctx, fields);
    if new.is_empty() || new.len() > MAX_FIELDS {
        ctx.at(Seg::Field("fields"), |ctx| ctx.error(format!("a board needs 1 to {MAX_FIELDS} fields")));
        return None;
    }
    let names: Vec<String> = new.iter().map(|f| f.name.clone()).collect();
    let mut linked = Links::new(&names);
    for (i, l) in links.iter().enumerate() {
        ctx.at(Seg::Field("links"), |ctx| {
            ctx.at(Seg::Index(i), |ctx| {
                let from = ctx.at(Seg::Field("from"), |ctx| ctx.find("field", &l.from, &names));
                let to = ctx.at(Seg::Field("to"), |ctx| ctx.find("field", &l.to, &names));
                let (Some(from), Some(to)) = (from, to) else { return };
                linked.add(ctx, from, to, &l.dir, "dir");
                if let Some(back) = &l.back {
                    linked.add(ctx, to, from, back, "back");
                }
            });
        });
    }
    let Links { dirs, edges, .. } = linked;
    Some(Board::new(new, dirs, &edges))
}

/// The listed fields of a graph board, each checked where it is listed.
fn graph_fields(ctx: &mut Ctx, fields: &[FieldDef]) -> Vec<NewField> {
    let mut new = Vec::new();
    let mut listed = HashSet::new();
    for (i, f) in fields.iter().enumerate() {
        if !listed.insert(f.name.as_str()) {
            ctx.at(Seg::Field("fields"), |ctx| {
                ctx.at(Seg::Index(i), |ctx| ctx.error(format!("field {:?} is listed twice", f.name)));
            });
        }
        // A move's text tells moves apart after a `/` (`p1-p3/cw`): a name with one could read as another move.
        if f.name.contains('/') {
            ctx.at(Seg::Field("fields"), |ctx| {
                ctx.at(Seg::Index(i), |ctx| ctx.error(format!("field {:?}: a field name has no `/`", f.name)));
            });
        }
        // The editor draws the board from these: NaN or a huge position would not draw.
        let drawable = f.at.0.is_finite() && f.at.1.is_finite() && f.at.0.abs().max(f.at.1.abs()) <= MAX_COORD;
        if !drawable {
            ctx.at(Seg::Field("fields"), |ctx| {
                ctx.at(Seg::Index(i), |ctx| {
                    ctx.at(Seg::Field("at"), |ctx| {
                        ctx.error(format!("a position is two numbers from -{MAX_COORD} to {MAX_COORD}"));
                    });
                });
            });
        }
        // (Only a position in range has grid coordinates: a huge one is an error above.)
        let integral = drawable && f.at.0.fract() == 0.0 && f.at.1.fract() == 0.0;
        new.push(NewField {
            name: f.name.clone(),
            at: f.at,
            coord: if integral { Some((f.at.0 as i16, -(f.at.1 as i16))) } else { None },
        });
    }
    new
}

/// The links of a graph board as they are added: direction names, edges, and
/// (maps, for long lists) where each field and direction leads and which pairs of fields are linked.
struct Links<'a> {
    names: &'a [String],
    dirs: Vec<String>,
    edges: Vec<(FieldId, FieldId, DirId)>,
    leads: HashMap<(FieldId, DirId), FieldId>,
    pairs: HashSet<(FieldId, FieldId)>,
    /// Whether "too many links" was said (once is enough).
    too_many: bool,
}

impl<'a> Links<'a> {
    fn new(names: &'a [String]) -> Self {
        Links {
            names,
            dirs: Vec::new(),
            edges: Vec::new(),
            leads: HashMap::new(),
            pairs: HashSet::new(),
            too_many: false,
        }
    }

    /// A link from `from` to `to` in direction `d`, written at field `seg` of the link.
    fn add(&mut self, ctx: &mut Ctx, from: usize, to: usize, d: &str, seg: &'static str) {
        let Some(dir) = self.dir_id(ctx, d, seg) else { return };
        let (from, to) = (from as FieldId, to as FieldId);
        // A field has one link in each direction: a second would be dropped.
        if let Some(&other) = self.leads.get(&(from, dir)) {
            let names = self.names;
            ctx.at(Seg::Field(seg), |ctx| {
                ctx.error(format!(
                    "field {:?} already has a link in direction {d:?} (to {:?}); \
                     use another direction name",
                    names[usize::from(from)],
                    names[usize::from(other)]
                ));
            });
            return;
        }
        // Link ids are u16: past MAX_LINKS they would wrap and walks misread links.
        if self.pairs.len() == MAX_LINKS && !self.pairs.contains(&(from.min(to), from.max(to))) {
            if !self.too_many {
                self.too_many = true;
                ctx.error(format!("a board has at most {MAX_LINKS} links (a link and its way back count once)"));
            }
            return;
        }
        self.pairs.insert((from.min(to), from.max(to)));
        self.leads.insert((from, dir), to);
        self.edges.push((from, to, dir));
    }

    /// The id of direction `d`, a new one if it is new.
    fn dir_id(&mut self, ctx: &mut Ctx, d: &str, seg: &'static str) -> Option<DirId> {
        let dir = match self.dirs.iter().position(|x| x == d) {
            Some(p) => p,
            // After a `/` in a move's text a number is a rule's: a direction is not one.
            None if d.is_empty() || d.contains('/') || d.bytes().all(|b| b.is_ascii_digit()) => {
                ctx.at(Seg::Field(seg), |ctx| {
                    ctx.error(format!("direction {d:?}: a direction name has a letter and no `/`"));
                });
                return None;
            }
            None if self.dirs.len() < MAX_DIRS => {
                self.dirs.push(d.to_string());
                self.dirs.len() - 1
            }
            None => {
                ctx.at(Seg::Field(seg), |ctx| ctx.error(format!("a board has at most {MAX_DIRS} direction names")));
                return None;
            }
        };
        Some(dir as DirId)
    }
}

fn track(ctx: &mut Ctx, length: u16, cols: u16, first: u16, next: &str, prev: &str) -> Option<Board> {
    if length == 0 || usize::from(length) > MAX_FIELDS || cols == 0 || next == prev {
        ctx.error(format!("a track needs 1 to {MAX_FIELDS} fields, at least 1 column, and two direction names"));
        return None;
    }
    let fields = (0..length)
        .map(|i| {
            let (row, col) = (i / cols, i % cols);
            let x = if row % 2 == 0 { col } else { cols - 1 - col };
            let at = (f32::from(x), f32::from(row));
            NewField { name: (u32::from(first) + u32::from(i)).to_string(), at, coord: Some((x as i16, -(row as i16))) }
        })
        .collect();
    let links: Vec<(FieldId, FieldId, DirId)> = (1..length).flat_map(|i| [(i - 1, i, 0), (i, i - 1, 1)]).collect();
    Some(Board::new(fields, vec![next.to_string(), prev.to_string()], &links))
}

/// A grid's size, naming and diagonal pattern.
struct GridDef {
    cols: u16,
    rows: u16,
    naming: Naming,
    diagonals: Diagonals,
    /// The options the size was read from, for a message (empty if none).
    from: String,
}

fn grid(ctx: &mut Ctx, def: &GridDef, links: &[String], wrap: &[String], holes: &[String]) -> Option<Board> {
    let GridDef { cols, rows, naming, diagonals, ref from } = *def;
    if cols == 0 || rows == 0 || cols > 26 || usize::from(cols) * usize::from(rows) > MAX_FIELDS {
        ctx.error(format!("{GRID_LIMITS}; got {cols} x {rows}{from}"));
        return None;
    }
    // Rows named by letters (`A1` top left) are 26 at most.
    if naming == Naming::LetterRowsFromTop && rows > 26 {
        ctx.error(format!("a grid whose rows are named by letters has at most 26 rows; got {rows}{from}"));
        return None;
    }
    let name_of = |c: i16, r: i16| match naming {
        Naming::Algebraic => format!("{}{}", (b'a' + c as u8) as char, r + 1),
        Naming::LetterRowsFromTop => format!("{}{}", (b'A' + (rows as i16 - 1 - r) as u8) as char, c + 1),
    };
    let all_names: Vec<String> =
        (0..rows as i16).flat_map(|r| (0..cols as i16).map(move |c| (c, r))).map(|(c, r)| name_of(c, r)).collect();
    let holes: Vec<usize> = ctx.at(Seg::Field("holes"), |ctx| ctx.find_all("field", holes, &all_names));
    let mut fields = Vec::new();
    for r in 0..rows as i16 {
        for c in 0..cols as i16 {
            if holes.contains(&(usize::from(r as u16) * usize::from(cols) + c as usize)) {
                continue;
            }
            fields.push(NewField {
                name: name_of(c, r),
                at: (f32::from(c), f32::from(rows as i16 - 1 - r)),
                coord: Some((c, r)),
            });
        }
    }
    let dirs = expand_dirs(links);
    let grid_names: Vec<String> = GRID_DIRS.iter().map(|d| d.0.to_string()).collect();
    let steps: Vec<(i16, i16)> = ctx.at(Seg::Field("links"), |ctx| {
        dirs.iter()
            .filter_map(|d| ctx.find("grid direction", d, &grid_names))
            .map(|i| (GRID_DIRS[i].1, GRID_DIRS[i].2))
            .collect()
    });
    let wraps: Vec<String> = expand_dirs(wrap);
    let wrap_ids: Vec<usize> = ctx.at(Seg::Field("wrap"), |ctx| ctx.find_all("linked direction", &wraps, &dirs));
    if steps.len() != dirs.len() {
        return None;
    }
    let index: HashMap<(i16, i16), FieldId> =
        fields.iter().enumerate().map(|(i, f)| (f.coord.unwrap_or_default(), i as FieldId)).collect();
    let mut edges = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let (c, r) = f.coord.unwrap_or_default();
        for (d, &(dc, dr)) in steps.iter().enumerate() {
            if diagonals == Diagonals::Alternate && dc != 0 && dr != 0 && (c + r).rem_euclid(2) != 0 {
                continue;
            }
            let mut target = (c + dc, r + dr);
            if wrap_ids.contains(&d) {
                target = (target.0.rem_euclid(cols as i16), target.1.rem_euclid(rows as i16));
            }
            if let Some(&to) = index.get(&target) {
                edges.push((i as FieldId, to, d as DirId));
            }
        }
    }
    let mut board = Board::new(fields, dirs, &edges);
    for &d in &wrap_ids {
        board.set_wrapping(d as DirId);
    }
    Some(board)
}

/// Per-field properties from the field types in force under the options.
pub(crate) fn field_types(
    ctx: &mut Ctx,
    defs: &[FieldTypeDef],
    board: &Board,
    stack_limit: u8,
    names: &Names,
) -> (Vec<FieldProps>, Vec<FieldType>) {
    let mut props = vec![
        FieldProps {
            limit: stack_limit,
            steps: None,
            safe: false,
            hostile_empty: 0,
            hostile_occupied: 0,
            double: false,
            again: false,
            send_to: None,
            ftype: None,
        };
        board.len()
    ];
    let mut types: Vec<FieldType> = Vec::new();
    ctx.at(Seg::Field("field_types"), |ctx| {
        for (i, def) in defs.iter().enumerate() {
            ctx.at(Seg::Index(i), |ctx| {
                let on = def.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
                let colour = def.colour.as_ref().and_then(|c| ctx.at(Seg::Field("colour"), |ctx| parse_colour(ctx, c)));
                let fields: Vec<FieldId> = ctx
                    .at(Seg::Field("fields"), |ctx| ctx.find_all("field", &def.fields, board.names()))
                    .into_iter()
                    .map(|f| f as FieldId)
                    .collect();
                if on && types.iter().any(|t: &FieldType| t.name == def.name && !t.fields.is_empty()) {
                    ctx.at(Seg::Field("name"), |ctx| {
                        ctx.error(format!(
                            "two field types named {:?} are in force: their `when` must exclude each other",
                            def.name
                        ));
                    });
                }
                if types.len() >= 64 {
                    ctx.error("a ruleset has at most 64 field types");
                    return;
                }
                if def.limit.is_some_and(|l| l > MAX_STACK) {
                    let most = MAX_STACK;
                    ctx.at(Seg::Field("limit"), |ctx| ctx.error(format!("a stack limit is at most {most}")));
                }
                let send_to = def
                    .send_to
                    .as_ref()
                    .and_then(|to| ctx.at(Seg::Field("send_to"), |ctx| send_target(ctx, to, board)));
                let hostile = def.hostile.clone().unwrap_or_default();
                let [hostile_empty, hostile_occupied] = [("empty", &hostile.empty), ("occupied", &hostile.occupied)]
                    .map(|(field, list)| {
                        ctx.at(Seg::Field("hostile"), |ctx| ctx.at(Seg::Field(field), |ctx| players(ctx, list, names)))
                    });
                let id = types.len() as u8;
                if on {
                    for &f in &fields {
                        let p = &mut props[usize::from(f)];
                        match p.ftype.map(|t| types.get(usize::from(t))) {
                            Some(Some(other)) => {
                                ctx.error(format!("field {:?} already has field type {:?}", board.name(f), other.name));
                            }
                            Some(None) => ctx.error(format!("field {:?} is listed twice", board.name(f))),
                            None => {}
                        }
                        *p = FieldProps {
                            limit: def.limit.unwrap_or(stack_limit).min(MAX_STACK),
                            steps: def.steps,
                            safe: def.safe,
                            hostile_empty,
                            hostile_occupied,
                            double: def.double,
                            again: def.again,
                            send_to,
                            ftype: Some(id),
                        };
                    }
                }
                types.push(FieldType {
                    name: def.name.clone(),
                    symbol: def.symbol.clone(),
                    colour,
                    fields: if on { fields } else { Vec::new() },
                });
            });
        }
    });
    (props, types)
}

/// Where a `send_to` sends a piece: a field, or the first free one along a direction.
fn send_target(ctx: &mut Ctx, to: &SendTo, board: &Board) -> Option<crate::program::SendTarget> {
    let (field, along) = match (&to.field, &to.along) {
        (Some(f), None) => (ctx.at(Seg::Field("field"), |ctx| ctx.find("field", f, board.names())), None),
        (None, Some(d)) => {
            let d = ctx.at(Seg::Field("along"), |ctx| ctx.find("direction", d, board.dir_names()));
            (None, Some(d? as DirId))
        }
        _ => {
            ctx.error("`send_to` names a `field` or a direction to follow (`along`), one of them");
            return None;
        }
    };
    let d =
        to.back.as_ref().map(|back| ctx.at(Seg::Field("back"), |ctx| ctx.find("direction", back, board.dir_names())));
    Some(crate::program::SendTarget {
        field: field.map(|f| f as FieldId),
        along,
        back: match d {
            Some(d) => Some(d? as DirId),
            None => None,
        },
        from_start: to.search == crate::ruleset::Search::FromStart,
    })
}

/// Player numbers (1-based) as a bit set (bit 0: player 1).
fn players(ctx: &mut Ctx, list: &[u8], names: &Names) -> u16 {
    let mut set = 0;
    for (i, &n) in list.iter().enumerate() {
        if (1..=names.players).contains(&n) {
            set |= 1 << (n - 1);
        } else {
            ctx.at(Seg::Index(i), |ctx| {
                ctx.error(format!("player {n} does not exist: players are numbered 1 to {}", names.players));
            });
        }
    }
    set
}

pub(super) fn parse_colour(ctx: &mut Ctx, text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6 && h.chars().all(|c| c.is_ascii_hexdigit()));
    match hex {
        Some(h) => Some([0, 2, 4].map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap_or(0))),
        None => {
            ctx.error(format!("colour {text:?}: expected \"#rrggbb\""));
            None
        }
    }
}

pub(crate) fn zones(ctx: &mut Ctx, defs: &[ZoneDef], board: &Board, players: u8, names: &Names) -> Vec<Zone> {
    let mut out: Vec<Zone> = Vec::new();
    ctx.at(Seg::Field("zones"), |ctx| {
        for (i, def) in defs.iter().enumerate() {
            ctx.at(Seg::Index(i), |ctx| {
                let on = def.when.as_ref().is_none_or(|w| ctx.at(Seg::Field("when"), |ctx| constant(ctx, w, names)));
                let zone = zone(ctx, def, board, players);
                if !on {
                    return;
                }
                if out.iter().any(|z| z.name == def.name) {
                    ctx.at(Seg::Field("name"), |ctx| {
                        ctx.error(format!(
                            "two zones named {:?} are in force: their `when` must exclude each other",
                            def.name
                        ));
                    });
                }
                out.push(zone);
            });
        }
    });
    out
}

fn zone(ctx: &mut Ctx, def: &ZoneDef, board: &Board, players: u8) -> Zone {
    if !def.fields.is_empty() && !def.groups.is_empty() {
        ctx.error("a zone has `fields` or `groups`, not both");
    }
    let given = [def.mirror, def.p2.is_some(), !def.each.is_empty()].iter().filter(|&&g| g).count();
    if given > 1 {
        ctx.error("a zone has one of `mirror: true`, `p2` and `each`, not several");
    }
    if def.p2.is_some() && players != 2 {
        ctx.at(Seg::Field("p2"), |ctx| {
            ctx.error(format!("`p2` is for games of two; with {players} players use `each`"));
        });
    }
    let ids = |ctx: &mut Ctx, list: &[String]| -> Vec<FieldId> {
        ctx.find_all("field", list, board.names()).into_iter().map(|f| f as FieldId).collect()
    };
    let groups: Vec<Vec<FieldId>> = if def.groups.is_empty() {
        vec![ctx.at(Seg::Field("fields"), |ctx| ids(ctx, &def.fields))]
    } else {
        ctx.at(Seg::Field("groups"), |ctx| {
            def.groups.iter().enumerate().map(|(i, g)| ctx.at(Seg::Index(i), |ctx| ids(ctx, g))).collect()
        })
    };
    let versions: Vec<Vec<Vec<FieldId>>> = if !def.each.is_empty() {
        if def.each.len() != usize::from(players) || !def.fields.is_empty() || !def.groups.is_empty() {
            ctx.at(Seg::Field("each"), |ctx| {
                ctx.error(format!("`each` lists one version per player ({players}), instead of `fields` or `groups`"));
            });
        }
        ctx.at(Seg::Field("each"), |ctx| {
            (0..usize::from(players))
                .map(|p| {
                    vec![def.each.get(p).map_or_else(Vec::new, |list| ctx.at(Seg::Index(p), |ctx| ids(ctx, list)))]
                })
                .collect()
        })
    } else {
        (0..players)
            .map(|p| match (&def.p2, def.mirror) {
                (Some(p2), false) if p == 1 => vec![ctx.at(Seg::Field("p2"), |ctx| ids(ctx, p2))],
                (None, true) if p > 0 => groups
                    .iter()
                    .map(|g| {
                        g.iter()
                            .filter_map(|&f| {
                                let r = board.turned(f, p, players);
                                if r.is_none() {
                                    ctx.error(format!(
                                        "field {:?} has no counterpart when the board is turned by {p}/{players} of a turn",
                                        board.name(f)
                                    ));
                                }
                                r
                            })
                            .collect()
                    })
                    .collect(),
                _ => groups.clone(),
            })
            .collect()
    };
    let set = |gs: &[Vec<FieldId>]| {
        let mut s = FieldSet::new(board.len());
        gs.iter().flatten().for_each(|&f| s.insert(f));
        s
    };
    Zone { name: def.name.clone(), members: versions.iter().map(|v| set(v)).collect(), groups: versions }
}
