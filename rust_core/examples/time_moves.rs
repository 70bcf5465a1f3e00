//! Times `legal_moves` of one position in a fresh process (fresh per-thread
//! memo of endless chains), for before/after comparisons of the lap loop.
//!
//! Run: `cargo run --release --example time_moves -- '<notation>'`

use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::explore::legal_moves;
use std::time::Instant;

fn main() {
    let s = std::env::args().nth(1).expect("usage: time_moves '<notation>'");
    let p = notation::parse(&s).expect("valid notation");
    let t = Instant::now();
    let list = legal_moves::<Igisoro>(&p, None);
    let laps = list.moves.iter().map(|m| m.laps).max().unwrap_or(0);
    println!("{} moves, max {} laps, {:.3} s", list.moves.len(), laps, t.elapsed().as_secs_f64());
}
