//! Tables the compiler works out for the fast paths: where a piece may
//! land by what tops a field, where runs, dice and sowings end, where a
//! placed piece falls.

use super::*;

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

/// Where a rule's moves may land, by who owns the top of the field: bits of
/// the fields (see [`LandingMasks::bits`]).
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

/// A rule's landing masks per field ([`Landing`])
/// turned round, for a board of up to 64 fields: per class of what tops a
/// field, the fields where a piece may land on such a top; and whether the
/// field must have room for it too (a rule that stacks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LandingWords {
    by_class: [u64; 8],
    room: bool,
}

/// Whether landing words ask for room on the field too ([`LandingWords::new`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Room {
    /// Not asked: a piece that lands displaces what is there, or needs no room.
    NotAsked,
    /// Asked: the rule stacks, and the field must have room for one more.
    Needed,
}

impl LandingWords {
    /// The words of `masks` (one per field), `None` past 64 fields.
    pub(crate) fn new(masks: &[u8], room: Room) -> Option<LandingWords> {
        if masks.len() > 64 {
            return None;
        }
        let mut by_class = [0u64; 8];
        for (f, &mask) in masks.iter().enumerate() {
            for (c, fields) in by_class.iter_mut().enumerate() {
                *fields |= u64::from(mask >> c & 1) << f;
            }
        }
        Some(LandingWords { by_class, room: room == Room::Needed })
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

/// The jumps of a rule that jumps the next field (not flying) over what a
/// mask of tops says, on a board of up to 64 fields (issue 48: jumps by a
/// table, as steps are): per field, for each of the rule's directions in
/// its order where the field jumped over and the field landed on are on
/// the board (and not the field itself), the bytes `[over, to, dir, 0]`;
/// and the fields whose top may be jumped, by who owns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JumpLines {
    /// `jumps[start[f]..start[f + 1]]` are the jumps from field `f`.
    start: Vec<u32>,
    jumps: Vec<u32>,
    /// What may be jumped over, as the fields of each owner of a top.
    pub over: LandingBits,
    /// Per direction, where every jump along it goes as many fields on
    /// from where it starts (as on a grid numbered row by row); `None`
    /// where some direction's jumps do not (see [`JumpLines::may_jump`]).
    pub shifts: Option<Vec<JumpShift>>,
}

/// The jumps of one direction of a [`JumpLines`] as a shift of words: each
/// goes over the field `by` on from where it starts and lands `2 by` on;
/// the fields they start from. As rotations (`by` modulo 64), so that the
/// bits of those fields are read without a branch on the sign of `by`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JumpShift {
    /// The fields jumps along the direction start from.
    pub from: u64,
    /// `by` and `2 by`, modulo 64.
    pub over: u32,
    pub to: u32,
}

impl JumpLines {
    /// The table of the jumps `jumps(f)` (each `(over, to, dir)`) from every
    /// field `f` below `fields` (at most 64).
    pub(crate) fn new<I: IntoIterator<Item = (FieldId, FieldId, DirId)>>(
        fields: usize,
        over: LandingBits,
        jumps: impl Fn(FieldId) -> I,
    ) -> JumpLines {
        let mut lines = JumpLines { start: vec![0], jumps: Vec::new(), over, shifts: None };
        for f in 0..fields.min(64) as FieldId {
            lines.jumps.extend(jumps(f).into_iter().map(|(at, to, d)| u32::from_le_bytes([at as u8, to as u8, d, 0])));
            lines.start.push(lines.jumps.len() as u32);
        }
        lines.shifts = lines.as_shifts();
        lines
    }

    /// The table's jumps as one [`JumpShift`] per direction, where along
    /// each every jump goes as many fields on (`None` where not).
    fn as_shifts(&self) -> Option<Vec<JumpShift>> {
        let mut by_dir: Vec<(u8, i32, u64)> = Vec::new();
        for f in 0..self.start.len() - 1 {
            for &line in self.from(f as FieldId) {
                let [at, to, dir, _] = line.to_le_bytes();
                let by = i32::from(at) - f as i32;
                if i32::from(to) - f as i32 != 2 * by {
                    return None;
                }
                match by_dir.iter_mut().find(|(d, ..)| *d == dir) {
                    Some((_, b, _)) if *b != by => return None,
                    Some((.., from)) => *from |= 1 << f,
                    None => by_dir.push((dir, by, 1 << f)),
                }
            }
        }
        let rotation = |by: i32| by.rem_euclid(64) as u32;
        Some(by_dir.iter().map(|&(_, by, from)| JumpShift { from, over: rotation(by), to: rotation(2 * by) }).collect())
    }

    /// Of the fields `from`, those with a jump over a field of `over` onto
    /// one of `landable`, where the table is [`JumpShift`]s (a few operations
    /// a direction, whatever the number of pieces: most positions of the
    /// draughts games have no capture); elsewhere all of `from`. The jumps
    /// themselves are read from the table, in its order.
    #[inline(always)]
    pub(crate) fn may_jump(&self, from: u64, over: u64, landable: u64) -> u64 {
        let Some(shifts) = &self.shifts else { return from };
        // (On a field of `j.from`, the rotations read the fields of its jump: no bit wraps round there.)
        shifts.iter().fold(0, |w, j| w | j.from & over.rotate_right(j.over) & landable.rotate_right(j.to)) & from
    }

    /// The jumps from `field`, as `[over, to, dir, 0]`.
    #[inline]
    pub(crate) fn from(&self, field: FieldId) -> &[u32] {
        let f = usize::from(field);
        &self.jumps[self.start[f] as usize..self.start[f + 1] as usize]
    }
}
