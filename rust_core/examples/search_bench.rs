//! Search speed: nodes per second and time to depth 4 and 6 from the start
//! and from a mid-game position of every variant (mid-game = 20 random
//! plies, seed fixed), and the same for Isolo (start = the match's start,
//! fore-play; mid = 20 random turns into the match, stopped before it is
//! decided). Usage: `cargo run --release --example search_bench [max_depth [variant]]`.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::random_move;
use igisoro_core::game::Game;
use igisoro_core::isolo::{self, Isolo};
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, Engine, Limits};
use std::time::Instant;

/// Time to depths 4 and 6 (up to `max`) from `p`; prints one row per depth.
fn rows<G: Engine>(variant: &str, from: &str, p: &G::Pos, max: u32) {
    for d in [4, 6].into_iter().filter(|&d| d <= max) {
        let t = Instant::now();
        // A 20 s cap keeps one pathological position from stalling the table.
        let a = analyse::<G>(p, &Limits { depth: Some(d), time_ms: Some(20_000), ..Limits::default() });
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{:<18} {:<6} {:>5} {:>10} {:>9.1} {:>10.0} {:>6}",
            variant,
            from,
            a.depth,
            a.nodes,
            ms,
            a.nodes as f64 / (ms / 1000.0).max(1e-9),
            a.truncated_turns
        );
    }
}

fn main() {
    let max: u32 = std::env::args().nth(1).map_or(6, |s| s.parse().unwrap());
    let only = std::env::args().nth(2).unwrap_or_default();
    println!(
        "{:<18} {:<6} {:>5} {:>10} {:>9} {:>10} {:>6}",
        "variant", "from", "depth", "nodes", "ms", "nodes/s", "trunc"
    );
    for v in Variant::ALL.into_iter().filter(|v| only.is_empty() || v.name() == only) {
        let mut rng = Rng::new(2024);
        let mut mid = Position::start(v);
        for _ in 0..20 {
            if let Some((n, _)) = random_move::<Igisoro>(&mid, &mut rng) {
                mid = n;
            }
        }
        for (name, p) in [("start", Position::start(v)), ("mid", mid)] {
            rows::<Igisoro>(v.name(), name, &p, max);
        }
    }
    for v in isolo::Variant::ALL.into_iter().filter(|v| only.is_empty() || v.name() == only) {
        // 4 holes (the default) and 8: with 4 holes the side to move
        // usually empties the other row at once, so depth is rarely
        // reached; the 8-hole board gives the search some work.
        for holes in [4u8, 8] {
            let name = format!("{}-{}h", v.name(), holes);
            let start = isolo::Position::start_with(v, isolo::Rules { holes });
            let mut rng = Rng::new(2024);
            let mut mid = start.clone();
            for _ in 0..20 {
                match random_move::<Isolo>(&mid, &mut rng) {
                    Some((n, _)) if Isolo::decided(&n).is_none() => mid = n,
                    _ => break,
                }
            }
            for (from, p) in [("start", start), ("mid", mid)] {
                rows::<Isolo>(&name, from, &p, max);
            }
        }
    }
}
