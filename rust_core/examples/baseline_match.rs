//! Level 10 against the public baseline player of the issue: depth-5
//! alpha-beta with evaluation 10 x material + 2 x mobility, on the rules
//! `capture=obligatory`, `clockwise=never` (over the `igisoro` variant).
//! Colours alternate; a game still running after `MAX_PLIES` is scored by
//! material. Prints the level-10 win rate with a 95% Wilson interval.
//!
//! Usage: `cargo run --release --example baseline_match [games] [ms_per_move]`.

use igisoro_core::board4x8::{Igisoro, Position, Setup, Variant};
use igisoro_core::explore::{play, status};
use igisoro_core::moves::parse_move;
use igisoro_core::search::{analyse_with, best_move, Evaluate, Limits};
use igisoro_core::{Side, Status};
use std::time::Instant;

const MAX_PLIES: usize = 300;

fn start() -> Position {
    let mut s: Setup = Position::start(Variant::Igisoro).to_setup();
    s.rules = vec![("capture".into(), "obligatory".into()), ("clockwise".into(), "never".into())];
    Position::from_setup(&s).expect("baseline rules")
}

/// 95% Wilson score interval for `wins` out of `n`.
fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.96;
    let p = wins / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn main() {
    let games: usize = std::env::args().nth(1).map_or(4, |s| s.parse().unwrap());
    let ms: u64 = std::env::args().nth(2).map_or(200, |s| s.parse().unwrap());
    let mut score = 0.0;
    for game in 0..games {
        let engine_side = if game % 2 == 0 { Side::South } else { Side::North };
        let mut p = start();
        let t = Instant::now();
        let mut plies = 0;
        let winner = loop {
            if let Status::Won { winner, .. } = status::<Igisoro>(&p) {
                break Some(winner);
            }
            if plies >= MAX_PLIES {
                let (me, them) = (p.seeds(engine_side), p.seeds(engine_side.other()));
                break if me > them {
                    Some(engine_side)
                } else if them > me {
                    Some(engine_side.other())
                } else {
                    None
                };
            }
            let a = if p.to_move() == engine_side {
                best_move::<Igisoro>(&p, 10, ms, game as u64)
            } else {
                analyse_with::<Igisoro>(&p, &Limits::depth(5), Igisoro::baseline)
            };
            let mv = a.best_move.expect("a move while the game is on");
            p = play::<Igisoro>(&p, &parse_move::<Igisoro>(&p, &mv).unwrap()).unwrap().result;
            plies += 1;
        };
        let s = match winner {
            Some(w) if w == engine_side => 1.0,
            None => 0.5,
            _ => 0.0,
        };
        score += s;
        println!(
            "game {}: level 10 as {} scores {} after {} plies ({:.1} s)",
            game + 1,
            engine_side,
            s,
            plies,
            t.elapsed().as_secs_f64()
        );
    }
    let (lo, hi) = wilson(score, games as f64);
    println!(
        "level 10 vs baseline: {}/{} = {:.0}% (95% CI {:.0}%..{:.0}%), {} ms per move",
        score,
        games,
        100.0 * score / games as f64,
        100.0 * lo,
        100.0 * hi,
        ms
    );
}
