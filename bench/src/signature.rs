//! The search's signature, after Stockfish's `bench`: the total node count
//! of depth-limited searches over one fixed set of positions. Depth limits,
//! not a clock, bound every search, and each search starts from an empty
//! table, so the count depends only on what the search does: the same
//! build gives the same number on every machine and every run, and a change
//! in search behaviour (pruning, ordering, evaluation, the rules it walks)
//! changes it. The time and the nodes per second printed beside it are the
//! only figures that vary from run to run.
//!
//! Only the core's stable, public API is used (`AnyPosition`,
//! `Limits::depth`, `AnyPosition::analyse`), so the signature survives a
//! reorganisation of the search's internals and measures the same call the
//! library and the service make.
//!
//! Run: `cargo run --release -p igisoro-bench --bin bench`; the number in
//! force is recorded in `docs/benchmarks/search.md`.

use igisoro_core::{AnyPosition, Limits};
use std::time::{Duration, Instant};

/// The fixed set: every variant's start and middle-game positions, each
/// with the depth it is searched to, chosen so that the whole set takes
/// about a second of one core in a release build (2026-11-28). The 4x8
/// middle-game positions are those of `bench/data/search_positions.txt`
/// (16 and 26 random plies in). Isolo's search proves most positions
/// within a few turns, so its rows are searched to depth 9 and end where
/// the result is proven: the 4-hole start (a forced win), a position in the
/// arrangement phase (kucheleka), one in the main game, the 8-hole start
/// and a position of its fore-play. Isolo's and the 4x8 middle-game
/// positions came from seeded random play (`Position.random_move(seed *
/// 1000 + k)` for ply `k`: Isolo 3 plies from the 4-hole start with seeds 6
/// and 8, 6 plies from the 8-hole start with seed 4). Written out here, not generated, so
/// that a change to move generation or to the random moves cannot move the
/// set itself; `<variant> START` is the variant's start as the core
/// defines it (Ikibuguzo's scripted openings included).
pub const POSITIONS: &[(&str, u32)] = &[
    ("igisoro START", 8),
    ("igisoro 2,6,1,6,1,3,0,0/7,5,4,0,2,0,0,7/1,0,0,1,0,5,1,4/2,0,0,3,0,1,0,2 s", 8),
    ("igisoro 3,1,0,3,0,2,0,5/2,1,1,0,0,0,1,0/3,2,1,5,3,3,0,1/0,5,4,2,1,9,2,4 s", 6),
    ("igisoro-wikipedia START", 8),
    ("igisoro-wikipedia 4,6,4,2,5,0,4,3/0,1,7,1,8,2,0,8/0,0,6,1,0,0,0,0/0,0,0,0,0,0,1,1 s", 9),
    ("igisoro-wikipedia 9,1,3,2,5,0,0,2/2,0,2,6,1,11,0,1/1,0,4,0,0,1,1,1/1,0,0,1,3,6,0,0 s", 6),
    ("igisoro-fr START", 7),
    ("igisoro-fr 0,1,0,0,0,0,0,0/0,5,1,0,1,1,0,0/0,8,9,0,1,2,1,5/1,4,2,4,6,7,2,3 s", 7),
    ("igisoro-fr 1,1,0,1,0,0,1,0/0,1,0,0,0,0,2,0/6,1,8,1,4,0,7,1/0,2,1,0,3,15,0,8 s", 9),
    ("ikibuguzo-1 START", 9),
    ("ikibuguzo-1 2,1,3,1,0,4,0,5/12,10,1,5,0,8,1,0/0,2,0,1,2,0,0,0/0,1,0,0,0,1,3,1 s", 9),
    ("ikibuguzo-1 5,7,0,2,0,1,0,0/2,1,8,1,10,0,1,1/2,2,2,3,3,0,3,2/0,3,1,3,0,0,1,0 s", 9),
    ("ikibuguzo-2 START", 9),
    ("ikibuguzo-2 4,4,4,4,4,3,2,0/4,2,1,0,0,0,0,0/0,0,0,0,0,1,2,4/0,2,3,4,4,4,4,4 s", 9),
    ("ikibuguzo-2 0,0,1,5,5,0,2,1/3,6,1,1,1,0,2,1/2,0,3,2,4,0,4,2/0,2,0,1,0,7,1,7 s", 9),
    ("isolo START", 9),
    ("isolo 0,0,0,0/3,8,7,1 s phase=kucheleka", 9),
    ("isolo 0,0,3,1/5,1,3,6 n", 9),
    ("isolo 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 s", 9),
    ("isolo 0,0,0,0,0,0,1,1/1,1,6,11,1,2,12,2 s", 9),
];

/// One search of the set: the position as given, its depth, the depth the
/// search completed and the nodes it visited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub position: String,
    pub depth: u32,
    pub reached: u32,
    pub nodes: u64,
    pub best: Option<String>,
}

/// The rows of one run, in the order of [`POSITIONS`], and the wall time
/// the searches took together.
#[derive(Debug, Clone)]
pub struct Signature {
    pub rows: Vec<Row>,
    pub time: Duration,
}

impl Signature {
    /// The signature itself: nodes summed over the set.
    pub fn nodes(&self) -> u64 {
        self.rows.iter().map(|r| r.nodes).sum()
    }
}

/// The position a [`POSITIONS`] entry names: its notation, or the start
/// for `<variant> START`, so that the set follows the rules' own start
/// rather than a copy of it.
pub fn position(text: &str) -> AnyPosition {
    let parsed = match text.strip_suffix(" START") {
        Some(variant) => AnyPosition::start(variant),
        None => AnyPosition::from_notation(text),
    };
    // The set is a constant of this crate: a refusal is a bug in the set,
    // and the binary and the test must stop on it rather than skip a row.
    parsed.unwrap_or_else(|e| panic!("the bench set's position {:?} is refused: {}", text, e))
}

/// Search every position of the set to its depth, one at a time on the
/// calling thread, handing each row to `report` as it is done.
pub fn run(mut report: impl FnMut(&Row)) -> Signature {
    let mut rows = Vec::with_capacity(POSITIONS.len());
    let mut time = Duration::ZERO;
    for &(text, depth) in POSITIONS {
        let p = position(text);
        let t = Instant::now();
        let a = p.analyse(&Limits::depth(depth));
        time += t.elapsed();
        let row = Row { position: text.to_string(), depth, reached: a.depth, nodes: a.nodes, best: a.best_move };
        report(&row);
        rows.push(row);
    }
    Signature { rows, time }
}
