//! The picker for a choice inside a move (issue 45): where the moves onto a
//! field differ only by what they choose (the kind a promoted piece becomes,
//! `e7-e8=N`; the capture run taken, Fanorona's `c3-d3/A` or `/W`), a small
//! panel at that field offers each choice: a kind drawn as the piece it
//! becomes, a capture run as a button named by the ruleset's label, the
//! fields it would take ringed on the board while the pointer is on it.
//! Built from the moves' choice data ([`Game::move_choice`]), never from a
//! game's name. Escape, or a click elsewhere on the board, cancels.

use egui::{Color32, Pos2, Rect, RichText, Sense, Stroke, Vec2};
use tabula::{FieldId, Game, Move, MoveChoice, NO_FIELD, Piece, State};

/// One choice offered: its move, and the fields the move would take a piece from.
struct Option_ {
    m: Move,
    captures: Vec<FieldId>,
}

/// A choice to make between moves onto one field.
pub struct Picker {
    /// The field the moves land on (the picker is drawn there).
    pub field: FieldId,
    options: Vec<Option_>,
    /// The option under the pointer in the last frame.
    hovered: Option<usize>,
    /// Where the fields some choice would take are drawn (this frame): the
    /// picker stands off them, so that the ring of each can be seen.
    avoid: Vec<Rect>,
    /// The picker's size when last drawn.
    size: Vec2,
}

/// What the player did with the picker this frame.
pub enum Picked {
    Open,
    Play(Move),
    Cancel,
}

impl Picker {
    /// A picker for `moves`, the legal moves of `state` onto `field`, where
    /// they differ only by a choice: all from one field, each with a choice.
    pub fn for_moves(game: &Game, state: &State, moves: &[Move], field: FieldId) -> Option<Picker> {
        let from = moves.first()?.from();
        if moves.len() < 2 || moves.iter().any(|&m| m.from() != from || game.move_choice(m).is_none()) {
            return None;
        }
        let options = moves.iter().map(|&m| Option_ { m, captures: captures(game, state, m) }).collect();
        Some(Picker { field, options, hovered: None, avoid: Vec::new(), size: Vec2::new(160.0, 90.0) })
    }

    /// Notes where field `f` is drawn, before the picker is shown: a field
    /// some choice would take is one the picker keeps clear of.
    pub fn note_field(&mut self, f: FieldId, rect: Rect) {
        if self.options.iter().any(|o| o.captures.contains(&f)) {
            self.avoid.push(rect);
        }
    }

    /// Where the picker stands beside the field drawn at `at`: right of it,
    /// else left, below or above, the first that covers none of the fields a
    /// choice would take (else the one that covers fewest).
    fn place(&self, at: Rect) -> Pos2 {
        let gap = 4.0;
        let spots = [
            at.right_top() + Vec2::new(gap, 0.0),
            at.left_top() - Vec2::new(self.size.x + gap, 0.0),
            at.left_bottom() + Vec2::new(0.0, gap),
            at.left_top() - Vec2::new(0.0, self.size.y + gap),
        ];
        let covered = |p: &Pos2| self.avoid.iter().filter(|r| r.intersects(Rect::from_min_size(*p, self.size))).count();
        spots.into_iter().min_by_key(covered).unwrap_or(spots[0])
    }

    /// The fields the option under the pointer would take pieces from.
    pub fn highlighted(&self) -> &[FieldId] {
        self.hovered.and_then(|i| self.options.get(i)).map_or(&[], |o| &o.captures)
    }

    /// Shows the picker beside `at` (the field's rect on the screen).
    pub fn show(&mut self, ctx: &egui::Context, game: &Game, state: &State, at: Rect) -> Picked {
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            return Picked::Cancel;
        }
        let size = (at.width() * 0.7).clamp(30.0, 60.0);
        let mut picked = Picked::Open;
        let mut hovered = None;
        let texts = game.move_texts(&self.options.iter().map(|o| o.m).collect::<Vec<_>>());
        let shown = egui::Area::new(egui::Id::unique("move-choice-picker"))
            .order(egui::Order::Foreground)
            .fixed_pos(self.place(at))
            .constrain(true)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let from = game.board().name(self.options[0].m.from());
                    let to = game.board().name(self.field);
                    ui.label(RichText::new(format!("{from}-{to}: choose")).strong());
                    ui.horizontal(|ui| {
                        for (i, (o, text)) in self.options.iter().zip(&texts).enumerate() {
                            let response = match game.move_choice(o.m) {
                                Some(MoveChoice::Becomes(kind)) => piece_button(ui, game, state, kind, size),
                                Some(MoveChoice::Run(label)) => {
                                    let taken = o.captures.len();
                                    ui.button(RichText::new(format!("{label} (takes {taken})")).size(16.0))
                                }
                                None => ui.button(text),
                            };
                            let response = response.on_hover_text(text);
                            if response.hovered() {
                                hovered = Some(i);
                            }
                            if response.clicked() {
                                picked = Picked::Play(o.m);
                            }
                        }
                    });
                    if ui.small_button("Cancel").on_hover_text("or press Escape").clicked() {
                        picked = Picked::Cancel;
                    }
                });
            });
        self.hovered = hovered;
        self.size = shown.response.rect.size();
        self.avoid.clear();
        picked
    }
}

/// A button showing the piece of `kind` the player to move would have, in
/// the board's own looks; named by the kind for screen readers and tests.
fn piece_button(ui: &mut egui::Ui, game: &Game, state: &State, kind: u8, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::click());
    let ground = if response.hovered() { ui.visuals().widgets.hovered.bg_fill } else { ui.visuals().panel_fill };
    ui.painter().rect_filled(rect, 4.0, ground);
    if response.hovered() {
        ui.painter().rect_stroke(rect, 4.0, Stroke::new(2.0, Color32::from_rgb(232, 180, 0)), egui::StrokeKind::Inside);
    }
    let piece = Piece::new(kind, state.to_move());
    super::board::draw_piece(ui.painter(), game, &piece, rect.center(), size * 0.8, ground);
    let name = game.kinds().get(usize::from(kind)).map_or("?", |k| k.name.as_str()).to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, format!("becomes {name}")));
    response
}

/// The fields where `m` would take a piece of another player than the mover
/// (played on a copy of `state`).
fn captures(game: &Game, state: &State, m: Move) -> Vec<FieldId> {
    let Ok(after) = game.play(state.clone(), m) else { return Vec::new() };
    let mover = state.to_move();
    let others = |s: &State, f: FieldId| s.stack(f).iter().filter(|p| p.owner != mover).count();
    game.board().fields().filter(|&f| f != NO_FIELD && others(&after, f) < others(state, f)).collect()
}

/// The ring drawn on a field the hovered choice would capture.
pub fn ring(painter: &egui::Painter, centre: Pos2, cell: f32) {
    painter.circle_stroke(centre, cell * 0.38, Stroke::new(4.0, Color32::from_rgb(200, 50, 40)));
}
