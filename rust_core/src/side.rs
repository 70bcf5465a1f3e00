//! The two players.

use std::fmt;
use std::str::FromStr;

/// A player. South owns the two rows nearest the bottom of the board picture
/// (rows 1 and 2 on the 4x8 board), North the two at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South = 0,
    North = 1,
}

impl Side {
    /// Both sides, South first (South moves first from every start position).
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// Index 0 for South, 1 for North (the layout of every per-side array).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name, as used in the JSON form (`"south"`).
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// One-letter code used in the text notation (`s` / `n`).
    pub fn letter(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Accepts the JSON names and the one-letter notation codes.
impl FromStr for Side {
    type Err = ();
    fn from_str(s: &str) -> Result<Side, ()> {
        match s {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(()),
        }
    }
}
