use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::{legal_moves, random_move};
use igisoro_core::rng::Rng;
use std::time::Instant;
fn main() {
    let v: Variant = std::env::args().nth(1).unwrap().parse().unwrap();
    let games: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut rng = Rng::new(1);
    let (mut plies, mut laps, mut moves, mut maxl) = (0u64, 0u64, 0u64, 0u32);
    let mut worst = 0.0;
    let t0 = Instant::now();
    for _g in 0..games {
        let mut p = Position::start(v);
        for _ in 0..300 {
            eprintln!("{}", notation::format(&p));
            let t = Instant::now();
            let l = legal_moves::<Igisoro>(&p, None);
            let dt = t.elapsed().as_secs_f64();
            if dt > worst { worst = dt; println!("{:.3}s {} moves: {}", dt, l.moves.len(), notation::format(&p)); }
            moves += l.moves.len() as u64;
            for m in &l.moves { laps += m.laps as u64; maxl = maxl.max(m.laps); }
            plies += 1;
            eprintln!("random");
            match random_move::<Igisoro>(&p, &mut rng) { Some((q, _)) => p = q, None => break }
        }
    }
    println!("{} plies {} avg moves {:.1} avg laps/move {:.1} max {} in {:.1}s", v, plies, moves as f64 / plies as f64, laps as f64 / moves as f64, maxl, t0.elapsed().as_secs_f64());
}
