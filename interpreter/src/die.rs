//! Dice as pieces: the 24 orientations of a cube, for right- and left-handed
//! dice, and how they change when a die tips over or turns.
//!
//! An orientation is an index into [`ORIENTATIONS`]: 0..24 right-handed,
//! 24..48 left-handed. Faces are read in the order of [`Face`].

/// Where a face of a die points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Top = 0,
    Bottom = 1,
    North = 2,
    East = 3,
    South = 4,
    West = 5,
}

impl Face {
    /// The compass face for a board direction name, if it is one.
    pub fn from_dir(name: &str) -> Option<Face> {
        match name {
            "N" => Some(Face::North),
            "E" => Some(Face::East),
            "S" => Some(Face::South),
            "W" => Some(Face::West),
            _ => None,
        }
    }
}

type Faces = [u8; 6];

/// 1 on top, 2 facing south (towards the viewer), 3 east (right): the common die.
const RIGHT: Faces = [1, 6, 5, 3, 2, 4];
/// Its mirror image: 4 east.
const LEFT: Faces = [1, 6, 5, 4, 2, 3];

/// Tipping over towards a compass face, and turning clockwise seen from above,
/// as permutations: `new[i] = old[P[i]]`.
const TIP_NORTH: [usize; 6] = [4, 2, 0, 3, 1, 5];
const TIP_EAST: [usize; 6] = [5, 3, 2, 0, 4, 1];
const TIP_SOUTH: [usize; 6] = [2, 4, 1, 3, 0, 5];
const TIP_WEST: [usize; 6] = [3, 5, 2, 1, 4, 0];
const TURN_CLOCKWISE: [usize; 6] = [0, 1, 5, 2, 3, 4];

const fn apply(faces: Faces, p: [usize; 6]) -> Faces {
    let mut out = [0; 6];
    let mut i = 0;
    while i < 6 {
        out[i] = faces[p[i]];
        i += 1;
    }
    out
}

const fn same(a: &Faces, b: &Faces) -> bool {
    let mut i = 0;
    while i < 6 {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Every orientation: the 24 reached from the right-handed die, then the 24
/// of the left-handed one. Worked out at compile time, like the tables below.
pub const ORIENTATIONS: [Faces; 48] = {
    let mut all = [[0u8; 6]; 48];
    let mut n = 0;
    let starts = [RIGHT, LEFT];
    let moves = [TIP_NORTH, TIP_EAST, TURN_CLOCKWISE];
    let mut s = 0;
    while s < 2 {
        let base = n;
        all[n] = starts[s];
        n += 1;
        let mut i = base;
        while i < n {
            let mut k = 0;
            while k < 3 {
                let next = apply(all[i], moves[k]);
                if index_in(&all, base, n, &next) == n {
                    all[n] = next;
                    n += 1;
                }
                k += 1;
            }
            i += 1;
        }
        assert!(n - base == 24, "a die has 24 orientations");
        s += 1;
    }
    all
};

/// Where `faces` is among `all[from..to]`, or `to`.
const fn index_in(all: &[Faces; 48], from: usize, to: usize, faces: &Faces) -> usize {
    let mut j = from;
    while j < to && !same(&all[j], faces) {
        j += 1;
    }
    j
}

/// Each orientation after a permutation of its faces.
const fn after(p: [usize; 6]) -> [u8; 48] {
    let mut table = [0u8; 48];
    let mut o = 0;
    while o < 48 {
        let i = index_in(&ORIENTATIONS, 0, 48, &apply(ORIENTATIONS[o], p));
        assert!(i < 48, "a rotation of a die is a die");
        table[o] = i as u8;
        o += 1;
    }
    table
}

/// Tipping towards north, east, south and west, and turning clockwise, as tables.
const TIPPED: [[u8; 48]; 4] = [after(TIP_NORTH), after(TIP_EAST), after(TIP_SOUTH), after(TIP_WEST)];
const TURNED: [u8; 48] = after(TURN_CLOCKWISE);

/// The value on a face of a die in orientation `o`.
#[inline]
pub fn face(o: u8, f: Face) -> u8 {
    ORIENTATIONS[usize::from(o)][f as usize]
}

/// The orientation after tipping over towards `towards` (a compass face):
/// the face that pointed that way ends down, the top ends facing that way.
pub fn tip(o: u8, towards: Face) -> u8 {
    let table = match towards {
        Face::North => &TIPPED[0],
        Face::East => &TIPPED[1],
        Face::South => &TIPPED[2],
        Face::West => &TIPPED[3],
        Face::Top | Face::Bottom => return o,
    };
    table[usize::from(o)]
}

/// The orientation after a quarter turn clockwise seen from above.
pub fn turn_clockwise(o: u8) -> u8 {
    TURNED[usize::from(o)]
}

/// The orientation with `top` on top and `value` facing `facing`, of the
/// given handedness; `None` if no die can show that.
pub fn orient(top: u8, facing: Face, value: u8, left_handed: bool) -> Option<u8> {
    let range = if left_handed { 24..48 } else { 0..24 };
    range.map(|i| i as u8).find(|&i| face(i, Face::Top) == top && face(i, facing) == value)
}

/// Whether the orientation is of a left-handed die.
pub fn is_left_handed(o: u8) -> bool {
    o >= 24
}

/// A short text: the top and the north face, e.g. `15`.
pub fn text(o: u8) -> String {
    format!("{}{}", face(o, Face::Top), face(o, Face::North))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_orientation_is_a_die() {
        assert_eq!(ORIENTATIONS.len(), 48);
        for f in ORIENTATIONS.iter() {
            assert_eq!(f[0] + f[1], 7);
            assert_eq!(f[2] + f[4], 7);
            assert_eq!(f[3] + f[5], 7);
        }
    }

    #[test]
    fn tipping_east_puts_the_counted_face_down() {
        // 1 on top, 2 facing south, right-handed: 3 faces east.
        let o = orient(1, Face::South, 2, false).expect("a die");
        assert_eq!(face(o, Face::East), 3);
        let after = tip(o, Face::East);
        assert_eq!((face(after, Face::Bottom), face(after, Face::Top), face(after, Face::East)), (3, 4, 1));
    }

    #[test]
    fn four_quarter_turns_come_back_and_keep_handedness() {
        for o in 0..48u8 {
            let mut t = o;
            for _ in 0..4 {
                t = turn_clockwise(t);
                assert_eq!(is_left_handed(t), is_left_handed(o));
            }
            assert_eq!(t, o);
            assert_eq!(tip(tip(o, Face::East), Face::West), o);
        }
    }

    #[test]
    fn a_left_handed_die_is_the_mirror_image() {
        let o = orient(1, Face::South, 2, true).expect("a die");
        assert_eq!(face(o, Face::East), 4);
    }
}
