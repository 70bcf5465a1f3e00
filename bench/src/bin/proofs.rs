//! Proofs inside analyses (issue 41, target 4), hand-run: how many of the
//! reference set's proven records, and of its start positions, a timed
//! analysis answers with the solver's checked proof (`stopped_by`
//! `solved`) at each time limit and solver share.
//!
//! For every record of `--dir` (`bench/data/refset`) whose reference is a
//! proof, and every start position, one analysis per time limit (`--ms`,
//! 100 and 1,000) and share (`--shares`, percent of the time, 0 20): the
//! counts solved, solved with the reference's winner, solved with the other
//! side (a wrong proof: must be 0), and proven by the alpha-beta search's
//! own mate scores (`proven`); each start's line. `--cost N`: also the
//! mean depth the first N records per variant whose reference is not a
//! proof reach at each share (what the share costs the search).
//!
//! Run: `cargo build --release -p igisoro-bench --bin proofs && target/release/proofs --ms 100,1000 --shares 0,10,20,25`

use igisoro_bench::refset::{parse_entry, Entry};
use igisoro_bench::{fail, opt};
use igisoro_core::search::{Limits, Score, StopReason};

fn main() {
    let dir: String = opt("--dir", "bench/data/refset".into());
    let list = |name: &str, default: &str| -> Vec<u64> {
        let text: String = opt(name, default.into());
        text.split(',').map(|x| x.parse().unwrap_or_else(|_| fail(&format!("{name}: {x:?} is not a number")))).collect()
    };
    let times = list("--ms", "100,1000");
    let shares = list("--shares", "0,20");
    let cost: usize = opt("--cost", 0);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| fail(&format!("{dir}: {e}")))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut proven: Vec<Entry> = Vec::new();
    let mut starts: Vec<Entry> = Vec::new();
    let mut others: Vec<Entry> = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| fail(&format!("{}: {e}", f.display())));
        let mut taken = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let e = parse_entry(line).unwrap_or_else(|m| fail(&m));
            if e.phase == "start" {
                starts.push(e.clone());
            }
            if e.proof {
                proven.push(e);
            } else if e.phase != "start" && taken < cost {
                taken += 1;
                others.push(e);
            }
        }
    }
    println!("{} proven records, {} starts, {} others ({dir})", proven.len(), starts.len(), others.len());
    println!("| ms | share % | solved | right side | wrong side | proven by the search | ms per analysis |");
    println!("|---|---|---|---|---|---|---|");
    for &ms in &times {
        for &share in &shares {
            let (mut solved, mut right, mut wrong, mut by_search, mut spent) = (0, 0, 0, 0, 0u64);
            for e in &proven {
                let a = e.position.analyse(&limits(ms, share));
                spent += a.time_ms;
                let winning = match a.score {
                    Score::Win { .. } => Some(1.0),
                    Score::Loss { .. } => Some(0.0),
                    Score::Centiseeds(_) => None,
                };
                match a.stopped_by {
                    StopReason::Solved => {
                        solved += 1;
                        if winning == Some(e.wp) {
                            right += 1;
                        } else {
                            wrong += 1;
                            println!("WRONG: {} solved as {:?}, reference wp {}", e.id, a.score, e.wp);
                        }
                    }
                    StopReason::Proven => by_search += 1,
                    _ => {}
                }
            }
            let n = proven.len().max(1) as u64;
            println!("| {ms} | {share} | {solved} | {right} | {wrong} | {by_search} | {} |", spent / n);
        }
    }
    for e in &starts {
        for &ms in &times {
            for &share in &shares {
                let a = e.position.analyse(&limits(ms, share));
                println!(
                    "start {} {ms} ms share {share}%: {} {:?} depth {} nodes {} best {:?}",
                    e.id,
                    a.stopped_by.name(),
                    a.score,
                    a.depth,
                    a.nodes,
                    a.best_move
                );
            }
        }
    }
    if !others.is_empty() {
        println!("| ms | share % | unproven records | mean depth | solved |");
        println!("|---|---|---|---|---|");
        for &ms in &times {
            for &share in &shares {
                let (mut depth, mut solved) = (0u64, 0);
                for e in &others {
                    let a = e.position.analyse(&limits(ms, share));
                    depth += a.depth as u64;
                    solved += (a.stopped_by == StopReason::Solved) as u32;
                }
                let n = others.len();
                println!("| {ms} | {share} | {n} | {:.2} | {solved} |", depth as f64 / n as f64);
            }
        }
    }
}

/// An analysis of `ms` milliseconds with `share` percent for the solver.
fn limits(ms: u64, share: u64) -> Limits {
    Limits { depth: None, time_ms: Some(ms), solve_share: share as u32, ..Limits::default() }
}
