//! Solve one 4x8 position and check its proof, with a chosen table size:
//! `solve_one "NOTATION" [--tt-bits B] [--ms T] [--depth D]` (hand-run; how
//! a proof that failed its check in `solve`'s log was looked at: it checked
//! with a 2^24 table and not with 2^22, which showed the table had lost
//! proven entries).
use igisoro_bench::arg;
use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::search::{check, solve_certified, Limits};

fn main() {
    let text = std::env::args().nth(1).expect("a 4x8 position in notation");
    let p = notation::parse(&text).expect("a 4x8 position");
    let tt_bits: u32 = arg("--tt-bits", 20);
    let ms: u64 = arg("--ms", 1000);
    let depth: u32 = arg("--depth", 0);
    let limits = Limits { tt_bits, depth: (depth > 0).then_some(depth), ..Limits::time(ms) };
    let (s, cert) = solve_certified::<Igisoro>(&p, &limits);
    println!(
        "{:?} turns {:?} nodes {} {} ms stopped_by {} unknown_turns {} line {}",
        s.outcome,
        s.turns,
        s.nodes,
        s.time_ms,
        s.stopped_by.name(),
        s.unknown_turns,
        s.line.join(" ")
    );
    if let Some(c) = cert {
        let t = std::time::Instant::now();
        let c = check::<Igisoro>(&p, &c, u64::MAX, u32::MAX);
        println!("{c:?} in {} ms", t.elapsed().as_millis());
    }
}
