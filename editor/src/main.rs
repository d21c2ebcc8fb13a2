//! `tabula-editor`: the Tabula desktop program (`cargo run --release`).
//!
//! `tabula-editor [RULESET] [--record GAME.ron]` opens a shipped ruleset by
//! name or a `.ron` file, and optionally a saved game; without arguments it
//! reopens what was open last time.

use std::path::PathBuf;
use tabula_editor::TabulaApp;
use tabula_editor::document::Origin;

fn main() -> eframe::Result {
    let mut ruleset: Option<Origin> = None;
    let mut record: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--record" => record = args.next().map(PathBuf::from),
            "--help" | "-h" => {
                println!("usage: tabula-editor [RULESET] [--record GAME.ron]");
                return Ok(());
            }
            name if tabula::shipped::text(name).is_some() => ruleset = Some(Origin::Shipped(name.to_string())),
            path => ruleset = Some(Origin::File(PathBuf::from(path))),
        }
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_title("Tabula").with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Tabula",
        options,
        Box::new(move |cc| {
            let mut app = TabulaApp::new(cc);
            if let Some(origin) = ruleset {
                app.bench.open_now(&origin);
            }
            if let Some(path) = record {
                app.bench.load_record(&path);
            }
            Ok(Box::new(app))
        }),
    )
}
