//! The level tables: what each strength level 1..9 searches (depth, noise,
//! random moves), the common table and the hook a family replaces it by.
//!
//! Why a file apart from `super::level` (which plays a level by its table):
//! every family's search hooks name their table here, and this file needs
//! nothing of the search, so no module depends on the other both ways.

use crate::game::Game;

/// A level table: per level 1..=9, (depth in turns, noise amplitude in
/// centiseeds, percent of moves chosen uniformly among all moves instead).
pub type Table = [(u32, i32, u32); 9];

/// Per level 1..=9: (depth, noise amplitude in centiseeds, percent of
/// moves chosen uniformly among all moves instead); level 10 is unbounded
/// depth.
///
/// Set from the measured ladder (docs/benchmarks/levels.md), where each
/// level must beat the level two below it clearly. Two things it showed:
/// at depth 1 the noise amplitude hardly matters (400 and 1500 play alike:
/// the captures that decide games are worth more than either), so levels
/// 1-2 are weakened by uniformly random moves instead; and beyond depth 3-5
/// extra depth wins few more games at short time controls (most openings
/// are then won by the same colour whoever plays them), so the top is
/// spread by noise at depths 1-3.
pub const LEVELS: Table =
    [(1, 400, 70), (1, 400, 35), (1, 400, 0), (1, 200, 0), (2, 120, 0), (2, 60, 0), (3, 30, 0), (3, 10, 0), (5, 0, 0)];

/// The level table a family plays by: [`LEVELS`] unless the family's own
/// ladder showed it does not separate the levels there (Omweso's,
/// `super::omweso`). Why per family: what weakens a level (noise at a
/// depth, random moves) is worth different amounts in different games, and
/// each family's ladder is measured on its own (docs/benchmarks/levels.md).
pub trait LevelTable: Game {
    /// Levels 1..=9's settings ([`Table`]); level 10 is the same everywhere.
    fn level_table() -> &'static Table {
        &LEVELS
    }
}
