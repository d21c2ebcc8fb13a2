//! A turn filter's test decided before the move (issue 48): what the
//! compiler proved of a `RequireAfter` test ([`Foresight`], made by
//! `compile/foresight.rs`, which says why it holds) read on the state before
//! the move. A move whose test it decides is kept or dropped without being
//! played; any other is played on a copy and tested, as
//! `Game::with_general_plans` does for every move.

use super::Cond;
use super::groups::Groups;
use super::royal_safety::Watch;
use super::scratch::{ScratchState, scratch_fields, scratch_numbers};
use crate::board::{FieldId, NO_FIELD};
use crate::moves::{Action, Move};
use crate::piece::{NOBODY, Piece};
use crate::program::Game;
use crate::program::rules::{Effect, Foreseen, Foresight, Rule};
use crate::state::State;

/// What the tests of one state's moves work out once, when the first needs
/// it, and share: a copy of the state to play moves on, the groups and
/// their liberties.
#[derive(Default)]
pub(super) struct Probes {
    pub state: Option<ScratchState>,
    groups: Option<Groups>,
}

impl Game {
    /// Whether `m` passes the phase's filter number `filter`, a
    /// `RequireAfter` testing `cond`: decided before the move where its
    /// foresight can, else by the royal filter's watch or by playing it.
    pub(super) fn passes_require_after(
        &self,
        s: &State,
        m: Move,
        (filter, cond): (usize, &Cond),
        watch: Option<&Watch<'_>>,
        probes: &mut Probes,
    ) -> bool {
        let foresight = self.phases[usize::from(s.phase)].plan.foresight.as_deref();
        let foreseen = foresight.and_then(|f| Some((f, f.filters.get(filter)?.as_ref()?)));
        match foreseen.and_then(|(f, test)| self.foresee(f, test.after(m), s, m, probes)) {
            Some(known) => known,
            None => self.passes_royal_filter(s, m, cond, watch, &mut probes.state),
        }
    }

    /// What `test` is after `m`, if the state before it decides it.
    fn foresee(&self, f: &Foresight, test: &Foreseen, s: &State, m: Move, probes: &mut Probes) -> Option<bool> {
        match test {
            Foreseen::Is(value) => Some(*value),
            Foreseen::EmptyBeside { dirs, searched } => {
                let rule = usize::from(m.rule);
                let fills = matches!(m.action, Action::Place | Action::Board)
                    && f.fill_only_landing.get(rule).copied().unwrap_or(false);
                if !fills {
                    return None;
                }
                let empty_beside = dirs.iter().any(|&d| {
                    let g = self.board.neighbour(m.to, d);
                    g != NO_FIELD && g != m.to && s.height(g) == 0
                });
                // Empty before and not the landing: empty after (see `Foresight`).
                if empty_beside {
                    return Some(true);
                }
                let searched = m.action == Action::Place && searched.get(rule).copied().unwrap_or(false);
                let rule = self.phases[usize::from(s.phase)].rules.get(rule)?;
                searched.then(|| self.liberty_after(s, rule, dirs, m.to, probes))
            }
            Foreseen::Repeated { times, within, compare } => {
                let rule = self.phases[usize::from(s.phase)].rules.get(usize::from(m.rule))?;
                let alone = m.action == Action::Place
                    && f.put_alone.get(usize::from(m.rule)).copied().unwrap_or(false)
                    && s.height(m.to) == 0
                    && self.puts_quietly(s, rule, m.to);
                if !alone {
                    return None;
                }
                // The piece as the hand gives it (`Game::take_from_hand`), on its empty landing.
                let piece =
                    Piece { flipped: self.kinds[usize::from(m.kind)].enters_flipped, ..Piece::new(m.kind, s.to_move) };
                let key = s.repetition_key_with(s.to_move, m.to, piece);
                Some(s.history().count(key, *within, *compare, u32::from(*times)) >= u32::from(*times))
            }
            Foreseen::All(parts) => self.foresee_each(f, parts, s, m, false, probes),
            Foreseen::Any(parts) => self.foresee_each(f, parts, s, m, true, probes),
            Foreseen::Not(part) => self.foresee(f, part, s, m, probes).map(|known| !known),
            Foreseen::Unknown => None,
        }
    }

    /// Whether a placement of `rule` on the empty field `to` captures
    /// nothing, as the state before it says: each `CaptureGroups` finds every
    /// enemy stone beside `to` with an empty field beside it other than
    /// `to` (its group's liberty, which the move leaves empty), and with
    /// `own` an empty field beside `to` (the mover's). Its other effects
    /// (counters) change no position's key.
    fn puts_quietly(&self, s: &State, rule: &Rule, to: FieldId) -> bool {
        let me = s.to_move;
        let free = |at: FieldId, dirs: &[u8]| {
            dirs.iter().any(|&d| {
                let g = self.board.neighbour(at, d);
                g != NO_FIELD && g != to && s.height(g) == 0
            })
        };
        rule.effects.iter().all(|effect| match effect {
            Effect::CaptureGroups { dirs, own } => {
                let enemies_free = dirs.iter().all(|&d| {
                    let g = self.board.neighbour(to, d);
                    let enemy = g != NO_FIELD && s.top(g).is_some_and(|p| p.owner != me && p.owner != NOBODY);
                    !enemy || free(g, dirs)
                });
                enemies_free && (!own || free(to, dirs))
            }
            Effect::Counter(_) | Effect::CounterIf(_) => true,
            _ => false,
        })
    }

    /// Whether the mover's piece put down on `to` by a placement of `rule`
    /// (one [`Foreseen::EmptyBeside`] marks `searched`, with no empty field
    /// beside `to`) reaches an empty field along `dirs` through its owner's
    /// pieces after the move: whether the move takes an enemy group beside
    /// `to` (no liberty but `to`), or the mover's group joined at `to` has
    /// a liberty other than `to`. Both read the state before, `to` counted
    /// as filled: on an empty `to`, by the groups worked out once for the
    /// state's moves ([`Groups`]), else searched.
    fn liberty_after(&self, s: &State, rule: &Rule, dirs: &[u8], to: FieldId, probes: &mut Probes) -> bool {
        let groups = if s.height(to) == 0 {
            Some(probes.groups.get_or_insert_with(|| Groups::new(self.board.len(), dirs)))
        } else {
            None
        };
        let taking_joined = |groups: &Groups| {
            rule.effects.iter().all(|effect| match effect {
                Effect::CaptureGroups { dirs: taking, .. } => groups.joined_along(taking),
                _ => true,
            })
        };
        match groups.filter(|g| g.joined_along(dirs) && taking_joined(g)) {
            Some(groups) => self.liberty_after_by_groups(s, rule, dirs, to, groups),
            None => self.liberty_after_searched(s, rule, dirs, to),
        }
    }

    /// [`Game::liberty_after`] read off `groups`, joined along `dirs` and
    /// along every capture's directions, `to` empty: a capture takes an
    /// enemy group beside `to` whose only liberty is `to`; the mover's
    /// stone breathes where a field beside it is empty or a group of its
    /// own beside it has a liberty other than `to`.
    fn liberty_after_by_groups(&self, s: &State, rule: &Rule, dirs: &[u8], to: FieldId, groups: &mut Groups) -> bool {
        let me = s.to_move;
        fn beside<'a>(game: &'a Game, to: FieldId, along: &'a [u8]) -> impl Iterator<Item = FieldId> + 'a {
            along.iter().map(move |&d| game.board.neighbour(to, d)).filter(move |&g| g != NO_FIELD && g != to)
        }
        let takes = rule.effects.iter().any(|effect| match effect {
            Effect::CaptureGroups { dirs: taking, .. } => beside(self, to, taking).any(|g| {
                let enemy = s.top(g).is_some_and(|p| p.owner != me && p.owner != NOBODY);
                enemy && !groups.breathes_besides((self, s), taking, g, to)
            }),
            _ => false,
        });
        takes
            || beside(self, to, dirs).any(|g| match s.top(g) {
                None => true,
                Some(p) => p.owner == me && groups.breathes_besides((self, s), dirs, g, to),
            })
    }

    /// [`Game::liberty_after`] by searching each group beside `to`.
    fn liberty_after_searched(&self, s: &State, rule: &Rule, dirs: &[u8], to: FieldId) -> bool {
        let me = s.to_move;
        let mut visited = scratch_fields(self.board.len());
        let mut group = scratch_numbers();
        let takes = rule.effects.iter().any(|effect| match effect {
            Effect::CaptureGroups { dirs: taking, .. } => taking.iter().any(|&d| {
                let g = self.board.neighbour(to, d);
                let top = if g == NO_FIELD || g == to { None } else { s.top(g) };
                let enemy = top.filter(|p| p.owner != me && p.owner != NOBODY);
                enemy.is_some_and(|p| {
                    visited.reset(self.board.len());
                    !self.liberty_group(s, taking, (g, p.owner), to, &mut visited, &mut group)
                })
            }),
            _ => false,
        });
        takes || {
            visited.reset(self.board.len());
            self.liberty_group(s, dirs, (to, me), to, &mut visited, &mut group)
        }
    }

    /// `Any` (`decisive` true) or `All` (false) of `parts`: decided by the
    /// first part known to be `decisive`, or known when every part is.
    fn foresee_each(
        &self,
        f: &Foresight,
        parts: &[Foreseen],
        s: &State,
        m: Move,
        decisive: bool,
        probes: &mut Probes,
    ) -> Option<bool> {
        let mut known = true;
        for part in parts {
            match self.foresee(f, part, s, m, probes) {
                Some(value) if value == decisive => return Some(decisive),
                Some(_) => {}
                None => known = false,
            }
        }
        known.then_some(!decisive)
    }
}

#[cfg(test)]
mod tests {
    use crate::piece::Piece;
    use crate::{Game, Options, shipped};

    /// Go with `ko` as given (the suicide rule on).
    fn go(ko: &str) -> Game {
        let options: Options = [("ko", ko)].into_iter().collect();
        let text = shipped::text("traditional/go").expect("shipped");
        Game::from_source(text, "traditional/go", &options).expect("compiles")
    }

    /// Go's suicide rule decides a stone with an empty point beside it, and
    /// a pass, without playing; a stone on a point whose neighbours are all
    /// taken by a search before the move; the general plans decide nothing before.
    #[test]
    fn a_stone_with_an_empty_point_beside_it_is_kept_without_playing() {
        let game = go("None");
        let f = game.phases[0].plan.foresight.as_deref().expect("the filter is foreseen");
        let test = f.filters[0].as_ref().expect("the suicide filter");
        let mut s = game.initial_state();
        let moves = game.legal_moves(&s);
        assert_eq!(moves.len(), 82);
        assert!(moves.iter().all(|&m| game.foresee(f, test.after(m), &s, m, &mut Default::default()) == Some(true)));
        // White on a2 and b1: Black's stone on a1 has no empty point beside it.
        let field = |name: &str| game.board.field(name).expect("a point");
        s.push(field("a2"), Piece::new(0, 1));
        s.push(field("b1"), Piece::new(0, 1));
        let beside = game.legal_moves(&s).into_iter().find(|m| m.to == field("b2")).expect("legal");
        assert_eq!(game.foresee(f, test.after(beside), &s, beside, &mut Default::default()), Some(true));
        // (a1 is a suicide there, so not among the legal moves: the same placement, asked before filtering.)
        let corner = crate::moves::Move { to: field("a1"), ..beside };
        assert_eq!(game.foresee(f, test.after(corner), &s, corner, &mut Default::default()), Some(false));
        assert!(game.with_general_plans().phases[0].plan.foresight.is_none());
    }

    /// A stone with no empty point beside it: kept where it takes a group
    /// (only the landing was that group's liberty) or joins a group with
    /// another liberty, refused where neither, all without playing, and as
    /// playing decides.
    #[test]
    fn a_stone_without_an_empty_point_beside_it_is_searched_before_the_move() {
        let game = go("None");
        let f = game.phases[0].plan.foresight.as_deref().expect("the filter is foreseen");
        let test = f.filters[0].as_ref().expect("the suicide filter");
        let field = |name: &str| game.board.field(name).expect("a point");
        // Black (to move) on b1, c2 and a3, White on a2 and b3: Black on b2
        // takes nothing and joins b1 and c2, whose group breathes at a1.
        let mut s = game.initial_state();
        let placement = game.legal_moves(&s).into_iter().find(|m| m.action == crate::moves::Action::Place);
        let place = |to: &str| crate::moves::Move { to: field(to), ..placement.expect("a placement") };
        // Each answer as playing and testing gives it.
        let general = game.with_general_plans();
        let kept = |s: &crate::state::State, kept: bool| {
            assert_eq!(game.foresee(f, &test.after_other, s, place("b2"), &mut Default::default()), Some(kept));
            assert_eq!(general.legal_moves(s).iter().any(|m| m.to == field("b2")), kept);
        };
        for (name, owner) in [("b1", 0), ("c2", 0), ("a3", 0), ("a2", 1), ("b3", 1)] {
            s.push(field(name), Piece::new(0, owner));
        }
        kept(&s, true);
        // White on a1, c1, d1, d2 and c3 too: Black's group would have no
        // liberty, but b2 takes a2-a1, whose only liberty it fills.
        for name in ["a1", "c1", "d1", "d2", "c3"] {
            s.push(field(name), Piece::new(0, 1));
        }
        kept(&s, true);
        // Black's a3 gone: a2-a1 breathes there, and b2 is a suicide.
        s.pop(field("a3"));
        kept(&s, false);
    }

    /// Issue 48: a stone's liberty after the move read off the groups
    /// worked out once for the position (`Groups`) is what searching the
    /// groups beside it finds, on every empty point of positions along
    /// random games, with and without suicide, and the same groups asked
    /// again and again.
    #[test]
    fn the_groups_worked_out_once_answer_as_the_search_does() {
        use super::Probes;
        use crate::program::rules::Effect;
        use crate::shipped::testing::visit_random_games;
        for suicide in ["false", "true"] {
            let options: Options = [("ko", "None"), ("suicide", suicide)].into_iter().collect();
            let text = shipped::text("traditional/go").expect("shipped");
            let game = Game::from_source(text, "traditional/go", &options).expect("compiles");
            let rule = &game.phases[0].rules[0];
            let dirs = rule.effects.iter().find_map(|e| match e {
                Effect::CaptureGroups { dirs, .. } => Some(dirs.clone()),
                _ => None,
            });
            let dirs = dirs.expect("a stone captures groups");
            let (mut asked, mut answers) = (0, [0; 2]);
            visit_random_games(&game, 3, 20, |s, _| {
                let mut probes = Probes::default();
                for to in game.board.fields().filter(|&f| s.height(f) == 0) {
                    let searched = game.liberty_after_searched(s, rule, &dirs, to);
                    assert_eq!(game.liberty_after(s, rule, &dirs, to, &mut probes), searched, "{to} in {s:?}");
                    asked += 1;
                    answers[usize::from(searched)] += 1;
                }
                assert!(probes.groups.is_some());
            });
            // (Both answers met, many times.)
            assert!(asked > 1000 && answers.iter().all(|&n| n > 50), "{asked} {answers:?}");
        }
    }

    /// Simple ko: a placement that captures nothing is looked up in the
    /// history without playing; one that captures is left to playing.
    #[test]
    fn a_placement_that_captures_nothing_is_looked_up_in_the_history() {
        let game = go("Simple");
        let f = game.phases[0].plan.foresight.as_deref().expect("the filters are foreseen");
        let ko = f.filters[1].as_ref().expect("the ko filter");
        let mut s = game.initial_state();
        assert!(
            game.legal_moves(&s)
                .iter()
                .all(|&m| game.foresee(f, ko.after(m), &s, m, &mut Default::default()) == Some(true))
        );
        // Black on a1 and b2, White on b1, c2 and d1: Black's c1 takes b1.
        let field = |name: &str| game.board.field(name).expect("a point");
        for (name, owner) in [("a1", 0), ("b2", 0), ("b1", 1), ("c2", 1), ("d1", 1)] {
            s.push(field(name), Piece::new(0, owner));
        }
        let moves = game.legal_moves(&s);
        let taking = moves.iter().find(|m| m.to == field("c1")).expect("legal");
        assert_eq!(game.foresee(f, ko.after(*taking), &s, *taking, &mut Default::default()), None);
        let quiet = moves.iter().find(|m| m.to == field("e5")).expect("legal");
        assert_eq!(game.foresee(f, ko.after(*quiet), &s, *quiet, &mut Default::default()), Some(true));
    }
}
