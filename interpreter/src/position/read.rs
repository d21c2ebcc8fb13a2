//! Reading the parts of a position that take more than a line: the
//! board, the pools, the places of the players who finished, whether the
//! game goes on, a capture chain that goes on (see `Game::position_from_str`).

use crate::board::FieldId;
use crate::compile::locate::Seg;
use crate::compile::{Ctx, MAX_PIECES};
use crate::moves::NO_DIR;
use crate::piece::{NOBODY, Piece, Player};
use crate::position::PositionDef;
use crate::program::Game;
use crate::state::{Continuing, Pending, Pool, State};

impl Game {
    /// `board`: every stack, within its field's limit and the game's bound on pieces.
    pub(super) fn read_board(&self, ctx: &mut Ctx, def: &PositionDef, s: &mut State) {
        ctx.at(Seg::Field("board"), |ctx| {
            for (name, stack) in &def.board {
                ctx.at(Seg::Key(name.clone()), |ctx| {
                    let Some(f) = ctx.find("field", name, self.board.names()).map(|f| f as FieldId) else { return };
                    let pieces = self.read_pieces(ctx, stack, true);
                    let limit = self.fields[usize::from(f)].limit;
                    let height: u32 = pieces.iter().map(|&(_, n)| u32::from(n)).sum();
                    if height > u32::from(limit) {
                        ctx.error(format!("{height} pieces on {name:?}, whose stack limit is {limit}"));
                        return;
                    }
                    for (p, n) in pieces {
                        (0..n).for_each(|_| s.push(f, p));
                    }
                });
            }
            if s.total_pieces() > MAX_PIECES {
                ctx.error(format!("{} pieces on the board: a game has at most {MAX_PIECES}", s.total_pieces()));
            }
        });
    }

    /// `hand`, `prisoners` and `off`: each holder's pieces, theirs to hold.
    pub(super) fn read_pools(&self, ctx: &mut Ctx, def: &PositionDef, s: &mut State) {
        let players = self.player_count();
        for (pool, list, field) in [
            (Pool::Hand, &def.hand, "hand"),
            (Pool::Prisoners, &def.prisoners, "prisoners"),
            (Pool::Off, &def.off, "off"),
        ] {
            ctx.at(Seg::Field(field), |ctx| {
                if list.len() > usize::from(players) {
                    ctx.error(format!("expected one string per player ({players} at most)"));
                }
                for (holder, text) in list.iter().enumerate().take(usize::from(players)) {
                    ctx.at(Seg::Index(holder), |ctx| {
                        for (p, n) in self.read_pieces(ctx, text, true) {
                            // A hand holds pieces to bring in, and `off` pieces borne off: the holder's own.
                            if pool != Pool::Prisoners && p.owner != holder as Player && p.owner != NOBODY {
                                let theirs = self.piece_text(&Piece::new(p.kind, p.owner));
                                let own = self.piece_text(&Piece::new(p.kind, holder as Player));
                                ctx.error(format!(
                                    "{text:?}: {theirs:?} is a piece of player {}, and player {}'s {} holds only their own pieces ({own:?})",
                                    p.owner + 1,
                                    holder + 1,
                                    pool.name()
                                ));
                                continue;
                            }
                            if pool == Pool::Prisoners && p.owner == holder as Player && !self.may_imprison_own() {
                                ctx.error(format!(
                                    "{text:?}: {:?} is player {}'s own piece, and in this game a player's prisoners \
                                     are pieces taken from others",
                                    self.piece_text(&p),
                                    holder + 1
                                ));
                                continue;
                            }
                            // Counts are u16: a bound on all pieces keeps every sum in range.
                            if s.total_pieces() + u32::from(n) > MAX_PIECES {
                                ctx.error(format!("{text:?}: a game has at most {MAX_PIECES} pieces"));
                                return;
                            }
                            s.pool_add(pool, holder as Player, p.kind, p.owner, i32::from(n));
                        }
                    });
                }
            });
        }
    }

    /// `finished`: each player's place, 0 for one still playing.
    pub(super) fn read_finished(&self, ctx: &mut Ctx, def: &PositionDef, s: &mut State) {
        let players = self.player_count();
        if !def.finished.is_empty() {
            ctx.at(Seg::Field("finished"), |ctx| {
                if def.finished.len() != usize::from(players) {
                    ctx.error(format!("expected one place per player ({players}), 0 for one still playing"));
                }
                for (p, &place) in def.finished.iter().enumerate().take(usize::from(players)) {
                    if place > players && place != crate::state::OUT {
                        ctx.at(Seg::Index(p), |ctx| {
                            ctx.error(format!(
                                "a place is 0 (still playing) to {players}, or 255 (out, team not placed)"
                            ));
                        });
                    }
                    s.finished[p] = if place == crate::state::OUT { place } else { place.min(players) };
                }
            });
        }
    }

    /// A game that goes on has the player to move still playing, and two teams at least.
    pub(super) fn check_still_playing(&self, ctx: &mut Ctx, def: &PositionDef, s: &State) {
        let players = self.player_count();
        if s.outcome.is_none() && !def.finished.is_empty() {
            // A game going on has the player to move still playing, and two teams at least.
            let playing = |p: usize| s.finished[p] == 0;
            let mut teams = (0..usize::from(players)).filter(|&p| playing(p)).map(|p| self.teams[p]);
            let first = teams.next();
            ctx.at(Seg::Field("finished"), |ctx| {
                if !playing(usize::from(s.to_move)) {
                    ctx.error(format!(
                        "player {} is to move but has finished: give `to_move` a player still playing",
                        s.to_move + 1
                    ));
                } else if teams.all(|t| Some(t) == first) {
                    ctx.error("a game that goes on (no `outcome`) needs two teams with a player still playing");
                }
            });
        }
    }

    /// `continuing`: the field of a capture chain that goes on, with its direction and rules.
    pub(super) fn read_continuing(&self, ctx: &mut Ctx, def: &PositionDef, s: &mut State) {
        if let Some(name) = &def.continuing {
            ctx.at(Seg::Field("continuing"), |ctx| {
                let Some(f) = ctx.find("field", name, self.board.names()).map(|f| f as FieldId) else { return };
                let chains = self.chains_of(s, f);
                let Some(first) = chains.first() else {
                    ctx.error(format!("no piece of the player to move on {name:?} can go on capturing in this phase"));
                    return;
                };
                let has_rule = |c: &crate::program::rules::Chain| c.same_dir || c.not_same_dir;
                let (keeps, changes) = (chains.iter().any(has_rule), chains.iter().any(|c| !has_rule(c)));
                let dir = match (&def.direction, keeps, changes) {
                    (Some(d), true, _) => ctx
                        .at(Seg::Field("direction"), |ctx| ctx.find("direction", d, self.board.dir_names()))
                        .map_or(NO_DIR, |d| d as u8),
                    (Some(_), false, _) => {
                        ctx.error("this chain may change direction: leave `direction` out");
                        NO_DIR
                    }
                    (None, true, false) => {
                        ctx.error("this chain keeps its direction: give it as `direction`");
                        NO_DIR
                    }
                    (None, _, _) => NO_DIR,
                };
                let must = def.chain_must.unwrap_or(first.must);
                let at_end = def.chain_removes_at_end.unwrap_or(first.remove_at_end);
                // `direction` is the one a `NotSame` chain must not take (issue 44).
                let avoid = dir != NO_DIR && chains.iter().find(|c| has_rule(c)).is_some_and(|c| c.not_same_dir);
                s.continuing = Some(Continuing { field: f, must, dir, at_end, avoid });
            });
        }
    }

    /// `huff`: a capture left unused, where the phase huffs and a piece is marked as one that could have captured.
    pub(super) fn read_huff(&self, ctx: &mut Ctx, def: &PositionDef, s: &mut State) {
        let phase = &self.phases[usize::from(s.phase)];
        if def.huff {
            let huffing = phase.filters.contains(&crate::engine::Filter::Capture { huff: true });
            let marked = self.board.fields().any(|f| s.top(f).is_some_and(|p| p.mark && p.owner != s.to_move));
            if !huffing {
                ctx.at(Seg::Field("huff"), |ctx| {
                    ctx.error(format!("phase {:?} has no huffing (filters: [Capture(huff: True)])", phase.name));
                });
            } else if !marked {
                ctx.at(Seg::Field("huff"), |ctx| {
                    ctx.error("no piece of another player is marked (`*`) as one that could have captured");
                });
            } else {
                s.pending = Pending::Huff;
            }
        }
    }
}
