//! Each motion's generation of moves, one file per motion (a family where
//! two motions share all their code: `Step` and `Leap`). A file holds the
//! general path, piece by piece, and beside it the fast path the compiler's
//! plan chooses, if the motion has one, so that the two are read together.
//! engine/movegen.rs loops over the rules and dispatches to these with one
//! exhaustive `match` on [`Motion`](super::Motion) (`Game::rule_moves` and
//! `Game::piece_moves`): a new motion fails to compile until it is placed there.
//! A motion's compile-time part (its lowering and the table its fast path
//! reads) is the file of the same name in `compile/motion/`: the compiler
//! and the engine are two layers, which never use each other.
//!
//! The helpers a dispatch calls per piece are `#[inline(always)]`: laid out
//! in the loop that calls them, they compile as the one function they were
//! written in before; those marked `#[inline(never)]` are kept apart from the
//! generator on purpose (see each).

mod enter;
mod exit;
mod fly;
mod jump;
mod landing;
mod lift;
mod movers;
mod pass;
mod place;
mod run;
mod run_off;
mod slide;
mod sow;
mod step;
mod walk;
mod walking;

pub(super) use movers::{FieldsByKind, KindsRead, Movers, Tops};
pub(super) use place::placing;
pub(crate) use walking::Walking;

/// The legal moves, as text, in the first position of a tiny game: two
/// players on a 3 by 3 grid (`a1` to `c3`, player 1 first) with the pieces
/// `setup` lists (a ruleset's `setup` entries) and the move rules `moves`
/// (a phase's `moves`). A motion's tests read as ruleset in, moves out.
#[cfg(test)]
fn first_moves(setup: &str, moves: &str) -> Vec<String> {
    let ron = format!(
        r#"Ruleset(
            name: "motion", title: "Motion", players: ["A", "B"],
            board: Grid(cols: 3, rows: 3, links: ["All"]),
            pieces: [(name: "Stone", letter: 'S')],
            setup: [{setup}],
            phases: [(name: "play", moves: [{moves}])],
            end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "stuck")],
        )"#
    );
    let game = crate::Game::from_source(&ron, "motion.ron", &crate::Options::new()).expect("compiles");
    game.move_texts(&game.legal_moves(&game.initial_state()))
}
