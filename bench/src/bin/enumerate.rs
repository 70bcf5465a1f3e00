//! Complete-move enumeration per second on a fixed set of positions per
//! variant (bench::position_set), plus the worst positions kept in
//! bench/data/worst.txt.
//!
//! Run: `cargo run --release -p igisoro-bench --bin enumerate -- --positions 500`
//! (`--no-worst` skips the worst-case list, e.g. under callgrind).

use igisoro_bench::{arg, position_set};
use igisoro_core::board4x8::{notation, Igisoro, Variant};
use igisoro_core::budget::{with_budget, Budget};
use igisoro_core::engine_call::entry;
use igisoro_core::explore::legal_moves;
use std::time::{Duration, Instant};

fn main() {
    let n: usize = arg("--positions", 500);
    let rounds: usize = arg("--rounds", 5);
    println!("{:<18} {:>14} {:>14} {:>12} {:>8}", "variant", "positions/s", "moves/s", "moves/pos", "skipped");
    for v in Variant::ALL {
        let (set, skipped) = position_set(v, n);
        let t = Instant::now();
        let mut moves = 0usize;
        for _ in 0..rounds {
            for p in &set {
                moves += legal_moves::<Igisoro>(p, None).moves.len();
            }
        }
        let dt = t.elapsed().as_secs_f64();
        let done = (n * rounds) as f64;
        println!(
            "{:<18} {:>14.0} {:>14.0} {:>12.1} {:>8}",
            v.name(),
            done / dt,
            moves as f64 / dt,
            moves as f64 / done,
            skipped
        );
    }
    if std::env::args().any(|a| a == "--no-worst") {
        return;
    }
    let worst = include_str!("../../data/worst.txt");
    for line in worst.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let p = notation::parse(line).expect("worst.txt holds valid notation");
        let t = Instant::now();
        let budget = Budget { deadline: Some(t + Duration::from_secs(60)), cancel: None, seconds: None };
        let (list, tripped) = entry(|| with_budget(budget, || legal_moves::<Igisoro>(&p, None)));
        let laps = list.moves.iter().map(|m| m.laps).max().unwrap_or(0);
        println!(
            "worst case: {}{} moves, max {} laps, {:.1} ms: {}",
            if tripped { "not settled in 60 s, >= " } else { "" },
            list.moves.len(),
            laps,
            t.elapsed().as_secs_f64() * 1e3,
            line
        );
    }
}
