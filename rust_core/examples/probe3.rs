use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::search::turn_graph::TurnGraph;
use igisoro_core::explore::has_legal_move;
use std::time::Instant;
fn main() {
    let p = notation::parse(&std::env::args().nth(1).unwrap()).unwrap();
    let t = Instant::now();
    let g = TurnGraph::<Igisoro>::build(&p);
    println!("root {:?} {}", t.elapsed(), g.kind.len());
    let mut tot = std::time::Duration::ZERO; let mut worst = (std::time::Duration::ZERO, String::new());
    for r in &g.results { let t = Instant::now(); let g2 = TurnGraph::<Igisoro>::build_bounded(&r.pos, 4096, &mut || false).unwrap(); let e = t.elapsed(); let t2 = Instant::now(); has_legal_move::<Igisoro>(&r.pos); let e2 = t2.elapsed(); tot += e; if e > worst.0 { worst = (e, format!("{} nodes {} trunc {} has_legal {:?}", notation::format(&r.pos), g2.kind.len(), g2.truncated, e2)); } }
    println!("children total {:?} worst {:?} {}", tot, worst.0, worst.1);
}
