//! Cycle statistics of the side to move's capture-free relay chains, one
//! per start pit, by a plain lap-by-lap simulation independent of the
//! engine: finite chains with their length, endless ones with their cycle
//! length (lambda) and the laps before the cycle (mu), found with Brent's
//! algorithm. Only for positions where no capture is possible (the
//! opponent's inner row empty) and laps run counter-clockwise, as in the
//! worst ikibuguzo-1 cases of `bench/data/worst.txt` (see docs/benchmarks/playouts.md).
//! Run: `cargo run --release -p igisoro-bench --bin chainstats -- --position "<notation>"`
use igisoro_bench::{fail, required};
use igisoro_core::board4x8::notation;
use std::time::Instant;
const P: usize = 16;
fn step(row: &mut [u8; P], origin: usize, hand: u8) -> (usize, bool) {
    let mut p = origin;
    for _ in 0..hand {
        p = (p + 1) % P;
        row[p] += 1;
    }
    (p, row[p] == 1)
}
fn main() {
    let s: String = required("--position", "chainstats --position '<notation>'");
    let pos = notation::parse(&s).unwrap_or_else(|e| fail(&format!("--position: {}", e)));
    let b = pos.local_pits();
    let row0 = b[pos.to_move() as usize];
    println!("mover row {:?} total {}", row0, row0.iter().map(|&x| x as u32).sum::<u32>());
    for start in 0..P {
        if row0[start] < 2 {
            continue;
        }
        let t = Instant::now();
        // state before each lap: (row, origin, hand) with row[origin] lifted
        let mut row = row0;
        let h = row[start];
        row[start] = 0;
        let f = |st: &([u8; P], usize, u8)| -> Option<([u8; P], usize, u8)> {
            let (mut r, o, h) = *st;
            let (q, end) = step(&mut r, o, h);
            if end {
                return None;
            }
            let hh = r[q];
            r[q] = 0;
            Some((r, q, hh))
        };
        // Brent
        let x0 = (row, start, h);
        let (mut power, mut lam) = (1u64, 1u64);
        let mut tort = x0;
        let mut hare = f(&x0);
        let mut laps = 1u64;
        let mut finite = false;
        loop {
            match hare {
                None => {
                    finite = true;
                    break;
                }
                Some(hs) => {
                    if hs == tort {
                        break;
                    }
                    if power == lam {
                        tort = hs;
                        power *= 2;
                        lam = 0;
                    }
                    hare = f(&hs);
                    lam += 1;
                    laps += 1;
                    if laps > 4_000_000_000 {
                        break;
                    }
                }
            }
        }
        if finite {
            println!("start {start}: finite after {laps} laps ({:.2}s)", t.elapsed().as_secs_f64());
            continue;
        }
        // mu
        let mut a = x0;
        let mut bb = x0;
        for _ in 0..lam {
            bb = f(&bb).expect("an endless chain has a next state");
        }
        let mut mu = 0u64;
        while a != bb {
            a = f(&a).expect("an endless chain has a next state");
            bb = f(&bb).expect("an endless chain has a next state");
            mu += 1;
        }
        println!("start {start}: endless lambda {lam} mu {mu} brent laps {laps} ({:.2}s)", t.elapsed().as_secs_f64());
    }
}
