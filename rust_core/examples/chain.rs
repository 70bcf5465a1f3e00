// Pure relay chain: how long until it ends or cycles (Brent).
use std::time::Instant;
fn main() {
    let mut b: [u8; 16] = [3, 11, 3, 5, 4, 7, 0, 1, 2, 3, 4, 3, 0, 1, 3, 1];
    // state: about to lift `origin`... start: lift pit 8 (origin 8 hand 5) as in the trace
    let mut origin = 14usize; let mut hand = b[14]; b[14] = 0;
    let t = Instant::now();
    let mut saved = ([0u8;16], 99usize, 0u8); let (mut power, mut lam) = (1u64, 0u64);
    let mut laps = 0u64;
    loop {
        let mut p = origin;
        for _ in 0..hand { p = (p + 1) & 15; b[p] += 1; }
        laps += 1;
        if b[p] == 1 { println!("ends after {} laps, {:.1}s", laps, t.elapsed().as_secs_f64()); return; }
        hand = b[p]; b[p] = 0; origin = p;
        let st = (b, origin, hand);
        if st == saved { println!("cycle: length {} found after {} laps, {:.1}s", lam + 1, laps, t.elapsed().as_secs_f64()); return; }
        lam += 1;
        if lam == power { saved = st; power *= 2; lam = 0; }
        if laps % 100_000_000 == 0 { eprintln!("{} laps {:.1}s", laps, t.elapsed().as_secs_f64()); }
    }
}
