//! Issue 31's search features against the plain search:
//!
//! - late-move reductions (on in a playing search, `Limits::playing`, with
//!   the evaluation's playing form, against which they are compared here)
//!   change nothing below their least depth, and at depths 3 and 4 the
//!   move they choose is one the plain unpruned negamax
//!   (`search::reference`) rates as good as its best in nearly every
//!   position, and never far worse;
//! - a single-PV search with a time limit uses its time (it starts
//!   iterations until the time is spent; a stopped one still counts).

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::{play, random_move};
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::alphabeta::LMR_DEPTH;
use igisoro_core::search::{analyse, analyse_with, reference, Evaluate, Limits, StopReason};
use rayon::prelude::*;
use std::time::Instant;

fn positions(v: Variant, n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = Position::start(v);
        for _ in 0..4 + rng.below(20) {
            match random_move::<Igisoro>(&p, &mut rng) {
                Some((q, _)) => p = q,
                None => break,
            }
        }
        if igisoro_core::explore::status::<Igisoro>(&p) == igisoro_core::Status::Ongoing {
            out.push(p);
        }
    }
    out
}

/// The plain negamax value of the move `mv` at `depth` (mover's view), or
/// None when the oracle's budget runs out.
fn oracle_of_move(p: &Position, mv: &str, depth: u32) -> Option<i32> {
    let res = play::<Igisoro>(p, &parse_move::<Igisoro>(p, mv).unwrap()).unwrap().result;
    let v = reference::negamax_bounded::<Igisoro>(&res, depth - 1, 1, Igisoro::evaluate_playing, &mut 300_000)?;
    Some(if res.to_move() == p.to_move() { v } else { -v })
}

#[test]
fn reductions_change_nothing_below_their_depth() {
    for v in [Variant::Igisoro, Variant::IgisoroWikipedia, Variant::Ikibuguzo1] {
        for p in positions(v, 12, 31) {
            for depth in 1..LMR_DEPTH {
                let plain = analyse_with::<Igisoro>(&p, &Limits::depth(depth), Igisoro::evaluate_playing);
                let reduced = analyse::<Igisoro>(&p, &Limits { playing: true, ..Limits::depth(depth) });
                assert_eq!(
                    (plain.best_move, plain.score, plain.nodes),
                    (reduced.best_move, reduced.score, reduced.nodes)
                );
            }
        }
    }
}

#[test]
fn reduced_searches_choose_moves_the_plain_search_rates_best() {
    // One position per task on rayon's threads: the unpruned reference is
    // the slowest part of the core's tests, and the counts below are the
    // same in any order (the searches are depth-limited, so deterministic).
    let cases: Vec<Position> = [Variant::Igisoro, Variant::IgisoroWikipedia, Variant::Ikibuguzo1]
        .into_iter()
        .flat_map(|v| positions(v, 15, 77))
        .collect();
    let per_position: Vec<Tally> = cases.par_iter().map(compare_with_the_plain_best).collect();
    let t = per_position.into_iter().fold(Tally::default(), Tally::add);
    let Tally { compared, best, worst_loss, nodes_plain, nodes_reduced } = t;
    eprintln!("reduced choice = plain best in {best} of {compared}; worst loss {worst_loss} cs; nodes {nodes_reduced} vs {nodes_plain}");
    assert!(nodes_reduced < nodes_plain, "the reductions prune: {nodes_reduced} nodes vs {nodes_plain}");
    assert!(compared >= 40, "only {compared} positions compared");
    // Measured when the reductions landed: the plain best in 50 of 50.
    assert!(best * 10 >= compared * 8, "the reduced search chose the plain best in {best} of {compared}");
    assert!(worst_loss <= 1500, "a reduced choice lost {worst_loss} centiseeds against the plain best");
}

/// One position's part of [`reduced_searches_choose_moves_the_plain_search_rates_best`].
#[derive(Default)]
struct Tally {
    compared: usize,
    best: usize,
    worst_loss: i32,
    nodes_plain: u64,
    nodes_reduced: u64,
}

impl Tally {
    fn add(self, o: Tally) -> Tally {
        Tally {
            compared: self.compared + o.compared,
            best: self.best + o.best,
            worst_loss: self.worst_loss.max(o.worst_loss),
            nodes_plain: self.nodes_plain + o.nodes_plain,
            nodes_reduced: self.nodes_reduced + o.nodes_reduced,
        }
    }
}

fn compare_with_the_plain_best(p: &Position) -> Tally {
    let mut t = Tally::default();
    for depth in [3, 4] {
        let a = analyse::<Igisoro>(p, &Limits { playing: true, ..Limits::depth(depth) });
        t.nodes_reduced += a.nodes;
        t.nodes_plain += analyse_with::<Igisoro>(p, &Limits::depth(depth), Igisoro::evaluate_playing).nodes;
        let Some(mv) = a.best_move.as_deref() else { continue };
        let budget = &mut 300_000;
        let Some(want) = reference::negamax_bounded::<Igisoro>(p, depth, 0, Igisoro::evaluate_playing, budget) else {
            continue;
        };
        let Some(got) = oracle_of_move(p, mv, depth) else { continue };
        assert!(got <= want, "the oracle's best is the best");
        t.compared += 1;
        t.best += (got == want) as usize;
        t.worst_loss = t.worst_loss.max(want - got);
    }
    t
}

#[test]
fn a_timed_search_uses_its_time() {
    let p = Position::start(Variant::Igisoro);
    let t = Instant::now();
    let a = analyse::<Igisoro>(&p, &Limits { depth: None, time_ms: Some(300), ..Limits::default() });
    let took = t.elapsed().as_secs_f64();
    assert_eq!(a.stopped_by, StopReason::Time);
    // Before issue 31 it started no iteration after half its time, and
    // used 50-65% of it.
    assert!(took >= 0.27, "used {took:.3} s of 0.3 s");
    assert!(a.best_move.is_some());
}
