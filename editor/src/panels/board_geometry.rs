//! Where the board's parts go: the fields' places and size in the panel,
//! the field names, a stack's count badge and the last move's arrow. Pure
//! geometry, so that tests can check that a badge never covers a name and an
//! arrow has one head (issue 47).

use egui::{FontId, Pos2, Rect, Shape, Stroke, Vec2};
use tabula::{Board, FieldId};

/// The board fitted into a rectangle of the panel: each field a square
/// `cell` wide, centred on its drawing position.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    pub cell: f32,
    origin: Pos2,
    low: (f32, f32),
}

impl Layout {
    pub fn new(board: &Board, rect: Rect) -> Layout {
        let ((x0, y0), (x1, y1)) = board.bounds();
        let (cols, rows) = (x1 - x0 + 1.0, y1 - y0 + 1.0);
        let cell = ((rect.width() - 16.0) / cols).min((rect.height() - 16.0) / rows).max(8.0);
        let origin = rect.center() - Vec2::new(cols * cell, rows * cell) / 2.0;
        Layout { cell, origin, low: (x0, y0) }
    }

    /// The centre of a field.
    pub fn centre(&self, board: &Board, f: FieldId) -> Pos2 {
        let (x, y) = board.position(f);
        self.origin + Vec2::new((x - self.low.0 + 0.5) * self.cell, (y - self.low.1 + 0.5) * self.cell)
    }

    /// The square drawn for a field.
    pub fn field_rect(&self, board: &Board, f: FieldId) -> Rect {
        Rect::from_center_size(self.centre(board, f), Vec2::splat(self.cell * 0.9))
    }
}

/// The font of the field names on a board of this cell size.
pub fn name_font(cell: f32) -> FontId {
    FontId::proportional((cell * 0.16).max(8.0))
}

/// Where a field's name of this size is drawn: in the field's bottom left
/// corner (pieces stand in the middle, the badge in the top left).
pub fn name_at(field: Rect, size: Vec2, cell: f32) -> Rect {
    Rect::from_min_size(field.left_bottom() + Vec2::new(cell * 0.06, -cell * 0.04 - size.y), size)
}

/// A stack's count badge: its centre and radius, in the top left corner of
/// the field centred on `c`, away from the name.
pub fn badge(c: Pos2, cell: f32) -> (Pos2, f32) {
    (c + Vec2::new(-cell * 0.3, -cell * 0.3), cell * 0.12)
}

/// The last move's arrow from `from` to `to`: a line and one head of a
/// size set by the cell, not by the line's length (egui's arrow scales its
/// head with the line: a long move's head looked like more arrows).
pub fn arrow(from: Pos2, to: Pos2, cell: f32, stroke: Stroke) -> [Shape; 2] {
    let dir = (to - from).normalized();
    let head = (cell * 0.22).clamp(6.0, 18.0);
    let back = to - dir * head;
    let side = dir.rot90() * head * 0.5;
    [
        Shape::line_segment([from, back], stroke),
        Shape::convex_polygon(vec![to, back + side, back - side], stroke.color, Stroke::NONE),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::{Options, shipped};

    /// The size of each field's name as the board draws it, measured with egui's own fonts.
    fn name_sizes(board: &Board, cell: f32) -> Vec<Vec2> {
        let ctx = egui::Context::default();
        let mut sizes = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            sizes = board
                .fields()
                .map(|f| ui.painter().layout_no_wrap(board.name(f).to_string(), name_font(cell), egui::Color32::BLACK))
                .map(|g| g.size())
                .collect();
        });
        // The fonts' textures are not drawn anywhere: said so, as egui asks.
        output.textures_delta.clear();
        sizes
    }

    /// Kalah's count badges (its pits hold many seeds) stay off the pits'
    /// names and inside their pits, at small and large window sizes; so do
    /// those of other games with stacks.
    #[test]
    fn a_count_badge_never_covers_a_field_s_name() {
        for game in ["traditional/kalah", "traditional/lasca", "traditional/ludo", "senet"] {
            let game = shipped::game(game, &Options::new()).expect("compiles");
            let board = game.board();
            for (w, h) in [(420.0, 300.0), (640.0, 480.0), (900.0, 600.0), (1600.0, 1000.0)] {
                let layout = Layout::new(board, Rect::from_min_size(Pos2::ZERO, Vec2::new(w, h)));
                let sizes = name_sizes(board, layout.cell);
                for f in board.fields() {
                    let field = layout.field_rect(board, f);
                    let name = name_at(field, sizes[usize::from(f)], layout.cell);
                    let (c, r) = badge(layout.centre(board, f), layout.cell);
                    let disc = Rect::from_center_size(c, Vec2::splat(2.0 * r));
                    let what = format!("{} field {} at {w}x{h}", game.name(), board.name(f));
                    assert!(!disc.intersects(name), "{what}: the badge {disc:?} covers the name {name:?}");
                    assert!(field.contains_rect(disc), "{what}: the badge {disc:?} leaves the field {field:?}");
                    assert!(
                        name.min.y >= field.min.y && name.max.y <= field.max.y && name.min.x >= field.min.x,
                        "{what}: the name {name:?} leaves the field {field:?}"
                    );
                }
            }
        }
    }

    /// One head whatever the move's length: a line that stops where the head
    /// starts, and one triangle, its tip at the target, its size set by the cell.
    #[test]
    fn the_last_move_s_arrow_has_one_head_of_a_fixed_size() {
        let stroke = Stroke::new(3.0, egui::Color32::BLUE);
        for cell in [20.0, 60.0, 140.0] {
            for length in [1.0, 3.0, 7.0] {
                let (from, to) = (Pos2::new(10.0, 10.0), Pos2::new(10.0, 10.0) + Vec2::new(0.6, 0.8) * cell * length);
                let [line, head] = arrow(from, to, cell, stroke);
                let Shape::LineSegment { points: [a, b], .. } = line else { panic!("a line: {line:?}") };
                let Shape::Path(path) = head else { panic!("a head: {head:?}") };
                assert!(path.closed && path.points.len() == 3, "one triangle: {path:?}");
                assert_eq!(path.points[0], to, "its tip at the target");
                let base = (path.points[1] + path.points[2].to_vec2()) / 2.0;
                assert!(a == from && b.distance(base) < 0.01, "the line stops at the head: {a:?} {b:?} {base:?}");
                let size = base.distance(to);
                assert!((5.99..=18.01).contains(&size), "a head of {size} px for a cell of {cell}");
                assert!((size - (cell * 0.22).clamp(6.0, 18.0)).abs() < 0.01, "set by the cell, not the length");
            }
        }
    }
}
