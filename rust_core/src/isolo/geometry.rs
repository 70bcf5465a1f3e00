//! Holes of the Isolo board: names, and the per-side "local" numbering the
//! rules work in.
//!
//! The board is two rows of `n` holes (`n` = the `holes` option, 4..=8).
//! Names follow the 4x8 board's convention: columns `a`.. from South's left,
//! row `1` is South's, row `2` North's. Each player numbers its own holes
//! from its own left, 1..n (RULES-NOTES); in code that is the local index
//! `0..n`. South's hole `i` is column `i` (`a1` is South's hole 1); North
//! sits opposite, so North's hole 1 is its leftmost as it sees it, which is
//! the rightmost column: North's hole `i` is column `n - 1 - i` (0-based).
//! My hole `i` faces the opponent's hole `n + 1 - i` (1-based), that is
//! local `n - 1 - i`, which is the same column. In local numbers both sides
//! play the same game, so the rules never need to know who moves.

use crate::side::Side;

/// The largest number of holes per row the engine supports.
pub const MAX_HOLES: usize = 8;
/// The smallest (RULES-NOTES pins 4; the option allows up to 8).
pub const MIN_HOLES: usize = 4;

/// A hole in absolute terms: `col * 2 + row`, `col` 0..8 for `a..h`, `row`
/// 0 for South (`1`) and 1 for North (`2`). This numbering sorts like the
/// names (`a1 < a2 < b1 < ...`), which the canonical move order relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(pub u8);

impl Hole {
    /// Column 0..8 (`a`..`h`).
    pub fn col(self) -> usize {
        (self.0 / 2) as usize
    }
    /// The owner: row `1` is South's, row `2` North's.
    pub fn owner(self) -> Side {
        if self.0.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        }
    }
    /// The name, like `c2`.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.col() as u8) as char, self.0 % 2 + 1)
    }
    /// Parse a hole name on a board of `n` holes per row.
    pub fn parse(s: &str, n: usize) -> Option<Hole> {
        let b = s.as_bytes();
        if b.len() != 2 || b[0] < b'a' || (b[0] - b'a') as usize >= n || !(b'1'..=b'2').contains(&b[1]) {
            return None;
        }
        Some(Hole((b[0] - b'a') * 2 + (b[1] - b'1')))
    }
    /// This hole's local index (its owner's hole number minus one).
    pub fn local(self, n: usize) -> usize {
        match self.owner() {
            Side::South => self.col(),
            Side::North => n - 1 - self.col(),
        }
    }
    /// The hole with local index `i` of side `s`.
    pub fn from_local(s: Side, i: usize, n: usize) -> Hole {
        match s {
            Side::South => Hole((i * 2) as u8),
            Side::North => Hole(((n - 1 - i) * 2 + 1) as u8),
        }
    }
}

/// Name of local hole `i` of side `s` on a board of `n` holes per row.
pub fn local_name(s: Side, i: usize, n: usize) -> String {
    Hole::from_local(s, i, n).name()
}

/// The opponent's hole facing my local hole `i`.
#[inline(always)]
pub fn opposite(i: usize, n: usize) -> usize {
    n - 1 - i
}

/// A row in column order (`a`.. as South sees the board) from a side's
/// local counts, for the board picture.
pub fn row_to_columns(s: Side, local: &[u16], n: usize) -> Vec<u16> {
    (0..n).map(|c| local[Hole((c * 2 + s.index()) as u8).local(n)]).collect()
}

/// Local counts from a row given in column order (inverse of [`row_to_columns`]).
pub fn columns_to_row(s: Side, cols: &[u16], n: usize) -> [u16; MAX_HOLES] {
    let mut out = [0u16; MAX_HOLES];
    for (c, &v) in cols.iter().enumerate().take(n) {
        out[Hole((c * 2 + s.index()) as u8).local(n)] = v;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_rules_notes() {
        let south: Vec<String> = (0..4).map(|i| local_name(Side::South, i, 4)).collect();
        assert_eq!(south.join(" "), "a1 b1 c1 d1");
        let north: Vec<String> = (0..4).map(|i| local_name(Side::North, i, 4)).collect();
        assert_eq!(north.join(" "), "d2 c2 b2 a2");
    }

    #[test]
    fn opposite_holes_share_a_column() {
        for n in MIN_HOLES..=MAX_HOLES {
            for s in Side::ALL {
                for i in 0..n {
                    let me = Hole::from_local(s, i, n);
                    let them = Hole::from_local(s.other(), opposite(i, n), n);
                    assert_eq!(me.col(), them.col());
                    // 1-based: hole i faces hole n + 1 - i.
                    assert_eq!(opposite(i, n) + 1, n + 1 - (i + 1));
                }
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for n in MIN_HOLES..=MAX_HOLES {
            for s in Side::ALL {
                for i in 0..n {
                    let h = Hole::from_local(s, i, n);
                    assert_eq!(Hole::parse(&h.name(), n), Some(h));
                    assert_eq!(h.owner(), s);
                    assert_eq!(h.local(n), i);
                }
            }
        }
        assert_eq!(Hole::parse("e1", 4), None);
        assert_eq!(Hole::parse("a3", 4), None);
    }

    #[test]
    fn columns_round_trip() {
        let local = [1, 2, 3, 4, 5, 0, 0, 0];
        assert_eq!(row_to_columns(Side::South, &local, 5), vec![1, 2, 3, 4, 5]);
        assert_eq!(row_to_columns(Side::North, &local, 5), vec![5, 4, 3, 2, 1]);
        for s in Side::ALL {
            assert_eq!(columns_to_row(s, &row_to_columns(s, &local, 5), 5), local);
        }
    }
}
