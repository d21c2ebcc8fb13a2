//! Setting up a position by hand: pieces put on and taken off, whose turn
//! it is, a throw already made. The position is checked by the same reader
//! as position files (`Game::position_from_str`), so a position the
//! ruleset does not allow is an error with its reason, never a panic.
//! No egui here.

use tabula::{FieldId, Game, Piece, Player, PositionDef, State};

/// What a click on a field does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// Puts a piece of this kind and owner on top of the field.
    Put { kind: u8, owner: Player },
    /// Takes the top piece off.
    Remove,
    /// Turns the top piece over (closed or open).
    Flip,
}

/// A position being set up, from the one on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// Everything but the board, as the position file says it (pools, phase, turn).
    def: PositionDef,
    /// The stacks, bottom first, one per field.
    pub stacks: Vec<Vec<Piece>>,
    /// The player to move, 0-based.
    pub to_move: Player,
    /// A throw already made, that the player to move now plays.
    pub throw: Option<u8>,
    /// The pool of dice thrown this turn, where the game throws one: each
    /// die's value and whether it is spent (issue 45).
    pub pool: Vec<(u8, bool)>,
    pub brush: Brush,
    /// Why the position cannot be played, as last checked.
    pub problems: Vec<String>,
}

/// The pieces a position of this game can hold, as `(kind, owner)`, in the
/// order of the kinds and then of the players: each kind for the players
/// who have it at the start (on the board or in a pool); a kind nobody has
/// at the start (one that a promotion makes) for every player who has any
/// piece at the start; a neutral kind (seeds) once, owned by nobody.
pub fn palette(game: &Game) -> Vec<(u8, Player)> {
    let start = game.initial_state();
    let players = game.player_count();
    let kinds = game.kinds().len();
    // has[kind][owner], the owner NOBODY folded into the last column.
    let mut has = vec![vec![false; usize::from(players) + 1]; kinds];
    let column = |owner: Player| if owner == tabula::NOBODY { usize::from(players) } else { usize::from(owner) };
    for f in game.board().fields() {
        for p in start.stack(f) {
            if let Some(row) = has.get_mut(usize::from(p.kind)) {
                row[column(p.owner)] = true;
            }
        }
    }
    for pool in tabula::Pool::ALL {
        for holder in 0..players {
            for (k, row) in has.iter_mut().enumerate() {
                for owner in 0..players {
                    if start.pool(pool, holder, k as u8, owner) > 0 {
                        row[usize::from(owner)] = true;
                    }
                }
            }
        }
    }
    let starters: Vec<bool> = (0..usize::from(players)).map(|o| has.iter().any(|row| row[o])).collect();
    let mut out = Vec::new();
    for (k, kind) in game.kinds().iter().enumerate() {
        if kind.neutral {
            out.push((k as u8, tabula::NOBODY));
            continue;
        }
        let anyone = has[k][..usize::from(players)].iter().any(|&h| h);
        for owner in 0..players {
            let offered = if anyone { has[k][usize::from(owner)] } else { starters[usize::from(owner)] };
            if offered {
                out.push((k as u8, owner));
            }
        }
    }
    // A game that starts empty of every piece (Go on an empty board): every
    // kind for every player.
    if out.iter().all(|&(_, o)| o == tabula::NOBODY) && !starters.iter().any(|&s| s) {
        for (k, _) in game.kinds().iter().enumerate().filter(|(_, k)| !k.neutral) {
            out.extend((0..players).map(|o| (k as u8, o)));
        }
    }
    out
}

impl Setup {
    pub fn new(game: &Game, state: &State) -> Setup {
        let text = game.position_to_string(state);
        let def: PositionDef = ron::from_str(&text).unwrap_or_default();
        Setup {
            stacks: game.board().fields().map(|f| state.stack(f).to_vec()).collect(),
            to_move: state.to_move(),
            throw: state.last_throw().filter(|_| def.throw.is_some()),
            pool: state.dice().thrown().collect(),
            brush: palette(game).first().map_or(Brush::Remove, |&(kind, owner)| Brush::Put { kind, owner }),
            problems: Vec::new(),
            def,
        }
    }

    /// Applies the brush to a field.
    pub fn click(&mut self, game: &Game, field: FieldId) {
        let f = usize::from(field);
        if f >= self.stacks.len() {
            return;
        }
        match self.brush {
            Brush::Put { kind, owner } => {
                let mut piece = Piece::new(kind, owner);
                // A die keeps the orientation its kind starts with (any piece of it in the game).
                if let Some(p) = self.stacks.iter().flatten().find(|p| p.kind == kind) {
                    piece.orient = p.orient;
                }
                piece.flipped = game.kinds().get(usize::from(kind)).is_some_and(|k| k.enters_flipped);
                self.stacks[f].push(piece);
            }
            Brush::Remove => {
                self.stacks[f].pop();
            }
            Brush::Flip => {
                if let Some(p) = self.stacks[f].last_mut() {
                    p.flipped = !p.flipped;
                }
            }
        }
    }

    pub fn clear(&mut self) {
        self.stacks.iter_mut().for_each(Vec::clear);
    }

    /// The phase the position is in (the first where none is said).
    pub fn phase<'g>(&self, game: &'g Game) -> &'g str {
        let named = self.def.phase.as_deref().and_then(|p| game.phase_names().find(|&n| n == p));
        named.or_else(|| game.phase_names().next()).unwrap_or_default()
    }

    /// Puts the position in another phase: an endgame is set up in the
    /// phase it is played in, not the opening's. What a phase counts of its
    /// own (decisions left) starts afresh.
    pub fn set_phase(&mut self, phase: &str) {
        if self.def.phase.as_deref() != Some(phase) {
            self.def.phase = Some(phase.to_string());
            self.def.decisions_left = None;
        }
    }

    /// The position as a position file says it.
    pub fn to_text(&self, game: &Game) -> String {
        let mut def = self.def.clone();
        def.board = game
            .board()
            .fields()
            .filter(|&f| !self.stacks[usize::from(f)].is_empty())
            .map(|f| {
                let stack: String = self.stacks[usize::from(f)].iter().map(|p| game.piece_text(p)).collect();
                (game.board().name(f).to_string(), stack)
            })
            .collect();
        def.to_move = self.to_move + 1;
        def.throw = self.throw;
        def.dice = self.pool.iter().filter(|d| !d.1).map(|d| d.0).collect();
        def.spent = self.pool.iter().filter(|d| d.1).map(|d| d.0).collect();
        if (&def.dice, &def.spent) != (&self.def.dice, &self.def.spent) {
            // Another pool: its dice left say how many moves the turn has.
            def.decisions_left = None;
        }
        // A throw made is no throw due; without one, the phase's throw is.
        def.throw_due = None;
        // The piece that was going on capturing may be gone.
        def.continuing = None;
        let pretty = ron::ser::PrettyConfig::default().struct_names(true);
        ron::ser::to_string_pretty(&def, pretty).unwrap_or_default()
    }

    /// Adds a die to the pool (showing the game's smallest face), up to the
    /// most a pool holds; false if it cannot.
    pub fn add_die(&mut self, game: &Game) -> bool {
        let (faces, _) = game.pool_faces();
        match faces.first() {
            Some(&v) if self.pool.len() < tabula::MOST_DICE => {
                self.pool.push((v, false));
                true
            }
            _ => false,
        }
    }

    /// The position, checked against the ruleset; the problems are kept for the window.
    pub fn state(&mut self, game: &Game) -> Option<State> {
        match game.position_from_str(&self.to_text(game), "the position set up") {
            Ok(state) => {
                self.problems.clear();
                Some(state)
            }
            Err(e) => {
                // Each problem with the part of the position it is in (`dice`, `board.c3`).
                self.problems = e
                    .diagnostics
                    .iter()
                    .map(|d| if d.path.is_empty() { d.message.clone() } else { format!("{}: {}", d.path, d.message) })
                    .collect();
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::{Options, shipped};

    #[test]
    fn the_palette_offers_only_the_game_s_pieces() {
        let names = |game: &Game| -> Vec<String> {
            palette(game)
                .into_iter()
                .map(|(k, o)| {
                    let kind = &game.kinds()[usize::from(k)].name;
                    match game.players().get(usize::from(o)) {
                        Some(player) => format!("{player} {kind}"),
                        None => kind.clone(),
                    }
                })
                .collect()
        };
        let game = |name: &str| tabula::shipped::game(name, &tabula::Options::new()).expect("compiles");
        // A kind nobody has at the start (a promotion's) goes to every player.
        assert_eq!(
            names(&game("traditional/english-draughts")),
            ["Black Man", "White Man", "Black King", "White King"]
        );
        // A kind one side has at the start is that side's only.
        let tafl = names(&game("traditional/brandubh"));
        assert!(
            tafl.contains(&"Defenders King".to_string()) && !tafl.contains(&"Attackers King".to_string()),
            "{tafl:?}"
        );
        // Nobody's seeds once; a game of pieces in hand offers them.
        assert_eq!(names(&game("traditional/kalah")), ["Seed"]);
        assert!(!names(&game("traditional/ur")).is_empty());
    }

    #[test]
    fn a_position_set_up_is_read_back_and_a_wrong_one_is_refused() {
        let game = shipped::game("classic/breakthrough", &Options::new()).expect("compiles");
        let mut setup = Setup::new(&game, &game.initial_state());
        assert_eq!(setup.state(&game).as_ref(), Some(&game.initial_state()), "unchanged, it is the same position");
        setup.clear();
        let field = |name: &str| game.board().fields().find(|&f| game.board().name(f) == name).expect("a field");
        setup.click(&game, field("d4"));
        setup.to_move = 1;
        let state = setup.state(&game).expect("a valid position");
        assert_eq!(state.stack(field("d4")).len(), 1);
        assert_eq!(state.to_move(), 1);
        // Two pieces on a field that holds one.
        setup.click(&game, field("d4"));
        assert_eq!(setup.state(&game), None);
        assert!(setup.problems.iter().any(|p| p.contains("stack limit")), "{:?}", setup.problems);
        setup.brush = Brush::Remove;
        setup.click(&game, field("d4"));
        assert!(setup.state(&game).is_some());
    }

    #[test]
    fn an_endgame_is_set_up_in_the_phase_it_is_played_in_with_its_throw() {
        let game = shipped::game("senet", &Options::new()).expect("compiles");
        let mut setup = Setup::new(&game, &game.initial_state());
        assert_eq!(setup.phase(&game), "opening");
        setup.set_phase("race");
        setup.throw = Some(2);
        let state = setup.state(&game).expect("a valid position");
        assert_eq!(game.phase_name(state.phase()), "race");
        assert_eq!(state.last_throw(), Some(2), "the throw set is kept");
        let moves: Vec<String> = game.legal_moves(&state).iter().map(|&m| game.move_text(m)).collect();
        assert!(!moves.is_empty() && moves.iter().all(|m| m != "pass"), "the throw is played: {moves:?}");
    }

    #[test]
    fn a_pool_of_dice_is_set_and_a_value_no_die_shows_is_refused() {
        let game = shipped::game("traditional/tabula", &Options::new()).expect("compiles");
        let mut setup = Setup::new(&game, &game.initial_state());
        assert!(setup.pool.is_empty(), "no dice thrown at the start");
        assert!(setup.add_die(&game) && setup.add_die(&game));
        setup.pool[1] = (4, true);
        let state = setup.state(&game).expect("a valid position");
        assert_eq!(state.dice().thrown().collect::<Vec<_>>(), [(1, false), (4, true)]);
        assert_eq!(Setup::new(&game, &state).pool, setup.pool, "read back as set");
        setup.pool[0].0 = 9;
        assert_eq!(setup.state(&game), None);
        assert!(
            setup.problems.iter().any(|p| p.starts_with("dice") && p.contains("no die shows 9")),
            "{:?}",
            setup.problems
        );
        // A game without a pool has no die to add.
        let senet = shipped::game("senet", &Options::new()).expect("compiles");
        assert!(!Setup::new(&senet, &senet.initial_state()).add_die(&senet));
    }
}
