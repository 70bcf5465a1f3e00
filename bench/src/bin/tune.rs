//! Evaluation tuning by self-play (issue 3), hand-run and reproducible.
//!
//! Method: coordinate search from the engine's weights
//! (`search::board4x8::static_eval::WEIGHTS`). Each round tries, for every weight in turn,
//! the candidates "x 3/2" and "x 2/3" (a zero weight tries `--step` and
//! 2 x `--step`). A candidate plays `--games` games against the current
//! weights: both sides search to the same fixed `--depth` (no time limit,
//! so the result does not depend on the machine's load), over
//! `--games / 2` distinct seeded openings played once with each colour.
//! A candidate that scores at least `--accept` (default 0.55) replaces the
//! current weights at once, and the next candidate plays against it.
//! Every candidate's result and the accepted changes are printed, and the
//! games are deterministic (fixed depth, seeded openings), so a run can be
//! replayed exactly. A round that changes nothing ends the run.
//!
//! `check` mode plays given weights against the engine's (or against the
//! baseline's evaluation with `--vs-baseline`), for a final confirmation.
//!
//! Run: `cargo run --release -p igisoro-bench --bin tune -- --rules baseline --depth 3 --games 60 --rounds 2`
//! `cargo run --release -p igisoro-bench --bin tune -- check --w 15,60,330,-64,-69,-79,137,139,-698,1032 --depth 4 --games 100 [--vs-baseline]`
//! (`--w` lists the weights in `Weights::NAMES` order; the default is the
//! engine's). The weights before the 2026-11-22 fit (mobility 12, threat
//! 50, vulnerable 15) are no longer expressible here: `evalfit match --vs old`
//! plays them.

use igisoro_bench::arg;
use igisoro_bench::matches::{openings, play_game, rules_start, Player, Tally};
use igisoro_core::board4x8::{Igisoro, Position};
use igisoro_core::search::board4x8::static_eval::{evaluate_weighted, Weights, WEIGHTS};
use igisoro_core::search::Evaluate;
use igisoro_core::Side;
use std::cell::Cell;
use std::time::Instant;

thread_local! {
    static A: Cell<Weights> = const { Cell::new(WEIGHTS) };
    static B: Cell<Weights> = const { Cell::new(WEIGHTS) };
}

fn eval_a(p: &Position) -> i32 {
    evaluate_weighted(p, &A.with(Cell::get))
}
fn eval_b(p: &Position) -> i32 {
    evaluate_weighted(p, &B.with(Cell::get))
}
fn eval_baseline(p: &Position) -> i32 {
    Igisoro::baseline(p)
}

fn fmt(w: &Weights) -> String {
    Weights::NAMES.iter().zip(w.to_array()).map(|(n, v)| format!("{n} {v}")).collect::<Vec<_>>().join(" ")
}

/// `--w`: the weights in `Weights::NAMES` order, comma-separated.
fn parse_w(s: &str) -> Weights {
    let v: Vec<i32> = s.split(',').map(|x| x.trim().parse().expect("--w: integers")).collect();
    Weights::from_array(v.try_into().expect("--w: one value per Weights::NAMES entry"))
}

/// `a` (evaluation `ea`) against `b` over `ops`, both at `depth`; `a`'s tally.
fn duel(
    ops: &[Position],
    ea: fn(&Position) -> i32,
    eb: fn(&Position) -> i32,
    depth: u32,
    max_plies: u32,
    seed: u64,
) -> Tally {
    let mut t = Tally::default();
    for (k, op) in ops.iter().enumerate() {
        let mut r = [0.0; 2];
        for a_side in [Side::South, Side::North] {
            let (pa, pb) = (Player::Depth(depth, ea), Player::Depth(depth, eb));
            let players = if a_side == Side::South { [pa, pb] } else { [pb, pa] };
            let (o, _) = play_game(op, players, seed + k as u64, max_plies, &mut || 0, &mut |_, _, _| {});
            t.add(&o, a_side);
            r[a_side.index()] = Tally::result(&o, a_side);
        }
        t.add_pair(r[0], r[1]);
    }
    t
}

fn get(w: &Weights, i: usize) -> i32 {
    w.to_array()[i]
}
fn set(w: &mut Weights, i: usize, v: i32) {
    let mut a = w.to_array();
    a[i] = v;
    *w = Weights::from_array(a);
}

fn main() {
    let rules: String = arg("--rules", "baseline".to_string());
    let start = rules_start(&rules);
    let depth: u32 = arg("--depth", 3);
    let games: usize = arg("--games", 60);
    let rounds: usize = arg("--rounds", 2);
    let step: i32 = arg("--step", 10);
    let accept: f64 = arg("--accept", 0.55);
    let seed: u64 = arg("--seed", 7);
    let max_plies: u32 = arg("--max-plies", 300);
    let opening_plies: u32 = arg("--opening-plies", 4);
    let ops = openings(&start, games.div_ceil(2), opening_plies, seed);
    let t0 = Instant::now();

    if std::env::args().nth(1).as_deref() == Some("check") {
        let default = WEIGHTS.to_array().map(|v| v.to_string()).join(",");
        let w = parse_w(&arg("--w", default));
        A.with(|c| c.set(w));
        let vs_baseline = std::env::args().any(|a| a == "--vs-baseline");
        let (eb, name) = if vs_baseline {
            (eval_baseline as fn(&Position) -> i32, "baseline eval")
        } else {
            (eval_b as fn(&Position) -> i32, "engine weights")
        };
        let t = duel(&ops, eval_a, eb, depth, max_plies, seed);
        println!(
            "check [{}] vs {name}, rules {rules}, depth {depth}: {} ({:.0} s)",
            fmt(&w),
            t.summary(),
            t0.elapsed().as_secs_f64()
        );
        return;
    }

    println!("tune: rules {rules}, depth {depth}, {games} games per candidate, accept >= {accept}, seed {seed}, {rounds} rounds");
    let mut cur = WEIGHTS;
    println!("start: {}", fmt(&cur));
    let mut played = 0;
    for round in 1..=rounds {
        let before = cur;
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let v = get(&cur, i);
            let cands = if v == 0 { vec![step, 2 * step] } else { vec![v * 3 / 2, v * 2 / 3] };
            for c in cands {
                let mut w = cur;
                set(&mut w, i, c);
                A.with(|x| x.set(w));
                B.with(|x| x.set(cur));
                let t = duel(&ops, eval_a, eval_b, depth, max_plies, seed);
                played += t.games();
                let ok = t.score() >= accept;
                println!(
                    "round {round} {} {} -> {}: {}{} ({:.0} s)",
                    name,
                    v,
                    c,
                    t.summary(),
                    if ok { "  ACCEPTED" } else { "" },
                    t0.elapsed().as_secs_f64()
                );
                if ok {
                    cur = w;
                    break;
                }
            }
        }
        println!("after round {round}: {}", fmt(&cur));
        if cur == before {
            // Games are deterministic at fixed depth: another round would
            // replay the same games.
            println!("no change in round {round}: stopping");
            break;
        }
    }
    println!("result: {} ({} games, {:.0} s)", fmt(&cur), played, t0.elapsed().as_secs_f64());
}
