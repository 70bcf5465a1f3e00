use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::game::{Game, NoTrace, Advance, Point};
use std::time::Instant;
fn main() {
    let p = notation::parse(&std::env::args().nth(1).unwrap()).unwrap();
    // DFS over decision nodes, printing each advance's laps and time.
    let mut stack = vec![(Igisoro::root(&p), String::new())];
    let mut seen = std::collections::HashSet::new();
    let mut opts = Vec::new();
    while let Some((node, path)) = stack.pop() {
        if let Point::Decide(_) = Igisoro::point(&p, &node, &mut opts) {
            for c in opts.clone() {
                let t = Instant::now();
                let r = Igisoro::advance(&p, &node, c, &mut NoTrace);
                let dt = t.elapsed().as_secs_f64();
                let np = format!("{}-{}", path, c.token());
                match r {
                    Advance::Reached(n, l) => { if dt > 0.01 || l > 10000 { println!("{} laps {} {:.3}s {:?}", np, l, dt, n.stage); } if seen.insert(n) { stack.push((n, np)); } }
                    Advance::Endless | Advance::Aborted => println!("{} endless {:.3}s", np, dt),
                }
            }
        }
        if seen.len() > 100000 { println!("many nodes"); break; }
    }
    println!("nodes {}", seen.len());
}
