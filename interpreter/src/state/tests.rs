use crate::{Options, shipped};

/// A state's edition moves on with every change of its pieces or pools,
/// even one that is undone, and when another state is copied into it; a
/// copy starts at its original's edition. (Equal states may differ in
/// edition: it says "unchanged since", not "equal".)
#[test]
fn every_change_of_pieces_or_pools_makes_a_new_edition() {
    let game = shipped::game("seega", &Options::new()).expect("compiles");
    let mut s = game.initial_state();
    let copy = s.clone();
    assert_eq!(copy.edition(), s.edition());
    let was = s.edition();
    s.pool_add(super::Pool::Hand, 0, 0, 0, 1);
    s.pool_add(super::Pool::Hand, 0, 0, 0, -1);
    assert_ne!(s.edition(), was, "a pool count changed and back");
    let was = s.edition();
    let piece = super::Piece::new(0, 0);
    s.push(0, piece);
    s.pop(0);
    assert_ne!(s.edition(), was, "a piece put on and taken off");
    assert_eq!(s, copy, "the same position");
    // Another state with as many changes, but not the same ones, copied in.
    let mut other = copy.clone();
    (0..s.edits - copy.edits).for_each(|_| other.pool_add(super::Pool::Hand, 1, 0, 1, 1));
    let was = s.edition();
    s.clone_from(&other);
    assert_ne!(s.edition(), was, "another state copied in");
}

/// A top piece replaced in place leaves the state a pop and a push of
/// the new piece leave: the stacks, the position hash, the fields each
/// player tops, the pieces on the board; on every field of random
/// positions of Seneti (stacks, turned-over pieces), with the piece
/// turned over, given to the other player, and of another kind.
#[test]
fn a_top_replaced_in_place_is_a_pop_and_a_push() {
    let game = shipped::game("seneti", &Options::new()).expect("compiles");
    let mut replaced = 0;
    crate::shipped::testing::visit_random_games(&game, 3, 4, |s, _| {
        for f in 0..s.fields.len() as crate::board::FieldId {
            let Some(top) = s.top(f) else { continue };
            let changes = [
                super::Piece { flipped: !top.flipped, ..top },
                super::Piece { owner: (top.owner + 1) % s.players, ..top },
                super::Piece { kind: top.kind + 1, ..top },
            ];
            for piece in changes {
                let (mut a, mut b) = (s.clone(), s.clone());
                a.replace_top(f, piece);
                b.pop(f);
                b.push(f, piece);
                assert_eq!(a, b);
                assert_eq!(a.position_hash(), b.position_hash());
                assert_eq!(a.topped, b.topped);
                assert_eq!(
                    (0..s.players).map(|p| a.on_board(p)).collect::<Vec<_>>(),
                    (0..s.players).map(|p| b.on_board(p)).collect::<Vec<_>>()
                );
                replaced += 1;
            }
        }
    });
    assert!(replaced > 1_000, "only {replaced} tops replaced");
    let mut empty = game.initial_state();
    let before = empty.clone();
    empty.replace_top(0, super::Piece::new(0, 0));
    assert_eq!(empty, before, "no top, no change");
}

#[test]
fn the_same_position_reached_twice_hashes_the_same() {
    let game = shipped::game("seti-beth", &Options::new()).expect("compiles");
    let start = game.initial_state();
    let mut s = start.clone();
    for m in ["c1-c2", "c10-c9", "c2-c1", "c9-c10"] {
        let mv = game.parse_move(&s, m).expect("legal");
        game.play_unchecked(&mut s, mv);
    }
    assert_ne!(s, start, "the clocks moved on");
    assert_eq!(s.position_hash(), start.position_hash());
}

/// A state copied over another, of the same game or of another board and
/// players (a scratch state kept per thread serves every game), is its copy.
#[test]
fn a_state_copied_over_another_is_equal_to_its_source() {
    use std::hash::{BuildHasher, RandomState};
    let small = shipped::game("classic/tic-tac-toe", &Options::new()).expect("compiles");
    let large = shipped::game("traditional/ludo", &Options::new()).expect("compiles");
    let mut played = small.initial_state();
    let first = small.legal_moves(&played)[4];
    small.play_unchecked(&mut played, first);
    let hasher = RandomState::new();
    for source in [small.initial_state(), played.clone(), large.initial_state()] {
        for mut target in [small.initial_state(), played.clone(), large.initial_state()] {
            target.clone_from(&source);
            assert_eq!(target, source);
            assert_eq!(hasher.hash_one(&target), hasher.hash_one(&source));
            assert_eq!(target.fields_topped_by(0).collect::<Vec<_>>(), source.fields_topped_by(0).collect::<Vec<_>>());
            assert_eq!(target.topped_word(0), source.topped_word(0));
        }
    }
}

#[test]
fn states_the_rules_cannot_tell_apart_are_equal_and_hash_the_same() {
    use std::hash::{BuildHasher, RandomState};
    let game = shipped::game("seneti", &Options::new()).expect("compiles");
    let start = game.initial_state();
    let mut s = start.clone();
    // A piece put on a field and taken off again leaves its cell behind, unused.
    s.push(3, crate::piece::Piece::new(0, 1));
    s.pop(3);
    s.turn += 1; // no rule reads the turn number
    assert_eq!(s, start);
    let hasher = RandomState::new();
    assert_eq!(hasher.hash_one(&s), hasher.hash_one(&start));
    // A pass and an extra throw are state the rules read.
    let changes: [fn(&mut super::State); 3] = [|s| s.passed = true, |s| s.again = true, |s| s.passes = 1];
    for change in changes {
        let mut t = start.clone();
        change(&mut t);
        assert_ne!(t, start);
        assert_ne!(t.position_hash(), start.position_hash());
    }
}

/// A state without memory (no counters, marks or history: `state/memory.rs`)
/// is the same as one whose memory holds nothing: equal, hashing the same,
/// the same position; and a copy over another makes the memory of its
/// source, whichever of the two has one.
#[test]
fn a_state_without_memory_is_one_whose_memory_is_empty() {
    use std::hash::{BuildHasher, RandomState};
    let game = shipped::game("seega", &Options::new()).expect("compiles");
    let plain = game.initial_state();
    assert!(plain.memory.is_none(), "a game without counters, marks or history keeps no memory");
    let mut empty = plain.clone();
    empty.memory = Some(Box::default());
    let hasher = RandomState::new();
    assert_eq!(plain, empty);
    assert_eq!(hasher.hash_one(&plain), hasher.hash_one(&empty));
    assert_eq!(plain.position_hash(), empty.position_hash());
    // A state with counters copied over one without, and back.
    let mut counted = plain.clone();
    counted.set_counters(vec![3, 4]);
    assert_ne!(counted, plain);
    let mut copy = plain.clone();
    copy.clone_from(&counted);
    assert_eq!((&copy, copy.counters()), (&counted, &[3, 4][..]));
    copy.clone_from(&plain);
    assert_eq!(copy, plain);
    assert!(copy.memory.is_none());
    empty.clone_from(&counted);
    assert_eq!(empty, counted);
    // Setting nothing makes no memory.
    let mut s = plain.clone();
    s.set_counters(Vec::new());
    s.set_history(super::History::default());
    s.make_mark_slots(0);
    assert!(s.memory.is_none());
}

/// The kind kept for each field's top (`FieldTop::kind`)
/// is the kind of the piece on top, in every position of random games of
/// every shipped variant (stacks pushed, popped, taken from and added under,
/// tops replaced, promoted and turned over).
#[test]
fn the_kind_kept_for_each_top_is_the_top_pieces_kind() {
    let mut fields = 0;
    for (name, options, game) in crate::shipped::testing::variants() {
        crate::shipped::testing::visit_random_games(&game, 2, 3, |s, _| {
            for f in 0..s.fields.len() as crate::board::FieldId {
                assert_eq!(s.top_kind(f), s.top(f).map(|p| p.kind), "{name} {options:?}: field {f}");
                fields += 1;
            }
        });
    }
    assert!(fields > 100_000, "only {fields} fields");
}

/// A state keeps its pieces' key move by move where the game reads it
/// during play (a history of positions, a turn filter's search), and only
/// there; one that does not works out the same key when asked: along a
/// random game of every shipped variant, a copy that keeps it, played
/// alongside, has the same position hash and repetition key at every step.
#[test]
fn a_key_worked_out_is_the_key_kept() {
    use rand::SeedableRng;
    let mut unkept = Vec::new();
    let mut moves = Vec::new();
    for (name, options, game) in shipped::testing::variants() {
        let mut s = game.initial_state();
        assert_eq!(s.keeps_keys(), game.keys_kept, "{name} {options:?}");
        if !game.keys_kept {
            unkept.push(name);
        }
        let mut kept = s.with_keys().into_owned();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..300 {
            assert!(kept.keeps_keys());
            assert_eq!(s, kept, "{name} {options:?}");
            assert_eq!(s.position_hash(), kept.position_hash(), "{name} {options:?} at ply {}", s.ply());
            assert_eq!(s.repetition_key(s.to_move()), kept.repetition_key(s.to_move()), "{name} {options:?}");
            game.legal_moves_into(&s, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = crate::agents::pick(&game, &s, &moves, &mut rng);
            game.play_unchecked(&mut s, m);
            game.play_unchecked(&mut kept, m);
        }
    }
    for name in ["traditional/fox-and-hounds", "classic/tic-tac-toe", "traditional/english-draughts"] {
        assert!(unkept.contains(&name), "{name} keeps keys no rule reads");
    }
    // Repeated (ko, threefold repetition); MostValues (a turn's positions searched).
    for name in ["traditional/go", "classic/chess", "traditional/backgammon", "traditional/tabula"] {
        assert!(shipped::game(name, &Options::new()).expect("compiles").keys_kept, "{name}");
    }
}
