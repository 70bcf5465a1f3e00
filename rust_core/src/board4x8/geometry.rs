//! Pits of the 4x8 board: names, and the per-side "local" numbering the
//! rules work in.
//!
//! Each side's 16 pits are numbered 0..16 along its own counter-clockwise
//! sowing loop, starting at its outer-left pit (as seen from its own seat):
//! South `a1..h1` are 0..7, `h2..a2` are 8..15; North `h4..a4` are 0..7,
//! `a3..h3` are 8..15. The board is symmetric under a half turn, so in local
//! numbers both sides play the same game: outer row 0..7, inner row 8..15,
//! inner pit `i` faces the opponent's inner pit `23 - i` and, behind it, the
//! opponent's outer pit `i - 8`. The rules never need to know who moves.

use crate::side::Side;

/// Pits per side.
pub const PITS: usize = 16;

/// A pit in absolute terms: `col * 4 + row` with `col` 0..8 for `a..h` and
/// `row` 0..4 for rows `1..4`. This numbering sorts like the pit names
/// (`a1 < a2 < ... < h4`), which the canonical move order relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(pub u8);

impl Pit {
    /// Column 0..8 (`a`..`h`).
    pub fn col(self) -> u8 {
        self.0 / 4
    }
    /// Row index 0..4 (rows `1`..`4`).
    pub fn row(self) -> u8 {
        self.0 % 4
    }
    /// The owner: rows 1-2 are South's, rows 3-4 North's.
    pub fn owner(self) -> Side {
        if self.row() < 2 {
            Side::South
        } else {
            Side::North
        }
    }
    /// The name, like `c2`.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
    /// Parse a pit name (`a1`..`h4`).
    pub fn parse(s: &str) -> Option<Pit> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'4').contains(&b[1]) {
            return None;
        }
        Some(Pit((b[0] - b'a') * 4 + (b[1] - b'1')))
    }
    /// This pit's index in its owner's local numbering.
    pub fn local(self) -> usize {
        let (c, r) = (self.col() as usize, self.row() as usize);
        match r {
            0 => c,
            1 => 15 - c,
            2 => c + 8,
            _ => 7 - c,
        }
    }
    /// The pit with local index `i` of side `s`.
    pub const fn from_local(s: Side, i: usize) -> Pit {
        let (c, r) = match (s, i < 8) {
            (Side::South, true) => (i, 0),
            (Side::South, false) => (15 - i, 1),
            (Side::North, true) => (7 - i, 3),
            (Side::North, false) => (i - 8, 2),
        };
        Pit((c * 4 + r) as u8)
    }
}

/// The local indices of side `s`'s pits in the order of their names
/// (`a1 < a2 < b1 ...`), the canonical order of starts.
///
/// Why a table: the start options of every searched position are listed in
/// this order, and sorting them there took about 5% of a depth-6 search.
pub fn name_order(s: Side) -> &'static [usize; PITS] {
    static ORDER: [[usize; PITS]; 2] = [name_order_of(0), name_order_of(1)];
    &ORDER[s.index()]
}

/// [`name_order`] with each local pit's [`Pit`], for listing start pits
/// without converting each one.
pub fn name_order_pits(s: Side) -> &'static [(usize, Pit); PITS] {
    static ORDER: [[(usize, Pit); PITS]; 2] = [with_pits(Side::South), with_pits(Side::North)];
    &ORDER[s.index()]
}

const fn with_pits(s: Side) -> [(usize, Pit); PITS] {
    let order = name_order_of(s.index());
    let mut out = [(0, Pit(0)); PITS];
    let mut k = 0;
    while k < PITS {
        out[k] = (order[k], Pit::from_local(s, order[k]));
        k += 1;
    }
    out
}

/// [`name_order`] of side index `s` (0 South, 1 North), by column then row.
const fn name_order_of(s: usize) -> [usize; PITS] {
    let mut out = [0; PITS];
    let mut c = 0;
    while c < 8 {
        // (lower row, upper row) of column `c` in local numbers.
        let (low, high) = if s == 0 { (c, 15 - c) } else { (c + 8, 7 - c) };
        out[2 * c] = low;
        out[2 * c + 1] = high;
        c += 1;
    }
    out
}

/// Name of local pit `i` of side `s`.
pub fn local_name(s: Side, i: usize) -> String {
    Pit::from_local(s, i).name()
}

/// The opponent's inner pit facing my inner pit `i` (8..16).
#[inline(always)]
pub fn opposite_inner(i: usize) -> usize {
    23 - i
}

/// The opponent's outer pit behind [`opposite_inner`].
#[inline(always)]
pub fn opposite_outer(i: usize) -> usize {
    i - 8
}

/// Per-side counts, indexed `[side][local pit]`, from the board picture
/// (`rows[0]` is row 4, `a..h`; `rows[3]` is row 1).
pub fn from_picture(rows: &[[u8; 8]; 4]) -> [[u8; PITS]; 2] {
    let mut out = [[0u8; PITS]; 2];
    for (k, row) in rows.iter().enumerate() {
        let r = 3 - k;
        for (c, &v) in row.iter().enumerate() {
            let p = Pit((c * 4 + r) as u8);
            out[p.owner().index()][p.local()] = v;
        }
    }
    out
}

/// The board picture of per-side counts (inverse of [`from_picture`]).
pub fn to_picture(pits: &[[u8; PITS]; 2]) -> [[u8; 8]; 4] {
    let mut rows = [[0u8; 8]; 4];
    for (k, row) in rows.iter_mut().enumerate() {
        let r = 3 - k;
        for (c, v) in row.iter_mut().enumerate() {
            let p = Pit((c * 4 + r) as u8);
            *v = pits[p.owner().index()][p.local()];
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_order_sorts_like_the_pit_names() {
        for s in [Side::South, Side::North] {
            let pits: Vec<Pit> = name_order(s).iter().map(|&i| Pit::from_local(s, i)).collect();
            let mut sorted = pits.clone();
            sorted.sort();
            assert_eq!(pits, sorted);
            let mut locals = name_order(s).to_vec();
            locals.sort();
            assert_eq!(locals, (0..PITS).collect::<Vec<_>>());
            let paired: Vec<(usize, Pit)> = name_order(s).iter().map(|&i| (i, Pit::from_local(s, i))).collect();
            assert_eq!(name_order_pits(s).to_vec(), paired);
        }
    }

    #[test]
    fn local_numbering_follows_rules_notes() {
        let south: Vec<String> = (0..16).map(|i| local_name(Side::South, i)).collect();
        assert_eq!(south.join(" "), "a1 b1 c1 d1 e1 f1 g1 h1 h2 g2 f2 e2 d2 c2 b2 a2");
        let north: Vec<String> = (0..16).map(|i| local_name(Side::North, i)).collect();
        assert_eq!(north.join(" "), "h4 g4 f4 e4 d4 c4 b4 a4 a3 b3 c3 d3 e3 f3 g3 h3");
    }

    #[test]
    fn opposite_pits_share_a_column() {
        for s in Side::ALL {
            for i in 8..16 {
                let me = Pit::from_local(s, i);
                let inner = Pit::from_local(s.other(), opposite_inner(i));
                let outer = Pit::from_local(s.other(), opposite_outer(i));
                assert_eq!(me.col(), inner.col());
                assert_eq!(me.col(), outer.col());
                assert_eq!(inner.row().abs_diff(me.row()), 1);
                assert_eq!(outer.row().abs_diff(me.row()), 2);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for p in 0..32u8 {
            let pit = Pit(p);
            assert_eq!(Pit::parse(&pit.name()), Some(pit));
            assert_eq!(Pit::from_local(pit.owner(), pit.local()), pit);
        }
        assert_eq!(Pit::parse("i1"), None);
        assert_eq!(Pit::parse("a5"), None);
    }
}
