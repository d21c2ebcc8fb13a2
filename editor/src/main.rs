//! `tabula-editor`: the Tabula desktop program (`cargo run --release`).
//!
//! `tabula-editor [RULESET] [--record GAME.ron]` opens a shipped ruleset by
//! name or a `.ron` file, and optionally a saved game; without arguments it
//! reopens what was open last time.

use tabula_editor::TabulaApp;
use tabula_editor::args;

fn main() -> eframe::Result {
    let args = match args::parse(std::env::args().skip(1)) {
        Ok(args) if args.help => {
            println!("{}", args::USAGE);
            return Ok(());
        }
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tabula")
            .with_inner_size(args.size.map_or([1280.0, 800.0], |[w, h]| [f32::from(w), f32::from(h)]))
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "Tabula",
        options,
        Box::new(move |cc| {
            let mut app = TabulaApp::new(cc);
            app.open_args(&args);
            Ok(Box::new(app))
        }),
    )
}
