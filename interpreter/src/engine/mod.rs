//! The interpreter proper: tests, legal moves, applying a move, turns, chance
//! and the end of the game. It works on indices only; no name is looked up.

mod apply;
mod movegen;
mod perft;
mod test;

pub(crate) use crate::program::Test;
pub(crate) use crate::program::rules::*;
