//! Random playouts per second, per variant, on one thread: from the start
//! position to the game's end, choosing uniformly among the legal options
//! at every decision point (explore::random_move).
//!
//! It also reports how much of the time went into "heavy" plies (over
//! 10 ms): turns whose relay chains must be followed for hundreds of
//! millions of laps before they provably loop (see board4x8/cycles.rs).
//!
//! Run: `cargo run --release -p igisoro-bench --bin playouts -- --games 1000 [--variant isolo|omweso|...] [--seed 12345]`
//! (the seed fixes the games: the same seed and engine play the same games).

use igisoro_bench::arg;
use igisoro_core::board4x8::{self, Igisoro};
use igisoro_core::explore::random_move;
use igisoro_core::game::Game;
use igisoro_core::isolo::{self, Isolo};
use igisoro_core::omweso::{self, Omweso};
use igisoro_core::rng::Rng;
use std::time::Instant;

/// Play `games` random games of `G` from `start` and print one table row.
fn row<G: Game>(name: &str, start: &G::Pos, games: u64, max_plies: u32, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut plies, mut cut, mut heavy, mut heavy_s) = (0u64, 0u64, 0u64, 0.0f64);
    let t = Instant::now();
    for _ in 0..games {
        let mut p = start.clone();
        let mut n = 0;
        loop {
            let tp = Instant::now();
            let next = random_move::<G>(&p, &mut rng);
            let dt = tp.elapsed().as_secs_f64();
            if dt > 0.010 {
                heavy += 1;
                heavy_s += dt;
            }
            match next {
                Some((q, _)) => p = q,
                None => break,
            }
            n += 1;
            if n == max_plies {
                cut += 1;
                break;
            }
        }
        plies += n as u64;
    }
    let dt = t.elapsed().as_secs_f64();
    // playouts/s*: the same run with the heavy plies' time left out, to show
    // what the rest of the work costs. Not a substitute for the first column.
    println!(
        "{:<18} {:>7} {:>11.0} {:>10.0} {:>10.1} {:>6} {:>7} {:>9.2} {:>13.0}",
        name,
        games,
        games as f64 / dt,
        plies as f64 / dt,
        plies as f64 / games as f64,
        cut,
        heavy,
        heavy_s,
        games as f64 / (dt - heavy_s)
    );
}

fn main() {
    let games: u64 = arg("--games", 2000);
    let max_plies: u32 = arg("--max-plies", 2000);
    let only: String = arg("--variant", String::new());
    let seed: u64 = arg("--seed", 12345);
    let wanted = |name: &str| only.is_empty() || name == only;
    println!(
        "{:<18} {:>7} {:>11} {:>10} {:>10} {:>6} {:>7} {:>9} {:>13}",
        "variant", "games", "playouts/s", "plies/s", "plies/game", "cut", "heavy", "heavy s", "playouts/s*"
    );
    for v in board4x8::Variant::ALL {
        if wanted(v.name()) {
            row::<Igisoro>(v.name(), &board4x8::Position::start(v), games, max_plies, seed);
        }
    }
    for v in isolo::Variant::ALL {
        if wanted(v.name()) {
            row::<Isolo>(v.name(), &isolo::Position::start(v), games, max_plies, seed);
        }
    }
    // Omweso and Mweso from their set-up: each side's arrangement is one
    // ply, chosen as a random move chooses it (explore::random_move).
    for v in omweso::Variant::ALL {
        if wanted(v.name()) {
            row::<Omweso>(v.name(), &omweso::Position::start(v), games, max_plies, seed);
        }
    }
}
