//! Boards, field types and zones as written.

use super::{CondDef, Num};
use serde::{Deserialize, Serialize};

/// Where the fields and links come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoardDef {
    /// A rectangular grid. `links` are direction names (`"N"`, `"NE"`, ... or the
    /// groups `"Orthogonal"`, `"Diagonal"`, `"All"`); a link exists from a field
    /// to its neighbour in each listed direction. Directions in `wrap` go
    /// around the edges as on a torus. `holes` are left out. `cols` and `rows`
    /// are whole numbers or an integer option's value (`Opt("size")`).
    Grid {
        cols: Num,
        rows: Num,
        links: Vec<String>,
        #[serde(default)]
        wrap: Vec<String>,
        /// Directions that wrap where a condition on options holds.
        #[serde(default)]
        wrap_when: Vec<WrapDef>,
        #[serde(default)]
        holes: Vec<String>,
        #[serde(default)]
        names: Naming,
        /// Which fields have the diagonal links.
        #[serde(default)]
        diagonals: Diagonals,
    },
    /// Fields and links listed one by one.
    Graph { fields: Vec<FieldDef>, links: Vec<LinkDef> },
    /// A numbered track of `length` fields named `first`, `first + 1`, ...,
    /// drawn in rows of `cols` that turn back at each end (boustrophedon), top
    /// row first, left to right. Each field links to the next in direction
    /// `next` and to the one before in direction `prev`.
    Track {
        length: u16,
        cols: u16,
        #[serde(default = "one")]
        first: u16,
        #[serde(default = "next")]
        next: String,
        #[serde(default = "prev")]
        prev: String,
    },
}

fn one() -> u16 {
    1
}

fn next() -> String {
    "next".into()
}

fn prev() -> String {
    "prev".into()
}

/// Which fields of a grid have diagonal links (where `links` has any).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Diagonals {
    /// Every field.
    #[default]
    Every,
    /// Every other field, in a checkerboard pattern that includes the corner
    /// `a1` (column + row even): the boards of Alquerque, Fanorona and
    /// Bagh-Chal, whose diagonal lines cross only on those points.
    Alternate,
}

/// How a grid names its fields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Naming {
    /// Column letter from the left, row number from the bottom: `a1` bottom left.
    #[default]
    Algebraic,
    /// Row letter from the top, column number from the left: `A1` top left.
    LetterRowsFromTop,
}

/// A field of a `Graph` board, with its drawing position (x right, y down).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldDef {
    pub name: String,
    pub at: (f32, f32),
}

/// A link of a `Graph` board: `from` to `to` in direction `dir`; with `back`,
/// also `to` to `from` in that direction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkDef {
    pub from: String,
    pub to: String,
    pub dir: String,
    #[serde(default)]
    pub back: Option<String>,
}

/// A named bundle of field properties, attached to the listed fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldTypeDef {
    pub name: String,
    pub fields: Vec<String>,
    /// Pieces on such a field cannot be captured.
    #[serde(default)]
    pub safe: bool,
    /// The field closes an enclosure (`Enclose`) like an enemy piece,
    /// against the pieces of the players it lists.
    #[serde(default)]
    pub hostile: Option<Hostile>,
    /// Stack limit of the field (0: nothing may end a move there).
    #[serde(default)]
    pub limit: Option<u8>,
    /// A piece leaving the field moves exactly this many steps.
    #[serde(default)]
    pub steps: Option<u8>,
    /// A walk that would end here goes on as many steps again.
    #[serde(default)]
    pub double: bool,
    /// A piece that ends its move here earns its player another throw
    /// (in a phase with a throw).
    #[serde(default)]
    pub again: bool,
    /// A piece that ends its move here is sent on to a field (or along a
    /// link), or to the nearest free field before it (following `back` links; without
    /// `back`, it stays where it landed when the field is taken).
    #[serde(default)]
    pub send_to: Option<SendTo>,
    /// Symbol drawn on the field.
    #[serde(default)]
    pub symbol: Option<String>,
    /// Colour drawn for the field, `"#rrggbb"`.
    #[serde(default)]
    pub colour: Option<String>,
    #[serde(default)]
    pub when: Option<CondDef>,
}

/// Against whose pieces a field acts as an enemy piece in an enclosure, by
/// player number (1-based): while it is empty, and while a piece stands on it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hostile {
    #[serde(default)]
    pub empty: Vec<u8>,
    #[serde(default)]
    pub occupied: Vec<u8>,
}

/// A named set of fields, one version per player. `fields` is player 1's
/// version; with `mirror: true` player k's is the same set turned clockwise
/// (as drawn) by (k - 1)/N of a full turn around the board's centre, in the
/// same order: half a turn in a game of two, quarter turns in a game of four.
/// Else player 2's is `p2`, or every player's is listed in `each` (player 1
/// first, instead of `fields`), or without these all players share `fields`.
/// `groups` orders fields in groups (rows, say) where a rule needs an order.
/// A zone whose `when` (on options) does not hold is left out, so that two
/// zones of one name may stand for two readings of a rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneDef {
    pub name: String,
    #[serde(default)]
    pub when: Option<CondDef>,
    #[serde(default)]
    pub fields: Vec<String>,
    #[serde(default)]
    pub groups: Vec<Vec<String>>,
    #[serde(default)]
    pub mirror: bool,
    #[serde(default)]
    pub p2: Option<Vec<String>>,
    #[serde(default)]
    pub each: Vec<Vec<String>>,
}

/// Where a field sends a piece that lands on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SendTo {
    /// The field to send the piece to; or
    #[serde(default)]
    pub field: Option<String>,
    /// the direction of a link from the field it landed on, to follow to the
    /// field at its other end (a line drawn on the board, a ladder): one
    /// field type then serves every such field.
    #[serde(default)]
    pub along: Option<String>,
    /// The direction to follow from `field` when it is occupied (none: the
    /// piece is not sent on when `field` is taken).
    #[serde(default)]
    pub back: Option<String>,
    /// Where to look for a free field when `field` is taken.
    #[serde(default)]
    pub search: Search,
}

/// Which free field a `send_to` takes when its target is taken: of the fields
/// reached from the target by `back` links, the nearest one or the farthest
/// one (the start of the track).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Search {
    /// The first free field going back from the target.
    #[default]
    NearestBefore,
    /// The first free field counting from the far end of the `back` links
    /// towards the target (on a track: from its first field).
    FromStart,
}

/// Directions that wrap around the edges when a condition on options holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrapDef {
    pub dirs: Vec<String>,
    pub when: CondDef,
}

// --- field patterns (issue 47) ---
/// Colours laid over the fields in turn by their place on the board: a
/// chequered board is two colours. A field's colour is
/// `colours[(column + row) mod colours.len()]`, by its grid coordinates
/// (every field of a `Grid` or a `Track`, and the fields of a `Graph` at
/// whole-number positions), so that `a1` (column 0, row 0) takes the first.
/// A field type's own `colour` is drawn instead where it gives one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatternDef {
    pub colours: Vec<String>,
}
