//! This build's engine as a process, for matches against another build
//! (issue 31: "today's engine, built as a second binary"). Build a commit's
//! engine apart and point `strength versus --engine` at it:
//!
//! ```text
//! git archive <commit> | tar -x -C /tmp/prev
//! (cd /tmp/prev && CARGO_TARGET_DIR=/tmp/prev-target cargo build --release -p igisoro-bench --bin engine)
//! target/release/strength versus --engine /tmp/prev-target/release/engine --rules igisoro --ms 10 --games 400
//! ```
//!
//! Protocol, one line each way: `<level> <time_ms> <seed> <notation>` in
//! (the notation, with its rule overrides, is the rest of the line); out,
//! the move `search::best_move` chooses at that level, time and seed, or
//! `-` when it has none. An empty line or end of input ends the process.

use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::search::best_move;
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin is readable");
        if line.trim().is_empty() {
            break;
        }
        let mut parts = line.splitn(4, ' ');
        let mut number = || parts.next().and_then(|x| x.parse::<u64>().ok()).expect("level, time_ms, seed");
        let (level, ms, seed) = (number() as u8, number(), number());
        let p = notation::parse(parts.next().expect("a notation")).expect("a valid notation");
        let a = best_move::<Igisoro>(&p, level, ms, seed);
        writeln!(out, "{}", a.best_move.as_deref().unwrap_or("-")).expect("stdout is writable");
        out.flush().expect("stdout is writable");
    }
}
