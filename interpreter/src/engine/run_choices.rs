//! Approach and withdrawal (issue 45): where a capture run lies (from the
//! landing by its links, or along the move's own direction, ahead of the
//! landing or behind the start), and a rule whose capture runs are choices
//! inside the move (`CaptureRun(choice: "A")`): each move listed once per
//! such run that takes something, the choice held in the move's kind
//! (`Move::kind`'s bits [`RUN_CHOICE`]), written `c3-d3/A`; a move none of
//! whose runs takes anything listed once, plain.

use super::scratch::ScratchState;
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Move, NO_DIR};
use crate::piece::KindId;
use crate::program::Game;
use crate::program::rules::{CaptureRun, Rule};
use crate::ruleset::RunFrom;
use crate::state::State;

/// In a board move's `kind`: the number of the capture run chosen (from 1;
/// 0: none), in two bits above the kind (kinds are below 32).
pub(crate) const RUN_CHOICE: KindId = 0x60;
const SHIFT: u32 = 5;

/// The number of the capture run `m` chose (0: none).
#[inline(always)]
pub(crate) fn run_choice(m: Move) -> u8 {
    (m.kind & RUN_CHOICE) >> SHIFT
}

/// Whether a capture run is made with move `m`: a run that is no choice
/// always, a choice where the move chose it.
#[inline(always)]
pub(crate) fn run_made(run: &CaptureRun, m: Move) -> bool {
    run.choice == 0 || run.choice == run_choice(m)
}

impl Game {
    /// The first field of capture run `run` of move `m`, which landed on `landed`.
    #[inline(always)]
    pub(super) fn run_first(&self, run: &CaptureRun, m: Move, landed: FieldId) -> FieldId {
        match run.from {
            RunFrom::Landing if run.start.is_empty() => landed,
            RunFrom::Landing => self.first_link(landed, &run.start),
            RunFrom::Ahead if m.dir == NO_DIR => NO_FIELD,
            RunFrom::Ahead => self.board.neighbour(landed, m.dir),
            RunFrom::Behind => self.behind(run, m.from, m.dir),
        }
    }

    /// The field of capture run `run` of move `m` after `at` (`NO_FIELD`: the run ends).
    #[inline(always)]
    pub(super) fn run_next(&self, run: &CaptureRun, m: Move, at: FieldId) -> FieldId {
        match run.from {
            RunFrom::Landing => self.first_link(at, &run.step),
            RunFrom::Ahead if m.dir == NO_DIR || at == NO_FIELD => NO_FIELD,
            RunFrom::Ahead => self.board.neighbour(at, m.dir),
            RunFrom::Behind => self.behind(run, at, m.dir),
        }
    }

    /// The neighbour of `at` by the first of `dirs` that has one (none: `NO_FIELD`).
    #[inline(always)]
    fn first_link(&self, at: FieldId, dirs: &[u8]) -> FieldId {
        if at == NO_FIELD {
            return NO_FIELD;
        }
        dirs.iter().map(|&d| self.board.neighbour(at, d)).find(|&t| t != NO_FIELD).unwrap_or(NO_FIELD)
    }

    /// The field behind `at` against direction `dir` (`NO_FIELD` where none is).
    fn behind(&self, run: &CaptureRun, at: FieldId, dir: u8) -> FieldId {
        if at == NO_FIELD || dir == NO_DIR {
            return NO_FIELD;
        }
        let i = usize::from(at) * self.board.dir_names().len() + usize::from(dir);
        run.behind.get(i).copied().unwrap_or(NO_FIELD)
    }

    /// `m` as the rule lists it (see the module): once per capture run chosen
    /// that takes something (each tried on a copy of the state), else once,
    /// plain. False if `emit` asked to stop.
    pub(crate) fn emit_run_choices(
        &self,
        rule: &Rule,
        s: &State,
        m: Move,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut scratch = ScratchState::of(s);
        let mut any = false;
        for &choice in &rule.run_choices {
            let chosen = Move { kind: m.kind | choice << SHIFT, ..m };
            scratch.clone_from(s);
            if self.apply_core(&mut scratch, chosen).captured > 0 {
                any = true;
                if !emit(chosen) {
                    return false;
                }
            }
        }
        any || emit(m)
    }

    /// The label of a move's choice of capture run (`A` of `c3-d3/A`), if it
    /// chose one: that of any run of that number (a label has one number in
    /// the whole game). Read for the move's text only.
    pub(crate) fn run_choice_text(&self, m: Move) -> Option<&str> {
        let choice = run_choice(m);
        if choice == 0 {
            return None;
        }
        let runs = self.phases.iter().flat_map(|p| &p.rules).flat_map(|r| &r.effects);
        runs.filter_map(|e| match e {
            crate::program::rules::Effect::CaptureRun(run) if run.choice == choice => run.label.as_deref(),
            _ => None,
        })
        .next()
    }
}

#[cfg(test)]
mod tests {
    /// The first moves' texts of a stone at c3 on a board of 8 x 3 points,
    /// enemies on `enemies`, under one rule of steps along `dirs` that chooses
    /// between approach and withdrawal.
    fn first_moves(enemies: &str, dirs: &str) -> Vec<String> {
        let ron = format!(
            r#"Ruleset(
                name: "runs", title: "Runs", players: ["A", "B"],
                board: Grid(cols: 8, rows: 3, links: ["All"]),
                pieces: [(name: "Stone", letter: 'S')],
                setup: [On(piece: "Stone", player: Player(1), fields: ["c2"]),
                        On(piece: "Stone", player: Player(2), fields: [{enemies}])],
                phases: [(name: "play", moves: [(pieces: ["Stone"], by: Step(dirs: [{dirs}]), then: [
                    CaptureRun(from: Ahead, if: Enemy, choice: "A"),
                    CaptureRun(from: Behind, if: Enemy, choice: "W"),
                ])])],
                end: [(at: StartOfTurn, cond: NoMoves, result: Draw, reason: "stuck")],
            )"#
        );
        let game = crate::Game::from_source(&ron, "runs.ron", &crate::Options::new()).expect("compiles");
        game.move_texts(&game.legal_moves(&game.initial_state()))
    }

    #[test]
    fn a_step_takes_the_run_ahead_or_behind_it() {
        // East: d2 approaches e2 (and f2 beyond); west, b2 takes nothing: a plain step.
        assert_eq!(first_moves(r#""e2", "f2""#, r#""E", "W""#), ["c2-d2/A", "c2-b2"]);
        // West, away from d2: a withdrawal.
        assert_eq!(first_moves(r#""d2""#, r#""W""#), ["c2-b2/W"]);
    }

    #[test]
    fn a_step_that_takes_nothing_is_listed_plain() {
        assert_eq!(first_moves(r#""h3""#, r#""E", "N""#), ["c2-d2", "c2-c3"]);
    }

    #[test]
    fn both_choices_are_two_moves_and_each_takes_its_own_run() {
        let moves = first_moves(r#""e2", "f2", "b2""#, r#""E""#);
        assert_eq!(moves, ["c2-d2/A", "c2-d2/W"]);
    }
}
