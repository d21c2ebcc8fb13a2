//! Choices inside a move (issue 45): a move that lands where its rule's
//! `Promote` offers a choice is listed once per kind offered, the kind in
//! the move (`CHOSEN | kind`), written `e7-e8=Q`; playing it, the piece
//! becomes that kind.

use crate::moves::{CHOSEN, Move};
use crate::piece::{KindId, Player};
use crate::program::Game;
use crate::program::rules::Rule;
use crate::state::State;

/// The kind a `Promote` with `choices` (0: none) makes of the piece moved by `m`.
#[inline]
pub(crate) fn chosen(m: Move, to: KindId, choices: u32) -> KindId {
    if choices != 0 && m.kind & CHOSEN != 0 && choices >> (m.kind & !CHOSEN) & 1 != 0 { m.kind & !CHOSEN } else { to }
}

impl Game {
    /// `m` as the rule's moves are listed: where the rule offers a choice on
    /// the field it lands on, one move per kind (`emit` false to stop: then false).
    pub(crate) fn emit_choices(
        &self,
        rule: &Rule,
        s: &State,
        me: Player,
        m: Move,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        match &rule.choices {
            Some(offer) if self.eval(&offer.1, s, me, m.to) => {
                offer.0.iter().all(|&k| emit(Move { kind: CHOSEN | k, ..m }))
            }
            _ => emit(m),
        }
    }
}

/// What a move chose inside itself (issue 45), for a user interface to
/// offer the moves that differ only by it: see [`Game::move_choice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveChoice<'a> {
    /// The piece becomes this kind (a promotion's choice, `e7-e8=N`).
    Becomes(KindId),
    /// This capture run, by the ruleset's label (`c3-d3/A`: approach).
    Run(&'a str),
}

impl Game {
    /// The choice `m` made inside itself, if it made one: the kind its piece
    /// becomes, or the capture run it takes by its label. Moves that land on
    /// one field from one field and differ only by it are one move with a
    /// choice to make.
    pub fn move_choice(&self, m: Move) -> Option<MoveChoice<'_>> {
        if m.action != crate::moves::Action::Board {
            return None;
        }
        if m.kind & CHOSEN != 0 {
            return Some(MoveChoice::Becomes(m.kind & !CHOSEN));
        }
        self.run_choice_text(m).map(MoveChoice::Run)
    }
}
