//! A search stopped in the middle of an iteration keeps what that
//! iteration finished (`search/iterative.rs`): its move is then one turn
//! better informed than the last completed depth, never worse.
//!
//! Node limits make this deterministic: a search limited to `n` nodes runs
//! exactly the iterations of a depth-limited search up to its last
//! completed depth `d`, so `Limits::depth(d)` gives the move it would have
//! played without the partial iteration. The plain negamax oracle then
//! values both moves at depth `d + 1`, the depth the stopped iteration was
//! searching.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::{play, random_move};
use igisoro_core::game::Game;
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, reference, Evaluate, Limits, StopReason};

/// The oracle's value of playing `mv` at `p`, searched `depth` turns deep
/// in all (side to move's view), or `None` if the oracle gives up.
fn value_of(p: &Position, mv: &str, depth: u32) -> Option<i32> {
    let choices = parse_move::<Igisoro>(p, mv).unwrap();
    let next = play::<Igisoro>(p, &choices).unwrap().result;
    let mut budget = 300_000;
    let v = reference::negamax_bounded::<Igisoro>(&next, depth - 1, 1, Igisoro::evaluate, &mut budget)?;
    Some(if Igisoro::to_move(&next) == Igisoro::to_move(p) { v } else { -v })
}

#[test]
fn a_stopped_iteration_plays_its_best_finished_move() {
    let (mut compared, mut improved) = (0, 0);
    // Variants without in-turn decisions by the opponent, so a root option is
    // one result and its value is the oracle's value of that result.
    for v in [Variant::IgisoroFr, Variant::Ikibuguzo2] {
        let mut rng = Rng::new(7 + v as u64);
        for _ in 0..40 {
            let mut p = Position::start(v);
            for _ in 0..rng.below(30) {
                match random_move::<Igisoro>(&p, &mut rng) {
                    Some((q, _)) if Igisoro::decided(&q).is_none() => p = q,
                    _ => break,
                }
            }
            for nodes in [40u64, 120, 400, 1200] {
                let a = analyse::<Igisoro>(&p, &Limits { nodes: Some(nodes), depth: None, ..Limits::default() });
                if a.stopped_by != StopReason::Nodes || a.depth == 0 || a.depth > 3 || a.truncated_turns > 0 {
                    continue;
                }
                let full = analyse::<Igisoro>(&p, &Limits::depth(a.depth));
                let (Some(mv), Some(prev)) = (a.best_move.as_deref(), full.best_move.as_deref()) else { continue };
                let (Some(now), Some(before)) = (value_of(&p, mv, a.depth + 1), value_of(&p, prev, a.depth + 1)) else {
                    continue;
                };
                compared += 1;
                assert!(now >= before, "{mv} ({now}) worse than {prev} ({before}) at depth {}", a.depth + 1);
                if mv != prev {
                    assert!(now > before, "{mv} replaced {prev} without beating it");
                    improved += 1;
                }
            }
        }
    }
    // Without the partial iteration every move would equal the last
    // completed depth's move: the feature must be seen at work.
    assert!(compared >= 100, "only {compared} searches compared");
    assert!(improved > 0, "no stopped iteration changed the move in {compared} searches");
    eprintln!("{compared} stopped searches compared, {improved} played a better move than their last depth's");
}
