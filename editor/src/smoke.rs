//! `tabula-editor --smoke`: opens the window, draws a few frames of the
//! whole editor (menu, games, board, play panel, rules in words) and closes
//! it, so that an installed package can be checked on a machine (under
//! `xvfb-run` where there is no screen). It neither reads nor writes what
//! the editor remembers between runs: it starts as on a first run.

use crate::TabulaApp;
use crate::workbench::Persisted;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Frames drawn before the window is closed: the first lays the panels out,
/// the next ones draw them at their sizes.
pub const FRAMES: usize = 5;

/// How long the window may take to draw its frames before the smoke test fails.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// The editor, closed after [`FRAMES`] frames.
pub struct Smoke {
    app: TabulaApp,
    frames: Arc<AtomicUsize>,
    size: egui::Vec2,
    gl: bool,
}

impl Smoke {
    /// The editor as on a first run (nothing remembered), and the counter of
    /// frames drawn that [`report`] reads after the window has closed.
    pub fn new(args: &crate::args::Args) -> (Smoke, Arc<AtomicUsize>) {
        let mut app = TabulaApp::with(&Persisted::default());
        app.open_args(args);
        let frames = Arc::new(AtomicUsize::new(0));
        (Smoke { app, frames: frames.clone(), size: egui::Vec2::ZERO, gl: false }, frames)
    }
}

impl eframe::App for Smoke {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        eframe::App::ui(&mut self.app, ui, frame);
        let ctx = ui.ctx().clone();
        self.size = ctx.content_rect().size();
        self.gl |= frame.gl().is_some();
        let drawn = self.frames.fetch_add(1, Ordering::SeqCst) + 1;
        if drawn == FRAMES {
            println!(
                "smoke: drew {drawn} frames of {} in a {}x{} window{}",
                self.app.bench.session.game.name(),
                self.size.x.round(),
                self.size.y.round(),
                if self.gl { " with OpenGL" } else { "" }
            );
        }
        if drawn >= FRAMES {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        } else {
            ctx.request_repaint();
        }
    }

    // Nothing of the smoke run is kept: not the window, not egui's memory, not the game.
    fn save(&mut self, _storage: &mut dyn eframe::Storage) {}

    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// The outcome once the window has closed: an error unless every frame was drawn.
pub fn report(result: eframe::Result, frames: &AtomicUsize) -> Result<(), String> {
    result.map_err(|e| format!("tabula-editor --smoke: the window could not be opened: {e}"))?;
    match frames.load(Ordering::SeqCst) {
        n if n >= FRAMES => Ok(()),
        n => Err(format!("tabula-editor --smoke: the window closed after {n} of {FRAMES} frames")),
    }
}

/// Fails the smoke test (exit status 1) if the frames are not drawn in time:
/// a window that never shows must not hang a test.
pub fn watchdog(frames: Arc<AtomicUsize>) {
    std::thread::spawn(move || {
        std::thread::sleep(TIMEOUT);
        eprintln!(
            "tabula-editor --smoke: {} of {FRAMES} frames drawn in {} s; giving up",
            frames.load(Ordering::SeqCst),
            TIMEOUT.as_secs()
        );
        std::process::exit(1);
    });
}
