//! `bench`: the search's signature (after Stockfish's `bench`). Searches
//! the fixed set of `igisoro_bench::signature` to fixed depths, one
//! position at a time on one thread, prints a row per position, then the
//! time, the nodes per second and, last, `Nodes searched: N`. The node
//! count is the same on every run of the same build; a commit that changes
//! it changes what the search does (quote it in the commit message). The
//! time and the speed vary with the machine and its load.
//!
//! Run: `cargo run --release -p igisoro-bench --bin bench`

use igisoro_bench::signature;

fn main() {
    if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
        println!("usage: bench\nSearches a fixed set of positions to fixed depths and prints the total node count.");
        return;
    }
    println!("{:<80} {:>5} {:>7} {:>10}  best", "position", "depth", "reached", "nodes");
    let sig = signature::run(|r| {
        println!(
            "{:<80} {:>5} {:>7} {:>10}  {}",
            r.position,
            r.depth,
            r.reached,
            r.nodes,
            r.best.as_deref().unwrap_or("-")
        );
    });
    let nodes = sig.nodes();
    let secs = sig.time.as_secs_f64();
    println!("===========================");
    println!("Positions      : {}", sig.rows.len());
    println!("Total time (ms): {}", sig.time.as_millis());
    println!("Nodes/second   : {}", (nodes as f64 / secs.max(1e-9)) as u64);
    println!("Nodes searched: {}", nodes);
}
