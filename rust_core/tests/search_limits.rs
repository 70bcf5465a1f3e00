//! Limits: node limits exact and deterministic, time limits honoured,
//! cancellation from another thread, multi-PV ordering, batch = one by one.

use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::search::{analyse, analyse_many, best_move, best_move_until, Limits, StopReason};
use igisoro_core::Budget;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A quiet mid-game position (fast turns) and the French start.
fn positions() -> Vec<Position> {
    vec![
        notation::parse("igisoro 4,5,3,2,4,8,3,1/1,3,5,2,7,3,1,5/0,0,0,0,0,0,0,1/1,1,0,0,0,2,0,2 n").unwrap(),
        Position::start(Variant::IgisoroFr),
        Position::start(Variant::Igisoro),
    ]
}

#[test]
fn node_limit_is_exact_and_deterministic() {
    for p in positions() {
        for n in [1u64, 7, 50, 300] {
            let a = analyse::<Igisoro>(&p, &Limits { nodes: Some(n), depth: None, ..Limits::default() });
            let b = analyse::<Igisoro>(&p, &Limits { nodes: Some(n), depth: None, ..Limits::default() });
            assert!(a.nodes <= n, "{} > {}", a.nodes, n);
            assert_eq!(
                (a.best_move.clone(), a.lines.clone(), a.depth, a.nodes),
                (b.best_move, b.lines, b.depth, b.nodes)
            );
            assert!(a.best_move.is_some());
        }
    }
}

#[test]
fn fixed_depth_is_deterministic() {
    for p in positions() {
        let a = analyse::<Igisoro>(&p, &Limits::depth(3));
        let b = analyse::<Igisoro>(&p, &Limits::depth(3));
        assert_eq!((a.lines, a.nodes, a.depth), (b.lines, b.nodes, b.depth));
    }
}

#[test]
fn time_limit_is_honoured() {
    for p in positions() {
        for ms in [30u64, 200] {
            let t = Instant::now();
            let a = analyse::<Igisoro>(&p, &Limits::time(ms));
            let took = t.elapsed().as_millis() as u64;
            assert!(took <= ms + ms / 10 + 20, "{} ms for a {} ms limit at {}", took, ms, notation::format(&p));
            assert!(a.best_move.is_some());
        }
    }
}

#[test]
fn cancellation_stops_the_search() {
    let p = Position::start(Variant::IgisoroFr);
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits { depth: None, budget: Budget::cancelled_by(flag.clone()), ..Limits::default() };
    let t = Instant::now();
    let h = std::thread::spawn(move || analyse::<Igisoro>(&p, &limits));
    std::thread::sleep(Duration::from_millis(100));
    flag.store(true, Ordering::Relaxed);
    let a = h.join().unwrap();
    assert!(t.elapsed() < Duration::from_millis(1000), "took {:?}", t.elapsed());
    assert!(a.best_move.is_some() && a.depth >= 1);
    assert_eq!(a.stopped_by, StopReason::Deadline, "cancellation is an outside stop");
}

#[test]
fn stop_reason_names_the_limit_that_ended_the_search() {
    let p = Position::start(Variant::Igisoro);
    assert_eq!(analyse::<Igisoro>(&p, &Limits::depth(2)).stopped_by, StopReason::Depth);
    assert_eq!(analyse::<Igisoro>(&p, &Limits::nodes(50)).stopped_by, StopReason::Nodes);
    assert_eq!(analyse::<Igisoro>(&p, &Limits::time(40)).stopped_by, StopReason::Time);
    // Depth 64 cannot finish in 40 ms: the outside deadline ends it, and the
    // search still answers with what it has.
    let budget = Budget::until(Instant::now() + Duration::from_millis(40));
    let t = Instant::now();
    let a = analyse::<Igisoro>(&p, &Limits { depth: None, budget, ..Limits::default() });
    assert_eq!(a.stopped_by, StopReason::Deadline);
    assert!(a.best_move.is_some() && t.elapsed() < Duration::from_millis(40 + 4 + 20), "took {:?}", t.elapsed());
    // A deadline already past: no iteration completes, a move is still offered.
    let a = analyse::<Igisoro>(&p, &Limits { depth: None, budget: Budget::until(Instant::now()), ..Limits::default() });
    assert_eq!((a.stopped_by, a.depth), (StopReason::Deadline, 0));
    // The same for a level's move.
    let a = best_move_until::<Igisoro>(&p, 10, 5_000, 1, &Budget::until(Instant::now() + Duration::from_millis(30)));
    assert_eq!(a.stopped_by, StopReason::Deadline);
    // Own time shorter than the deadline: it is the search's own limit.
    let a = best_move_until::<Igisoro>(&p, 10, 30, 1, &Budget::until(Instant::now() + Duration::from_secs(60)));
    assert_eq!(a.stopped_by, StopReason::Time);
    // A decided game: South's single seeds cannot start a turn.
    let lost = notation::parse("igisoro 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1 s").unwrap();
    assert_eq!(analyse::<Igisoro>(&lost, &Limits::depth(3)).stopped_by, StopReason::GameOver);
}

#[test]
fn multipv_lines_are_ordered_and_distinct() {
    for p in positions() {
        let a = analyse::<Igisoro>(&p, &Limits { multipv: 4, ..Limits::depth(3) });
        assert!(a.lines.len() >= 2);
        assert!(a.lines.windows(2).all(|w| w[0].value >= w[1].value), "{:?}", a.lines);
        assert_eq!(a.best_move.as_ref(), Some(&a.lines[0].mv));
        // The first line is the single-PV answer's value.
        let one = analyse::<Igisoro>(&p, &Limits::depth(3));
        assert_eq!(one.lines[0].value, a.lines[0].value);
        for l in &a.lines {
            assert_eq!(l.pv.first(), Some(&l.mv));
        }
    }
}

#[test]
fn batch_matches_one_by_one() {
    let ps = positions();
    let limits = Limits::depth(2);
    let many = analyse_many::<Igisoro>(&ps, &limits);
    for (p, a) in ps.iter().zip(many) {
        let one = analyse::<Igisoro>(p, &limits);
        assert_eq!((one.lines, one.nodes), (a.lines, a.nodes));
    }
}

#[test]
fn levels_play_legal_moves_reproducibly() {
    let p = positions()[0].clone();
    for level in 1..=10u8 {
        let a = best_move::<Igisoro>(&p, level, 100, 42);
        let mv = a.best_move.clone().expect("a move");
        let choices = igisoro_core::moves::parse_move::<Igisoro>(&p, &mv).unwrap();
        assert!(igisoro_core::explore::play::<Igisoro>(&p, &choices).is_ok());
        if level < 10 {
            assert_eq!(best_move::<Igisoro>(&p, level, 100, 42).best_move, Some(mv));
        }
    }
}

#[test]
fn batch_deadline_is_shared_fairly() {
    let ps = vec![Position::start(Variant::Igisoro); 6];
    let t = Instant::now();
    let limits = Limits { depth: None, budget: Budget::until(t + Duration::from_millis(150)), ..Limits::default() };
    let all = analyse_many::<Igisoro>(&ps, &limits);
    assert!(t.elapsed() < Duration::from_millis(150 + 15 + 20), "took {:?}", t.elapsed());
    for a in &all {
        // Every position got time to search, not only the first ones.
        assert_eq!(a.stopped_by, StopReason::Deadline);
        assert!(a.best_move.is_some() && a.depth >= 1, "{:?}", a.depth);
    }
}

/// North holds 51 seeds: some of its relay chains took seconds to prove
/// endless by their cycles. Before the search cut chains at `turn_laps`,
/// depth 4 took 27 s here; since the landing classes
/// (`board4x8/landing_classes.rs`) prove those chains endless within 63
/// laps, nothing is cut at all, and the forced result is the same.
#[test]
fn long_endless_relay_chains_inside_the_tree_are_settled() {
    let p = notation::parse("igisoro 4,1,4,1,7,1,9,0/9,4,3,6,0,1,1,7/1,0,1,0,0,1,0,0/0,0,0,0,0,2,1,0 s").unwrap();
    let t = Instant::now();
    let a = analyse::<Igisoro>(&p, &Limits::depth(4));
    assert!(t.elapsed() < Duration::from_secs(3), "took {:?}", t.elapsed());
    assert_eq!(a.score, igisoro_core::search::Score::Loss { turns: 2 });
    assert_eq!(a.truncated_turns, 0);
}

/// Turns of this position's tree (at depth 3) run past the search's lap
/// cap (`turn_laps`) and are cut: the cut is reported, the search stays
/// fast, and the root is still exact.
#[test]
fn long_relay_chains_inside_the_tree_are_cut_not_settled() {
    let p = notation::parse("igisoro 1,0,1,5,0,2,1,1/1,4,0,0,0,0,2,1/3,2,10,5,1,2,1,8/0,3,3,3,0,1,0,3 s").unwrap();
    let t = Instant::now();
    let a = analyse::<Igisoro>(&p, &Limits::depth(3));
    assert!(t.elapsed() < Duration::from_secs(3), "took {:?}", t.elapsed());
    assert!(a.truncated_turns >= 1, "the cut must be reported");
    // The root is exact: the best move is one of the legal moves.
    let legal = igisoro_core::explore::legal_moves::<Igisoro>(&p, None).moves;
    let names: Vec<String> =
        legal.iter().map(|m| igisoro_core::moves::format_move::<Igisoro>(&p, &m.choices)).collect();
    assert!(names.iter().any(|n| Some(n) == a.best_move.as_ref()), "{:?} not in {:?}", a.best_move, names);
}

/// One start of this position relays for seconds before it is proven
/// endless; another ends the turn at once. Whether South has a move must not
/// wait for the slow one (it took 11.6 s before `can_finish` grew its lap cap
/// round by round).
#[test]
fn a_quick_legal_move_settles_the_status_without_the_slow_starts() {
    use igisoro_core::explore::status;
    let p = notation::parse("igisoro-fr 0,1,1,0,1,0,0,0/0,0,0,0,0,5,0,0/7,14,2,3,0,3,0,1/1,2,7,2,9,0,5,0 s").unwrap();
    let t = Instant::now();
    assert_eq!(status::<Igisoro>(&p), igisoro_core::Status::Ongoing);
    assert!(t.elapsed() < Duration::from_millis(500), "took {:?}", t.elapsed());
}
