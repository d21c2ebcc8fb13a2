//! The board: a petgraph graph of fields and direction-labelled links, lowered
//! to a flat neighbour table for the engine.

use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;

/// A field's index on its board. Stable for a compiled game; `NO_FIELD` is none.
pub type FieldId = u16;
/// No field: the end of a link, or a move that has no origin.
pub const NO_FIELD: FieldId = FieldId::MAX;
/// A direction's index in [`Board::dir_names`].
pub type DirId = u8;
/// The most links a board may have, a link and its way back counted once:
/// their ids are `u16`, and `u16::MAX` is none.
pub(crate) const MAX_LINKS: usize = u16::MAX as usize;

/// The board of a compiled game.
#[derive(Debug, Clone)]
pub struct Board {
    /// Fields are nodes (weight: the field id), links are edges (weight: the direction).
    pub graph: DiGraph<FieldId, DirId>,
    names: Vec<String>,
    /// Drawing position of each field, x to the right and y down, in field units.
    positions: Vec<(f32, f32)>,
    /// Grid coordinates (column, row from the bottom) where the board has them.
    coords: Vec<Option<(i16, i16)>>,
    dir_names: Vec<String>,
    /// `neighbours[field * dirs + dir]`: where the link in that direction goes.
    neighbours: Vec<FieldId>,
    /// `link_ids[field * dirs + dir]`: the id of that link without its
    /// direction (a link and its way back share one), for walks.
    link_ids: Vec<u16>,
    links_undirected: usize,
    /// Per direction: whether its links wrap around the edges.
    wrapping: Vec<bool>,
    by_name: HashMap<String, FieldId>,
    by_coord: HashMap<(i16, i16), FieldId>,
}

/// One field as handed to [`Board::new`].
pub(crate) struct NewField {
    pub name: String,
    pub at: (f32, f32),
    pub coord: Option<(i16, i16)>,
}

impl Board {
    /// Builds a board from fields and links `(from, to, direction)`, at most
    /// [`MAX_LINKS`] pairs of fields linked (the compiler refuses more).
    pub(crate) fn new(fields: Vec<NewField>, dir_names: Vec<String>, links: &[(FieldId, FieldId, DirId)]) -> Board {
        let mut graph = DiGraph::with_capacity(fields.len(), links.len());
        for id in 0..fields.len() {
            graph.add_node(id as FieldId);
        }
        let dirs = dir_names.len();
        let mut neighbours = vec![NO_FIELD; fields.len() * dirs];
        let mut link_ids = vec![u16::MAX; fields.len() * dirs];
        let mut undirected: HashMap<(FieldId, FieldId), u16> = HashMap::new();
        for &(from, to, dir) in links {
            graph.add_edge(NodeIndex::new(from.into()), NodeIndex::new(to.into()), dir);
            let slot = usize::from(from) * dirs + usize::from(dir);
            neighbours[slot] = to;
            let next_id = undirected.len() as u16;
            link_ids[slot] = *undirected.entry((from.min(to), from.max(to))).or_insert(next_id);
        }
        debug_assert!(undirected.len() <= MAX_LINKS, "the compiler refuses a board with more links");
        let by_name = fields.iter().enumerate().map(|(i, f)| (f.name.clone(), i as FieldId)).collect();
        let by_coord = fields.iter().enumerate().filter_map(|(i, f)| f.coord.map(|c| (c, i as FieldId))).collect();
        Board {
            graph,
            positions: fields.iter().map(|f| f.at).collect(),
            coords: fields.iter().map(|f| f.coord).collect(),
            names: fields.into_iter().map(|f| f.name).collect(),
            dir_names,
            neighbours,
            link_ids,
            links_undirected: undirected.len(),
            wrapping: vec![false; dirs],
            by_name,
            by_coord,
        }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The fields of a board of up to 64 as one word (its first 64 on a larger one).
    pub(crate) fn word(&self) -> u64 {
        u64::MAX.checked_shr(64u32.saturating_sub(self.names.len() as u32)).unwrap_or(0)
    }

    /// All field ids, in order.
    pub fn fields(&self) -> impl Iterator<Item = FieldId> + use<> {
        0..self.names.len() as FieldId
    }

    pub fn name(&self, field: FieldId) -> &str {
        &self.names[usize::from(field)]
    }

    pub fn field(&self, name: &str) -> Option<FieldId> {
        self.by_name.get(name).copied()
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn position(&self, field: FieldId) -> (f32, f32) {
        self.positions[usize::from(field)]
    }

    pub fn coord(&self, field: FieldId) -> Option<(i16, i16)> {
        self.coords[usize::from(field)]
    }

    pub fn at_coord(&self, coord: (i16, i16)) -> Option<FieldId> {
        self.by_coord.get(&coord).copied()
    }

    pub fn dir_names(&self) -> &[String] {
        &self.dir_names
    }

    pub fn dir(&self, name: &str) -> Option<DirId> {
        self.dir_names.iter().position(|d| d == name).map(|d| d as DirId)
    }

    /// The field one link away in direction `dir`, or `NO_FIELD`.
    #[inline]
    pub fn neighbour(&self, field: FieldId, dir: DirId) -> FieldId {
        self.neighbours[usize::from(field) * self.dir_names.len() + usize::from(dir)]
    }

    /// The id of the link from `field` in direction `dir`, shared with the
    /// link back; ids run from 0 to [`Board::undirected_links`].
    #[inline]
    pub fn link_id(&self, field: FieldId, dir: DirId) -> u16 {
        self.link_ids[usize::from(field) * self.dir_names.len() + usize::from(dir)]
    }

    /// Whether links in direction `dir` wrap around the edges.
    pub fn wraps(&self, dir: DirId) -> bool {
        self.wrapping.get(usize::from(dir)).copied().unwrap_or(false)
    }

    /// How many directions wrap.
    pub fn wrapping_dirs(&self) -> usize {
        self.wrapping.iter().filter(|&&w| w).count()
    }

    pub(crate) fn set_wrapping(&mut self, dir: DirId) {
        self.wrapping[usize::from(dir)] = true;
    }

    /// How many links there are when a link and its way back count as one.
    pub fn undirected_links(&self) -> usize {
        self.links_undirected
    }

    /// Every link as `(from, to, direction)`, for drawing.
    pub fn links(&self) -> impl Iterator<Item = (FieldId, FieldId, DirId)> + '_ {
        self.graph.edge_indices().map(|e| {
            let (a, b) = self.graph.edge_endpoints(e).expect("edge index from this graph");
            (self.graph[a], self.graph[b], self.graph[e])
        })
    }

    /// The field that `field` becomes when the board is turned by half a turn
    /// around the centre of its drawing positions.
    pub fn rotated(&self, field: FieldId) -> Option<FieldId> {
        self.turned(field, 1, 2)
    }

    /// The field that `field` becomes when the board is turned clockwise (as
    /// drawn) by `k` n-ths of a full turn around the centre of its drawing positions.
    pub fn turned(&self, field: FieldId, k: u8, n: u8) -> Option<FieldId> {
        let (min, max) = self.bounds();
        let centre = ((min.0 + max.0) / 2.0, (min.1 + max.1) / 2.0);
        let (x, y) = self.position(field);
        let angle = std::f32::consts::TAU * f32::from(k) / f32::from(n.max(1));
        let (sin, cos) = angle.sin_cos();
        let (dx, dy) = (x - centre.0, y - centre.1);
        let target = (centre.0 + dx * cos - dy * sin, centre.1 + dx * sin + dy * cos);
        self.fields().find(|&f| {
            let (fx, fy) = self.position(f);
            (fx - target.0).abs() < 1e-3 && (fy - target.1).abs() < 1e-3
        })
    }

    /// The smallest and largest drawing coordinates.
    pub fn bounds(&self) -> ((f32, f32), (f32, f32)) {
        let mut min = (f32::MAX, f32::MAX);
        let mut max = (f32::MIN, f32::MIN);
        for &(x, y) in &self.positions {
            min = (min.0.min(x), min.1.min(y));
            max = (max.0.max(x), max.1.max(y));
        }
        (min, max)
    }
}

/// A set of fields as a bit set, for zones and field lists: word `i` holds
/// the fields `64 * i` to `64 * i + 63`, field `f` as bit `f % 64`.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct FieldSet(Vec<u64>);

impl Clone for FieldSet {
    fn clone(&self) -> FieldSet {
        FieldSet(self.0.clone())
    }

    /// Keeps the buffer: states are copied at every search node.
    fn clone_from(&mut self, source: &FieldSet) {
        self.0.clone_from(&source.0);
    }
}

impl FieldSet {
    pub fn new(fields: usize) -> FieldSet {
        FieldSet(vec![0; fields.div_ceil(64)])
    }

    /// Empties the set and sizes it for a board of `fields`, keeping its buffer.
    pub fn reset(&mut self, fields: usize) {
        self.0.clear();
        self.0.resize(fields.div_ceil(64), 0);
    }

    pub fn insert(&mut self, field: FieldId) {
        self.0[usize::from(field) / 64] |= 1 << (field % 64);
    }

    pub fn set(&mut self, field: FieldId, on: bool) {
        if on {
            self.insert(field);
        } else {
            self.0[usize::from(field) / 64] &= !(1 << (field % 64));
        }
    }

    #[inline]
    pub fn contains(&self, field: FieldId) -> bool {
        self.0.get(usize::from(field) / 64).is_some_and(|w| w & (1 << (field % 64)) != 0)
    }

    /// The fields in the set, in field order.
    #[inline]
    pub fn iter(&self) -> Fields<std::iter::Copied<std::slice::Iter<'_, u64>>> {
        fields_in_words(&self.0)
    }

    /// Sets word `i` of the set (see [`FieldSet`]), which must have it.
    pub(crate) fn set_word(&mut self, i: usize, word: u64) {
        self.0[i] = word;
    }

    /// The fields 0 to 63 as one word: the whole set on boards of up to 64 fields.
    #[inline]
    pub(crate) fn first_word(&self) -> u64 {
        self.0.first().copied().unwrap_or(0)
    }

    /// The fields in this set and in the set of `words` (see [`FieldSet`]), in field order.
    #[inline]
    pub(crate) fn common_words<'a>(&'a self, words: &'a [u64]) -> Fields<impl Iterator<Item = u64> + 'a> {
        Fields { words: self.0.iter().zip(words).map(|(a, b)| a & b), read: 0, word: 0 }
    }
}

/// The fields of a set given as its words (see [`FieldSet`]), in field order.
#[inline]
pub(crate) fn fields_in_words(words: &[u64]) -> Fields<std::iter::Copied<std::slice::Iter<'_, u64>>> {
    Fields { words: words.iter().copied(), read: 0, word: 0 }
}

/// The fields of word `w` of a field set (see [`FieldSet`]), lowest first:
/// for bits worked out from sets (a union, a mask) without making a set.
#[inline]
pub(crate) fn fields_of_word(w: usize, mut bits: u64) -> impl Iterator<Item = FieldId> {
    std::iter::from_fn(move || {
        let f = (bits != 0).then(|| (w * 64) as FieldId + bits.trailing_zeros() as FieldId);
        bits &= bits.wrapping_sub(1);
        f
    })
}

/// The `i`th field (from 0, lowest first) of the bits of a board's one word,
/// where it has more than `i`: the lower ones cleared one by one (a count
/// is small; a broadword select cost more).
#[inline(always)]
pub(crate) fn nth_field_of_word(mut bits: u64, i: u32) -> FieldId {
    (0..i).for_each(|_| bits &= bits.wrapping_sub(1));
    bits.trailing_zeros() as FieldId
}

/// The fields of a [`FieldSet`] (or of the words of one), lowest first: one bit scan each.
pub struct Fields<W> {
    words: W,
    /// How many words have been read.
    read: usize,
    /// What is left of the word read last.
    word: u64,
}

impl<W: Iterator<Item = u64>> Iterator for Fields<W> {
    type Item = FieldId;

    #[inline]
    fn next(&mut self) -> Option<FieldId> {
        while self.word == 0 {
            self.word = self.words.next()?;
            self.read += 1;
        }
        let f = ((self.read - 1) * 64) as FieldId + self.word.trailing_zeros() as FieldId;
        self.word &= self.word - 1;
        Some(f)
    }
}
