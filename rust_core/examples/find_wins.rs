//! Finds positions with short forced wins (used once to freeze the
//! positions of tests/search_forced.rs).
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::random_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, Limits, Score};

fn main() {
    for v in Variant::ALL {
        let mut found = [false; 4];
        let mut rng = Rng::new(99 + v as u64);
        for _game in 0..60 {
            let mut p = Position::start(v);
            let mut hist = vec![p.clone()];
            for _ in 0..400 {
                match random_move::<Igisoro>(&p, &mut rng) {
                    Some((n, _)) => {
                        p = n;
                        hist.push(p.clone());
                    }
                    None => break,
                }
            }
            for q in hist.iter().rev().take(12) {
                let a = analyse::<Igisoro>(q, &Limits { depth: Some(5), time_ms: Some(300), ..Limits::default() });
                if a.truncated_turns > 0 {
                    continue;
                }
                if let Score::Win { turns } = a.score {
                    if (1..=3).contains(&turns) && !found[turns as usize] && a.depth >= 2 * turns - 1 {
                        found[turns as usize] = true;
                        println!("{} win {} {:?} \"{}\"", v, turns, a.pv, notation::format(q));
                    }
                }
            }
            if found[1..].iter().all(|&f| f) {
                break;
            }
        }
    }
}
