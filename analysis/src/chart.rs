//! The analysis plots as data: titled bar charts with axis labels, a legend
//! and 95% intervals. The editor draws them with egui_plot; the same data is
//! written as SVG (and, with the `png` feature, as PNG) for a paper, by the
//! editor and by `tabula compare --plot`.

use super::{Comparison, Results};

/// One bar, with its interval when it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub x: f64,
    pub height: f64,
    pub interval: Option<(f64, f64)>,
}

/// Bars of one variant (one legend entry).
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub colour: [u8; 3],
    pub bars: Vec<Bar>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Names for whole x values (categories); numbers when empty.
    pub categories: Vec<String>,
    pub bar_width: f64,
    pub series: Vec<Series>,
    /// The y axis goes to at least this (1.0 for rates).
    pub y_max: f64,
}

/// Colours that differ at a glance, one per variant.
pub const PALETTE: [[u8; 3]; 6] =
    [[31, 119, 180], [255, 127, 14], [44, 160, 44], [214, 39, 40], [148, 103, 189], [140, 86, 75]];

fn colour(i: usize) -> [u8; 3] {
    PALETTE[i % PALETTE.len()]
}

/// The plots of a comparison: game lengths, win rates by player, and mean
/// length by variant when there are several.
pub fn charts(c: &Comparison, runs: &[Results]) -> Vec<Chart> {
    let mut out = vec![lengths(c, runs), wins(c)];
    if c.reports.len() > 1 {
        out.push(mean_lengths(c));
    }
    out
}

fn lengths(c: &Comparison, runs: &[Results]) -> Chart {
    let longest = runs.iter().flat_map(|r| r.games.iter().map(|g| g.plies)).max().unwrap_or(1).max(1);
    let mut width = 1.0;
    let series = runs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let bins = histogram(r, longest);
            width = bins.first().map_or(1.0, |b| b.2);
            let bars = bins.into_iter().map(|(x, n, _)| Bar { x, height: n, interval: None }).collect();
            Series { name: c.labels[i].clone(), colour: colour(i), bars }
        })
        .collect();
    Chart {
        title: "Game length".into(),
        x_label: "plies".into(),
        y_label: "games".into(),
        categories: Vec::new(),
        bar_width: width * 0.9 / runs.len().max(1) as f64,
        series: shift(series, width * 0.9),
        y_max: 1.0,
    }
}

fn wins(c: &Comparison) -> Chart {
    let players = c.reports.first().map(|r| r.players.clone()).unwrap_or_default();
    let series = c
        .reports
        .iter()
        .enumerate()
        .map(|(i, r)| Series {
            name: c.labels[i].clone(),
            colour: colour(i),
            bars: r
                .player_wins
                .iter()
                .enumerate()
                .map(|(p, w)| Bar { x: p as f64, height: w.rate, interval: Some((w.low, w.high)) })
                .collect(),
        })
        .collect();
    Chart {
        title: "Wins by player, with 95% intervals".into(),
        x_label: "player".into(),
        y_label: "share of games won".into(),
        categories: players,
        bar_width: 0.8 / c.reports.len().max(1) as f64,
        series: shift(series, 0.8),
        y_max: 1.0,
    }
}

fn mean_lengths(c: &Comparison) -> Chart {
    let bars = c
        .reports
        .iter()
        .enumerate()
        .map(|(i, r)| Bar { x: i as f64, height: r.plies.mean, interval: Some((r.plies.low, r.plies.high)) })
        .collect();
    Chart {
        title: "Mean game length by variant, with 95% intervals".into(),
        x_label: "variant".into(),
        y_label: "plies".into(),
        categories: c.labels.clone(),
        bar_width: 0.6,
        series: vec![Series { name: "mean plies".into(), colour: colour(0), bars }],
        y_max: 1.0,
    }
}

/// Series side by side within a group `span` wide, centred on each x.
fn shift(mut series: Vec<Series>, span: f64) -> Vec<Series> {
    let n = series.len().max(1) as f64;
    for (i, s) in series.iter_mut().enumerate() {
        let dx = span * ((i as f64 + 0.5) / n - 0.5);
        s.bars.iter_mut().for_each(|b| b.x += dx);
    }
    series
}

/// Up to 20 bins of game lengths, the same for every variant: (centre, games, width).
fn histogram(r: &Results, longest: u32) -> Vec<(f64, f64, f64)> {
    let max = f64::from(longest);
    let width = (max / 20.0).ceil().max(1.0);
    let bins = (max / width).floor() as usize + 1;
    let mut counts = vec![0.0; bins];
    for g in &r.games {
        counts[((f64::from(g.plies) / width) as usize).min(bins - 1)] += 1.0;
    }
    counts.into_iter().enumerate().map(|(i, n)| ((i as f64 + 0.5) * width, n, width)).collect()
}

impl Chart {
    /// The ranges the data needs: x from the bars' edges, y from 0 to the top of bars and intervals.
    fn ranges(&self) -> ((f64, f64), f64) {
        let bars = self.series.iter().flat_map(|s| &s.bars);
        let (mut x0, mut x1, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, self.y_max);
        for b in bars {
            x0 = x0.min(b.x - self.bar_width);
            x1 = x1.max(b.x + self.bar_width);
            y1 = y1.max(b.height).max(b.interval.map_or(0.0, |i| i.1));
        }
        if !x0.is_finite() {
            (x0, x1) = (0.0, 1.0);
        }
        ((x0, x1), y1 * 1.05)
    }

    /// The chart as an SVG `<g>` at vertical offset `top`, `W` by `H`.
    fn svg_group(&self, top: f64, out: &mut String) {
        let (left, right, plot_top, bottom) = (70.0, W - 170.0, top + 40.0, top + H - 50.0);
        let ((x0, x1), y1) = self.ranges();
        let sx = |x: f64| left + (x - x0) / (x1 - x0) * (right - left);
        let sy = |y: f64| bottom - y / y1 * (bottom - plot_top);
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
            left,
            top + 24.0,
            escape(&self.title)
        ));
        out.push_str(&format!(
            "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"#333\"/>\n\
             <line x1=\"{left}\" y1=\"{plot_top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"#333\"/>\n"
        ));
        for tick in ticks(y1) {
            let y = sy(tick);
            out.push_str(&format!(
                "<line x1=\"{}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\n\
                 <text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>\n",
                left,
                left - 6.0,
                y + 4.0,
                number(tick)
            ));
        }
        if self.categories.is_empty() {
            for tick in ticks(x1).into_iter().filter(|&t| t >= x0) {
                out.push_str(&format!(
                    "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                    sx(tick),
                    bottom + 16.0,
                    number(tick)
                ));
            }
        } else {
            for (i, name) in self.categories.iter().enumerate() {
                out.push_str(&format!(
                    "<text x=\"{:.1}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                    sx(i as f64),
                    bottom + 16.0,
                    escape(name)
                ));
            }
        }
        out.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n\
             <text x=\"{}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 {} {:.1})\">{}</text>\n",
            (left + right) / 2.0,
            bottom + 36.0,
            escape(&self.x_label),
            left - 48.0,
            (plot_top + bottom) / 2.0,
            left - 48.0,
            (plot_top + bottom) / 2.0,
            escape(&self.y_label)
        ));
        for (i, s) in self.series.iter().enumerate() {
            let [r, g, b] = s.colour;
            for bar in &s.bars {
                let (bx, by) = (sx(bar.x - self.bar_width / 2.0), sy(bar.height));
                let w = sx(bar.x + self.bar_width / 2.0) - bx;
                out.push_str(&format!(
                    "<rect x=\"{bx:.1}\" y=\"{by:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"rgb({r},{g},{b})\" fill-opacity=\"0.8\"/>\n",
                    bottom - by
                ));
                if let Some((low, high)) = bar.interval {
                    let x = sx(bar.x);
                    out.push_str(&format!(
                        "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#222\" stroke-width=\"1.5\"/>\n",
                        sy(low),
                        sy(high)
                    ));
                }
            }
            let ly = plot_top + 18.0 * i as f64;
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"rgb({r},{g},{b})\"/>\n\
                 <text x=\"{}\" y=\"{:.1}\" font-size=\"12\">{}</text>\n",
                right + 16.0,
                ly,
                right + 34.0,
                ly + 10.0,
                escape(&s.name)
            ));
        }
    }
}

const W: f64 = 760.0;
const H: f64 = 320.0;

/// The charts one below the other, as an SVG document.
pub fn svg(title: &str, charts: &[Chart]) -> String {
    let height = 40.0 + H * charts.len() as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{height}\" viewBox=\"0 0 {W} {height}\" \
         font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"20\" y=\"26\" font-size=\"18\" font-weight=\"bold\">{}</text>\n",
        escape(title)
    );
    for (i, chart) in charts.iter().enumerate() {
        chart.svg_group(40.0 + H * i as f64, &mut out);
    }
    out.push_str("</svg>\n");
    out
}

/// Round tick values from 0 to `max`: about five.
/// The bytes of a plot file: the SVG itself, or drawn as PNG where the
/// file's name ends in `.png`.
#[cfg(feature = "png")]
pub fn file_bytes(path: &std::path::Path, svg: String) -> Result<Vec<u8>, String> {
    let png = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if png { self::png(&svg) } else { Ok(svg.into_bytes()) }
}

/// The SVG drawn as a PNG (twice its size, for print), with the editor's own
/// font built in (Ubuntu Light, from egui's default fonts): the result does
/// not depend on the fonts the machine has, and no system library is needed.
/// Behind the `png` feature, so that the library alone does not build resvg.
#[cfg(feature = "png")]
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
    let family = fonts.faces().next().and_then(|f| f.families.first()).map(|(name, _)| name.clone());
    if let Some(family) = family {
        fonts.set_sans_serif_family(family);
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the plots as SVG: {e}"))?;
    let scale = 2.0;
    let size = tree.size().to_int_size().scale_by(scale).ok_or("the plots have no size")?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the plots are too large")?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}

fn ticks(max: f64) -> Vec<f64> {
    if max <= 0.0 || !max.is_finite() {
        return vec![0.0];
    }
    let raw = max / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * magnitude).find(|s| *s >= raw).unwrap_or(raw);
    (0..).map(|i| f64::from(i) * step).take_while(|t| *t <= max + 1e-9).collect()
}

fn number(x: f64) -> String {
    if x.fract().abs() < 1e-9 { format!("{x:.0}") } else { format!("{x:.2}") }
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let unit: Vec<String> = ticks(1.0).into_iter().map(number).collect();
        assert_eq!(unit, ["0", "0.20", "0.40", "0.60", "0.80", "1"]);
        assert_eq!(ticks(100.0), [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        assert_eq!(ticks(0.0), [0.0]);
    }

    #[test]
    fn an_svg_has_titles_labels_legend_and_intervals() {
        let chart = Chart {
            title: "Wins <by> player".into(),
            x_label: "player".into(),
            y_label: "share".into(),
            categories: vec!["Green".into(), "White".into()],
            bar_width: 0.4,
            series: vec![Series {
                name: "senet".into(),
                colour: PALETTE[0],
                bars: vec![Bar { x: 0.0, height: 0.6, interval: Some((0.5, 0.7)) }],
            }],
            y_max: 1.0,
        };
        let text = svg("Analysis", &[chart]);
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
        for part in ["Wins &lt;by&gt; player", ">player<", ">share<", ">Green<", ">senet<", "stroke-width=\"1.5\""] {
            assert!(text.contains(part), "{part} in the SVG");
        }
    }
}
