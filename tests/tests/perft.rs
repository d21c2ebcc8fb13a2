//! Perft: the number of legal move sequences of each length from the start,
//! against the counts published for other engines (`tests/perft.txt`), and
//! for the test rulesets of tests/blocks/ against counts made by hand.

use tabula_tests::{shipped_game, workspace};

/// A shipped ruleset at its default options, or a test ruleset's:
/// `blocks/NAME` is tests/blocks/NAME.ron.
fn game_named(name: &str) -> tabula::Game {
    match name.strip_prefix("blocks/") {
        Some(block) => {
            let path = workspace().join(format!("tests/blocks/{block}.ron"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            tabula_tests::compile(&text, name, &tabula::Options::new())
        }
        None => shipped_game(name),
    }
}

#[test]
fn perft_counts_match_the_published_ones() {
    assert!(check_perft_lines(false) >= 19);
}

/// The lines of tests/perft.txt marked `slow` (deep counts, minutes in a
/// debug build): `cargo test -p tabula-tests --release --test perft -- --ignored`.
#[test]
#[ignore = "slow: deep perft counts"]
fn slow_perft_counts_match_the_published_ones() {
    assert!(check_perft_lines(true) >= 1);
}

/// Checks the lines of tests/perft.txt, the slow ones or the others: `ruleset
/// depth leaves`, then optionally options (`name=value,name=value`) and `slow`.
/// Returns how many were checked.
fn check_perft_lines(slow: bool) -> usize {
    let text = std::fs::read_to_string(workspace().join("tests/perft.txt")).expect("tests/perft.txt");
    let mut checked = 0;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let (name, depth, want, rest) = match parts[..] {
            [name, depth, want, ref rest @ ..] if rest.len() <= 2 => (name, depth, want, rest),
            _ => panic!("bad line {line:?}"),
        };
        let is_slow = rest.last() == Some(&"slow");
        let options = rest.iter().find(|&&p| p != "slow");
        if is_slow != slow {
            continue;
        }
        let game = match options {
            None => game_named(name),
            Some(options) => game_with(name, options),
        };
        let got = game.perft(&game.initial_state(), depth.parse().expect("depth"));
        assert_eq!(got, want.parse::<u64>().expect("count"), "{line}: {name} perft({depth})");
        checked += 1;
    }
    checked
}

/// A ruleset (shipped, or `blocks/NAME`) under options written `name=value,name=value`.
fn game_with(name: &str, options: &str) -> tabula::Game {
    let mut set = tabula::Options::new();
    for pair in options.split(',') {
        set.set_pair(pair).unwrap_or_else(|e| panic!("{name}: option {pair:?}: {e}"));
    }
    let text = match name.strip_prefix("blocks/") {
        Some(block) => std::fs::read_to_string(workspace().join(format!("tests/blocks/{block}.ron"))).expect("a block"),
        None => tabula::shipped::text(name).unwrap_or_else(|| panic!("no shipped ruleset {name}")).to_string(),
    };
    tabula_tests::compile(&text, name, &set)
}

#[test]
fn divide_adds_up_to_perft() {
    let game = shipped_game("seega");
    let state = game.initial_state();
    let total: u64 = game.perft_divide(&state, 3).iter().map(|(_, n)| n).sum();
    assert_eq!(total, game.perft(&state, 3));
    assert_eq!(game.perft(&state, 1), 24);
}

#[path = "../../interpreter/benches/reference/mod.rs"]
#[allow(dead_code)] // the benchmark uses their playouts
mod reference;

/// The hand-written Breakthrough of the benchmark plays the same game as the
/// ruleset: their perft counts agree (so comparing their speed is fair).
#[test]
fn breakthrough_by_hand_counts_the_same_as_the_ruleset() {
    let name = "classic/breakthrough";
    let game = shipped_game(name);
    let start = <reference::breakthrough::Position as reference::Position>::start();
    for depth in 1..=4 {
        assert_eq!(reference::perft(&start, depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
}

/// The hand-written Seega plays the same game as the ruleset: equal perft
/// counts from the start (placement), and along seeded random games from the
/// movement phase on, at each start of a turn (steps, captures, capture
/// chains, passes, the end).
#[test]
fn seega_by_hand_counts_the_same_as_the_ruleset() {
    use rand::{SeedableRng, seq::IndexedRandom};
    let game = shipped_game("seega");
    let start = <reference::seega::Position as reference::Position>::start();
    for depth in 1..=3 {
        assert_eq!(reference::perft(&start, depth), game.perft(&game.initial_state(), depth), "depth {depth}");
    }
    let mut compared = 0;
    for seed in 0..4 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        while !state.is_over() && state.ply() < 200 {
            if state.phase() == 1 && state.continuing().is_none() && state.ply() % 10 < 2 {
                let mut board = [0; 25];
                for f in game.board().fields() {
                    let name = game.board().name(f).as_bytes();
                    let index = usize::from(name[1] - b'1') * 5 + usize::from(name[0] - b'a');
                    board[index] = state.top(f).map_or(0, |p| p.owner + 1);
                }
                let by_hand = reference::seega::Position::movement(board, state.to_move(), state.ply());
                for depth in 1..=3 {
                    let want = game.perft(&state, depth);
                    assert_eq!(
                        reference::perft(&by_hand, depth),
                        want,
                        "seed {seed}, ply {}, depth {depth}",
                        state.ply()
                    );
                }
                compared += 1;
            }
            let m = *game.legal_moves(&state).choose(&mut rng).expect("a move");
            state = game.play(state, m).expect("legal");
        }
    }
    assert!(compared >= 40, "compared only {compared} positions");
}

/// Alquerque's three readings of "men never move back" (option `reading`),
/// each against the counts of two independent programs (the note).
#[test]
fn alquerque_readings_count_as_published() {
    let counts = [
        ("NeverBack", [4, 5, 6, 12, 21, 76, 239, 890]),
        ("CapturesAnyDirection", [4, 5, 6, 12, 27, 97, 426, 1924]),
        ("AnyDirection", [4, 5, 6, 12, 29, 109, 541, 2730]),
    ];
    let text = tabula::shipped::text("traditional/alquerque").expect("shipped");
    for (reading, want) in counts {
        let mut options = tabula::Options::new();
        options.set("reading", reading);
        let game = tabula_tests::compile(text, "traditional/alquerque", &options);
        for (depth, &n) in (1..).zip(&want) {
            assert_eq!(game.perft(&game.initial_state(), depth), n, "{reading} perft({depth})");
        }
    }
}

/// tests/blocks/camps.ron written as a rule per player (its turns counted
/// from an outline) and as one rule over a zone of each player's own (its
/// placements made the general way) is one game: the counts of tests/perft.txt.
#[test]
fn camps_count_the_same_written_either_way() {
    let path = workspace().join("tests/blocks/camps.ron");
    let text = std::fs::read_to_string(&path).expect("tests/blocks/camps.ron");
    for written in ["RulePerPlayer", "ZonePerPlayer"] {
        let mut options = tabula::Options::new();
        options.set("written", written);
        let game = tabula_tests::compile(&text, "blocks/camps", &options);
        for (depth, n) in (1..).zip([9, 75, 552, 3708, 21420]) {
            assert_eq!(game.perft(&game.initial_state(), depth), n, "{written} perft({depth})");
        }
    }
}

/// Huffing (Alquerque, `capture: Huff`): the opponent's huff or skip and
/// their own move are one turn. Perft against a plain count of decision
/// sequences in which a turn ends where the player to move changes.
#[test]
fn a_huff_is_part_of_the_turn_it_begins() {
    fn by_turns(game: &tabula::Game, s: &tabula::State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for m in game.legal_moves(s) {
            let next = game.play(s.clone(), m).expect("legal");
            let turn_over = next.to_move() != s.to_move() || next.is_over();
            total += by_turns(game, &next, if turn_over { depth - 1 } else { depth });
        }
        total
    }
    let text = tabula::shipped::text("traditional/alquerque").expect("shipped");
    let mut options = tabula::Options::new();
    options.set("capture", "Huff");
    let game = tabula_tests::compile(text, "traditional/alquerque", &options);
    let start = game.initial_state();
    for depth in 1..=5 {
        assert_eq!(game.perft(&start, depth), by_turns(&game, &start, depth), "perft({depth})");
    }
}

/// Russian draughts with the maximum-capture rule and crowning at the end of
/// the move (options `capture: Most`, `crowning: AtEnd`) is Brazilian
/// draughts: its counts are the ones published for Brazilian draughts (Rein Halbersma,
/// "Perft for all recognized draughts variants", damforum.nl, 2010). The
/// Russian rule itself (any capture) is in tests/perft.txt.
#[test]
fn russian_draughts_read_as_brazilian_counts_as_published() {
    let text = tabula::shipped::text("traditional/russian-draughts").expect("shipped");
    let mut options = tabula::Options::new();
    options.set("capture", "Most");
    options.set("crowning", "AtEnd");
    let game = tabula_tests::compile(text, "traditional/russian-draughts", &options);
    for (depth, n) in (1..).zip([7, 49, 302, 1469, 7473, 37628, 187302]) {
        assert_eq!(game.perft(&game.initial_state(), depth), n, "Most perft({depth})");
    }
}

/// The Seneti brief's default layout (Q-SENETI-1), rows top to bottom, as the
/// ruleset's fields a1..h3 name them: `R` rosette, `.` no field.
const SENETI_LAYOUT: [&str; 3] = ["R213..R3", "314R4161", "R213..R3"];

/// Entries on the empty Seneti board counted by hand (SENETI-7, -9, -12): a
/// piece enters on a 3-field (step 1) and walks 4 more orthogonal steps, never
/// using a link twice, and may not end on a rosette. 31 (entry, end) pairs end
/// on 10 fields; an entry is named by where it ends, so the ruleset's first
/// moves are those 10 fields.
#[test]
fn seneti_entries_on_the_empty_board_count_as_by_hand() {
    let at = |r: usize, c: usize| SENETI_LAYOUT[r].as_bytes()[c];
    let is_field = |r: i32, c: i32| (0..3).contains(&r) && (0..8).contains(&c) && at(r as usize, c as usize) != b'.';
    fn walk(
        from: (i32, i32),
        left: u32,
        used: &mut Vec<[(i32, i32); 2]>,
        is_field: &dyn Fn(i32, i32) -> bool,
        ends: &mut Vec<(i32, i32)>,
    ) {
        if left == 0 {
            ends.push(from);
            return;
        }
        for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let to = (from.0 + dr, from.1 + dc);
            let link = if from < to { [from, to] } else { [to, from] };
            if is_field(to.0, to.1) && !used.contains(&link) {
                used.push(link);
                walk(to, left - 1, used, is_field, ends);
                used.pop();
            }
        }
    }
    let mut pairs = std::collections::BTreeSet::new();
    for r in 0..3 {
        for c in 0..8 {
            if at(r, c) != b'3' {
                continue;
            }
            let mut ends = Vec::new();
            walk((r as i32, c as i32), 4, &mut Vec::new(), &is_field, &mut ends);
            for (er, ec) in ends.into_iter().filter(|&(er, ec)| at(er as usize, ec as usize) != b'R') {
                // Field names: column letter, row number from the bottom.
                let name = format!("{}{}", (b'a' + ec as u8) as char, 3 - er);
                pairs.insert((format!("{}{}", (b'a' + c as u8) as char, 3 - r), name));
            }
        }
    }
    assert_eq!(pairs.len(), 31, "(entry, end) pairs");
    let by_hand: std::collections::BTreeSet<String> = pairs.into_iter().map(|(_, end)| format!("S@{end}")).collect();
    let game = shipped_game("seneti");
    let state = game.initial_state();
    let moves: std::collections::BTreeSet<String> =
        game.legal_moves(&state).into_iter().map(|m| game.move_text(m)).collect();
    assert_eq!(moves, by_hand);
}

/// The Seneti board's fields (8 x 3 less e1, f1, e3, f3) and their orthogonal links.
fn seneti_board() -> (Vec<String>, Vec<Vec<usize>>) {
    let names: Vec<String> = (1..=3)
        .rev()
        .flat_map(|r| "abcdefgh".chars().map(move |c| format!("{c}{r}")))
        .filter(|f| !["e1", "f1", "e3", "f3"].contains(&f.as_str()))
        .collect();
    let at = |f: &str| (f.as_bytes()[0] as i32, f.as_bytes()[1] as i32);
    let links = names
        .iter()
        .map(|f| {
            let (c, r) = at(f);
            (0..names.len()).filter(|&g| (at(&names[g]).0 - c).abs() + (at(&names[g]).1 - r).abs() == 1).collect()
        })
        .collect();
    (names, links)
}

/// Where walks of `n` steps from `start` end: no link used twice (SENETI-7), all fields passable.
fn walk_ends(links: &[Vec<usize>], start: usize, n: u32) -> Vec<usize> {
    fn go(links: &[Vec<usize>], at: usize, left: u32, used: &mut Vec<(usize, usize)>, ends: &mut Vec<usize>) {
        if left == 0 {
            ends.push(at);
            return;
        }
        for &next in &links[at] {
            let link = (at.min(next), at.max(next));
            if !used.contains(&link) {
                used.push(link);
                go(links, next, left - 1, used, ends);
                used.pop();
            }
        }
    }
    let mut ends = Vec::new();
    go(links, start, n, &mut Vec::new(), &mut ends);
    ends
}

/// Whether a layout (each field's steps, 0 for a rosette) keeps Q-SENETI-1's
/// three constraints: (a) only a walk from a 3-field can end on a rosette,
/// (b) the 3-fields lie on the board's edge (the outer rows and columns),
/// (c) an entry (a 3-field and 4 more steps) never ends on a rosette.
fn keeps_the_constraints(names: &[String], links: &[Vec<usize>], steps: &[u32]) -> bool {
    let rosette = |f: usize| steps[f] == 0;
    (0..names.len()).all(|f| {
        let edge = names[f].starts_with(['a', 'h']) || !names[f].ends_with('2');
        match steps[f] {
            0 => true,
            3 => edge && !walk_ends(links, f, 4).into_iter().any(rosette),
            n => !walk_ends(links, f, n).into_iter().any(rosette),
        }
    })
}

/// Q-SENETI-1: "18 layouts that are symmetric top to bottom satisfy all
/// three" constraints, with the rosettes where the Ur board has them (a3, g3,
/// d2, a1, g1) and the symbols' counts of SENETI-3; the ruleset's two layouts
/// are among them.
#[test]
fn seneti_has_18_symmetric_layouts_and_ships_two_of_them() {
    let (names, links) = seneti_board();
    let index = |f: &str| names.iter().position(|n| n == f).expect("field");
    let rosettes = ["a3", "g3", "d2", "a1", "g1"].map(index);
    let top: Vec<usize> = ["b3", "c3", "d3", "h3"].map(index).to_vec();
    let middle: Vec<usize> = ["a2", "b2", "c2", "e2", "f2", "g2", "h2"].map(index).to_vec();
    let mirror = |f: usize| index(&names[f].replace('3', "1"));
    // Every way to give the 4 free top fields (and their mirrors) and the 7 free middle fields the 15 symbols left.
    let symbols = [1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 4, 4, 6];
    let mut layouts = std::collections::BTreeSet::new();
    let mut tops = std::collections::BTreeSet::new();
    for a in 0..symbols.len() {
        for b in 0..symbols.len() {
            for c in 0..symbols.len() {
                for d in 0..symbols.len() {
                    tops.insert([symbols[a], symbols[b], symbols[c], symbols[d]]);
                }
            }
        }
    }
    for t in tops {
        let mut left = symbols.to_vec();
        let fits = t.iter().all(|s| (0..2).all(|_| left.iter().position(|x| x == s).map(|i| left.remove(i)).is_some()));
        if !fits {
            continue;
        }
        let mut rows = std::collections::BTreeSet::new();
        permutations(&mut left, 0, &mut rows);
        for m in rows {
            let mut steps = vec![0; names.len()];
            for (&f, &s) in top.iter().zip(&t) {
                steps[f] = s;
                steps[mirror(f)] = s;
            }
            for (&f, &s) in middle.iter().zip(&m) {
                steps[f] = s;
            }
            assert!(rosettes.iter().all(|&r| steps[r] == 0));
            if keeps_the_constraints(&names, &links, &steps) {
                layouts.insert(steps);
            }
        }
    }
    assert_eq!(layouts.len(), 18);
    for layout in ["Default", "Alt"] {
        let mut options = tabula::Options::new();
        options.set("layout", layout);
        let game = tabula::shipped::game("seneti", &options).expect("compiles");
        let steps: Vec<u32> = names
            .iter()
            .map(|n| game.field_props(game.board().field(n).expect("field")).steps.map_or(0, u32::from))
            .collect();
        assert!(layouts.contains(&steps), "layout {layout} keeps the constraints");
    }
}

/// Every distinct order of `items[k..]`, as arrays of 7.
fn permutations(items: &mut Vec<u32>, k: usize, out: &mut std::collections::BTreeSet<[u32; 7]>) {
    if k == items.len() {
        out.insert(items.clone().try_into().expect("7 symbols"));
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, out);
        items.swap(k, i);
    }
}
