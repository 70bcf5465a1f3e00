//! A move always comes back (issue 17, defect 4): whatever the caller's own
//! limits, a search of a position whose game is not over names a legal
//! move; `best_move == None` means only that the game is over. Checked with
//! the smallest budgets (1 ms, 1 node, every level at 1 ms) over positions
//! reached by seeded random play in every variant, Isolo included.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::{self, random_move};
use igisoro_core::game::{Game, Status};
use igisoro_core::isolo::Isolo;
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, best_move, Engine, Limits, StopReason};
use igisoro_core::Budget;

/// Positions reached by `plies` seeded random moves from `start`, one per seed.
fn random_positions<G: Game>(start: &G::Pos, seeds: std::ops::Range<u64>, plies: usize) -> Vec<G::Pos> {
    seeds
        .map(|seed| {
            let mut rng = Rng::new(seed);
            let mut p = start.clone();
            for _ in 0..plies {
                match random_move::<G>(&p, &mut rng) {
                    Some((next, _)) => p = next,
                    None => break,
                }
            }
            p
        })
        .collect()
}

/// The analysis names a legal move exactly when the game is not over.
fn check<G: Engine>(p: &G::Pos, a: &igisoro_core::search::Analysis, what: &str) {
    let over = matches!(explore::status::<G>(p), Status::Won { .. });
    match &a.best_move {
        None => assert!(over, "{what}: no move, stopped by {:?}, in a game not over", a.stopped_by),
        Some(m) => {
            assert!(!over, "{what}: a move {m} in a finished game");
            let choices = parse_move::<G>(p, m).unwrap_or_else(|e| panic!("{what}: {m} does not parse: {e:?}"));
            explore::play::<G>(p, &choices).unwrap_or_else(|e| panic!("{what}: {m} is not legal: {e:?}"));
        }
    }
    assert_ne!(a.stopped_by, StopReason::Deadline, "{what}: no outside deadline was set");
}

fn always_moves<G: Engine>(positions: &[G::Pos], name: &str) {
    for (i, p) in positions.iter().enumerate() {
        let tiny = [
            ("1 ms", Limits::time(1)),
            ("1 node", Limits::nodes(1)),
            ("1 ms multipv 3", Limits { multipv: 3, ..Limits::time(1) }),
        ];
        for (what, limits) in tiny {
            check::<G>(p, &analyse::<G>(p, &limits), &format!("{name} #{i} {what}"));
        }
        for level in 1..=10u8 {
            check::<G>(p, &best_move::<G>(p, level, 1, i as u64), &format!("{name} #{i} level {level} at 1 ms"));
        }
    }
}

#[test]
fn every_4x8_variant_gets_a_move_at_the_smallest_budgets() {
    for v in Variant::ALL {
        let positions = random_positions::<Igisoro>(&Position::start(v), 0..40, 12);
        always_moves::<Igisoro>(&positions, v.name());
    }
}

#[test]
fn isolo_gets_a_move_at_the_smallest_budgets() {
    let start = igisoro_core::isolo::Position::start(igisoro_core::isolo::Variant::ALL[0]);
    let positions = random_positions::<Isolo>(&start, 0..40, 10);
    always_moves::<Isolo>(&positions, "isolo");
}

/// The position of the report that returned no move at 1 ms.
#[test]
fn the_reported_position_gets_a_move_at_1_ms() {
    let p = igisoro_core::board4x8::notation::parse(
        "igisoro 2,0,1,2,3,0,3,6/3,0,4,1,2,1,2,7/0,2,3,1,6,2,0,1/1,0,0,1,3,1,1,5 n",
    )
    .unwrap();
    for _ in 0..20 {
        check::<Igisoro>(&p, &best_move::<Igisoro>(&p, 10, 1, 0), "reported position, level 10 at 1 ms");
    }
}

/// A search whose own time limit ends before the outside deadline says
/// `time`, not `deadline` (issue 17, defect 5: it said "deadline" once the
/// deadline's share of the time left looked too small).
#[test]
fn own_time_limit_is_reported_as_time_not_deadline() {
    let p = Position::start(Variant::Igisoro);
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(500);
    let a = analyse::<Igisoro>(&p, &Limits { budget: Budget::until(deadline), ..Limits::time(300) });
    assert_eq!(a.stopped_by, StopReason::Time, "depth {} in {} ms", a.depth, a.time_ms);
    // The outside deadline first: then it is what stopped the search.
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(100);
    let a = analyse::<Igisoro>(&p, &Limits { budget: Budget::until(deadline), ..Limits::time(5000) });
    assert_eq!(a.stopped_by, StopReason::Deadline, "depth {} in {} ms", a.depth, a.time_ms);
}
