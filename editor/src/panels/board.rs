//! The board, drawn from the compiled board's field positions: links, field
//! types, pieces and stacks, the pools beside it; the last move, the moves of
//! the piece under the pointer; clicks become moves, or change the position
//! being set up.

use super::board_geometry as geometry;
use super::{Panel, player_colours};
use crate::session::LastMove;
use crate::setup::Brush;
use crate::workbench::{Ask, Workbench};
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Vec2};
use tabula::die::{self, Face};
use tabula::{FieldId, Game, Move, NO_FIELD, Piece, Pool, State};

/// What the player has picked, waiting for a destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Selection {
    #[default]
    None,
    Field(FieldId),
    /// A kind of piece in the hand of the player to move.
    Hand(u8),
}

pub struct BoardPanel {
    selection: Selection,
    /// The position the selection was made in.
    seen: u64,
    /// A zone to show, while its name in the legend is hovered.
    zone: Option<usize>,
    /// The field under the pointer: its piece's moves are shown.
    hovered: Option<FieldId>,
    /// Field names drawn on the board.
    pub coordinates: bool,
    /// A choice inside a move being made (issue 45), and where its field is drawn.
    picker: Option<(super::picker::Picker, Rect)>,
}

impl Default for BoardPanel {
    fn default() -> BoardPanel {
        BoardPanel { selection: Selection::None, seen: 0, zone: None, hovered: None, coordinates: true, picker: None }
    }
}

pub(super) use crate::looks::FIELD_FILL;
pub(super) const FIELD_LINE: Color32 = Color32::from_rgb(138, 122, 90);
const LAST_MOVE: Color32 = Color32::from_rgb(70, 110, 200);
const CAPTURED: Color32 = Color32::from_rgb(200, 50, 40);
/// A field the ruleset marks (`Marked`): a small dot in its corner.
const MARK: Color32 = Color32::from_rgb(150, 80, 170);
const LINK: Color32 = Color32::from_rgb(184, 168, 136);
const SELECTED: Color32 = Color32::from_rgb(232, 180, 0);
const TARGET: Color32 = Color32::from_rgb(46, 158, 79);
/// The most pieces of a stack drawn one above the other.
const MAX_PILE: usize = 3;

impl Panel for BoardPanel {
    fn name(&self) -> &'static str {
        "Board"
    }

    fn ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        if self.seen != bench.ticket() {
            self.selection = Selection::None;
            self.seen = bench.ticket();
            self.picker = None;
        }
        if bench.setup.is_some() {
            return self.setup_ui(ui, bench);
        }
        let game_counters = bench.session.game.counters().any(|(_, per_player)| !per_player);
        let legend_height = 28.0 * (bench.session.game.players().len() + usize::from(game_counters)) as f32 + 34.0;
        let area = ui.available_rect_before_wrap();
        let board_rect = Rect::from_min_max(area.min, Pos2::new(area.max.x, area.max.y - legend_height));
        let targets = self.targets(bench);
        let last = bench.session.last_move();
        let stacks: Vec<Vec<Piece>> =
            bench.session.game.board().fields().map(|f| bench.session.state().stack(f).to_vec()).collect();
        let clicked = self.draw_board(ui, bench, &stacks, board_rect, &targets, last.as_ref());
        if self.picker.is_some() {
            // A click elsewhere on the board puts the choice away.
            self.pick(ui, bench, clicked.is_some());
        } else if let Some(f) = clicked {
            self.click(f, bench);
            if self.picker.is_some() {
                // Drawn at its field from the next frame on.
                ui.ctx().request_repaint();
            }
        }
        ui.scope_builder(
            egui::UiBuilder::new().max_rect(Rect::from_min_max(Pos2::new(area.min.x, board_rect.max.y), area.max)),
            |ui| {
                if let Some(last) = &last {
                    let taken = if last.captured.is_empty() { "" } else { ", captures marked ×" };
                    ui.label(RichText::new(format!("last move: {}{taken}", last.text)).color(LAST_MOVE));
                }
                game_counters_ui(ui, bench);
                marks_ui(ui, bench);
                self.pools(ui, bench);
                self.legend(ui, &bench.session.game);
            },
        );
    }
}

impl BoardPanel {
    /// The fields the current selection (or else the piece under the pointer) can go to.
    fn targets(&self, bench: &Workbench) -> Vec<Move> {
        if !bench.human_to_move() {
            return Vec::new();
        }
        match self.selection {
            Selection::None => self.hovered.map(|f| bench.session.moves_from(f)).unwrap_or_default(),
            Selection::Field(f) => bench.session.moves_from(f),
            Selection::Hand(kind) => bench.session.placements(kind),
        }
    }

    fn click(&mut self, f: FieldId, bench: &mut Workbench) {
        if !bench.human_to_move() || bench.session.state().is_over() {
            return;
        }
        let onto: Vec<Move> = self.targets(bench).into_iter().filter(|m| m.to() == f).collect();
        match onto.len() {
            1 => return bench.play(onto[0]),
            n if n > 1 => {
                // Moves that differ only by a choice inside them: the picker at the field (issue 45).
                let state = bench.session.state();
                match super::picker::Picker::for_moves(&bench.session.game, state, &onto, f) {
                    Some(picker) => self.picker = Some((picker, Rect::NOTHING)),
                    None => bench.ask = Some(Ask::ChooseMove(onto)),
                }
                return;
            }
            _ => {}
        }
        if !bench.session.moves_from(f).is_empty() {
            self.selection = Selection::Field(f);
            return;
        }
        // A field a piece can be put on, when there is one kind to put: put it there.
        let placements: Vec<Move> =
            bench.session.legal().into_iter().filter(|m| m.from() == NO_FIELD && m.to() == f).collect();
        match placements.as_slice() {
            [m] => bench.play(*m),
            [] => self.selection = Selection::None,
            more => bench.ask = Some(Ask::ChooseMove(more.to_vec())),
        }
    }

    /// The picker of a choice inside a move: shown at its field; a move
    /// picked is played; Escape or a click on the board (`away`) cancels.
    fn pick(&mut self, ui: &mut egui::Ui, bench: &mut Workbench, away: bool) {
        let Some((picker, at)) = &mut self.picker else { return };
        let game = bench.session.game.clone();
        match picker.show(ui.ctx(), &game, bench.session.state(), *at) {
            super::picker::Picked::Play(m) => {
                self.picker = None;
                self.selection = Selection::None;
                bench.play(m);
            }
            super::picker::Picked::Cancel => self.picker = None,
            super::picker::Picked::Open if away => self.picker = None,
            super::picker::Picked::Open => {}
        }
    }

    /// Draws links, fields and pieces (the stacks given), the last move and
    /// the targets; returns the field clicked, if any.
    fn draw_board(
        &mut self,
        ui: &mut egui::Ui,
        bench: &Workbench,
        stacks: &[Vec<Piece>],
        rect: Rect,
        targets: &[Move],
        last: Option<&LastMove>,
    ) -> Option<FieldId> {
        let game = &bench.session.game;
        let state = bench.session.state();
        let board = game.board();
        let layout = geometry::Layout::new(board, rect);
        let cell = layout.cell;
        let centre = |f: FieldId| layout.centre(board, f);
        let painter = ui.painter_at(rect);
        for (a, b, _) in board.links() {
            let (pa, pb) = (centre(a), centre(b));
            // Wrap-around links would cross the board: they are left out of the drawing.
            if a < b && pa.distance(pb) < cell * 1.6 {
                painter.line_segment([pa, pb], Stroke::new(2.0, LINK));
            }
        }
        let zone = self.zone.and_then(|z| game.zones().get(z));
        let mut clicked = None;
        let mut hovered = None;
        // The fields' names, drawn last: over pieces, badges and the arrow.
        let mut names = Vec::new();
        for f in board.fields() {
            let c = centre(f);
            let field_rect = layout.field_rect(board, f);
            let props = game.field_props(f);
            let ftype = props.ftype.map(|t| &game.field_types()[usize::from(t)]);
            // The field type's colour, else the ruleset's pattern (issue 47).
            let fill = crate::looks::field_fill(game, f);
            painter.rect_filled(field_rect, cell * 0.08, fill);
            painter.rect_stroke(field_rect, cell * 0.08, Stroke::new(1.0, FIELD_LINE), StrokeKind::Inside);
            if zone.is_some_and(|z| z.contains(state.to_move(), f)) {
                painter.rect_stroke(
                    field_rect,
                    cell * 0.08,
                    Stroke::new(3.0, Color32::from_rgb(70, 110, 200)),
                    StrokeKind::Inside,
                );
            }
            if let Some(symbol) = ftype.and_then(|t| t.symbol.as_deref()) {
                painter.text(
                    field_rect.right_top() + Vec2::new(-cell * 0.1, cell * 0.06),
                    Align2::RIGHT_TOP,
                    symbol,
                    FontId::proportional(cell * 0.2),
                    crate::looks::label_colour(fill),
                );
            }
            let moved = last.is_some_and(|l| l.from == Some(f) || l.to == Some(f));
            if moved {
                painter.rect_stroke(field_rect, cell * 0.08, Stroke::new(3.0, LAST_MOVE), StrokeKind::Inside);
            }
            self.draw_stack(&painter, game, &stacks[usize::from(f)], c, cell, fill);
            if self.coordinates {
                // The field's name over its pieces, on a patch of the field's
                // colour: no piece, pile or badge covers it (issue 47).
                let galley = painter.layout_no_wrap(
                    board.name(f).to_string(),
                    geometry::name_font(cell),
                    crate::looks::label_colour(fill),
                );
                let at = geometry::name_at(field_rect, galley.size(), cell).min;
                names.push((at, galley, fill));
            }
            let mut would_take = false;
            if let Some((picker, at)) = &mut self.picker {
                // The picker's field, and the fields its hovered choice would take (issue 45).
                if picker.field == f {
                    *at = field_rect;
                }
                picker.note_field(f, field_rect);
                would_take = picker.highlighted().contains(&f);
                if would_take {
                    super::picker::ring(&painter, c, cell);
                }
            }
            let captured = last.is_some_and(|l| l.captured.contains(&f));
            if captured {
                let r = cell * 0.22;
                let stroke = Stroke::new(3.0, CAPTURED);
                painter.line_segment([c - Vec2::splat(r), c + Vec2::splat(r)], stroke);
                painter.line_segment([c + Vec2::new(-r, r), c + Vec2::new(r, -r)], stroke);
            }
            if self.selection == Selection::Field(f) {
                painter.rect_stroke(field_rect, cell * 0.08, Stroke::new(3.0, SELECTED), StrokeKind::Inside);
            }
            if targets.iter().any(|m| m.to() == f) {
                painter.circle_filled(c, cell * 0.14, TARGET.gamma_multiply(0.75));
            }
            // The ruleset's marks on the field (issue 44): a dot in its top left corner, named on hover.
            let mark_names = game.marks_at(state, f);
            let marked = format!("marked {}", mark_names.join(", "));
            if !mark_names.is_empty() {
                let at = field_rect.left_top() + Vec2::splat(cell * 0.14);
                painter.circle(at, cell * 0.07, MARK, Stroke::new(1.0, FIELD_LINE));
            }
            let response = ui.interact(field_rect, ui.scope_id().with(("field", f)), Sense::click());
            let name = board.name(f).to_string();
            // What the field shows besides its pieces, for screen readers and tests.
            let mut marks = Vec::new();
            if last.is_some_and(|l| l.from == Some(f)) {
                marks.push("last move from here");
            }
            if last.is_some_and(|l| l.to == Some(f)) {
                marks.push("last move to here");
            }
            if captured {
                marks.push("captured");
            }
            if targets.iter().any(|m| m.to() == f) {
                marks.push("a legal target");
            }
            if !mark_names.is_empty() {
                marks.push(marked.as_str());
            }
            if would_take {
                marks.push("taken by the choice under the pointer");
            }
            let height = stacks[usize::from(f)].len();
            let pieces = match height {
                0 => "empty".to_string(),
                1 => "one piece".to_string(),
                n => format!("a stack of {n}"),
            };
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::labeled(egui::Role::Button, true, format!("field {name}"));
                info.current_text_value =
                    Some(std::iter::once(pieces.as_str()).chain(marks.iter().copied()).collect::<Vec<_>>().join(", "));
                info
            });
            let response = if mark_names.is_empty() { response } else { response.on_hover_text(&marked) };
            if response.hovered() {
                hovered = Some(f);
            }
            if response.clicked() {
                clicked = Some(f);
            }
        }
        if let Some((from, to)) = last.and_then(|l| l.from.zip(l.to)).filter(|(a, b)| a != b) {
            let (a, b) = (centre(from), centre(to));
            let stroke = Stroke::new(3.0, LAST_MOVE.gamma_multiply(0.8));
            painter.extend(geometry::arrow(a, a + (b - a) * 0.85, cell, stroke));
        }
        for (at, galley, fill) in names {
            painter.rect_filled(Rect::from_min_size(at, galley.size()).expand(1.0), 2.0, fill);
            painter.galley(at, galley, Color32::PLACEHOLDER);
        }
        self.hovered = hovered;
        clicked
    }

    /// Setting up a position: a palette of pieces and tools above the
    /// board, whose turn and the throw, and the way back to play.
    fn setup_ui(&mut self, ui: &mut egui::Ui, bench: &mut Workbench) {
        let game = bench.session.game.clone();
        let Some(mut setup) = bench.setup.take() else { return };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Set up a position:").strong());
            // Only the game's pieces: the kinds each player can have (issue 47);
            // nobody's pieces (seeds) once.
            for (kind, owner) in crate::setup::palette(&game) {
                let brush = Brush::Put { kind, owner };
                let kind = &game.kinds()[usize::from(kind)].name;
                let words = match game.players().get(usize::from(owner)) {
                    Some(name) => format!("put {name} {kind}"),
                    None => format!("put {kind}"),
                };
                ui.selectable_value(&mut setup.brush, brush, words);
            }
            ui.selectable_value(&mut setup.brush, Brush::Remove, "take off");
            ui.selectable_value(&mut setup.brush, Brush::Flip, "turn over");
            if ui.button("Clear the board").clicked() {
                setup.clear();
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("to move:");
            egui::ComboBox::from_id_salt("setup-to-move")
                .selected_text(game.players()[usize::from(setup.to_move)].as_str())
                .show_ui(ui, |ui| {
                    for (p, name) in game.players().iter().enumerate() {
                        ui.selectable_value(&mut setup.to_move, p as u8, name.as_str());
                    }
                })
                .response
                .labelled_by(label.id);
            if game.phase_names().nth(1).is_some() {
                let label = ui.label("phase:");
                let mut phase = setup.phase(&game).to_string();
                egui::ComboBox::from_id_salt("setup-phase")
                    .selected_text(phase.as_str())
                    .show_ui(ui, |ui| {
                        for name in game.phase_names() {
                            ui.selectable_value(&mut phase, name.to_string(), name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                setup.set_phase(&phase);
            }
            let mut thrown = setup.throw.is_some();
            if ui.checkbox(&mut thrown, "a throw was made:").changed() {
                setup.throw = thrown.then_some(1);
            }
            if let Some(t) = &mut setup.throw {
                ui.add(egui::DragValue::new(t).range(0..=60)).on_hover_text("the value of the throw to play");
            }
        });
        pool_setup_ui(ui, &game, &mut setup);
        let checked = setup.state(&game);
        let mut done = false;
        ui.horizontal(|ui| {
            if ui.add_enabled(checked.is_some(), egui::Button::new("Play from here")).clicked() {
                if let Some(state) = checked {
                    bench.play_from(state);
                    done = true;
                }
            }
            if ui.button("Cancel set-up").clicked() {
                done = true;
            }
        });
        for problem in &setup.problems {
            ui.colored_label(CAPTURED, problem);
        }
        let area = ui.available_rect_before_wrap();
        if let Some(f) = self.draw_board(ui, bench, &setup.stacks, area, &[], None) {
            setup.click(&game, f);
        }
        if !done {
            bench.setup = Some(setup);
        }
    }

    fn draw_stack(&self, painter: &egui::Painter, game: &Game, stack: &[Piece], c: Pos2, cell: f32, ground: Color32) {
        let step = cell * 0.07;
        // A pile shows at most its top few pieces, so that it stays on its
        // field and off the field's name; the badge gives the count (issue 47).
        let shown = &stack[stack.len().saturating_sub(MAX_PILE)..];
        for (i, p) in shown.iter().enumerate() {
            let at = c - Vec2::new(0.0, step * i as f32) + Vec2::new(0.0, step * (shown.len() as f32 - 1.0) / 2.0);
            draw_piece(painter, game, p, at, cell * 0.66, ground);
        }
        if stack.len() > 1 {
            let (badge, radius) = geometry::badge(c, cell);
            painter.circle_filled(badge, radius, Color32::from_rgb(60, 60, 60));
            painter.text(badge, Align2::CENTER_CENTER, stack.len(), FontId::proportional(cell * 0.15), Color32::WHITE);
        }
    }

    /// Hands, prisoners and borne-off pieces of every player; a piece in the
    /// hand of the player to move can be picked up.
    fn pools(&mut self, ui: &mut egui::Ui, bench: &Workbench) {
        let game = &bench.session.game;
        let state = bench.session.state();
        for player in 0..game.player_count() {
            ui.horizontal(|ui| {
                let (swatch, _) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
                let ground = ui.visuals().panel_fill;
                draw_piece(ui.painter(), game, &Piece::new(0, player), swatch.center(), 17.0, ground);
                let name = &game.players()[usize::from(player)];
                if player == state.to_move() && !state.is_over() {
                    ui.label(RichText::new(format!("{name} (to move)")).strong().underline());
                } else {
                    ui.label(RichText::new(name).strong());
                }
                for pool in Pool::ALL {
                    let pieces = pool_pieces(game, state, pool, player);
                    if pieces.is_empty() {
                        continue;
                    }
                    ui.label(format!("{}:", pool.name()));
                    for (kind, owner, n) in pieces {
                        let text = format!("{} ×{n}", game.piece_text(&tabula::Piece::new(kind, owner)));
                        let can_place = pool == Pool::Hand
                            && player == state.to_move()
                            && !bench.session.placements(kind).is_empty();
                        let selected = self.selection == Selection::Hand(kind) && player == state.to_move();
                        if can_place {
                            if ui
                                .selectable_label(selected, text)
                                .on_hover_text("pick this piece, then a lit field")
                                .clicked()
                            {
                                self.selection = Selection::Hand(kind);
                            }
                        } else {
                            ui.label(text);
                        }
                    }
                }
                // The player's counters (issue 44), each by name.
                for (i, (counter, per_player)) in game.counters().enumerate() {
                    if per_player {
                        ui.label(format!("{counter}: {}", game.counter_value(state, i, player)));
                    }
                }
            });
        }
    }

    fn legend(&mut self, ui: &mut egui::Ui, game: &Game) {
        ui.horizontal_wrapped(|ui| {
            for t in game.field_types().iter().filter(|t| !t.fields.is_empty()) {
                let (rect, _) = ui.allocate_exact_size(Vec2::splat(12.0), Sense::hover());
                let fill = t.colour.map_or(FIELD_FILL, |[r, g, b]| Color32::from_rgb(r, g, b));
                ui.painter().rect_filled(rect, 2.0, fill);
                ui.painter().rect_stroke(rect, 2.0, Stroke::new(1.0, FIELD_LINE), StrokeKind::Inside);
                let symbol = t.symbol.as_deref().map(|s| format!(" {s}")).unwrap_or_default();
                ui.label(format!("{}{symbol}", t.name));
            }
            self.zone = None;
            if !game.zones().is_empty() {
                ui.label("zones:");
                for (i, z) in game.zones().iter().enumerate() {
                    if ui
                        .label(egui::RichText::new(&z.name).underline())
                        .on_hover_text("shown on the board (for the player to move)")
                        .hovered()
                    {
                        self.zone = Some(i);
                    }
                }
            }
        });
    }
}

/// The marks in force, each by name with the fields it is on, so that the
/// dots on the board can be read without hovering over each field.
fn marks_ui(ui: &mut egui::Ui, bench: &Workbench) {
    let game = &bench.session.game;
    let state = bench.session.state();
    let mut on: Vec<(&str, Vec<&str>)> = Vec::new();
    for f in game.board().fields() {
        for name in game.marks_at(state, f) {
            match on.iter_mut().find(|(n, _)| *n == name) {
                Some((_, fields)) => fields.push(game.board().name(f)),
                None => on.push((name, vec![game.board().name(f)])),
            }
        }
    }
    if on.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(12.0), Sense::hover());
        ui.painter().circle(rect.center(), 4.0, MARK, Stroke::new(1.0, FIELD_LINE));
        let line: Vec<String> = on.iter().map(|(name, fields)| format!("{name}: {}", fields.join(" "))).collect();
        ui.label(format!("marked   {}", line.join("   ")));
    });
}

/// The counters of the game (one value for the game), each by name and
/// value, on one line (the per-player ones stand in each player's line).
fn game_counters_ui(ui: &mut egui::Ui, bench: &Workbench) {
    let game = &bench.session.game;
    let state = bench.session.state();
    let line: Vec<String> = (game.counters().enumerate())
        .filter(|(_, (_, per_player))| !per_player)
        .map(|(i, (name, _))| format!("{name}: {}", game.counter_value(state, i, 0)))
        .collect();
    if !line.is_empty() {
        ui.label(line.join("   "));
    }
}

fn pool_pieces(game: &Game, state: &State, pool: Pool, holder: u8) -> Vec<(u8, u8, u16)> {
    (0..game.kinds().len() as u8)
        .flat_map(|k| (0..game.player_count()).map(move |o| (k, o)))
        .map(|(k, o)| (k, o, state.pool(pool, holder, k, o)))
        .filter(|&(_, _, n)| n > 0)
        .collect()
}

/// One piece: a disc in its owner's colour with its kind's letter; a closed
/// piece shows its blank side; a die shows its top and, small, its north and east faces.
/// Where the piece's colour is lost on `ground` (what it is drawn on), a halo
/// in a contrasting colour rings it (issue 47).
pub fn draw_piece(painter: &egui::Painter, game: &Game, p: &Piece, at: Pos2, size: f32, ground: Color32) {
    let (fill, line, text) = player_colours(game, p.owner);
    let halo = crate::looks::halo(fill, ground);
    let kind = &game.kinds()[usize::from(p.kind)];
    if kind.die.is_some() {
        let rect = Rect::from_center_size(at, Vec2::splat(size * 0.9));
        if let Some(halo) = halo {
            painter.rect_stroke(rect, size * 0.15, Stroke::new(size * 0.06, halo), StrokeKind::Outside);
        }
        painter.rect_filled(rect, size * 0.15, fill);
        painter.rect_stroke(rect, size * 0.15, Stroke::new(1.5, line), StrokeKind::Inside);
        painter.text(at, Align2::CENTER_CENTER, die::face(p.orient, Face::Top), FontId::proportional(size * 0.5), text);
        let small = FontId::proportional(size * 0.22);
        painter.text(
            rect.center_top() + Vec2::new(0.0, size * 0.04),
            Align2::CENTER_TOP,
            die::face(p.orient, Face::North),
            small.clone(),
            text.gamma_multiply(0.7),
        );
        painter.text(
            rect.right_center() - Vec2::new(size * 0.05, 0.0),
            Align2::RIGHT_CENTER,
            die::face(p.orient, Face::East),
            small,
            text.gamma_multiply(0.7),
        );
    } else {
        if let Some(halo) = halo {
            painter.circle_filled(at, size / 2.0 + size * 0.07, halo);
        }
        painter.circle_filled(at, size / 2.0, fill);
        painter.circle_stroke(at, size / 2.0, Stroke::new(1.5, line));
        if p.flipped {
            // The blank side up: no letter, a ring.
            painter.circle_stroke(at, size * 0.3, Stroke::new(2.0, line.gamma_multiply(0.6)));
        } else {
            painter.text(at, Align2::CENTER_CENTER, kind.letter, FontId::proportional(size * 0.5), text);
        }
    }
    if p.mark {
        painter.circle_filled(at + Vec2::new(-size * 0.35, -size * 0.35), size * 0.1, SELECTED);
    }
}

/// Setting up a pool of dice, where the game throws one (issue 45): each
/// die's value and whether it is spent, dice added and taken away.
fn pool_setup_ui(ui: &mut egui::Ui, game: &Game, setup: &mut crate::setup::Setup) {
    let (faces, _) = game.pool_faces();
    let (Some(&low), Some(&high)) = (faces.first(), faces.last()) else { return };
    ui.horizontal_wrapped(|ui| {
        ui.label("dice thrown:").on_hover_text("this turn's pool: the values left to play, and those spent");
        let mut remove = None;
        for (i, (value, spent)) in setup.pool.iter_mut().enumerate() {
            let label = ui.label(format!("die {}", i + 1));
            ui.add(egui::DragValue::new(value).range(low..=high)).labelled_by(label.id);
            ui.checkbox(spent, "spent");
            if ui.small_button("remove").on_hover_text("take this die away").clicked() {
                remove = Some(i);
            }
        }
        if let Some(i) = remove {
            setup.pool.remove(i);
        }
        if setup.pool.len() < tabula::MOST_DICE && ui.button("add a die").clicked() {
            setup.add_die(game);
        }
    });
}
