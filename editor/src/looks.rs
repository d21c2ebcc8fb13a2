//! How the board looks: the colour of each field (its field type's, the
//! ruleset's pattern, or the plain field), and contrast: pieces, letters and
//! field names checked against what they are drawn on (WCAG 2 relative
//! luminance and contrast ratio), with an outline in a contrasting colour
//! where a piece would be lost on its background.

use egui::Color32;
use tabula::{FieldId, Game};

/// A field without a colour of its own.
pub const FIELD_FILL: Color32 = Color32::from_rgb(239, 227, 200);
/// The least contrast of a piece's silhouette against its background (WCAG
/// 1.4.11, non-text contrast): below it a piece gets a halo.
pub const PIECE_CONTRAST: f32 = 3.0;
/// The least contrast of text against its background (WCAG 1.4.3).
pub const TEXT_CONTRAST: f32 = 4.5;
/// Field names: a soft grey where it reads well enough, else these.
const LABEL: Color32 = Color32::from_gray(80);
const LABEL_DARK: Color32 = Color32::from_gray(20);
const LABEL_LIGHT: Color32 = Color32::from_gray(240);

/// The colour a field is drawn in.
pub fn field_fill(game: &Game, field: FieldId) -> Color32 {
    game.field_colour(field).map_or(FIELD_FILL, |[r, g, b]| Color32::from_rgb(r, g, b))
}

/// WCAG 2 relative luminance of a colour, 0 (black) to 1 (white).
pub fn relative_luminance(c: Color32) -> f32 {
    let channel = |v: u8| {
        let s = f32::from(v) / 255.0;
        if s <= 0.040_45 { s / 12.92 } else { ((s + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// WCAG 2 contrast ratio of two colours, 1 (the same) to 21 (black on white).
pub fn contrast_ratio(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Of the colours given, the one that stands out most against `background`.
fn most_contrasting(background: Color32, among: &[Color32]) -> Color32 {
    among.iter().copied().fold(among[0], |best, c| {
        if contrast_ratio(c, background) > contrast_ratio(best, background) { c } else { best }
    })
}

/// The colour of a field's name drawn on `background`: the soft grey where
/// it reads (ratio at least [`TEXT_CONTRAST`]), else near black or near white.
pub fn label_colour(background: Color32) -> Color32 {
    if contrast_ratio(LABEL, background) >= TEXT_CONTRAST {
        LABEL
    } else {
        most_contrasting(background, &[LABEL_DARK, LABEL_LIGHT])
    }
}

/// The outline a piece of colour `piece` needs on `background`: none where
/// it stands out (ratio at least [`PIECE_CONTRAST`]), else a halo in
/// whichever of near black and near white contrasts more with the background.
pub fn halo(piece: Color32, background: Color32) -> Option<Color32> {
    (contrast_ratio(piece, background) < PIECE_CONTRAST)
        .then(|| most_contrasting(background, &[Color32::from_gray(16), Color32::from_gray(250)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luminance_and_contrast_are_wcag_s() {
        assert!((relative_luminance(Color32::BLACK) - 0.0).abs() < 1e-6);
        assert!((relative_luminance(Color32::WHITE) - 1.0).abs() < 1e-6);
        assert!((contrast_ratio(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 1e-3);
        assert!((contrast_ratio(Color32::WHITE, Color32::BLACK) - 21.0).abs() < 1e-3, "symmetric");
        // WCAG's own example: #777777 on white is 4.48:1, just under AA.
        let grey = Color32::from_gray(0x77);
        assert!((contrast_ratio(grey, Color32::WHITE) - 4.48).abs() < 0.01);
    }

    #[test]
    fn black_pieces_on_dark_ground_get_a_light_halo_and_light_ones_on_light_ground_a_dark_one() {
        let black = Color32::from_rgb(0x2b, 0x2b, 0x2b);
        let white = Color32::from_rgb(0xf4, 0xef, 0xe4);
        let dark_panel = Color32::from_gray(27); // egui's dark theme
        let light_panel = Color32::from_gray(248); // egui's light theme
        let halo_on_dark = halo(black, dark_panel).expect("black on a dark panel needs a halo");
        assert!(contrast_ratio(halo_on_dark, dark_panel) >= PIECE_CONTRAST);
        let halo_on_light = halo(white, light_panel).expect("white on a light panel needs a halo");
        assert!(contrast_ratio(halo_on_light, light_panel) >= PIECE_CONTRAST);
        assert_eq!(halo(black, FIELD_FILL), None, "black on the plain field stands out");
        assert_eq!(halo(white, dark_panel), None);
    }

    #[test]
    fn every_shipped_piece_stands_out_on_every_field_or_has_a_halo_that_does() {
        for name in tabula::shipped::names() {
            let game = tabula::shipped::game(name, &tabula::Options::new()).expect("compiles");
            for f in game.board().fields() {
                let ground = field_fill(&game, f);
                assert!(
                    contrast_ratio(label_colour(ground), ground) >= TEXT_CONTRAST,
                    "{name}: the name of {} is hard to read",
                    game.board().name(f)
                );
                for p in 0..game.player_count() {
                    let (fill, _, _) = crate::panels::player_colours(&game, p);
                    if let Some(h) = halo(fill, ground) {
                        assert!(
                            contrast_ratio(h, ground) >= PIECE_CONTRAST,
                            "{name}: halo on {}",
                            game.board().name(f)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_chequered_board_is_drawn_in_its_two_colours() {
        let game = tabula::shipped::game("traditional/english-draughts", &tabula::Options::new()).expect("compiles");
        let at = |name: &str| field_fill(&game, game.board().field(name).expect("a field"));
        assert_eq!(at("a1"), Color32::from_rgb(0xb5, 0x88, 0x63), "a1 dark");
        assert_eq!(at("b1"), Color32::from_rgb(0xf0, 0xd9, 0xb5), "b1 light");
        assert_eq!(at("b2"), at("a1"));
        let plain = tabula::shipped::game("traditional/ur", &tabula::Options::new()).expect("compiles");
        assert_eq!(field_fill(&plain, plain.board().field("b1").expect("b1")), FIELD_FILL);
    }
}
