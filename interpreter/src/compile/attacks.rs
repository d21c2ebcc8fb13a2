//! The attack tables (issue 45): each capturing motion of each phase
//! reversed once, so that the engine asks "is this field attacked" by
//! looking outward from it (see `program/attacks.rs`, `engine/attack.rs`).

use crate::board::{FieldId, NO_FIELD};
use crate::piece::Captured;
use crate::program::Cond;
use crate::program::Game;
use crate::program::attacks::{Attacker, Attacks, Ray, Reversed, RoyalSafety, SlideDir, Toward};
use crate::program::rules::{Effect, Motion, Phase, Reach, Rule};
use crate::ruleset::{Arrive, Carry, OnJumped};

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
    let phases: Vec<Vec<Attacker>> = game
        .phases
        .iter()
        .map(|phase| {
            let rules = phase.rules.iter().enumerate();
            rules
                .filter_map(|(i, rule)| reversed(game, rule, unique).map(|by| Attacker { rule: i as u8, by }))
                .collect()
        })
        .collect();
    let safety = game
        .phases
        .iter()
        .zip(&phases)
        .map(|(phase, attackers)| {
            let mut plan = safety(game, phase, attackers, royal)?;
            plan.rays = rays(game, &back, dirs, &plan.dirs);
            Some(plan)
        })
        .collect();
    Attacks { royal, phases, back, dirs, safety }
}

/// The royal filter's fast path for `phase` (`engine/royal_safety.rs`), where
/// it can be proven to answer as playing and testing does: every rule that
/// attacks is a step, a leap or a slide over empty fields (looked at
/// backwards: `Reversed::Table`, `Reversed::Slide`) whose `only_if` reads
/// only the player and phase, and whose `from` and `to` only the field under
/// test and what stands on it (or whose `to` never holds on an enemy piece);
/// no field sends a piece on and no piece captured stays on the board. Then only the fields a plain move leaves and
/// lands on change what attacks a royal piece that stays where it is.
fn safety(game: &Game, phase: &Phase, attackers: &[Attacker], royal: u32) -> Option<RoyalSafety> {
    let captured_off =
        |k: &crate::piece::Kind| matches!(k.captured, Captured::Remove | Captured::ToHand | Captured::ToOwner);
    if royal == 0
        || game.board.dir_names().len() > 64
        || game.fields.iter().any(|f| f.send_to.is_some())
        || !game.kinds.iter().all(captured_off)
    {
        return None;
    }
    let mut slide_dirs: Vec<u64> = Vec::with_capacity(attackers.len());
    for a in attackers {
        let rule = &phase.rules[usize::from(a.rule)];
        let inert = !may_hold_on_enemy(&rule.to);
        let reads_little = rule.only_if_for.iter().all(reads_player_only)
            && reads_the_field_only(&rule.from)
            && reads_the_field_only(&rule.to)
            && rule.carry == Carry::Piece
            && rule.on_jumped == OnJumped::Capture;
        if !inert && !reads_little {
            return None;
        }
        slide_dirs.push(match (&a.by, &rule.motion) {
            (Reversed::Table(_), _) => 0,
            // A slide over empty fields, whatever else its `pass` allows (slides stop at a piece).
            (Reversed::Slide, Motion::Slide { dirs, pass, .. })
                if pass.tops_mask().is_some_and(|m| m & Cond::EMPTY != 0) =>
            {
                dirs.iter().fold(0, |m, &d| m | 1 << d)
            }
            _ => return None,
        });
    }
    let pieces = |a: &Attacker| phase.rules[usize::from(a.rule)].pieces;
    let dirs = (0..64)
        .filter_map(|d: u8| {
            let along: Vec<u8> =
                (0..attackers.len()).filter(|&a| slide_dirs[a] >> d & 1 != 0).map(|a| a as u8).collect();
            let kinds = along.iter().fold(0, |m, &a| m | pieces(&attackers[usize::from(a)]));
            (!along.is_empty()).then_some(SlideDir { dir: d, attackers: along, kinds })
        })
        .collect();
    let plain = phase.rules.iter().map(|rule| plain(rule, royal)).collect();
    let lands = attackers.iter().map(|a| lands(game, &phase.rules[usize::from(a.rule)])).collect();
    let toward = toward(game, attackers, pieces)?;
    // (A field past 63 in a list: every field, so that no list is passed by its mask.)
    let bit = |f: FieldId| if f < 64 { 1u64 << f } else { u64::MAX };
    let toward_fields = toward.iter().map(|list| list.iter().fold(0, |m, t| m | bit(t.from))).collect();
    Some(RoyalSafety { plain, dirs, toward, toward_fields, lands, rays: Vec::new() })
}

/// Per field and slide direction of `along` (see `RoyalSafety::rays`), the
/// fields back along it from the field, where `back` (the links reversed,
/// `ndirs` a field) leads through them in rising or falling order and ends
/// (at the board's edge, or back at the field); empty where the board's
/// occupancy is not one word.
fn rays(game: &Game, back: &[FieldId], ndirs: usize, along: &[SlideDir]) -> Vec<Option<Ray>> {
    if !game.occupancy_is_one_word() || back.len() != game.board.len() * ndirs {
        return Vec::new();
    }
    let ray = |k: FieldId, d: u8| {
        let (mut at, mut fields, mut order) = (k, 0u64, Vec::new());
        loop {
            at = back[usize::from(at) * ndirs + usize::from(d)];
            if at == NO_FIELD || at == k {
                break;
            }
            if fields >> at & 1 != 0 {
                // (A loop that does not come back to `k`: the scan's walk bounds it.)
                return None;
            }
            fields |= 1 << at;
            order.push(at);
        }
        let rising = order.windows(2).all(|w| w[0] < w[1]);
        (rising || order.windows(2).all(|w| w[0] > w[1])).then_some(Ray { fields, rising })
    };
    game.board.fields().flat_map(|k| along.iter().map(move |a| ray(k, a.dir))).collect()
}

/// Where `rule`'s piece may land, each player's masks one after another
/// (see `RoyalSafety::lands`); `None` where some player's are not masks.
fn lands(game: &Game, rule: &Rule) -> Option<Vec<u8>> {
    let players = game.player_count();
    let per_player: Option<Vec<Vec<u8>>> = (0..players).map(|me| game.landing_masks_for(rule, me)).collect();
    Some(per_player?.concat())
}

/// Per field, the fields each step or leap attacks it from, merged (see
/// `RoyalSafety::toward`); `None` where more than 64 attackers would not fit a word.
fn toward(game: &Game, attackers: &[Attacker], pieces: impl Fn(&Attacker) -> u32) -> Option<Vec<Vec<Toward>>> {
    if attackers.len() > 64 {
        return None;
    }
    let fields = game.board.fields().map(|k| {
        let mut toward: Vec<Toward> = Vec::new();
        for (a, attacker) in attackers.iter().enumerate() {
            let Reversed::Table(reach) = &attacker.by else { continue };
            for &(from, _) in reach.from(k) {
                let at = toward.iter().position(|t| t.from == from).unwrap_or_else(|| {
                    toward.push(Toward { from, kinds: 0, attackers: 0 });
                    toward.len() - 1
                });
                toward[at].kinds |= pieces(attacker);
                toward[at].attackers |= 1 << a;
            }
        }
        toward
    });
    Some(fields.collect())
}

/// Whether `rule`'s moves only take the moved piece from its field to where
/// it lands, capturing there and nowhere else, moving no second piece and
/// making no royal piece: what the fast path's reasoning covers.
fn plain(rule: &Rule, royal: u32) -> bool {
    let motion = matches!(
        rule.motion,
        Motion::Step(_) | Motion::Leap(_) | Motion::Slide { .. } | Motion::Run { .. } | Motion::Fly
    );
    let effects = rule.effects.iter().all(|e| match e {
        Effect::Counter(_) | Effect::CounterIf(_) | Effect::Mark(_) => true,
        Effect::Promote { to, choices, .. } => (1 << to | choices) & royal == 0,
        _ => false,
    });
    motion
        && effects
        && rule.arrive == Arrive::Capture
        && rule.carry == Carry::Piece
        && rule.continues.is_none()
        && rule.choices.as_ref().is_none_or(|c| c.0.iter().all(|&k| royal >> k & 1 == 0))
        && rule.run_choices.is_empty()
}

/// Whether a test may hold on a field an enemy piece tops (`false`: it never does).
fn may_hold_on_enemy(c: &Cond) -> bool {
    if let Some(mask) = c.tops_mask() {
        return mask & Cond::ENEMY != 0;
    }
    match c {
        Cond::All(ts) => ts.iter().all(may_hold_on_enemy),
        Cond::Any(ts) => ts.iter().any(may_hold_on_enemy),
        Cond::ByTops { yes, no, rest } => {
            no & Cond::ENEMY != Cond::ENEMY && (yes & Cond::ENEMY != 0 || may_hold_on_enemy(rest))
        }
        _ => true,
    }
}

/// Whether a test reads only the field under test (where it is, what stands on it) and the player.
fn reads_the_field_only(c: &Cond) -> bool {
    match c {
        Cond::All(ts) | Cond::Any(ts) => ts.iter().all(reads_the_field_only),
        Cond::Not(t) => reads_the_field_only(t),
        Cond::ByTops { rest, .. } => reads_the_field_only(rest),
        Cond::True
        | Cond::False
        | Cond::Empty
        | Cond::Own
        | Cond::Enemy
        | Cond::Tops(_)
        | Cond::Top(_)
        | Cond::Has(_)
        | Cond::Height(_)
        | Cond::Full
        | Cond::InZone(_)
        | Cond::Type(_)
        | Cond::Fields(_)
        | Cond::FieldsFor(_)
        | Cond::Open
        | Cond::Closed
        | Cond::TopFace(_)
        | Cond::PlayerIs(_)
        | Cond::Phase(_) => true,
        _ => false,
    }
}

/// Whether a state test reads only the player and the phase (which a move leaves).
fn reads_player_only(c: &Cond) -> bool {
    match c {
        Cond::All(ts) | Cond::Any(ts) => ts.iter().all(reads_player_only),
        Cond::Not(t) => reads_player_only(t),
        Cond::True | Cond::False | Cond::PlayerIs(_) | Cond::Phase(_) => true,
        _ => false,
    }
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
