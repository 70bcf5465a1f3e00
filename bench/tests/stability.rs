//! Score stability across depths (issue 21, part 3): the kept position set
//! is what its generator makes, and fixed-depth scores move little from
//! one depth to the next. The full measure is hand-run
//! (`bin/stability.rs`, `docs/benchmarks/stability.md`); these are small
//! slices of it that the search before the fix failed.

use igisoro_bench::stability::{set_text, SEED};
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::search::{analyse, Limits, Score};

const SET: &str = include_str!("../data/stability-positions.tsv");

/// The fixed-depth score in seeds, `None` for a forced result.
fn seeds(p: &Position, depth: u32) -> Option<f64> {
    match analyse::<Igisoro>(p, &Limits::depth(depth)).score {
        Score::Centiseeds(c) => Some(c as f64 / 100.0),
        _ => None,
    }
}

/// Mean |score(d) - score(d+1)| over consecutive depths of `depths`, pairs
/// with a forced score left out; and the number of pairs kept.
fn mean_change(positions: &[Position], depths: std::ops::RangeInclusive<u32>) -> (f64, usize) {
    let (mut sum, mut n) = (0.0, 0);
    for p in positions {
        let s: Vec<Option<f64>> = depths.clone().map(|d| seeds(p, d)).collect();
        for w in s.windows(2) {
            if let (Some(a), Some(b)) = (w[0], w[1]) {
                sum += (b - a).abs();
                n += 1;
            }
        }
    }
    (sum / n.max(1) as f64, n)
}

/// The data file is the generator's output for its seed, byte for byte
/// (so the measured set can always be rebuilt and nobody edits it by hand).
#[test]
fn the_set_regenerates_byte_for_byte() {
    assert!(set_text(SEED) == SET, "bench/data/stability-positions.tsv differs from its generator's output");
}

/// The first four positions of each variant, depths 2..5: the mean change
/// was 6.74 seeds with the static evaluation at the horizon (scores up at
/// odd depths, down at even ones) and is 4.09 with the side to move's
/// tempo looked ahead (`search::board4x8::tempo`).
#[test]
fn scores_move_little_from_depth_to_depth() {
    let mut slice = Vec::new();
    for v in Variant::ALL {
        let lines = SET.lines().filter(|l| l.split('\t').next() == Some(v.name())).take(4);
        for line in lines {
            let text = line.split('\t').nth(1).expect("variant<TAB>notation");
            slice.push(notation::parse(text).expect("valid notation"));
        }
    }
    assert_eq!(slice.len(), 20);
    let (mean, pairs) = mean_change(&slice, 2..=5);
    assert!(pairs >= 50, "only {pairs} pairs without a forced score");
    assert!(mean < 5.0, "mean |score(d) - score(d+1)| {mean:.2} seeds over {pairs} pairs");
}

/// The example: from the `igisoro` start, depths 1..6 gave 3.69,
/// 0.00, 4.19, 2.91, 4.23, 0.37 seeds (a mean change of 2.87 seeds per
/// depth); now 1.23, 2.54, 3.08, 4.48, 2.20, 3.08 (1.28).
#[test]
fn the_start_score_holds_across_depths() {
    let (mean, pairs) = mean_change(&[Position::start(Variant::Igisoro)], 1..=6);
    assert_eq!(pairs, 5);
    assert!(mean < 2.0, "mean |score(d) - score(d+1)| {mean:.2} seeds from the igisoro start");
}
