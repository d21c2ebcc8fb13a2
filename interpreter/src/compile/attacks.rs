//! The attack tables (issue 45): each capturing motion of each phase
//! reversed once, so that the engine asks "is this field attacked" by
//! looking outward from it (see `program/attacks.rs`, `engine/attack.rs`).

use crate::board::{FieldId, NO_FIELD};
use crate::program::Cond;
use crate::program::Game;
use crate::program::attacks::{Attacker, Attacks, Reversed};
use crate::program::rules::{Motion, Reach, Rule};
use crate::ruleset::Arrive;

/// The royal kinds, a bit per kind.
pub(super) fn royal_kinds(pieces: &[crate::ruleset::PieceDef]) -> u32 {
    pieces.iter().enumerate().filter(|(_, p)| p.royal).fold(0, |m, (i, _)| m | 1 << i)
}

/// The game's attack tables; `royal` the royal kinds.
pub(crate) fn tables(game: &Game, royal: u32) -> Attacks {
    let board = &game.board;
    let dirs = board.dir_names().len();
    let mut back = vec![NO_FIELD; board.len() * dirs];
    let mut unique = true;
    for (from, to, d) in board.links() {
        let at = &mut back[usize::from(to) * dirs + usize::from(d)];
        unique &= *at == NO_FIELD || *at == from;
        *at = from;
    }
    let phases = game
        .phases
        .iter()
        .map(|phase| {
            let rules = phase.rules.iter().enumerate();
            rules
                .filter_map(|(i, rule)| reversed(game, rule, unique).map(|by| Attacker { rule: i as u8, by }))
                .collect()
        })
        .collect();
    Attacks { royal, phases, back, dirs }
}

/// How a rule's moves capture, run backwards; `None` where they capture on no field.
fn reversed(game: &Game, rule: &Rule, unique: bool) -> Option<Reversed> {
    // A move that lands captures what it lands on only where `to` may hold on an enemy piece.
    let lands_on_enemy = rule.arrive == Arrive::Capture && rule.to.tops_mask().is_none_or(|m| m & Cond::ENEMY != 0);
    match &rule.motion {
        Motion::Step(reach) | Motion::Leap(reach) if lands_on_enemy => {
            let mut into: Vec<Vec<(FieldId, u8)>> = vec![Vec::new(); game.board.len()];
            for f in game.board.fields() {
                for &(to, d) in reach.from(f) {
                    into[usize::from(to)].push((f, d));
                }
            }
            Some(Reversed::Table(Reach::new(&game.board, |f| into[usize::from(f)].clone())))
        }
        Motion::Slide { .. } if lands_on_enemy => Some(if unique { Reversed::Slide } else { Reversed::Forward }),
        // A hop captures nothing, so it attacks nothing.
        Motion::Jump { hop: true, .. } => None,
        Motion::Jump { fly: false, .. } if unique => Some(Reversed::Jump),
        Motion::Jump { .. } => Some(Reversed::Forward),
        _ => None,
    }
}
