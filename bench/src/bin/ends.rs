//! Do engine games end? (issue 31, item 5), hand-run.
//!
//! Level 10 against itself at `--ms` per move, from `--opening-plies`
//! seeded random plies (after the scripted opening, for Ikibuguzo) (`matches::openings`), at most `--max-plies` plies,
//! `--games` games per variant, for every 4x8 variant (or `--variant`).
//! A game counts as finished when the status says it is won (it ended) or
//! that it cannot end (`endless`, the status's proven condition). Printed
//! per variant: games won, games stopped at a position that cannot end,
//! games cut at the ply cap (with their final seed counts), the share
//! of the first two and the median number of plies they took; then the
//! seed counts and reasons where games were found unable to end.
//!
//! Run: `cargo run --release -p igisoro-bench --bin ends -- --games 20 --ms 10`
//! (docs/benchmarks/ends.md).

use igisoro_bench::matches::{openings, play_best};
use igisoro_core::board4x8::rules::Opening;
use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::status;
use igisoro_core::rng::Rng;
use igisoro_core::search::best_move;
use igisoro_core::side::Side;
use igisoro_core::Status;

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().expect("an integer"))
        .unwrap_or(default)
}

fn main() {
    let games = arg("--games", 20) as usize;
    let ms = arg("--ms", 10);
    let max_plies = arg("--max-plies", 300) as u32;
    let plies = arg("--opening-plies", 4) as u32;
    let seed = arg("--seed", 31);
    let args: Vec<String> = std::env::args().collect();
    let only = args.iter().position(|a| a == "--variant").and_then(|i| args.get(i + 1)).cloned();
    for v in Variant::ALL {
        if only.as_deref().is_some_and(|o| o != v.name()) {
            continue;
        }
        // A scripted opening (Ikibuguzo) has one move a ply: the random
        // plies come after it.
        let scripted = match v.rules().opening {
            Opening::LudiiOpening1 | Opening::LudiiOpening2 => v.rules().opening.plies() as u32,
            _ => 0,
        };
        let starts = openings(&Position::start(v), games, plies + scripted, seed);
        let (mut won, mut endless, mut cut) = (0, Vec::new(), Vec::new());
        let mut plies_to_end = Vec::new();
        let t = std::time::Instant::now();
        for (g, start) in starts.iter().enumerate() {
            let mut p = start.clone();
            let mut rng = Rng::new(seed ^ g as u64);
            let mut n = 0;
            loop {
                match status::<Igisoro>(&p) {
                    Status::Won { .. } => {
                        won += 1;
                        plies_to_end.push(n);
                        break;
                    }
                    Status::Ongoing => {}
                    Status::Endless { reason } => {
                        endless.push((p.seeds(Side::South), p.seeds(Side::North), reason.name()));
                        plies_to_end.push(n);
                        break;
                    }
                }
                if n >= max_plies {
                    cut.push((p.seeds(Side::South), p.seeds(Side::North)));
                    break;
                }
                let a = best_move::<Igisoro>(&p, 10, ms, seed.wrapping_add(n as u64));
                match play_best(&p, &a, &mut rng) {
                    Some(q) => p = q,
                    None => {
                        won += 1;
                        plies_to_end.push(n + 1);
                        break;
                    }
                }
                n += 1;
            }
        }
        let finished = won + endless.len();
        plies_to_end.sort_unstable();
        println!(
            "{:<18} games {:>3}  won {:>3}  cannot end {:>3}  cut {:>3} {:?}  finished {:>5.1}%  median plies to the end {}  ({:.0} s)",
            v.name(),
            starts.len(),
            won,
            endless.len(),
            cut.len(),
            cut,
            100.0 * finished as f64 / starts.len() as f64,
            plies_to_end.get(plies_to_end.len() / 2).map_or("-".to_string(), |n| n.to_string()),
            t.elapsed().as_secs_f64()
        );
        if !endless.is_empty() {
            println!("{:<18} cannot end at (South, North, reason): {:?}", "", endless);
        }
    }
}
