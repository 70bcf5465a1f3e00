use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::explore::legal_moves;
use igisoro_core::game::{Game, NoTrace, Advance};
use std::time::Instant;
fn main() {
    let p = notation::parse(&std::env::args().nth(1).unwrap()).unwrap();
    let root = Igisoro::root(&p);
    let mut opts = Vec::new();
    Igisoro::point(&p, &root, &mut opts);
    for c in opts.clone() {
        let t = Instant::now();
        let r = Igisoro::advance(&p, &root, c, &mut NoTrace);
        match r { Advance::Aborted => {}, Advance::Reached(n, l) => println!("{:?} laps {} stage {:?} {:.3}ms", c, l, n.stage, t.elapsed().as_secs_f64()*1e3), Advance::Endless => println!("{:?} endless", c) }
    }
    let t = Instant::now();
    let l = legal_moves::<Igisoro>(&p, Some(std::env::args().nth(2).unwrap().parse().unwrap()));
    println!("{} moves {:?} {:.3}s", l.moves.len(), l.truncated, t.elapsed().as_secs_f64());
}
