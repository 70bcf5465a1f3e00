//! Solve one 4x8 position and check its proof, with a chosen table size:
//! `solve_one "NOTATION" [--tt-bits B] [--ms T] [--depth D]` (hand-run; how
//! a proof that failed its check in `solve`'s log was looked at: it checked
//! with a 2^24 table and not with 2^22, which showed the table had lost
//! proven entries).
use igisoro_bench::arg;
use igisoro_core::board4x8::{notation, Igisoro};

fn main() {
    let text = std::env::args().nth(1).expect("a 4x8 position in notation");
    let p = notation::parse(&text).expect("a 4x8 position");
    let tt_bits: u32 = arg("--tt-bits", 20);
    let ms: u64 = arg("--ms", 1000);
    let depth: u32 = arg("--depth", 0);
    igisoro_bench::solving::solve_row::<Igisoro>("position", &p, ms, tt_bits, (depth > 0).then_some(depth));
}
