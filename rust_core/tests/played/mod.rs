//! Positions the search tests share: every variant's start and positions
//! after seeded random plies from it.

use igisoro_core::{variants, AnyPosition, Budget};

/// Start positions of every variant and positions after seeded random plies.
pub fn positions() -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for v in variants() {
        let start = AnyPosition::start(v.name).unwrap();
        out.push(start.clone());
        for seed in 0..4u64 {
            let mut p = start.clone();
            for ply in 0..(6 + 8 * seed) {
                match p.random_move(seed * 1000 + ply, Budget::default()).unwrap() {
                    Some(q) => p = q,
                    None => break,
                }
            }
            out.push(p);
        }
    }
    out
}
