use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::search::{analyse, reference, Evaluate, Limits};
use igisoro_core::search::turn_graph::{TurnGraph, Kind};
use igisoro_core::moves::format_move;
fn main() {
    let p = notation::parse(&std::env::args().nth(1).unwrap()).unwrap();
    let d: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let g = TurnGraph::<Igisoro>::build(&p);
    println!("graph {} results {} opp {} cyc {}", g.kind.len(), g.results.len(), g.has_opponent, g.cyclic);
    for n in g.frontier() { let txt = format_move::<Igisoro>(&p, &g.path_to(n)); match g.kind[n as usize] { Kind::Done(r) => println!("frontier {} done {}", txt, -reference::negamax::<Igisoro>(&g.results[r as usize].pos, d-1, 1, Igisoro::evaluate)), k => println!("frontier {} {:?}", txt, k) } }
    println!("oracle {}", reference::negamax::<Igisoro>(&p, d, 0, Igisoro::evaluate));
    let a = analyse::<Igisoro>(&p, &Limits { multipv: 5, ..Limits::depth(d) });
    for l in &a.lines { println!("{:?}", l); }
}
