//! The `bench` signature is reproducible: two runs of the fixed set visit
//! the same nodes, position by position. The number itself is not pinned
//! here (it changes with every change to the search, and is recorded in
//! `docs/benchmarks/search.md`); what is pinned is that it depends on the
//! search alone, not on the clock, the run or the thread (that a thread's earlier searches
//! change nothing is the core's `determinism` tests' part).

use igisoro_bench::signature::{self, POSITIONS};

#[test]
fn two_runs_give_the_same_signature() {
    // The two runs at once, on two threads: the suite waits half as long,
    // and the signature is shown not to depend on the thread either.
    let (first, second) = std::thread::scope(|s| {
        let other = s.spawn(|| signature::run(|_| {}));
        (signature::run(|_| {}), other.join().expect("the second run panicked"))
    });
    assert_eq!(first.rows.len(), POSITIONS.len());
    // A set whose searches end at once (a game over, a refused depth)
    // would make the signature blind to the search: every row searches,
    // completes a depth and names a move.
    for r in &first.rows {
        assert!(r.nodes > 0 && r.reached >= 1 && r.best.is_some(), "{}: the search did no work: {:?}", r.position, r);
    }
    assert_eq!(first.rows, second.rows, "a row's nodes, depth or move differ between two runs");
    assert_eq!(first.nodes(), second.nodes());
}
