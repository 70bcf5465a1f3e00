//! The balanced opening book's builder (issue 41, target 5; the book's
//! format and why it exists: `igisoro_bench::book`), hand-run.
//!
//! `book build --rules R`: `--candidates N` distinct openings of
//! `--plies P` seeded plies from R's start (after Ikibuguzo's scripted
//! opening): with `--sane-seeds M`, each drawn among the moves within M
//! seeds of the best at a `--sane-depth` (3) search
//! (`book::sane_openings`, why there); without, uniform random plies
//! (`matches::openings` with `--seed S`, the openings a match of seed S
//! would play). Each is searched by
//! the engine's analysis with `--nodes X` nodes (a search of seconds,
//! counted in nodes so that the book is the same on every machine and at
//! any load; a proven result is a decided opening). Those within
//! `--max-seeds M` of even are kept, closest first, at most `--keep K`,
//! and written to `--out`, with a header giving the command and how the
//! candidates scored (so that a book that could not be filled says how
//! decided the game's openings are).
//!
//! Run (the recorded books, `bench/data/book/`; figures in
//! `docs/benchmarks/levels.md`):
//! `target/release/book build --rules igisoro --candidates 400 --plies 6 --sane-seeds 2 --nodes 200000 --out bench/data/book/igisoro.txt`
//! `target/release/book build --rules bot --candidates 400 --plies 6 --sane-seeds 2 --nodes 200000 --out bench/data/book/bot.txt`
//! Then any match of `strength` plays the book's openings with `--book PATH`.

use igisoro_bench::book::{choose, sane_openings, Opening};
use igisoro_bench::matches::{openings, rules_start};
use igisoro_bench::{fail, opt};
use igisoro_core::board4x8::Igisoro;
use igisoro_core::search::eval::SEED;
use igisoro_core::search::{analyse, win_probability, Limits, Score};
use std::io::Write;
use std::time::Instant;

fn build() {
    let rules: String = opt("--rules", "igisoro".to_string());
    let candidates: usize = opt("--candidates", 400);
    let plies: u32 = opt("--plies", 4);
    let seed: u64 = opt("--seed", 1);
    let nodes: u64 = opt("--nodes", 1_000_000);
    let max_seeds: f64 = opt("--max-seeds", 2.0);
    let keep: usize = opt("--keep", 200);
    let out: String = opt("--out", String::new());
    if out.is_empty() {
        fail("book build needs --out PATH");
    }
    if candidates == 0 || plies == 0 || nodes == 0 || keep == 0 || max_seeds.is_nan() || max_seeds < 0.0 {
        fail("--candidates, --plies, --nodes and --keep take positive numbers, --max-seeds a number >= 0");
    }
    // `--sane-seeds M`: plies drawn among the moves within M seeds of the
    // best at a `--sane-depth` search (`book::sane_openings`); 0 (the
    // default): uniform random plies, as `strength` draws them.
    let sane: f64 = opt("--sane-seeds", 0.0);
    let sane_depth: u32 = opt("--sane-depth", 3);
    let start = rules_start(&rules);
    let ops = if sane > 0.0 {
        sane_openings(&start, candidates, plies, seed, sane_depth, (sane * SEED as f64).round() as i32)
    } else {
        openings(&start, candidates, plies, seed)
    };
    let t0 = Instant::now();
    let mut scored = Vec::with_capacity(ops.len());
    // Candidates by |score| band (seeds): [0, 1), [1, 2), [2, 5), [5, 10), 10 and up; then proven.
    let mut bands = [0usize; 6];
    for (k, p) in ops.iter().enumerate() {
        let a = analyse::<Igisoro>(p, &Limits { depth: None, nodes: Some(nodes), ..Limits::default() });
        let wp = win_probability::of_analysis::<Igisoro>(p, &a);
        match a.score {
            Score::Centiseeds(c) => {
                let seeds = c as f64 / SEED as f64;
                let band = [1.0, 2.0, 5.0, 10.0].iter().position(|&b| seeds.abs() < b).unwrap_or(4);
                bands[band] += 1;
                scored.push(Opening { position: p.clone(), wp, seeds, depth: a.depth, candidate: k });
            }
            Score::Win { .. } | Score::Loss { .. } => bands[5] += 1,
        }
        if k % 25 == 24 {
            eprintln!("{} candidates, {:.0} s", k + 1, t0.elapsed().as_secs_f64());
        }
    }
    let book = choose(&scored, max_seeds, keep);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut f = std::fs::File::create(&out).unwrap_or_else(|e| fail(&format!("--out {out}: {e}")));
    let mut text = format!("# made by: target/release/book {}\n", args.join(" "));
    let how = if sane > 0.0 {
        format!("{plies} plies each drawn among the moves within {sane} seeds of the best at depth {sane_depth}")
    } else {
        format!("{plies} random plies")
    };
    text += &format!(
        "# rules {rules}: {} candidates ({how}, seed {seed}), each searched to {nodes} nodes ({:.0} s in all)\n",
        ops.len(),
        t0.elapsed().as_secs_f64()
    );
    text += &format!(
        "# |score| in seeds: <1 {}, 1-2 {}, 2-5 {}, 5-10 {}, >=10 {}; proven win or loss {}\n",
        bands[0], bands[1], bands[2], bands[3], bands[4], bands[5]
    );
    text += &format!("# kept {} within {max_seeds} seeds of even, closest first (at most {keep})\n", book.len());
    text += "# notation\twin probability (side to move)\tscore (seeds)\tdepth\tcandidate\n";
    for o in &book {
        text += &o.line();
        text.push('\n');
    }
    f.write_all(text.as_bytes()).unwrap_or_else(|e| fail(&format!("--out {out}: {e}")));
    println!("{}", text.lines().take(4).collect::<Vec<_>>().join("\n"));
    println!("-> {out}");
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("build") => build(),
        _ => fail("usage: book build --rules R [--candidates N] [--plies P] [--seed S] [--nodes X] [--max-seeds M] [--keep K] --out PATH"),
    }
}
