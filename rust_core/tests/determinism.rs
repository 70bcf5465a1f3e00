//! Deterministic answers (issue 30): identical depth- or node-limited
//! analyses give identical results, field for field apart from `time_ms`,
//! whatever ran before them on the thread. The engine once remembered the
//! endless relay chains of one call in the next (a thread-local memo), so
//! a chain cut at the search's lap cap in a first call settled early in a
//! second, and `truncated_turns` went from 2 to 1.

use igisoro_core::any_position::{variants, AnyPosition};
use igisoro_core::search::{Analysis, Limits};
use igisoro_core::Budget;

/// `a` without its time.
fn timeless(a: &Analysis) -> Analysis {
    Analysis { time_ms: 0, ..a.clone() }
}

fn limits(depth: Option<i64>, nodes: Option<i64>) -> Limits {
    Limits::checked(depth, nodes, None, 1, Budget::default()).unwrap()
}

/// Turns of this position's tree run past the search's lap cap (it is
/// `SLOW` of `tests/service/conftest.py`, the position with the most complete
/// moves we know). Before the fix, depth 3 twice in one thread gave
/// `truncated_turns` 75, then 74.
const CUT: &str = "igisoro 8,7,1,0,3,2,0,1/3,0,3,0,0,1,0,5/2,1,8,3,3,0,1,3/3,1,3,1,0,1,0,0 n";

/// The heaviest turns we know (`bench/data/worst.txt`), then [`CUT`].
fn heavy() -> Vec<AnyPosition> {
    let text = include_str!("../../bench/data/worst.txt");
    let mut out: Vec<AnyPosition> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| AnyPosition::from_notation(l).unwrap())
        .collect();
    out.push(AnyPosition::from_notation(CUT).unwrap());
    out
}

#[test]
fn the_same_analysis_twice_in_one_thread_is_the_same_even_with_truncated_turns() {
    // Each of the heaviest positions at depths 1 to 3, twice in a row, on
    // one thread: before the fix, `CUT` at depth 3 cut 75 turns, then 74.
    let mut truncated = 0;
    for p in heavy() {
        for d in 1..=3 {
            let a = p.analyse(&limits(Some(d), None));
            let b = p.analyse(&limits(Some(d), None));
            assert_eq!(timeless(&a), timeless(&b), "{} at depth {d}", p.notation());
            truncated += a.truncated_turns;
        }
    }
    assert!(truncated > 0, "some turns must be cut");
    // The same with a node limit, and on a fresh thread.
    let p = AnyPosition::from_notation(CUT).unwrap();
    let l = limits(None, Some(30_000));
    let here = p.analyse(&l);
    let fresh = std::thread::spawn(move || p.analyse(&l)).join().unwrap();
    eprintln!("{CUT} at 30,000 nodes: truncated {}", here.truncated_turns);
    assert_eq!(timeless(&here), timeless(&fresh));
}

/// The start of every variant at depth 5, twice: the same answers. The
/// node counts are printed (`--nocapture`) so that a change to the tree's
/// shape shows; issue 30's poll of the clock in the in-turn path search
/// counts no node, and these counts were the same before and after it.
#[test]
fn every_variant_start_at_depth_5_is_deterministic() {
    for v in variants() {
        let p = AnyPosition::start(v.name).unwrap();
        let a = p.analyse(&limits(Some(5), None));
        let b = p.analyse(&limits(Some(5), None));
        eprintln!("{} depth 5: nodes {} truncated {}", v.name, a.nodes, a.truncated_turns);
        assert_eq!(timeless(&a), timeless(&b), "{}", v.name);
    }
}
