//! Shared helpers for the hand-run benchmarks: reproducible position sets.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::random_move;
use igisoro_core::rng::Rng;

/// `n` positions of `variant` reached by seeded random play: game `g` is
/// played from the start with seed `g` and the position after a
/// pseudo-random number of plies (10..60) is kept. The same `n` always
/// gives the same set, so runs on different days compare.
pub fn position_set(variant: Variant, n: usize) -> Vec<Position> {
    let mut out = Vec::with_capacity(n);
    let mut g = 0u64;
    while out.len() < n {
        let mut rng = Rng::new(g);
        let target = 10 + rng.below(50);
        let mut p = Position::start(variant);
        let mut ok = true;
        for _ in 0..target {
            match random_move::<Igisoro>(&p, &mut rng) {
                Some((q, _)) => p = q,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            out.push(p);
        }
        g += 1;
    }
    out
}

/// Parse `--name value` from the command line, with a default.
pub fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
