//! Finds Isolo main-game positions with short forced wins (used once to
//! freeze the Isolo positions of tests/search_forced.rs).
use igisoro_core::explore::random_move;
use igisoro_core::isolo::{notation, Isolo, Phase, Position, Variant};
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, Limits, Score};

fn main() {
    let mut found = [false; 4];
    let mut rng = Rng::new(4242);
    for _game in 0..300 {
        let mut p = Position::start(Variant::Isolo);
        let mut hist = vec![p.clone()];
        for _ in 0..400 {
            match random_move::<Isolo>(&p, &mut rng) {
                Some((n, _)) => {
                    p = n;
                    hist.push(p.clone());
                }
                None => break,
            }
        }
        for q in hist.iter().rev().take(8).filter(|q| q.phase() == Phase::Main) {
            let a = analyse::<Isolo>(q, &Limits { depth: Some(5), time_ms: Some(300), ..Limits::default() });
            if a.truncated_turns > 0 {
                continue;
            }
            if let Score::Win { turns } = a.score {
                if (1..=3).contains(&turns) && !found[turns as usize] && a.depth >= 2 * turns - 1 {
                    found[turns as usize] = true;
                    println!("isolo win {} {:?} \"{}\"", turns, a.pv, notation::format(q));
                }
            }
        }
        if found[1..].iter().all(|&f| f) {
            break;
        }
    }
}
