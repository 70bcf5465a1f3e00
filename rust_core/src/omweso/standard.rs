//! The standard arrangements: a small named set of set-up moves that the
//! engine's arrangement chooser starts from and scores a given arrangement
//! against (`docs/OMWESO.md`, "Standard arrangements").
//!
//! Why these and not the sources' own: Wikipedia's "Omweso" says only that
//! each player "arranges all owned seeds ... according to preference (the
//! arrangement should be strategic)", Ludii's `Mweso.lud` places them
//! freely, and the International Omweso Society's overview (Wernham) has a
//! section "Standard Set-Ups: 2 examples" ('junior grouping', 'senior
//! grouping') whose text could not be read. So none of the set below is a
//! traditional set-up; each is a documented, simple shape (the dealt seeds,
//! 2 in every pit, all in the inner row, ...) that covers the choices a
//! player weighs: inner row against outer row, empty pits (where a sowing
//! ends) against starts (pits of two or more).
//!
//! A pattern is 16 weights over the arranger's local pits (0..8 the outer
//! row from its own left, 8..16 the inner row from its own right, the
//! sowing order), so one pattern serves both sides under the board's
//! half-turn symmetry; [`fit`] scales it to the seeds the arranger holds
//! (32 from the start: then each pattern is exactly its weights).

use super::arrangement::Arrangement;
use crate::board4x8::geometry::PITS;
use crate::side::Side;

/// The standard patterns, by name (weights, 32 in all).
pub const STANDARD: [(&str, [u8; PITS]); 6] = [
    // 2 in every pit: the project's standard start of the sowing phase
    // (`Position::standard_play_start`, the perft data) and the set-up
    // sample's spread.
    ("even", [2; PITS]),
    // The seeds as dealt before the set-up ([W]: "four seeds are placed in
    // each of the eight pits closest to a player"): arranging nothing.
    ("dealt", [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0]),
    // All in the inner row, 4 a pit: every pit that can capture is loaded.
    ("inner", [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4]),
    // 3 in each inner pit, 1 in each outer pit: the inner row loaded, the
    // outer row's singles where a sowing can end.
    ("inner_heavy", [1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3]),
    // 4 in every other pit along the loop: eight starts, and an empty pit
    // after each for a lap of one round to end in.
    ("alternate", [4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0]),
    // The four left-hand pits (the only ones a clockwise, capturing lap may
    // start from) loaded with 5, the rest 1: starts for the reverse sowing.
    ("left_loaded", [5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5]),
];

/// `weights` scaled to `held` seeds: each pit gets its share rounded down,
/// and the seeds left over go one each to the pits with the largest
/// remainders (ties to the lower local pit), so the total is exactly
/// `held` and 32 seeds give the weights themselves.
pub fn fit(weights: &[u8; PITS], held: u32) -> [u8; PITS] {
    let sum: u32 = weights.iter().map(|&w| w as u32).sum();
    let mut out = [0u8; PITS];
    let mut rest: Vec<(u32, usize)> = Vec::with_capacity(PITS);
    for (i, &w) in weights.iter().enumerate() {
        let share = w as u32 * held;
        out[i] = (share / sum) as u8;
        rest.push((share % sum, i));
    }
    let given: u32 = out.iter().map(|&v| v as u32).sum();
    rest.sort_by_key(|&(r, i)| (std::cmp::Reverse(r), i));
    for &(_, i) in rest.iter().take((held - given) as usize) {
        out[i] += 1;
    }
    out
}

/// The standard arrangements of `side` holding `held` seeds, with their
/// names, in [`STANDARD`]'s order; a pattern that fits to the same
/// arrangement as an earlier one (few seeds) is left out.
pub fn standard(side: Side, held: u32) -> Vec<(&'static str, Arrangement)> {
    let mut out: Vec<(&'static str, Arrangement)> = Vec::new();
    for (name, w) in STANDARD {
        let a = Arrangement::of_local(side, &fit(&w, held));
        if !out.iter().any(|(_, b)| *b == a) {
            out.push((name, a));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_holds_32_and_fits_any_total_exactly() {
        for (name, w) in STANDARD {
            assert_eq!(w.iter().map(|&v| v as u32).sum::<u32>(), 32, "{}", name);
            assert_eq!(fit(&w, 32), w);
            for held in [0, 1, 7, 31, 33, 64] {
                assert_eq!(fit(&w, held).iter().map(|&v| v as u32).sum::<u32>(), held, "{} {}", name, held);
            }
        }
    }

    #[test]
    fn sides_mirror_and_names_are_unique() {
        let s = standard(Side::South, 32);
        let n = standard(Side::North, 32);
        assert_eq!(s.len(), STANDARD.len());
        // South's inner row is the picture's top row; North's the bottom.
        assert_eq!(s[2].1.token(), "k4.4.4.4.4.4.4.4/0.0.0.0.0.0.0.0");
        assert_eq!(n[2].1.token(), "k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4");
        // The left-hand pits: South a1, b1, a2, b2; North h4, g4, h3, g3.
        assert_eq!(s[5].1.token(), "k5.5.1.1.1.1.1.1/5.5.1.1.1.1.1.1");
        assert_eq!(n[5].1.token(), "k1.1.1.1.1.1.5.5/1.1.1.1.1.1.5.5");
        // With two seeds several patterns fall together and are kept once.
        assert!(standard(Side::South, 2).len() < STANDARD.len());
    }
}
