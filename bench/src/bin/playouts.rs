//! Random playouts per second, per variant, on one thread: from the start
//! position to the game's end, choosing uniformly among the legal options
//! at every decision point (explore::random_move). The last row is Isolo:
//! the whole match (fore-play, kucheleka, main game) from its start.
//!
//! Run: `cargo run --release -p igisoro-bench --bin playouts -- --seconds 5`

use igisoro_bench::arg;
use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::random_move;
use igisoro_core::game::Game;
use igisoro_core::isolo::{self, Isolo};
use igisoro_core::rng::Rng;
use std::time::Instant;

/// Games longer than this are cut and counted (igisoro-fr, where any pit
/// with one seed may move, can run for thousands of plies).
const MAX_PLIES: u32 = 10_000;

/// Play random games from `start` for `seconds`; prints one row.
fn row<G: Game>(name: &str, start: &G::Pos, seconds: f64) {
    let mut rng = Rng::new(12345);
    let (mut games, mut plies, mut cut) = (0u64, 0u64, 0u64);
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < seconds {
        let mut p = start.clone();
        let mut n = 0;
        loop {
            match random_move::<G>(&p, &mut rng) {
                Some((q, _)) => p = q,
                None => break,
            }
            n += 1;
            if n == MAX_PLIES {
                cut += 1;
                break;
            }
        }
        games += 1;
        plies += n as u64;
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{:<18} {:>12.0} {:>10} {:>12.1} {:>8}",
        name,
        games as f64 / dt,
        games,
        plies as f64 / games as f64,
        cut
    );
}

fn main() {
    let seconds: f64 = arg("--seconds", 3.0);
    let only: String = arg("--variant", String::new());
    println!("{:<18} {:>12} {:>10} {:>12} {:>8}", "variant", "playouts/s", "games", "plies/game", "cut");
    for v in Variant::ALL {
        if !only.is_empty() && v.name() != only {
            continue;
        }
        row::<Igisoro>(v.name(), &Position::start(v), seconds);
    }
    for v in isolo::Variant::ALL {
        if !only.is_empty() && v.name() != only {
            continue;
        }
        // Plies count every turn of the match, the kucheleka included.
        row::<Isolo>(v.name(), &isolo::Position::start(v), seconds);
    }
}
