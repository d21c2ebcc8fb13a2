//! Reading the flat tests the compiler lowered (issue 48; see
//! `program/flat.rs`): each atom by the function the tree's atom calls.

use super::cond::{hand_empty, no_pieces, piece_on_board, tops_of_kinds};
use crate::board::NO_FIELD;
use crate::piece::Player;
use crate::program::Game;
use crate::program::flat::{Atom, Flat, Term};
use crate::state::State;

impl Game {
    /// Whether `t`, lowered for `me`, holds; `no_move`: whether `me` has no
    /// move, where that is known already, and kept here where a term asks
    /// it (the ends of one kind ask it once: in chess both checkmate and
    /// stalemate read it, and each made the legal moves).
    #[inline(always)]
    pub(super) fn flat_holds(&self, t: &Flat, s: &State, me: Player, no_move: &mut Option<bool>) -> bool {
        match t {
            Flat::One(term) => self.term_holds(term, s, me, no_move),
            // (Loops, not `all` and `any`: their closure was a call per term.)
            Flat::All(terms) => {
                for term in terms.iter() {
                    if !self.term_holds(term, s, me, no_move) {
                        return false;
                    }
                }
                true
            }
            Flat::Any(terms) => {
                for term in terms.iter() {
                    if self.term_holds(term, s, me, no_move) {
                        return true;
                    }
                }
                false
            }
        }
    }

    #[inline(always)]
    fn term_holds(&self, term: &Term, s: &State, me: Player, no_move: &mut Option<bool>) -> bool {
        self.atom_holds(&term.atom, s, me, no_move) != term.not
    }

    #[inline(always)]
    fn atom_holds(&self, atom: &Atom, s: &State, me: Player, no_move: &mut Option<bool>) -> bool {
        match atom {
            Atom::Phase(n) => s.phase == *n,
            Atom::NoMoves => *no_move.get_or_insert_with(|| self.no_moves_apart(s)),
            Atom::OnBoard(p, n) => s.on_board(*p) >= u32::from(*n),
            Atom::NoPieces(p) => no_pieces(s, *p),
            Atom::HandEmpty(p) => hand_empty(s, *p),
            Atom::PieceOnBoard(p, kinds) => piece_on_board(s, *p, *kinds),
            Atom::PieceIn(p, kinds, zone) => self.piece_in(s, *p, *kinds, *zone),
            // (Read here, not by a call: asked after every move where it is an end, and rarely true.)
            Atom::PieceInWord(p, kinds, zone) => {
                let tops = zone & s.topped_first_word(*p);
                tops != 0 && tops_of_kinds(s, tops, *kinds)
            }
            Atom::CountIn(p, zone, n) => self.count_in(s, *zone, *p) >= u32::from(*n),
            Atom::LimitReached => self.max_plies > 0 && s.ply >= self.max_plies,
            Atom::Counter(slot, t) => t.passes(s.counter(usize::from(*slot))),
            Atom::MovedLine(lines) => self.made_line_by_masks(s, lines),
            Atom::Tree(t) => self.tree_holds(t, s, me),
        }
    }

    // The two atoms below are read out of line: inlined here (the tree's
    // `eval` is written to inline), the loads they make ready were made on
    // every call of the ends, in games whose ends have neither (issue 48).

    /// [`Game::no_moves`], out of line.
    #[inline(never)]
    fn no_moves_apart(&self, s: &State) -> bool {
        self.no_moves(s)
    }

    /// A condition kept as its tree, read by [`Game::eval`] out of line.
    #[inline(never)]
    fn tree_holds(&self, t: &crate::program::Cond, s: &State, me: Player) -> bool {
        self.eval(t, s, me, NO_FIELD)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::NO_FIELD;
    use crate::shipped::testing::{variants, visit_random_games};
    use crate::{Game, Options, shipped};

    /// Along random games of every shipped ruleset and option value, every
    /// end condition's flat test says what its tree says, for every player.
    #[test]
    fn every_flat_end_says_what_its_tree_says() {
        let mut tested = 0;
        for (name, options, game) in variants() {
            let flat = game.plan.ends.as_ref().expect("ends lowered flat");
            visit_random_games(&game, 31, 2, |s, _| {
                for me in 0..game.player_count() {
                    for (i, test) in
                        flat.after_move[usize::from(me)].iter().chain(&*flat.start_of_turn[usize::from(me)])
                    {
                        let tree = game.eval(&game.ends[usize::from(*i)].test, s, me, NO_FIELD);
                        assert_eq!(
                            game.flat_holds(test, s, me, &mut None),
                            tree,
                            "{name} {options:?} end {i} for {me}"
                        );
                        tested += 1;
                    }
                }
            });
        }
        assert!(tested > 10_000, "only {tested} tests");
    }

    /// Conditions of every shape a flat test takes (and some it does not),
    /// naming every kind of player, put as the ends of a twin of a shipped
    /// ruleset (of two players, and of four with and without teams), read
    /// flat and as trees in the positions of random games of the ruleset
    /// itself: the same, for every player.
    #[test]
    fn flat_ends_of_every_shape_say_what_their_trees_say() {
        let two = ["Me", "Opponent", "Next", "Previous", "Player(1)", "Player(2)", "Starter", "NotStarter"];
        let four = ["Me", "Next", "Previous", "Player(1)", "Player(4)", "Starter", "AnyOpponent", "EveryOpponent"];
        let twins = [
            ("traditional/fox-and-hounds", "", "Fox", "goal", "chase", &two[..]),
            ("traditional/fox-and-hounds", "", "Hound", "start", "placement", &two[..]),
            ("traditional/ludo", "", "Pawn", "start", "race", &four[..]),
            ("traditional/ludo", "partners", "Pawn", "start", "race", &four[..]),
        ];
        let mut tested = 0;
        for (name, option, kind, zone, phase, whos) in twins {
            let options: Options = [(option, "true")]
                .into_iter()
                .filter(|(o, _)| !o.is_empty())
                .map(|(o, v)| (o.to_string(), v.to_string()))
                .collect();
            let game = shipped::game(name, &options).expect("compiles");
            let mut atoms = vec![format!("Phase(\"{phase}\")"), "NoMoves".into(), "LimitReached".into()];
            for w in whos {
                atoms.extend([
                    format!("OnBoard({w}, 1)"),
                    format!("OnBoard({w}, 4)"),
                    format!("NoPieces({w})"),
                    format!("HandEmpty({w})"),
                    format!("PieceOnBoard({w}, [\"{kind}\"])"),
                    format!("PieceIn({w}, [\"{kind}\"], \"{zone}\")"),
                    format!("CountIn({w}, \"{zone}\", 1)"),
                ]);
            }
            let mut conds: Vec<String> = atoms.iter().flat_map(|a| [a.clone(), format!("Not({a})")]).collect();
            for (a, b) in atoms.iter().zip(atoms.iter().skip(1)) {
                conds.extend([
                    format!("All([{a}, {b}])"),
                    format!("Any([{a}, {b}])"),
                    format!("Not(All([{a}, Not({b})]))"),
                    format!("Not(Any([{a}, {b}]))"),
                    format!("All([{a}, Any([Not({a}), {b}]), True])"),
                ]);
            }
            let ends: String = conds
                .iter()
                .map(|c| format!("(at: AfterMove, cond: {c}, result: Draw, reason: \"shape\"),\n"))
                .collect();
            let text =
                shipped::text(name).expect("shipped").replacen("    end: [\n", &format!("    end: [\n{ends}"), 1);
            let twin = Game::from_source(&text, name, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
            let flat = twin.plan.ends.as_ref().expect("ends lowered flat");
            let mut positions = 0;
            visit_random_games(&game, 7, 1, |s, _| {
                positions += 1;
                for me in 0..twin.player_count() {
                    for (i, test) in flat.after_move[usize::from(me)].iter() {
                        let t = &twin.ends[usize::from(*i)].test;
                        let tree = twin.eval(t, s, me, NO_FIELD);
                        assert_eq!(
                            twin.flat_holds(test, s, me, &mut None),
                            tree,
                            "{name} {option}: {t:?} for {me} as {test:?}"
                        );
                        tested += 1;
                    }
                }
            });
            assert!(positions > 20, "{name}: {positions} positions");
        }
        assert!(tested > 100_000, "only {tested} tests");
    }
}
