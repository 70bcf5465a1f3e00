//! Zobrist hashing of positions for the transposition table.
//!
//! Why Zobrist and not `std::hash`: the key must be identical across runs
//! and platforms (deterministic search, reproducible tests), cheap (one XOR
//! per non-empty pit), and 64 bits wide so a table entry can verify its key.
//! The tables are built at compile time from SplitMix64, so no start-up work
//! and no global state.

use crate::game::Game;

/// A game whose positions have a 64-bit Zobrist key. Equal positions must
/// have equal keys; the key must cover everything that changes the game
/// from here on (board, side to move, rule state, rules).
pub trait Zobrist: Game {
    fn zobrist(pos: &Self::Pos) -> u64;
}

pub(crate) const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Mix a small integer field into the key. Rule state (opening plies,
/// winner) and the rule options are few bits, so one multiply-mix per field
/// is enough and avoids more tables.
#[inline]
pub(crate) fn mix(tag: u64, value: u64) -> u64 {
    splitmix(tag.wrapping_mul(0x1000_0000_01B3) ^ value)
}
