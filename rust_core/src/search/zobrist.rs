//! Zobrist hashing of positions for the transposition table.
//!
//! Why Zobrist and not `std::hash`: the key must be identical across runs
//! and platforms (deterministic search, reproducible tests), cheap (one XOR
//! per non-empty pit), and 64 bits wide so a table entry can verify its key.
//! The tables are built at compile time from SplitMix64, so no start-up work
//! and no global state.

use crate::board4x8::{Igisoro, Position};
use crate::game::Game;
use crate::side::Side;

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

/// Counts 0..=64 are possible (all 64 seeds in one pit).
const COUNTS: usize = 65;
const PIT_KEYS: usize = 2 * 16 * COUNTS;

const fn pit_table() -> [u64; PIT_KEYS] {
    let mut t = [0u64; PIT_KEYS];
    let mut i = 0;
    while i < PIT_KEYS {
        // An empty pit adds nothing (key 0), so the key needs no branch on
        // each pit's count (a mispredicted branch per pit cost more than
        // the lookups).
        t[i] = if i % COUNTS == 0 { 0 } else { splitmix(0x1650_5EED ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)) };
        i += 1;
    }
    t
}

static PIT: [u64; PIT_KEYS] = pit_table();
const NORTH_TO_MOVE: u64 = splitmix(0xA11CE);

/// Mix a small integer field into the key. Rule state (opening plies,
/// winner) and the rule options are few bits, so one multiply-mix per field
/// is enough and avoids more tables.
#[inline]
pub(crate) fn mix(tag: u64, value: u64) -> u64 {
    splitmix(tag.wrapping_mul(0x1000_0000_01B3) ^ value)
}

/// The rules pack into well under 64 bits; hashing them makes a table shared
/// between positions with custom rules safe (rules never change in a game,
/// but a batch or a cached table might mix games).
fn rules_bits(pos: &Position) -> u64 {
    let r = pos.rules();
    (r.min_seeds as u64)
        | (r.capture as u64) << 8
        | (r.retreat as u64) << 10
        | (r.captured_sowing as u64) << 11
        | (r.clockwise as u64) << 14
        | (r.reverse as u64) << 17
        | (r.opening as u64) << 33
        | (r.end_pits_win as u64) << 36
        | (pos.variant() as u64) << 40
}

impl Zobrist for Igisoro {
    fn zobrist(pos: &Position) -> u64 {
        let pits = pos.local_pits();
        let mut h = 0u64;
        for (s, row) in pits.iter().enumerate() {
            for (i, &c) in row.iter().enumerate() {
                h ^= PIT[(s * 16 + i) * COUNTS + c as usize];
            }
        }
        if pos.to_move() == Side::North {
            h ^= NORTH_TO_MOVE;
        }
        if pos.opening_plies() != 0 {
            h ^= mix(1, pos.opening_plies() as u64);
        }
        if let Some(w) = pos.winner() {
            h ^= mix(2, w.index() as u64 + 1);
        }
        h ^ mix(3, rules_bits(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::Variant;
    use crate::explore::legal_moves;

    #[test]
    fn keys_separate_distinct_results() {
        for v in Variant::ALL {
            let p = Position::start(v);
            let ms = legal_moves::<Igisoro>(&p, None).moves;
            let mut keys: Vec<u64> = ms.iter().map(|m| Igisoro::zobrist(&m.result)).collect();
            keys.push(Igisoro::zobrist(&p));
            let n = keys.len();
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), n, "{}", v);
        }
    }
}
