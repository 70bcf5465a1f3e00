//! The principal variation of a search is as long as its completed depth
//! (issue 30), also when the search was stopped by its time and when its
//! table is small enough for the PV's entries to be overwritten.

use crate::played;
use igisoro_core::{AnyPosition, Limits, Score, StopReason};
use played::positions;

/// A line scored by an estimate runs the whole completed depth (a forced
/// result may end earlier: the game is over).
fn short_pvs(limits: &Limits, rounds: usize) -> Vec<String> {
    let mut short = Vec::new();
    for _ in 0..rounds {
        for p in positions() {
            let a = p.analyse(limits);
            if matches!(a.score, Score::Centiseeds(_)) && (a.pv.len() as u32) < a.depth {
                short.push(format!("{} depth {} pv {:?} ({})", p.notation(), a.depth, a.pv, a.stopped_by.name()));
            }
        }
    }
    short
}

#[test]
fn a_small_tables_pv_runs_the_whole_depth() {
    // 2^6 slots: nearly every entry of the PV is overwritten by later
    // options before the line is read back.
    for d in 2..=5 {
        let short = short_pvs(&Limits { tt_bits: 6, ..Limits::depth(d) }, 1);
        assert!(short.is_empty(), "depth {d}: {} short PVs, e.g. {}", short.len(), short[0]);
    }
}

#[test]
fn a_stopped_searchs_pv_runs_its_completed_depth() {
    for ms in [1, 2, 5] {
        let limits = Limits { tt_bits: 12, ..Limits::time(ms) };
        let short = short_pvs(&limits, 3);
        assert!(short.is_empty(), "{ms} ms: {} short PVs, e.g. {}", short.len(), short[0]);
    }
    // Stopped by the search's own time, not the depth, at least sometimes.
    let p = AnyPosition::start("igisoro").unwrap();
    assert_eq!(p.analyse(&Limits::time(2)).stopped_by, StopReason::Time);
}
