//! Level 10 within tiny budgets (issue 30): a move at 1 to 5 ms returns
//! within `time_ms` plus 1 ms + 10 % (the root's status and moves, settled
//! exactly whatever the budget, are quick on these ordinary positions).

mod played;
use igisoro_core::AnyPosition;
use played::positions;
use std::time::{Duration, Instant};

/// Every call within the margin, a call that overshoots being retried
/// up to twice: on a loaded machine the scheduler now and then takes the
/// thread away for several milliseconds (measured: every overshoot of the
/// margin came with run-queue waiting), which no engine check can prevent;
/// an engine that does not stop in time overshoots every time. The median
/// of the first tries must also be within the budget plus the margin.
///
/// Measured on 2026-11-27 (load 2 to 7 on 2 cores), 100 calls per budget,
/// calls without run-queue waiting: at 1 ms median 0.80 ms, max 1.40 ms;
/// at 3 ms median 1.86, max 3.26; every larger overshoot waited on the
/// scheduler.
#[test]
fn level_10_returns_within_tiny_budgets() {
    let ps = positions();
    for ms in [1u64, 2, 3, 5] {
        // A round whose median overshoots (a burst of load from other
        // builds can cover a whole round) is run once more.
        let median = round(&ps, ms).min(round(&ps, ms));
        let limit = Duration::from_millis(ms) + margin(ms);
        assert!(median <= limit, "{ms} ms: median {median:?} in both rounds");
    }
}

/// 1 ms + 10 % of the budget.
fn margin(ms: u64) -> Duration {
    Duration::from_micros(1000 + ms * 100)
}

/// One round over `ps` at `ms`, checking every call; the median first try.
fn round(ps: &[AnyPosition], ms: u64) -> Duration {
    let limit = Duration::from_millis(ms) + margin(ms);
    let mut first = Vec::new();
    for (i, p) in ps.iter().enumerate() {
        let mut tries = Vec::new();
        for _ in 0..3 {
            let t = Instant::now();
            let a = p.best_move(10, ms, i as u64, None);
            tries.push(t.elapsed());
            assert!(a.best_move.is_some() || a.stopped_by == igisoro_core::StopReason::GameOver);
            if tries[tries.len() - 1] <= limit {
                break;
            }
        }
        first.push(tries[0]);
        assert!(tries.iter().any(|d| *d <= limit), "{ms} ms: {tries:?} at {}", p.notation());
    }
    first.sort();
    first[first.len() / 2]
}
