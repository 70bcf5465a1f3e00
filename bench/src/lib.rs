//! Shared helpers for the hand-run benchmarks: reproducible position sets.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::budget::{with_budget, with_lap_cap, Budget};
// Each call as the engine's calls run: from a fresh state (engine_call::entry).
use igisoro_core::engine_call::entry;
use igisoro_core::explore::{legal_moves, random_move};
use igisoro_core::rng::Rng;
use std::time::{Duration, Instant};

/// Relay chains longer than this are not followed while building a set
/// (about 30 ms of laps).
pub const SET_LAP_CAP: u64 = 1 << 22;

/// Positions with more distinct results than this are left out of a set:
/// the giant pass/retreat turn graphs behind them take seconds to minutes
/// to enumerate in full, and the first this many are found in milliseconds.
pub const SET_MAX_MOVES: usize = 1000;

/// A safety net per call while building a set, far above what the caps
/// above allow even under valgrind (about 50 times slower), so that it
/// never decides a skip there.
const SAFETY_SECS: u64 = 60;

/// `n` positions of `variant` reached by seeded random play: game `g` is
/// played from the start with seed `g` and the position after a
/// pseudo-random number of plies (10..60) is kept. The same `n` always
/// gives the same set, so runs on different days compare.
///
/// Positions whose turn cannot be settled within [`SET_LAP_CAP`] laps per
/// relay chain (chains cycling after hundreds of millions of laps), or with
/// more than [`SET_MAX_MOVES`] results (giant pass/retreat turn graphs), are
/// left out and counted in the second value; the heaviest such turns are
/// benchmarked on their own (data/worst.txt). Those caps, not a clock,
/// decide the skips (a clock stays only as a safety net), so the
/// set and the work done on it are the same on every machine and the
/// instruction counts of `valgrind --tool=callgrind` repeat exactly.
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
            let budget = Budget {
                deadline: Some(Instant::now() + Duration::from_secs(SAFETY_SECS)),
                cancel: None,
                seconds: None,
            };
            let ((next, capped), tripped) =
                entry(|| with_budget(budget, || with_lap_cap(SET_LAP_CAP, || random_move::<Igisoro>(&p, &mut rng))));
            if tripped || capped {
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
            let budget = Budget {
                deadline: Some(Instant::now() + Duration::from_secs(SAFETY_SECS)),
                cancel: None,
                seconds: None,
            };
            let (list, tripped) = entry(|| with_budget(budget, || legal_moves::<Igisoro>(&p, Some(SET_MAX_MOVES))));
            if tripped || list.truncated {
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
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Parse `--name value` from the command line, with a default; a value
/// that does not parse (or a missing value) is an error that names the
/// option, where [`arg`] would quietly take the default.
pub fn opt<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == name) {
        None => default,
        Some(i) => match args.get(i + 1).map(|v| (v, v.parse::<T>())) {
            Some((_, Ok(v))) => v,
            Some((v, Err(_))) => fail(&format!("{name}: cannot read {v:?}")),
            None => fail(&format!("{name} needs a value")),
        },
    }
}

/// Print `msg` and exit with status 2.
pub fn fail(msg: &str) -> ! {
    eprintln!("{}", msg);
    std::process::exit(2)
}

pub mod book;
pub mod matches;
pub mod refset;
pub mod signature;
pub mod solving;
pub mod sprt;
pub mod stability;

// The bench's tests live in tests/ but are compiled as this library's unit
// tests (`autotests = false` in Cargo.toml): as integration tests they made
// `cargo test` build all 14 hand-run bench binaries too, a third of the
// suite's Rust build. `igisoro_bench::` paths in them name this crate.
#[cfg(test)]
extern crate self as igisoro_bench;
#[cfg(test)]
#[path = "../tests"]
mod tests {
    mod refset;
    mod signature;
    mod sprt;
    mod stability;
}
