//! How many distinct giant relay cycles crowded rows fall into: for each
//! seed count `S` of the mover, `N` random ikibuguzo-1 positions where the
//! mover holds `S` seeds and nothing can be captured (the opponent's seeds
//! all in its outer row), every start settled by `explore::legal_moves`.
//! The per-thread memo of endless chains (board4x8/cycles.rs) remembers
//! each cycle proven, so if crowded rows fall into few giant cycles, the
//! slow positions (over 10 ms) come early and then stop.
//! Run: `cargo run --release -p igisoro-bench --bin attractors -- --from <S> --to <S> --positions <N> [--print-ms <ms>] [--columns <k>]`
//! (with `--print-ms`, every position that takes at least that long is printed: how
//! the tests' deliberately slow positions are found; with `--columns k`, the opponent
//! also gets a seed in `k` columns of each of its rows, so that the mover's
//! inner pits facing them can capture, and a stretch is no longer the same
//! all round the row).
use igisoro_bench::{arg, fail, required};
use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::explore::legal_moves;
use igisoro_core::rng::Rng;
use std::time::Instant;
fn main() {
    let usage = "attractors --from <S> --to <S> --positions <N> [--print-ms <ms>] [--columns <k>]";
    let (from, to, n): (usize, usize, usize) =
        (required("--from", usage), required("--to", usage), required("--positions", usage));
    let print_ms = Some(arg("--print-ms", 0usize)).filter(|&ms| ms > 0);
    let cols: usize = arg("--columns", 0);
    let mut g = Rng::new(7);
    for s in from..=to {
        let (mut slow, mut slow_s, mut last_slow) = (0, 0.0, 0);
        let t0 = Instant::now();
        for i in 0..n {
            // North (to move) holds s seeds anywhere on its 16 pits; South
            // holds the rest in its outer row (row 1), so no capture, but
            // for `cols` columns with a seed in both of its rows.
            let mut north = [0u32; 16];
            for _ in 0..s {
                north[g.below(16)] += 1;
            }
            let (mut south, mut inner) = ([0u32; 8], [0u32; 8]);
            for _ in 0..cols.min((64 - s) / 2) {
                let c = g.below(8);
                (south[c], inner[c]) = (south[c] + 1, inner[c] + 1);
            }
            let placed: u32 = south.iter().chain(&inner).sum();
            for _ in s + placed as usize..64 {
                south[g.below(8)] += 1;
            }
            let row = |v: &[u32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
            let text =
                format!("ikibuguzo-1 {}/{}/{}/{} n", row(&north[..8]), row(&north[8..]), row(&inner), row(&south));
            let pos = notation::parse(&text).unwrap_or_else(|e| fail(&format!("generated {:?}: {}", text, e)));
            let t = Instant::now();
            let _ = legal_moves::<Igisoro>(&pos, None);
            let dt = t.elapsed().as_secs_f64();
            if print_ms.is_some_and(|ms| dt * 1000.0 >= ms as f64) {
                println!("{:.2} s: {text}", dt);
            }
            if dt > 0.01 {
                slow += 1;
                slow_s += dt;
                last_slow = i;
            }
        }
        println!(
            "S {s}: {n} positions in {:.2} s, {slow} over 10 ms ({slow_s:.2} s), the last at position {last_slow}",
            t0.elapsed().as_secs_f64()
        );
    }
}
