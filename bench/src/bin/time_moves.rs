//! Times `legal_moves` of one position in a fresh process (fresh per-thread
//! memo of endless chains), for before/after comparisons of the lap loop.
//!
//! Run: `cargo run --release -p igisoro-bench --bin time_moves -- --position '<notation>'`

use igisoro_bench::{fail, required};
use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::explore::legal_moves;
use std::time::Instant;

fn main() {
    let s: String = required("--position", "time_moves --position '<notation>'");
    let p = notation::parse(&s).unwrap_or_else(|e| fail(&format!("--position: {}", e)));
    let t = Instant::now();
    let list = legal_moves::<Igisoro>(&p, None);
    let laps = list.moves.iter().map(|m| m.laps).max().unwrap_or(0);
    println!("{} moves, max {} laps, {:.3} s", list.moves.len(), laps, t.elapsed().as_secs_f64());
}
