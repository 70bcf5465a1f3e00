//! A streamed analysis (issue 32): `analyse_reporting` hands over every
//! completed depth as the search goes, and its final answer is the answer
//! of the same search without a report.

use crate::played;
use igisoro_core::{AnyPosition, Budget, Limits, StopReason};
use played::positions;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn same(a: &igisoro_core::Analysis, b: &igisoro_core::Analysis) -> bool {
    (&a.best_move, a.score, &a.pv, a.depth, a.nodes, a.stopped_by, a.lines.len())
        == (&b.best_move, b.score, &b.pv, b.depth, b.nodes, b.stopped_by, b.lines.len())
}

#[test]
fn every_depth_is_reported_and_the_answer_is_unchanged() {
    for multipv in [1, 3] {
        let limits = Limits { multipv, ..Limits::depth(5) };
        for p in positions().iter().take(12) {
            let plain = p.analyse(&limits);
            let mut seen = Vec::new();
            let streamed = p.analyse_reporting(&limits, &mut |a| seen.push(a.clone()));
            assert!(same(&plain, &streamed), "{}: {plain:?} against {streamed:?}", p.notation());
            // One report per completed depth, in order, each a full
            // analysis with its nodes growing; the last one is the answer.
            assert_eq!(seen.iter().map(|a| a.depth).collect::<Vec<_>>(), (1..=plain.depth).collect::<Vec<_>>());
            assert!(seen.windows(2).all(|w| w[0].nodes <= w[1].nodes));
            assert!(seen.iter().all(|a| a.stopped_by == StopReason::Depth && a.best_move.is_some()));
            assert!(seen.iter().all(|a| a.lines.len() == plain.lines.len()));
            let last = seen.last().expect("a report");
            assert_eq!((&last.best_move, last.score, &last.pv), (&plain.best_move, plain.score, &plain.pv));
        }
    }
}

/// A caller stops a stream by its cancel flag, here from inside a report:
/// the search ends at once with what it has.
#[test]
fn a_report_can_cancel_the_search() {
    let p = AnyPosition::start("igisoro").expect("the start");
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = Limits { budget: Budget::cancelled_by(cancel.clone()), ..Limits::depth(30) };
    let mut reports = 0;
    let a = p.analyse_reporting(&limits, &mut |r| {
        reports += 1;
        if r.depth == 3 {
            cancel.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(reports, 3);
    assert_eq!(a.depth, 3);
    assert_eq!(a.stopped_by, StopReason::Deadline, "cancelled");
    assert!(a.best_move.is_some());
}
