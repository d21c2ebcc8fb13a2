//! `tabula-editor`: the Tabula desktop program (`cargo run --release`).
//!
//! `tabula-editor [RULESET] [--record GAME.ron]` opens a shipped ruleset by
//! name or a `.ron` file, and optionally a saved game; without arguments it
//! reopens what was open last time. `--smoke` opens the window, draws a few
//! frames and exits (editor/src/smoke.rs).

use tabula_editor::TabulaApp;
use tabula_editor::args;
use tabula_editor::smoke;

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
    if args.smoke {
        return smoke_test(&args, options);
    }
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

/// `--smoke`: the editor's window with a few frames drawn, then closed; exit
/// status 1 with the reason if the window cannot open or does not draw.
fn smoke_test(args: &args::Args, options: eframe::NativeOptions) -> eframe::Result {
    // eframe's storage in a file that is never written (nothing is saved), so
    // that the user's remembered state is neither read nor touched.
    let unused = std::env::temp_dir().join(format!("tabula-editor-smoke-{}", std::process::id())).join("app.ron");
    let options = eframe::NativeOptions { persist_window: false, persistence_path: Some(unused), ..options };
    let (app, frames) = smoke::Smoke::new(args);
    smoke::watchdog(frames.clone());
    let result = eframe::run_native("Tabula", options, Box::new(move |_cc| Ok(Box::new(app))));
    if let Err(e) = smoke::report(result, &frames) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    Ok(())
}
