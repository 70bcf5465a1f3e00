//! The proof-number solver against the alpha-beta search's forced results
//! (issue 21, part 5), hand-run.
//!
//! Positions: per variant, `--positions` distinct openings of `--plies`
//! seeded uniform-random plies from the start (4x8: `matches::openings`
//! with `--seed`, after Ikibuguzo's scripted opening moves; Isolo: the
//! same recipe over Isolo's moves). For each
//! position and each time in `--times` (ms), the solver (`search::solve`)
//! and the alpha-beta search (`search::analyse`, same time, default
//! limits otherwise) are run one after the other on one thread; a position
//! counts as proven by the search when its score is `Win` or `Loss`.
//!
//! Longer times are run only on the first `--positions-long` positions,
//! and only where the shorter time left a tool without a result: both
//! tools are deterministic up to the clock and neither gives up a proof
//! with more time (the solver's tree is a function of its node count, the
//! search's iterations only deepen), so a result found in 1 s is carried
//! to 10 s (marked `carried` in the per-position lines).
//!
//! `--from K` and `--to L` measure only positions K..L of each variant, to
//! split a run over processes (each per-position line carries its index).
//! `--pause-file PATH`: while PATH exists, wait before the next position,
//! so the machine can be used for a while without a position being timed
//! on a shared core (a long run spans days of other work).
//!
//! `--depth D` sets the solver's `Limits::depth` (0, the default: its
//! short runs beside the full one; 256: the single full run it had before
//! them). `--no-search` skips the alpha-beta search (its column reads `-`).
//! Every proof is checked by walking its whole tree again with the rules
//! (`search::solve_check`); the per-position line says `check ok`.
//!
//! `--start-ms T` (0: skip) also solves each variant's start position for
//! `T` ms, after the table.
//!
//! Run (the sample in docs/benchmarks/solver.md):
//! `cargo run --release -p igisoro-bench --bin solve -- --positions 60 --positions-long 10 --times 1000,10000 --start-ms 300000`
//! The full measurement: `--positions 1000 --positions-long 1000`
//! (about 6 hours per variant at worst).

use igisoro_bench::arg;
use igisoro_bench::matches::openings;
use igisoro_core::board4x8::{self, Igisoro};
use igisoro_core::explore::{legal_moves, random_move};
use igisoro_core::game::Game;
use igisoro_core::isolo::{self, Isolo};
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, check, solve_certified, Engine, Limits, Outcome, Score, Zobrist};
use std::collections::HashSet;

/// One tool's answer on one position: `Some(true)` the side to move wins,
/// `Some(false)` it loses, `None` unknown; with the turns to the win.
#[derive(Clone, Copy)]
struct Answer {
    win: Option<bool>,
    turns: Option<u32>,
    ms: u64,
}

/// Run options shared by every position.
#[derive(Clone, Copy)]
struct Opts {
    tt_bits: u32,
    /// `Limits::depth` for the solver (`None`: its short runs beside the
    /// full one; `Some(256)`: the single full run of before).
    depth: Option<u32>,
    /// Run the alpha-beta search too (off: `search -` in the lines).
    search: bool,
}

/// The solver's answer, with its proof checked (`search::solve_check`):
/// `ok`, `FAILED`, `gave-up`, or empty without a proof.
fn solver<G: Engine>(p: &G::Pos, ms: u64, o: Opts) -> (Answer, &'static str) {
    let (s, cert) = solve_certified::<G>(p, &Limits { tt_bits: o.tt_bits, depth: o.depth, ..Limits::time(ms) });
    let checked = match cert.map(|c| check::<G>(p, &c, 100_000_000, u32::MAX)) {
        None => "",
        Some(c) if c.verified => "ok",
        Some(c) if c.gave_up => "gave-up",
        Some(_) => "FAILED",
    };
    let win = match s.outcome {
        Outcome::Win => Some(true),
        Outcome::Loss => Some(false),
        Outcome::Unknown => None,
    };
    (Answer { win, turns: s.turns, ms: s.time_ms }, checked)
}

fn alphabeta<G: Engine>(p: &G::Pos, ms: u64, o: Opts) -> Answer {
    if !o.search {
        return Answer { win: None, turns: None, ms: 0 };
    }
    let a = analyse::<G>(p, &Limits::time(ms));
    let (win, turns) = match a.score {
        Score::Win { turns } => (Some(true), Some(turns)),
        Score::Loss { turns } => (Some(false), Some(turns)),
        Score::Centiseeds(_) => (None, None),
    };
    Answer { win, turns, ms: a.time_ms }
}

/// Counts over one variant and one time.
#[derive(Default)]
struct Tally {
    n: usize,
    solver: usize,
    search: usize,
    both: usize,
    solver_only: usize,
    search_only: usize,
    /// Both proven, opposite results: a bug in one of them.
    contradict: usize,
    /// Both proven, the same result, the solver's proof longer (its
    /// proof bounds the game; the search's win-in-N is the shortest).
    longer: usize,
}

impl Tally {
    fn add(&mut self, s: Answer, a: Answer) {
        self.n += 1;
        self.solver += s.win.is_some() as usize;
        self.search += a.win.is_some() as usize;
        match (s.win, a.win) {
            (Some(x), Some(y)) => {
                self.both += 1;
                self.contradict += (x != y) as usize;
                self.longer += (x == y && s.turns > a.turns) as usize;
            }
            (Some(_), None) => self.solver_only += 1,
            (None, Some(_)) => self.search_only += 1,
            (None, None) => {}
        }
    }

    fn row(&self, variant: &str, ms: u64) {
        let pct = |k: usize| 100.0 * k as f64 / self.n.max(1) as f64;
        println!(
            "| {variant} | {:.1} s | {} | {:.1}% | {:.1}% | {} | {} | {} | {} | {} |",
            ms as f64 / 1000.0,
            self.n,
            pct(self.solver),
            pct(self.search),
            self.both,
            self.solver_only,
            self.search_only,
            self.contradict,
            self.longer
        );
    }
}

fn show(a: Answer) -> String {
    match (a.win, a.turns) {
        (Some(true), Some(t)) => format!("win{t}"),
        (Some(false), Some(t)) => format!("loss{t}"),
        _ => "-".into(),
    }
}

/// Measure one variant's positions; returns one tally per time.
/// Only positions with index in `from..to` are measured (a run split over
/// processes; the per-position lines carry the index, so the logs merge).
#[allow(clippy::too_many_arguments)]
fn measure<G: Engine>(
    name: &str,
    positions: &[G::Pos],
    from: usize,
    to: usize,
    times: &[u64],
    long: usize,
    o: Opts,
    text: fn(&G::Pos) -> String,
) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = times.iter().map(|_| Tally::default()).collect();
    let pause: String = arg("--pause-file", String::new());
    for (i, p) in positions.iter().enumerate().take(to).skip(from) {
        while !pause.is_empty() && std::path::Path::new(&pause).exists() {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
        let mut prev: Option<(Answer, Answer)> = None;
        for (k, &ms) in times.iter().enumerate() {
            if k > 0 && i >= long {
                break;
            }
            let (s, a, carried, checked) = match prev {
                Some((s, a)) if s.win.is_some() && a.win.is_some() => (s, a, "carried both", ""),
                Some((s, _)) if s.win.is_some() => (s, alphabeta::<G>(p, ms, o), "carried solver", ""),
                Some((_, a)) if a.win.is_some() => {
                    let (s, c) = solver::<G>(p, ms, o);
                    (s, a, "carried search", c)
                }
                _ => {
                    let (s, c) = solver::<G>(p, ms, o);
                    (s, alphabeta::<G>(p, ms, o), "", c)
                }
            };
            let checked = if checked.is_empty() { String::new() } else { format!(" check {checked}") };
            println!(
                "{name} #{i} {ms}ms: solver {} ({} ms) search {} ({} ms) {carried}{checked} | {}",
                show(s),
                s.ms,
                show(a),
                a.ms,
                text(p)
            );
            tallies[k].add(s, a);
            prev = Some((s, a));
        }
    }
    tallies
}

/// The variant's start with its scripted opening played (Ikibuguzo's
/// three and eight moves a side): the random plies come after it. A
/// scripted ply is one with a single legal move.
fn after_script(v: board4x8::Variant) -> board4x8::Position {
    let mut p = board4x8::Position::start(v);
    loop {
        let ms = legal_moves::<Igisoro>(&p, Some(2)).moves;
        if ms.len() != 1 {
            return p;
        }
        p = ms[0].result.clone();
    }
}

/// Distinct Isolo openings of `plies` seeded random plies, not decided.
fn isolo_openings(n: usize, plies: u32, seed: u64) -> Vec<isolo::Position> {
    let start = isolo::Position::start(isolo::Variant::Isolo);
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut s = seed;
    while out.len() < n && s - seed < 1000 * n as u64 + 10_000 {
        let mut rng = Rng::new(s.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
        s += 1;
        let mut p = start.clone();
        let mut ok = true;
        for _ in 0..plies {
            match random_move::<Isolo>(&p, &mut rng) {
                Some((q, _)) if Isolo::decided(&q).is_none() => p = q,
                _ => ok = false,
            }
        }
        if ok && seen.insert(Isolo::zobrist(&p)) {
            out.push(p);
        }
    }
    out
}

fn main() {
    let n: usize = arg("--positions", 60);
    let long: usize = arg("--positions-long", 10);
    let plies: u32 = arg("--plies", 4);
    let seed: u64 = arg("--seed", 1);
    let tt_bits: u32 = arg("--tt-bits", 20);
    let depth: u32 = arg("--depth", 0);
    let search = !std::env::args().any(|a| a == "--no-search");
    let o = Opts { tt_bits, depth: (depth > 0).then_some(depth), search };
    let start_ms: u64 = arg("--start-ms", 0);
    let from: usize = arg("--from", 0);
    let to: usize = arg("--to", usize::MAX);
    let times: Vec<u64> =
        arg("--times", "1000,10000".to_string()).split(',').map(|t| t.parse().expect("--times 1000,10000")).collect();
    let only: String = arg("--variants", String::new());
    let wanted = |v: &str| only.is_empty() || only.split(',').any(|w| w == v);
    println!("solver vs alpha-beta: {n} positions per variant ({long} at the longer times), {plies} random plies, seed {seed}, table 2^{tt_bits}");
    let mut rows = Vec::new();
    for v in board4x8::Variant::ALL {
        if !wanted(v.name()) {
            continue;
        }
        let ps = openings(&after_script(v), n, plies, seed);
        rows.push((v.name(), measure::<Igisoro>(v.name(), &ps, from, to, &times, long, o, board4x8::notation::format)));
    }
    if wanted("isolo") {
        let ps = isolo_openings(n, plies, seed);
        rows.push(("isolo", measure::<Isolo>("isolo", &ps, from, to, &times, long, o, isolo::notation::format)));
    }
    println!();
    println!("| variant | time | positions | proven by the solver | win/loss from alpha-beta | both | solver only | alpha-beta only | contradictions | solver's proof longer |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, tallies) in &rows {
        for (t, &ms) in tallies.iter().zip(&times) {
            t.row(name, ms);
        }
    }
    if start_ms > 0 {
        println!();
        for v in board4x8::Variant::ALL {
            if wanted(v.name()) {
                igisoro_bench::solving::solve_row::<Igisoro>(
                    &format!("start {}", v.name()),
                    &board4x8::Position::start(v),
                    start_ms,
                    tt_bits.max(22),
                    o.depth,
                );
            }
        }
        if wanted("isolo") {
            igisoro_bench::solving::solve_row::<Isolo>(
                "start isolo",
                &isolo::Position::start(isolo::Variant::Isolo),
                start_ms,
                tt_bits.max(22),
                o.depth,
            );
        }
    }
}
