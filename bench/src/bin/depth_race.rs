//! Time to depth against the plain baseline bot (issue 3), hand-run.
//!
//! Why: at time parity level 10 can only beat the depth-5 plain bot by
//! searching deeper in the same time, so what matters is how long the
//! engine's own search takes to depth 4, 5, 6 and 7 on the positions those
//! games reach, next to the plain bot's depth-5 time on the same positions,
//! measured side by side in one run.
//!
//! Positions: `--games` games of the shuffled plain bot against itself
//! from the start position under the baseline's rules (seed `g` for game
//! `g`), every position before a move (up to `--plies` per game).
//!
//! `--save FILE` writes those positions (one notation a line), `--load FILE`
//! reads them instead of playing games, `--plain 0` leaves the plain bot out
//! (for profiling the engine alone). `--clock-ms T` adds a time limit of
//! `T` ms to every engine search: set far above any search's time, it
//! changes no tree but makes the search poll the clock as level 10 does,
//! so the cost of that polling shows next to a run without it.
//!
//! Run: `cargo run --release -p igisoro-bench --bin depth_race -- [--games 4] [--plies 60] [--depths 4,5,6,7]`

use igisoro_bench::arg;
use igisoro_bench::matches::{baseline_start, plain_alphabeta, plain_alphabeta_shuffled};
use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, Evaluate, Limits};
use std::time::Instant;

fn main() {
    let games: u64 = arg("--games", 4);
    let plies: usize = arg("--plies", 60);
    let depths: Vec<u32> =
        arg("--depths", "4,5,6,7".to_string()).split(',').map(|d| d.parse().expect("--depths 4,5,6")).collect();
    let load: String = arg("--load", String::new());
    let plain_too = arg("--plain", 1) != 0;
    let clock_ms: u64 = arg("--clock-ms", 0);
    let mut positions = Vec::new();
    if !load.is_empty() {
        let text = std::fs::read_to_string(&load).expect("--load FILE: one notation a line");
        positions = text.lines().map(|l| notation::parse(l).expect("valid notation")).collect();
    }
    for g in 0..if load.is_empty() { games } else { 0 } {
        let mut rng = Rng::new(g + 1);
        let mut p = baseline_start();
        for _ in 0..plies {
            positions.push(p.clone());
            match plain_alphabeta_shuffled(&p, 5, Igisoro::baseline, &mut rng) {
                Some((q, _)) => p = q,
                None => break,
            }
        }
    }
    let save: String = arg("--save", String::new());
    if !save.is_empty() {
        let lines: Vec<String> = positions.iter().map(notation::format).collect();
        std::fs::write(&save, lines.join("\n") + "\n").expect("--save FILE");
    }
    let mut plain = Vec::new();
    let mut engine = vec![Vec::new(); depths.len()];
    // A digest of every engine result (nodes, value, move), so that a change
    // meant to be a pure speed-up can be seen to search the same trees.
    let mut digest = vec![0u64; depths.len()];
    // And of the values alone: a change of move order changes node counts
    // (and may pick another of equally valued moves) but never a value.
    let mut values = vec![0u64; depths.len()];
    for p in &positions {
        if plain_too {
            let t = Instant::now();
            std::hint::black_box(plain_alphabeta(p, 5, Igisoro::baseline));
            plain.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        for (k, &d) in depths.iter().enumerate() {
            let t = Instant::now();
            let limits = Limits { time_ms: (clock_ms > 0).then_some(clock_ms), ..Limits::depth(d) };
            let a = analyse::<Igisoro>(p, &limits);
            engine[k].push(t.elapsed().as_secs_f64() * 1000.0);
            let v = a.lines.first().map_or(0, |l| l.value as u64);
            let m = a
                .best_move
                .as_deref()
                .unwrap_or("")
                .bytes()
                .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
            values[k] = (values[k].rotate_left(7) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            digest[k] = (digest[k].rotate_left(7) ^ a.nodes ^ v.rotate_left(20) ^ m.rotate_left(40))
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    let stats = |v: &[f64]| {
        let mut s = v.to_vec();
        s.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let mean = s.iter().sum::<f64>() / s.len() as f64;
        (mean, s[s.len() / 2], s[s.len() * 9 / 10])
    };
    println!("{} positions", positions.len());
    println!("| search | mean ms | median ms | 90th pct ms | mean / plain | digest | values |");
    println!("|---|---:|---:|---:|---:|---|---|");
    let pm = if plain_too {
        let (pm, pmed, p90) = stats(&plain);
        println!("| plain bot, depth 5 | {pm:.3} | {pmed:.3} | {p90:.3} | 1.00 | | |");
        pm
    } else {
        f64::NAN
    };
    for (k, d) in depths.iter().enumerate() {
        let (m, med, n) = stats(&engine[k]);
        println!(
            "| engine, depth {d} | {m:.3} | {med:.3} | {n:.3} | {:.2} | {:016x} | {:016x} |",
            m / pm,
            digest[k],
            values[k]
        );
    }
}
