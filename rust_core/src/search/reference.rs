//! The oracle: a plain, unpruned, fixed-depth negamax over whole turns, with
//! no table, no ordering and no memo (after minimax-rs `tests/strategies.rs`).
//!
//! It defines what the optimised search must compute. The turn is walked
//! decision by decision with the path checked for repeats, exactly as the
//! rules define a legal move; mover decisions maximise, the opponent's
//! in-turn decisions minimise, and options from which the turn cannot finish
//! are not options. Slow on purpose: it is only for tests.

use super::alphabeta::{lost, EvalFn};
use super::Engine;
use crate::explore::has_legal_move;
use crate::game::{Actor, Advance, NoTrace, Point};
use std::collections::HashSet;

/// The fixed-depth negamax value of `pos` (side to move's view).
pub fn negamax<G: Engine>(pos: &G::Pos, depth: u32, ply: u32, eval: EvalFn<G::Pos>) -> i32 {
    if let Some((w, _)) = G::decided(pos) {
        return if w == G::to_move(pos) { -lost(ply) } else { lost(ply) };
    }
    if depth == 0 {
        return if has_legal_move::<G>(pos) { eval(pos) } else { lost(ply) };
    }
    let root = G::root(pos);
    let mut path = HashSet::new();
    path.insert(root.clone());
    turn::<G>(pos, &root, &mut path, depth, ply, eval).unwrap_or(lost(ply))
}

/// The mover's value of an in-turn node; `None` if no finished turn is
/// reachable without repeating a state of the path.
fn turn<G: Engine>(
    pos: &G::Pos,
    node: &G::Node,
    path: &mut HashSet<G::Node>,
    depth: u32,
    ply: u32,
    eval: EvalFn<G::Pos>,
) -> Option<i32> {
    let mut opts = Vec::new();
    let actor = match G::point(pos, node, &mut opts) {
        Point::Done => return Some(-negamax::<G>(&G::finish(pos, node), depth - 1, ply + 1, eval)),
        Point::Decide(a) => a,
    };
    let mut best: Option<i32> = None;
    for c in opts {
        let Advance::Reached(next, _) = G::advance(pos, node, c, &mut NoTrace) else { continue };
        if !path.insert(next.clone()) {
            continue;
        }
        let v = turn::<G>(pos, &next, path, depth, ply, eval);
        path.remove(&next);
        if let Some(v) = v {
            best = Some(match (best, actor) {
                (None, _) => v,
                (Some(b), Actor::Mover) => b.max(v),
                (Some(b), Actor::Opponent) => b.min(v),
            });
        }
    }
    best
}

/// The root's options as (result, value): every distinct result the mover
/// can reach with the opponent playing its best inside the turn is not
/// needed by the tests; this lists each legal move's result with the value
/// of the position after it, which for turns without opponent decisions are
/// exactly the mover's options.
pub fn root_values<G: Engine>(pos: &G::Pos, depth: u32, eval: EvalFn<G::Pos>) -> Vec<(G::Pos, i32)> {
    crate::explore::legal_moves::<G>(pos, None)
        .moves
        .into_iter()
        .map(|m| {
            let v = -negamax::<G>(&m.result, depth - 1, 1, eval);
            (m.result, v)
        })
        .collect()
}
