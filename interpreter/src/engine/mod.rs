//! The interpreter proper: tests, legal moves, applying a move, turns, chance
//! and the end of the game. It works on indices only; no name is looked up.

mod apply;

mod movegen;
mod perft;
mod test;

pub(crate) use crate::program::Test;
pub(crate) use crate::program::rules::*;

use crate::board::FieldId;
use crate::ruleset::Arrive;

impl crate::program::Game {
    /// Fills in what each rule can know before play: its placement targets,
    /// its conditions with what the board and the player decide folded in,
    /// and its landing mask; and the lines `Line` looks for. Called once
    /// the game is compiled.
    pub(crate) fn specialise_rules(&mut self) {
        let single = self.fields.iter().all(|f| f.limit <= 1);
        let players = 0..self.player_count();
        for p in 0..self.phases.len() {
            for r in 0..self.phases[p].rules.len() {
                let rule = &self.phases[p].rules[r];
                let (targets, to_on_targets) = players
                    .clone()
                    .map(|me| {
                        let targets: Vec<FieldId> = self
                            .board
                            .fields()
                            .filter(|&f| self.static_value(&rule.to, me, f) != Some(false))
                            .collect();
                        let rest = self.simplify(&rule.to, me, &targets).compact();
                        (targets, rest)
                    })
                    .unzip();
                // A state condition has no field atoms: any field stands for all.
                let only_if_for = players.clone().map(|me| self.simplify(&rule.only_if, me, &[0]).compact()).collect();
                // An occupied field takes a piece only by a capture or an exchange, which a safe
                // field forbids; an exchange needs a field to send the enemy to, which the hand is not.
                let displaces = match rule.arrive {
                    Arrive::Capture => true,
                    Arrive::Exchange => !matches!(rule.motion, Motion::Enter { .. }),
                    Arrive::Stack => false,
                };
                let captures = |safe: bool| if displaces && !safe { Test::ENEMY } else { 0 };
                // Per field, `to` with what the board decides there folded in (a throne no soldier
                // may stop on), if what is left looks only at what tops the field, alike for every player.
                let to_on = |f: FieldId| {
                    let mut masks = players.clone().map(|me| self.simplify(&rule.to, me, &[f]).tops_mask());
                    let first = masks.next().flatten();
                    first.filter(|_| masks.all(|m| m == first))
                };
                let landing = single.then(|| {
                    let fields = self.board.fields().zip(&self.fields);
                    fields
                        .map(|(f, props)| match props.limit {
                            1 => to_on(f).map(|to| to & (Test::EMPTY | captures(props.safe))),
                            _ => Some(0),
                        })
                        .collect::<Option<Vec<u8>>>()
                });
                let landing = landing.flatten();
                let rule = &mut self.phases[p].rules[r];
                rule.targets = targets;
                rule.to_on_targets = to_on_targets;
                rule.only_if_for = only_if_for;
                rule.landing = landing;
            }
            let phase = &mut self.phases[p];
            phase.playable = players
                .clone()
                .map(|me| {
                    [false, true].map(|fallback| {
                        let rules = phase.rules.iter().enumerate();
                        let playable = rules
                            .filter(|(_, r)| r.fallback == fallback && r.only_if_for[usize::from(me)] != Test::False);
                        playable.map(|(i, _)| i as u8).collect()
                    })
                })
                .collect();
        }
        self.precompute_lines();
    }

    /// Every state condition with its lines made by the last move read from masks; and
    /// whether any condition reads where the last piece ended.
    fn precompute_lines(&mut self) {
        let ends = self.ends.iter().map(|e| &e.test);
        let phases = self.phases.iter().flat_map(|p| {
            let rules = p.rules.iter().flat_map(|r| {
                let effects = r.effects.iter().flat_map(|e| match e {
                    Effect::CaptureChosen(c) => vec![&c.cond, &c.among, &c.otherwise],
                    Effect::Spawn { on, .. } => vec![on],
                    _ => Vec::new(),
                });
                [&r.to, &r.from, &r.only_if].into_iter().chain(effects)
            });
            let filters = p.filters.iter().flat_map(|f| match f {
                Filter::RequireAfter { cond, only_if, .. } => vec![cond, only_if],
                Filter::Capture { .. } | Filter::MostCaptures => Vec::new(),
            });
            p.until.iter().chain(rules).chain(filters)
        });
        self.reads_last_to = ends.chain(phases).any(Test::mentions_last_to);
        for e in 0..self.ends.len() {
            self.ends[e].test = self.with_line_masks(&self.ends[e].test);
        }
        for p in 0..self.phases.len() {
            self.phases[p].until = self.phases[p].until.as_ref().map(|t| self.with_line_masks(t));
            for r in 0..self.phases[p].rules.len() {
                self.phases[p].rules[r].only_if_for =
                    self.phases[p].rules[r].only_if_for.iter().map(|t| self.with_line_masks(t)).collect();
                for e in 0..self.phases[p].rules[r].effects.len() {
                    if let Effect::CaptureChosen(choice) = &self.phases[p].rules[r].effects[e] {
                        let cond = self.with_line_masks(&choice.cond);
                        if let Effect::CaptureChosen(choice) = &mut self.phases[p].rules[r].effects[e] {
                            choice.cond = cond;
                        }
                    }
                }
            }
        }
    }
}
