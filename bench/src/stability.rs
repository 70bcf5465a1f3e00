//! The stability position set (issue 21, part 3): 100 positions per 4x8
//! variant by seeded random play, kept as data in
//! `bench/data/stability-positions.tsv` and measured by
//! `bin/stability.rs`. Here so that the tool and the tests
//! (`bench/tests/stability.rs`) build the same set.

use crate::{SET_LAP_CAP, SET_MAX_MOVES};
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::budget::with_lap_cap;
use igisoro_core::explore::{legal_moves, random_move, status};
use igisoro_core::game::Status;
use igisoro_core::rng::Rng;

/// Positions per variant.
pub const PER_VARIANT: usize = 100;

/// The seed of the kept set.
pub const SEED: u64 = 2111;

/// `PER_VARIANT` positions of `v` by seeded random play: game `g` is
/// played from the start with seed `seed + g` for 4..44 plies (drawn from
/// the same generator). Positions that are decided, whose turn cannot be
/// settled within [`SET_LAP_CAP`] laps per relay chain, or with more than
/// [`SET_MAX_MOVES`] results are skipped: caps, not a clock, decide, so
/// the set is the same on every machine.
pub fn positions(v: Variant, seed: u64) -> Vec<Position> {
    let mut out = Vec::with_capacity(PER_VARIANT);
    let mut g = 0u64;
    while out.len() < PER_VARIANT {
        let mut rng = Rng::new(seed.wrapping_add(g));
        g += 1;
        let plies = 4 + rng.below(41);
        let mut p = Position::start(v);
        let mut ok = true;
        for _ in 0..plies {
            let (next, capped) = with_lap_cap(SET_LAP_CAP, || random_move::<Igisoro>(&p, &mut rng));
            match next {
                Some((q, _)) if !capped => p = q,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok || status::<Igisoro>(&p) != Status::Ongoing {
            continue;
        }
        let (list, capped) = with_lap_cap(SET_LAP_CAP, || legal_moves::<Igisoro>(&p, Some(SET_MAX_MOVES)));
        if capped || list.truncated || list.moves.is_empty() {
            continue;
        }
        out.push(p);
    }
    out
}

/// The whole set as the data file holds it: one `variant<TAB>notation`
/// line per position, variants in [`Variant::ALL`] order.
pub fn set_text(seed: u64) -> String {
    let mut text = String::new();
    for v in Variant::ALL {
        for p in positions(v, seed) {
            text.push_str(&format!("{}\t{}\n", v.name(), notation::format(&p)));
        }
    }
    text
}
