//! Search speed (issue 3): nodes per second and time to depth 4, 6 and 8,
//! per variant, from the start and from the middle-game positions of
//! `bench/data/search_positions.txt`, and the same for Isolo (4 and 8 holes;
//! start = the match's start, fore-play; mid = 20 random turns into the
//! match, seed fixed, stopped before it is decided).
//!
//! Every search is a fresh `analyse` with a depth limit and a wall-clock cap
//! (`--cap-s`, 30 s by default) so that one pathological position cannot
//! stall the table. A row whose search did not complete the requested depth
//! says so in the `note` column (`CAP` plus the depth it did complete). A proven win or loss ends the
//! iterative deepening early (`proven`): no deeper search can change it.
//! `trunc` counts turns too big to search whole (the engine's per-turn node
//! budget): such a result is an approximation. `--playing`: a playing
//! search (`Limits::playing`: late-move reductions and the learned
//! correction, as level 10 searches), to measure their cost per node.
//!
//! Run: `cargo run --release -p igisoro-bench --bin search_speed -- [--depths 4,6,8]
//! [--cap-s 30] [--variant igisoro] [--isolo-depths 4,6,8]`
//! (rows are printed as a Markdown table).

use igisoro_bench::arg;
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::engine_call::entry;
use igisoro_core::explore::random_move;
use igisoro_core::game::Game;
use igisoro_core::isolo::{self, Isolo};
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, Engine, Limits, Score};
use std::time::Instant;

fn score(s: &Score) -> String {
    match *s {
        Score::Centiseeds(c) => format!("{:+.2}", c as f64 / 100.0),
        Score::Win { turns } => format!("win in {}", turns),
        Score::Loss { turns } => format!("loss in {}", turns),
    }
}

/// Time to each depth of `depths` from `p`, one table row per depth.
/// Returns the number of capped searches.
fn rows<G: Engine>(variant: &str, from: &str, p: &G::Pos, depths: &[u32], cap_ms: u64) -> usize {
    let mut capped = 0;
    let playing = std::env::args().any(|a| a == "--playing");
    for &d in depths {
        let t = Instant::now();
        // One engine call, from a fresh state as the library's are (engine_call::entry).
        let limits = Limits { depth: Some(d), time_ms: Some(cap_ms), playing, ..Limits::default() };
        let a = entry(|| analyse::<G>(p, &limits));
        let s = t.elapsed().as_secs_f64();
        let proven = !matches!(a.score, Score::Centiseeds(_));
        let note = if a.depth >= d {
            String::new()
        } else if proven && a.best_move.is_some() {
            format!("proven at depth {}", a.depth)
        } else if a.best_move.is_none() && a.depth == 0 && s * 1000.0 < cap_ms as f64 / 2.0 {
            "game over".to_string()
        } else {
            capped += 1;
            format!("**CAP** ({} s): depth {} completed", cap_ms / 1000, a.depth)
        };
        println!(
            "| {} | {} | {} | {} | {} | {:.1} | {:.0} | {} | {} | {} | {} |",
            variant,
            from,
            d,
            a.depth,
            a.nodes,
            s * 1000.0,
            a.nodes as f64 / s.max(1e-9),
            a.truncated_turns,
            a.best_move.as_deref().unwrap_or("-"),
            score(&a.score),
            note
        );
    }
    capped
}

fn list(name: &str, default: &str) -> Vec<u32> {
    arg(name, default.to_string())
        .split(',')
        .map(|s| s.trim().parse().expect("a comma-separated list of depths"))
        .collect()
}

fn main() {
    let depths = list("--depths", "4,6,8");
    let isolo_depths = list("--isolo-depths", "4,6,8");
    let cap_ms: u64 = arg("--cap-s", 30u64) * 1000;
    let only: String = arg("--variant", String::new());
    let mids = include_str!("../../data/search_positions.txt");
    println!("| variant | from | depth | reached | nodes | ms | nodes/s | trunc | best | score | note |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---|---|---|");
    let t0 = Instant::now();
    let mut capped = 0;
    for v in Variant::ALL.into_iter().filter(|v| only.is_empty() || v.name() == only) {
        let mut positions = vec![("start".to_string(), Position::start(v))];
        let mut label = String::new();
        for line in mids.lines() {
            if let Some(c) = line.strip_prefix('#') {
                // "# <variant> mid-<k>: ..." names the next position.
                label = c.split(':').next().unwrap_or("").to_string();
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let p = notation::parse(line).expect("search_positions.txt holds valid notation");
            if p.variant() == v {
                let from = label.split_whitespace().nth(1).unwrap_or("mid").to_string();
                positions.push((from, p));
            }
        }
        for (from, p) in &positions {
            capped += rows::<Igisoro>(v.name(), from, p, &depths, cap_ms);
        }
    }
    for v in isolo::Variant::ALL.into_iter().filter(|v| only.is_empty() || v.name() == only) {
        // 4 holes (the default) and 8: with 4 holes the side to move
        // usually empties the other row at once, so depth is rarely
        // reached; the 8-hole board gives the search some work.
        for holes in [4u8, 8] {
            let name = format!("{}, {} holes", v.name(), holes);
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
                capped += rows::<Isolo>(&name, from, &p, &isolo_depths, cap_ms);
            }
        }
    }
    println!("\n{} searches hit the cap; {:.1} s in all", capped, t0.elapsed().as_secs_f64());
    // The fixed cost of one `analyse` call, which dominates shallow searches
    // and batches of easy positions: a depth-1 search of a position with a
    // single (scripted) move, with the default table and with none.
    let p = Position::start(Variant::Ikibuguzo1);
    for bits in [Limits::default().tt_bits, 0] {
        let n = 2000;
        let t = Instant::now();
        for _ in 0..n {
            entry(|| analyse::<Igisoro>(&p, &Limits { depth: Some(1), tt_bits: bits, ..Limits::default() }));
        }
        println!(
            "fixed cost: depth 1 from the ikibuguzo-1 start (one move), table of 2^{} slots: {:.1} us per call",
            bits,
            t.elapsed().as_secs_f64() * 1e6 / n as f64
        );
    }
}
