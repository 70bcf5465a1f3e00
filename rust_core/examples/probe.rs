use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::random_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, reference, Evaluate, Limits};
use igisoro_core::search::turn_graph::TurnGraph;
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args().nth(1).map_or(1, |s| s.parse().unwrap());
    for v in Variant::ALL {
        let seed: u64 = std::env::args().nth(2).map_or(7, |s| s.parse().unwrap()); let count: usize = std::env::args().nth(3).map_or(40, |s| s.parse().unwrap()); let mut rng = Rng::new(seed ^ (v as u64) << 32);
        let (mut cyc, mut opp, mut nodes) = (0, 0, 0);
        for i in 0..count {
            let plies = rng.below(81);
            let mut p = Position::start(v);
            for _ in 0..plies {
                match random_move::<Igisoro>(&p, &mut rng) { Some((n, _)) => p = n, None => break }
            }
            let minimum: u32 = std::env::args().nth(4).map_or(16, |s| s.parse().unwrap());
            if p.seeds(igisoro_core::Side::South).min(p.seeds(igisoro_core::Side::North)) < minimum { continue; }
            if std::env::var("TRACE").is_ok() { eprintln!("{} #{} {}", v, i, notation::format(&p)); }
            let g = TurnGraph::<Igisoro>::build(&p);
            cyc += g.cyclic as u32; opp += g.has_opponent as u32; nodes += g.kind.len();
            let t = Instant::now();
            let a = analyse::<Igisoro>(&p, &Limits::depth(depth));
            let ts = t.elapsed().as_millis();
            let t = Instant::now();
            if a.truncated_turns > 0 { println!("{} #{} truncated {} in {}ms", v, i, a.truncated_turns, ts); continue; }
            let Some(want) = reference::negamax_bounded::<Igisoro>(&p, depth, 0, Igisoro::evaluate, &mut 300_000) else { println!("{} #{} oracle over budget", v, i); continue };
            let to = t.elapsed().as_millis();
            if ts + to > 200 || a.lines.first().map_or(false, |l| l.value != want) {
                println!("{} #{} search {}ms oracle {}ms {:?} vs {} graph {} results {} {}", v, i, ts, to, a.lines.first().map(|l| l.value), want, g.kind.len(), g.results.len(), notation::format(&p));
            }
        }
        println!("{}: cyclic {} opp {} avg graph nodes {}", v, cyc, opp, nodes / count);
    }
}
