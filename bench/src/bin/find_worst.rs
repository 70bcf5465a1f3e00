//! Search random reachable positions for the heaviest turns (most distinct
//! results, most laps) to keep as bench cases in bench/data/worst.txt.
//!
//! Run: `cargo run --release -p igisoro-bench --bin find_worst -- --games 2000 --variant igisoro`

use igisoro_bench::arg;
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::{legal_moves, random_move};
use igisoro_core::rng::Rng;

fn main() {
    let games: u64 = arg("--games", 500);
    let variant: Variant = arg("--variant", "igisoro".to_string()).parse().expect("variant");
    let (mut best_moves, mut best_laps) = (0usize, 0u32);
    for g in 0..games {
        let mut rng = Rng::new(g);
        let mut p = Position::start(variant);
        for _ in 0..400 {
            let list = legal_moves::<Igisoro>(&p, None);
            let laps = list.moves.iter().map(|m| m.laps).max().unwrap_or(0);
            if list.moves.len() > best_moves {
                best_moves = list.moves.len();
                println!("moves {} (game {}): {}", best_moves, g, notation::format(&p));
            }
            if laps > best_laps {
                best_laps = laps;
                println!("laps {} (game {}): {}", best_laps, g, notation::format(&p));
            }
            match random_move::<Igisoro>(&p, &mut rng) {
                Some((q, _)) => p = q,
                None => break,
            }
        }
    }
}
