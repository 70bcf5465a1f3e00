//! The slowest plies of seeded random games: prints every ply over 50 ms
//! and the share of time such plies take (see docs/benchmarks/playouts.md).
//! Run: `cargo run --release -p igisoro-bench --bin slowply -- --variant ikibuguzo-1 --games 11000`
use igisoro_bench::{arg, required};
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::random_move;
use igisoro_core::rng::Rng;
use std::time::Instant;
fn main() {
    let v: Variant = required("--variant", "slowply --variant <4x8 variant> [--games 11000]");
    let games: u64 = arg("--games", 11_000);
    let mut rng = Rng::new(12345);
    let (mut slow, mut total) = (0.0, 0.0);
    let t0 = Instant::now();
    for g in 0..games {
        let mut p = Position::start(v);
        loop {
            let t = Instant::now();
            let before = p.clone();
            match random_move::<Igisoro>(&p, &mut rng) {
                Some((q, _)) => p = q,
                None => break,
            }
            let dt = t.elapsed().as_secs_f64();
            total += dt;
            if dt > 0.001 {
                slow += dt;
            }
            if dt > 0.05 {
                println!("game {} ply {:.3}s: {}", g, dt, notation::format(&before));
            }
        }
    }
    println!("total {:.2}s in plies, {:.2}s in plies over 1ms, wall {:.2}s", total, slow, t0.elapsed().as_secs_f64());
}
