//! Shared helpers for the hand-run benchmarks: reproducible position sets.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::budget::{with_budget, Budget};
use igisoro_core::explore::{legal_moves, random_move};
use std::time::{Duration, Instant};
use igisoro_core::rng::Rng;

/// `n` positions of `variant` reached by seeded random play: game `g` is
/// played from the start with seed `g` and the position after a
/// pseudo-random number of plies (10..60) is kept. The same `n` always
/// gives the same set, so runs on different days compare.
///
/// Positions whose turn cannot be settled within 1 s (giant pass/retreat
/// turn graphs, relay chains cycling after hundreds of millions of laps)
/// are left out and counted in the second value; the heaviest such turns
/// are benchmarked on their own (data/worst.txt).
pub fn position_set(variant: Variant, n: usize) -> (Vec<Position>, usize) {
    let mut out = Vec::with_capacity(n);
    let mut skipped = 0;
    let mut g = 0u64;
    while out.len() < n {
        let mut rng = Rng::new(g);
        let target = 10 + rng.below(50);
        let mut p = Position::start(variant);
        let mut ok = true;
        for _ in 0..target {
            let budget = Budget { deadline: Some(Instant::now() + Duration::from_secs(1)), cancel: None };
            let (next, tripped) = with_budget(budget, || random_move::<Igisoro>(&p, &mut rng));
            if tripped {
                ok = false;
                skipped += 1;
                break;
            }
            match next {
                Some((q, _)) => p = q,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            let budget = Budget { deadline: Some(Instant::now() + Duration::from_secs(1)), cancel: None };
            if with_budget(budget, || legal_moves::<Igisoro>(&p, None)).1 {
                skipped += 1;
            } else {
                out.push(p);
            }
        }
        g += 1;
    }
    (out, skipped)
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

pub mod matches;
